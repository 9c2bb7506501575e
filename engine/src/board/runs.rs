//! The runs of k cells of one geometry: what a mark must fill to win.

use std::sync::OnceLock;

use super::geometry::Geometry;
use super::limits::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};

/// Calls the method `$shaped::<K, COLS>` of `$runs` with its k and its board's columns as
/// constants: the direction-wide scans then shift by constants, which the processor does in
/// one instruction and the compiler can plan around.
macro_rules! by_shape {
    ($runs:expr, $shaped:ident($($arg:expr),*)) => {
        match ($runs.k, $runs.cols) {
            (3, 3) => $runs.$shaped::<3, 3>($($arg),*),
            (3, 4) => $runs.$shaped::<3, 4>($($arg),*),
            (3, 5) => $runs.$shaped::<3, 5>($($arg),*),
            (3, 6) => $runs.$shaped::<3, 6>($($arg),*),
            (3, 7) => $runs.$shaped::<3, 7>($($arg),*),
            (4, 3) => $runs.$shaped::<4, 3>($($arg),*),
            (4, 4) => $runs.$shaped::<4, 4>($($arg),*),
            (4, 5) => $runs.$shaped::<4, 5>($($arg),*),
            (4, 6) => $runs.$shaped::<4, 6>($($arg),*),
            (4, 7) => $runs.$shaped::<4, 7>($($arg),*),
            (5, 3) => $runs.$shaped::<5, 3>($($arg),*),
            (5, 4) => $runs.$shaped::<5, 4>($($arg),*),
            (5, 5) => $runs.$shaped::<5, 5>($($arg),*),
            (5, 6) => $runs.$shaped::<5, 6>($($arg),*),
            (5, 7) => $runs.$shaped::<5, 7>($($arg),*),
            (k, cols) => unreachable!("k = {k} and {cols} columns lie outside the limits"),
        }
    };
}

/// The winning runs of one geometry, computed once and shared by every board of that shape.
#[derive(Debug)]
pub(crate) struct Runs {
    /// How many cells a run has: the k of m,n,k.
    pub k: u32,
    /// Every cell of the board.
    pub full: u64,
    /// Every run of k cells, as a bit mask.
    pub all: Vec<u64>,
    /// For each cell, the runs through it: a move can only complete one of these.
    pub through: Vec<Vec<u64>>,
    /// Cell indices, those on the most runs first: the order in which the search tries moves.
    pub by_strength: Vec<usize>,
    /// The runs again, by direction (along rows, columns, diagonals, anti-diagonals; a
    /// direction with no run has no starts), for the scans that look at every run of a
    /// direction at once.
    pub directions: [Direction; 4],
    /// The board's columns: the steps of the directions follow from them.
    cols: u32,
}

impl Runs {
    fn compute(geometry: Geometry) -> Runs {
        let (rows, cols, k) = (
            geometry.rows() as isize,
            geometry.cols() as isize,
            geometry.k() as isize,
        );
        let mut all = Vec::new();
        let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for row in 0..rows {
            for col in 0..cols {
                for (dr, dc) in directions {
                    let (end_row, end_col) = (row + dr * (k - 1), col + dc * (k - 1));
                    if !(0..rows).contains(&end_row) || !(0..cols).contains(&end_col) {
                        continue;
                    }
                    let mask = (0..k).fold(0u64, |mask, step| {
                        let index = (row + dr * step) * cols + (col + dc * step);
                        mask | 1 << index
                    });
                    all.push(mask);
                }
            }
        }
        let through = (0..geometry.cells())
            .map(|index| {
                all.iter()
                    .copied()
                    .filter(|run| run & (1 << index) != 0)
                    .collect()
            })
            .collect::<Vec<Vec<u64>>>();
        let mut by_strength: Vec<usize> = (0..geometry.cells()).collect();
        by_strength.sort_by_key(|&index| std::cmp::Reverse(through[index].len()));
        let directions = directions.map(|(dr, dc)| {
            // A run's cells follow each other `step` indices apart, its first cell lowest.
            let step = (dr * cols + dc) as u32;
            let first_run = (0..k as u32).fold(0u64, |run, j| run | 1 << (j * step));
            // Each step belongs to one direction, so the runs of this shape are its runs.
            let starts = all
                .iter()
                .filter(|&&run| run == first_run << run.trailing_zeros())
                .fold(0u64, |starts, &run| starts | 1 << run.trailing_zeros());
            Direction {
                step,
                first_run,
                starts,
            }
        });
        Runs {
            k: k as u32,
            full: u64::MAX >> (64 - geometry.cells()),
            all,
            through,
            by_strength,
            directions,
            cols: cols as u32,
        }
    }

    /// Whether `bits` fill a whole run through the cell `index`: whether the move there won.
    #[inline]
    pub fn completes(&self, bits: u64, index: usize) -> bool {
        for &run in &self.through[index] {
            if bits & run == run {
                return true;
            }
        }
        false
    }

    /// Looks at every run once, for the side to move (marks `me`) and its opponent (`op`): who
    /// can win where, how close each side is, and which cells still matter.
    #[inline]
    pub fn scan(&self, me: u64, op: u64) -> RunScan {
        by_shape!(self, scan_shaped(me, op))
    }

    /// [`Runs::scan`] on a board of `COLS` columns with runs of `K` cells, all the runs of a
    /// direction at once.
    fn scan_shaped<const K: u32, const COLS: u32>(&self, me: u64, op: u64) -> RunScan {
        let mut scan = RunScan::NOTHING;
        let mut nearest = Nearest::default();
        let empty = self.full & !(me | op);
        // One call a direction rather than a loop, which the compiler keeps as a loop.
        let [rows, cols, diagonal, anti_diagonal] = self.shaped::<COLS>();
        scan_direction::<K>(rows, 0, me, op, empty, &mut scan, &mut nearest);
        scan_direction::<K>(cols, 1, me, op, empty, &mut scan, &mut nearest);
        scan_direction::<K>(diagonal, 2, me, op, empty, &mut scan, &mut nearest);
        scan_direction::<K>(anti_diagonal, 3, me, op, empty, &mut scan, &mut nearest);
        // The most marks in an open run, from the most down: k − 1 where there is a winning
        // cell, k − 2 where there is a run two short.
        let my_two_short = scan.my_two_short.iter().fold(0, |any, &runs| any | runs);
        scan.my_best = nearest.mine.most::<K>(scan.my_wins, my_two_short);
        scan.op_best = nearest.theirs.most::<K>(scan.op_wins, nearest.op_two_short);
        scan
    }

    /// The directions with their steps as constants of a board of `COLS` columns (`COLS` is
    /// this board's), so that every shift along a run is by a constant.
    #[inline(always)]
    fn shaped<const COLS: u32>(&self) -> [Direction; 4] {
        let [rows, cols, diagonal, anti_diagonal] = self.directions;
        [
            Direction { step: 1, ..rows },
            Direction { step: COLS, ..cols },
            Direction {
                step: COLS + 1,
                ..diagonal
            },
            Direction {
                step: COLS - 1,
                ..anti_diagonal
            },
        ]
    }

    /// Whether the side with marks `me` (its opponent's `op`) has a move that makes two
    /// threats at once: two empty cells where it would then complete a run (see
    /// [`Runs::move_threats`]). Asked of a side with no threat yet (no cell where it completes
    /// a run now).
    pub fn has_fork(&self, me: u64, op: u64) -> bool {
        self.move_threats(me, op).forks != 0
    }

    /// The moves of the side with marks `me` (its opponent's `op`) that make a threat, and
    /// those that make two at once. A threat comes from a run that holds k − 2 of its marks and
    /// none of the opponent's: a move on either of its two empty cells threatens to win on the
    /// other. Two threats at once need two such pairs through the move with different other
    /// cells. Asked of a side with no threat yet.
    #[inline]
    pub fn move_threats(&self, me: u64, op: u64) -> MoveThreats {
        by_shape!(self, move_threats_shaped(me, op))
    }

    /// [`Runs::move_threats`] of the side to move of a [`RunScan`], from the runs two short
    /// that the scan found.
    #[inline]
    pub fn my_move_threats(&self, scan: &RunScan, me: u64, op: u64) -> MoveThreats {
        by_shape!(
            self,
            threats_of_shaped(scan.my_two_short, self.full & !(me | op))
        )
    }

    fn threats_of_shaped<const K: u32, const COLS: u32>(
        &self,
        two_short: [u64; 4],
        empty: u64,
    ) -> MoveThreats {
        let mut threats = MoveThreats { cells: 0, forks: 0 };
        let [rows, cols, diagonal, anti_diagonal] = self.shaped::<COLS>();
        threats_along::<K>(rows, empty, two_short[0], &mut threats);
        threats_along::<K>(cols, empty, two_short[1], &mut threats);
        threats_along::<K>(diagonal, empty, two_short[2], &mut threats);
        threats_along::<K>(anti_diagonal, empty, two_short[3], &mut threats);
        threats
    }

    /// [`Runs::move_threats`] on a board of `COLS` columns with runs of `K` cells. Along one
    /// line, the pairs through a cell whose other cell lies on the same side of it all share
    /// that other cell (a run holding the cell and a farther empty one would hold the nearer
    /// one too: three empty cells), so two threats at once along one line are a cell that is
    /// the first of one pair and the second of another; pairs of two directions always differ.
    fn move_threats_shaped<const K: u32, const COLS: u32>(&self, me: u64, op: u64) -> MoveThreats {
        let empty = self.full & !(me | op);
        let mut threats = MoveThreats { cells: 0, forks: 0 };
        let [rows, cols, diagonal, anti_diagonal] = self.shaped::<COLS>();
        let two_short = two_short_runs::<K>(rows, me, op);
        threats_along::<K>(rows, empty, two_short, &mut threats);
        let two_short = two_short_runs::<K>(cols, me, op);
        threats_along::<K>(cols, empty, two_short, &mut threats);
        let two_short = two_short_runs::<K>(diagonal, me, op);
        threats_along::<K>(diagonal, empty, two_short, &mut threats);
        let two_short = two_short_runs::<K>(anti_diagonal, me, op);
        threats_along::<K>(anti_diagonal, empty, two_short, &mut threats);
        threats
    }

    /// The runs that someone can still complete (that hold marks of at most one side).
    #[inline]
    pub fn live_runs(&self, me: u64, op: u64) -> LiveRuns {
        by_shape!(self, live_runs_shaped(me, op))
    }

    fn live_runs_shaped<const K: u32, const COLS: u32>(&self, me: u64, op: u64) -> LiveRuns {
        let mut cells = 0;
        let starts = self.shaped::<COLS>().map(|direction| {
            let starts =
                direction.starts & !(direction.touched::<K>(me) & direction.touched::<K>(op));
            cells |= direction.cells::<K>(starts);
            starts
        });
        LiveRuns { starts, cells }
    }

    /// The runs of this geometry, computed on first use and kept for the life of the process.
    pub fn of(geometry: Geometry) -> &'static Runs {
        const SIDES: usize = MAX_SIDE - MIN_SIDE + 1;
        const LENGTHS: usize = MAX_K - MIN_K + 1;
        static TABLES: [OnceLock<Runs>; SIDES * SIDES * LENGTHS] =
            [const { OnceLock::new() }; SIDES * SIDES * LENGTHS];
        let slot = ((geometry.rows() - MIN_SIDE) * SIDES + (geometry.cols() - MIN_SIDE)) * LENGTHS
            + (geometry.k() - MIN_K);
        TABLES[slot].get_or_init(|| Runs::compute(geometry))
    }
}

/// What [`Runs::scan`] gathers besides its answer, to tell how close each side is.
#[derive(Default)]
struct Nearest {
    mine: Reach,
    theirs: Reach,
    /// The opponent's open runs two marks short.
    op_two_short: u64,
}

/// Which open runs (those without a mark of the other side) one side has, by how many marks
/// they hold, beyond those the scan finds anyway (one and two short); as starts of runs of
/// any direction, so only whether one exists tells.
#[derive(Default)]
struct Reach {
    complete: u64,
    /// Runs of two marks (below two short only when k = 5).
    two: u64,
    marked: u64,
    open: u64,
}

impl Reach {
    /// Takes in the open runs `open` of one direction, holding `marks` of the side (some
    /// where `marked`).
    #[inline(always)]
    fn add<const K: u32>(&mut self, open: u64, marks: Counts, marked: u64) {
        self.complete |= open & marks.equal(K);
        if K == 5 {
            self.two |= open & marks.equal(2);
        }
        self.marked |= open & marked;
        self.open |= open;
    }

    /// The most marks of the side in an open run (−1: none), given whether it has a run one
    /// short (`one_short` not empty) and one two short.
    #[inline(always)]
    fn most<const K: u32>(&self, one_short: u64, two_short: u64) -> i32 {
        let k = K as i32;
        match () {
            _ if self.complete != 0 => k,
            _ if one_short != 0 => k - 1,
            _ if two_short != 0 => k - 2,
            _ if self.two != 0 => 2,
            _ if self.marked != 0 => 1,
            _ if self.open != 0 => 0,
            _ => -1,
        }
    }
}

/// [`Runs::scan`]'s look at the runs of one direction, the `index`th.
#[inline(always)]
fn scan_direction<const K: u32>(
    direction: Direction,
    index: usize,
    me: u64,
    op: u64,
    empty: u64,
    scan: &mut RunScan,
    nearest: &mut Nearest,
) {
    let mine = direction.counts::<K>(me);
    let theirs = direction.counts::<K>(op);
    let (my_marked, their_marked) = (mine.nonzero(), theirs.nonzero());
    let open_to_me = direction.starts & !their_marked;
    let open_to_op = direction.starts & !my_marked;
    nearest.mine.add::<K>(open_to_me, mine, my_marked);
    nearest.theirs.add::<K>(open_to_op, theirs, their_marked);
    let one_short = open_to_me & mine.equal(K - 1);
    if one_short != 0 {
        scan.my_wins |= direction.cells::<K>(one_short) & empty;
    }
    scan.my_two_short[index] = open_to_me & mine.equal(K - 2);
    let one_short = open_to_op & theirs.equal(K - 1);
    if one_short != 0 {
        scan.op_wins |= direction.cells::<K>(one_short) & empty;
    }
    nearest.op_two_short |= open_to_op & theirs.equal(K - 2);
}

/// The runs of one direction (as starts) that hold k − 2 of `me`'s marks and none of `op`'s.
#[inline(always)]
fn two_short_runs<const K: u32>(direction: Direction, me: u64, op: u64) -> u64 {
    direction.starts & !direction.touched::<K>(op) & direction.counts::<K>(me).equal(K - 2)
}

/// Adds to `threats` those of the runs `two_short` of one direction, whose empty cells are
/// those of `empty` (see [`Runs::move_threats`]).
#[inline(always)]
fn threats_along<const K: u32>(
    direction: Direction,
    empty: u64,
    two_short: u64,
    threats: &mut MoveThreats,
) {
    if two_short == 0 {
        return;
    }
    let (mut seen, mut firsts, mut seconds) = (0u64, 0u64, 0u64);
    for j in 0..K {
        let shift = j * direction.step;
        let here = (empty >> shift) & two_short;
        firsts |= (here & !seen) << shift;
        seconds |= (here & seen) << shift;
        seen |= here;
    }
    let cells = firsts | seconds;
    threats.forks |= firsts & seconds | cells & threats.cells;
    threats.cells |= cells;
}

/// The threats one side's moves would make (see [`Runs::move_threats`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveThreats {
    /// The cells where a move makes a threat.
    pub cells: u64,
    /// The cells where a move makes two threats at once: a fork.
    pub forks: u64,
}

/// The runs of one direction (along rows, columns or either diagonal), by their first cells.
/// A run's cells lie `step` indices apart, so a mask shifted down by `j * step` brings each
/// run's j-th cell onto its first: one shift looks at that cell of every run of the direction.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Direction {
    /// How far apart, in cell indices, two neighbouring cells of a run lie.
    pub step: u32,
    /// The run of this direction's shape that starts at cell 0, shifted to each start.
    pub first_run: u64,
    /// The first (lowest) cell of each run of this direction.
    pub starts: u64,
}

impl Direction {
    /// The cells of the runs of `K` cells that begin at `starts`.
    #[inline(always)]
    fn cells<const K: u32>(self, starts: u64) -> u64 {
        let mut cells = starts;
        for j in 1..K {
            cells |= starts << (j * self.step);
        }
        cells
    }

    /// The runs of `K` cells (as their starts) that hold at least one of `bits`.
    #[inline(always)]
    fn touched<const K: u32>(self, bits: u64) -> u64 {
        let mut any = bits;
        for j in 1..K {
            any |= bits >> (j * self.step);
        }
        any & self.starts
    }

    /// How many of `bits` each run of `K` cells holds, at its first cell.
    #[inline(always)]
    fn counts<const K: u32>(self, bits: u64) -> Counts {
        let [mut ones, mut twos, mut fours] = [bits, 0, 0];
        for j in 1..K {
            let cell = bits >> (j * self.step);
            let carry = ones & cell;
            ones ^= cell;
            let carry_two = twos & carry;
            twos ^= carry;
            fours |= carry_two;
        }
        Counts { ones, twos, fours }
    }
}

/// Counts of up to 7 at each bit position, bit-sliced: a count's binary digits are the bits
/// at that position of `ones`, `twos` and `fours` (meaningful at the starts of runs only).
#[derive(Clone, Copy)]
struct Counts {
    ones: u64,
    twos: u64,
    fours: u64,
}

impl Counts {
    /// Where the count is not zero.
    #[inline]
    fn nonzero(self) -> u64 {
        self.ones | self.twos | self.fours
    }

    /// Where the count is `n`.
    #[inline]
    fn equal(self, n: u32) -> u64 {
        let digit = |bits: u64, bit: u32| if n & bit != 0 { bits } else { !bits };
        digit(self.ones, 1) & digit(self.twos, 2) & digit(self.fours, 4)
    }
}

/// The runs that someone can still complete (see [`Runs::live_runs`]).
pub(crate) struct LiveRuns {
    /// As the starts of the runs of each direction of [`Runs::directions`].
    pub starts: [u64; 4],
    /// Their cells: the cells that still matter.
    pub cells: u64,
}

/// What one look at every run tells (see [`Runs::scan`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunScan {
    /// Empty cells where the side to move completes a run.
    pub my_wins: u64,
    /// Empty cells where the opponent would complete a run.
    pub op_wins: u64,
    /// The most marks the side to move has in a run the opponent has not touched (−1: none).
    pub my_best: i32,
    /// The same for the opponent.
    pub op_best: i32,
    /// The runs that hold k − 2 marks of the side to move and none of the opponent's, as the
    /// starts of the runs of each direction of [`Runs::directions`] (see
    /// [`Runs::move_threats`]).
    pub my_two_short: [u64; 4],
}

impl RunScan {
    /// What a scan knows before it has looked at any run.
    const NOTHING: RunScan = RunScan {
        my_wins: 0,
        op_wins: 0,
        my_best: -1,
        op_best: -1,
        my_two_short: [0; 4],
    };
}

/// A mask whose set bits [`BitIter`] walks: the cells of a board (`u64`) or the runs of one
/// (`u128`, in the solver).
pub(crate) trait BitMask: Copy {
    /// The index of the lowest set bit, which is cleared; `None` when no bit is set.
    fn take_lowest(&mut self) -> Option<usize>;
    /// How many bits are set.
    fn count(self) -> usize;
}

impl BitMask for u64 {
    #[inline]
    fn take_lowest(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let index = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(index)
    }

    #[inline]
    fn count(self) -> usize {
        self.count_ones() as usize
    }
}

impl BitMask for u128 {
    /// Half by half: 128-bit arithmetic costs several instructions a step (and a board with
    /// at most 64 runs never looks past the low half).
    #[inline]
    fn take_lowest(&mut self) -> Option<usize> {
        let (low, high) = (*self as u64, (*self >> 64) as u64);
        if low != 0 {
            *self = (high as u128) << 64 | (low & (low - 1)) as u128;
            Some(low.trailing_zeros() as usize)
        } else if high != 0 {
            *self = ((high & (high - 1)) as u128) << 64;
            Some(64 + high.trailing_zeros() as usize)
        } else {
            None
        }
    }

    #[inline]
    fn count(self) -> usize {
        self.count_ones() as usize
    }
}

/// Iterates over the indices of the set bits of a mask, lowest first (row-major order for cells).
pub(crate) struct BitIter<M: BitMask = u64>(pub M);

impl<M: BitMask> Iterator for BitIter<M> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.take_lowest()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count();
        (count, Some(count))
    }
}

impl<M: BitMask> ExactSizeIterator for BitIter<M> {}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Whether a move of `me` leaves two cells where it completes a run, by trying every move.
    fn fork_by_every_move(runs: &Runs, me: u64, op: u64) -> bool {
        let empty = runs.full & !me & !op;
        BitIter(empty).any(|index| {
            let after = me | 1 << index;
            // The scan sees the side that just moved as the opponent.
            runs.scan(op, after).op_wins.count_ones() >= 2
        })
    }

    #[test]
    fn a_fork_is_a_move_that_leaves_two_winning_cells() {
        let geometry = Geometry::new(6, 6, 4).unwrap();
        let runs = Runs::of(geometry);
        let cell = |row: usize, col: usize| 1u64 << (row * 6 + col);
        // Two marks on a row and two on a column that meet at an empty corner: a fork there.
        let me = cell(0, 1) | cell(0, 2) | cell(1, 3) | cell(2, 3);
        assert!(runs.has_fork(me, 0));
        // The opponent on the corner: no fork left.
        assert!(!runs.has_fork(me, cell(0, 3)));
        // Two marks in a row, open at both ends on a long enough row: a move beside them makes
        // three with a winning cell at each end.
        let open_two = cell(2, 2) | cell(2, 3);
        assert!(runs.has_fork(open_two, 0));
        // Closed at one end, and the far cell of the other taken: one winning cell at most.
        assert!(!runs.has_fork(open_two, cell(2, 1) | cell(2, 5)));
        // Random positions on every board shape the solver plays, against every move tried.
        let mut rng = SmallRng::seed_from_u64(7);
        for (side, k) in [(4, 3), (5, 4), (6, 4), (7, 4), (7, 5)] {
            let runs = Runs::of(Geometry::new(side, side, k).unwrap());
            let mut forks = 0;
            for _ in 0..400 {
                let marks = rng.random_range(0..side * side / 2);
                let (me, op) = random_marks(runs, marks, &mut rng);
                if runs.scan(me, op).my_wins != 0 {
                    // A threat already there: not a question the solver asks.
                    continue;
                }
                let expected = fork_by_every_move(runs, me, op);
                assert_eq!(
                    runs.has_fork(me, op),
                    expected,
                    "{side}x{side}, k={k}: {me:#x} {op:#x}"
                );
                forks += expected as u32;
            }
            assert!(
                forks > 20 && forks < 380,
                "{side}x{side}, k={k}: {forks} forks of 400"
            );
        }
    }

    /// `marks` marks on random empty cells, alternately the side to move's and the opponent's
    /// (no run need be left open): `(me, op)`.
    fn random_marks(runs: &Runs, marks: usize, rng: &mut SmallRng) -> (u64, u64) {
        let (mut me, mut op) = (0u64, 0u64);
        for turn in 0..marks {
            let empty: Vec<usize> = BitIter(runs.full & !me & !op).collect();
            let index = empty[rng.random_range(0..empty.len())];
            if turn % 2 == 0 {
                me |= 1 << index
            } else {
                op |= 1 << index
            }
        }
        (me, op)
    }

    /// The scan one run at a time, as the direction-wide [`Runs::scan`] must agree with.
    fn scan_run_by_run(runs: &Runs, me: u64, op: u64) -> RunScan {
        let mut scan = RunScan::NOTHING;
        for (direction, two_short) in runs.directions.iter().zip(&mut scan.my_two_short) {
            for start in BitIter(direction.starts) {
                let run = direction.first_run << start;
                if run & op == 0 && (run & me).count_ones() == runs.k - 2 {
                    *two_short |= 1 << start;
                }
            }
        }
        let last = runs.k as i32 - 1;
        for &run in &runs.all {
            let mine = (run & me).count_ones() as i32;
            let theirs = (run & op).count_ones() as i32;
            if theirs == 0 {
                scan.my_best = scan.my_best.max(mine);
                if mine == last {
                    scan.my_wins |= run & !me;
                }
            }
            if mine == 0 {
                scan.op_best = scan.op_best.max(theirs);
                if theirs == last {
                    scan.op_wins |= run & !op;
                }
            }
        }
        scan
    }

    /// The threats of `me`'s moves one run at a time: for each cell, the other cells of the
    /// runs two short through it; two different ones make a fork.
    fn move_threats_run_by_run(runs: &Runs, me: u64, op: u64) -> MoveThreats {
        let mut made = [0u64; 64];
        let mut threats = MoveThreats { cells: 0, forks: 0 };
        for &run in &runs.all {
            if run & op == 0 && (run & me).count_ones() == runs.k - 2 {
                let pair = run & !me;
                for cell in BitIter(pair) {
                    let other = pair & !(1 << cell);
                    threats.cells |= 1 << cell;
                    if made[cell] != 0 && made[cell] != other {
                        threats.forks |= 1 << cell;
                    }
                    made[cell] = other;
                }
            }
        }
        threats
    }

    #[test]
    fn the_runs_by_direction_are_the_runs() {
        for rows in MIN_SIDE..=MAX_SIDE {
            for cols in MIN_SIDE..=MAX_SIDE {
                for k in MIN_K..=MAX_K.min(rows.max(cols)) {
                    let runs = Runs::of(Geometry::new(rows, cols, k).unwrap());
                    let mut by_direction: Vec<u64> = runs
                        .directions
                        .iter()
                        .flat_map(|d| BitIter(d.starts).map(move |start| d.first_run << start))
                        .collect();
                    by_direction.sort_unstable();
                    let mut all = runs.all.clone();
                    all.sort_unstable();
                    assert_eq!(by_direction, all, "{rows}x{cols}, k={k}");
                }
            }
        }
    }

    #[test]
    fn the_direction_wide_scans_agree_with_run_by_run_ones() {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut all_forks = 0;
        for rows in MIN_SIDE..=MAX_SIDE {
            for cols in MIN_SIDE..=MAX_SIDE {
                for k in MIN_K..=MAX_K.min(rows.max(cols)) {
                    let runs = Runs::of(Geometry::new(rows, cols, k).unwrap());
                    let cells = rows * cols;
                    let (mut forks, mut threats) = (0, 0);
                    for _ in 0..300 {
                        let marks = rng.random_range(0..cells);
                        let (me, op) = random_marks(runs, marks, &mut rng);
                        let shape = format!("{rows}x{cols}, k={k}: {me:#x} {op:#x}");
                        assert_eq!(runs.scan(me, op), scan_run_by_run(runs, me, op), "{shape}");
                        let expected = move_threats_run_by_run(runs, me, op);
                        assert_eq!(runs.move_threats(me, op), expected, "{shape}");
                        let scan = runs.scan(me, op);
                        assert_eq!(runs.my_move_threats(&scan, me, op), expected, "{shape}");
                        let live_runs = runs.live_runs(me, op);
                        let live_starts = live_runs.starts;
                        let mut live: Vec<u64> = (0..4)
                            .flat_map(|d| {
                                let first_run = runs.directions[d].first_run;
                                BitIter(live_starts[d]).map(move |start| first_run << start)
                            })
                            .collect();
                        live.sort_unstable();
                        let mut expected_live: Vec<u64> = runs
                            .all
                            .iter()
                            .copied()
                            .filter(|&run| run & me == 0 || run & op == 0)
                            .collect();
                        expected_live.sort_unstable();
                        assert_eq!(live, expected_live, "{shape}");
                        let live_cells = expected_live.iter().fold(0, |cells, run| cells | run);
                        assert_eq!(live_runs.cells, live_cells, "{shape}");
                        forks += (expected.forks != 0) as u32;
                        threats += (expected.cells != 0) as u32;
                    }
                    if rows.min(cols) >= k {
                        assert!(threats > 10, "{rows}x{cols}, k={k}: {threats} with threats");
                    }
                    all_forks += forks;
                }
            }
        }
        assert!(all_forks > 1000, "{all_forks} positions with forks");
    }

    #[test]
    fn bit_iter_walks_set_bits_lowest_first_in_both_widths() {
        let cells = BitIter(0b1010_0001u64);
        assert_eq!(cells.len(), 3);
        assert_eq!(cells.collect::<Vec<_>>(), [0, 5, 7]);
        let runs = BitIter(1u128 << 127 | 1 << 64 | 1 << 3);
        assert_eq!(runs.len(), 3);
        assert_eq!(runs.collect::<Vec<_>>(), [3, 64, 127]);
        assert_eq!(BitIter(0u128).next(), None);
        assert_eq!(BitIter(u64::MAX).count(), 64);
    }
}
