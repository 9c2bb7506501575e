//! Stopping and watching a search from another thread.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use thiserror::Error;

use super::analysis::{Analysis, MoveBound};
use crate::clock::Clock;
use crate::platform::Instant;

/// Shared between a running search and whoever started it (put it in an `Arc`): a cancel flag, a
/// node budget, a deadline, and counters another thread can read while the search runs.
///
/// The search looks at it every [`CHECK_INTERVAL`] positions (in each of its threads), so a
/// cancel or a deadline is seen within a fraction of a millisecond. The node budget counts the
/// positions of all threads of one search; use one control per search.
#[derive(Debug)]
pub struct SearchControl {
    cancelled: AtomicBool,
    node_budget: u64,
    deadline: Option<Instant>,
    /// Where the deadline is read: a test's clock, or the system's when `None` (which costs
    /// nothing to make: a batch makes one control per position).
    clock: Option<Arc<dyn Clock>>,
    /// Called at every look at the control, if set (see [`SearchControl::with_watcher`]).
    watcher: Option<Watcher>,
    nodes: AtomicU64,
    settled: AtomicUsize,
    moves: AtomicUsize,
}

/// How many positions a search visits between two looks at its [`SearchControl`].
pub const CHECK_INTERVAL: u64 = 4096;

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl::with_node_budget(u64::MAX)
    }
}

impl SearchControl {
    /// No budget: the search runs until it is done or cancelled.
    pub fn new() -> SearchControl {
        SearchControl::default()
    }

    /// Gives up once more than `budget` positions have been visited.
    pub fn with_node_budget(budget: u64) -> SearchControl {
        SearchControl {
            cancelled: AtomicBool::new(false),
            node_budget: budget,
            deadline: None,
            clock: None,
            watcher: None,
            nodes: AtomicU64::new(0),
            settled: AtomicUsize::new(0),
            moves: AtomicUsize::new(0),
        }
    }

    /// The same control with a deadline: a search still running at `deadline` stops with
    /// [`Stop::TimeLimit`].
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> SearchControl {
        self.deadline = Some(deadline);
        self
    }

    /// The same control with a deadline `limit` from now, on its clock.
    #[must_use]
    pub fn with_time_limit(self, limit: Duration) -> SearchControl {
        let deadline = self.now() + limit;
        self.with_deadline(deadline)
    }

    /// The same control reading its deadline on `clock` (set it before the deadline).
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> SearchControl {
        self.clock = Some(clock);
        self
    }

    /// The same control calling `watch` at each of the search's looks at it (every
    /// [`CHECK_INTERVAL`] positions, in the thread that looks): where nothing else can read the
    /// progress while the search runs (a browser's Web Worker), `watch` passes it on.
    #[must_use]
    pub fn with_watcher(mut self, watch: Watcher) -> SearchControl {
        self.watcher = Some(watch);
        self
    }

    /// The watcher given by [`SearchControl::with_watcher`], if any.
    pub fn watcher(&self) -> Option<&Watcher> {
        self.watcher.as_ref()
    }

    /// The clock given by [`SearchControl::with_clock`], if any.
    pub fn clock(&self) -> Option<&Arc<dyn Clock>> {
        self.clock.as_ref()
    }

    /// The time on this control's clock.
    fn now(&self) -> Instant {
        self.clock
            .as_ref()
            .map_or_else(Instant::now, |clock| clock.now())
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline, if any, has passed.
    pub fn is_past_deadline(&self) -> bool {
        self.deadline.is_some_and(|deadline| self.now() >= deadline)
    }

    /// Asks the search to stop; it returns [`Stop::Cancelled`] soon after.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    pub fn node_budget(&self) -> u64 {
        self.node_budget
    }

    /// How far the search has got, as of its last look at this control.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            settled: self.settled.load(Ordering::Relaxed),
            moves: self.moves.load(Ordering::Relaxed),
        }
    }

    pub(super) fn start(&self, moves: usize) {
        // A control reused for another search (the explorer's counts run three) counts afresh.
        self.nodes.store(0, Ordering::Relaxed);
        self.moves.store(moves, Ordering::Relaxed);
        self.settled.store(0, Ordering::Relaxed);
    }

    /// One more root move is settled (its meter should be flushed first, so that the counters
    /// agree).
    pub(super) fn settled_one(&self) {
        self.settled.fetch_add(1, Ordering::Relaxed);
    }
}

/// A function a search calls now and then while it runs ([`SearchControl::with_watcher`]).
#[derive(Clone)]
pub struct Watcher(pub Arc<dyn Fn() + Send + Sync>);

impl std::fmt::Debug for Watcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Watcher")
    }
}

/// A running search's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Positions visited so far.
    pub nodes: u64,
    /// Root moves whose exact score is known.
    pub settled: usize,
    /// Root moves in all.
    pub moves: usize,
}

/// Why a search stopped before it was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Stop {
    /// [`SearchControl::cancel`] was called.
    #[error("the search was cancelled")]
    Cancelled,
    /// The search would have visited more positions than its budget. Said without blaming the
    /// position: a small budget stops the search of an easy one too.
    #[error(
        "the search gave up after visiting {limit} position{}, its budget, before the position \
         was solved",
        if *limit == 1 { "" } else { "s" }
    )]
    NodeBudget { limit: u64 },
    /// The deadline of [`SearchControl::with_deadline`] passed.
    #[error("the search ran out of time")]
    TimeLimit,
}

/// A search that stopped early, with the root moves it had settled by then (in row-major order,
/// each exact), and what it knew of the others. Its message is its reason's.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{reason}")]
pub struct Stopped {
    pub reason: Stop,
    pub partial: Box<Analysis>,
    /// Bounds on the scores of moves not settled, in row-major order: only moves with a bound
    /// better than knowing nothing. Plain minimax and the [`AlphaBeta`](super::alpha_beta::AlphaBeta) leave it
    /// empty.
    pub bounds: Vec<MoveBound>,
}

/// Counts the positions one search (or one thread of it) visits and looks at its control now and
/// then, adding its count to the control's.
pub(super) struct Meter<'a> {
    control: &'a SearchControl,
    pub nodes: u64,
    /// How many of `nodes` the control has been told of.
    reported: u64,
    next_check: u64,
}

impl<'a> Meter<'a> {
    /// A meter that has counted the root.
    pub fn new(control: &'a SearchControl) -> Meter<'a> {
        Meter::starting_at(control, 1)
    }

    /// A meter that has counted `nodes` positions (a helper thread starts at 0). A search
    /// cancelled or past its deadline before it began stops at its next position, however fast
    /// it would have been; otherwise the first full look at the control (which adds to the shared
    /// count: a tenth of the time of a search of a few hundred positions) waits as usual.
    pub fn starting_at(control: &'a SearchControl, nodes: u64) -> Meter<'a> {
        let mut meter = Meter {
            control,
            nodes,
            reported: 0,
            next_check: nodes,
        };
        if !control.is_cancelled() && !control.is_past_deadline() {
            let total = control.nodes.load(Ordering::Relaxed) + nodes;
            meter.next_check = meter.next_check_after(total);
        }
        meter
    }

    /// The next count at which to look at the control, when all threads together have visited
    /// `total` positions: soon enough to stop exactly at the budget when one thread searches.
    fn next_check_after(&self, total: u64) -> u64 {
        let room = self.control.node_budget.saturating_sub(total);
        self.nodes.saturating_add(room.min(CHECK_INTERVAL))
    }

    /// Counts one position; `Err` when the search must stop.
    #[inline(always)]
    pub fn visit(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.next_check {
            self.check()?;
        }
        Ok(())
    }

    /// Tells the control of the positions counted since the last time; returns the total.
    pub fn flush(&mut self) -> u64 {
        let new = self.nodes - self.reported;
        self.reported = self.nodes;
        self.control.nodes.fetch_add(new, Ordering::Relaxed) + new
    }

    #[cold]
    fn check(&mut self) -> Result<(), Stop> {
        let total = self.flush();
        if total > self.control.node_budget {
            return Err(Stop::NodeBudget {
                limit: self.control.node_budget,
            });
        }
        if self.control.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        if self.control.is_past_deadline() {
            return Err(Stop::TimeLimit);
        }
        if let Some(Watcher(watch)) = &self.control.watcher {
            watch();
        }
        self.next_check = self.next_check_after(total);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages in full: the command line and the app print them.
    #[test]
    fn stop_messages() {
        let cases = [
            (Stop::Cancelled, "the search was cancelled"),
            (Stop::TimeLimit, "the search ran out of time"),
            (
                Stop::NodeBudget { limit: 1 },
                "the search gave up after visiting 1 position, its budget, before the position \
                 was solved",
            ),
            (
                Stop::NodeBudget { limit: 1000 },
                "the search gave up after visiting 1000 positions, its budget, before the \
                 position was solved",
            ),
        ];
        for (stop, message) in cases {
            assert_eq!(stop.to_string(), message);
        }
    }
}
