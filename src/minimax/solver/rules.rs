//! What the solver precomputes for one geometry: the runs, the board's symmetries, and positions
//! as the solver sees them (side to move first, with a canonical key).

use crate::board::{BitIter, Board, Geometry, Mark, Runs};

/// The most symmetries a board has: 8 for a square, 4 for a rectangle.
pub(super) const MAX_SYMMETRIES: usize = 8;

/// One geometry's runs and symmetries.
pub(super) struct Rules {
    pub geometry: Geometry,
    pub k: u32,
    pub win: i32,
    /// Every cell of the board.
    pub full: u64,
    pub runs: &'static [u64],
    pub through: &'static [Vec<u64>],
    /// How many symmetries `image` holds; the identity is the first.
    pub symmetries: usize,
    /// `image[s][cell]`: where symmetry `s` takes `cell`.
    pub image: [[u8; 64]; MAX_SYMMETRIES],
    /// `preimage[s][cell]`: the cell that symmetry `s` takes to `cell`.
    pub preimage: [[u8; 64]; MAX_SYMMETRIES],
    /// `power[s][cell]`: 3 to the power `image[s][cell]`, the weight of `cell`'s base-3 digit in
    /// the key of the position's image under `s`.
    power: [[u128; 64]; MAX_SYMMETRIES],
    /// Cells on the most runs first, then those nearest the centre: the static move order.
    pub order: Vec<usize>,
}

/// Where a symmetry sends the cell (row, column) of a board of the given rows and columns.
type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);

impl Rules {
    pub fn new(geometry: Geometry) -> Rules {
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
        let mut power = [[0u128; 64]; MAX_SYMMETRIES];
        for (s, map) in maps.iter().enumerate() {
            for index in 0..geometry.cells() {
                let (r, c) = map(index / cols, index % cols, rows, cols);
                let to = r * cols + c;
                image[s][index] = to as u8;
                preimage[s][to] = index as u8;
                power[s][index] = 3u128.pow(to as u32);
            }
        }
        let centre = |index: usize| {
            let (r, c) = ((index / cols) as i32, (index % cols) as i32);
            (2 * r - rows as i32 + 1).abs() + (2 * c - cols as i32 + 1).abs()
        };
        let mut order: Vec<usize> = (0..geometry.cells()).collect();
        order.sort_by_key(|&index| (std::cmp::Reverse(runs.through[index].len()), centre(index)));
        Rules {
            geometry,
            k: geometry.k() as u32,
            win: geometry.win_score(),
            full: if geometry.cells() == 64 {
                u64::MAX
            } else {
                (1 << geometry.cells()) - 1
            },
            runs: &runs.all,
            through: &runs.through,
            symmetries: maps.len(),
            image,
            preimage,
            power,
            order,
        }
    }

    /// Whether `bits` fill a run through `index`.
    #[inline]
    pub fn completes(&self, bits: u64, index: usize) -> bool {
        self.through[index].iter().any(|&run| run & !bits == 0)
    }

    /// Looks at every run once: who can win where, and how close each side is.
    #[inline]
    pub fn scan(&self, pos: &Pos) -> Scan {
        let (me, op) = (pos.me, pos.op);
        let mut scan = Scan {
            my_wins: 0,
            op_wins: 0,
            my_best: -1,
            op_best: -1,
            live: 0,
        };
        let last = self.k as i32 - 1;
        for &run in self.runs {
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
}

/// What one look at every run tells.
pub(super) struct Scan {
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

/// A position as the solver sees it: the side to move's marks, the opponent's, and the base-3
/// number of the position under each symmetry (digit 1 for X, 2 for O), kept up to date move by
/// move so that the canonical key (the smallest of them) costs a few comparisons.
#[derive(Clone, Copy)]
pub(super) struct Pos {
    pub me: u64,
    pub op: u64,
    x_to_move: bool,
    keys: [u128; MAX_SYMMETRIES],
}

impl Pos {
    pub fn new(board: &Board, rules: &Rules) -> Pos {
        let mover = board.to_move();
        let mut pos = Pos {
            me: board.bits(mover),
            op: board.bits(mover.opponent()),
            x_to_move: mover == Mark::X,
            keys: [0; MAX_SYMMETRIES],
        };
        for s in 0..rules.symmetries {
            pos.keys[s] = BitIter(board.bits(Mark::X))
                .map(|index| rules.power[s][index])
                .chain(BitIter(board.bits(Mark::O)).map(|index| 2 * rules.power[s][index]))
                .sum();
        }
        pos
    }

    /// The position after the side to move plays `index`.
    #[inline]
    pub fn play(&self, index: usize, rules: &Rules) -> Pos {
        let mut keys = self.keys;
        let digit = if self.x_to_move { 1 } else { 2 };
        for (key, power) in keys.iter_mut().zip(&rules.power).take(rules.symmetries) {
            *key += digit * power[index];
        }
        Pos {
            me: self.op,
            op: self.me | 1 << index,
            x_to_move: !self.x_to_move,
            keys,
        }
    }

    #[inline]
    pub fn empty(&self, rules: &Rules) -> u64 {
        rules.full & !(self.me | self.op)
    }

    /// The key shared by this position and all its symmetric images, and the symmetry that takes
    /// this position to the canonical one.
    #[inline]
    pub fn key(&self, rules: &Rules) -> (u128, usize) {
        let mut best = (self.keys[0], 0);
        for s in 1..rules.symmetries {
            if self.keys[s] < best.0 {
                best = (self.keys[s], s);
            }
        }
        (best.0 << 1 | !self.x_to_move as u128, best.1)
    }

    /// The symmetries (other than the identity) that leave this position as it is, as a bit set.
    #[inline]
    pub fn stabilizer(&self, rules: &Rules) -> u32 {
        (1..rules.symmetries)
            .filter(|&s| self.keys[s] == self.keys[0])
            .fold(0, |set, s| set | 1 << s)
    }
}
