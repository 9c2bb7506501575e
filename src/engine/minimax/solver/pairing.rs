//! Pairing strategies: whether the side that cannot win is able to answer every move in each
//! open run with a move in the same run, so that no run is ever completed. The exact finder
//! ([`pairing_exists`]) and the budgeted search ([`pair_up`]) that [`Open::cannot_win`] asks.
//!
//! [`Open::cannot_win`]: super::rules::Open::cannot_win

use super::rules::Rules;
use crate::engine::board::{BitIter, MAX_SIDE, MIN_K};

/// The most runs one line holds: a line of [`MAX_SIDE`] cells, runs of [`MIN_K`].
const MAX_WINDOWS: usize = MAX_SIDE - MIN_K + 1;
/// The most lines a board has: rows, columns and the diagonals of both directions.
const MAX_LINES: usize = 2 * MAX_SIDE + 2 * (2 * MAX_SIDE - 1);
/// No cell's owner in [`PairSearch::matches`].
const NO_SLOT: u8 = u8::MAX;

/// Whether every run of the set `open` (bits of `rules.runs.all`) can be given a pair of `free`
/// cells it holds, the pairs disjoint: exact, with no budget.
///
/// Two cells lie on one line only, so a pair settles runs of one line, and the lines compete
/// only for cells. The runs of one line, in order along it, are covered by pairs that each
/// settle a stretch of consecutive runs (a pair lies in the runs that start between its second
/// cell's reach and its first cell), so a line's choices are the ways to cut its runs into
/// stretches, each needing two cells of the common free cells of its runs. A line with one way
/// is fixed; the others are chosen by backtracking. Once chosen, whether the stretches get
/// their cells is a bipartite matching (each stretch two cells, each cell one stretch), and the
/// same matching with a line still to choose asking for as many cells as its fewest stretches
/// need, from all its free cells, cuts the backtracking short.
pub(super) fn pairing_exists(rules: &Rules, open: u128, free: u64) -> bool {
    // Cheap necessary conditions first: each run has two free cells, each line a pair of its
    // own; and which cells more than one line could use.
    let (mut once, mut twice, mut lines) = (0u64, 0u64, 0u32);
    for &line in &rules.line_runs {
        let on = open & line;
        if on == 0 {
            continue;
        }
        let mut cells = 0;
        for run in BitIter(on) {
            let run_cells = rules.runs.all[run] & free;
            if run_cells.count_ones() < 2 {
                return false;
            }
            cells |= run_cells;
        }
        twice |= once & cells;
        once |= cells;
        lines += 1;
    }
    if 2 * lines > free.count_ones() {
        return false;
    }
    let mut search = PairSearch {
        fixed: [0; 2 * MAX_LINES],
        fixed_len: 0,
        undecided: [Undecided::NONE; MAX_LINES],
        undecided_len: 0,
        limit: free.count_ones() as usize / 2,
    };
    for &line in &rules.line_runs {
        let on = open & line;
        if on == 0 {
            continue;
        }
        let mut windows = [0u64; MAX_WINDOWS];
        let mut count = 0;
        for run in BitIter(on) {
            windows[count] = rules.runs.all[run] & free;
            count += 1;
        }
        // A line whose runs share two cells that no other line can use takes them.
        let shared = windows[..count].iter().fold(0, |all, &w| all | w) & twice;
        let common = windows[..count].iter().fold(free, |all, &w| all & w);
        if (common & !twice).count_ones() >= 2 {
            continue;
        }
        if count == 1 {
            // One run: its free cells, at least two; if no other line can use them, done.
            if shared != 0 && !search.push(windows[0]) {
                return false;
            }
            continue;
        }
        let line = Undecided::new(windows, count);
        if shared == 0 {
            // No other line can use its cells: it needs a way of its own.
            if !line.alone() {
                return false;
            }
            continue;
        }
        match line.ways() {
            0 => return false,
            1 => {
                let cuts = (0..1u32 << (count - 1))
                    .find(|&cuts| line.stretches(cuts).is_some())
                    .expect("one way");
                for stretch in line
                    .stretches(cuts)
                    .expect("valid")
                    .iter()
                    .take_while(|&&s| s != 0)
                {
                    if !search.push(*stretch) {
                        return false;
                    }
                }
            }
            _ => {
                search.undecided[search.undecided_len] = line;
                search.undecided_len += 1;
            }
        }
    }
    // Lines with the fewest ways first.
    let undecided = &mut search.undecided[..search.undecided_len];
    undecided.sort_unstable_by_key(|line| (line.ways, line.fewest));
    search.solve(0)
}

/// A line whose runs can be cut into stretches in more than one way.
#[derive(Clone, Copy)]
struct Undecided {
    /// The free cells of each of its runs, in order along the line.
    windows: [u64; MAX_WINDOWS],
    count: usize,
    /// The fewest stretches any way has.
    fewest: usize,
    /// The free cells of all its runs.
    cells: u64,
    /// How many ways there are.
    ways: u32,
}

impl Undecided {
    const NONE: Undecided = Undecided {
        windows: [0; MAX_WINDOWS],
        count: 0,
        fewest: 0,
        cells: 0,
        ways: 0,
    };

    fn new(windows: [u64; MAX_WINDOWS], count: usize) -> Undecided {
        // Greedy: a stretch shrinks its common cells as it grows, so growing each as far as it
        // goes gives the fewest stretches.
        let (mut common, mut fewest) = (windows[0], 1);
        for &window in &windows[1..count] {
            if (common & window).count_ones() >= 2 {
                common &= window;
            } else {
                common = window;
                fewest += 1;
            }
        }
        let mut line = Undecided {
            windows,
            count,
            fewest,
            cells: windows[..count].iter().fold(0, |all, &w| all | w),
            ways: 0,
        };
        line.ways = (0..1u32 << (count - 1))
            .filter(|&cuts| line.stretches(cuts).is_some())
            .count() as u32;
        line
    }

    fn ways(&self) -> u32 {
        self.ways
    }

    /// Whether some way gives each of its stretches two cells of its own.
    fn alone(&self) -> bool {
        (0..1u32 << (self.count - 1)).any(|cuts| {
            self.stretches(cuts).is_some_and(|stretches| {
                let mut slots = [0u64; 2 * MAX_WINDOWS];
                let mut len = 0;
                for &stretch in stretches.iter().take_while(|&&s| s != 0) {
                    slots[len] = stretch;
                    slots[len + 1] = stretch;
                    len += 2;
                }
                all_matched(&slots[..len])
            })
        })
    }

    /// The stretches that cutting after run `i` for each bit `i` of `cuts` makes (the common
    /// free cells of each, the rest zero), or `None` when one has fewer than two.
    fn stretches(&self, cuts: u32) -> Option<[u64; MAX_WINDOWS]> {
        let mut out = [0u64; MAX_WINDOWS];
        let (mut common, mut len) = (self.windows[0], 0);
        for i in 1..self.count {
            if cuts >> (i - 1) & 1 != 0 {
                if common.count_ones() < 2 {
                    return None;
                }
                out[len] = common;
                len += 1;
                common = self.windows[i];
            } else {
                common &= self.windows[i];
            }
        }
        if common.count_ones() < 2 {
            return None;
        }
        out[len] = common;
        Some(out)
    }
}

/// The state of [`pairing_exists`]: stretches that need two cells each, and lines still to
/// choose.
struct PairSearch {
    fixed: [u64; 2 * MAX_LINES],
    fixed_len: usize,
    undecided: [Undecided; MAX_LINES],
    undecided_len: usize,
    /// The most stretches the free cells can serve.
    limit: usize,
}

impl PairSearch {
    /// Adds a stretch; false when there are more than the free cells can serve.
    fn push(&mut self, cells: u64) -> bool {
        if self.fixed_len == self.limit {
            return false;
        }
        self.fixed[self.fixed_len] = cells;
        self.fixed_len += 1;
        true
    }

    /// Whether the lines from `next` on can be chosen so that every stretch gets two cells.
    fn solve(&mut self, next: usize) -> bool {
        if !self.matches(next) {
            return false;
        }
        if next == self.undecided_len {
            return true;
        }
        let line = self.undecided[next];
        let base = self.fixed_len;
        for cuts in 0..1u32 << (line.count - 1) {
            let Some(stretches) = line.stretches(cuts) else {
                continue;
            };
            self.fixed_len = base;
            if stretches
                .iter()
                .take_while(|&&s| s != 0)
                .all(|&stretch| self.push(stretch))
                && self.solve(next + 1)
            {
                return true;
            }
        }
        self.fixed_len = base;
        false
    }

    /// Whether every fixed stretch can get two cells of its own while each line from `next`
    /// on gets twice its fewest stretches of its free cells (a matching: each cell serves one).
    fn matches(&self, next: usize) -> bool {
        let mut slots = [0u64; 64];
        let mut len = 0;
        let mut union = 0u64;
        for &stretch in &self.fixed[..self.fixed_len] {
            slots[len] = stretch;
            slots[len + 1] = stretch;
            len += 2;
            union |= stretch;
        }
        for line in &self.undecided[next..self.undecided_len] {
            if len + 2 * line.fewest > slots.len() {
                return false;
            }
            for slot in &mut slots[len..len + 2 * line.fewest] {
                *slot = line.cells;
            }
            len += 2 * line.fewest;
            union |= line.cells;
        }
        len <= union.count_ones() as usize && all_matched(&slots[..len])
    }
}

/// Whether each slot can get a cell of its set, no cell serving two.
fn all_matched(slots: &[u64]) -> bool {
    let mut owner = [NO_SLOT; 64];
    (0..slots.len()).all(|slot| {
        let mut seen = 0u64;
        augment(slots, slot, &mut owner, &mut seen)
    })
}

/// Kuhn's augmenting path: gives `slot` a cell, moving other slots to other cells if need be.
fn augment(slots: &[u64], slot: usize, owner: &mut [u8; 64], seen: &mut u64) -> bool {
    loop {
        let options = slots[slot] & !*seen;
        if options == 0 {
            return false;
        }
        let cell = options.trailing_zeros() as usize;
        *seen |= 1 << cell;
        let holder = owner[cell];
        if holder == NO_SLOT || augment(slots, holder as usize, owner, seen) {
            owner[cell] = slot as u8;
            return true;
        }
    }
}

/// The budgeted backtracking search for pairs: whether every run of `open` can be given a pair
/// of `free` cells it holds, the pairs disjoint; `budget` counts down the steps allowed (with no
/// limit, the oracle of [`pairing_exists`]).
pub(super) fn pair_up(rules: &Rules, open: u128, free: u64, budget: &mut u32) -> bool {
    if open == 0 {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    // The run with the fewest free cells has the fewest pairs to try.
    let (mut pick, mut fewest, mut lines) = (0, u32::MAX, 0u64);
    for run in BitIter(open) {
        let count = (rules.runs.all[run] & free).count_ones();
        lines |= rules.line[run];
        if count < fewest {
            if count < 2 {
                return false;
            }
            (pick, fewest) = (run, count);
        }
    }
    // Two cells lie on one line only: each line with a run left needs a pair of its own.
    if 2 * lines.count_ones() > free.count_ones() {
        return false;
    }
    let mut firsts = rules.runs.all[pick] & free;
    while firsts != 0 {
        let first = firsts.trailing_zeros() as usize;
        firsts &= firsts - 1;
        let mut seconds = firsts;
        while seconds != 0 {
            let second = seconds.trailing_zeros() as usize;
            seconds &= seconds - 1;
            // The runs that hold the pair are settled.
            let settled = rules.run_set[first] & rules.run_set[second];
            let pair = 1 << first | 1 << second;
            if pair_up(rules, open & !settled, free & !pair, budget) {
                return true;
            }
            if *budget == 0 {
                return false;
            }
        }
    }
    false
}
