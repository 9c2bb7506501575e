//! Coaching, from the engine's exact scores: a game reviewed move by move, hints, the opponent's
//! threat, and practice positions. Nothing here knows egui; the app and `tictactoe review`
//! present it.
//!
//! Every number is exact: a move's score and the best score before it both come from the analysis
//! of the position before the move, both from the mover's side.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use thiserror::Error;

use crate::board::{Board, Cell, Mark, Outcome, PlayError};
use crate::minimax::Analysis;
use crate::score::{Score, Verdict};

/// How good a move was, from its score `s` and the best score `b` there was, both for the mover.
///
/// Every move has exactly one class: with `s == b` it is best; otherwise `s < b` and either the
/// result stayed the same but slower (both positive or both negative: an inaccuracy), or a won
/// game became a draw (`b > 0`, `s == 0`: a mistake), or a game not lost became lost (`b >= 0`,
/// `s < 0`: a blunder). A win can never become a draw from a loss, so nothing else is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveClass {
    Best,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    pub const ALL: [MoveClass; 4] = [
        MoveClass::Best,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move that scores `score` where `best` was available.
    pub fn of(score: Score, best: Score) -> MoveClass {
        debug_assert!(score <= best, "no move beats the best one");
        let (s, b) = (score.value(), best.value());
        if s >= b {
            MoveClass::Best
        } else if b >= 0 && s < 0 {
            MoveClass::Blunder
        } else if b > 0 && s == 0 {
            MoveClass::Mistake
        } else {
            // Both positive (a slower win) or both negative (a faster loss).
            MoveClass::Inaccuracy
        }
    }

    /// The name `tictactoe review` prints, and screen readers say.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The sign chess annotators use: "" for best, "?!", "?", "??".
    pub fn sign(self) -> &'static str {
        match self {
            MoveClass::Best => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    /// What it means, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            MoveClass::Best => "keeps the best result there was",
            MoveClass::Inaccuracy => "the same result, but a slower win or a faster loss",
            MoveClass::Mistake => "lets a won game go to a draw",
            MoveClass::Blunder => "turns a game that was not lost into a loss",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of a game, reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewedMove {
    /// 1 for the first move of the game.
    pub ply: usize,
    pub mark: Mark,
    pub cell: Cell,
    /// The position before the move.
    pub before: Board,
    /// The move's score, for the mover.
    pub score: Score,
    /// The best score there was, for the mover.
    pub best_score: Score,
    pub class: MoveClass,
    /// The moves that had the best score, in row-major order.
    pub best_moves: Vec<Cell>,
}

impl ReviewedMove {
    /// Reviews playing `cell` on `before`, whose analysis is `analysis`. `None` if `cell` is not
    /// one of its moves.
    pub fn new(
        ply: usize,
        before: &Board,
        cell: Cell,
        analysis: &Analysis,
    ) -> Option<ReviewedMove> {
        let score = analysis.get(cell)?.score;
        let best_score = analysis.best_score()?;
        Some(ReviewedMove {
            ply,
            mark: before.to_move(),
            cell,
            before: *before,
            score,
            best_score,
            class: MoveClass::of(score, best_score),
            best_moves: analysis.best_moves().map(|m| m.cell).collect(),
        })
    }
}

/// A move list that cannot be played, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("move {ply} ({}): {reason}", cell.human())]
pub struct BadMove {
    /// 1 for the first move.
    pub ply: usize,
    pub cell: Cell,
    pub reason: PlayError,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub moves: Vec<ReviewedMove>,
    /// The position after the last move.
    pub end: Board,
}

impl Review {
    /// Plays `moves` from `start` and reviews each one with `analyze`.
    pub fn of_game(
        start: &Board,
        moves: &[Cell],
        analyze: &mut dyn FnMut(&Board) -> Analysis,
    ) -> Result<Review, BadMove> {
        let mut board = *start;
        let mut reviewed = Vec::with_capacity(moves.len());
        for (index, &cell) in moves.iter().enumerate() {
            let ply = index + 1;
            let after = board
                .after(cell)
                .map_err(|reason| BadMove { ply, cell, reason })?;
            let analysis = analyze(&board);
            let one = ReviewedMove::new(ply, &board, cell, &analysis)
                .expect("a legal move of an ongoing game is among its analysed moves");
            reviewed.push(one);
            board = after;
        }
        Ok(Review {
            moves: reviewed,
            end: board,
        })
    }

    pub fn outcome(&self) -> Outcome {
        self.end.outcome()
    }

    /// How many moves of each class (of `mark`'s moves, or of all), in [`MoveClass::ALL`]'s
    /// order.
    pub fn counts(&self, mark: Option<Mark>) -> [usize; 4] {
        class_counts(
            self.moves
                .iter()
                .filter(|m| mark.is_none_or(|mark| m.mark == mark)),
        )
    }

    /// One line: "2 inaccuracies, 1 blunder", or "every move was best".
    pub fn summary(&self, mark: Option<Mark>) -> String {
        summary(self.counts(mark))
    }

    /// The share of `mark`'s moves that were best, if it moved.
    pub fn accuracy(&self, mark: Mark) -> Option<Accuracy> {
        let counts = self.counts(Some(mark));
        let moves: usize = counts.iter().sum();
        (moves > 0).then_some(Accuracy {
            best: counts[0],
            moves,
        })
    }
}

/// How many of `moves` are of each class, in [`MoveClass::ALL`]'s order.
pub fn class_counts<'a>(moves: impl IntoIterator<Item = &'a ReviewedMove>) -> [usize; 4] {
    let mut counts = [0; 4];
    for m in moves {
        counts[MoveClass::ALL.iter().position(|&c| c == m.class).unwrap()] += 1;
    }
    counts
}

/// "2 inaccuracies, 1 blunder" from the counts of [`Review::counts`].
pub fn summary(counts: [usize; 4]) -> String {
    let parts: Vec<String> = MoveClass::ALL[1..]
        .iter()
        .zip(&counts[1..])
        .filter(|&(_, &n)| n > 0)
        .map(|(class, &n)| match (class, n) {
            (MoveClass::Inaccuracy, 1) => "1 inaccuracy".to_string(),
            (MoveClass::Inaccuracy, n) => format!("{n} inaccuracies"),
            (class, 1) => format!("1 {class}"),
            (class, n) => format!("{n} {class}s"),
        })
        .collect();
    if parts.is_empty() {
        "every move was best".to_string()
    } else {
        parts.join(", ")
    }
}

/// Best moves out of all moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Accuracy {
    pub best: usize,
    pub moves: usize,
}

impl std::ops::AddAssign for Accuracy {
    fn add_assign(&mut self, other: Accuracy) {
        self.best += other.best;
        self.moves += other.moves;
    }
}

impl Accuracy {
    /// The share of best moves, in percent (100 before any move).
    pub fn percent(self) -> u32 {
        (100 * self.best).checked_div(self.moves).unwrap_or(100) as u32
    }
}

/// What the opponent would do if it were its turn now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The side that threatens: the one not to move.
    pub mark: Mark,
    /// Its best move (the first in row-major order).
    pub cell: Cell,
    /// That move's score, for `mark`.
    pub score: Score,
}

impl Threat {
    /// The opponent's best move on `board` as if it were its turn, from the analysis of
    /// [`Board::passed`]. `None` when the game is over.
    pub fn of(passed: &Analysis) -> Option<Threat> {
        let best = passed.best()?;
        Some(Threat {
            mark: passed.board.to_move(),
            cell: best.cell,
            score: best.score,
        })
    }

    /// "O would win at row 2, column 3", "O would play row 1, column 1: then O wins with its 2nd
    /// move", or "… : a draw".
    pub fn describe(&self, board: &Board) -> String {
        let geometry = board.geometry();
        let (mark, at) = (self.mark, self.cell.human());
        match self.score.verdict(geometry) {
            Verdict::Win { moves: 1 } => format!("{mark} would win at {at}"),
            Verdict::Win { moves } => format!(
                "{mark} would play {at}: then {mark} wins with its {} move",
                crate::explain::ordinal(moves)
            ),
            Verdict::Draw => format!("{mark} would play {at}: then a draw with best play"),
            Verdict::Loss { .. } => format!(
                "{mark} would play {at}, but {} still wins with best play",
                mark.opponent()
            ),
        }
    }
}

/// What a practice position teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The only good move wins at once.
    Win,
    /// The only good move blocks the opponent's line.
    Block,
    /// The only good move makes two threats at once.
    Fork,
    /// The only good move keeps the opponent from making two threats.
    StopFork,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Win, Theme::Block, Theme::Fork, Theme::StopFork];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Win => "win",
            Theme::Block => "block",
            Theme::Fork => "make a fork",
            Theme::StopFork => "stop a fork",
        }
    }

    fn index(self) -> usize {
        Theme::ALL.iter().position(|&t| t == self).unwrap()
    }
}

/// A position where exactly one move keeps the best result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    pub board: Board,
    pub answer: Cell,
    pub theme: Theme,
}

/// The cells where `mark` would complete a line on `board` with one more mark.
fn winning_cells(board: &Board, mark: Mark) -> Vec<Cell> {
    board
        .empty_cells()
        .filter(|&cell| {
            let mut probe = board.with_to_move(mark);
            probe.play(cell).is_ok() && probe.outcome().winner() == Some(mark)
        })
        .collect()
}

/// Whether `analysis` makes an exercise: exactly one move keeps the best result, every other
/// move does worse than an inaccuracy, and the move has a theme a learner can name.
pub fn exercise(analysis: &Analysis) -> Option<Exercise> {
    let board = analysis.board;
    let best = analysis.best_score()?;
    let mut best_moves = analysis.best_moves();
    let answer = best_moves.next()?.cell;
    if best_moves.next().is_some() || analysis.moves.len() < 2 {
        return None;
    }
    let all_others_costly = analysis.moves.iter().filter(|m| m.cell != answer).all(|m| {
        matches!(
            MoveClass::of(m.score, best),
            MoveClass::Mistake | MoveClass::Blunder
        )
    });
    if !all_others_costly {
        return None;
    }
    let mover = board.to_move();
    let after = board.after(answer).ok()?;
    let theme = if after.outcome().winner() == Some(mover) {
        Theme::Win
    } else if winning_cells(&board, mover.opponent()).contains(&answer) {
        Theme::Block
    } else if winning_cells(&after, mover).len() >= 2 {
        Theme::Fork
    } else if makes_fork_somewhere(&board.with_to_move(mover.opponent())) {
        Theme::StopFork
    } else {
        return None;
    };
    Some(Exercise {
        board,
        answer,
        theme,
    })
}

/// Whether the side to move on `board` has a move that makes two threats at once.
fn makes_fork_somewhere(board: &Board) -> bool {
    let mover = board.to_move();
    board.legal_moves().any(|cell| {
        board.after(cell).is_ok_and(|after| {
            after.outcome() == Outcome::Ongoing && winning_cells(&after, mover).len() >= 2
        })
    })
}

/// Every exercise in the games of `start` that can arise (each position once), found with
/// `analyze`.
pub fn exercises(start: &Board, analyze: &mut dyn FnMut(&Board) -> Analysis) -> Vec<Exercise> {
    let mut seen = std::collections::HashSet::new();
    let mut frontier = vec![*start];
    let mut found = Vec::new();
    while let Some(board) = frontier.pop() {
        if board.outcome().is_over() || !seen.insert(board) {
            continue;
        }
        let analysis = analyze(&board);
        found.extend(exercise(&analysis));
        frontier.extend(
            board
                .legal_moves()
                .filter_map(|cell| board.after(cell).ok()),
        );
    }
    // The same order every run, whatever the hash set did.
    found.sort_by_key(|e| (e.theme.index(), e.board.to_string()));
    found
}

/// What became of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    pub correct: bool,
    /// Correct answers in a row, this one counted.
    pub streak: u32,
}

/// Practice positions dealt one at a time, more often of the themes the player gets wrong.
pub struct Deck {
    exercises: Vec<Exercise>,
    /// Wrong answers per theme (in [`Theme::ALL`]'s order), softened by right ones.
    misses: [u32; 4],
    streak: u32,
    best_streak: u32,
    rng: StdRng,
    last: Option<usize>,
}

impl Deck {
    pub fn new(exercises: Vec<Exercise>, seed: u64) -> Deck {
        Deck {
            exercises,
            misses: [0; 4],
            streak: 0,
            best_streak: 0,
            rng: StdRng::seed_from_u64(seed),
            last: None,
        }
    }

    pub fn len(&self) -> usize {
        self.exercises.len()
    }

    pub fn is_empty(&self) -> bool {
        self.exercises.is_empty()
    }

    /// How many of each theme there are.
    pub fn theme_counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for e in &self.exercises {
            counts[e.theme.index()] += 1;
        }
        counts
    }

    /// The weight of a theme when dealing: 1, plus 2 for every miss not yet made up for.
    pub fn weight(&self, theme: Theme) -> u32 {
        1 + 2 * self.misses[theme.index()]
    }

    /// The next position: first a theme, weighted by [`Deck::weight`], then a position of it,
    /// never the one just dealt.
    pub fn deal(&mut self) -> Option<&Exercise> {
        let counts = self.theme_counts();
        let themes: Vec<Theme> = Theme::ALL
            .into_iter()
            .filter(|t| counts[t.index()] > 0)
            .collect();
        let misses = self.misses;
        let theme = *themes
            .choose_weighted(&mut self.rng, |&t| 1 + 2 * misses[t.index()])
            .ok()?;
        let candidates: Vec<usize> = (0..self.exercises.len())
            .filter(|&i| self.exercises[i].theme == theme && Some(i) != self.last)
            .collect();
        let index = *candidates.choose(&mut self.rng).or(self
            .last
            .as_ref()
            .filter(|&&i| self.exercises[i].theme == theme))?;
        self.last = Some(index);
        Some(&self.exercises[index])
    }

    /// The position dealt last.
    pub fn current(&self) -> Option<&Exercise> {
        self.last.map(|i| &self.exercises[i])
    }

    /// Records the answer `cell` to the position dealt last.
    pub fn answer(&mut self, cell: Cell) -> Option<Answered> {
        let exercise = self.current()?;
        let (correct, theme) = (exercise.answer == cell, exercise.theme.index());
        if correct {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            self.misses[theme] = self.misses[theme].saturating_sub(1);
        } else {
            self.streak = 0;
            self.misses[theme] += 1;
        }
        Some(Answered {
            correct,
            streak: self.streak,
        })
    }

    pub fn streak(&self) -> u32 {
        self.streak
    }

    pub fn best_streak(&self) -> u32 {
        self.best_streak
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::plain;

    #[test]
    fn the_classes_follow_the_issue_on_every_pair_of_scores() {
        let class = |s: i32, b: i32| MoveClass::of(Score::new(s), Score::new(b));
        assert_eq!(class(8, 8), MoveClass::Best);
        assert_eq!(class(-7, -7), MoveClass::Best);
        assert_eq!(class(0, 0), MoveClass::Best);
        assert_eq!(class(6, 8), MoveClass::Inaccuracy);
        assert_eq!(class(-9, -7), MoveClass::Inaccuracy);
        assert_eq!(class(0, 8), MoveClass::Mistake);
        assert_eq!(class(-9, 0), MoveClass::Blunder);
        assert_eq!(class(-9, 8), MoveClass::Blunder);
        // Every pair with s <= b on 3×3 has exactly the class the definitions give.
        for b in -10..=10 {
            for s in -10..=b {
                let expected = if s == b {
                    MoveClass::Best
                } else if (s > 0 && b > 0) || (s < 0 && b < 0) {
                    MoveClass::Inaccuracy
                } else if b > 0 && s == 0 {
                    MoveClass::Mistake
                } else {
                    assert!(b >= 0 && s < 0, "({s}, {b}) falls in no class");
                    MoveClass::Blunder
                };
                assert_eq!(class(s, b), expected, "s = {s}, b = {b}");
            }
        }
    }

    #[test]
    fn summaries_count_what_was_not_best() {
        assert_eq!(summary([5, 0, 0, 0]), "every move was best");
        assert_eq!(summary([3, 2, 0, 1]), "2 inaccuracies, 1 blunder");
        assert_eq!(summary([1, 1, 2, 0]), "1 inaccuracy, 2 mistakes");
    }

    #[test]
    fn a_threat_names_the_winning_cell() {
        // X to move; O threatens the middle column.
        let board: Board = "XOX/.O./X.."
            .parse::<Board>()
            .unwrap()
            .with_to_move(Mark::X);
        let passed = plain(&board.with_to_move(Mark::O));
        let threat = Threat::of(&passed).unwrap();
        assert_eq!(threat.mark, Mark::O);
        assert_eq!(threat.cell, Cell::new(2, 1));
        assert_eq!(threat.describe(&board), "O would win at row 3, column 2");
    }

    #[test]
    fn the_deck_deals_more_of_what_is_missed() {
        let exercises = exercises(&Board::classic(), &mut |b| plain(b));
        let mut deck = Deck::new(exercises, 1);
        assert!(
            Theme::ALL
                .iter()
                .all(|&t| deck.theme_counts()[t.index()] > 0)
        );
        for _ in 0..3 {
            let dealt = deck.deal().unwrap().clone();
            let wrong = dealt
                .board
                .legal_moves()
                .find(|&c| c != dealt.answer)
                .unwrap();
            let theme = dealt.theme;
            let before = deck.weight(theme);
            assert_eq!(
                deck.answer(wrong).unwrap(),
                Answered {
                    correct: false,
                    streak: 0
                }
            );
            assert_eq!(deck.weight(theme), before + 2);
        }
        let dealt = deck.deal().unwrap().clone();
        assert_eq!(
            deck.answer(dealt.answer).unwrap(),
            Answered {
                correct: true,
                streak: 1
            }
        );
    }
}
