//! The four exact searches behind one trait, the choice among them written once, and the
//! think-time policy the app's worker and the command line share: exact first, then estimate.

use std::time::Duration;

use super::{
    alpha_beta::AlphaBeta, alpha_beta_classic::alpha_beta_observed, analysis::Algorithm,
    analysis::Analysis, analysis::RootReport, control::SearchControl, control::Stop,
    control::Stopped, observe::Unobserved, plain::plain_with, solver::Solver,
};
use crate::board::Board;
use crate::platform::Instant;

/// A search that scores every legal move of a position exactly, to be stopped and watched
/// through a [`SearchControl`]. Every one gives the same scores and lines as [`Plain`], the
/// reference (`tests/search.rs` and `engine/tests/solver.rs` hold them to it).
pub trait Search {
    /// Which search this is, as [`super::analysis::SearchStats::algorithm`] names it.
    fn algorithm(&self) -> Algorithm;

    /// Every legal move of `board` under `control`, telling `on_report` what it learns of each
    /// root move as it goes (bounds, then the exact score and line). A stopped search returns the
    /// moves it settled, and bounds on the others.
    fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped>;

    /// Every legal move of `board` with its exact score and line of play, however long it takes.
    fn analyze(&mut self, board: &Board) -> Analysis {
        self.analyze_with(board, &SearchControl::new(), &mut |_| {})
            .expect(
                "a search without a budget stops only when cancelled, and nothing cancels this one",
            )
    }
}

/// Plain minimax over the whole game tree, as the classic articles write it: the reference.
#[derive(Debug, Default, Clone, Copy)]
pub struct Plain;

/// Alpha-beta as the textbooks write it: no table, moves in reading order.
#[derive(Debug, Default, Clone, Copy)]
pub struct AlphaBetaClassic;

impl Search for Plain {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Plain
    }

    fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        plain_with(board, control, &mut |settled| {
            on_report(RootReport::Settled(settled))
        })
    }
}

impl Search for AlphaBetaClassic {
    fn algorithm(&self) -> Algorithm {
        Algorithm::AlphaBetaClassic
    }

    fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        let mut on_settled = |settled: &_| on_report(RootReport::Settled(settled));
        alpha_beta_observed(board, control, &mut on_settled, &mut Unobserved)
    }
}

impl Search for AlphaBeta {
    fn algorithm(&self) -> Algorithm {
        Algorithm::AlphaBeta
    }

    fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        AlphaBeta::analyze_with(self, board, control, &mut |settled| {
            on_report(RootReport::Settled(settled))
        })
    }
}

impl Search for Solver {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Solver
    }

    fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        Solver::analyze_with(self, board, control, on_report)
    }
}

/// A fresh search of the kind `algorithm` names: the one place an [`Algorithm`] becomes a search.
pub fn fresh(algorithm: Algorithm) -> Box<dyn Search + Send> {
    match algorithm {
        Algorithm::Plain => Box::new(Plain),
        Algorithm::AlphaBetaClassic => Box::new(AlphaBetaClassic),
        Algorithm::AlphaBeta => Box::new(AlphaBeta::new()),
        Algorithm::Solver => Box::new(Solver::new()),
    }
}

/// The share of a think time the exact search gets before the estimates are made.
pub const EXACT_SHARE: f64 = 0.8;

/// The think-time policy, "exact first, then estimate": the exact search gets [`EXACT_SHARE`]
/// of the time; if it has not finished by then, every move is estimated with the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkTime {
    pub total: Duration,
}

impl ThinkTime {
    pub fn new(total: Duration) -> ThinkTime {
        ThinkTime { total }
    }

    /// How long the exact search may run.
    pub fn exact_share(self) -> Duration {
        self.total.mul_f64(EXACT_SHARE)
    }

    /// When the exact search of a think that began at `started` stops.
    pub fn exact_deadline(self, started: Instant) -> Instant {
        started + self.exact_share()
    }

    /// When the estimates of a think that began at `started` stop: the end of the think time.
    pub fn deadline(self, started: Instant) -> Instant {
        started + self.total
    }

    /// How long the estimates may take once `elapsed` of the time has gone.
    pub fn rest(self, elapsed: Duration) -> Duration {
        self.total.saturating_sub(elapsed)
    }

    /// Whether the exact search stopped because its share ran out, so that the estimates come.
    pub fn ran_out(stopped: &Stopped) -> bool {
        stopped.reason == Stop::TimeLimit
    }
}

/// Analyzes a position with a fresh search of the given kind, under `control`.
pub fn analyze_with(
    board: &Board,
    algorithm: Algorithm,
    control: &SearchControl,
) -> Result<Analysis, Stopped> {
    fresh(algorithm).analyze_with(board, control, &mut |_| {})
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::minimax::control::{CHECK_INTERVAL, Watcher};

    #[test]
    fn every_search_gives_the_references_scores_and_says_which_it_is() {
        let board: Board = "X../.O./...".parse().unwrap();
        let reference = Plain.analyze(&board);
        for algorithm in [
            Algorithm::Plain,
            Algorithm::AlphaBetaClassic,
            Algorithm::AlphaBeta,
            Algorithm::Solver,
        ] {
            let mut search = fresh(algorithm);
            assert_eq!(search.algorithm(), algorithm);
            let mut reported = 0;
            let analysis = search
                .analyze_with(&board, &SearchControl::new(), &mut |report| {
                    reported += matches!(report, RootReport::Settled(_)) as usize
                })
                .unwrap();
            assert_eq!(analysis.moves, reference.moves, "{algorithm}");
            assert_eq!(analysis.stats.algorithm, algorithm);
            assert_eq!(reported, analysis.moves.len(), "{algorithm}");
        }
    }

    #[test]
    fn the_exact_search_gets_four_fifths_of_the_think_time_and_the_estimates_the_rest() {
        let think = ThinkTime::new(Duration::from_secs(5));
        assert_eq!(think.exact_share(), Duration::from_secs(4));
        assert_eq!(
            think.rest(Duration::from_millis(4_200)),
            Duration::from_millis(800)
        );
        assert_eq!(think.rest(Duration::from_secs(6)), Duration::ZERO);
    }

    /// The watcher hears from the search at each look at the control, so a search that nobody
    /// can read from outside (in a browser's Web Worker) can still pass on its progress.
    #[test]
    fn a_watcher_hears_from_the_search_every_check_interval() {
        use std::sync::atomic::AtomicU64;
        let calls = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&calls);
        let control = SearchControl::new().with_watcher(Watcher(Arc::new(move || {
            counted.fetch_add(1, Ordering::Relaxed);
        })));
        let analysis = analyze_with(&Board::classic(), Algorithm::Plain, &control).unwrap();
        let looks = analysis.stats.nodes / CHECK_INTERVAL;
        let calls = calls.load(Ordering::Relaxed);
        assert!(
            (looks - 1..=looks + 1).contains(&calls),
            "{calls} calls for {} positions",
            analysis.stats.nodes
        );
    }

    /// A stopped search says why it stopped, and nothing more.
    #[test]
    fn stopped_says_its_reason() {
        let control = SearchControl::with_node_budget(1);
        let stopped = analyze_with(&Board::classic(), Algorithm::Plain, &control).unwrap_err();
        assert_eq!(stopped.reason, Stop::NodeBudget { limit: 1 });
        assert_eq!(
            stopped.to_string(),
            "the search gave up after visiting 1 position, its budget, before the position \
             was solved"
        );
    }
}
