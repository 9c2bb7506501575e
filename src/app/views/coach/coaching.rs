//! What the player asked the coach for (the hint, the threat, practice, the review's pinned game)
//! and its drawing but the review panel's (`review.rs`).

use egui::{Color32, RichText, Ui};

use crate::app::commands::{CoachCommand, Command};
use crate::app::controls::Mirrored;
use crate::app::drawing::board_widget::{BoardWidget, Highlight, Palette, Spoken};
use crate::app::drawing::texts;
use crate::engine::board::{Board, Cell};
use crate::game::GameRecord;
use crate::game::{GameController, Player};
use crate::learn::explain::line_of_play;
use crate::learn::practice::{Answered, Deck, Exercise, Themes, from_mistake};
use crate::learn::review::Threat;
use crate::learn::view::ScoreView;

/// Practice: positions where one move keeps the best result, dealt one at a time.
pub struct Practice {
    /// `None` until the controller's worker has found the positions.
    deck: Option<Deck>,
    exercise: Option<Exercise>,
    /// The player's answer to the exercise, once given.
    answered: Option<(Cell, Answered)>,
    /// How many of the session's own mistakes ([`Coach::own_mistakes`]) are in the deck.
    own_added: usize,
}

impl Practice {
    fn next(&mut self) {
        self.answered = None;
        self.exercise = self.deck.as_mut().and_then(|deck| deck.deal().cloned());
    }

    fn answer(&mut self, cell: Cell) {
        // A key can name a taken cell, which is no answer (a click cannot).
        let open = self
            .exercise
            .as_ref()
            .is_some_and(|exercise| exercise.board.legal_moves().any(|legal| legal == cell));
        if self.answered.is_some() || !open {
            return;
        }
        if let Some(answered) = self.deck.as_mut().and_then(|deck| deck.answer(cell)) {
            self.answered = Some((cell, answered));
        }
    }
}

/// Why the review shows a game that is not the one on the board.
pub(super) enum Pinned {
    /// The game a retry left.
    RetriedFrom,
    /// A game opened from a file or pasted, with what the review says it is ("The game opened
    /// from game.ron.").
    Opened(String),
}

/// What the player asked the coach for.
pub struct Coach {
    pub show_review: bool,
    /// The game the review shows when it is not the one on the board, and why.
    pub(super) pinned: Option<(GameRecord, Pinned)>,
    /// The position whose best moves are framed (the hint), while it is on the board.
    hint_for: Option<Board>,
    /// Positions hinted at in the game on the board.
    pub(super) hinted: Vec<Board>,
    /// The position whose threat is shown, while it is on the board.
    threat_for: Option<Board>,
    pub practice: Option<Practice>,
    /// Seeds the practice deck's dealing (fixed in tests).
    practice_seed: u64,
    /// The learner's moves that were not best in the session's finished games, as practice
    /// positions, in the order they were played.
    pub(super) own_mistakes: Vec<Exercise>,
    /// The last finished game whose mistakes were taken, so that none is taken twice.
    harvested: Option<GameRecord>,
    /// The lessons the learner gets wrong this session.
    pub(super) themes: Themes,
}

impl Coach {
    pub fn new(practice_seed: u64) -> Coach {
        Coach {
            show_review: false,
            pinned: None,
            hint_for: None,
            hinted: Vec::new(),
            threat_for: None,
            practice: None,
            practice_seed,
            own_mistakes: Vec::new(),
            harvested: None,
            themes: Themes::default(),
        }
    }

    /// The game the review shows.
    pub fn reviewed_game(&self, controller: &GameController) -> GameRecord {
        self.pinned
            .as_ref()
            .map_or_else(|| controller.record(), |(game, _)| game.clone())
    }

    /// Forgets what belongs to a position no longer on the board; deals the first practice
    /// position once the positions are found.
    pub fn follow(&mut self, controller: &GameController) {
        let board = *controller.board();
        self.hint_for.take_if(|hinted| *hinted != board);
        self.threat_for.take_if(|threatened| *threatened != board);
        if controller.session().game().moves().is_empty() {
            self.hinted.clear();
        }
        self.harvest_mistakes(controller);
        let Some(practice) = &mut self.practice else {
            return;
        };
        let first_deal = practice.deck.is_none();
        if first_deal && let Some(exercises) = controller.exercises() {
            practice.deck = Some(Deck::new(exercises.to_vec(), self.practice_seed));
        }
        // The learner's own positions go in before the first deal, so that they come first.
        if let Some(deck) = &mut practice.deck {
            for own in &self.own_mistakes[practice.own_added..] {
                deck.add_own(own.clone());
            }
            practice.own_added = self.own_mistakes.len();
            if first_deal {
                practice.next();
            }
        }
    }

    /// Once the game on the board is over and every move reviewed, takes the human players'
    /// moves that were not best as practice positions, and their lessons as missed themes.
    fn harvest_mistakes(&mut self, controller: &GameController) {
        if !controller.board().outcome().is_over() {
            return;
        }
        let game = controller.record();
        if self.harvested.as_ref() == Some(&game) {
            return;
        }
        let Some(moves) = game.complete_review(|board| controller.analysis(board)) else {
            return;
        };
        let players = game.players();
        for m in moves.iter().filter(|m| players.of(m.mark) == Player::Human) {
            if let Some(own) = from_mistake(m) {
                self.themes.record(own.lesson);
                self.own_mistakes.push(own);
            }
        }
        self.harvested = Some(game);
    }

    /// The positions whose analyses the coach needs: the practice position's, the threat's and
    /// the hint's. The reviewed game's are asked for apart ([`Coach::review_wanted`]).
    pub fn wanted(&self) -> Vec<Board> {
        let mut wanted = Vec::new();
        wanted.extend(self.practice_board());
        if let Some(board) = self.threat_for {
            wanted.push(board.with_to_move(board.to_move().opponent()));
        }
        wanted.extend(self.hint_for);
        wanted
    }

    /// The game whose review is open, if it is: its positions are searched as `tictactoe
    /// review` searches them ([`GameController::want_review`]).
    pub fn review_wanted(&self, controller: &GameController) -> Option<GameRecord> {
        self.show_review.then(|| self.reviewed_game(controller))
    }

    /// Whether practice waits for its positions.
    pub fn wants_exercises(&self) -> bool {
        self.practice.as_ref().is_some_and(|p| p.deck.is_none())
    }

    /// The practice position on show, if practice is open and one is dealt.
    pub fn practice_board(&self) -> Option<Board> {
        self.practice.as_ref()?.exercise.as_ref().map(|e| e.board)
    }

    /// Whether the practice position has been answered (its scores may then be shown).
    pub fn practice_answered(&self) -> bool {
        self.practice.as_ref().is_some_and(|p| p.answered.is_some())
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
        self.pinned = Some((game, Pinned::RetriedFrom));
        self.show_review = true;
    }

    /// Puts the game the review shows (an opened one) on the board, every move played, seated as
    /// it was; the review then shows the game on the board, which is that game.
    pub fn put_on_board(&mut self, controller: &mut GameController) {
        let game = self.reviewed_game(controller);
        controller.retry(game.setup, &game.start, &game.moves);
        self.pinned = None;
        self.show_review = true;
    }

    pub fn unpin(&mut self) {
        self.pinned = None;
    }

    /// Shows `game` in the review (a game opened from a file), said to be `what`.
    pub fn show_game(&mut self, game: GameRecord, what: String) {
        self.pinned = Some((game, Pinned::Opened(what)));
        self.show_review = true;
    }

    pub fn toggle_practice(&mut self) {
        self.practice = match self.practice.take() {
            Some(_) => None,
            None => Some(Practice {
                deck: None,
                exercise: None,
                answered: None,
                own_added: 0,
            }),
        };
    }

    pub fn practice_answer(&mut self, cell: Cell) {
        if let Some(practice) = &mut self.practice {
            practice.answer(cell);
            if let (Some((_, answered)), Some(exercise)) = (practice.answered, &practice.exercise)
                && !answered.correct
            {
                self.themes.record(exercise.lesson);
            }
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

    /// Practice in place of the game: the position, the answer, the scores once answered. The
    /// line of play in words is the one the numbered dots show: the move looked at, or else the
    /// one move.
    pub fn practice_panel(
        &self,
        ui: &mut Ui,
        controller: &GameController,
        view: ScoreView,
        inspected: &mut Option<Cell>,
        keyboard: BoardKeyboard<'_>,
        spoken: &mut Spoken,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(practice) = &self.practice else {
            return commands;
        };
        ui.horizontal_wrapped(|ui| {
            ui.heading("Practice");
            if ui
                .button(texts::with_key(ui, "Back to the game", "P"))
                .mirrored("Back to the game")
                .clicked()
            {
                commands.push(CoachCommand::TogglePractice.into());
            }
        });
        let (Some(deck), Some(exercise)) = (&practice.deck, &practice.exercise) else {
            ui.label(match practice.deck {
                None => "Finding positions where exactly one move keeps the best result…",
                Some(_) => "No practice positions were found.",
            });
            return commands;
        };
        ui.label(format!(
            "Streak: {} (best {}) · {} positions, found by the engine",
            deck.streak(),
            deck.best_streak(),
            deck.len() - deck.own_len()
        ));
        match (deck.own_len(), deck.own_waiting()) {
            (0, _) => {}
            (own, 0) => {
                ui.label(format!("From your own games: {own}."));
            }
            (own, waiting) => {
                ui.label(format!(
                    "From your own games: {own}, {waiting} still to come (before the engine's)."
                ));
            }
        }
        if let Some(themes) = self.themes.summary() {
            ui.add(egui::Label::new(format!("Themes you miss: {themes}.")).wrap());
        }
        let mover = exercise.board.to_move();
        let analysis = controller.analysis(&exercise.board);
        let mut highlights = Vec::new();
        match practice.answered {
            None => {
                let prompt = match &exercise.from_game {
                    None => {
                        format!("{mover} to move. Exactly one move keeps the best result: which?")
                    }
                    Some(own) => format!(
                        "From your game: move {}, you played {} ({}). {mover} to move: {}.",
                        own.ply,
                        own.played.human(),
                        own.class,
                        own.goal.task()
                    ),
                };
                ui.add(egui::Label::new(RichText::new(prompt).strong()).wrap());
            }
            Some((cell, answered)) => {
                let color = answer_feedback(ui, exercise, cell, answered, analysis, *inspected);
                if ui
                    .button(texts::with_key(ui, "Next position", "N"))
                    .mirrored("Next position")
                    .clicked()
                {
                    commands.push(CoachCommand::PracticeNext.into());
                }
                highlights.push(Highlight {
                    cell,
                    color,
                    label: "your answer",
                });
            }
        }
        let mut clicked = None;
        let scores = practice.answered.and(analysis);
        ui.add(
            BoardWidget::new(&exercise.board, "practice board")
                .scores(scores)
                .view(view)
                .highlights(&highlights)
                .line_of(practice.answered.map(|_| exercise.answer))
                .focus(keyboard.focus)
                .take_focus(keyboard.take_focus)
                .keyboard_cell(keyboard.cell)
                .spoken(spoken)
                .inspected(inspected)
                .on_click(&mut clicked, practice.answered.is_none()),
        );
        commands.extend(clicked.map(|cell| CoachCommand::PracticeAnswer(cell).into()));
        commands
    }
}

/// The keyboard's cell on a board (see [`BoardWidget::focus`]): the one the arrow keys point at,
/// whether to give it the keyboard focus, and where to report the cell that has it.
pub struct BoardKeyboard<'a> {
    pub focus: Option<Cell>,
    pub take_focus: bool,
    pub cell: &'a mut Option<Cell>,
}

/// Whether `cell` was the one move, and a line of play in words: the move looked at, or else the
/// one move, as the numbered dots show it. Returns the answer's colour.
fn answer_feedback(
    ui: &mut Ui,
    exercise: &Exercise,
    cell: Cell,
    answered: Answered,
    analysis: Option<&crate::engine::minimax::Analysis>,
    inspected: Option<Cell>,
) -> Color32 {
    let palette = Palette::of(ui);
    let theme = exercise.lesson.name();
    let several = exercise.good.len() > 1;
    let (text, color) = match (answered.correct, several) {
        (true, false) => (
            format!("Best! {} was the one move ({theme}).", cell.human()),
            palette.win,
        ),
        (true, true) => (
            format!(
                "Best! {} is one of the {} best moves ({theme}).",
                cell.human(),
                exercise.good.len()
            ),
            palette.win,
        ),
        (false, false) => (
            format!(
                "Not the best: the one move was {} ({theme}).",
                exercise.answer.human()
            ),
            palette.loss,
        ),
        (false, true) => (
            format!(
                "Not the best: the best moves were {} ({theme}).",
                exercise
                    .good
                    .iter()
                    .map(|c| c.human())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            palette.loss,
        ),
    };
    ui.add(egui::Label::new(RichText::new(text).strong().color(color)).wrap());
    let shown = inspected.unwrap_or(exercise.answer);
    if let Some(line) = analysis.and_then(|a| a.get(shown)) {
        let whose = if shown == exercise.answer {
            "The one move's line of play"
        } else {
            "This move's line of play"
        };
        let mover = exercise.board.to_move();
        let words = format!(
            "{whose} (the numbered dots): {}.",
            line_of_play(mover, line)
        );
        ui.add(egui::Label::new(words).wrap());
    }
    color
}
