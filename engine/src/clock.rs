//! Time for the controller and the searches' deadlines: the real clock, or one tests move by
//! hand, so that no test waits on real time and none depends on how fast a search is.

use std::fmt;
use std::sync::Mutex;
use std::time::Duration;

use crate::platform::Instant;

/// Where the time is read, so that tests can set it.
pub trait Clock: Send + Sync + fmt::Debug {
    fn now(&self) -> Instant;
}

/// The system's monotonic clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A clock that stands still until [`ManualClock::advance`] moves it.
#[derive(Debug)]
pub struct ManualClock {
    start: Instant,
    elapsed: Mutex<Duration>,
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock {
            start: Instant::now(),
            elapsed: Mutex::new(Duration::ZERO),
        }
    }
}

impl ManualClock {
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    pub fn advance(&self, by: Duration) {
        *self.elapsed.lock().unwrap_or_else(|p| p.into_inner()) += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Instant {
        self.start + *self.elapsed.lock().unwrap_or_else(|p| p.into_inner())
    }
}
