//! Minimax with depth-adjusted scores, and an exact faster search that must agree with it.
//!
//! A candidate move's score is `minimax(board after the move, depth 0, opponent to move)`, seen from
//! the side that plays the move. A finished board at depth `d` scores `W − d` if that side won,
//! `d − W` if it lost and `0` for a draw, where `W` is [`Geometry::win_score`] (10 on 3×3). So a
//! faster win scores higher and a slower loss scores less badly.
//!
//! [`plain`] is the reference, written the way the classic articles write it. [`Searcher`] gives the
//! same score for every move with alpha-beta pruning, a transposition table and move ordering.
//!
//! ```
//! use tictactoe::{Board, Cell, minimax};
//! let board: Board = "XOX/OOX/...".parse().unwrap();
//! let analysis = minimax::Searcher::new().analyze(&board);
//! let best = analysis.best().unwrap();
//! assert_eq!((best.cell, best.score), (Cell::new(2, 2), 10));
//! assert_eq!(analysis.score_of(Cell::new(2, 0)), Some(-9));
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use crate::board::{BitIter, Board, Cell, Geometry, Mark, Outcome};

/// Which search produced an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax over the whole game tree: the reference.
    Plain,
    /// Alpha-beta with a transposition table and move ordering.
    AlphaBeta,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Plain => "plain",
            Algorithm::AlphaBeta => "alphabeta",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One legal move, what it scores for the side that plays it, and how the game then goes under
/// best play by both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveScore {
    pub cell: Cell,
    pub score: i32,
    /// The moves that follow this one under best play, until the game ends. Empty when this move
    /// ends the game.
    pub line: Vec<Cell>,
}

impl MoveScore {
    /// What the score means in plain words.
    pub fn verdict(&self, geometry: Geometry) -> Verdict {
        Verdict::of(self.score, geometry)
    }
}

/// A score read as a result: who wins and how soon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side that plays the move wins with its `moves`-th move, this one counted (1: right now).
    Win {
        moves: u32,
    },
    Draw,
    /// The opponent wins with its `moves`-th move from here (1: its very next move).
    Loss {
        moves: u32,
    },
}

impl Verdict {
    /// Reads a depth-adjusted score: a win at depth `d` scores `W − d`, a loss `d − W`.
    pub fn of(score: i32, geometry: Geometry) -> Verdict {
        let win = geometry.win_score();
        match score {
            0 => Verdict::Draw,
            s if s > 0 => Verdict::Win {
                moves: ((win - s) / 2 + 1) as u32,
            },
            s => Verdict::Loss {
                moves: ((win + s + 1) / 2) as u32,
            },
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { moves: 1 } => write!(f, "wins now"),
            Verdict::Win { moves } => write!(f, "wins in {moves}"),
            Verdict::Draw => write!(f, "draw"),
            Verdict::Loss { moves } => write!(f, "loses in {moves}"),
        }
    }
}

/// What a search cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchStats {
    pub algorithm: Algorithm,
    /// Positions visited, the root included.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Every legal move of a position with its exact score and line of play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub board: Board,
    /// In row-major order. Empty when the game is over.
    pub moves: Vec<MoveScore>,
    pub stats: SearchStats,
}

impl Analysis {
    /// The highest score, if there is any move.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.iter().map(|m| m.score).max()
    }

    /// The first move in row-major order with the highest score, as the classic `findBestMove`
    /// picks it.
    pub fn best(&self) -> Option<&MoveScore> {
        let best = self.best_score()?;
        self.moves.iter().find(|m| m.score == best)
    }

    /// Every move with the highest score.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveScore> {
        let best = self.best_score();
        self.moves.iter().filter(move |m| Some(m.score) == best)
    }

    /// The score of playing `cell`, if it is a legal move.
    pub fn score_of(&self, cell: Cell) -> Option<i32> {
        self.get(cell).map(|m| m.score)
    }

    pub fn get(&self, cell: Cell) -> Option<&MoveScore> {
        self.moves.iter().find(|m| m.cell == cell)
    }
}

/// A search gave up because it would have visited more positions than it was allowed.
///
/// The 3×3 game never comes near a sensible limit; larger boards can take plain minimax (or, on
/// 5×5, even the fast search) longer than anyone wants to wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimitReached {
    pub limit: u64,
}

impl fmt::Display for NodeLimitReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.limit == 1 { "" } else { "s" };
        write!(
            f,
            "the search gave up after visiting {} position{plural}; the position is too open to solve exactly",
            self.limit
        )
    }
}

impl std::error::Error for NodeLimitReached {}

/// Analyzes a position with a fresh search of the given kind, visiting at most `node_limit`
/// positions.
pub fn analyze_within(
    board: &Board,
    algorithm: Algorithm,
    node_limit: u64,
) -> Result<Analysis, NodeLimitReached> {
    match algorithm {
        Algorithm::Plain => plain_within(board, node_limit),
        Algorithm::AlphaBeta => Searcher::new().analyze_within(board, node_limit),
    }
}

// ---------------------------------------------------------------------------------------------
// The reference

/// Plain minimax, as the classic articles write it: every move of every line is tried, nothing is
/// remembered. From the empty 3×3 board it visits the whole game tree, 549,946 positions.
pub fn plain(board: &Board) -> Analysis {
    plain_within(board, u64::MAX).expect("no search visits u64::MAX positions")
}

/// [`plain`], giving up once it has visited `node_limit` positions.
pub fn plain_within(board: &Board, node_limit: u64) -> Result<Analysis, NodeLimitReached> {
    let started = Instant::now();
    let geometry = board.geometry();
    let mut search = PlainMinimax {
        player: board.to_move(),
        win: geometry.win_score(),
        nodes: 1, // the root
        node_limit,
        lines: vec![Vec::new(); geometry.cells() + 1],
    };
    let mut moves = Vec::new();
    for cell in board.legal_moves() {
        let child = board
            .after(cell)
            .expect("legal_moves yields playable cells");
        let score = search.minimax(&child, 0, false);
        if search.nodes > node_limit {
            return Err(NodeLimitReached { limit: node_limit });
        }
        moves.push(MoveScore {
            cell,
            score,
            line: search.lines[0].clone(),
        });
    }
    let stats = SearchStats {
        algorithm: Algorithm::Plain,
        nodes: search.nodes,
        elapsed: started.elapsed(),
    };
    Ok(Analysis {
        board: *board,
        moves,
        stats,
    })
}

struct PlainMinimax {
    /// The side whose moves are being rated: "max" in the classic formulation.
    player: Mark,
    win: i32,
    nodes: u64,
    node_limit: u64,
    /// `lines[d]` is the best line found from the node at depth `d` (a triangular PV table).
    lines: Vec<Vec<Cell>>,
}

impl PlainMinimax {
    fn evaluate(&self, board: &Board, depth: i32) -> Option<i32> {
        match board.outcome() {
            Outcome::Won { mark, .. } if mark == self.player => Some(self.win - depth),
            Outcome::Won { .. } => Some(depth - self.win),
            Outcome::Draw => Some(0),
            Outcome::Ongoing => None,
        }
    }

    fn minimax(&mut self, board: &Board, depth: i32, is_max: bool) -> i32 {
        self.nodes += 1;
        let ply = depth as usize;
        self.lines[ply].clear();
        if let Some(score) = self.evaluate(board, depth) {
            return score;
        }
        if self.nodes > self.node_limit {
            return 0; // the caller sees the count and discards everything
        }
        let mut best = if is_max { i32::MIN } else { i32::MAX };
        for cell in board.legal_moves() {
            let child = board
                .after(cell)
                .expect("legal_moves yields playable cells");
            let score = self.minimax(&child, depth + 1, !is_max);
            let better = if is_max { score > best } else { score < best };
            if better {
                best = score;
                let (this, deeper) = self.lines.split_at_mut(ply + 1);
                let line = &mut this[ply];
                line.clear();
                line.push(cell);
                line.extend_from_slice(&deeper[0]);
            }
        }
        best
    }
}

// ---------------------------------------------------------------------------------------------
// The fast exact search

/// Alpha-beta negamax with a transposition table and move ordering, exact for every root move.
///
/// The table outlives one analysis: analyzing many positions of one game (or one batch) with the
/// same searcher reuses what earlier searches learned. Values are stored relative to the position
/// they belong to, so an entry is valid at any depth.
#[derive(Default)]
pub struct Searcher {
    table: Table,
    nodes: u64,
    node_limit: u64,
}

/// A value at least this large is beyond any score, for open alpha-beta windows.
const INFINITY: i32 = 1_000;

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Every legal move with its exact score and line of play.
    pub fn analyze(&mut self, board: &Board) -> Analysis {
        self.analyze_within(board, u64::MAX)
            .expect("no search visits u64::MAX positions")
    }

    /// [`Searcher::analyze`], giving up once it has visited `node_limit` positions. What was
    /// learned before giving up stays in the table; nothing unfinished is stored.
    pub fn analyze_within(
        &mut self,
        board: &Board,
        node_limit: u64,
    ) -> Result<Analysis, NodeLimitReached> {
        let started = Instant::now();
        let geometry = board.geometry();
        self.table.prepare(geometry);
        self.nodes = 1; // the root
        self.node_limit = node_limit;
        let open = if board.outcome() == Outcome::Ongoing {
            board.empty_bits()
        } else {
            0
        };
        let moves = BitIter(open)
            .map(|index| {
                let score = self.move_value(board, index, 0);
                let line = self.line_after(board, index);
                self.within_limit()?;
                Ok(MoveScore {
                    cell: geometry.cell(index),
                    score,
                    line,
                })
            })
            .collect::<Result<_, _>>()?;
        let stats = SearchStats {
            algorithm: Algorithm::AlphaBeta,
            nodes: self.nodes,
            elapsed: started.elapsed(),
        };
        Ok(Analysis {
            board: *board,
            moves,
            stats,
        })
    }

    fn within_limit(&self) -> Result<(), NodeLimitReached> {
        if self.nodes > self.node_limit {
            Err(NodeLimitReached {
                limit: self.node_limit,
            })
        } else {
            Ok(())
        }
    }

    /// The exact value of playing `index` on the ongoing `board`, for the side that plays it, when
    /// the resulting position is at `depth`.
    fn move_value(&mut self, board: &Board, index: usize, depth: i32) -> i32 {
        let mover = board.to_move();
        let mut child = *board;
        child.place(index);
        let win = board.geometry().win_score();
        if child.completes_line(index, mover) {
            win - depth
        } else if child.is_full() {
            0
        } else {
            -self.negamax(&child, depth, -INFINITY, INFINITY)
        }
    }

    /// The moves that follow `index` on `board` under best play, to the end of the game: at each
    /// step the first move in row-major order with the best score, as plain minimax picks it.
    fn line_after(&mut self, board: &Board, index: usize) -> Vec<Cell> {
        let mut line = Vec::with_capacity(board.empty_bits().count_ones() as usize - 1);
        let (mut node, mut next, mut depth) = (*board, index, 0);
        loop {
            let mover = node.to_move();
            node.place(next);
            if node.completes_line(next, mover) || node.is_full() {
                return line;
            }
            let Some(best) = self.first_best_move(&node, depth) else {
                return line; // over the node limit: the caller discards the line
            };
            next = best;
            line.push(node.geometry().cell(next));
            depth += 1;
        }
    }

    /// The first move in row-major order whose exact value is the position's value. Remembered in
    /// the table, because batch analysis walks the same lines again and again. `None` only when
    /// the node limit cut the search short.
    fn first_best_move(&mut self, board: &Board, depth: i32) -> Option<usize> {
        if let Some(index) = self.table.get(board).and_then(Entry::first_best) {
            return Some(index);
        }
        let value = self.negamax(board, depth, -INFINITY, INFINITY);
        let index = BitIter(board.empty_bits())
            .find(|&index| self.move_value(board, index, depth + 1) == value)?;
        if self.within_limit().is_ok() {
            self.table.remember_first_best(board, index);
        }
        Some(index)
    }

    /// The value of an ongoing `board` at `depth` for its side to move, exact when it lies strictly
    /// inside (alpha, beta) and otherwise a bound on the side it fell.
    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return 0; // unwinds without storing; analyze_within reports the limit
        }
        let win = board.geometry().win_score();
        let mut hint = None;
        if let Some(entry) = self.table.get(board) {
            // Bounds only cut; they do not narrow the window, so that a search with an open window
            // always ends in an exact value, stored once and for all.
            let value = entry.value_at(depth);
            match entry.bound {
                Bound::Exact => return value,
                Bound::Lower if value >= beta => return value,
                Bound::Upper if value <= alpha => return value,
                _ => hint = entry.best_move(),
            }
        }
        let window_start = alpha;
        let mover = board.to_move();
        let open = board.empty_bits();

        // A move that wins at once is the best there is.
        let mover_bits = board.bits(mover);
        if let Some(index) = BitIter(open).find(|&index| {
            board
                .lines()
                .completed_through(index, mover_bits | 1 << index)
        }) {
            let value = win - depth - 1;
            self.table.store(board, depth, value, Bound::Exact, index);
            return value;
        }

        let ordered = hint.into_iter().chain(
            board
                .lines()
                .by_strength
                .iter()
                .copied()
                .filter(|&i| Some(i) != hint),
        );
        let mut best = -INFINITY;
        let mut best_index = 0;
        for index in ordered.filter(|&index| open & 1 << index != 0) {
            let mut child = *board;
            child.place(index);
            let value = if child.is_full() {
                0
            } else {
                -self.negamax(&child, depth + 1, -beta, -alpha)
            };
            if value > best {
                best = value;
                best_index = index;
            }
            alpha = alpha.max(value);
            if alpha >= beta || self.nodes > self.node_limit {
                break;
            }
        }
        if self.nodes > self.node_limit {
            return 0;
        }
        let bound = if best <= window_start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(board, depth, best, bound, best_index);
        best
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Bound {
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
struct Entry {
    /// The value as if the position were at depth 0: a win `r` plies later is stored as `W − r`.
    relative: i8,
    bound: Bound,
    /// The move that produced the value or the cut-off, tried first next time; 1-based, 0 = none.
    best: u8,
    /// The first move in row-major order with the best value, once known; 1-based, 0 = not yet.
    first_best: u8,
}

impl Entry {
    /// The stored value seen from a position at `depth`: wins and losses are that much further.
    fn value_at(self, depth: i32) -> i32 {
        let relative = self.relative as i32;
        match relative {
            r if r > 0 => r - depth,
            r if r < 0 => r + depth,
            _ => 0,
        }
    }

    fn best_move(self) -> Option<usize> {
        (self.best > 0).then(|| self.best as usize - 1)
    }

    fn first_best(self) -> Option<usize> {
        (self.first_best > 0).then(|| self.first_best as usize - 1)
    }
}

/// Transposition table: a flat array indexed by the position in base 3 for small boards, a hash
/// map for larger ones.
#[derive(Default)]
struct Table {
    geometry: Option<Geometry>,
    dense: Vec<Entry>,
    sparse: HashMap<u128, Entry, BuildHasherDefault<KeyHasher>>,
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

impl Table {
    /// Makes the table ready for boards of `geometry`, forgetting another geometry's entries.
    fn prepare(&mut self, geometry: Geometry) {
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

    fn get(&self, board: &Board) -> Option<Entry> {
        let entry = if self.dense.is_empty() {
            self.sparse.get(&board.key()).copied()?
        } else {
            self.dense[Table::dense_index(board)]
        };
        (entry.bound != Bound::None).then_some(entry)
    }

    fn slot(&mut self, board: &Board) -> &mut Entry {
        if self.dense.is_empty() {
            self.sparse.entry(board.key()).or_default()
        } else {
            &mut self.dense[Table::dense_index(board)]
        }
    }

    fn store(&mut self, board: &Board, depth: i32, value: i32, bound: Bound, best: usize) {
        let relative = match value {
            v if v > 0 => v + depth,
            v if v < 0 => v - depth,
            _ => 0,
        };
        let slot = self.slot(board);
        // An exact entry never needs replacing: the whole game tree below it is finite.
        if slot.bound == Bound::Exact {
            return;
        }
        *slot = Entry {
            relative: relative as i8,
            bound,
            best: best as u8 + 1,
            first_best: 0,
        };
    }

    fn remember_first_best(&mut self, board: &Board, index: usize) {
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
