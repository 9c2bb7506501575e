//! How a set draws at random: the same numbers on every platform, and a bound on how long a
//! draw may keep trying.

use rand::Rng;
use rand::rngs::StdRng;

/// A number below `n`, drawn the same way on every platform.
pub(super) fn below(rng: &mut StdRng, n: usize) -> usize {
    rng.random_range(0..n as u32) as usize
}

/// Positions to try for a kind whose position must teach something before one that does not
/// is taken (the horizon's): the set stays the same, only how long making it takes is bounded.
pub(super) const TRIES: usize = 300;
