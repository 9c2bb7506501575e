//! The app's sentences about the game: the status line, the score line, the result and the
//! search's progress. Pure functions of plain data, so each is tested without a window.

use std::time::Duration;

use crate::engine::ai::Difficulty;
use crate::engine::board::{Board, Cell, Mark, Outcome};
use crate::engine::minimax::{Analysis, Stop};
use crate::engine::score::Score;
use crate::game::SessionAccuracy;
use crate::game::worker::AnalysisProgress;
use crate::game::{Basis, Mode, Player, Players, Tally};
use crate::learn::view::Shown;

/// What the status line says, gathered from the game.
#[derive(Debug, Clone)]
pub struct StatusFacts<'a> {
    pub board: &'a Board,
    pub players: Players,
    pub difficulty: Difficulty,
    /// The computer's move that led to the position, if the last move was the computer's.
    pub computer_just_played: Option<(Cell, Basis)>,
    /// Whether the search gave up on the position (the computer cannot move).
    pub gave_up: bool,
    /// The computer's think time, on boards large enough to have one.
    pub think_time: Option<Duration>,
    /// The finished game's summary, once its moves are reviewed.
    pub summary: Option<&'a str>,
    /// Whether the player has a touch screen and no keys: the line names menus, not keys.
    pub touch: bool,
}

/// How a player is named in the status line.
fn name(players: Players, mark: Mark) -> String {
    let vs_computer = players.x != players.o;
    match (players.of(mark), vs_computer) {
        (Player::Human, true) => format!("You ({mark})"),
        (Player::Computer, true) => format!("The computer ({mark})"),
        (Player::Human, false) => format!("{mark}"),
        (Player::Computer, false) => format!("Computer {mark}"),
    }
}

/// One line on what just happened and whose turn it is, or how the game ended. It is a live
/// region: a screen reader announces it as it changes, so it names the computer's move and the
/// result.
pub fn status_text(facts: &StatusFacts) -> String {
    let board = facts.board;
    let players = facts.players;
    let vs_computer = players.x != players.o;
    let just_played = facts.computer_just_played.map(|(cell, basis)| {
        let mover = board.to_move().opponent();
        let proof = match basis {
            Basis::Unproven {
                reason: Stop::TimeLimit,
                ..
            } => "its think time ran out",
            Basis::Unproven { .. } => "the exact search gave up",
            _ => "",
        };
        let proof = match (proof, facts.touch) {
            ("", _) => String::new(),
            (why, false) => format!(" (not proven: {why}; W says why)"),
            (why, true) => {
                format!(" (not proven: {why}; View › Why the computer played there says why)")
            }
        };
        format!("{} played {}{proof}. ", name(players, mover), cell.human())
    });
    let just_played = just_played.unwrap_or_default();
    match board.outcome() {
        Outcome::Won { .. } | Outcome::Draw => {
            let result = result_text(board.outcome(), players).map_or(String::new(), |r| r.0);
            let summary = facts.summary.map_or(String::new(), |s| format!(" {s}"));
            let next = if facts.touch {
                "Review: Game › Game review. New game: Game › New game."
            } else {
                "Review: M. New game: Ctrl+N."
            };
            format!("{just_played}Game over: {result}{summary} {next}")
        }
        Outcome::Ongoing => {
            let mover = board.to_move();
            let turn = match players.of(mover) {
                Player::Computer if facts.gave_up => {
                    format!("{} gave up on this position.", name(players, mover))
                }
                Player::Computer => match facts.think_time {
                    Some(time) => format!(
                        "{} is thinking (up to {:.1} s)…",
                        name(players, mover),
                        time.as_secs_f64()
                    ),
                    None if facts.difficulty.mcts_iterations().is_some() => format!(
                        "{} is thinking ({})…",
                        name(players, mover),
                        facts.difficulty.name()
                    ),
                    None => format!("{} is thinking…", name(players, mover)),
                },
                Player::Human if vs_computer => format!(
                    "Your move ({mover}) · Computer: {}",
                    facts.difficulty.name()
                ),
                Player::Human => format!("{mover} to move."),
            };
            format!("{just_played}{turn}")
        }
    }
}

/// How a result reads: good for the player, bad for the player, or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Won,
    Lost,
    Neutral,
    Draw,
}

/// The result of a finished game in words: who won, or a draw.
pub fn result_text(outcome: Outcome, players: Players) -> Option<(String, Tone)> {
    let vs_computer = players.x != players.o;
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw => Some(("Draw.".to_string(), Tone::Draw)),
        Outcome::Won { mark, .. } => Some(match players.of(mark) {
            Player::Human if vs_computer => ("You win!".to_string(), Tone::Won),
            Player::Computer if vs_computer => ("The computer wins.".to_string(), Tone::Lost),
            _ => (format!("{mark} wins!"), Tone::Neutral),
        }),
    }
}

/// The session's score, labelled for the mode of the game being played, and each side's
/// accuracy.
pub fn tally_text(tally: Tally, mode: Mode, accuracy: &SessionAccuracy) -> String {
    let score = if mode == Mode::VsComputer {
        format!(
            "You {} · Computer {} · Draws {}",
            tally.human, tally.computer, tally.draws
        )
    } else {
        format!("X {} · O {} · Draws {}", tally.x, tally.o, tally.draws)
    };
    match accuracy.text(mode) {
        Some(accuracy) => format!("{score} · {accuracy}"),
        None => score,
    }
}

/// How far the exact search has got: moves settled of all, positions searched, time, and
/// whether it is paused while every move is estimated.
pub fn search_line(progress: AnalysisProgress, elapsed: Duration) -> String {
    let exact = progress.exact;
    let paused = if progress.estimating {
        " Paused while every move is estimated."
    } else {
        ""
    };
    format!(
        "Solving exactly: {} of {} moves settled, {} positions, {:.1} s.{paused}",
        exact.settled,
        exact.moves,
        thousands(exact.nodes),
        elapsed.as_secs_f64()
    )
}

/// How far a Monte Carlo level's search has got: "Thinking: 3,072 of 10,000 iterations."
pub fn mcts_line(done: u64, of: u64) -> String {
    format!(
        "Thinking: {} of {} iterations.",
        thousands(done),
        thousands(of)
    )
}

/// 549946 → "549,946".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A window bound, with infinity written as such.
/// Where the app notes in egui's memory that the screen is a touch screen before it is touched
/// (a phone's page).
fn known_touch() -> egui::Id {
    egui::Id::unique("a touch screen, known before it is touched")
}

/// Notes that the screen is a touch screen, before it is first touched.
pub fn note_touch_screen(ctx: &egui::Context) {
    ctx.data_mut(|data| data.insert_temp(known_touch(), true));
}

fn presenter_id() -> egui::Id {
    egui::Id::unique("presenter scale")
}

/// The smallest text in presenter mode (points): read from the back of a room at 1280×720.
pub const PRESENTER_TEXT: f32 = 24.0;

/// Notes whether text, code and drawings are drawn for a projector (the settings' `presenter`).
pub fn set_presenter(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|data| data.insert_temp(presenter_id(), on));
}

/// Whether text, code and drawings are drawn for a projector: then the code is wrapped rather
/// than shrunk, drawings are drawn two and a half times as large and their labels in the strongest text colour.
pub fn presenter(ctx: &egui::Context) -> bool {
    ctx.data(|data| data.get_temp::<bool>(presenter_id()).unwrap_or(false))
}

/// A panel's title, strong, with its small Close button beside it: whether Close was clicked.
pub fn title_and_close(ui: &mut egui::Ui, title: &str) -> bool {
    use crate::app::controls::Mirrored;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(title).strong());
        ui.small_button("Close").mirrored("Close").clicked()
    })
    .inner
}

/// Whether `choice` is an exact best move by `analysis`, each score written by `words`: "an
/// exact best move", "not an exact best move: a draw where the best is a win", or that its
/// exact score is still being searched.
pub fn exact_best_words(
    analysis: Option<&Analysis>,
    choice: Cell,
    words: impl Fn(Score) -> String,
) -> String {
    match (
        analysis.and_then(|a| a.score_of(choice)),
        analysis.and_then(Analysis::best_score),
    ) {
        (Some(chosen), Some(best)) if chosen == best => "an exact best move".to_string(),
        (Some(chosen), Some(best)) => format!(
            "not an exact best move: {} where the best is {}",
            words(chosen),
            words(best)
        ),
        _ => "its exact score is being searched".to_string(),
    }
}

/// A view's title, strong, with its Close (Esc) button beside it: whether Close was clicked.
pub fn title_and_close_key(ui: &mut egui::Ui, title: &str) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(title).strong());
        ui.button(with_key(ui, "Close", "Esc")).clicked()
    })
    .inner
}

/// The most characters a textbook tree's field takes: far more than a tree of the most nodes
/// ([`crate::engine::game_tree::MAX_NODES`]) needs, and few enough that a paste of megabytes is
/// neither kept nor laid out.
pub const MAX_TREE_CHARS: usize = 20_000;

/// "The tree:" and its one-line field on `text` (its state kept under `id_salt`), the same in
/// every view that searches a typed tree: the text as edited, where it was.
pub fn tree_field(ui: &mut egui::Ui, text: &str, id_salt: &str) -> Option<String> {
    let mut text = text.to_owned();
    ui.horizontal(|ui| {
        let label = ui.label("The tree:");
        let edit = egui::TextEdit::singleline(&mut text)
            .char_limit(MAX_TREE_CHARS)
            .desired_width(f32::INFINITY)
            .hint_text("[[3,12,8],[2,4,6],[14,5,2]]")
            .id_salt(id_salt);
        ui.add(edit).labelled_by(label.id).changed()
    })
    .inner
    .then_some(text)
}

/// `contents` in a scroll area that fills the room left, scrolled on its own (`id_salt`).
pub fn scrolled_to_fill(ui: &mut egui::Ui, id_salt: &str, contents: impl FnOnce(&mut egui::Ui)) {
    egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .auto_shrink([false, false])
        .show(ui, contents);
}

/// One of a view's two parts: its numbers and controls, and its drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Numbers,
    Drawing,
}

/// A view's numbers and its drawing, scrolled together (`id_salt`): side by side where the
/// window is wide, the drawing under the numbers where it is narrow. `part` draws either.
pub fn numbers_beside_drawing(
    ui: &mut egui::Ui,
    id_salt: &str,
    mut part: impl FnMut(&mut egui::Ui, Part),
) {
    scrolled_to_fill(ui, id_salt, |ui| {
        if ui.available_width() > 900.0 {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    // Wider with the room, so that presenter mode's large text keeps each
                    // line of numbers on a line or two.
                    ui.set_width((ui.available_width() * 0.42).max(440.0));
                    part(ui, Part::Numbers);
                });
                ui.vertical(|ui| part(ui, Part::Drawing));
            });
        } else {
            part(ui, Part::Numbers);
            ui.separator();
            part(ui, Part::Drawing);
        }
    });
}

/// Shrinks the text of `ui` (and what it holds) back to at most the size a window's own scale
/// gives it: for the controls over a drawing that has the window to itself in presenter mode,
/// so that the room goes to the drawing, which the class reads, rather than to the buttons,
/// which the presenter does.
pub fn compact_controls(ui: &mut egui::Ui) {
    let defaults = egui::Style::default();
    for (text_style, font) in &mut ui.style_mut().text_styles {
        if let Some(default) = defaults.text_styles.get(text_style) {
            font.size = font.size.min((default.size * 1.25).round());
        }
    }
}

/// Whether the screen is a touch screen: touched, or known to be one. Then a tap on a score
/// explains it before it plays, a press is no pointing, and the words speak of taps, not keys.
pub fn touch(ctx: &egui::Context) -> bool {
    ctx.input(|input| input.has_touch_screen())
        || ctx.data(|data| data.get_temp::<bool>(known_touch()).unwrap_or(false))
}

/// A button's words with its key, "Close (Esc)", where there is a keyboard to press it on; the
/// words alone on a touch screen, where keys only confuse.
pub fn with_key(ui: &egui::Ui, words: &str, key: &str) -> String {
    if touch(ui.ctx()) {
        words.to_owned()
    } else {
        format!("{words} ({key})")
    }
}

/// A menu item's shortcut, shown where there is a keyboard to press it on.
pub fn shortcut(ui: &egui::Ui, key: &str) -> String {
    if touch(ui.ctx()) {
        String::new()
    } else {
        key.to_owned()
    }
}

pub fn window_bound(number: Shown, start: &Board) -> String {
    number.bound(start.geometry())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::review::Accuracy;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn facts<'a>(board: &'a Board, players: Players) -> StatusFacts<'a> {
        StatusFacts {
            board,
            players,
            difficulty: Difficulty::Perfect,
            computer_just_played: None,
            gave_up: false,
            think_time: None,
            summary: None,
            touch: false,
        }
    }

    #[test]
    fn a_monte_carlo_level_says_what_it_runs_while_it_thinks() {
        let players = Players::for_mode(Mode::VsComputer, Mark::X);
        let thinking = board("X../.../...");
        let text = status_text(&StatusFacts {
            difficulty: Difficulty::MctsTenThousand,
            ..facts(&thinking, players)
        });
        assert_eq!(
            text,
            "The computer (O) is thinking (MCTS, 10,000 iterations)…"
        );
        assert_eq!(
            mcts_line(3_072, 10_000),
            "Thinking: 3,072 of 10,000 iterations."
        );
    }

    #[test]
    fn on_a_touch_screen_the_status_names_menus_not_keys() {
        let players = Players::for_mode(Mode::VsComputer, Mark::X);
        let won = board("XXX/OO./...");
        let keys = status_text(&facts(&won, players));
        assert!(keys.ends_with("Review: M. New game: Ctrl+N."), "{keys}");
        let touch = status_text(&StatusFacts {
            touch: true,
            ..facts(&won, players)
        });
        assert!(
            touch.ends_with("Review: Game › Game review. New game: Game › New game."),
            "{touch}"
        );
        let unproven = (
            Cell::new(0, 0),
            Basis::Unproven {
                depth: 2,
                reason: Stop::TimeLimit,
            },
        );
        let thinking = board("X../.O./...");
        let touch = status_text(&StatusFacts {
            touch: true,
            computer_just_played: Some(unproven),
            ..facts(&thinking, players)
        });
        assert!(
            touch.contains("View › Why the computer played there says why"),
            "{touch}"
        );
        assert!(!touch.contains("W says"), "{touch}");
    }

    #[test]
    fn the_status_names_the_computers_move_and_whose_turn_it_is() {
        let players = Players::for_mode(Mode::VsComputer, Mark::X);
        let position = board("X../.O./...");
        let mut status = facts(&position, players);
        assert_eq!(status_text(&status), "Your move (X) · Computer: Perfect");
        status.computer_just_played = Some((Cell::new(1, 1), Basis::Exact));
        assert_eq!(
            status_text(&status),
            "The computer (O) played row 2, column 2. Your move (X) · Computer: Perfect"
        );
        let unproven = |reason| Basis::Unproven { depth: 4, reason };
        status.computer_just_played = Some((Cell::new(1, 1), unproven(Stop::TimeLimit)));
        assert!(status_text(&status).contains("(not proven: its think time ran out; W says why)"));
        // The depth its estimate looked is the W panel's to give, not the status line's: the
        // legend gives the depth of the estimates on the board, which is another position's.
        assert!(!status_text(&status).contains("plies"));
        let limit = Stop::NodeBudget { limit: 50 };
        status.computer_just_played = Some((Cell::new(1, 1), unproven(limit)));
        assert!(status_text(&status).contains("the exact search gave up"));
        let two = Players::for_mode(Mode::TwoPlayers, Mark::X);
        assert_eq!(status_text(&facts(&position, two)), "X to move.");
        let opening = Board::classic().with_to_move(Mark::O);
        let mut thinking = facts(&opening, players);
        thinking.think_time = Some(Duration::from_secs(2));
        assert_eq!(
            status_text(&thinking),
            "The computer (O) is thinking (up to 2.0 s)…"
        );
    }

    #[test]
    fn the_status_of_a_finished_game_gives_the_result_and_the_summary() {
        let players = Players::for_mode(Mode::VsComputer, Mark::X);
        let won = board("XXX/OO./...");
        let mut status = facts(&won, players);
        status.summary = Some("Your moves: every move was best.");
        assert_eq!(
            status_text(&status),
            "Game over: You win! Your moves: every move was best. Review: M. New game: Ctrl+N."
        );
        let lost = board("XX./OOO/X..");
        let mut status = facts(&lost, players);
        status.computer_just_played = Some((Cell::new(1, 2), Basis::Exact));
        assert_eq!(
            status_text(&status),
            "The computer (O) played row 2, column 3. Game over: The computer wins. Review: M. \
             New game: Ctrl+N."
        );
        assert_eq!(
            result_text(board("XOX/XOO/OXX").outcome(), players),
            Some(("Draw.".to_string(), Tone::Draw))
        );
    }

    #[test]
    fn the_score_line_counts_accuracy_by_who_played_and_rounds_to_the_nearest() {
        let tally = Tally {
            human: 1,
            computer: 2,
            draws: 3,
            ..Tally::default()
        };
        let accuracy = SessionAccuracy {
            human: Accuracy { best: 2, moves: 3 },
            computer: Accuracy {
                best: 11,
                moves: 11,
            },
            x: Accuracy { best: 1, moves: 1 },
            ..SessionAccuracy::default()
        };
        assert_eq!(
            tally_text(tally, Mode::VsComputer, &accuracy),
            "You 1 · Computer 2 · Draws 3 · Accuracy: you 67 % (2 of 3 best), computer 100 % \
             (11 of 11 best)"
        );
        assert_eq!(
            tally_text(tally, Mode::TwoPlayers, &accuracy),
            "X 0 · O 0 · Draws 3 · Accuracy: X 100 % (1 of 1 best)"
        );
        assert_eq!(
            tally_text(
                Tally::default(),
                Mode::TwoPlayers,
                &SessionAccuracy::default()
            ),
            "X 0 · O 0 · Draws 0"
        );
    }

    #[test]
    fn progress_and_thousands() {
        let exact = crate::engine::minimax::Progress {
            settled: 3,
            moves: 36,
            nodes: 1_234_567,
        };
        let progress = AnalysisProgress {
            exact,
            estimating: false,
        };
        assert_eq!(
            search_line(progress, Duration::from_millis(1250)),
            "Solving exactly: 3 of 36 moves settled, 1,234,567 positions, 1.2 s."
        );
        let paused = AnalysisProgress {
            estimating: true,
            ..progress
        };
        assert!(search_line(paused, Duration::ZERO).ends_with("while every move is estimated."));
        assert_eq!(thousands(549_946), "549,946");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(10_000_000), "10,000,000");
    }
}
