//! How a set draws at random: the same numbers on every platform, and a bound on how long a
//! draw may keep trying.

use rand::Rng;
use rand::rngs::StdRng;

/// A number below `n`, drawn the same way on every platform.
pub(super) fn below(rng: &mut StdRng, n: usize) -> usize {
    rng.random_range(0..n as u32) as usize
}

/// Positions to try for an item that must teach something (a plausible wrong method answers it
/// wrongly; an alpha-beta start where it cuts) before one that does not is taken: the set stays
/// the same, only how long making it takes is bounded. None of the tests' thousands of items
/// needed them all: the rarest, the horizon's, turns up in about one draw in six.
pub(super) const TRIES: usize = 300;
