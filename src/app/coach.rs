//! Coaching in the app: the move list with each move's class (M), the hint (H), the opponent's
//! threat (G), and practice positions (P). The numbers come from [`crate::review`] and the
//! controller's exact analyses; this module only keeps what the player asked for and draws it.

use std::sync::mpsc::{self, Receiver};

use egui::{Color32, RichText, Ui};

use super::Command;
use super::board_widget::{BoardWidget, Highlight, Palette};
use crate::board::{Board, Cell, Mark};
use crate::game::{GameController, GameSetup, Mode, Player};
use crate::minimax::{Analysis, Searcher};
use crate::review::{
    Accuracy, Answered, Deck, Exercise, MoveClass, ReviewedMove, Threat, class_counts, summary,
};
use crate::view::ScoreView;

/// A game to review: where it started, its moves and who sat where.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    pub start: Board,
    pub moves: Vec<Cell>,
    pub setup: GameSetup,
}

impl GameRecord {
    fn of(controller: &GameController) -> GameRecord {
        let session = controller.session();
        GameRecord {
            start: *session.game().start(),
            moves: session.game().moves().to_vec(),
            setup: session.setup(),
        }
    }

    /// The position before each move, in order.
    pub fn positions_before(&self) -> Vec<Board> {
        let mut board = self.start;
        let mut positions = Vec::with_capacity(self.moves.len());
        for &cell in &self.moves {
            positions.push(board);
            if board.play(cell).is_err() {
                break;
            }
        }
        positions
    }

    /// Each move reviewed, or `None` while its position is not analysed yet.
    pub fn reviewed(&self, controller: &GameController) -> Vec<Option<ReviewedMove>> {
        self.positions_before()
            .iter()
            .zip(&self.moves)
            .enumerate()
            .map(|(index, (before, &cell))| {
                let analysis = controller.analysis(before)?;
                ReviewedMove::new(index + 1, before, cell, analysis)
            })
            .collect()
    }
}

/// Practice: positions where one move keeps the best result, dealt one at a time.
pub struct Practice {
    /// Built on a thread (it analyses every 3×3 position); `None` until it arrives.
    deck: Option<Deck>,
    building: Option<Receiver<Deck>>,
    exercise: Option<Exercise>,
    /// The player's answer to the exercise, once given.
    answered: Option<(Cell, Answered)>,
}

impl Practice {
    fn start(wake: impl Fn() + Send + 'static, seed: u64) -> Practice {
        let (sender, building) = mpsc::channel();
        std::thread::Builder::new()
            .name("practice deck".into())
            .spawn(move || {
                let mut searcher = Searcher::new();
                let exercises =
                    crate::review::exercises(&Board::classic(), &mut |b| searcher.analyze(b));
                let _ = sender.send(Deck::new(exercises, seed));
                wake();
            })
            .expect("the OS can start a thread");
        Practice {
            deck: None,
            building: Some(building),
            exercise: None,
            answered: None,
        }
    }

    /// Takes the deck once it is built, and deals the first position.
    fn poll(&mut self) {
        if let Some(deck) = self.building.as_ref().and_then(|r| r.try_recv().ok()) {
            self.building = None;
            self.deck = Some(deck);
            self.next();
        }
    }

    fn next(&mut self) {
        self.answered = None;
        self.exercise = self.deck.as_mut().and_then(|deck| deck.deal().cloned());
    }

    fn answer(&mut self, cell: Cell) {
        if self.answered.is_some() {
            return;
        }
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        if let Some(answered) = deck.answer(cell) {
            self.answered = Some((cell, answered));
        }
    }

    pub fn board(&self) -> Option<Board> {
        self.exercise.as_ref().map(|e| e.board)
    }

    pub fn is_building(&self) -> bool {
        self.building.is_some()
    }

    /// Waits up to `timeout` for the deck (tests only; the app never waits). `false` if it did
    /// not come.
    pub fn wait_for_deck(&mut self, timeout: std::time::Duration) -> bool {
        let Some(deck) = self
            .building
            .as_ref()
            .and_then(|r| r.recv_timeout(timeout).ok())
        else {
            return false;
        };
        self.building = None;
        self.deck = Some(deck);
        self.next();
        true
    }
}

/// What the player asked the coach for.
#[derive(Default)]
pub struct Coach {
    pub show_review: bool,
    /// The game the review shows when it is not the one on the board: the one a retry left.
    pinned: Option<GameRecord>,
    /// The position whose best moves are framed (the hint), while it is on the board.
    hint_for: Option<Board>,
    /// Positions hinted at in the game on the board.
    hinted: Vec<Board>,
    /// The position whose threat is shown, while it is on the board.
    threat_for: Option<Board>,
    /// Best moves out of all moves, per side, over the session's finished games.
    accuracy: [Accuracy; 2],
    /// The last finished game counted in `accuracy`.
    counted: Option<GameRecord>,
    pub practice: Option<Practice>,
}

fn side(mark: Mark) -> usize {
    match mark {
        Mark::X => 0,
        Mark::O => 1,
    }
}

impl Coach {
    /// The game the review shows.
    pub fn reviewed_game(&self, controller: &GameController) -> GameRecord {
        self.pinned
            .clone()
            .unwrap_or_else(|| GameRecord::of(controller))
    }

    /// Forgets what belongs to a position no longer on the board; counts a finished game.
    pub fn follow(&mut self, controller: &GameController) {
        let board = *controller.board();
        if self.hint_for.is_some_and(|b| b != board) {
            self.hint_for = None;
        }
        if self.threat_for.is_some_and(|b| b != board) {
            self.threat_for = None;
        }
        if controller.session().game().moves().is_empty() {
            self.hinted.clear();
        }
        if let Some(practice) = &mut self.practice {
            practice.poll();
        }
        if board.outcome().is_over() {
            let game = GameRecord::of(controller);
            if self.counted.as_ref() != Some(&game) {
                let reviewed = game.reviewed(controller);
                if reviewed.iter().all(Option::is_some) {
                    for m in reviewed.into_iter().flatten() {
                        let one = Accuracy {
                            best: usize::from(m.class == MoveClass::Best),
                            moves: 1,
                        };
                        self.accuracy[side(m.mark)] += one;
                    }
                    self.counted = Some(game);
                }
            }
        }
    }

    /// The positions whose analyses the coach needs: each position of the reviewed game (when
    /// the review is open or the game is over, for its summary), the threat's, the practice
    /// position's.
    pub fn wanted(&self, controller: &GameController) -> Vec<Board> {
        let mut wanted = Vec::new();
        if let Some(board) = self.practice.as_ref().and_then(Practice::board) {
            wanted.push(board);
        }
        if let Some(board) = self.threat_for {
            wanted.push(board.with_to_move(board.to_move().opponent()));
        }
        if let Some(board) = self.hint_for {
            wanted.push(board);
        }
        if self.show_review || controller.board().outcome().is_over() {
            wanted.extend(self.reviewed_game(controller).positions_before());
        }
        wanted
    }

    pub fn toggle_hint(&mut self, controller: &GameController) {
        let board = *controller.board();
        if self.hint_for.take().is_none() && controller.session().human_to_move() {
            self.hint_for = Some(board);
            if !self.hinted.contains(&board) {
                self.hinted.push(board);
            }
        }
    }

    pub fn toggle_threat(&mut self, controller: &GameController) {
        let board = *controller.board();
        if self.threat_for.take().is_none() && !board.outcome().is_over() {
            self.threat_for = Some(board);
        }
    }

    /// Starts a game from the position before move `ply` of the reviewed game, seated as it
    /// was; the review keeps showing that game.
    pub fn retry(&mut self, controller: &mut GameController, ply: usize) {
        let game = self.reviewed_game(controller);
        let before = ply.saturating_sub(1).min(game.moves.len());
        controller.retry(game.setup, &game.start, &game.moves[..before]);
        self.pinned = Some(game);
        self.show_review = true;
    }

    pub fn unpin(&mut self) {
        self.pinned = None;
    }

    pub fn toggle_practice(&mut self, ctx: &egui::Context, seed: u64) {
        self.practice = match self.practice.take() {
            Some(_) => None,
            None => {
                let ctx = ctx.clone();
                Some(Practice::start(move || ctx.request_repaint(), seed))
            }
        };
    }

    pub fn practice_answer(&mut self, cell: Cell) {
        if let Some(practice) = &mut self.practice {
            practice.answer(cell);
        }
    }

    pub fn practice_next(&mut self) {
        if let Some(practice) = &mut self.practice {
            practice.next();
        }
    }

    /// Cells framed on the game board: the hint's best moves and the threat's cell.
    pub fn highlights(&self, controller: &GameController, palette: &Palette) -> Vec<Highlight> {
        let mut cells = Vec::new();
        if let Some(analysis) = self.hint_for.and_then(|b| controller.analysis(&b)) {
            cells.extend(analysis.best_moves().map(|m| Highlight {
                cell: m.cell,
                color: palette.best,
                label: "hint: a best move",
            }));
        }
        if let Some(threat) = self.threat(controller) {
            cells.push(Highlight {
                cell: threat.cell,
                color: palette.loss,
                label: "the opponent's threat",
            });
        }
        cells
    }

    fn threat(&self, controller: &GameController) -> Option<Threat> {
        let board = self.threat_for?;
        let passed = board.with_to_move(board.to_move().opponent());
        Threat::of(controller.analysis(&passed)?)
    }

    /// The line over the board about the hint or the threat, if one is shown.
    pub fn line(&self, controller: &GameController) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(board) = self.hint_for {
            parts.push(match controller.analysis(&board) {
                Some(analysis) => {
                    let n = analysis.best_moves().count();
                    let what = if n == 1 {
                        "the best move is".to_string()
                    } else {
                        format!("the {n} best moves are")
                    };
                    format!("Hint: {what} framed in gold (H hides it).")
                }
                None => "Hint: looking for the best move…".to_string(),
            });
        }
        if let Some(board) = self.threat_for {
            parts.push(match self.threat(controller) {
                Some(threat) => format!(
                    "Threat: {} (framed in red; G hides it).",
                    threat.describe(&board)
                ),
                None => "Threat: looking…".to_string(),
            });
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// The summary of the game on the board once it is over and reviewed: the human's moves
    /// against the computer, both sides' otherwise.
    pub fn game_summary(&self, controller: &GameController) -> Option<String> {
        if !controller.board().outcome().is_over() {
            return None;
        }
        let reviewed: Option<Vec<ReviewedMove>> = GameRecord::of(controller)
            .reviewed(controller)
            .into_iter()
            .collect();
        let reviewed = reviewed?;
        let players = controller.session().players();
        let counts = |mark: Mark| class_counts(reviewed.iter().filter(|m| m.mark == mark));
        let text = match controller.session().setup().mode {
            Mode::VsComputer => {
                let human = if players.x == Player::Human {
                    Mark::X
                } else {
                    Mark::O
                };
                format!("Your moves: {}.", summary(counts(human)))
            }
            _ => format!(
                "X: {}. O: {}.",
                summary(counts(Mark::X)),
                summary(counts(Mark::O))
            ),
        };
        Some(text)
    }

    /// "Accuracy: X 83 %, O 100 %" over the session's finished games.
    pub fn accuracy_text(&self, controller: &GameController) -> Option<String> {
        let [x, o] = self.accuracy;
        if x.moves + o.moves == 0 {
            return None;
        }
        let players = controller.session().players();
        let name = |mark: Mark| match (controller.session().setup().mode, players.of(mark)) {
            (Mode::VsComputer, Player::Human) => "you".to_string(),
            (Mode::VsComputer, Player::Computer) => "computer".to_string(),
            _ => mark.to_string(),
        };
        let part = |mark: Mark, a: Accuracy| {
            format!(
                "{} {} % ({} of {} best)",
                name(mark),
                a.percent(),
                a.best,
                a.moves
            )
        };
        let parts: Vec<String> = [(Mark::X, x), (Mark::O, o)]
            .into_iter()
            .filter(|(_, a)| a.moves > 0)
            .map(|(mark, a)| part(mark, a))
            .collect();
        Some(format!("Accuracy: {}", parts.join(", ")))
    }

    /// The move list: each move with its score, the best score there was and its class. A click
    /// on a move previews the position before it.
    pub fn review_panel(
        &self,
        ui: &mut Ui,
        controller: &GameController,
        previewed: Option<usize>,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let palette = Palette::of(ui);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Game review").strong());
            if ui.small_button("Close").clicked() {
                commands.push(Command::ToggleReview);
            }
        });
        let game = self.reviewed_game(controller);
        if self.pinned.is_some() {
            ui.horizontal_wrapped(|ui| {
                ui.label("The game you retried from.");
                if ui.small_button("Review the game on the board").clicked() {
                    commands.push(Command::UnpinReview);
                }
            });
        }
        if game.moves.is_empty() {
            ui.label("No moves yet.");
            return commands;
        }
        ui.label(
            "Click a move to see the position before it. Scores are for the side that moved; \
             best is the best score there was.",
        );
        let reviewed = game.reviewed(controller);
        egui::Grid::new("review moves")
            .striped(true)
            .show(ui, |ui| {
                for (index, m) in reviewed.iter().enumerate() {
                    let ply = index + 1;
                    let cell = game.moves[index];
                    let Some(m) = m else {
                        ui.label(format!("{ply}."));
                        ui.label(cell.human());
                        ui.label("analysing…");
                        ui.end_row();
                        continue;
                    };
                    let color = class_color(m.class, &palette);
                    let text = format!("{ply}. {} {}{}", m.mark, cell.human(), m.class.sign());
                    let name = format!(
                        "Move {ply}: {} at {}, score {}, best {}: {}",
                        m.mark,
                        cell.human(),
                        m.score,
                        m.best_score,
                        m.class
                    );
                    let selected = previewed == Some(ply);
                    let response = ui
                        .selectable_label(selected, RichText::new(text).color(color))
                        .on_hover_text(m.class.meaning());
                    response.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Button, true, selected, &name)
                    });
                    if response.clicked() {
                        commands.push(Command::ReviewMove(ply));
                    }
                    ui.label(format!("{} (best {})", m.score, m.best_score));
                    class_badge(ui, m.class, &palette);
                    ui.end_row();
                }
            });
        let complete: Option<Vec<&ReviewedMove>> = reviewed.iter().map(Option::as_ref).collect();
        if let Some(moves) = complete {
            for mark in [Mark::X, Mark::O] {
                let counts = class_counts(moves.iter().copied().filter(|m| m.mark == mark));
                if counts.iter().sum::<usize>() > 0 {
                    ui.label(format!("{mark}: {}.", summary(counts)));
                }
            }
        }
        if self.pinned.is_none() {
            ui.label(format!("Hints used this game: {}.", self.hinted.len()));
        }
        commands
    }

    /// Practice in place of the game: the position, the answer, the scores once answered.
    pub fn practice_panel(
        &self,
        ui: &mut Ui,
        controller: &GameController,
        view: ScoreView,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(practice) = &self.practice else {
            return commands;
        };
        ui.horizontal_wrapped(|ui| {
            ui.heading("Practice");
            if ui.button("Back to the game (P)").clicked() {
                commands.push(Command::TogglePractice);
            }
        });
        let Some(deck) = &practice.deck else {
            ui.label("Finding positions where exactly one move keeps the best result…");
            return commands;
        };
        let Some(exercise) = &practice.exercise else {
            ui.label("No practice positions were found.");
            return commands;
        };
        ui.label(format!(
            "Streak: {} (best {}) · {} positions, found by the engine",
            deck.streak(),
            deck.best_streak(),
            deck.len()
        ));
        let mover = exercise.board.to_move();
        let analysis: Option<&Analysis> = controller.analysis(&exercise.board);
        match practice.answered {
            None => {
                ui.label(
                    RichText::new(format!(
                        "{mover} to move. Exactly one move keeps the best result: which?"
                    ))
                    .strong(),
                );
            }
            Some((cell, answered)) => {
                let best = exercise.answer;
                let text = if answered.correct {
                    format!(
                        "Best! {} was the one move ({}).",
                        cell.human(),
                        exercise.theme.name()
                    )
                } else {
                    format!(
                        "Not the best: the one move was {} ({}).",
                        best.human(),
                        exercise.theme.name()
                    )
                };
                let palette = Palette::of(ui);
                let color = if answered.correct {
                    palette.win
                } else {
                    palette.loss
                };
                ui.label(RichText::new(text).strong().color(color));
                if let Some(line) = analysis.and_then(|a| a.get(best)) {
                    let mut side = mover;
                    let steps: Vec<String> = std::iter::once(&line.cell)
                        .chain(&line.pv)
                        .enumerate()
                        .map(|(i, c)| {
                            let step = format!("{}. {side} {}", i + 1, c.human());
                            side = side.opponent();
                            step
                        })
                        .collect();
                    ui.label(format!("Its line of play: {}.", steps.join(", ")));
                }
                if ui.button("Next position (N)").clicked() {
                    commands.push(Command::PracticeNext);
                }
            }
        }
        let palette = Palette::of(ui);
        let answer_frame = practice.answered.map(|(cell, answered)| Highlight {
            cell,
            color: if answered.correct {
                palette.win
            } else {
                palette.loss
            },
            label: "your answer",
        });
        let highlights: Vec<Highlight> = answer_frame.into_iter().collect();
        let mut clicked = None;
        let scores = practice.answered.and(analysis);
        ui.add(
            BoardWidget::new(&exercise.board, "practice board")
                .scores(scores)
                .view(view)
                .highlights(&highlights)
                .on_click(&mut clicked, practice.answered.is_none()),
        );
        commands.extend(clicked.map(Command::PracticeAnswer));
        commands
    }
}

fn class_color(class: MoveClass, palette: &Palette) -> Color32 {
    match class {
        MoveClass::Best => palette.win,
        MoveClass::Inaccuracy => palette.best,
        MoveClass::Mistake => Color32::from_rgb(240, 140, 40),
        MoveClass::Blunder => palette.loss,
    }
}

/// A painted dot in the class's colour and its name, so the class reads without the colour.
fn class_badge(ui: &mut Ui, class: MoveClass, palette: &Palette) {
    ui.horizontal(|ui| {
        let side = ui.text_style_height(&egui::TextStyle::Body) * 0.6;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), side / 2.0, class_color(class, palette));
        ui.label(class.name());
    });
}
