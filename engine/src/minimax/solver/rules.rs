//! What the solver precomputes for one geometry: the runs, the board's symmetries, and positions
//! as the solver sees them (side to move first, with a canonical key).

use crate::board::{BitIter, Board, Geometry, Mark, Runs};

/// The most symmetries a board has: 8 for a square, 4 for a rectangle.
pub(super) const MAX_SYMMETRIES: usize = 8;

/// The most runs the strategies of [`Open`] look at, as bits of a `u128` (7×7 with three in a
/// row has 120); on a geometry with more they claim nothing.
const MAX_RUNS: usize = 128;

/// One geometry's runs and symmetries.
pub(super) struct GeometryTables {
    pub geometry: Geometry,
    pub win: i32,
    /// The board's runs: what completes one, and the scan for threats (shared with the
    /// estimator).
    pub runs: &'static Runs,
    /// `line[run]`: the bit of the line (row, column or diagonal) that holds `runs[run]`
    /// (zero past the board's runs), read through [`GeometryTables::line_of`].
    line: [u64; MAX_RUNS],
    /// `run_cells[run]`: the cells of `runs.all[run]` (zero past the board's runs). A fixed
    /// array, read through [`GeometryTables::run_cells`]: the pairing search reads it in its innermost
    /// loop, and a bit of a run set indexes it with no bounds check to pay.
    run_cells: [u64; MAX_RUNS],
    /// The runs of each line (row, column or diagonal) that holds some, as bits (in order along
    /// the line, as the bits are; empty when the geometry has more than [`MAX_RUNS`] runs).
    pub(super) line_runs: Vec<u128>,
    /// `run_set[cell]`: the runs through `cell`, as bits (run `i` is bit `i`; empty when the
    /// geometry has more than [`MAX_RUNS`] runs).
    pub(super) run_set: [u128; 64],
    /// `free_weight[f]`: the Erdős–Selfridge weight of an open run with `f` empty cells,
    /// scaled by 2^k: 2^(k − f) (see [`Open::cannot_win`]).
    free_weight: [u32; 8],
    /// How many symmetries `image` holds; the identity is the first.
    pub symmetries: usize,
    /// `image[s][cell]`: where symmetry `s` takes `cell`.
    pub image: [[u8; 64]; MAX_SYMMETRIES],
    /// `preimage[s][cell]`: the cell that symmetry `s` takes to `cell`.
    pub preimage: [[u8; 64]; MAX_SYMMETRIES],
    /// `digit_power[mark][s][cell]`: the weight of `cell`'s base-3 digit in the key of the
    /// position's image under `s` when X (`mark` 0) or O (1) holds it: 3 to the power
    /// `image[s][cell]`, times 1 or 2 (zero past the board's symmetries).
    digit_power: [[[u128; 64]; MAX_SYMMETRIES]; 2],
    /// Cells on the most runs first, then those nearest the centre: the static move order.
    pub order: Vec<usize>,
}

/// Where a symmetry sends the cell (row, column) of a board of the given rows and columns.
type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);

impl GeometryTables {
    pub fn new(geometry: Geometry) -> GeometryTables {
        let runs = Runs::of(geometry);
        let (rows, cols) = (geometry.rows(), geometry.cols());
        let maps: Vec<CellMap> = if rows == cols {
            vec![
                |r, c, _, _| (r, c),
                |r, c, n, _| (c, n - 1 - r),
                |r, c, n, _| (n - 1 - r, n - 1 - c),
                |r, c, n, _| (n - 1 - c, r),
                |r, c, n, _| (r, n - 1 - c),
                |r, c, n, _| (n - 1 - r, c),
                |r, c, _, _| (c, r),
                |r, c, n, _| (n - 1 - c, n - 1 - r),
            ]
        } else {
            vec![
                |r, c, _, _| (r, c),
                |r, c, _, m| (r, m - 1 - c),
                |r, c, n, _| (n - 1 - r, c),
                |r, c, n, m| (n - 1 - r, m - 1 - c),
            ]
        };
        let mut image = [[0u8; 64]; MAX_SYMMETRIES];
        let mut preimage = [[0u8; 64]; MAX_SYMMETRIES];
        let mut digit_power = [[[0u128; 64]; MAX_SYMMETRIES]; 2];
        for (s, map) in maps.iter().enumerate() {
            for index in 0..geometry.cells() {
                let (r, c) = map(index / cols, index % cols, rows, cols);
                let to = r * cols + c;
                image[s][index] = to as u8;
                preimage[s][to] = index as u8;
                digit_power[0][s][index] = 3u128.pow(to as u32);
                digit_power[1][s][index] = 2 * 3u128.pow(to as u32);
            }
        }
        let centre = |index: usize| {
            let (r, c) = ((index / cols) as i32, (index % cols) as i32);
            (2 * r - rows as i32 + 1).abs() + (2 * c - cols as i32 + 1).abs()
        };
        let mut order: Vec<usize> = (0..geometry.cells()).collect();
        order.sort_by_key(|&index| (std::cmp::Reverse(runs.through[index].len()), centre(index)));
        // Runs on one line share the line's direction and its offset across that direction.
        let mut lines: Vec<(isize, isize)> = Vec::new();
        let line = runs
            .all
            .iter()
            .map(|&run| {
                let (a, b) = (
                    run.trailing_zeros() as isize,
                    63 - run.leading_zeros() as isize,
                );
                let cols = cols as isize;
                let (r, c) = (a / cols, a % cols);
                let id = match (b / cols - r, b % cols - c) {
                    (0, _) => (0, r),
                    (_, 0) => (1, c),
                    (_, dc) if dc > 0 => (2, r - c),
                    _ => (3, r + c),
                };
                let slot = lines.iter().position(|&l| l == id).unwrap_or_else(|| {
                    lines.push(id);
                    lines.len() - 1
                });
                1u64 << slot
            })
            .collect();
        let line: Vec<u64> = line;
        let (mut line_of_run, mut run_cells) = ([0u64; MAX_RUNS], [0u64; MAX_RUNS]);
        for (run, (&line, &cells)) in line.iter().zip(&runs.all).take(MAX_RUNS).enumerate() {
            (line_of_run[run], run_cells[run]) = (line, cells);
        }
        let mut line_runs = vec![0u128; lines.len()];
        let mut run_set = [0u128; 64];
        if runs.all.len() <= MAX_RUNS {
            for (bit, &of) in line.iter().enumerate() {
                line_runs[of.trailing_zeros() as usize] |= 1 << bit;
            }
            for (bit, &run) in runs.all.iter().enumerate() {
                for index in BitIter(run) {
                    run_set[index] |= 1 << bit;
                }
            }
        }
        GeometryTables {
            geometry,
            line: line_of_run,
            run_cells,
            line_runs,
            run_set,
            win: geometry.win_score(),
            free_weight: std::array::from_fn(|free| 1 << (runs.k - (free as u32).min(runs.k))),
            runs,
            symmetries: maps.len(),
            image,
            preimage,
            digit_power,
            order,
        }
    }

    /// The cells of run `run`, a bit of a run set (so below [`MAX_RUNS`]).
    #[inline]
    pub(super) fn run_cells(&self, run: usize) -> u64 {
        self.run_cells[run % MAX_RUNS]
    }

    /// [`GeometryTables::free_weight`] of a run with `free` empty cells (at most k).
    #[inline]
    pub(super) fn weight_of_free(&self, free: u32) -> u32 {
        self.free_weight[free as usize % 8]
    }

    /// The bit of the line that holds run `run`, a bit of a run set.
    #[inline]
    pub(super) fn line_of(&self, run: usize) -> u64 {
        self.line[run % MAX_RUNS]
    }

    /// The runs still open to the side with the marks `attacker`: those without a mark of the
    /// other side (the defender).
    #[inline]
    pub fn open_runs(&self, attacker: u64, defender: u64) -> Open<'_> {
        let usable = self.runs.all.len() <= MAX_RUNS;
        let mut set = if !usable {
            0
        } else if self.runs.all.len() == MAX_RUNS {
            u128::MAX
        } else {
            (1u128 << self.runs.all.len()) - 1
        };
        for index in BitIter(defender) {
            set &= !self.run_set[index];
        }
        self.open_set(set, attacker, defender)
    }

    /// The runs `set`, those open to the side with the marks `attacker`, as [`Open`].
    #[inline]
    fn open_set(&self, set: u128, attacker: u64, defender: u64) -> Open<'_> {
        Open {
            rules: self,
            set,
            empty: self.runs.full & !(attacker | defender),
            usable: self.runs.all.len() <= MAX_RUNS,
        }
    }
}

/// The runs still open to one side, the attacker (see [`GeometryTables::open_runs`]), and what they tell
/// of whether the attacker can ever win.
pub(super) struct Open<'a> {
    pub(super) rules: &'a GeometryTables,
    /// The open runs, as bits.
    pub(super) set: u128,
    pub(super) empty: u64,
    /// False on a geometry with more runs than [`MAX_RUNS`]: nothing is claimed there.
    usable: bool,
}

impl Open<'_> {
    /// The empty cells of the open runs: where a move takes something from the attacker.
    #[cfg(test)]
    pub fn cells(&self) -> u64 {
        BitIter(self.set).fold(0, |cells, run| cells | self.rules.run_cells(run)) & self.empty
    }

    /// Whether the attacker can never complete a run, so never win, once the defender also
    /// holds the empty cell `block` (if any), with `attacker_to_move` telling who moves then.
    /// True when one of two strategies of the defender keeps every open run from filling up,
    /// whatever the attacker does:
    /// - Erdős–Selfridge: weigh each open run by 2^−f, f its empty cells. A defender's move on
    ///   the cell of most weight takes away at least what the attacker's next move can add, so
    ///   the total never grows over a pair of moves, while a full run alone would weigh 1. So
    ///   the attacker cannot win when the total is below 1 with the defender to move, or below
    ///   1 less the most that one attacker's move adds otherwise.
    /// - Pairing: the empty cells of the open runs hold disjoint pairs of cells, each run a
    ///   whole pair; the defender answers a move in a pair with the other cell of the pair.
    ///
    /// Pairs are looked for only when `pairing` asks for them. Unless [`EXACT_PAIRING`], the
    /// search for pairs is cut short after a few steps: `false` only means none was found.
    pub fn cannot_win(&self, block: Option<usize>, attacker_to_move: bool, pairing: bool) -> bool {
        if !self.usable {
            return false;
        }
        let rules = self.rules;
        let k = rules.runs.k;
        let (mut set, mut empty) = (self.set, self.empty);
        if let Some(index) = block {
            set &= !rules.run_set[index];
            empty &= !(1 << index);
        }
        // Weights scaled by 2^k: a run with f empty cells weighs 2^(k − f), a full one 2^k.
        let mut total = 0u32;
        let mut pairable = true;
        for run in BitIter(set) {
            let free = (rules.run_cells(run) & empty).count_ones();
            total += rules.weight_of_free(free);
            pairable &= free >= 2;
        }
        let one = 1 << k;
        if total < one {
            if !attacker_to_move {
                return true;
            }
            // The most one attacker's move adds: the weight of the open runs through it.
            let mut weights = [0u32; 64];
            for run in BitIter(set) {
                let cells = rules.run_cells(run) & empty;
                let weight = rules.weight_of_free(cells.count_ones());
                for index in BitIter(cells) {
                    weights[index] += weight;
                }
            }
            if total + weights.iter().max().copied().unwrap_or(0) < one {
                return true;
            }
        }
        if !pairing || !pairable {
            return false;
        }
        self.pairs_after(set, empty)
    }
}

impl Open<'_> {
    /// An empty cell of the open runs after the defender's move on which the attacker, then to
    /// move, cannot win (`cannot_win(Some(index), true, true)` holds), found with the work shared
    /// between the candidates; `None` when none was found.
    ///
    /// The weights are summed once, so that each candidate's Erdős–Selfridge test costs a
    /// subtraction (and a walk of its own runs only when it nearly passes): the first cell in
    /// row-major order that passes it is taken. Otherwise pairs are looked for after at most
    /// `pairings` candidates (`u32::MAX`: all of them), the heaviest first: blocking the cell
    /// on the most nearly full runs is the block most likely to leave runs that pair up (on the
    /// empty 6×6, k=4, 77% of the blocks found in row-major order are found at the first try
    /// in this order, and 97% within four, against about 6 tries in row-major order). A
    /// candidate is paired only when no run it leaves open has fewer than two empty cells and
    /// no two of those runs claim cells that cannot be shared (see [`Open::forced_conflicts`]).
    pub fn holding_block(&self, pairings: u32) -> Option<usize> {
        if !self.usable {
            return None;
        }
        let rules = self.rules;
        let k = rules.runs.k;
        let one = 1u32 << k;
        let mut total = 0u32;
        let mut weights = [0u32; 64];
        let mut cells = 0u64;
        // What [`Open::forced_conflicts`] starts from, on the way.
        let (mut allowed, mut pairs) = (u64::MAX, 0u128);
        for run in BitIter(self.set) {
            let free = rules.run_cells(run) & self.empty;
            let count = free.count_ones();
            let weight = rules.weight_of_free(count);
            total += weight;
            cells |= free;
            for index in BitIter(free) {
                weights[index] += weight;
            }
            match count {
                0 | 1 => allowed &= rules.run_cells(run),
                2 => pairs |= 1 << run,
                _ => {}
            }
        }
        // Only the cells of the open runs weigh anything.
        let heaviest = BitIter(cells)
            .map(|index| weights[index])
            .max()
            .unwrap_or(0);
        let potential_holds = |index: usize| {
            let rest = total - weights[index];
            if rest >= one {
                return false;
            }
            if rest + heaviest < one {
                return true;
            }
            // The most one attacker's move adds once the runs through `index` are gone.
            let mut through = [0u32; 64];
            for run in BitIter(self.set & rules.run_set[index]) {
                let weight = rules.weight_of_free((rules.run_cells(run) & self.empty).count_ones());
                for other in BitIter(rules.run_cells(run) & self.empty) {
                    through[other] += weight;
                }
            }
            let most = BitIter(self.empty & !(1 << index))
                .map(|other| weights[other] - through[other])
                .max()
                .unwrap_or(0);
            rest + most < one
        };
        if let Some(index) = BitIter(cells).find(|&index| potential_holds(index)) {
            return Some(index);
        }
        // Heaviest first; among equals, row-major. Picked one at a time rather than sorted:
        // few are paired (sorting every candidate took 2% of the empty 6×6).
        let mut left = cells & self.conflicts_among(allowed, pairs);
        for _ in 0..pairings {
            let block = BitIter(left).fold(None, |best: Option<usize>, index| match best {
                Some(best) if weights[best] >= weights[index] => Some(best),
                _ => Some(index),
            })?;
            left &= !(1 << block);
            if self.pairs_after(self.set & !rules.run_set[block], self.empty & !(1 << block)) {
                return Some(block);
            }
        }
        None
    }

    /// The cells that a block must take for the runs it leaves open to pair up, as far as two
    /// cheap facts tell: a run with fewer than two empty cells must be among the block's runs,
    /// and so must one of two runs `a` and `c` when `a` has two empty cells (its pair, forced)
    /// and `c` does not hold both but has fewer than two empty cells besides them. A block on
    /// no such run leaves both as they are, and so no pairing.
    #[cfg(test)]
    pub(super) fn forced_conflicts(&self) -> u64 {
        let rules = self.rules;
        let mut allowed = u64::MAX;
        let mut pairs = 0u128;
        for run in BitIter(self.set) {
            match (rules.run_cells(run) & self.empty).count_ones() {
                0 | 1 => allowed &= rules.run_cells(run),
                2 => pairs |= 1 << run,
                _ => {}
            }
        }
        self.conflicts_among(allowed, pairs)
    }

    /// [`Open::forced_conflicts`] from the cells `allowed` by the runs with fewer than two
    /// empty cells and the runs `pairs` with two. The runs `c` that share one cell with `a`'s
    /// pair are its other runs of two empty cells: one with three or more holds both or has two
    /// besides them, and one with fewer than two already restricts `allowed` to its own cells.
    fn conflicts_among(&self, mut allowed: u64, pairs: u128) -> u64 {
        let rules = self.rules;
        for a in BitIter(pairs) {
            let pair = rules.run_cells(a) & self.empty;
            for c in BitIter(pairs) {
                let free = rules.run_cells(c) & self.empty;
                if free != pair && free & pair != 0 {
                    allowed &= rules.run_cells(a) | rules.run_cells(c);
                }
            }
        }
        allowed
    }
}

/// A position as the solver sees it: the side to move's marks, the opponent's, and the base-3
/// number of the position under each symmetry (digit 1 for X, 2 for O), kept up to date move by
/// move so that the canonical key (the smallest of them) costs a few comparisons.
#[derive(Clone, Copy)]
pub(super) struct Pos {
    pub me: u64,
    pub op: u64,
    x_to_move: bool,
    keys: [u128; MAX_SYMMETRIES],
    /// The runs open to the side to move (see [`GeometryTables::open_runs`]), and to the opponent:
    /// kept up to date move by move, a mark closing the runs through it to the other side.
    my_open: u128,
    op_open: u128,
}

impl Pos {
    pub fn new(board: &Board, rules: &GeometryTables) -> Pos {
        let mover = board.to_move();
        let (me, op) = (board.bits(mover), board.bits(mover.opponent()));
        let mut pos = Pos {
            me,
            op,
            x_to_move: mover == Mark::X,
            // Past the board's symmetries, keys that are never the smallest nor equal to the
            // identity's, so that every loop over them can run over all of them.
            keys: [u128::MAX; MAX_SYMMETRIES],
            my_open: rules.open_runs(me, op).set,
            op_open: rules.open_runs(op, me).set,
        };
        for s in 0..rules.symmetries {
            pos.keys[s] = BitIter(board.bits(Mark::X))
                .map(|index| rules.digit_power[0][s][index])
                .chain(BitIter(board.bits(Mark::O)).map(|index| rules.digit_power[1][s][index]))
                .sum();
        }
        pos
    }

    /// The position after the side to move plays `index`.
    #[inline]
    pub fn play(&self, index: usize, rules: &GeometryTables) -> Pos {
        let mut keys = self.keys;
        // Every symmetry's key, those past the board's symmetries too (their powers are zero):
        // a loop of constant length, unrolled. Digits by table: a 128-bit product is a library
        // call in WebAssembly, and a 128-bit shift several instructions.
        let powers = &rules.digit_power[usize::from(!self.x_to_move)];
        for (key, power) in keys.iter_mut().zip(powers) {
            *key += power[index];
        }
        Pos {
            me: self.op,
            op: self.me | 1 << index,
            x_to_move: !self.x_to_move,
            keys,
            my_open: self.op_open & !rules.run_set[index],
            op_open: self.my_open,
        }
    }

    /// The runs open to the side to move: [`GeometryTables::open_runs`]`(me, op)`, kept.
    #[inline]
    pub fn my_open_runs<'r>(&self, rules: &'r GeometryTables) -> Open<'r> {
        rules.open_set(self.my_open, self.me, self.op)
    }

    /// The runs open to the opponent: [`GeometryTables::open_runs`]`(op, me)`, kept.
    #[inline]
    pub fn op_open_runs<'r>(&self, rules: &'r GeometryTables) -> Open<'r> {
        rules.open_set(self.op_open, self.op, self.me)
    }

    /// Whether X is the side to move.
    #[inline]
    #[cfg(feature = "proof-numbers")]
    pub fn x_to_move(&self) -> bool {
        self.x_to_move
    }

    #[inline]
    pub fn empty(&self, rules: &GeometryTables) -> u64 {
        rules.runs.full & !(self.me | self.op)
    }

    /// The key shared by this position and all its symmetric images, and the symmetry that takes
    /// this position to the canonical one.
    #[inline]
    pub fn key(&self) -> (u128, usize) {
        let mut best = (self.keys[0], 0);
        for s in 1..MAX_SYMMETRIES {
            if self.keys[s] < best.0 {
                best = (self.keys[s], s);
            }
        }
        (best.0 << 1 | !self.x_to_move as u128, best.1)
    }

    /// The symmetries (other than the identity) that leave this position as it is, as a bit set.
    #[inline]
    pub fn stabilizer(&self) -> u32 {
        (1..MAX_SYMMETRIES)
            .filter(|&s| self.keys[s] == self.keys[0])
            .fold(0, |set, s| set | 1 << s)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Numbers below `n`, from a xorshift generator seeded with `seed`: random positions that
    /// every run repeats.
    pub(in crate::minimax::solver) fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// Whether the side owning `attacker` can force a completed run before the other side
    /// completes one, by exhaustive search.
    fn can_force_win(
        rules: &GeometryTables,
        attacker: u64,
        defender: u64,
        attacker_to_move: bool,
        memo: &mut HashMap<(u64, u64, bool), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(attacker, defender, attacker_to_move)) {
            return known;
        }
        let empty = rules.runs.full & !(attacker | defender);
        let mut moves = BitIter(empty);
        let result = if attacker_to_move {
            moves.any(|index| {
                let after = attacker | 1 << index;
                rules.runs.completes(after, index)
                    || can_force_win(rules, after, defender, false, memo)
            })
        } else {
            empty != 0
                && moves.all(|index| {
                    let after = defender | 1 << index;
                    !rules.runs.completes(after, index)
                        && can_force_win(rules, attacker, after, true, memo)
                })
        };
        memo.insert((attacker, defender, attacker_to_move), result);
        result
    }

    #[test]
    fn the_open_runs_a_position_keeps_are_those_its_marks_leave() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15u64);
        for (side, k) in [(3, 3), (5, 4), (6, 4), (7, 4), (7, 5)] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            for _ in 0..20 {
                let mut board = Board::empty(rules.geometry, Mark::X);
                // From a position made by a board, then move by move.
                for _ in 0..random(6) {
                    let marks = board.bits(Mark::X) | board.bits(Mark::O);
                    let empty: Vec<usize> = BitIter(rules.runs.full & !marks).collect();
                    let cell = rules
                        .geometry
                        .cell(empty[random(empty.len() as u64) as usize]);
                    board = board.after(cell).unwrap();
                }
                let mut pos = Pos::new(&board, &rules);
                while pos.empty(&rules) != 0 {
                    assert_eq!(
                        pos.my_open_runs(&rules).set,
                        rules.open_runs(pos.me, pos.op).set
                    );
                    assert_eq!(
                        pos.op_open_runs(&rules).set,
                        rules.open_runs(pos.op, pos.me).set
                    );
                    let empty: Vec<usize> = BitIter(pos.empty(&rules)).collect();
                    pos = pos.play(empty[random(empty.len() as u64) as usize], &rules);
                }
            }
        }
    }

    #[test]
    fn a_side_that_can_be_paired_up_cannot_win_whoever_moves() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1du64);
        for (side, k, marks) in [
            (4, 4, 2),
            (4, 4, 5),
            (4, 4, 8),
            (5, 4, 14),
            (5, 4, 16),
            (5, 5, 14),
        ] {
            let rules = GeometryTables::new(Geometry::new(side, side, k).unwrap());
            let cells = (side * side) as u64;
            let (mut paired, mut tried) = (0, 0);
            while tried < 60 {
                // Marks of both sides at random, no run complete.
                let (mut a, mut b) = (0u64, 0u64);
                for turn in 0..marks + random(3) {
                    let index = loop {
                        let index = random(cells) as usize;
                        if (a | b) & 1 << index == 0 {
                            break index;
                        }
                    };
                    if turn % 2 == 0 {
                        a |= 1 << index
                    } else {
                        b |= 1 << index
                    }
                }
                if rules
                    .runs
                    .all
                    .iter()
                    .any(|&run| run & !a == 0 || run & !b == 0)
                {
                    continue;
                }
                tried += 1;
                if rules.open_runs(a, b).cannot_win(None, true, true)
                    || rules.open_runs(a, b).cannot_win(None, false, true)
                {
                    paired += 1;
                    let mut memo = HashMap::new();
                    for to_move in [true, false] {
                        if !rules.open_runs(a, b).cannot_win(None, to_move, true) {
                            continue;
                        }
                        assert!(
                            !can_force_win(&rules, a, b, to_move, &mut memo),
                            "{side}×{side} k={k}: {a:#x} against {b:#x}"
                        );
                    }
                }
            }
            assert!(paired > 0, "{side}×{side} k={k}: no pairing to check");
        }
    }
}
