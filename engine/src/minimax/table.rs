//! The transposition table: what the search knows of positions it has seen, within a memory limit.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, Geometry, Mark};
use crate::score::Score;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Bound {
    /// An empty slot.
    #[default]
    None,
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

/// What the table knows of one position. Four bytes, so the dense table of 3×3 fits in cache.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Entry {
    /// The value as if the position were at depth 0 (see [`Score::shifted`]).
    relative: i8,
    pub bound: Bound,
    /// The move that produced the value or the cut-off, tried first next time; 1-based, 0 = none.
    best: u8,
    /// The first move in row-major order with the best value, once known; 1-based, 0 = not yet.
    first_best: u8,
}

impl Entry {
    /// The stored value seen from the position at `depth`.
    #[inline]
    pub fn value_at(self, depth: i32) -> Score {
        Score::new(self.relative as i32).shifted(depth)
    }

    pub fn best_move(self) -> Option<usize> {
        (self.best > 0).then(|| self.best as usize - 1)
    }
}

/// A flat array indexed by the position in base 3 for boards of at most [`DENSE_MAX_CELLS`]
/// cells, a hash map for larger ones. The map never grows past the memory limit: when it is full
/// it forgets everything and starts again, which costs time but never exactness (a missing entry
/// is only searched again).
pub(super) struct TranspositionTable {
    geometry: Option<Geometry>,
    dense: Vec<Entry>,
    sparse: HashMap<u128, Entry, BuildHasherDefault<KeyHasher>>,
    limit: usize,
}

/// Boards with at most this many cells use the dense table (2·3^12 entries, 4 MiB at most).
const DENSE_MAX_CELLS: usize = 12;

/// `TERNARY[bits]`: the base-3 number with a 1 digit where `bits` has a 1 bit.
static TERNARY: [u32; 1 << DENSE_MAX_CELLS] = {
    let mut table = [0; 1 << DENSE_MAX_CELLS];
    let mut bits = 0;
    while bits < table.len() {
        let (mut value, mut power, mut bit) = (0, 1, 0);
        while bit < DENSE_MAX_CELLS {
            if bits >> bit & 1 == 1 {
                value += power;
            }
            power *= 3;
            bit += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The memory a hash map with room for `capacity` entries holds: it keeps at most 7/8 of its
/// buckets full, and each bucket is the key, the entry and a control byte.
fn sparse_bytes(capacity: usize) -> usize {
    let buckets = (capacity * 8 / 7).next_power_of_two();
    buckets * (size_of::<(u128, Entry)>() + 1)
}

impl TranspositionTable {
    pub fn with_limit(limit: usize) -> TranspositionTable {
        TranspositionTable {
            geometry: None,
            dense: Vec::new(),
            sparse: HashMap::default(),
            limit,
        }
    }

    /// The memory held now, in bytes.
    pub fn bytes(&self) -> usize {
        self.dense.len() * size_of::<Entry>() + sparse_bytes(self.sparse.capacity())
    }

    /// Makes the table ready for boards of `geometry`, forgetting another geometry's entries.
    pub fn prepare(&mut self, geometry: Geometry) {
        if self.geometry == Some(geometry) {
            return;
        }
        self.geometry = Some(geometry);
        self.sparse = HashMap::default();
        self.dense = if geometry.cells() <= DENSE_MAX_CELLS {
            vec![Entry::default(); 2 * 3usize.pow(geometry.cells() as u32)]
        } else {
            Vec::new()
        };
    }

    fn dense_index(board: &Board) -> usize {
        let (x, o) = (board.bits(Mark::X) as usize, board.bits(Mark::O) as usize);
        let position = TERNARY[x] as usize + 2 * TERNARY[o] as usize;
        position * 2 + (board.to_move() == Mark::O) as usize
    }

    #[inline]
    pub fn get(&self, board: &Board) -> Option<Entry> {
        let entry = if self.dense.is_empty() {
            self.sparse.get(&board.key()).copied()?
        } else {
            self.dense[TranspositionTable::dense_index(board)]
        };
        (entry.bound != Bound::None).then_some(entry)
    }

    pub fn first_best(&self, board: &Board) -> Option<usize> {
        let entry = self.get(board)?;
        (entry.first_best > 0).then(|| entry.first_best as usize - 1)
    }

    fn slot(&mut self, board: &Board) -> &mut Entry {
        if !self.dense.is_empty() {
            return &mut self.dense[TranspositionTable::dense_index(board)];
        }
        let key = board.key();
        let full = self.sparse.len() == self.sparse.capacity();
        if full
            && sparse_bytes(self.sparse.capacity() * 2 + 1) > self.limit
            && !self.sparse.contains_key(&key)
        {
            // Growing would pass the limit: start again with the memory already held.
            self.sparse.clear();
        }
        self.sparse.entry(key).or_default()
    }

    pub fn store(&mut self, board: &Board, depth: i32, value: Score, bound: Bound, best: usize) {
        let slot = self.slot(board);
        // An exact entry never needs replacing: the whole game tree below it is finite.
        if slot.bound == Bound::Exact {
            return;
        }
        *slot = Entry {
            relative: value.shifted(-depth).value() as i8,
            bound,
            best: best as u8 + 1,
            first_best: 0,
        };
    }

    pub fn remember_first_best(&mut self, board: &Board, index: usize) {
        self.slot(board).first_best = index as u8 + 1;
    }
}

/// A fast hasher for position keys, which are already well spread bit patterns.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ byte as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = key as u64 ^ (key >> 64) as u64;
        self.0 = (folded ^ folded >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 ^= self.0 >> 32;
    }
}
