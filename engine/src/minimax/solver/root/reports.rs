//! What the threads report back: each bound and settled move passed on to the caller as it
//! comes, gathered into the analysis at the end.

use crate::board::{Board, Geometry};
use crate::minimax::analysis::{
    Algorithm, Analysis, MoveBound, MoveScore, RootReport, SearchStats,
};
use crate::minimax::control::{Stop, Stopped};
use crate::score::Score;

/// What a search thread tells the [`Reports`] (each thread tells it itself, under its lock).
pub(in crate::minimax::solver) enum Message {
    Bound(usize, MoveBound),
    Settled(usize, MoveScore),
    Stopped(Stop),
    /// A thread is done with a pass, having searched `nodes` positions in it.
    Finished {
        nodes: u64,
    },
}

/// What the threads have told so far, passed on to the caller's `on_report` as it comes.
pub(in crate::minimax::solver) struct Reports<'r> {
    pub(super) geometry: Geometry,
    pub(super) settled: Vec<Option<MoveScore>>,
    pub(super) bounds: Vec<MoveBound>,
    pub(super) stop: Option<Stop>,
    pub(super) nodes: u64,
    on_report: &'r mut (dyn FnMut(RootReport) + Send),
}

impl<'r> Reports<'r> {
    pub(in crate::minimax::solver) fn new(
        moves: &[usize],
        geometry: Geometry,
        on_report: &'r mut (dyn FnMut(RootReport) + Send),
    ) -> Reports<'r> {
        Reports {
            geometry,
            settled: vec![None; moves.len()],
            bounds: moves
                .iter()
                .map(|&index| MoveBound::unknown(geometry.cell(index), geometry))
                .collect(),
            stop: None,
            // The root, which no run counts: each counts the positions it searched.
            nodes: 1,
            on_report,
        }
    }

    pub(super) fn receive(&mut self, message: Message) {
        match message {
            Message::Bound(slot, bound) => {
                // Passes ask different questions: each bound narrows what the last ones said.
                let known = &mut self.bounds[slot];
                let narrowed = MoveBound {
                    lower: known.lower.max(bound.lower),
                    upper: known.upper.min(bound.upper),
                    ..bound
                };
                if narrowed != *known {
                    *known = narrowed;
                    (self.on_report)(RootReport::Bounded(narrowed));
                }
            }
            Message::Settled(slot, score) => {
                (self.on_report)(RootReport::Settled(&score));
                self.settled[slot] = Some(score);
            }
            Message::Stopped(reason) => {
                self.stop.get_or_insert(reason);
            }
            Message::Finished { nodes } => self.nodes += nodes,
        }
    }

    /// The best score settled so far.
    pub(super) fn best_settled(&self) -> Option<Score> {
        self.settled
            .iter()
            .flatten()
            .map(|settled| settled.score)
            .max()
    }

    /// The analysis of `board`, begun at `started`: the settled moves, and when the search
    /// stopped, the bounds of the others.
    pub(in crate::minimax::solver) fn finish(
        self,
        board: &Board,
        started: crate::platform::Instant,
    ) -> Result<Analysis, Stopped> {
        let stats = SearchStats {
            algorithm: Algorithm::Solver,
            nodes: self.nodes,
            elapsed: started.elapsed(),
        };
        let analysis = Analysis {
            board: *board,
            moves: self.settled.iter().flatten().cloned().collect(),
            stats,
        };
        match self.stop {
            None => Ok(analysis),
            Some(reason) => Err(Stopped {
                reason,
                bounds: self
                    .bounds
                    .into_iter()
                    .zip(&self.settled)
                    .filter(|(bound, score)| score.is_none() && bound.is_known(self.geometry))
                    .map(|(bound, _)| bound)
                    .collect(),
                partial: Box::new(analysis),
            }),
        }
    }
}
