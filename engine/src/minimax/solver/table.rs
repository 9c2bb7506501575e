//! The solver's transposition table, shared by its threads without locks.
//!
//! Keys are exact: the position's canonical base-3 number (see `rules.rs`), never a hash that
//! two positions could share, so an entry can only ever describe its own position. A key is
//! scrambled by a bijection; its bucket is the low bits of the scramble, and each entry holds
//! the rest beside the data. One code path serves two widths of slot:
//! - while keys fit 64 bits (boards of up to 39 cells: everything up to 6×6), a slot is one
//!   `AtomicU64` holding the rest of the key and the data, so a read sees a whole entry or none;
//! - larger boards (6×7, 7×7: keys of up to 79 bits) use two `AtomicU64`s a slot, a check word
//!   (the whole rest) and a data word (the data, a lock bit and a count of stores) that is a
//!   seqlock over it: writers lock the slot, readers never write and take a read during a store
//!   (or across one) as a miss. See [`WideSlot`] for why a read sees one store's entry or none.

use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering, fence};

use crate::board::Geometry;
use crate::score::Score;

/// What the table knows of a position: bounds on its value (relative, as if the position were at
/// depth 0, see [`Score::shifted`]) and the move that was best or cut off, in the canonical frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct TableEntry {
    pub lower: Option<Score>,
    pub upper: Option<Score>,
    pub best: Option<usize>,
}

/// Bits of an entry that hold data: empties (6), best move (6), lower (7), upper (7).
const DATA_BITS: u32 = 26;
const DATA_MASK: u64 = (1 << DATA_BITS) - 1;
const NO_MOVE: u64 = 63;

fn encode(empties: u32, known: TableEntry) -> u64 {
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

fn decode(data: u64) -> TableEntry {
    let bound = |bits: u64| (bits != 0).then(|| Score::new(bits as i32 - 64));
    let best = data >> 14 & 63;
    TableEntry {
        lower: bound(data >> 7 & 127),
        upper: bound(data & 127),
        best: (best != NO_MOVE).then_some(best as usize),
    }
}

fn empties_of(data: u64) -> u32 {
    (data >> 20 & 63) as u32
}

/// Both facts together: the tighter bounds, the newer move.
fn merge(old: TableEntry, new: TableEntry) -> TableEntry {
    let lower = match (old.lower, new.lower) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    let upper = match (old.upper, new.upper) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    TableEntry {
        lower,
        upper,
        best: new.best.or(old.best),
    }
}

/// Bits needed for every key of `cells` cells: 2 × 3^cells values (the turn is the last bit).
fn key_bits(cells: usize) -> Option<u32> {
    let keys = 3u128.checked_pow(cells as u32)?.checked_mul(2)?;
    Some(128 - (keys - 1).leading_zeros())
}

/// The mask of the numbers below 2^`bits` (all 128 bits set for 128, none for 0).
fn low_bits(bits: u32) -> u128 {
    u128::MAX.checked_shr(128 - bits).unwrap_or(0)
}

/// A bijection of the numbers below 2^bits that spreads neighbouring keys over the buckets.
/// Keys of up to 64 bits get the map that `u64` arithmetic would give: the low half of a product
/// depends on the low halves of its factors only.
#[inline]
fn scramble(key: u128, bits: u32) -> u128 {
    if bits <= 64 {
        // The same map in `u64` arithmetic, which it is: WebAssembly has no 128-bit product and
        // calls a library function for each (up to 6×6, whose keys take up to 59 bits).
        return u128::from(scramble_narrow(key as u64, bits));
    }
    scramble_wide(key, bits)
}

/// [`scramble`] in 128-bit arithmetic.
#[inline]
fn scramble_wide(key: u128, bits: u32) -> u128 {
    let mask = low_bits(bits);
    let shift = bits / 2 + 1;
    let mut x = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & mask;
    x ^ x >> shift
}

/// [`scramble`] of a key of at most 64 `bits`.
#[inline]
fn scramble_narrow(key: u64, bits: u32) -> u64 {
    let mask = u64::MAX >> (64 - bits);
    let shift = bits / 2 + 1;
    let mut x = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & mask;
    x ^ x >> shift
}

/// One entry of a bucket: the rest of a scrambled key (the bits above the bucket's index) and
/// the data.
trait Slot {
    /// The rest of the key and the data this slot holds; `None` when it is empty, or when its
    /// words do not belong to one store.
    fn read(&self) -> Option<(u64, u64)>;
    fn write(&self, rest: u64, data: u64);
}

/// Two slots, aligned to their size so that no bucket straddles two cache lines: a probe costs
/// one line at most. The first slot keeps the larger subtree, the second the latest position.
///
/// # Safety
/// All-zero bytes must be a valid bucket of two empty slots (`zeroed_buckets` makes them so).
unsafe trait Bucket: Sync {
    type Slot: Slot;
    /// The most bits of a key's rest that a slot holds.
    const REST_BITS: u32;
    fn slots(&self) -> &[Self::Slot; 2];
}

/// A bucket of one-word slots: the rest of the key above the data, in one atomic word.
#[repr(C, align(16))]
struct NarrowBucket([AtomicU64; 2]);

impl Slot for AtomicU64 {
    #[inline]
    fn read(&self) -> Option<(u64, u64)> {
        let word = self.load(Ordering::Relaxed);
        (word != 0).then_some((word >> DATA_BITS, word & DATA_MASK))
    }

    #[inline]
    fn write(&self, rest: u64, data: u64) {
        self.store(rest << DATA_BITS | data, Ordering::Relaxed);
    }
}

// SAFETY: two AtomicU64s, which zero bytes make 0, and a zero word is an empty slot.
unsafe impl Bucket for NarrowBucket {
    type Slot = AtomicU64;
    const REST_BITS: u32 = 64 - DATA_BITS;
    fn slots(&self) -> &[AtomicU64; 2] {
        &self.0
    }
}

/// Set in every data word that holds an entry (the data alone may be 0).
const TAKEN: u64 = 1 << DATA_BITS;
/// Set in a data word while a writer owns its slot.
const LOCKED: u64 = TAKEN << 1;
/// Where a data word counts its slot's stores (36 bits, wrapping).
const VERSION_SHIFT: u32 = DATA_BITS + 2;

/// A two-word slot: a check word holding the key's rest as it is, and a data word holding the
/// data, [`TAKEN`], [`LOCKED`] and a count of the slot's stores. The data word is a seqlock
/// over the check word, so that a read sees one store's entry or nothing:
/// - a writer locks the slot by setting [`LOCKED`] with a compare-exchange (skipping its store
///   if another writer holds the slot or takes it first: a table may drop a store, and waiting
///   for a writer that another thread preempted could take a whole time slice), writes the
///   check word, then the data word with the next count and no lock, so only one writer at a
///   time touches the check word;
/// - a reader loads the data word (acquire), the check word, and the data word again, and
///   accepts only an unlocked taken word seen twice. The first load acquires the store S that
///   wrote that word, so the check word read is S's or a later store's. If it is a later store's,
///   that store's lock is visible to the second load (the writer's release fence before its
///   check word, the reader's acquire fence after loading it), so the second load finds that
///   lock or a data word written after it: a larger count, never S's word again, and the read
///   misses. Hence an accepted read is S's check word with S's data word: exact.
///
/// Why the count (the ABA case): without it, one store T after S that left the same data word
/// (another key, the same data) would be harmless, since a check word read from T then pairs
/// with T's own data word; but two stores (key B with other data, then key A with S's data
/// again) could bring the word back between the reader's two loads, after it read B's check
/// word, pairing B's rest with A's data. With the count that needs 2^36 stores to this one slot
/// between two loads of one read; no bounded word that readers only load can rule out every
/// such return, so this is as exact as a slot of two words read without writing gets.
#[repr(C)]
struct WideSlot {
    check: AtomicU64,
    data: AtomicU64,
}

impl WideSlot {
    /// A read that calls `before_check` and `after_check` around its load of the check word
    /// (the tests store there to interleave a read with stores; [`Slot::read`] passes nothing).
    #[inline(always)]
    fn read_around(
        &self,
        before_check: impl FnOnce(),
        after_check: impl FnOnce(),
    ) -> Option<(u64, u64)> {
        let word = self.data.load(Ordering::Acquire);
        if word & (TAKEN | LOCKED) != TAKEN {
            return None;
        }
        before_check();
        let rest = self.check.load(Ordering::Relaxed);
        after_check();
        fence(Ordering::Acquire);
        (self.data.load(Ordering::Relaxed) == word).then_some((rest, word & DATA_MASK))
    }

    /// A store that calls `while_locked` after writing the check word, before unlocking; the
    /// store is skipped when another writer holds the slot or takes it first.
    #[inline(always)]
    fn write_around(&self, rest: u64, data: u64, while_locked: impl FnOnce()) {
        let word = self.data.load(Ordering::Relaxed);
        if word & LOCKED != 0
            || self
                .data
                .compare_exchange(word, word | LOCKED, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // Whoever reads the check word stored below sees the lock (see the type's comment).
        fence(Ordering::Release);
        self.check.store(rest, Ordering::Relaxed);
        while_locked();
        let version = (word >> VERSION_SHIFT).wrapping_add(1) << VERSION_SHIFT;
        self.data.store(version | TAKEN | data, Ordering::Release);
    }
}

impl Slot for WideSlot {
    #[inline]
    fn read(&self) -> Option<(u64, u64)> {
        self.read_around(|| {}, || {})
    }

    #[inline]
    fn write(&self, rest: u64, data: u64) {
        self.write_around(rest, data, || {});
    }
}

/// A bucket of two-word slots.
#[repr(C, align(32))]
struct WideBucket([WideSlot; 2]);

// SAFETY: four AtomicU64s, which zero bytes make 0, and a zero data word is an empty slot.
unsafe impl Bucket for WideBucket {
    type Slot = WideSlot;
    const REST_BITS: u32 = 64;
    fn slots(&self) -> &[WideSlot; 2] {
        &self.0
    }
}

/// Zeroed buckets straight from the allocator, so that pages never used are never touched.
/// All-zero bytes are empty buckets of either width.
fn zeroed_buckets<B: Bucket>(count: usize) -> Box<[B]> {
    let layout = Layout::array::<B>(count).expect("the table size fits memory");
    // SAFETY: the layout has a non-zero size (count ≥ 1, and a bucket is two slots of atomics)
    // and is the layout of `[B; count]`, which is what the box frees it as; all-zero bytes are
    // `count` valid buckets, as `Bucket` requires of its implementations.
    unsafe {
        let pointer = alloc_zeroed(layout);
        if pointer.is_null() {
            handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            pointer.cast::<B>(),
            count,
        ))
    }
}

/// A hint to load the cache line at `address`.
#[inline]
fn prefetch_line<T>(address: &T) {
    // SAFETY: every x86_64 processor has SSE, and a prefetch never faults, whatever the
    // address (this one is a live reference anyway).
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(address).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// One array of buckets, and how many bits of a key's scramble pick the bucket.
struct Generation<B> {
    buckets: Box<[B]>,
    /// log2 of the number of buckets.
    bucket_bits: u32,
}

impl<B: Bucket> Generation<B> {
    fn new(bucket_bits: u32) -> Generation<B> {
        Generation {
            buckets: zeroed_buckets(1 << bucket_bits),
            bucket_bits,
        }
    }

    /// The bucket of a scrambled key, and the rest of the scramble that its entry holds.
    #[inline]
    fn locate(&self, mixed: u128) -> (&B, u64) {
        let bucket = (mixed & ((1 << self.bucket_bits) - 1)) as usize;
        (&self.buckets[bucket], (mixed >> self.bucket_bits) as u64)
    }
}

/// log2 of how much larger a growing table's next array is: eight times (or up to 64 times, for
/// the last step to the largest array), so that the arrays it outgrew add at most a seventh to
/// the last one, which may take the whole limit (as the one array of a table that does not grow
/// did).
const GROWTH_BITS: u32 = 3;

/// How many buckets of each 2^`SAMPLE_BITS` count the new entries stored in them, to tell when a
/// table that grows is full enough to double (one shared counter written by every store would
/// cost the threads more than the stores).
const SAMPLE_BITS: u32 = 6;

/// The buckets of one width, and where a key goes in them. A table that grows starts small and
/// takes an array eight times as large when about as many new entries have gone into it as it
/// has buckets (half its slots), up to the array its limit allows: the table is sized to the
/// work of the search, not to the largest search there could be. (The arrays it outgrew stay
/// until the next analysis: at most a seventh more than the limit.)
///
/// Growing copies every entry into the larger array (an entry's bucket gains three bits of its
/// scramble, and its rest loses them), then makes the new array the one every probe and
/// store uses. A store into the old array while it is copied may be lost: a table may forget,
/// never mix up, and each array holds entries placed by its own number of bits only. The old
/// arrays stay allocated until the table is borrowed mutably (see
/// [`SharedTable::release_old_arrays`]), since a thread may still be reading one.
struct Table<B> {
    /// The array in use: one of `arrays`, never freed while the table is shared.
    current: AtomicPtr<Generation<B>>,
    /// Every array made, the current one last.
    #[expect(
        clippy::vec_box,
        reason = "`current` points into a box, which stays put when the vector grows"
    )]
    arrays: Mutex<Vec<Box<Generation<B>>>>,
    key_bits: u32,
    /// The most bytes all arrays may take together; 0 for a table that never grows.
    grow_within: usize,
    /// New entries counted in the sampled buckets of the current array.
    sampled: AtomicU64,
    /// Set once doubling again would pass the limit.
    at_limit: AtomicBool,
}

impl<B: Bucket> Table<B> {
    /// 2^`wanted` buckets when the limit allows, and enough that the rest of a key fits a slot;
    /// then growing with the work up to the array `limit` bytes allow when `grows`.
    fn new(key_bits: u32, wanted: u32, limit: usize, grows: bool) -> Table<B> {
        let needed = key_bits.saturating_sub(B::REST_BITS);
        let bucket_bits = wanted.min(Table::<B>::allowed(limit)).max(needed).max(1);
        let mut first = Box::new(Generation::new(bucket_bits));
        Table {
            current: AtomicPtr::new(&mut *first),
            arrays: Mutex::new(vec![first]),
            key_bits,
            grow_within: if grows { limit } else { 0 },
            sampled: AtomicU64::new(0),
            at_limit: AtomicBool::new(!grows),
        }
    }

    /// The array in use.
    #[inline]
    fn array(&self) -> &Generation<B> {
        // SAFETY: `current` always points to an array boxed in `arrays`, which only
        // `release_old_arrays` (through `&mut self`, so with no other borrow alive) and drop
        // ever free, and never the current one.
        unsafe { &*self.current.load(Ordering::Acquire) }
    }

    /// The most bucket bits that `limit` bytes allow.
    fn allowed(limit: usize) -> u32 {
        (limit / size_of::<B>()).max(1).ilog2()
    }

    /// Whether the table has 2^`wanted` buckets, or as many as `limit` bytes allow, or can grow
    /// to them.
    fn fits(&self, wanted: u32, limit: usize) -> bool {
        let goal = wanted.min(Table::<B>::allowed(limit));
        self.array().bucket_bits >= goal || (self.grow_within == limit && self.grow_within > 0)
    }

    /// The bytes of every array the table holds.
    fn bytes(&self) -> usize {
        let arrays = self.arrays.lock().expect("no thread panicked holding it");
        arrays
            .iter()
            .map(|array| std::mem::size_of_val(&*array.buckets))
            .sum()
    }

    /// Frees every array but the current one.
    fn release_old_arrays(&mut self) {
        let arrays = self
            .arrays
            .get_mut()
            .expect("no thread panicked holding it");
        let last = arrays.len() - 1;
        arrays.drain(..last);
    }

    /// The bucket of `key` in the current array, and the rest of its scramble that its entry
    /// holds.
    #[inline]
    fn locate(&self, key: u128) -> (&B, u64) {
        self.array().locate(scramble(key, self.key_bits))
    }

    #[inline]
    fn probe(&self, key: u128) -> Option<TableEntry> {
        let (bucket, rest) = self.locate(key);
        bucket.slots().iter().find_map(|slot| match slot.read() {
            Some((stored, data)) if stored == rest => Some(decode(data)),
            _ => None,
        })
    }

    fn store(&self, key: u128, empties: u32, known: TableEntry) {
        let array = self.array();
        let mixed = scramble(key, self.key_bits);
        let (bucket, rest) = array.locate(mixed);
        if Table::place(bucket, rest, empties, known) && !self.at_limit.load(Ordering::Relaxed) {
            let sample_mask = (1 << SAMPLE_BITS) - 1;
            if mixed & sample_mask == 0 {
                self.count_new_entry(array);
            }
        }
    }

    /// Stores an entry in `bucket`, merged with what it holds of the same key; `true` when the
    /// key had no entry there.
    fn place(bucket: &B, rest: u64, empties: u32, known: TableEntry) -> bool {
        let [deep, recent] = bucket.slots();
        let (old_deep, old_recent) = (deep.read(), recent.read());
        let mine = |old: Option<(u64, u64)>| old.filter(|&(stored, _)| stored == rest);
        if let Some((_, data)) = mine(old_deep) {
            deep.write(rest, encode(empties, merge(decode(data), known)));
            false
        } else if let Some((_, data)) = mine(old_recent) {
            recent.write(rest, encode(empties, merge(decode(data), known)));
            false
        } else if old_deep.is_none_or(|(_, data)| empties_of(data) <= empties) {
            // The larger subtree keeps the first slot; the one it displaces moves on.
            deep.write(rest, encode(empties, known));
            if let Some((stored, data)) = old_deep {
                recent.write(stored, data);
            }
            true
        } else {
            recent.write(rest, encode(empties, known));
            true
        }
    }

    /// Counts a new entry in a sampled bucket of `array`, and grows the table when the new
    /// entries of the whole array (about 2^`SAMPLE_BITS` times the count) reach its buckets.
    #[cold]
    fn count_new_entry(&self, array: &Generation<B>) {
        let sampled = self.sampled.fetch_add(1, Ordering::Relaxed) + 1;
        if sampled << SAMPLE_BITS < 1 << array.bucket_bits {
            return;
        }
        // One thread grows the table; the others go on storing meanwhile.
        let Ok(mut arrays) = self.arrays.try_lock() else {
            return;
        };
        let current = arrays.last().expect("a table has an array");
        if !std::ptr::eq(&**current, array) {
            return;
        }
        // Straight to the largest array when a step beyond the next would pass it, so that
        // the arrays outgrown stay an eighth of the last at most.
        let allowed = Table::<B>::allowed(self.grow_within);
        let mut bits = array.bucket_bits + GROWTH_BITS;
        if bits + GROWTH_BITS > allowed {
            bits = allowed;
        }
        if bits <= array.bucket_bits {
            self.at_limit.store(true, Ordering::Relaxed);
            return;
        }
        let mut next = Box::new(Generation::<B>::new(bits));
        for (index, bucket) in array.buckets.iter().enumerate() {
            for slot in bucket.slots() {
                if let Some((rest, data)) = slot.read() {
                    let mixed = u128::from(rest) << array.bucket_bits | index as u128;
                    let (target, rest) = next.locate(mixed);
                    // In the old slots' order: the deeper entry first.
                    let [deep, recent] = target.slots();
                    if deep.read().is_none() {
                        deep.write(rest, data);
                    } else {
                        recent.write(rest, data);
                    }
                }
            }
        }
        self.sampled.store(0, Ordering::Relaxed);
        self.current.store(&mut *next, Ordering::Release);
        arrays.push(next);
    }
}

pub(super) struct SharedTable {
    slots: Slots,
}

/// The table of one width: one word a slot while keys fit 64 bits, two above.
enum Slots {
    Narrow(Table<NarrowBucket>),
    Wide(Table<WideBucket>),
}

/// `$body` on the table of whichever width `$slots` has, as `$table`.
macro_rules! on_table {
    ($slots:expr, $table:ident => $body:expr) => {
        match $slots {
            Slots::Narrow($table) => $body,
            Slots::Wide($table) => $body,
        }
    };
}

impl SharedTable {
    /// A table for searches of positions of `geometry` with up to `empties` empty cells, using
    /// at most about `limit` bytes (a little more when the key needs more buckets than that: at
    /// most 32 MiB on 6×6, 1 MiB on 7×7). On 6×7 and 7×7 it starts at 2 MiB and grows with the
    /// work (see [`Table`]).
    pub fn new(geometry: Geometry, limit: usize, empties: u32) -> SharedTable {
        let cells = geometry.cells();
        let key_bits = key_bits(cells).expect("keys of every board fit 128 bits");
        // Enough buckets for the positions below one with `empties` empty cells, never more
        // than the limit allows. A table larger than the search needs costs a page fault on
        // almost every store (a fresh page of zeroes each time), so it is sized to the search.
        let wanted = SharedTable::wanted_bucket_bits(cells, empties);
        let slots = if key_bits <= 64 {
            Slots::Narrow(Table::new(key_bits, wanted, limit, false))
        } else {
            Slots::Wide(Table::new(key_bits, wanted, limit, true))
        };
        SharedTable { slots }
    }

    fn wanted_bucket_bits(cells: usize, empties: u32) -> u32 {
        if cells <= 25 {
            // Up to 5×5 the shortcuts keep searches small (the empty 5×5 stores well under a
            // million positions), and a smaller table is faster to fill.
            empties.saturating_sub(5).max(12)
        } else if cells <= 39 {
            // 6×6: the fewest buckets its keys allow (2^21, 32 MiB; see `Table::new`) hold
            // the whole analysis of the empty board (1.55 M positions) with the same positions
            // searched within 0.01% and the same output, and spare it 236 MiB of fresh pages:
            // one thread 2.08 → 1.8 s, both cores 1.43–1.71 → 1.07–1.26 s (six runs each).
            16
        } else {
            // 6×7 and 7×7 (two-word slots): 2 MiB to start with, then as much as the search
            // stores (the table grows). The pairings settle most of these boards, so how much
            // a search stores varies far more than its empty cells tell: the empty 7×7 with
            // five in a row stores under 100 k positions, with four tens of millions. Searches
            // of a million positions or two ran faster in a table of a few MiB than in 256 MiB
            // of fresh pages (0.71 s of CPU in 2 MiB against 1.04 s for 500 k positions of a
            // 33-cell search), and the empty 7×7 (k = 5) had 263 MB of pages for its 85 k.
            16
        }
    }

    /// Whether the table is as large as a search of a position with `empties` empty cells
    /// wants (a table that had to be smaller because of its limit is).
    pub fn fits(&self, geometry: Geometry, limit: usize, empties: u32) -> bool {
        let wanted = SharedTable::wanted_bucket_bits(geometry.cells(), empties);
        on_table!(&self.slots, table => table.fits(wanted, limit))
    }

    /// The memory the table holds, in bytes (with the arrays it grew out of, until
    /// [`SharedTable::release_old_arrays`]).
    pub fn bytes(&self) -> usize {
        on_table!(&self.slots, table => table.bytes())
    }

    /// Frees the arrays a growing table has outgrown (no thread can be reading them, since none
    /// borrows the table).
    pub fn release_old_arrays(&mut self) {
        on_table!(&mut self.slots, table => table.release_old_arrays());
    }

    /// Asks the processor to start loading the bucket of `key`, so that a probe or store a
    /// little later finds it in the cache (a hint only: nothing else changes).
    #[inline]
    pub fn prefetch(&self, key: u128) {
        on_table!(&self.slots, table => prefetch_line(table.locate(key).0));
    }

    #[inline]
    pub fn probe(&self, key: u128) -> Option<TableEntry> {
        on_table!(&self.slots, table => table.probe(key))
    }

    /// Adds what a search learned of a position with `empties` empty cells to what is known.
    /// Two threads storing at once may lose one of the facts, never mix them up.
    pub fn store(&self, key: u128, empties: u32, known: TableEntry) {
        on_table!(&self.slots, table => table.store(key, empties, known));
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    #[test]
    fn the_scramble_is_a_bijection() {
        for bits in [5, 11, 16] {
            let mut seen = vec![false; 1 << bits];
            for key in 0..1u128 << bits {
                let image = scramble(key, bits);
                assert!(image < 1 << bits);
                assert!(!seen[image as usize], "{bits} bits: {key}");
                seen[image as usize] = true;
            }
        }
    }

    #[test]
    fn the_empty_6x6_gets_the_smallest_table_its_keys_allow_and_the_7x7_starts_small() {
        let limit = crate::minimax::alpha_beta::DEFAULT_TABLE_BYTES;
        let six = Geometry::new(6, 6, 4).unwrap();
        assert_eq!(SharedTable::new(six, limit, 35).bytes(), 32 << 20);
        // Not even within a smaller limit does it go below its keys' minimum.
        assert_eq!(SharedTable::new(six, 1 << 20, 35).bytes(), 32 << 20);
        let seven = Geometry::new(7, 7, 5).unwrap();
        assert_eq!(SharedTable::new(seven, limit, 48).bytes(), 2 << 20);
    }

    #[test]
    fn a_growing_table_keeps_its_entries_up_to_its_limit() {
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let limit = 16 << 20;
        let mut table = SharedTable::new(geometry, limit, 49);
        let Slots::Wide(wide) = &table.slots else {
            panic!("7×7 keys need two words");
        };
        assert_eq!(wide.array().bucket_bits, 16);
        // Four times as many keys as the first array has buckets: it grows once, to the largest
        // array the limit allows (2^19 buckets, 16 MiB, where eight times would be 2^19 too).
        let keys = wide_keys(1 << 18, 4);
        for (index, &key) in keys.iter().enumerate() {
            table.store(key, (key % 50) as u32, known_of(key, index % 49));
        }
        assert_eq!(wide.array().bucket_bits, 19);
        assert_eq!(table.bytes(), 18 << 20);
        let mut found = 0;
        for (index, &key) in keys.iter().enumerate() {
            if let Some(known) = table.probe(key) {
                assert_eq!(known, known_of(key, index % 49), "{key:#x}");
                found += 1;
            }
        }
        // Most keys are still there (half the slots of the last array hold the first keys).
        assert!(found > keys.len() / 2, "{found}");
        for neighbour in keys.iter().map(|key| key ^ 1 << 40).take(1000) {
            if !keys.contains(&neighbour) {
                assert_eq!(table.probe(neighbour), None, "{neighbour:#x}");
            }
        }
        table.release_old_arrays();
        assert_eq!(table.bytes(), 16 << 20);
        assert_eq!(
            table.probe(keys[keys.len() - 1]),
            Some(known_of(keys[keys.len() - 1], (keys.len() - 1) % 49))
        );
    }

    #[test]
    fn two_threads_storing_while_the_table_grows_never_read_another_keys_entry() {
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let table = SharedTable::new(geometry, 64 << 20, 49);
        let keys = wide_keys(1 << 18, 5);
        let start = std::sync::Barrier::new(2);
        crate::platform::threads::scope(|scope| {
            for thread in 0..2 {
                let (table, keys, start) = (&table, &keys, &start);
                scope.spawn(move || {
                    start.wait();
                    for round in 0..keys.len() {
                        let key = keys[(round * (thread * 2 + 1)) % keys.len()];
                        table.store(key, (round % 50) as u32, known_of(key, thread));
                        let probed = keys[(round * 7 + thread) % keys.len()];
                        if let Some(known) = table.probe(probed) {
                            assert!(
                                (0..2).any(|best| known == known_of(probed, best)),
                                "{probed:#x}: {known:?}"
                            );
                        }
                    }
                });
            }
        });
        let Slots::Wide(wide) = &table.slots else {
            panic!("7×7 keys need two words");
        };
        assert!(wide.array().bucket_bits > 16);
    }

    #[test]
    fn entries_round_trip_and_merge() {
        let geometry = Geometry::new(5, 5, 4).unwrap();
        let table = SharedTable::new(geometry, 1 << 20, 25);
        let known = TableEntry {
            lower: Some(Score::new(-20)),
            upper: None,
            best: Some(24),
        };
        let key = 3u128.pow(25) * 2 - 1;
        assert_eq!(table.probe(key), None);
        table.store(key, 3, known);
        assert_eq!(table.probe(key), Some(known));
        let tighter = TableEntry {
            lower: Some(Score::DRAW),
            upper: Some(Score::DRAW),
            best: None,
        };
        table.store(key, 3, tighter);
        assert_eq!(
            table.probe(key),
            Some(TableEntry {
                best: Some(24),
                ..tighter
            })
        );
        assert_eq!(table.probe(key - 1), None);
        assert_eq!(key_bits(25), Some(41));
        assert_eq!(key_bits(39), Some(63));
        assert_eq!(key_bits(40), Some(65));
        assert_eq!(key_bits(49), Some(79));
    }

    #[test]
    fn buckets_sit_within_one_cache_line_and_a_prefetch_changes_nothing() {
        for (side, cells_key) in [(6, 3u128.pow(36) + 5), (7, 3u128.pow(49) * 2 - 3)] {
            let geometry = Geometry::new(side, side, 4).unwrap();
            let table = SharedTable::new(geometry, 1 << 24, 36);
            let addresses: Vec<(usize, usize)> = match &table.slots {
                Slots::Narrow(table) => bucket_addresses(&table.array().buckets),
                Slots::Wide(table) => bucket_addresses(&table.array().buckets),
            };
            assert_eq!(matches!(table.slots, Slots::Wide(_)), side == 7);
            for (address, size) in addresses {
                // A bucket aligned to its size (16 or 32 bytes) never crosses a 64-byte line.
                assert_eq!(address % size, 0, "{address:#x}");
                assert_eq!(address / 64, (address + size - 1) / 64);
            }
            let known = TableEntry {
                lower: Some(Score::DRAW),
                upper: None,
                best: Some(7),
            };
            table.prefetch(cells_key);
            assert_eq!(table.probe(cells_key), None);
            table.store(cells_key, 20, known);
            table.prefetch(cells_key);
            assert_eq!(table.probe(cells_key), Some(known));
        }
    }

    fn bucket_addresses<B>(buckets: &[B]) -> Vec<(usize, usize)> {
        [&buckets[0], &buckets[1], &buckets[buckets.len() - 1]]
            .iter()
            .map(|bucket| (std::ptr::from_ref(*bucket) as usize, size_of::<B>()))
            .collect()
    }

    /// The key whose scramble is `mixed` (the scramble undone: each xorshift by more than half
    /// the bits is its own inverse, and each odd factor has an inverse modulo 2^bits).
    fn unscramble(mixed: u128, bits: u32) -> u128 {
        let mask = low_bits(bits);
        let shift = bits / 2 + 1;
        let inverse = |factor: u128| {
            // Newton's iteration doubles the correct low bits each time: 7 rounds reach 128.
            (0..7).fold(factor, |x, _| {
                x.wrapping_mul(2u128.wrapping_sub(factor.wrapping_mul(x)))
            })
        };
        let mut x = mixed ^ mixed >> shift;
        x = x.wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9)) & mask;
        x ^= x >> shift;
        x.wrapping_mul(inverse(0x9e37_79b9_7f4a_7c15)) & mask
    }

    #[test]
    fn the_scramble_of_a_key_of_up_to_64_bits_is_the_same_in_64_bit_arithmetic() {
        let mut key = 0x0123_4567_89ab_cdefu64;
        for bits in 1..=64 {
            for _ in 0..1000 {
                key ^= key << 13;
                key ^= key >> 7;
                key ^= key << 17;
                let below = u128::from(key) & low_bits(bits);
                assert_eq!(
                    scramble(below, bits),
                    scramble_wide(below, bits),
                    "{bits} bits"
                );
            }
        }
    }

    #[test]
    fn keys_whose_entries_differ_in_one_bit_of_the_rest_are_told_apart() {
        // Keys in one bucket whose entries differ in a single bit of the key's rest, for every
        // bit: a slot that dropped or mixed up any bit of the rest would answer for the wrong
        // key. Both widths: 6×6 (59-bit keys) and 7×7 (79 bits).
        for (side, cells) in [(6, 36), (7, 49)] {
            let geometry = Geometry::new(side, side, 4).unwrap();
            let table = SharedTable::new(geometry, 1 << 10, 49);
            let bits = key_bits(cells).unwrap();
            let (bucket_bits, rest_bits) = on_table!(&table.slots, table =>
                (table.array().bucket_bits, table.key_bits - table.array().bucket_bits));
            assert_eq!(unscramble(scramble(12_345, bits), bits), 12_345);
            let key_of = |rest: u128| unscramble(rest << bucket_bits | 5, bits);
            let base_rest = 0x5a5a_5a5a_5a5a_5a5a_5a5a & ((1 << rest_bits) - 1);
            let base = key_of(base_rest);
            let known = |best| TableEntry {
                lower: Some(Score::DRAW),
                upper: None,
                best: Some(best),
            };
            table.store(base, 30, known(0));
            for bit in 0..rest_bits {
                let other = key_of(base_rest ^ 1 << bit);
                assert_eq!(table.probe(other), None, "{side}×{side}, bit {bit}");
                let best = bit as usize % 48 + 1;
                table.store(other, 20, known(best));
                assert_eq!(table.probe(other), Some(known(best)));
                assert_eq!(
                    table.probe(base),
                    Some(known(0)),
                    "{side}×{side}, bit {bit}"
                );
            }
        }
    }

    /// 7×7 keys of all 79 bits: the largest, ones with only high or only low bits, random ones.
    fn wide_keys(count: usize, seed: u64) -> Vec<u128> {
        let top = 3u128.pow(49) * 2;
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut keys = vec![
            top - 1,
            top - 2,
            1 << 78,
            (1 << 78) | 1,
            0,
            1,
            (1 << 64) - 1,
        ];
        keys.extend((keys.len()..count).map(|_| rng.random_range(0..top)));
        keys
    }

    /// Data that tells the key it was stored for apart from most others.
    fn known_of(key: u128, best: usize) -> TableEntry {
        let bound = Score::new((key % 101) as i32 - 50);
        TableEntry {
            lower: Some(bound),
            upper: Some(bound),
            best: Some(best),
        }
    }

    #[test]
    fn wide_entries_round_trip_and_merge_for_keys_of_all_79_bits() {
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let table = SharedTable::new(geometry, 1 << 26, 49);
        assert!(matches!(table.slots, Slots::Wide(_)));
        let keys = wide_keys(2000, 1);
        for (index, &key) in keys.iter().enumerate() {
            assert_eq!(table.probe(key), None, "{key:#x}");
            let known = TableEntry {
                lower: Some(Score::new(-20)),
                upper: None,
                best: Some(index % 49),
            };
            table.store(key, 40, known);
            assert_eq!(table.probe(key), Some(known), "{key:#x}");
            let tighter = TableEntry {
                lower: Some(Score::DRAW),
                upper: Some(Score::DRAW),
                best: None,
            };
            table.store(key, 40, tighter);
            let merged = TableEntry {
                best: known.best,
                ..tighter
            };
            assert_eq!(table.probe(key), Some(merged), "{key:#x}");
            for neighbour in [
                key ^ 1,
                key ^ 1 << 78,
                key ^ 1 << 40,
                key.wrapping_add(1 << 64),
            ] {
                if !keys.contains(&neighbour) {
                    assert_eq!(
                        table.probe(neighbour),
                        None,
                        "{neighbour:#x} after {key:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_full_wide_table_forgets_but_never_answers_for_another_key() {
        // The smallest 7×7 table (2^15 buckets: the rest of a key must fit 64 bits) and 2^17
        // keys: most entries are displaced, and every probe finds nothing or the key's own data.
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let table = SharedTable::new(geometry, 1 << 10, 49);
        assert_eq!(table.bytes(), 32 << 15);
        let keys = wide_keys(1 << 17, 2);
        for (index, &key) in keys.iter().enumerate() {
            table.store(key, (key % 50) as u32, known_of(key, index % 49));
        }
        let mut found = 0;
        for (index, &key) in keys.iter().enumerate() {
            if let Some(known) = table.probe(key) {
                assert_eq!(known, known_of(key, index % 49), "{key:#x}");
                found += 1;
            }
        }
        // Two slots a bucket, the first kept for the most empty cells.
        assert!(found > 1 << 15, "{found}");
    }

    /// Keys of a 7×7 table that fall in its first four buckets.
    fn colliding_keys(table: &Table<WideBucket>, count: usize) -> Vec<u128> {
        let first = std::ptr::from_ref(&table.array().buckets[0]) as usize;
        let in_first_four = |key: &u128| {
            let address = std::ptr::from_ref(table.locate(*key).0) as usize;
            address - first < 4 * size_of::<WideBucket>()
        };
        let mut keys = wide_keys(count * 20_000, 3);
        keys.retain(in_first_four);
        keys.truncate(count);
        keys
    }

    #[test]
    fn two_threads_on_the_same_wide_buckets_never_mix_entries() {
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let table = SharedTable::new(geometry, 1 << 10, 49);
        let Slots::Wide(wide) = &table.slots else {
            panic!("7×7 keys need two words");
        };
        let keys = colliding_keys(wide, 12);
        assert!(keys.len() >= 8, "{keys:?}");
        let rounds = if cfg!(debug_assertions) {
            20_000
        } else {
            400_000
        };
        let start = std::sync::Barrier::new(2);
        crate::platform::threads::scope(|scope| {
            for thread in 0..2 {
                let (table, keys, start) = (&table, &keys, &start);
                scope.spawn(move || {
                    start.wait();
                    for round in 0..rounds {
                        // The threads store different data for the same keys, in other orders.
                        let key = keys[(round * (thread * 2 + 1)) % keys.len()];
                        table.store(key, (round % 50) as u32, known_of(key, thread));
                        let probed = keys[(round * 7 + thread) % keys.len()];
                        if let Some(known) = table.probe(probed) {
                            assert!(
                                (0..2).any(|best| known == known_of(probed, best)),
                                "{probed:#x}: {known:?}"
                            );
                        }
                    }
                });
            }
        });
    }

    /// Entries of two keys: A with data a and c, B with data b. Rests and data differ in
    /// every bit, so a read pairing one entry's check word with another's data word is wrong.
    const A: (u64, u64) = (0x0123_4567_89ab_cdef, 0x3ff_ffff);
    const B: (u64, u64) = (!A.0, 0x3ff);
    const C: (u64, u64) = (A.0, 0x3ff_0000);

    fn wide_slot_holding((rest, data): (u64, u64)) -> WideSlot {
        let slot = WideSlot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        };
        assert_eq!(slot.read(), None);
        slot.write(rest, data);
        assert_eq!(slot.read(), Some((rest, data)));
        slot
    }

    #[test]
    fn a_read_during_or_across_a_store_misses() {
        let write = |slot: &WideSlot, (rest, data)| slot.write(rest, data);
        // During: the check word is B's, the data word still A's, locked.
        let slot = wide_slot_holding(A);
        slot.write_around(B.0, B.1, || assert_eq!(slot.read(), None));
        assert_eq!(slot.read(), Some(B));
        // A store that begins between the read's two loads of the data word.
        let slot = wide_slot_holding(A);
        let read = slot.read_around(|| {}, || slot.write_around(B.0, B.1, || {}));
        assert_eq!(read, None);
        let slot = wide_slot_holding(A);
        let read = slot.read_around(|| slot.write_around(B.0, B.1, || {}), || {});
        assert_eq!(read, None);
        // Two whole stores that leave the data word's data as the read first saw it: B's rest
        // with A's data, unless the data word counts stores.
        let slot = wide_slot_holding(A);
        let read = slot.read_around(|| write(&slot, B), || write(&slot, A));
        assert_eq!(read, None);
        // One store of another key and the same data before the check word is read: the read
        // pairs that store's check word with its own data, its entry, if it accepts at all.
        let slot = wide_slot_holding(A);
        let read = slot.read_around(|| write(&slot, (B.0, A.1)), || {});
        assert!(read.is_none() || read == Some((B.0, A.1)), "{read:x?}");
        // A store while another writer holds the slot is dropped.
        let slot = wide_slot_holding(A);
        slot.write_around(B.0, B.1, || write(&slot, C));
        assert_eq!(slot.read(), Some(B));
    }

    #[test]
    fn a_wide_slot_counts_its_stores_in_36_bits() {
        let slot = wide_slot_holding(A);
        slot.data.store(!LOCKED, Ordering::Relaxed);
        slot.write(B.0, B.1);
        assert_eq!(slot.data.load(Ordering::Relaxed) >> VERSION_SHIFT, 0);
        assert_eq!(slot.read(), Some(B));
        assert_eq!(64 - VERSION_SHIFT, 36);
    }

    #[test]
    fn two_threads_writing_one_wide_slot_never_read_a_mix() {
        // Both threads write the same slot and read it back: a read may overlap the other
        // thread's store, and two stores may overlap (one of them is then dropped).
        let entries = &[A, B, C];
        let slot = wide_slot_holding(A);
        let rounds = if cfg!(debug_assertions) {
            300_000
        } else {
            10_000_000
        };
        let start = std::sync::Barrier::new(2);
        let misses: u64 = crate::platform::threads::scope(|scope| {
            let threads: Vec<_> = (0..2)
                .map(|thread| {
                    let (slot, start) = (&slot, &start);
                    scope.spawn(move || {
                        start.wait();
                        let mut misses = 0;
                        for round in 0..rounds {
                            let (rest, data) = entries[(round + thread) % 3];
                            slot.write(rest, data);
                            match slot.read() {
                                Some(entry) => assert!(entries.contains(&entry), "{entry:x?}"),
                                None => misses += 1,
                            }
                        }
                        misses
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| thread.join().unwrap())
                .sum()
        });
        // How often a read met a store (never on a single core).
        eprintln!(
            "{misses} reads missed during stores in {} reads",
            2 * rounds
        );
    }
}
