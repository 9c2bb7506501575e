//! Stopping and watching a search from another thread.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::Analysis;

/// Shared between a running search and whoever started it (put it in an `Arc`): a cancel flag, a
/// node budget, and counters another thread can read while the search runs.
///
/// The search looks at it every [`CHECK_INTERVAL`] positions, so a cancel is seen within a
/// fraction of a millisecond.
#[derive(Debug)]
pub struct SearchControl {
    cancelled: AtomicBool,
    node_budget: u64,
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
            nodes: AtomicU64::new(0),
            settled: AtomicUsize::new(0),
            moves: AtomicUsize::new(0),
        }
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
        self.moves.store(moves, Ordering::Relaxed);
        self.settled.store(0, Ordering::Relaxed);
    }

    pub(super) fn settled_one(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.settled.fetch_add(1, Ordering::Relaxed);
    }
}

/// A running search's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    /// Positions visited so far.
    pub nodes: u64,
    /// Root moves whose exact score is known.
    pub settled: usize,
    /// Root moves in all.
    pub moves: usize,
}

/// Why a search stopped before it was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// [`SearchControl::cancel`] was called.
    Cancelled,
    /// The search would have visited more positions than its budget.
    NodeBudget { limit: u64 },
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Cancelled => f.write_str("the search was cancelled"),
            Stop::NodeBudget { limit } => {
                let plural = if *limit == 1 { "" } else { "s" };
                write!(
                    f,
                    "the search gave up after visiting {limit} position{plural}; \
                     the position is too open to solve exactly"
                )
            }
        }
    }
}

/// A search that stopped early, with the root moves it had settled by then (in row-major order,
/// each exact).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped {
    pub reason: Stop,
    pub partial: Box<Analysis>,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for Stopped {}

/// Counts the positions one search visits and looks at its control now and then.
pub(super) struct Meter<'a> {
    control: &'a SearchControl,
    pub nodes: u64,
    next_check: u64,
}

impl<'a> Meter<'a> {
    /// A meter that has counted the root.
    pub fn new(control: &'a SearchControl) -> Meter<'a> {
        let mut meter = Meter {
            control,
            nodes: 1,
            next_check: 0,
        };
        meter.next_check = meter.next_check_after(1);
        meter
    }

    fn next_check_after(&self, nodes: u64) -> u64 {
        nodes
            .saturating_add(CHECK_INTERVAL)
            .min(self.control.node_budget)
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

    #[cold]
    fn check(&mut self) -> Result<(), Stop> {
        self.control.nodes.store(self.nodes, Ordering::Relaxed);
        if self.nodes > self.control.node_budget {
            return Err(Stop::NodeBudget {
                limit: self.control.node_budget,
            });
        }
        if self.control.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        self.next_check = self.next_check_after(self.nodes);
        Ok(())
    }
}
