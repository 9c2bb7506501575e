//! The one progress line on standard error, for every command that runs longer than a second.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::platform::{Instant, threads};

/// How long a command runs before its progress line appears: a quick answer shows none.
const FIRST: Duration = Duration::from_secs(1);
/// How often the line is rewritten.
const EVERY: Duration = Duration::from_millis(100);

/// Runs `work`; with `shown` (standard error is a terminal), rewrites one line of standard error
/// with `status` and the time so far a few times a second once it has run for a second, and
/// clears it at the end.
pub(crate) fn while_running<T>(
    shown: bool,
    status: &(dyn Fn() -> String + Sync),
    work: impl FnOnce() -> T,
) -> T {
    if !shown {
        return work();
    }
    let started = Instant::now();
    threads::alongside(work, |done| show_until(done, started, status))
}

/// Rewrites the line until `done`, then clears it if it was written.
fn show_until(done: &AtomicBool, started: Instant, status: &(dyn Fn() -> String + Sync)) {
    let mut written = false;
    while !done.load(Ordering::Relaxed) {
        threads::sleep(EVERY);
        let elapsed = started.elapsed();
        if elapsed < FIRST || done.load(Ordering::Relaxed) {
            continue;
        }
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r\x1b[K{}, {:.1} s", status(), elapsed.as_secs_f64());
        let _ = err.flush();
        written = true;
    }
    if written {
        let _ = write!(io::stderr().lock(), "\r\x1b[K");
    }
}
