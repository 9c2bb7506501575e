//! The runs of k cells of one geometry: what a mark must fill to win.

use std::sync::OnceLock;

use super::geometry::Geometry;
use super::limits::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};

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
        Runs {
            k: k as u32,
            full: u64::MAX >> (64 - geometry.cells()),
            all,
            through,
            by_strength,
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
        let mut scan = RunScan {
            my_wins: 0,
            op_wins: 0,
            my_best: -1,
            op_best: -1,
            live: 0,
        };
        let last = self.k as i32 - 1;
        for &run in &self.all {
            let mine = (run & me).count_ones() as i32;
            let theirs = (run & op).count_ones() as i32;
            if theirs == 0 {
                scan.live |= run;
                scan.my_best = scan.my_best.max(mine);
                if mine == last {
                    scan.my_wins |= run & !me;
                }
            }
            if mine == 0 {
                scan.live |= run;
                scan.op_best = scan.op_best.max(theirs);
                if theirs == last {
                    scan.op_wins |= run & !op;
                }
            }
        }
        scan
    }

    /// Whether the side with marks `me` (its opponent's `op`) has a move that makes two
    /// threats at once: two empty cells where it would then complete a run. Such a move lies
    /// on two runs that hold k − 2 of its marks and none of the opponent's, each left with a
    /// different empty cell besides the move. Asked of a side with no threat yet (no cell where
    /// it completes a run now).
    pub fn has_fork(&self, me: u64, op: u64) -> bool {
        let two_short = self.k - 2;
        let mut threats = MoveThreats::new();
        for &run in &self.all {
            if run & op == 0 && (run & me).count_ones() == two_short {
                threats.add_pair(run & !me);
                if threats.forks != 0 {
                    return true;
                }
            }
        }
        false
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

/// The threats one side's moves would make, gathered run by run from the runs it lacks two
/// cells of (see [`MoveThreats::add_pair`]).
pub(crate) struct MoveThreats {
    /// For each cell, the cell where a move there makes a threat (0: none seen).
    made: [u64; 64],
    /// The cells where a move makes two threats at once: a fork.
    pub forks: u64,
}

impl MoveThreats {
    pub fn new() -> MoveThreats {
        MoveThreats {
            made: [0; 64],
            forks: 0,
        }
    }

    /// Takes in a run that holds all the side's marks but the two empty cells `pair`: a move on
    /// either threatens to win on the other.
    #[inline]
    pub fn add_pair(&mut self, pair: u64) {
        for cell in BitIter(pair) {
            let other = pair & !(1 << cell);
            match self.made[cell] {
                0 => self.made[cell] = other,
                seen if seen != other => self.forks |= 1 << cell,
                _ => {}
            }
        }
    }

    /// Whether a move on `cell` makes a threat.
    #[inline]
    pub fn threatens(&self, cell: usize) -> bool {
        self.made[cell] != 0
    }
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
    /// Cells on a run that someone can still complete.
    pub live: u64,
}

/// A mask whose set bits [`BitIter`] walks: the cells of a board (`u64`) or the runs of one
/// (`u128`, in the solver).
pub(crate) trait BitMask: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The index of the lowest set bit (the mask is not empty).
    fn lowest(self) -> usize;
    /// The mask without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// How many bits are set.
    fn count(self) -> usize;
}

macro_rules! bit_mask {
    ($($mask:ty),*) => {$(
        impl BitMask for $mask {
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }

            #[inline]
            fn count(self) -> usize {
                self.count_ones() as usize
            }
        }
    )*};
}

bit_mask!(u64, u128);

/// Iterates over the indices of the set bits of a mask, lowest first (row-major order for cells).
pub(crate) struct BitIter<M: BitMask = u64>(pub M);

impl<M: BitMask> Iterator for BitIter<M> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let index = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(index)
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
                let (mut me, mut op) = (0u64, 0u64);
                let marks = rng.random_range(0..side * side / 2);
                for turn in 0..marks {
                    let empty: Vec<usize> = BitIter(runs.full & !me & !op).collect();
                    let index = empty[rng.random_range(0..empty.len())];
                    if turn % 2 == 0 {
                        me |= 1 << index
                    } else {
                        op |= 1 << index
                    }
                }
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
