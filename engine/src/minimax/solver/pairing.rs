//! Pairing strategies: whether the side that cannot win is able to answer every move in each
//! open run with a move in the same run, so that no run is ever completed. The exact finder
//! ([`pairing_exists`]) and the budgeted search ([`pair_up`]) that [`Open::cannot_win`] asks.
//!
//! [`Open::cannot_win`]: super::rules::Open::cannot_win

use super::rules::{GeometryTables, Open};
use crate::board::{BitIter, MAX_SIDE, MIN_K};

/// Whether [`Open::cannot_win`] looks for pairs with the exact [`pairing_exists`] (off: the
/// budgeted [`pair_up`], [`pairing_budget`] steps). The exact finder finds every pairing there
/// is, but costs more than it saves so far (6×6, k=4: about four times the CPU), so it is off
/// until it is made cheaper; its tests run either way.
const EXACT_PAIRING: bool = false;
/// The most steps the budgeted pairing search takes before giving up.
const PAIRING_BUDGET: u32 = 16;
/// The budget where at least [`OPEN_FROM`] cells are empty (see [`pairing_budget`]).
const OPEN_PAIRING_BUDGET: u32 = 48;
const OPEN_FROM: u32 = 32;

/// The steps the budgeted pairing search may take on a position with the cells `empty`:
/// [`OPEN_PAIRING_BUDGET`] on an open board, [`PAIRING_BUDGET`] later. Near the start of a
/// 7×7 game a pairing has many lines to cover and saves a search of millions of positions,
/// while 16 steps rarely found one: the empty 7×7 (k=5) took 8.9 million positions on one
/// thread with 16 steps everywhere and 84 thousand with 48 steps from 32 empty cells up;
/// the 7×7 with X in the centre, every reply, over 100 s against 16 s on both cores. The
/// empty 6×6 (k=4) is searched as before (the same positions on one thread): the runs of
/// four are paired or not within 16 steps there. How much a budget finds is chaotic: 48 steps
/// everywhere, or 64 from 36 empty cells, also took the empty 7×7 to about a second on both
/// cores, and 48 from 36 took 16 s on one.
fn pairing_budget(empty: u64) -> u32 {
    if empty.count_ones() >= OPEN_FROM {
        OPEN_PAIRING_BUDGET
    } else {
        PAIRING_BUDGET
    }
}

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
pub(super) fn pairing_exists(rules: &GeometryTables, open: u128, free: u64) -> bool {
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
            let run_cells = rules.run_cells(run) & free;
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
            windows[count] = rules.run_cells(run) & free;
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
pub(super) fn pair_up(rules: &GeometryTables, open: u128, free: u64, budget: &mut u32) -> bool {
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
        let count = (rules.run_cells(run) & free).count_ones();
        lines |= rules.line_of(run);
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
    let mut firsts = rules.run_cells(pick) & free;
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

impl Open<'_> {
    /// Whether the open runs `set` can be paired up in `empty` (see [`Open::cannot_win`]).
    pub(super) fn pairs_after(&self, set: u128, empty: u64) -> bool {
        if EXACT_PAIRING {
            pairing_exists(self.rules, set, empty)
        } else {
            let mut budget = pairing_budget(empty);
            pair_up(self.rules, set, empty, &mut budget)
        }
    }
}

#[cfg(test)]
mod pairing_tests {
    use super::*;
    use std::collections::HashMap;

    use super::super::rules::tests::xorshift;
    use crate::board::Geometry;

    /// Whether the attacker, moving first, can complete a run of `open` (its runs without a
    /// defender's mark) against any defence, by exhaustive search of the Maker–Breaker game:
    /// the defender only blocks, and a cell on no open run is as good as a pass for either.
    fn maker_wins(
        rules: &GeometryTables,
        attacker: u64,
        defender: u64,
        memo: &mut HashMap<(u64, u64), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(attacker, defender)) {
            return known;
        }
        let open: Vec<u64> = rules
            .runs
            .all
            .iter()
            .copied()
            .filter(|&run| run & defender == 0)
            .collect();
        let live = open.iter().fold(0, |cells, &run| cells | run) & !attacker;
        let result = BitIter(live).any(|first| {
            let after = attacker | 1 << first;
            if open.iter().any(|&run| run & !after == 0) {
                return true;
            }
            let live_after = live & !(1 << first);
            // Every defence fails (with no cell left the attacker has not won).
            live_after != 0
                && BitIter(live_after)
                    .all(|block| maker_wins(rules, after, defender | 1 << block, memo))
        });
        memo.insert((attacker, defender), result);
        result
    }

    /// Random marks of both sides leaving `empty` cells, no run of the attacker's complete; the
    /// defender has one mark in `share` turns, the attacker the others.
    fn random_position(
        rules: &GeometryTables,
        empty: u32,
        share: u32,
        random: &mut impl FnMut(u64) -> u64,
    ) -> (u64, u64) {
        let cells = rules.geometry.cells() as u64;
        loop {
            let (mut a, mut b) = (0u64, 0u64);
            for turn in 0..cells as u32 - empty {
                let index = loop {
                    let index = random(cells) as usize;
                    if (a | b) & 1 << index == 0 {
                        break index;
                    }
                };
                if turn % share != 0 {
                    b |= 1 << index
                } else {
                    a |= 1 << index
                }
            }
            if !rules.runs.all.iter().any(|&run| run & !a == 0) {
                return (a, b);
            }
        }
    }

    #[test]
    fn the_exact_pairing_finder_agrees_with_unbudgeted_backtracking_and_brute_force() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        for (side, k, tries, checked_by_brute_force) in [
            (5, 5, 1500, 100),
            (6, 4, 3000, 100),
            (4, 4, 300, 40),
            (7, 5, 600, 0),
        ] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            let (mut found, mut brute) = (0, 0);
            for round in 0..tries {
                let empty = if side >= 5 {
                    12 + round % 3
                } else {
                    6 + round % 5
                };
                // Half the positions with as many marks of each side, half with the defender's
                // two for one of the attacker's (fewer open runs: more of them can be paired).
                let share = 2 + round % 2;
                let (a, b) = random_position(&rules, empty, share, &mut random);
                let open = rules.open_runs(a, b);
                let exact = pairing_exists(&rules, open.set, open.empty);
                let mut budget = u32::MAX;
                let old = pair_up(&rules, open.set, open.empty, &mut budget);
                assert_eq!(exact, old, "{side}×{side} k={k}: {a:#x} against {b:#x}");
                // A budget of 16 finds a subset.
                let mut budget = 16;
                assert!(
                    !pair_up(&rules, open.set, open.empty, &mut budget) || exact,
                    "{side}×{side} k={k}: {a:#x} against {b:#x}"
                );
                if exact {
                    found += 1;
                    if brute < checked_by_brute_force {
                        brute += 1;
                        assert!(
                            !maker_wins(&rules, a, b, &mut HashMap::new()),
                            "{side}×{side} k={k}: a pairing of {a:#x} against {b:#x}, but the \
                             attacker wins"
                        );
                    }
                }
            }
            eprintln!("{side}x{side} k={k}: {found} of {tries} paired, {brute} by brute force");
            assert!(
                found >= 10 && brute >= checked_by_brute_force.min(found),
                "{side}×{side} k={k}: only {found} pairings"
            );
        }
    }

    #[test]
    fn a_holding_block_passes_cannot_win_and_one_is_found_whenever_a_cell_passes() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        for (side, k) in [(4, 4), (5, 4), (5, 5), (6, 4), (6, 5), (7, 5)] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            let (mut holding, mut capped_found) = (0, 0);
            for round in 0..400 {
                let empty = (side * side) as u32 / 2 + round % 6;
                let (a, b) = random_position(&rules, empty, 2 + round % 2, &mut random);
                let open = rules.open_runs(a, b);
                let passes = |index: usize| open.cannot_win(Some(index), true, true);
                let naive = BitIter(open.cells()).find(|&index| passes(index));
                // With every candidate paired, a block is found exactly when some cell passes.
                let found = open.holding_block(u32::MAX);
                assert_eq!(
                    found.is_some(),
                    naive.is_some(),
                    "{side}×{side} k={k}: {a:#x} against {b:#x}"
                );
                // Whatever the number of candidates paired, what is found passes.
                for pairings in [u32::MAX, 4, 1, 0] {
                    if let Some(index) = open.holding_block(pairings) {
                        assert!(
                            passes(index),
                            "{side}×{side} k={k}: {index} of {a:#x} against {b:#x}"
                        );
                        capped_found += (pairings == 1) as u32;
                    }
                }
                holding += naive.is_some() as u32;
            }
            assert!(
                holding >= 20 && capped_found > 0,
                "{side}×{side} k={k}: only {holding} with a holding block, {capped_found} capped"
            );
        }
    }

    /// [`Open::forced_conflicts`] as its definition reads, every open run against every run of
    /// two empty cells.
    fn forced_conflicts_by_definition(open: &Open) -> u64 {
        let rules = open.rules;
        let free = |run: usize| rules.run_cells(run) & open.empty;
        let mut allowed = u64::MAX;
        for a in BitIter(open.set) {
            if free(a).count_ones() < 2 {
                allowed &= rules.run_cells(a);
            }
            if free(a).count_ones() != 2 {
                continue;
            }
            for c in BitIter(open.set) {
                if free(c) & free(a) != free(a) && (free(c) & !free(a)).count_ones() < 2 {
                    allowed &= rules.run_cells(a) | rules.run_cells(c);
                }
            }
        }
        allowed
    }

    #[test]
    fn the_forced_conflicts_are_those_of_their_definition() {
        let mut random = xorshift(0x6a09_e667_f3bc_c908);
        for (side, k) in [(5, 4), (6, 4), (7, 4), (7, 5)] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            let mut restricted = 0;
            for round in 0..500 {
                let empty = (side * side) as u32 / 3 + round % 12;
                let (a, b) = random_position(&rules, empty, 2 + round % 2, &mut random);
                let open = rules.open_runs(a, b);
                let allowed = open.forced_conflicts();
                assert_eq!(
                    allowed,
                    forced_conflicts_by_definition(&open),
                    "{a:#x} {b:#x}"
                );
                restricted += (allowed != u64::MAX) as u32;
            }
            assert!(
                restricted > 50,
                "{side}×{side} k={k}: {restricted} restricted"
            );
        }
    }

    #[test]
    fn a_block_off_the_forced_conflicts_leaves_no_pairing() {
        let mut random = xorshift(0x51_7cc1_b727_220a);
        for (side, k) in [(5, 4), (5, 5), (6, 4), (7, 5)] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            let (mut ruled_out, mut paired) = (0, 0);
            for round in 0..300 {
                let empty = (side * side) as u32 / 2 + round % 6;
                let (a, b) = random_position(&rules, empty, 2 + round % 2, &mut random);
                let open = rules.open_runs(a, b);
                let allowed = open.forced_conflicts();
                for index in BitIter(open.cells()) {
                    let pairs = pairing_exists(
                        &rules,
                        open.set & !rules.run_set[index],
                        open.empty & !(1 << index),
                    );
                    if allowed & 1 << index == 0 {
                        assert!(
                            !pairs,
                            "{side}×{side} k={k}: {index} of {a:#x} against {b:#x}"
                        );
                        ruled_out += 1;
                    }
                    paired += pairs as u32;
                }
            }
            // Not empty claims: cells are ruled out, and others do pair up.
            assert!(
                ruled_out >= 50 && paired >= 10,
                "{side}×{side} k={k}: {ruled_out} ruled out, {paired} paired"
            );
        }
    }

    #[test]
    fn a_line_whose_runs_need_two_pairs_is_paired() {
        // 6×6, four in a row: X alone on the top row, at (0,2) and (0,3): the three runs of the
        // row share only those two cells, so one pair (0,2)–(0,3) cannot be had: the O side
        // holds them. With the row's other cells free, two pairs (0,0)–(0,1) and (0,4)–(0,5)
        // cover the runs [0..3] and [2..5]; [1..4] needs another pair, which no longer fits.
        let rules = GeometryTables::new(Geometry::new(6, 6, 4).unwrap());
        // Only the top row's runs are open to the attacker (marks elsewhere block the rest).
        let row = 0b11_1111u64;
        let open = rules.open_runs(0, rules.runs.full & !row);
        assert_eq!(open.set.count_ones(), 3);
        // All six free: one pair in the middle, (0,2)–(0,3), covers all three runs.
        assert!(pairing_exists(&rules, open.set, row));
        // Without (0,2): [0..3] and [1..4] share (0,1), (0,3); [2..5] then needs (0,4)–(0,5).
        assert!(pairing_exists(&rules, open.set, row & !(1 << 2)));
        // Without (0,2) and (0,3): [1..4] keeps only (0,1) and (0,4): no pair of it is a pair
        // of [0..3] or [2..5], and it needs both cells, so the others get only one each.
        assert!(!pairing_exists(
            &rules,
            open.set,
            row & !(1 << 2) & !(1 << 3)
        ));
        let mut budget = u32::MAX;
        assert!(!pair_up(
            &rules,
            open.set,
            row & !(1 << 2) & !(1 << 3),
            &mut budget
        ));
    }
}
