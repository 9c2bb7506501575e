//! Practice positions: positions where exactly one move keeps the best result (a win, a block,
//! making or stopping a fork), found by the engine among every position of a game, and a deck that
//! deals them, more often of the lessons the player gets wrong. Nothing here knows egui.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::minimax::Analysis;
use crate::learn::review::MoveClass;

/// What a practice position teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lesson {
    /// The only good move wins at once.
    Win,
    /// The only good move blocks the opponent's line.
    Block,
    /// The only good move makes two threats at once.
    Fork,
    /// The only good move keeps the opponent from making two threats.
    StopFork,
    /// The only good move starts a forced win: a threat the opponent must answer, then a win the
    /// opponent cannot stop, though no single move wins or forks yet.
    ForcedWin,
}

impl Lesson {
    pub const ALL: [Lesson; 5] = [
        Lesson::Win,
        Lesson::Block,
        Lesson::Fork,
        Lesson::StopFork,
        Lesson::ForcedWin,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Lesson::Win => "win",
            Lesson::Block => "block",
            Lesson::Fork => "make a fork",
            Lesson::StopFork => "stop a fork",
            Lesson::ForcedWin => "force a win",
        }
    }

    fn index(self) -> usize {
        Lesson::ALL.iter().position(|&t| t == self).unwrap()
    }
}

/// A position where exactly one move keeps the best result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercise {
    pub board: Board,
    pub answer: Cell,
    pub lesson: Lesson,
}

/// Whether `analysis` makes an exercise: exactly one move keeps the best result, every other
/// move does worse than an inaccuracy, and the move has a lesson a learner can name.
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
    let lesson = if after.outcome().winner() == Some(mover) {
        Lesson::Win
    } else if board
        .winning_cells(mover.opponent())
        .any(|cell| cell == answer)
    {
        Lesson::Block
    } else if after.winning_cells(mover).count() >= 2 {
        Lesson::Fork
    } else if best.is_win() {
        // A win that needs more than one move: stopping the opponent's fork is not what it
        // teaches, even where the opponent has one.
        Lesson::ForcedWin
    } else if makes_fork_somewhere(&board.with_to_move(mover.opponent())) {
        Lesson::StopFork
    } else {
        return None;
    };
    Some(Exercise {
        board,
        answer,
        lesson,
    })
}

/// Whether the side to move on `board` has a move that makes two threats at once.
fn makes_fork_somewhere(board: &Board) -> bool {
    let mover = board.to_move();
    board.legal_moves().any(|cell| {
        board.after(cell).is_ok_and(|after| {
            after.outcome() == Outcome::Ongoing && after.winning_cells(mover).count() >= 2
        })
    })
}

/// Every exercise in the games of `start` that can arise (each position once), found with
/// `analyze`; the first error `analyze` gives (a cancelled search) ends it.
pub fn exercises<E>(
    start: &Board,
    analyze: &mut dyn FnMut(&Board) -> Result<Analysis, E>,
) -> Result<Vec<Exercise>, E> {
    let mut seen = std::collections::HashSet::new();
    let mut frontier = vec![*start];
    let mut found = Vec::new();
    while let Some(board) = frontier.pop() {
        if board.outcome().is_over() || !seen.insert(board) {
            continue;
        }
        let analysis = analyze(&board)?;
        found.extend(exercise(&analysis));
        frontier.extend(
            board
                .legal_moves()
                .filter_map(|cell| board.after(cell).ok()),
        );
    }
    // The same order every run, whatever the hash set did.
    found.sort_by_key(|e| (e.lesson.index(), e.board.to_string()));
    Ok(found)
}

/// What became of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    pub correct: bool,
    /// Correct answers in a row, this one counted.
    pub streak: u32,
}

/// Practice positions dealt one at a time, more often of the lessons the player gets wrong.
pub struct Deck {
    exercises: Vec<Exercise>,
    /// Wrong answers per lesson (in [`Lesson::ALL`]'s order), softened by right ones.
    misses: [u32; Lesson::ALL.len()],
    streak: u32,
    best_streak: u32,
    rng: StdRng,
    last: Option<usize>,
}

impl Deck {
    pub fn new(exercises: Vec<Exercise>, seed: u64) -> Deck {
        Deck {
            exercises,
            misses: [0; Lesson::ALL.len()],
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

    /// How many of each lesson there are.
    fn lesson_counts(&self) -> [usize; Lesson::ALL.len()] {
        let mut counts = [0; Lesson::ALL.len()];
        for e in &self.exercises {
            counts[e.lesson.index()] += 1;
        }
        counts
    }

    /// The weight of a lesson when dealing: 1, plus 2 for every miss not yet made up for.
    pub fn weight(&self, lesson: Lesson) -> u32 {
        1 + 2 * self.misses[lesson.index()]
    }

    /// The next position: first a lesson, weighted by [`Deck::weight`], then a position of it,
    /// never the one just dealt.
    pub fn deal(&mut self) -> Option<&Exercise> {
        let counts = self.lesson_counts();
        let lessons: Vec<Lesson> = Lesson::ALL
            .into_iter()
            .filter(|t| counts[t.index()] > 0)
            .collect();
        let misses = self.misses;
        let lesson = *lessons
            .choose_weighted(&mut self.rng, |&t| 1 + 2 * misses[t.index()])
            .ok()?;
        let candidates: Vec<usize> = (0..self.exercises.len())
            .filter(|&i| self.exercises[i].lesson == lesson && Some(i) != self.last)
            .collect();
        let index = *candidates.choose(&mut self.rng).or(self
            .last
            .as_ref()
            .filter(|&&i| self.exercises[i].lesson == lesson))?;
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
        let (correct, lesson) = (exercise.answer == cell, exercise.lesson.index());
        if correct {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            self.misses[lesson] = self.misses[lesson].saturating_sub(1);
        } else {
            self.streak = 0;
            self.misses[lesson] += 1;
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
    use crate::engine::minimax::plain;

    /// Issue 31, item 7: O to move on `.../..X/OX.` wins by force with row 1, column 1 (a threat
    /// in the first column, then a fork); the opponent's possible fork is beside the point.
    #[test]
    fn a_forced_win_is_not_called_stopping_a_fork() {
        let board: Board = ".../..X/OX.".parse().unwrap();
        let board = board.with_to_move(crate::engine::board::Mark::O);
        let found = exercise(&plain(&board)).expect("one move wins by force");
        assert_eq!(found.answer, Cell::new(0, 0));
        assert_eq!(found.lesson, Lesson::ForcedWin);
        assert_eq!(found.lesson.name(), "force a win");
        // No exercise anywhere calls a won position's one move a fork stopped.
        let all = exercises(&Board::classic(), &mut |b| Ok::<_, ()>(plain(b))).unwrap();
        for e in all.iter().filter(|e| e.lesson == Lesson::StopFork) {
            assert!(
                !plain(&e.board).best_score().unwrap().is_win(),
                "{}",
                e.board
            );
        }
    }

    #[test]
    fn the_deck_deals_more_of_what_is_missed() {
        let exercises = exercises(&Board::classic(), &mut |b| Ok::<_, ()>(plain(b))).unwrap();
        let mut deck = Deck::new(exercises, 1);
        assert!(
            Lesson::ALL
                .iter()
                .all(|&t| deck.lesson_counts()[t.index()] > 0)
        );
        for _ in 0..3 {
            let dealt = deck.deal().unwrap().clone();
            let wrong = dealt
                .board
                .legal_moves()
                .find(|&c| c != dealt.answer)
                .unwrap();
            let lesson = dealt.lesson;
            let before = deck.weight(lesson);
            assert_eq!(
                deck.answer(wrong).unwrap(),
                Answered {
                    correct: false,
                    streak: 0
                }
            );
            assert_eq!(deck.weight(lesson), before + 2);
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
