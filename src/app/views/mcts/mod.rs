//! Monte Carlo tree search on the position on show, one iteration at a time or 10, 100, 1,000:
//! the tree near the root drawn with each node's visits N, estimate W/N and UCB1, the last
//! iteration's four phases marked on it (the path selected, the node added, the playout's result,
//! the counts backed up), each root move's estimate beside its exact score, a plot of the
//! estimates over the iterations, and the move MCTS would play. The search is the engine's
//! (`engine::mcts`), its numbers written by `learn::mcts_report` as `tictactoe mcts` writes them;
//! iterations run a frame's worth at a time, so a thousand never hold up a frame, and Stop ends
//! them. The match against minimax is played on the search worker, its games coming in as each
//! ends. The same on a textbook's tree instead of the board: [`on_tree`].

use egui::{Color32, RichText, Ui};

mod controls;
mod on_tree;

use crate::app::commands::{Command, MctsCommand};
use crate::app::drawing::texts::{self, Part};
use crate::app::drawing::tree_drawing::{self, Orange};
use crate::app::drawing::tree_export;
use crate::app::view::{Given, Needs, View};
use crate::engine::ai::Difficulty;
use crate::engine::board::{Board, Cell};
use crate::engine::contest::Contestant;
use crate::engine::mcts::{Iteration, Mcts};
use crate::engine::minimax::Analysis;
use crate::engine::score::{Score, Verdict};
use crate::game::worker::MatchSoFar;
use crate::game::{GameController, MatchSearch};
use crate::learn::mcts_report::{RootMove, TREE_NODES, mcts_sketch, root_moves};
use crate::learn::view::{ScoreView, Seen};
use controls::{Asked, iterate, plot, run_controls};
use on_tree::{FIRST_TREE, TreeRun};

/// How much work a frame does: iterations times the board's cells (a 3×3 board's frame runs 222
/// iterations, a 7×7's 40), so that a run of 1,000 is a few frames and none is held up.
const WORK_PER_FRAME: usize = 2_000;
/// The match against minimax: MCTS at the first Monte Carlo level against perfect play.
const MATCH_MCTS: Contestant = Contestant::Mcts { iterations: 1_000 };
const MATCH_MINIMAX: Contestant = Contestant::Minimax(Difficulty::Perfect);
const MATCH_GAMES: u64 = 10;

/// The search and what the view remembers of it.
pub struct MctsView {
    board: Board,
    /// `None` on a finished position: there is no move to search.
    search: Option<Mcts<Board>>,
    /// The last iteration run, drawn on the tree.
    last: Option<Iteration<Cell>>,
    /// The seed, c and iterations to go the player asked.
    run: Asked,
    /// The root moves' estimates (W/N, in the board's move order) after so many iterations.
    history: Vec<(u64, Vec<Option<f64>>)>,
    /// The match of MCTS against minimax last asked for.
    matched: Option<MatchShown>,
    /// Whether the search runs on a textbook's tree (`tree`) rather than the board.
    on_tree: bool,
    /// The search on a textbook's tree, kept while the board is searched.
    tree: TreeRun,
}

/// The match against minimax as the view shows it: the one asked for, how far the worker has
/// played it, and whether it is still wanted.
struct MatchShown {
    search: MatchSearch,
    so_far: MatchSoFar,
    running: bool,
}

impl MatchShown {
    fn is_done(&self) -> bool {
        self.so_far.played >= self.search.games
    }
}

impl MctsView {
    /// The view on `board`, with seed 1 and c = √2 (as `tictactoe mcts` starts).
    pub fn new(board: Board) -> MctsView {
        let mut view = MctsView {
            board,
            search: None,
            last: None,
            run: Asked::default(),
            history: Vec::new(),
            matched: None,
            on_tree: false,
            tree: TreeRun::new(FIRST_TREE),
        };
        view.restart();
        view
    }

    /// The view on the textbook tree `text` (its notation or a built-in tree's name), the board
    /// a click away.
    pub fn on_tree(board: Board, text: &str) -> MctsView {
        let mut view = MctsView::new(board);
        view.show_tree(text);
        view
    }

    /// Searches the textbook tree `text` from the start.
    pub fn show_tree(&mut self, text: &str) {
        self.on_tree = true;
        self.tree.read(text);
    }

    fn restart(&mut self) {
        self.search = (!self.board.outcome().is_over())
            .then(|| Mcts::new(self.board, self.run.seed, self.run.c, TREE_NODES));
        self.last = None;
        self.run.pending = 0;
        self.history.clear();
    }

    pub fn apply(&mut self, command: MctsCommand) {
        let for_the_tree = matches!(
            command,
            MctsCommand::Run(_)
                | MctsCommand::Stop
                | MctsCommand::Seed(_)
                | MctsCommand::C(_)
                | MctsCommand::Restart
        );
        if self.on_tree && for_the_tree {
            self.tree.apply(command);
            return;
        }
        match command {
            MctsCommand::OnTree(on_tree) => self.on_tree = on_tree,
            MctsCommand::PlayMatch | MctsCommand::StopMatch => self.apply_match(command),
            command => {
                if self.run.take(command, self.search.is_some()) {
                    self.restart();
                }
            }
        }
    }

    /// Runs a frame's worth of the iterations asked for.
    fn advance(&mut self) {
        let chunk = (WORK_PER_FRAME / self.board.geometry().cells()).max(1) as u64;
        if let Some(search) = &mut self.search {
            let now = self.run.this_frame(chunk);
            let moves = || self.board.legal_moves();
            iterate(search, now, &mut self.last, &mut self.history, moves);
        }
    }

    fn show(&mut self, ui: &mut Ui, analysis: Option<&Analysis>, seen: &Seen) -> Vec<Command> {
        self.advance();
        if self.run.pending > 0 {
            ui.ctx().request_repaint();
        }
        let mut commands = Vec::new();
        if texts::title_and_close_key(ui, "Monte Carlo tree search") {
            commands.push(Command::ToggleMcts);
        }
        self.subject_choice(ui, &mut commands);
        if self.on_tree {
            self.tree.show(ui, &mut commands);
            return commands;
        }
        texts::numbers_beside_drawing(ui, "mcts view", |ui, part| match part {
            Part::Numbers => self.numbers(ui, analysis, seen, &mut commands),
            Part::Drawing => self.tree(ui, &mut commands),
        });
        commands
    }

    /// The settings, the buttons, the last iteration in words, each root move's numbers beside
    /// its exact score, MCTS's choice and the plot.
    fn numbers(
        &self,
        ui: &mut Ui,
        analysis: Option<&Analysis>,
        seen: &Seen,
        commands: &mut Vec<Command>,
    ) {
        ui.add(
            egui::Label::new(format!(
                "UCT from {}: selection by UCB1 = W/N + c·√(ln N(parent) / N), expansion of one \
                 untried move, a random playout (1 a win, 0.5 a draw, 0 a loss for the side that \
                 chose the move), backup. The same seed, c and iterations give the same numbers \
                 as tictactoe mcts {}{} --iterations N.",
                if self.board == Board::classic() {
                    "the empty board".to_string()
                } else {
                    self.board.notation().as_str().to_string()
                },
                self.board.notation().as_str(),
                self.run.options(),
            ))
            .wrap(),
        );
        let Some(search) = &self.search else {
            ui.label("The game is over here: there is no move to search.");
            return;
        };
        run_controls(ui, &self.run, search, None, commands);
        if let Some(last) = &self.last {
            ui.add(egui::Label::new(iteration_words(&self.board, last)).wrap());
        }
        ui.label(RichText::new("Each move: MCTS's numbers, and its exact score").strong());
        ui.add(egui::Label::new(RichText::new(seen_line(seen)).small()).wrap());
        for row in root_moves(search, self.board.legal_moves()) {
            ui.add(egui::Label::new(row_words(seen, &row, analysis)).wrap());
        }
        ui.add(egui::Label::new(choice_words(seen, search, analysis)).wrap());
        self.plot(ui, analysis);
        self.match_line(ui, commands);
    }

    /// What is searched: the position on show, or a textbook's tree.
    fn subject_choice(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Search:");
            for (on_tree, words) in [(false, "the position on show"), (true, "a textbook's tree")] {
                if ui
                    .selectable_label(self.on_tree == on_tree, words)
                    .clicked()
                    && self.on_tree != on_tree
                {
                    commands.push(MctsCommand::OnTree(on_tree).into());
                }
            }
        });
    }

    /// Starts or stops the match against minimax (the worker plays it; Stop keeps the games
    /// played).
    fn apply_match(&mut self, command: MctsCommand) {
        match command {
            MctsCommand::PlayMatch => {
                let search = MatchSearch {
                    x: MATCH_MCTS,
                    o: MATCH_MINIMAX,
                    games: MATCH_GAMES,
                    seed: self.run.seed,
                };
                self.matched = Some(MatchShown {
                    search,
                    so_far: MatchSoFar::default(),
                    running: true,
                });
            }
            _ => {
                if let Some(shown) = &mut self.matched {
                    shown.running = false;
                }
            }
        }
    }

    /// Takes in the games the worker has played of the match under way.
    fn take_in_match(&mut self, controller: &GameController) {
        let Some(shown) = self.matched.as_mut().filter(|shown| shown.running) else {
            return;
        };
        if let Some(so_far) = controller.match_so_far(&shown.search) {
            shown.so_far = *so_far;
        }
        if shown.is_done() {
            shown.running = false;
        }
    }

    /// The match to ask the worker for: the one under way, until it is done or stopped.
    fn match_wanted(&self) -> Option<MatchSearch> {
        let shown = self.matched.as_ref()?;
        (shown.running && !shown.is_done()).then_some(shown.search)
    }

    /// "Play a match against minimax": MCTS at a thousand iterations against perfect play on
    /// 3×3, the games as `tictactoe match` plays them for the view's seed, and the tally.
    fn match_line(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("A match against minimax").strong());
        ui.add(
            egui::Label::new(format!(
                "MCTS at 1,000 iterations a move against Perfect minimax, {MATCH_GAMES} games on \
                 3×3, the first move alternating, as tictactoe match --x {MATCH_MCTS} --o \
                 {MATCH_MINIMAX} --games {MATCH_GAMES} --seed {} plays them.",
                self.run.seed
            ))
            .wrap(),
        );
        let running = self.matched.as_ref().is_some_and(|shown| shown.running);
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new("Play a match against minimax"))
                .clicked()
            {
                commands.push(MctsCommand::PlayMatch.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Stop the match"))
                .clicked()
            {
                commands.push(MctsCommand::StopMatch.into());
            }
        });
        if let Some(shown) = &self.matched {
            ui.add(egui::Label::new(match_words(shown)).wrap());
        }
    }

    /// The tree near the root, with its zoom and export bars.
    fn tree(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Some(search) = &self.search else {
            return;
        };
        let sketch = mcts_sketch(&self.board, search, self.last.as_ref());
        let zoom = egui::Id::unique("mcts tree drawing");
        tree_drawing::drawing_bar(ui, zoom, Orange::LastIteration);
        for line in &sketch.legend {
            ui.add(egui::Label::new(RichText::new(line).small()).wrap());
        }
        if let Some(export) = tree_export::export_bar(ui, zoom, &sketch, "mcts") {
            commands.push(Command::ExportPicture(export));
        }
        egui::ScrollArea::horizontal()
            .id_salt("mcts tree")
            .show(ui, |ui| {
                tree_drawing::draw(ui, &sketch, zoom, None, false);
            });
    }

    /// The root moves' estimates over the iterations, one line a move, coloured by its exact
    /// outcome (green a win, grey a draw, red a loss), so that a learner sees them settle.
    fn plot(&self, ui: &mut Ui, analysis: Option<&Analysis>) {
        ui.label("W/N of each move over the iterations (green: the move wins, grey: draws, red: loses, exactly)");
        let geometry = self.board.geometry();
        let lines: Vec<(Color32, Option<f64>)> = (self.board.legal_moves())
            .map(|cell| {
                let colour = match analysis
                    .and_then(|a| a.score_of(cell))
                    .map(|s| s.verdict(geometry))
                {
                    Some(Verdict::Win { .. }) => Color32::from_rgb(60, 170, 80),
                    Some(Verdict::Loss { .. }) => Color32::from_rgb(210, 70, 60),
                    _ => Color32::GRAY,
                };
                (colour, None)
            })
            .collect();
        plot(
            ui,
            &self.history,
            &lines,
            (0.0, 1.0),
            ("1".to_string(), "0".to_string()),
        );
    }
}

/// "Playing: 3 of 10 games · MCTS won 0, drew 3, lost 0.": how far the match has got on the
/// worker, and whether it goes on.
fn match_words(shown: &MatchShown) -> String {
    let state = match (shown.running, shown.is_done()) {
        (_, true) => "Done",
        (true, false) => "Playing",
        (false, false) => "Stopped",
    };
    let tally = shown.so_far.x;
    format!(
        "{state}: {} of {} games · MCTS won {}, drew {}, lost {}.",
        shown.so_far.played, shown.search.games, tally.wins, tally.draws, tally.losses
    )
}

/// "r1c3: N 12 · W 7.5 · W/N 0.625 · UCB1 1.204 · exact 8 (X wins)".
fn row_words(seen: &Seen, row: &RootMove<Cell>, analysis: Option<&Analysis>) -> String {
    let exact = match analysis.and_then(|a| a.score_of(row.mv)) {
        Some(score) => format!("exact {}", exact_words(seen, score)),
        None => "exact: being searched".to_string(),
    };
    format!("{}: {} · {exact}", row.mv.name(), row.numbers())
}

/// A root move's exact score (for the side to move, who plays it) as the "Scores are seen"
/// setting shows it, with its result named by its winner: "8 (X wins)", "0 (a draw)".
fn exact_words(seen: &Seen, score: Score) -> String {
    let mover = seen.mover();
    let result = match score.verdict(seen.geometry()) {
        Verdict::Win { .. } => format!("{mover} wins"),
        Verdict::Draw => "a draw".to_string(),
        Verdict::Loss { .. } => format!("{} wins", mover.opponent()),
    };
    format!("{} ({result})", seen.number(score, mover, 0).value())
}

/// Which numbers follow the "Scores are seen" setting: the exact scores do; N, W, W/N and UCB1
/// are rewards and stay the chooser's.
fn seen_line(seen: &Seen) -> String {
    let how = match seen.view() {
        ScoreView::SideToMove => "the side to move",
        ScoreView::Articles => "X maximises",
    };
    format!(
        "W/N and UCB1 are for the side that chose the move (1 a win, 0 a loss), whatever \
         Scores are seen says; the exact scores are {}'s ({how}).",
        seen.maximiser()
    )
}

/// The move MCTS would play, and whether it is an exact best move.
fn choice_words(seen: &Seen, search: &Mcts<Board>, analysis: Option<&Analysis>) -> String {
    let Some(choice) = search.most_visited() else {
        return "MCTS would play: none yet (run an iteration)".to_string();
    };
    let name = choice.name();
    let verdict = texts::exact_best_words(analysis, choice, |score| exact_words(seen, score));
    format!("MCTS would play {name} (the most visited): {verdict}.")
}

/// The last iteration's four phases in words.
fn iteration_words(board: &Board, last: &Iteration<Cell>) -> String {
    let names = |moves: &[Cell]| {
        moves
            .iter()
            .map(|cell| cell.name())
            .collect::<Vec<_>>()
            .join(", then ")
    };
    let selected = if last.selected.is_empty() {
        "selection stayed at the root".to_string()
    } else {
        format!("selected {}", names(&last.selected))
    };
    let added = match last.added {
        Some(cell) => format!("added {}", cell.name()),
        None => "added nothing (a finished position, or the tree is full)".to_string(),
    };
    let to_move = board.to_move();
    let result = match last.reward {
        r if r >= 1.0 => format!("a win for {to_move}"),
        r if r <= 0.0 => format!("a loss for {to_move}"),
        _ => "a draw".to_string(),
    };
    format!(
        "The last iteration: {selected}; {added}; a playout of {} ended in {result} (reward {} \
         for {to_move}); every node on the path got N + 1 and W + the reward for the side that \
         chose its move.",
        match last.playout.len() {
            1 => "1 random move".to_string(),
            moves => format!("{moves} random moves"),
        },
        last.reward
    )
}

impl View for MctsView {
    fn name(&self) -> &'static str {
        "Monte Carlo tree search"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        self.take_in_match(given.controller);
        let analysis = given.controller.analysis(&self.board);
        let seen = Seen::new(given.score_view, &self.board);
        self.show(ui, analysis, &seen)
    }

    fn needs(&self, _controller: &GameController) -> Needs {
        Needs {
            analyses: if self.search.is_some() && !self.on_tree {
                vec![self.board]
            } else {
                Vec::new()
            },
            matched: self.match_wanted(),
            ..Needs::default()
        }
    }

    fn shows_notices(&self) -> bool {
        true
    }
}
