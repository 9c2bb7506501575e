//! Practice positions: positions where exactly one move keeps the best result (a win, a block,
//! making or stopping a fork), found by the engine among every position of a game, and a deck that
//! deals them, more often of the lessons the player gets wrong. Nothing here knows egui.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::minimax::Analysis;
use crate::engine::score::Score;
use crate::review::{MoveClass, ReviewedMove};

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
    /// A move of the learner's own game that none of the other lessons names: the best result
    /// had to be kept (or the loss put off) another way.
    KeepBest,
}

impl Lesson {
    pub const ALL: [Lesson; 6] = [
        Lesson::Win,
        Lesson::Block,
        Lesson::Fork,
        Lesson::StopFork,
        Lesson::ForcedWin,
        Lesson::KeepBest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Lesson::Win => "win",
            Lesson::Block => "block",
            Lesson::Fork => "make a fork",
            Lesson::StopFork => "stop a fork",
            Lesson::ForcedWin => "force a win",
            Lesson::KeepBest => "keep the best result",
        }
    }

    fn index(self) -> usize {
        Lesson::ALL.iter().position(|&t| t == self).unwrap()
    }
}

/// A position to solve: the engine's, where exactly one move keeps the best result, or one of
/// the learner's own games, where they played a move that was not best.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercise {
    pub board: Board,
    /// The engine's best move (the first in row-major order when several keep the best result).
    pub answer: Cell,
    /// Every move that keeps the best result: `answer` alone in the engine's positions.
    pub good: Vec<Cell>,
    pub lesson: Lesson,
    /// The learner's own move this position comes from; `None` for the engine's positions.
    pub from_game: Option<OwnMove>,
}

/// A move of the learner's that was not best, as a practice position remembers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnMove {
    /// 1 for the first move of the game.
    pub ply: usize,
    pub played: Cell,
    pub class: MoveClass,
    /// What the best move keeps.
    pub goal: Goal,
}

/// What the best move of a position keeps, from its exact score for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    Win,
    Draw,
    /// The game is lost whatever is played: the best move loses as late as possible.
    HoldOut,
}

impl Goal {
    pub fn of(best: Score) -> Goal {
        if best.is_win() {
            Goal::Win
        } else if best.is_loss() {
            Goal::HoldOut
        } else {
            Goal::Draw
        }
    }

    /// "find the move that keeps the draw", as the practice prompt puts it.
    pub fn task(self) -> &'static str {
        match self {
            Goal::Win => "find the move that wins fastest",
            Goal::Draw => "find the move that keeps the draw",
            Goal::HoldOut => "find the move that loses last",
        }
    }
}

impl Exercise {
    /// Whether `cell` keeps the best result.
    pub fn is_good(&self, cell: Cell) -> bool {
        self.good.contains(&cell)
    }
}

/// The learner's move `m`, when it was not best, as a practice position: the position before it,
/// its best moves the answers, its lesson as [`exercise`] would name the engine's best move (or
/// [`Lesson::KeepBest`]).
pub fn from_mistake(m: &ReviewedMove) -> Option<Exercise> {
    if m.class == MoveClass::Best {
        return None;
    }
    let answer = *m.best_moves.first()?;
    Some(Exercise {
        board: m.before,
        answer,
        good: m.best_moves.clone(),
        lesson: lesson_of(&m.before, answer, m.best_score).unwrap_or(Lesson::KeepBest),
        from_game: Some(OwnMove {
            ply: m.ply,
            played: m.cell,
            class: m.class,
            goal: Goal::of(m.best_score),
        }),
    })
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
    Some(Exercise {
        board,
        answer,
        good: vec![answer],
        lesson: lesson_of(&board, answer, best)?,
        from_game: None,
    })
}

/// What playing `answer` on `board` teaches, when its score `best` is the best there is; `None`
/// when no lesson names it.
fn lesson_of(board: &Board, answer: Cell, best: Score) -> Option<Lesson> {
    let mover = board.to_move();
    let after = board.after(answer).ok()?;
    Some(if after.outcome().winner() == Some(mover) {
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
    /// The learner's own positions not dealt yet (indices into `exercises`): dealt first, in
    /// the order they were played.
    own_waiting: std::collections::VecDeque<usize>,
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
            own_waiting: std::collections::VecDeque::new(),
        }
    }

    /// Adds a position of the learner's own game (see [`from_mistake`]); it is dealt before any
    /// of the engine's, and stays in the deck afterwards.
    pub fn add_own(&mut self, exercise: Exercise) {
        self.own_waiting.push_back(self.exercises.len());
        self.exercises.push(exercise);
    }

    /// How many positions come from the learner's own games.
    pub fn own_len(&self) -> usize {
        self.exercises
            .iter()
            .filter(|e| e.from_game.is_some())
            .count()
    }

    /// How many of the learner's own positions wait to be dealt.
    pub fn own_waiting(&self) -> usize {
        self.own_waiting.len()
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
        if let Some(own) = self.own_waiting.pop_front() {
            self.last = Some(own);
            return Some(&self.exercises[own]);
        }
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
        let (correct, lesson) = (exercise.is_good(cell), exercise.lesson.index());
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

/// The lessons the learner gets wrong over a session: their own games' mistakes and their wrong
/// practice answers, counted by lesson.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Themes {
    missed: [u32; Lesson::ALL.len()],
}

impl Themes {
    pub fn record(&mut self, lesson: Lesson) {
        self.missed[lesson.index()] += 1;
    }

    /// The lessons missed, most often first (ties in [`Lesson::ALL`]'s order), with how often.
    pub fn most_missed(&self) -> Vec<(Lesson, u32)> {
        let mut missed: Vec<(Lesson, u32)> = Lesson::ALL
            .into_iter()
            .map(|lesson| (lesson, self.missed[lesson.index()]))
            .filter(|&(_, n)| n > 0)
            .collect();
        crate::short_sort::sort_short_by_key(&mut missed, |&(lesson, n)| {
            (std::cmp::Reverse(n), lesson.index())
        });
        missed
    }

    /// "block (3), stop a fork (1)": the three lessons missed most; `None` before any miss.
    pub fn summary(&self) -> Option<String> {
        let parts: Vec<String> = self
            .most_missed()
            .into_iter()
            .take(3)
            .map(|(lesson, n)| format!("{} ({n})", lesson.name()))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;

    /// O to move on `.../..X/OX.` wins by force with row 1, column 1 (a threat
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
    fn a_blunder_comes_back_as_a_position_whose_one_good_move_is_the_engines() {
        // X to move on XO./.O./... must block the middle column; the corner row 3, column 3
        // loses at once.
        let board: Board = "XO./.O./...".parse().unwrap();
        let analysis = plain(&board);
        let played = Cell::new(2, 2);
        let reviewed = ReviewedMove::new(3, &board, played, &analysis).unwrap();
        assert_eq!(reviewed.class, MoveClass::Blunder);
        let own = from_mistake(&reviewed).unwrap();
        let engines: Vec<Cell> = analysis.best_moves().map(|m| m.cell).collect();
        assert_eq!(engines, vec![Cell::new(2, 1)]);
        assert_eq!(own.good, engines);
        assert_eq!(own.answer, Cell::new(2, 1));
        assert_eq!(own.lesson, Lesson::Block);
        let from = own.from_game.unwrap();
        assert_eq!(
            (from.ply, from.played, from.class),
            (3, played, MoveClass::Blunder)
        );
        assert_eq!(from.goal.task(), "find the move that keeps the draw");
        // A best move is no mistake to practise.
        let best = ReviewedMove::new(3, &board, Cell::new(2, 1), &analysis).unwrap();
        assert_eq!(from_mistake(&best), None);
        // Dealt before the engine's positions, then answered by the engine's move.
        let mut deck = Deck::new(
            exercises(&Board::classic(), &mut |b| Ok::<_, ()>(plain(b))).unwrap(),
            3,
        );
        deck.add_own(own.clone());
        assert_eq!(deck.own_waiting(), 1);
        assert_eq!(deck.deal(), Some(&own));
        assert!(!deck.answer(played).unwrap().correct);
        assert!(deck.answer(Cell::new(2, 1)).unwrap().correct);
        assert_eq!(deck.own_waiting(), 0);
        assert_ne!(deck.deal(), Some(&own));
    }

    #[test]
    fn themes_list_the_lessons_missed_most_first() {
        let mut themes = Themes::default();
        assert_eq!(themes.summary(), None);
        themes.record(Lesson::StopFork);
        themes.record(Lesson::Block);
        themes.record(Lesson::Block);
        assert_eq!(themes.summary().unwrap(), "block (2), stop a fork (1)");
    }

    #[test]
    fn the_deck_deals_more_of_what_is_missed() {
        let exercises = exercises(&Board::classic(), &mut |b| Ok::<_, ()>(plain(b))).unwrap();
        let mut deck = Deck::new(exercises, 1);
        // Every lesson but the one only the learner's own games have.
        assert!(
            Lesson::ALL
                .iter()
                .filter(|&&t| t != Lesson::KeepBest)
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
