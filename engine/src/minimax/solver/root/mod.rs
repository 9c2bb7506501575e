//! The root of a solve: how the root moves are shared out among the threads (the likeliest
//! winners first, an idle thread joining the last one) and what each thread does with one, in `schedule.rs`;
//! the second player's half of the empty board by strategy stealing in `stealing.rs`; what the
//! threads report back, gathered into the analysis, in `reports.rs`.

mod reports;
mod schedule;
mod stealing;

pub(super) use reports::Reports;
pub(super) use schedule::{HELPERS_FROM, Pass, RootJob, settle_a_best_move};
pub(super) use stealing::steal_after_one_mark;
