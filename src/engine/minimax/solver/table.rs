//! The solver's transposition table, shared by its threads without locks.
//!
//! Keys are exact: the position's canonical base-3 number (see `rules.rs`), never a hash that
//! two positions could share, so an entry can only ever describe its own position. While that
//! number fits 64 bits (boards of up to 39 cells: everything up to 6×6), each entry is one
//! `AtomicU64`: the bucket it sits in holds the low bits of a bijective scramble of the key, and
//! the word holds the rest of the key beside the data, so that a read sees a whole entry or none.
//! Larger boards (6×7, 7×7), whose exact search only finishes near the end of a game, use a
//! hash map behind a mutex instead.

use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::board::Geometry;
use crate::engine::score::Score;

/// What the table knows of a position: bounds on its value (relative, as if the position were at
/// depth 0, see [`Score::shifted`]) and the move that was best or cut off, in the canonical frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Known {
    pub lower: Option<Score>,
    pub upper: Option<Score>,
    pub best: Option<usize>,
}

/// Bits of an entry that hold data: empties (6), best move (6), lower (7), upper (7).
const DATA_BITS: u32 = 26;
/// Bits of an entry left for the key.
const KEY_ROOM: u32 = 64 - DATA_BITS;
const NO_MOVE: u64 = 63;

fn encode(empties: u32, known: Known) -> u64 {
    // A bound r is stored as r + 64 (1..=127); 0 means no bound. |r| < 64 on every board.
    debug_assert!(empties < 64, "{empties} empty cells do not fit in 6 bits");
    debug_assert!(
        [known.lower, known.upper]
            .iter()
            .flatten()
            .all(|score| score.value().abs() < 64),
        "a bound of {known:?} does not fit in 7 bits"
    );
    debug_assert!(known.best.is_none_or(|best| (best as u64) < NO_MOVE));
    let bound = |score: Option<Score>| score.map_or(0, |s| (s.value() + 64) as u64);
    (empties as u64) << 20
        | known.best.map_or(NO_MOVE, |b| b as u64) << 14
        | bound(known.lower) << 7
        | bound(known.upper)
}

fn decode(data: u64) -> Known {
    let bound = |bits: u64| (bits != 0).then(|| Score::new(bits as i32 - 64));
    let best = data >> 14 & 63;
    Known {
        lower: bound(data >> 7 & 127),
        upper: bound(data & 127),
        best: (best != NO_MOVE).then_some(best as usize),
    }
}

fn empties_of(data: u64) -> u32 {
    (data >> 20 & 63) as u32
}

/// Both facts together: the tighter bounds, the newer move.
fn merge(old: Known, new: Known) -> Known {
    let lower = match (old.lower, new.lower) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    let upper = match (old.upper, new.upper) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Known {
        lower,
        upper,
        best: new.best.or(old.best),
    }
}

pub(super) struct SharedTable {
    slots: Slots,
}

enum Slots {
    Packed {
        buckets: Box<[Bucket]>,
        /// log2 of the number of buckets.
        bucket_bits: u32,
        key_bits: u32,
    },
    Locked {
        map: Mutex<HashMap<u128, u64>>,
        max_entries: usize,
    },
}

/// Bits needed for every key of `cells` cells: 2 × 3^cells values (the turn is the last bit).
fn key_bits(cells: usize) -> Option<u32> {
    let keys = 3u128.checked_pow(cells as u32)? * 2;
    let bits = 128 - (keys - 1).leading_zeros();
    (bits <= 64).then_some(bits)
}

/// A bijection of the numbers below 2^bits that spreads neighbouring keys over the buckets.
#[inline]
fn scramble(key: u64, bits: u32) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let shift = bits / 2 + 1;
    let mut x = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & mask;
    x ^ x >> shift
}

/// Where a key of `key_bits` bits lives in a table of 2^`bucket_bits` buckets: its bucket, and
/// the part of the scrambled key that its entry holds.
#[inline]
fn locate(key: u128, bucket_bits: u32, key_bits: u32) -> (usize, u64) {
    let mixed = scramble(key as u64, key_bits);
    let bucket = (mixed & ((1 << bucket_bits) - 1)) as usize;
    (bucket, mixed >> bucket_bits)
}

/// Two slots, aligned to their size so that no bucket straddles two cache lines: a probe costs
/// one line at most.
#[repr(C, align(16))]
struct Bucket([AtomicU64; 2]);

/// Zeroed buckets straight from the allocator, so that pages never used are never touched.
fn zeroed_buckets(count: usize) -> Box<[Bucket]> {
    let layout = Layout::array::<Bucket>(count).expect("the table size fits memory");
    // SAFETY: the layout has a non-zero size (count ≥ 1) and is the layout of `[Bucket; count]`,
    // which is what the box frees it as; AtomicU64 has the same in-memory representation as u64,
    // so all-zero bytes are `count` valid buckets of atomics holding 0.
    unsafe {
        let pointer = alloc_zeroed(layout);
        if pointer.is_null() {
            handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            pointer.cast::<Bucket>(),
            count,
        ))
    }
}

/// A hint to load the cache line of `bucket`.
#[inline]
fn prefetch_line(bucket: &Bucket) {
    // SAFETY: every x86_64 processor has SSE, and a prefetch never faults, whatever the
    // address (this one is a live reference anyway).
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(bucket).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bucket;
}

impl SharedTable {
    /// A table for searches of positions of `geometry` with up to `empties` empty cells, using
    /// at most about `limit` bytes (a little more when the key needs more buckets than that: at
    /// most 16 MiB on 6×6).
    pub fn new(geometry: Geometry, limit: usize, empties: u32) -> SharedTable {
        let cells = geometry.cells();
        let slots = match key_bits(cells).filter(|&bits| bits <= 64) {
            Some(key_bits) => {
                // Enough buckets for the positions below one with `empties` empty cells, never
                // more than the limit allows, and enough that the rest of the key fits beside
                // the data. A table larger than the search needs costs a page fault on almost
                // every store (a fresh page of zeroes each time), so it is sized to the search.
                let wanted = SharedTable::wanted_bucket_bits(cells, empties);
                let allowed = (limit / 16).max(1).ilog2();
                let needed = key_bits.saturating_sub(KEY_ROOM);
                let bucket_bits = wanted.min(allowed).max(needed).max(1);
                Slots::Packed {
                    buckets: zeroed_buckets(1 << bucket_bits),
                    bucket_bits,
                    key_bits,
                }
            }
            None => Slots::Locked {
                map: Mutex::new(HashMap::new()),
                max_entries: (limit / 48).max(1024),
            },
        };
        SharedTable { slots }
    }

    fn wanted_bucket_bits(cells: usize, empties: u32) -> u32 {
        if cells <= 25 {
            // Up to 5×5 the shortcuts keep searches small (the empty 5×5 stores well under a
            // million positions), and a smaller table is faster to fill.
            empties.saturating_sub(5).max(12)
        } else {
            (empties + 6).min(cells as u32 + 4).min(40)
        }
    }

    /// Whether the table is as large as a search of a position with `empties` empty cells
    /// wants (a table that had to be smaller because of its limit is).
    pub fn fits(&self, geometry: Geometry, limit: usize, empties: u32) -> bool {
        match &self.slots {
            Slots::Packed { bucket_bits, .. } => {
                let allowed = (limit / 16).max(1).ilog2();
                *bucket_bits
                    >= SharedTable::wanted_bucket_bits(geometry.cells(), empties).min(allowed)
            }
            Slots::Locked { .. } => true,
        }
    }

    /// The memory the table holds, in bytes.
    pub fn bytes(&self) -> usize {
        match &self.slots {
            Slots::Packed { buckets, .. } => std::mem::size_of_val(&**buckets),
            Slots::Locked { map, .. } => {
                let map = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                map.capacity() * 8 / 7 * (size_of::<(u128, u64)>() + 1)
            }
        }
    }

    /// Asks the processor to start loading the bucket of `key`, so that a probe or store a
    /// little later finds it in the cache (a hint only: nothing else changes).
    #[inline]
    pub fn prefetch(&self, key: u128) {
        if let Slots::Packed {
            buckets,
            bucket_bits,
            key_bits,
        } = &self.slots
        {
            let (bucket, _) = locate(key, *bucket_bits, *key_bits);
            prefetch_line(&buckets[bucket]);
        }
    }

    #[inline]
    pub fn probe(&self, key: u128) -> Option<Known> {
        match &self.slots {
            Slots::Packed {
                buckets,
                bucket_bits,
                key_bits,
            } => {
                let (bucket, stored) = locate(key, *bucket_bits, *key_bits);
                for slot in &buckets[bucket].0 {
                    let word = slot.load(Ordering::Relaxed);
                    if word != 0 && word >> DATA_BITS == stored {
                        return Some(decode(word & ((1 << DATA_BITS) - 1)));
                    }
                }
                None
            }
            Slots::Locked { map, .. } => {
                let map = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                map.get(&key).map(|&data| decode(data))
            }
        }
    }

    /// Adds what a search learned of a position with `empties` empty cells to what is known.
    /// Two threads storing at once may lose one of the facts, never mix them up.
    pub fn store(&self, key: u128, empties: u32, known: Known) {
        match &self.slots {
            Slots::Packed {
                buckets,
                bucket_bits,
                key_bits,
            } => {
                let (bucket, stored) = locate(key, *bucket_bits, *key_bits);
                let [deep, recent] = &buckets[bucket].0;
                let word = |known| stored << DATA_BITS | encode(empties, known);
                let data = |w: u64| w & ((1 << DATA_BITS) - 1);
                let mine = |w: u64| w != 0 && w >> DATA_BITS == stored;
                let (old_deep, old_recent) =
                    (deep.load(Ordering::Relaxed), recent.load(Ordering::Relaxed));
                if mine(old_deep) {
                    deep.store(
                        word(merge(decode(data(old_deep)), known)),
                        Ordering::Relaxed,
                    );
                } else if mine(old_recent) {
                    recent.store(
                        word(merge(decode(data(old_recent)), known)),
                        Ordering::Relaxed,
                    );
                } else if old_deep == 0 || empties_of(data(old_deep)) <= empties {
                    // The larger subtree keeps the first slot; the one it displaces moves on.
                    deep.store(word(known), Ordering::Relaxed);
                    if old_deep != 0 {
                        recent.store(old_deep, Ordering::Relaxed);
                    }
                } else {
                    recent.store(word(known), Ordering::Relaxed);
                }
            }
            Slots::Locked { map, max_entries } => {
                let mut map = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if map.len() >= *max_entries && !map.contains_key(&key) {
                    map.clear();
                }
                let entry = map.entry(key).or_insert(0);
                let merged = if *entry == 0 {
                    known
                } else {
                    merge(decode(*entry), known)
                };
                *entry = encode(empties, merged);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scramble_is_a_bijection() {
        for bits in [5, 11, 16] {
            let mut seen = vec![false; 1 << bits];
            for key in 0..1u64 << bits {
                let image = scramble(key, bits);
                assert!(image < 1 << bits);
                assert!(!seen[image as usize], "{bits} bits: {key}");
                seen[image as usize] = true;
            }
        }
    }

    #[test]
    fn entries_round_trip_and_merge() {
        let geometry = Geometry::new(5, 5, 4).unwrap();
        let table = SharedTable::new(geometry, 1 << 20, 25);
        let known = Known {
            lower: Some(Score::new(-20)),
            upper: None,
            best: Some(24),
        };
        let key = 3u128.pow(25) * 2 - 1;
        assert_eq!(table.probe(key), None);
        table.store(key, 3, known);
        assert_eq!(table.probe(key), Some(known));
        let tighter = Known {
            lower: Some(Score::DRAW),
            upper: Some(Score::DRAW),
            best: None,
        };
        table.store(key, 3, tighter);
        assert_eq!(
            table.probe(key),
            Some(Known {
                best: Some(24),
                ..tighter
            })
        );
        assert_eq!(table.probe(key - 1), None);
        assert_eq!(key_bits(25), Some(41));
        assert_eq!(key_bits(39), Some(63));
        assert_eq!(key_bits(40), None);
    }

    #[test]
    fn buckets_sit_within_one_cache_line_and_a_prefetch_changes_nothing() {
        let geometry = Geometry::new(6, 6, 4).unwrap();
        let table = SharedTable::new(geometry, 1 << 24, 36);
        let Slots::Packed { buckets, .. } = &table.slots else {
            panic!("6×6 keys fit 64 bits");
        };
        for bucket in [&buckets[0], &buckets[1], &buckets[buckets.len() - 1]] {
            let address = std::ptr::from_ref(bucket) as usize;
            // 16 bytes aligned to 16 never cross a 64-byte line.
            assert_eq!(size_of::<Bucket>(), 16);
            assert_eq!(address % 16, 0, "{address:#x}");
        }
        let key = 3u128.pow(36) + 5;
        let known = Known {
            lower: Some(Score::DRAW),
            upper: None,
            best: Some(7),
        };
        table.prefetch(key);
        assert_eq!(table.probe(key), None);
        table.store(key, 20, known);
        table.prefetch(key);
        assert_eq!(table.probe(key), Some(known));
    }
}
