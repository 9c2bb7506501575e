//! The boards the game plays: how small and how large, and how long a winning run may be. The
//! shape itself ([`Geometry`](super::Geometry)) and the messages that refuse a shape
//! ([`BoardError`](super::BoardError)) both read these.

/// The smallest number of rows or columns a board may have.
pub const MIN_SIDE: usize = 3;
/// The largest number of rows or columns a board may have: 7×7 (49 cells) still fits the `u64`
/// bitboards.
pub const MAX_SIDE: usize = 7;
/// The shortest run that wins: two in a row is no game.
pub const MIN_K: usize = 3;
/// The longest run that wins.
pub const MAX_K: usize = 5;

/// The longest run that can win on a rows×cols board: the longer side, at most [`MAX_K`].
pub fn longest_run(rows: usize, cols: usize) -> usize {
    rows.max(cols).min(MAX_K)
}
