//! A progress line on standard error for a command that runs longer than a second.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long a command runs before its progress line appears.
const FIRST: Duration = Duration::from_secs(1);
/// How often the line is rewritten.
const EVERY: Duration = Duration::from_millis(100);

/// Runs `work`; with `shown` (standard error is a terminal), rewrites one line of standard error
/// with `status` a few times a second once it has run for a second, and clears it at the end.
pub(crate) fn while_running<T>(
    shown: bool,
    status: &(dyn Fn() -> String + Sync),
    work: impl FnOnce() -> T,
) -> T {
    if !shown {
        return work();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut written = false;
            // Time counted in the line's own ticks (no clock: the platform seam owns it).
            let mut elapsed = Duration::ZERO;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(EVERY);
                elapsed += EVERY;
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
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        result
    })
}
