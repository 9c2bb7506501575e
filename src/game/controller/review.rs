//! The review of a game as far as the searches have got, read from what is known of its
//! positions, and the session's accuracy, each finished game counted once.

use crate::game::knowledge::Knowledge;
use crate::game::record::{GameRecord, SessionAccuracy};
use crate::learn::review::{EstimatedMove, MoveReview, ReviewedMove, positions_before};

/// A game's moves as what is known of their positions reviews them: each exactly, or from the
/// moves its position's search settled, or from the computer's own estimate.
pub(super) struct GameReview<'a> {
    knowledge: &'a Knowledge,
}

impl<'a> GameReview<'a> {
    pub(super) fn of(knowledge: &'a Knowledge) -> Self {
        GameReview { knowledge }
    }

    /// Each move of `game` as its review stands: reviewed once its score and the best score
    /// there was are known (from the analysis of the position before it, or from the moves its
    /// search has settled so far, as `tictactoe review` reports a search that stopped), else
    /// what is known and whether the search stopped.
    pub(super) fn moves(&self, game: &GameRecord) -> Vec<MoveReview> {
        positions_before(&game.start, &game.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| {
                if let Some(analysis) = self.knowledge.known().analysis(&before) {
                    let m = ReviewedMove::new(ply, &before, cell, analysis)
                        .expect("a legal move of an ongoing game is among its analysed moves");
                    return MoveReview::Reviewed(m);
                }
                let (settled, bounds) = self
                    .knowledge
                    .partial_scores(&before)
                    .map_or((&[][..], &[][..]), |known| (known.settled, known.bounds));
                match ReviewedMove::from_partial(ply, &before, cell, settled, bounds) {
                    Ok(m) => MoveReview::Reviewed(m),
                    Err(known) => MoveReview::Unsettled {
                        before,
                        known,
                        stopped: self.knowledge.known().gave_up(&before).map(|s| s.reason),
                    },
                }
            })
            .collect()
    }

    /// Every move of `game` reviewed, once each is.
    pub(super) fn complete(&self, game: &GameRecord) -> Option<Vec<ReviewedMove>> {
        self.moves(game)
            .into_iter()
            .map(|m| match m {
                MoveReview::Reviewed(m) => Some(m),
                MoveReview::Unsettled { .. } => None,
            })
            .collect()
    }

    /// Each move of `game` as an estimate saw it, where its position has an estimate (and so
    /// far, maybe forever, no exact analysis); `None` elsewhere.
    pub(super) fn estimated(&self, game: &GameRecord) -> Vec<Option<EstimatedMove>> {
        positions_before(&game.start, &game.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| {
                let (estimate, _) = self.knowledge.known().estimate(&before, None)?;
                EstimatedMove::new(ply, &before, cell, estimate)
            })
            .collect()
    }
}

/// Best moves over the session's finished games: each game counted once, when every move of it
/// is reviewed, and taken back with the game.
#[derive(Debug, Default)]
pub(super) struct AccuracyTally {
    accuracy: SessionAccuracy,
    /// The game last counted, with the tally as it was before it: taking the game back puts
    /// that back.
    counted: Option<(GameRecord, SessionAccuracy)>,
}

impl AccuracyTally {
    pub(super) fn accuracy(&self) -> SessionAccuracy {
        self.accuracy
    }

    /// Counts `game`, finished with `moves` reviewed, unless it is the game last counted.
    pub(super) fn count(&mut self, game: GameRecord, moves: &[ReviewedMove]) {
        if self.has_counted(&game) {
            return;
        }
        let before = self.accuracy;
        self.accuracy += SessionAccuracy::of_game(&game, moves);
        self.counted = Some((game, before));
    }

    /// Whether `game` is the game last counted (so it must be counted again to change).
    pub(super) fn has_counted(&self, game: &GameRecord) -> bool {
        self.counted
            .as_ref()
            .is_some_and(|(counted, _)| counted == game)
    }

    /// Takes back the game last counted when it is `game` and it is being taken back.
    pub(super) fn take_back(&mut self, game: &GameRecord) {
        if let Some((counted, before)) = self.counted.take() {
            if counted == *game {
                self.accuracy = before;
            } else {
                self.counted = Some((counted, before));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{Cell, Mark};
    use crate::engine::minimax::plain;
    use crate::game::session::GameSetup;
    use crate::game::session::Session;

    /// X wins along the top row while O plays the middle row's first two cells.
    fn finished_game() -> GameRecord {
        let mut session = Session::new(GameSetup::default());
        for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
            session.play(Cell::new(row, col)).unwrap();
        }
        GameRecord::of(&session)
    }

    fn reviewed(game: &GameRecord) -> Vec<ReviewedMove> {
        positions_before(&game.start, &game.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| {
                ReviewedMove::new(ply, &before, cell, &plain(&before)).unwrap()
            })
            .collect()
    }

    #[test]
    fn a_game_is_counted_once_and_taken_back_once() {
        let game = finished_game();
        let end = game
            .moves
            .iter()
            .fold(game.start, |board, &cell| board.after(cell).unwrap());
        assert_eq!(end.outcome().winner(), Some(Mark::X));
        let moves = reviewed(&game);
        let mut tally = AccuracyTally::default();
        tally.count(game.clone(), &moves);
        let once = tally.accuracy();
        // Against the computer by default: the human is X, with three moves, all best.
        assert_eq!(
            (once.human.moves, once.human.best, once.computer.moves),
            (3, 3, 2)
        );
        tally.count(game.clone(), &moves);
        assert_eq!(tally.accuracy(), once);
        assert!(tally.has_counted(&game));
        tally.take_back(&finished_game_but_other());
        assert_eq!(tally.accuracy(), once, "another game takes nothing back");
        tally.take_back(&game);
        assert_eq!(tally.accuracy(), SessionAccuracy::default());
        assert!(!tally.has_counted(&game));
    }

    #[test]
    fn taking_back_the_second_game_keeps_the_first_counted() {
        let (first, second) = (finished_game(), finished_game_but_other());
        let mut tally = AccuracyTally::default();
        tally.count(first.clone(), &reviewed(&first));
        let after_first = tally.accuracy();
        tally.count(second.clone(), &reviewed(&second));
        assert_ne!(tally.accuracy(), after_first);
        tally.take_back(&second);
        assert_eq!(tally.accuracy(), after_first);
        assert!(
            !tally.has_counted(&first),
            "only the game last counted can be taken back"
        );
    }

    fn finished_game_but_other() -> GameRecord {
        let mut session = Session::new(GameSetup::default());
        for (row, col) in [(0, 0), (1, 0), (0, 1), (2, 0), (0, 2)] {
            session.play(Cell::new(row, col)).unwrap();
        }
        GameRecord::of(&session)
    }
}
