//! What the numbers mean, in words: the text the app shows beside the scores, built from the
//! engine's data alone, so that it can be tested without a window. Every number in it is shown as
//! [`Seen`] says: by one side, with depth counted from the position on show.
//!
//! Rows and columns in these texts count from 1, as people count; `tictactoe analyze` prints
//! them counted from 0.
//!
//! ```
//! use tictactoe_learn::engine::{Board, Score};
//! use tictactoe_learn::explain::formula;
//! use tictactoe_learn::view::{ScoreView, Seen};
//! // X to move; this move loses at depth 5 (O completes a line with its third move).
//! let board: Board = "X../.../...".parse::<Board>()?.with_to_move(tictactoe_learn::engine::Mark::X);
//! let seen = Seen::new(ScoreView::SideToMove, &board);
//! let number = seen.number(Score::new(-5), tictactoe_learn::engine::Mark::X, 0);
//! assert_eq!(formula(&seen, number), "-5 = 5 - 10: O wins at depth 5, with its 3rd move.");
//! # Ok::<(), tictactoe_learn::engine::board::BoardError>(())
//! ```

use crate::engine::ai::Difficulty;
use crate::engine::board::{Cell, Geometry, Mark};
use crate::engine::minimax::{Analysis, MoveBound, MoveScore};
use crate::engine::score::{Score, Verdict};
use crate::view::{Seen, Shown};

/// "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The words under a number: for the player to move, "wins in 2", "loses in 3", "wins now" or
/// "draw", of the maximiser; in the articles' view the winner is named ("X wins in 2").
pub fn short_verdict(seen: &Seen, number: Shown) -> String {
    match seen.view() {
        crate::view::ScoreView::SideToMove => {
            match seen.winners_move(number) {
                None => "draw".to_string(),
                // The maximiser is the player to move: its first move is this one.
                Some((_, 1)) if number.is_win() => "wins now".to_string(),
                Some((_, moves)) if number.is_win() => format!("wins in {moves}"),
                Some((_, moves)) => format!("loses in {moves}"),
            }
        }
        crate::view::ScoreView::Articles => named_verdict(seen, number),
    }
}

/// The words for a number with the winner named: "X wins in 2" (its second move from the
/// position on show), "O wins now", "draw".
pub fn named_verdict(seen: &Seen, number: Shown) -> String {
    match seen.winners_move(number) {
        None => "draw".to_string(),
        Some((mark, 1)) if mark == seen.root_mover() => format!("{mark} wins now"),
        Some((mark, moves)) => format!("{mark} wins in {moves}"),
    }
}

/// How a finished game's number is made, as the seeds write it: "10 - 2" for the maximiser's win
/// at depth 2, "2 - 10" for its loss; `None` for a draw.
pub fn depth_sum(seen: &Seen, number: Shown) -> Option<String> {
    let (_, depth) = seen.result(number)?;
    let win = seen.geometry().win_score();
    Some(if number.is_win() {
        format!("{win} - {depth}")
    } else {
        format!("{depth} - {win}")
    })
}

/// A number as the articles compute it: "-5 = 5 - 10: O wins at depth 5, with its 3rd move."
/// Depth counts from the position on show: depth 0 is the board right after a move there.
pub fn formula(seen: &Seen, number: Shown) -> String {
    let (Some(sum), Some((mark, depth)), Some((_, moves))) = (
        depth_sum(seen, number),
        seen.result(number),
        seen.winners_move(number),
    ) else {
        return "0: a draw. Neither side can force a win from here.".to_string();
    };
    let with = if depth == 0 {
        "with this very move".to_string()
    } else {
        format!("with its {} move", ordinal(moves))
    };
    // Depth and the winner's moves count from where depth counts from; the dots of a line of
    // play count from the board on show, so the winning move is named by its dot there too.
    let here = match seen.plies_below() {
        0 => String::new(),
        plies => format!(
            " counted from where depth counts from (the dot numbered {} on this board)",
            depth + 1 - plies
        ),
    };
    format!(
        "{} = {sum}: {mark} wins at depth {depth}, {with}{here}.",
        number.value()
    )
}

/// The legend's rule for the numbers on the board, as it applies to the position on show: whose
/// win scores `W - d`, what depth and "wins in n" count (and how they agree), what `W` is and how
/// many in a row make a line. One sentence a line.
///
/// "X wins in 2" counts the winner's own moves, the formula counts plies: for the side to move
/// its n-th move is at depth 2n - 2, for the other side at depth 2n - 1.
pub fn score_rule(seen: &Seen) -> Vec<String> {
    let geometry = seen.geometry();
    let win = geometry.win_score();
    let maximiser = seen.maximiser();
    let minimiser = maximiser.opponent();
    let mover = seen.root_mover();
    let other = mover.opponent();
    let (depth_words, here) = match seen.plies_below() {
        0 => (
            "Depth d counts the plies after the move: depth 0 is the board right after it."
                .to_string(),
            "here",
        ),
        plies => (
            format!(
                "Depth d counts the plies after the first move where depth counts from, {plies} \
                 above this board: a move here is at depth {plies} or more."
            ),
            "there",
        ),
    };
    vec![
        format!(
            "A win for {maximiser} at depth d scores {win} - d, a win for {minimiser} d - {win}, \
             a draw 0. {depth_words}"
        ),
        format!(
            "\"Wins in n\" counts the winner's own moves from {here}: {mover}'s n-th move is at \
             depth 2n - 2, {other}'s at depth 2n - 1 (so \"{other} wins in 2\" is depth 3)."
        ),
        format!(
            "W = {win} is the number of cells ({}) plus 1, more than any depth, so every win \
             scores above a draw and a faster win higher. A line is {} in a row on this {}×{} \
             board.",
            geometry.cells(),
            geometry.k(),
            geometry.rows(),
            geometry.cols()
        ),
    ]
}

/// A move and its line of play, numbered from the move itself as the dots on the board number
/// them: "1. O row 1, column 3, 2. X row 3, column 1".
pub fn line_of_play(mover: Mark, m: &MoveScore) -> String {
    let mut side = mover;
    std::iter::once(&m.cell)
        .chain(&m.pv)
        .enumerate()
        .map(|(ply, cell)| {
            let step = format!("{}. {side} {}", ply + 1, cell.human());
            side = side.opponent();
            step
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "row 1, column 2", or for several cells the short "r1c2, r3c1" (rows and columns from 1).
fn cell_list(cells: &[Cell]) -> String {
    match cells {
        [cell] => cell.human(),
        _ => cells
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Why the computer played `chosen` on the analysed position: how it rated the moves at its
/// level, whether it picked at random, and what its horizon hid from it. One sentence a line.
pub fn computer_reasoning(
    analysis: &Analysis,
    chosen: Cell,
    candidates: &[Cell],
    difficulty: Difficulty,
    view: crate::view::ScoreView,
) -> Vec<String> {
    let seen = Seen::new(view, &analysis.board);
    let geometry = analysis.board.geometry();
    let mover = analysis.board.to_move();
    let number = |score: Score| seen.number(score, mover, 0);
    let mut lines = Vec::new();
    if let Some(played) = analysis.get(chosen) {
        lines.push(format!(
            "{mover} played {}: score {}, {}.",
            chosen.human(),
            number(played.score).value(),
            short_verdict(&seen, number(played.score))
        ));
    }
    match candidates.len() {
        0 | 1 => lines.push("It was the only move it rated best.".to_string()),
        n => lines.push(format!(
            "Picked at random among {n} moves it rated equally good: {}.",
            cell_list(candidates)
        )),
    }
    if let Some(horizon) = difficulty.horizon() {
        let plies = if horizon == 1 { "ply" } else { "plies" };
        lines.push(format!(
            "At {} it looks {horizon} {plies} ahead; a result further away looks like a draw to it.",
            difficulty.name()
        ));
        // The moves it misjudged, grouped by their true score, best first for it.
        let mut hidden: Vec<(Score, Vec<Cell>)> = Vec::new();
        for m in &analysis.moves {
            if difficulty.perceived_score(m.score, geometry) == m.score {
                continue;
            }
            match hidden.iter_mut().find(|(score, _)| *score == m.score) {
                Some((_, cells)) => cells.push(m.cell),
                None => hidden.push((m.score, vec![m.cell])),
            }
        }
        crate::short_sort::sort_short_by_key(&mut hidden, |(score, _)| std::cmp::Reverse(*score));
        for (score, cells) in hidden {
            lines.push(format!(
                "It saw {} as a draw (0); really {}: {}.",
                cell_list(&cells),
                number(score).value(),
                short_verdict(&seen, number(score))
            ));
        }
    }
    lines
}

/// What a bound on a move's score says, in words that name the marks (the same in both views):
/// "X wins by its 3rd move", "O: at least a draw", "X does not win".
pub fn bound_words(bound: &MoveBound, mover: Mark, geometry: Geometry) -> String {
    let (lower, upper) = (bound.lower, bound.upper);
    if lower.is_win() {
        let moves = match lower.verdict(geometry) {
            Verdict::Win { moves } => moves,
            _ => unreachable!("a positive score is a win"),
        };
        format!("{mover} wins by its {} move", ordinal(moves))
    } else if upper.is_loss() {
        let moves = match upper.verdict(geometry) {
            Verdict::Loss { moves } => moves,
            _ => unreachable!("a negative score is a loss"),
        };
        format!("{} wins by its {} move", mover.opponent(), ordinal(moves))
    } else if lower >= Score::DRAW {
        format!("{mover}: at least a draw")
    } else if upper <= Score::DRAW {
        format!("{mover} does not win")
    } else {
        "not known yet".to_string()
    }
}

/// An estimate of a move on the position on show as the overlay prints it: "~+37" (evaluation
/// points for the side that moves there, not a score: the tilde says so), seen by the maximiser.
pub fn estimate_text(seen: &Seen, points: i32) -> String {
    format!("~{:+}", seen.points(points))
}

/// What an estimate is, and why its sign may change from one move to the next: the lines each
/// side can still complete `depth` plies ahead (the move itself the first), counted for the
/// maximiser; whoever plays the last of those plies has one more mark there, so the estimate
/// leans their way, and one ply more or less leans it the other way.
pub fn estimate_explanation(seen: &Seen, points: i32, depth: u32) -> String {
    let maximiser = seen.maximiser();
    let mover = seen.mover();
    // The move itself is ply 1: the mover plays the odd plies.
    let last = if depth % 2 == 1 {
        mover
    } else {
        mover.opponent()
    };
    let plies = if depth == 1 { "ply" } else { "plies" };
    format!(
        "{}: an estimate, not a score. The search looked {depth} {plies} ahead (this move the \
         first) and judged the positions there by the lines each side can still complete (1, 8, \
         64, 512 points for 1 to 4 marks in a line), {maximiser}'s points minus {}'s. The last \
         of those {depth} {plies} is {last}'s move, so {last} has one more mark there and the \
         estimate leans {last}'s way; a search one ply deeper or shallower leans the other way, \
         which is why estimates can change sign from one move to the next. Compare estimates \
         made at the same depth, not their signs.",
        estimate_text(seen, points),
        maximiser.opponent()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ScoreView;

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).into();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }

    /// A 3×3 position with `mover` to move.
    fn seen(view: ScoreView, mover: Mark) -> Seen {
        Seen::new(
            view,
            &crate::engine::board::Board::classic().with_to_move(mover),
        )
    }

    #[test]
    fn formulas_for_a_loss_a_draw_and_a_win() {
        // The move's own score for `mover`, shown as the view says.
        let f = |v, mover, view| {
            let seen = seen(view, mover);
            formula(&seen, seen.number(Score::new(v), mover, 0))
        };
        use ScoreView::*;
        let cases = [
            (
                -5,
                Mark::X,
                SideToMove,
                "-5 = 5 - 10: O wins at depth 5, with its 3rd move.",
            ),
            (
                8,
                Mark::O,
                SideToMove,
                "8 = 10 - 2: O wins at depth 2, with its 2nd move.",
            ),
            (
                10,
                Mark::X,
                SideToMove,
                "10 = 10 - 0: X wins at depth 0, with this very move.",
            ),
            (
                0,
                Mark::O,
                Articles,
                "0: a draw. Neither side can force a win from here.",
            ),
            // O to move, seen from X's side: O's win is X's loss.
            (
                8,
                Mark::O,
                Articles,
                "-8 = 2 - 10: O wins at depth 2, with its 2nd move.",
            ),
            (
                -9,
                Mark::O,
                Articles,
                "9 = 10 - 1: X wins at depth 1, with its 1st move.",
            ),
        ];
        for (v, mover, view, said) in cases {
            assert_eq!(f(v, mover, view), said, "{v} for {mover:?} in {view:?}");
        }
    }

    #[test]
    fn below_where_depth_counts_from_the_winning_move_is_named_by_its_dot_here() {
        // Two plies below the root, X to move again: an immediate win is at depth 2, X's 2nd
        // move from the root, and the first dot of the line on this board.
        let root = crate::engine::board::Board::classic();
        let seen = Seen::below(ScoreView::SideToMove, &root, 2);
        assert_eq!(
            formula(&seen, seen.number(Score::new(10), Mark::X, 0)),
            "8 = 10 - 2: X wins at depth 2, with its 2nd move counted from where depth counts \
             from (the dot numbered 1 on this board)."
        );
        // O wins with its reply: depth 3, the dot numbered 2 here.
        assert_eq!(
            formula(&seen, seen.number(Score::new(-9), Mark::X, 0)),
            "-7 = 3 - 10: O wins at depth 3, with its 2nd move counted from where depth counts \
             from (the dot numbered 2 on this board)."
        );
    }

    #[test]
    fn the_score_rule_says_whose_win_and_how_wins_in_n_meets_the_depth() {
        // O to move, seen from X's side (the learner's "X wins in 2" at depth 3).
        let lines = score_rule(&seen(ScoreView::Articles, Mark::O));
        assert_eq!(
            lines[0],
            "A win for X at depth d scores 10 - d, a win for O d - 10, a draw 0. Depth d counts \
             the plies after the move: depth 0 is the board right after it."
        );
        assert_eq!(
            lines[1],
            "\"Wins in n\" counts the winner's own moves from here: O's n-th move is at depth \
             2n - 2, X's at depth 2n - 1 (so \"X wins in 2\" is depth 3)."
        );
        // The rule and the words under a number agree: X's 2nd move is depth 3.
        let articles = seen(ScoreView::Articles, Mark::O);
        let x_wins_at_depth_3 = Shown::expected(10 - 3);
        assert_eq!(short_verdict(&articles, x_wins_at_depth_3), "X wins in 2");
        assert!(formula(&articles, x_wins_at_depth_3).contains("X wins at depth 3"));
    }

    #[test]
    fn the_score_rule_explains_w_and_the_line_length_on_5x5() {
        let board = crate::engine::board::Board::empty(Geometry::new(5, 5, 4).unwrap(), Mark::X);
        let lines = score_rule(&Seen::new(ScoreView::SideToMove, &board));
        assert!(lines[0].starts_with("A win for X at depth d scores 26 - d, a win for O d - 26"));
        assert_eq!(
            lines[2],
            "W = 26 is the number of cells (25) plus 1, more than any depth, so every win scores \
             above a draw and a faster win higher. A line is 4 in a row on this 5×5 board."
        );
    }

    #[test]
    fn an_estimate_says_what_it_counts_and_which_way_the_horizon_leans() {
        // The learner's 7×7 opening: X to move, 4 plies ahead every X move looks negative.
        let board = crate::engine::board::Board::empty(Geometry::new(7, 7, 4).unwrap(), Mark::X);
        let seen = Seen::new(ScoreView::Articles, &board);
        let even = estimate_explanation(&seen, -1, 4);
        assert!(even.starts_with("~-1: an estimate, not a score. The search looked 4 plies ahead"));
        assert!(even.contains("X's points minus O's"));
        assert!(even.contains("The last of those 4 plies is O's move"));
        assert!(even.contains("leans O's way"));
        assert!(even.contains("why estimates can change sign"));
        // One exchange later, 3 plies: X plays the last of them.
        let odd = estimate_explanation(&seen, 48, 3);
        assert!(odd.starts_with("~+48"));
        assert!(odd.contains("The last of those 3 plies is X's move"));
        // For the player to move (O), O's points.
        let o_board = board.with_to_move(Mark::O);
        let o_seen = Seen::new(ScoreView::SideToMove, &o_board);
        let text = estimate_explanation(&o_seen, 5, 1);
        assert!(text.contains("looked 1 ply ahead"));
        assert!(text.contains("O's points minus X's"));
        assert!(text.contains("is O's move"));
    }

    #[test]
    fn short_verdicts_name_the_winner_in_the_articles_view() {
        let s = |v, mover, view| {
            let seen = seen(view, mover);
            short_verdict(&seen, seen.number(Score::new(v), mover, 0))
        };
        assert_eq!(s(-7, Mark::O, ScoreView::SideToMove), "loses in 2");
        assert_eq!(s(-7, Mark::O, ScoreView::Articles), "X wins in 2");
        assert_eq!(s(10, Mark::O, ScoreView::Articles), "O wins now");
        assert_eq!(s(0, Mark::X, ScoreView::Articles), "draw");
    }

    #[test]
    fn the_computers_reasons_name_its_choice_and_what_its_horizon_hid() {
        let board: crate::engine::board::Board = "X../.O./..X".parse().unwrap();
        let analysis = crate::engine::minimax::plain(&board);
        let edges = [
            Cell::new(0, 1),
            Cell::new(1, 0),
            Cell::new(1, 2),
            Cell::new(2, 1),
        ];
        let view = ScoreView::SideToMove;
        let lines = computer_reasoning(&analysis, edges[0], &edges, Difficulty::Perfect, view);
        assert_eq!(lines[0], "O played row 1, column 2: score 0, draw.");
        assert_eq!(
            lines[1],
            "Picked at random among 4 moves it rated equally good: r1c2, r2c1, r2c3, r3c2."
        );
        assert_eq!(lines.len(), 2);
        // Medium sees two plies: the corners' loss at depth 3 is beyond it.
        let corners = [Cell::new(0, 2), Cell::new(2, 0)];
        let all: Vec<Cell> = edges.iter().chain(&corners).copied().collect();
        let lines = computer_reasoning(&analysis, corners[0], &all, Difficulty::Medium, view);
        assert!(lines[2].starts_with("At Medium it looks 2 plies ahead"));
        assert_eq!(
            &lines[3..],
            ["It saw r1c3, r3c1 as a draw (0); really -7: loses in 2."]
        );
        let lines = computer_reasoning(
            &analysis,
            corners[0],
            &all,
            Difficulty::Medium,
            ScoreView::Articles,
        );
        assert_eq!(lines[0], "O played row 1, column 3: score 7, X wins in 2.");
        assert_eq!(
            lines[3],
            "It saw r1c3, r3c1 as a draw (0); really 7: X wins in 2."
        );
    }

    #[test]
    fn bounds_are_said_with_the_marks_they_are_about() {
        use crate::engine::minimax::MoveBound;
        let geometry = Geometry::new(4, 4, 4).unwrap(); // W = 17
        let cell = Cell::new(0, 0);
        let bound = |lower: i32, upper: i32| MoveBound {
            cell,
            lower: Score::new(lower),
            upper: Score::new(upper),
        };
        // At least a win at depth 4 (17 - 4 = 13): X wins by its 3rd move at the latest.
        assert_eq!(
            bound_words(&bound(13, 17), Mark::X, geometry),
            "X wins by its 3rd move"
        );
        // At most a loss at depth 1: O wins with its next move.
        assert_eq!(
            bound_words(&bound(-16, -16), Mark::X, geometry),
            "O wins by its 1st move"
        );
        assert_eq!(
            bound_words(&bound(0, 17), Mark::O, geometry),
            "O: at least a draw"
        );
        assert_eq!(
            bound_words(&bound(-16, 0), Mark::O, geometry),
            "O does not win"
        );
        assert_eq!(
            bound_words(&bound(-16, 17), Mark::O, geometry),
            "not known yet"
        );
        let estimate = |points, mover, view| estimate_text(&seen(view, mover), points);
        assert_eq!(estimate(37, Mark::O, ScoreView::SideToMove), "~+37");
        assert_eq!(estimate(37, Mark::O, ScoreView::Articles), "~-37");
        assert_eq!(estimate(-5, Mark::X, ScoreView::Articles), "~-5");
    }
}
