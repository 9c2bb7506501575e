//! The review of a game, as far as the searches have got: each move reviewed exactly, or from
//! the moves its position's search settled, or from the computer's own estimate.

use super::*;

impl GameController {
    /// Each move of `game` as its review stands: reviewed once its score and the best score
    /// there was are known (from the analysis of the position before it, or from the moves its
    /// search has settled so far, as `tictactoe review` reports a search that stopped), else
    /// what is known and whether the search stopped. The positions are searched within the
    /// review's budget ([`crate::learn::review::REVIEW_NODE_BUDGET`]) once
    /// [`GameController::want_review`] asks for them, so a big board's review fills in and ends.
    pub fn review(&self, game: &GameRecord) -> Vec<MoveReview> {
        positions_before(&game.start, &game.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| {
                if let Some(analysis) = self.analysis(&before) {
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
                        stopped: self.knowledge.gave_up(&before).map(|s| s.reason),
                    },
                }
            })
            .collect()
    }

    /// Every move of `game` reviewed, once each is ([`GameController::review`]).
    pub(super) fn complete_review(&self, game: &GameRecord) -> Option<Vec<ReviewedMove>> {
        self.review(game)
            .into_iter()
            .map(|m| match m {
                MoveReview::Reviewed(m) => Some(m),
                MoveReview::Unsettled { .. } => None,
            })
            .collect()
    }

    /// Each move of `game` as an estimate saw it, where its position has an estimate (and so
    /// far, maybe forever, no exact analysis); `None` elsewhere.
    pub fn estimated_review(&self, game: &GameRecord) -> Vec<Option<EstimatedMove>> {
        positions_before(&game.start, &game.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| {
                EstimatedMove::new(ply, &before, cell, self.estimate(&before)?)
            })
            .collect()
    }

    /// The summary of the game on the board once it is over and every move is reviewed.
    pub fn game_summary(&self) -> Option<String> {
        if !self.board().outcome().is_over() {
            return None;
        }
        let game = self.record();
        let moves = self.complete_review(&game)?;
        Some(game_summary(&game, &moves))
    }

    /// Counts a game that has just ended, once every move of it is reviewed.
    pub(super) fn count_finished_game(&mut self) {
        if !self.board().outcome().is_over() {
            return;
        }
        let game = self.record();
        if self
            .counted
            .as_ref()
            .is_some_and(|(counted, _)| *counted == game)
        {
            return;
        }
        if let Some(moves) = self.complete_review(&game) {
            let added = SessionAccuracy::of_game(&game, &moves);
            self.accuracy += added;
            self.counted = Some((game, added));
        }
    }
}
