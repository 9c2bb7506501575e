//! The prover, one thread of the solver: a fail-soft alpha-beta negamax with exact shortcuts,
//! asked null-window questions (which one next is the `Narrower`'s, in `depth.rs`).

use std::sync::atomic::{AtomicBool, Ordering};

use super::depth::Narrower;
use crate::board::RunScan;
use crate::minimax::control::{Meter, Stop};
use crate::minimax::solver::rules::{GeometryTables, Open, Pos};
use crate::minimax::solver::table::{SharedTable, TableEntry};
use crate::score::Score;

/// Whether the solver asks a root move's value, once it is at least a draw for the player to
/// move after it, whether that player wins within half the plies between the draw and its
/// fastest win by distance (`Solver::with_depth_after_proof` turns it off), instead of
/// MTD(f)'s "more than a draw?". A win is then shown with a depth limit, which is cheaper than with none, and MTD(f)
/// narrows it from there; a draw usually fails the test at once (the "cannot win" tests answer
/// it with the draw itself), and when it fails above the draw, "more than a draw?" comes next.
/// Scores are the same either way; lines above 5×5, which follow the proof, may show other best
/// moves.
///
/// It saves instructions and positions on the empty 6×6 and costs nothing elsewhere. Asking for
/// the fastest win first, the depth growing until a test succeeds, visits fewer positions but
/// costs more instructions: most go to the "cannot win" tests, dearer in those shallow, wide
/// searches (the measurements of both are in CHANGELOG.md).
pub const DEPTH_AFTER_PROOF: bool = true;

/// Move-ordering weight of a run holding `n` marks of one side and none of the other, to each
/// of its empty cells; an empty run counts for both sides.
const LIVE_RUN_WEIGHT: [i32; 8] = [2, 6, 36, 216, 1296, 7776, 46656, 279936];
/// Ordering bonus of a move that threatens to win next move: the opponent must answer it.
const THREAT_BONUS: i32 = 1 << 24;
/// log2 of the entries of a thread's memo of failed "cannot win" tests.
const MEMO_BITS: u32 = 16;
/// Whether a position's table bucket is prefetched on entry, before its runs are scanned.
const PREFETCH: bool = true;
/// How many candidate blocks, the heaviest first, are paired when looking for a move after
/// which the opponent cannot win (see `Open::holding_block`). Pairing every candidate found
/// the few more blocks that exist at a cost that outweighed them. Measured, one thread, against
/// pairing every candidate in row-major order (the empty 6×6, k=4, all 36 moves, callgrind;
/// the 7×7 centre's score, CPU): 1 or 2 gave 27.5 G instructions, 3 gave 31.7 G, 4 gave 27.4 G,
/// 6 gave 21.8 G but 11.4 s on the 7×7, 8 gave 31.2 G, 12 gave 37.5 G and all 51.9 G, against
/// 65.4 G and 8.3 s before; 4 gave 4.5 s on the 7×7. The counts are chaotic (the block found
/// becomes the table's move, which orders later searches), and 4 is good on every board tried.
const HOLDING_PAIRINGS: u32 = 4;
/// Memo flags: the side to move was not shown unable to win (with pairs looked for).
const MINE_OPEN: u8 = 1;
/// The opponent was not shown unable to win (with pairs looked for).
const THEIRS_OPEN: u8 = 2;
/// No move was found after which the opponent cannot win.
const NO_HOLDING_BLOCK: u8 = 4;

pub(in crate::minimax::solver) struct Prover<'a> {
    pub rules: &'a GeometryTables,
    pub(super) table: &'a SharedTable,
    pub meter: Meter<'a>,
    /// How often each cell caused a cut-off, weighted by the size of the subtree it saved.
    history: [u32; 64],
    /// The "cannot win" tests that failed, by position key (direct-mapped): the null windows
    /// of one root move visit the same positions many times, and these tests are costly.
    /// What succeeded is in the table, as a bound.
    memo: Box<[(u128, u8)]>,
    /// Set when another thread has settled the root move this one searches: the search then
    /// stops (as if cancelled) at its next position.
    pub abandon: Option<&'a AtomicBool>,
    /// Tries moves of equal promise in reverse row-major order: a thread that joins another's
    /// root move takes another path through it.
    pub reversed: bool,
    /// Whether [`Prover::exact`] narrows as [`DEPTH_AFTER_PROOF`]
    /// describes, else by MTD(f) from the draw alone.
    pub depth_after_proof: bool,
}

impl<'a> Prover<'a> {
    pub fn new(rules: &'a GeometryTables, table: &'a SharedTable, meter: Meter<'a>) -> Prover<'a> {
        Prover {
            rules,
            table,
            meter,
            history: [0; 64],
            memo: vec![(0, 0); 1 << MEMO_BITS].into_boxed_slice(),
            abandon: None,
            reversed: false,
            depth_after_proof: DEPTH_AFTER_PROOF,
        }
    }

    /// Forgets which cells caused cut-offs, as a new prover would: for a search from another
    /// root, where they mislead more than they help (see `root::steal_after_one_mark`).
    pub fn forget_history(&mut self) {
        self.history = [0; 64];
    }

    /// The memo's slot for `key`.
    #[inline]
    fn memo_slot(key: u128) -> usize {
        let mixed = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - MEMO_BITS)) as usize
    }

    /// The failed tests memoised for `key`.
    #[inline]
    fn failed(&self, key: u128) -> u8 {
        let (stored, flags) = self.memo[Prover::memo_slot(key)];
        if stored == key { flags } else { 0 }
    }

    /// Memoises that a test `flag` failed for `key`.
    #[inline]
    fn fail(&mut self, key: u128, flag: u8) {
        let slot = &mut self.memo[Prover::memo_slot(key)];
        if slot.0 == key {
            slot.1 |= flag;
        } else {
            *slot = (key, flag);
        }
    }

    /// The value of an ongoing `pos` at `depth` for its side to move, fail-soft: exact when it
    /// lies strictly inside (alpha, beta), otherwise a bound on the side it fell.
    pub fn search(
        &mut self,
        pos: &Pos,
        depth: i32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Stop> {
        self.search_after(pos, depth, alpha, beta, false)
    }

    /// [`Prover::search`], told whether the side that just moved was found, one move before,
    /// to have open runs that the side to move cannot pair up. Its move only took an empty
    /// cell from those runs, so there is still no pairing: no need to look again.
    fn search_after(
        &mut self,
        pos: &Pos,
        depth: i32,
        alpha: Score,
        beta: Score,
        unpaired: bool,
    ) -> Result<Score, Stop> {
        self.meter.visit()?;
        if self
            .abandon
            .is_some_and(|settled| settled.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        let rules = self.rules;
        let empty = pos.empty(rules);
        // The key first, so that its bucket loads while the runs are scanned.
        let (key, symmetry) = pos.key();
        if PREFETCH {
            self.table.prefetch(key);
        }
        let scan = rules.runs.scan(pos.me, pos.op);
        if let Some(value) = self.threat_shortcut(pos, &scan, depth, alpha, beta)? {
            return Ok(value);
        }

        let empties = empty.count_ones();
        let (mut lower, mut upper) = self.distance_bounds(&scan, empties as i32, depth);
        let node = KeyedPosition {
            key,
            symmetry,
            empties,
            depth,
        };
        let hint = self.probe(&node, empty, &mut lower, &mut upper);
        if lower >= upper || lower >= beta {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }

        if let Some(value) =
            self.no_fork_bound(pos, &scan, empties, depth, (alpha, beta, lower, upper))
        {
            return Ok(value);
        }
        let window = (alpha, beta, lower, upper);
        let Some(unpaired) = self.no_winner_tests(pos, &node, window, unpaired) else {
            return Ok(Score::DRAW);
        };
        let (alpha, beta) = (alpha.max(lower), beta.min(upper));
        // Only where the draw is the question: below it ("do I lose that slowly?", in the
        // tests of how fast a win comes) the position is nearly always lost, so no move holds
        // the opponent to a draw and the look is wasted (the empty 6×6, k=4, on one thread:
        // 2.4 → 1.9 s, for 8% more positions).
        if beta == Score::DRAW && unpaired.theirs.is_some_and(|open| self.holds(&node, open)) {
            return Ok(Score::DRAW);
        }

        let Ok(moves) = self.order(pos, &scan, hint) else {
            // A move that makes two threats at once: the opponent blocks one, the other wins.
            // Nothing faster exists, since nothing wins now.
            let value = Score::win_at(depth + 3, rules.win);
            let relative = Some(value.shifted(-depth));
            let known = TableEntry {
                lower: relative,
                upper: relative,
                best: None,
            };
            self.table.store(key, empties, known);
            return Ok(value);
        };
        self.search_moves(pos, &node, &moves, (alpha, beta), unpaired.mine)
    }

    /// The exact shortcuts of threats, when one applies: a win now beats everything; two cells
    /// where the opponent wins cannot both be blocked; one must be blocked at once, since
    /// anything else loses sooner than any line after the block can.
    fn threat_shortcut(
        &mut self,
        pos: &Pos,
        scan: &RunScan,
        depth: i32,
        alpha: Score,
        beta: Score,
    ) -> Result<Option<Score>, Stop> {
        let rules = self.rules;
        let win = rules.win;
        if scan.my_wins != 0 {
            return Ok(Some(Score::win_at(depth + 1, win)));
        }
        if scan.op_wins.count_ones() >= 2 {
            return Ok(Some(Score::loss_at(depth + 2, win)));
        }
        if scan.op_wins != 0 {
            let index = scan.op_wins.trailing_zeros() as usize;
            if pos.empty(rules) == scan.op_wins {
                return Ok(Some(Score::DRAW));
            }
            let child = pos.play(index, rules);
            return Ok(Some(-self.search(&child, depth + 1, -beta, -alpha)?));
        }
        Ok(None)
    }

    /// Bounds from how far each side is from a line: winning needs `k − best` more marks, the
    /// side to move's n-th move comes at ply 2n − 1, the opponent's at ply 2n. `(lower, upper)`.
    fn distance_bounds(&self, scan: &RunScan, empties: i32, depth: i32) -> (Score, Score) {
        let win = self.rules.win;
        let k = self.rules.runs.k as i32;
        let upper = match scan.my_best {
            best if best >= 0 && 2 * (k - best) - 1 <= empties => {
                Score::win_at(depth + 2 * (k - best) - 1, win)
            }
            _ => Score::DRAW,
        };
        let lower = match scan.op_best {
            best if best >= 0 && 2 * (k - best) <= empties => {
                Score::loss_at(depth + 2 * (k - best), win)
            }
            _ => Score::DRAW,
        };
        (lower, upper)
    }

    /// The bounds of the tests of how fast a win comes, past the threat shortcuts (nothing
    /// wins at once, and the opponent threatens nothing): a side with no move that makes two
    /// threats at once wins at its third move at the soonest, since a single threat is
    /// blocked, and the opponent's moves only take runs away. So the side to move wins at ply
    /// `depth + 5` at the soonest, the opponent at `depth + 6`. Checked only where that bound
    /// settles the window: returns the value then.
    fn no_fork_bound(
        &self,
        pos: &Pos,
        scan: &RunScan,
        empties: u32,
        depth: i32,
        (alpha, beta, lower, upper): (Score, Score, Score, Score),
    ) -> Option<Score> {
        let rules = self.rules;
        let runs = &rules.runs;
        let my_third = if empties >= 5 {
            Score::win_at(depth + 5, rules.win)
        } else {
            Score::DRAW
        };
        if my_third <= alpha && runs.my_move_threats(scan, pos.me, pos.op).forks == 0 {
            return Some(my_third.min(upper));
        }
        let their_third = if empties >= 6 {
            Score::loss_at(depth + 6, rules.win)
        } else {
            Score::DRAW
        };
        if their_third >= beta && !runs.has_fork(pos.op, pos.me) {
            return Some(their_third.max(lower));
        }
        None
    }

    /// Tightens `lower` and `upper` by what the table knows of `node`, and returns its best
    /// move (as a cell of `pos`, whose empty cells are `empty`) if it has one.
    fn probe(
        &self,
        node: &KeyedPosition,
        empty: u64,
        lower: &mut Score,
        upper: &mut Score,
    ) -> Option<usize> {
        let known = self.table.probe(node.key)?;
        if let Some(stored) = known.lower {
            *lower = (*lower).max(stored.shifted(node.depth));
        }
        if let Some(stored) = known.upper {
            *upper = (*upper).min(stored.shifted(node.depth));
        }
        known
            .best
            .map(|index| self.rules.preimage[node.symmetry][index] as usize)
            .filter(|&index| empty & 1 << index != 0)
    }

    /// The "cannot win" tests: a side that cannot win (see `Open::cannot_win`) is worth at
    /// most a draw, its opponent at least one. Asked only where that would settle the window
    /// `(alpha, beta, lower, upper)`, and after the table, which keeps what these tests proved
    /// as bounds (and the memo what they could not). `None` when one settles it as a draw
    /// (stored); otherwise which tests failed.
    fn no_winner_tests<'r>(
        &mut self,
        pos: &Pos,
        node: &KeyedPosition,
        (alpha, beta, lower, upper): (Score, Score, Score, Score),
        unpaired: bool,
    ) -> Option<Unpaired<'r>>
    where
        'a: 'r,
    {
        let rules: &'r GeometryTables = self.rules;
        let failed = self.failed(node.key);
        let mut mine = false;
        if upper > Score::DRAW && alpha >= Score::DRAW {
            if failed & MINE_OPEN == 0 {
                if pos.my_open_runs(rules).cannot_win(None, true, true) {
                    self.store_draw_bound(node, None, Some(Score::DRAW));
                    return None;
                }
                self.fail(node.key, MINE_OPEN);
            }
            mine = true;
        }
        let mut theirs = None;
        if lower < Score::DRAW && beta <= Score::DRAW {
            let open = pos.op_open_runs(rules);
            let pairing = !unpaired && failed & THEIRS_OPEN == 0;
            if open.cannot_win(None, false, pairing) {
                self.store_draw_bound(node, Some(Score::DRAW), None);
                return None;
            }
            if pairing {
                self.fail(node.key, THEIRS_OPEN);
            }
            theirs = Some(open);
        }
        Some(Unpaired { mine, theirs })
    }

    /// Stores a bound that a "cannot win" test proved, with no move.
    fn store_draw_bound(&self, node: &KeyedPosition, lower: Option<Score>, upper: Option<Score>) {
        let known = TableEntry {
            lower,
            upper,
            best: None,
        };
        self.table.store(node.key, node.empties, known);
    }

    /// Whether the side to move, for which at least a draw is enough, has a move after which
    /// the opponent (whose open runs are `theirs`) cannot win, among the moves that take
    /// something from the opponent (see `Open::holding_block`; a few candidates are paired).
    /// Looked for before any search; a find is stored as a lower bound with its move.
    fn holds(&mut self, node: &KeyedPosition, theirs: Open) -> bool {
        if self.failed(node.key) & NO_HOLDING_BLOCK != 0 {
            return false;
        }
        if let Some(index) = theirs.holding_block(HOLDING_PAIRINGS) {
            let known = TableEntry {
                lower: Some(Score::DRAW),
                upper: None,
                best: Some(self.rules.image[node.symmetry][index] as usize),
            };
            self.table.store(node.key, node.empties, known);
            return true;
        }
        self.fail(node.key, NO_HOLDING_BLOCK);
        false
    }

    /// The value of `pos` (the [`KeyedPosition`] `node`) within `(alpha, beta)` by searching `moves` in
    /// order, fail-soft, stored in the table with the best move; `unpaired` as for
    /// [`Prover::search_after`], of the side to move (the children's side that just moved).
    fn search_moves(
        &mut self,
        pos: &Pos,
        node: &KeyedPosition,
        moves: &Moves,
        (alpha, beta): (Score, Score),
        unpaired: bool,
    ) -> Result<Score, Stop> {
        let rules = self.rules;
        let (depth, empties) = (node.depth, node.empties as i32);
        let empty = pos.empty(rules);
        let mut best = -Score::infinity(rules.win);
        let mut best_index = moves.cells[0];
        let mut floor = alpha;
        for &index in &moves.cells[..moves.len] {
            let value = if empty == 1 << index {
                Score::DRAW
            } else {
                let child = pos.play(index as usize, rules);
                -self.search_after(&child, depth + 1, -beta, -floor, unpaired)?
            };
            if value > best {
                best = value;
                best_index = index;
                if value >= beta {
                    let bonus = (empties * empties) as u32;
                    let slot = &mut self.history[index as usize];
                    *slot = slot.saturating_add(bonus);
                    break;
                }
                floor = floor.max(value);
            }
        }

        let relative = best.shifted(-depth);
        let known = TableEntry {
            lower: (best > alpha).then_some(relative),
            upper: (best < beta).then_some(relative),
            best: Some(rules.image[node.symmetry][best_index as usize] as usize),
        };
        self.table.store(node.key, node.empties, known);
        Ok(best)
    }

    /// The moves worth trying, best first: the table's move, then moves that threaten to win,
    /// then by history and by the runs they join or block. Of moves that are the same by a
    /// symmetry of the position, or that lie on no run anyone can still complete, only one is
    /// kept: the others have the same value. `Err` with a move that makes two threats at once,
    /// when there is one.
    pub(super) fn order(
        &self,
        pos: &Pos,
        scan: &RunScan,
        hint: Option<usize>,
    ) -> Result<Moves, usize> {
        let rules = self.rules;
        let empty = pos.empty(rules);
        let stabilizer = pos.stabilizer();
        // Of the cells the same by a symmetry of the position, the smallest.
        let kept = |index: usize| {
            let mut set = stabilizer;
            while set != 0 {
                let s = set.trailing_zeros() as usize;
                set &= set - 1;
                if (rules.image[s][index] as usize) < index {
                    return false;
                }
            }
            true
        };
        // The next cell of `left` in the order moves of equal promise are tried.
        let next = |left: u64| {
            if self.reversed {
                63 - left.leading_zeros() as usize
            } else {
                left.trailing_zeros() as usize
            }
        };
        // A fork ends the search of this node, and often comes: looked for before the weights.
        // The forks are the same under the position's symmetries, so one is kept.
        let threats = rules.runs.my_move_threats(scan, pos.me, pos.op);
        let mut forks = threats.forks;
        while forks != 0 {
            let index = next(forks);
            if kept(index) {
                return Err(index);
            }
            forks &= !(1 << index);
        }
        // Each live run's weight goes to its empty cells: one look at each run, not one for
        // each of its cells. A live run holds marks of one side only, so their count is its
        // marks of either.
        let marks = pos.me | pos.op;
        let mut weights = [0i32; 64];
        let live = rules.runs.live_runs(pos.me, pos.op);
        for (direction, mut starts) in rules.runs.directions.iter().zip(live.starts) {
            while starts != 0 {
                let run = direction.first_run << starts.trailing_zeros();
                starts &= starts - 1;
                let weight = LIVE_RUN_WEIGHT[(run & marks).count_ones() as usize];
                let mut open = run & empty;
                while open != 0 {
                    weights[open.trailing_zeros() as usize] += weight;
                    open &= open - 1;
                }
            }
        }
        let mut moves = Moves {
            cells: [0; 64],
            len: 0,
        };
        // Score and cell in one sort key: the score above, then the order the cell came in
        // (earlier first among equal scores), then the cell.
        let mut keys = [0u64; 64];
        let mut dead_seen = false;
        let mut left = empty;
        while left != 0 {
            let index = next(left);
            let bit = 1u64 << index;
            left &= !bit;
            if live.cells & bit == 0 {
                if dead_seen {
                    continue;
                }
                dead_seen = true;
            }
            if stabilizer != 0 && !kept(index) {
                continue;
            }
            let mut score = weights[index];
            if threats.cells & bit != 0 {
                score += THREAT_BONUS;
            }
            score += self.history[index].min(1 << 22) as i32;
            if Some(index) == hint {
                score = i32::MAX;
            }
            keys[moves.len] = (score as u64) << 12 | (63 - moves.len as u64) << 6 | index as u64;
            moves.len += 1;
        }
        let keys = &mut keys[..moves.len];
        keys.sort_unstable_by(|a, b| b.cmp(a));
        for (cell, &key) in moves.cells.iter_mut().zip(keys.iter()) {
            *cell = (key & 63) as u8;
        }
        Ok(moves)
    }
}

impl Prover<'_> {
    /// The exact value of an ongoing `pos` at `depth` for its side to move, found with null
    /// windows: first "at least a draw?", then in the order [`Prover::depth_after_proof`]
    /// chooses. `on_bound(lower, upper)` hears every tighter pair of bounds on the way.
    pub fn exact(
        &mut self,
        pos: &Pos,
        depth: i32,
        on_bound: &mut dyn FnMut(Score, Score),
    ) -> Result<Score, Stop> {
        let rules = self.rules;
        let scan = rules.runs.scan(pos.me, pos.op);
        let empties = pos.empty(rules).count_ones() as i32;
        let (_, fastest_win) = self.distance_bounds(&scan, empties, depth);
        let infinity = Score::infinity(rules.win);
        let mut narrower = Narrower::new(self.depth_after_proof, infinity, fastest_win);
        while let Some(beta) = narrower.next() {
            let value = self.search(pos, depth, beta.below(), beta)?;
            narrower.heard(beta, value);
            on_bound(narrower.lower, narrower.upper);
        }
        Ok(narrower.lower)
    }
}

/// The position a search is at, as the table knows it.
struct KeyedPosition {
    /// Its canonical key, and the symmetry that takes it to the canonical frame.
    key: u128,
    symmetry: usize,
    empties: u32,
    depth: i32,
}

/// Which "cannot win" tests failed at a node: the side to move's (with pairs looked for), and
/// the opponent's, with its open runs.
struct Unpaired<'r> {
    mine: bool,
    theirs: Option<Open<'r>>,
}

/// A node's moves, best first.
pub(super) struct Moves {
    pub(super) cells: [u8; 64],
    pub(super) len: usize,
}
