//! One thread of the solver: a fail-soft alpha-beta negamax with exact shortcuts, driven by
//! null-window searches (MTD(f)), and the walk that finds each move's line of play.

use std::sync::atomic::{AtomicBool, Ordering};

use super::rules::{Pos, Rules};
use super::table::{Known, SharedTable};
use crate::engine::board::{BitIter, Cell, RunScan};
use crate::engine::minimax::control::{Meter, Stop};
use crate::engine::score::Score;

/// Move-ordering weight of a run holding `n` marks of one side (and none of the other).
const RUN_WEIGHT: [i32; 8] = [1, 6, 36, 216, 1296, 7776, 46656, 279936];
/// Ordering bonus of a move that threatens to win next move: the opponent must answer it.
const THREAT_BONUS: i32 = 1 << 24;
/// log2 of the entries of a thread's memo of failed "cannot win" tests.
const MEMO_BITS: u32 = 16;
/// Memo flags: the side to move was not shown unable to win (with pairs looked for).
const MINE_OPEN: u8 = 1;
/// The opponent was not shown unable to win (with pairs looked for).
const THEIRS_OPEN: u8 = 2;
/// No move was found after which the opponent cannot win.
const NO_HOLDING_BLOCK: u8 = 4;

pub(super) struct Prover<'a> {
    pub rules: &'a Rules,
    table: &'a SharedTable,
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
}

impl<'a> Prover<'a> {
    pub fn new(rules: &'a Rules, table: &'a SharedTable, meter: Meter<'a>) -> Prover<'a> {
        Prover {
            rules,
            table,
            meter,
            history: [0; 64],
            memo: vec![(0, 0); 1 << MEMO_BITS].into_boxed_slice(),
            abandon: None,
            reversed: false,
        }
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

    /// The exact value of an ongoing `pos` at `depth` for its side to move, found with null
    /// windows: first "at least a draw?", then narrowing on whichever side it fell.
    /// `on_bound(lower, upper)` hears every tighter pair of bounds on the way.
    pub fn exact(
        &mut self,
        pos: &Pos,
        depth: i32,
        on_bound: &mut dyn FnMut(Score, Score),
    ) -> Result<Score, Stop> {
        let infinity = Score::infinity(self.rules.win);
        let (mut lower, mut upper, mut guess) = (-infinity, infinity, Score::DRAW);
        while lower < upper {
            let beta = if guess == lower { guess.above() } else { guess };
            guess = self.search(pos, depth, beta.below(), beta)?;
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
            on_bound(lower, upper);
        }
        Ok(guess)
    }

    /// Whether the side to move on `pos` (at `depth`) scores at least `target` by playing `index`.
    fn reaches(
        &mut self,
        pos: &Pos,
        depth: i32,
        index: usize,
        target: Score,
    ) -> Result<bool, Stop> {
        let rules = self.rules;
        let child = pos.play(index, rules);
        let value = if rules.runs.completes(child.op, index) {
            Score::win_at(depth + 1, rules.win)
        } else if child.empty(rules) == 0 {
            Score::DRAW
        } else {
            // The move reaches `target` when the child is worth at most −target to its mover.
            let child_value = self.search(&child, depth + 1, -target, (-target).above())?;
            return Ok(child_value <= -target);
        };
        Ok(value >= target)
    }

    /// The line of play after the side to move on `pos` plays `index`, whose exact score is
    /// `score` (the move counts as depth 0's): at each step the first move in row-major order
    /// that keeps the exact value, to the end of the game, as plain minimax picks it.
    pub fn line_after(&mut self, pos: &Pos, index: usize, score: Score) -> Result<Vec<Cell>, Stop> {
        let rules = self.rules;
        let geometry = rules.geometry;
        let mut line = Vec::new();
        let (mut node, mut last, mut depth) = (pos.play(index, rules), index, 0);
        // Scores are absolute (a result at a depth), so a position on the line is worth to its
        // side to move exactly the negation of what its parent is worth: no search needed.
        let mut value = -score;
        while !rules.runs.completes(node.op, last) && node.empty(rules) != 0 {
            let mut next = None;
            for index in BitIter(node.empty(rules)) {
                if self.reaches(&node, depth, index, value)? {
                    next = Some(index);
                    break;
                }
            }
            let index = next.expect("some move has the position's value");
            line.push(geometry.cell(index));
            node = node.play(index, rules);
            last = index;
            depth += 1;
            value = -value;
        }
        Ok(line)
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
        let win = rules.win;
        let empty = pos.empty(rules);
        let scan = rules.runs.scan(pos.me, pos.op);

        // Shortcuts that are exact: a win now beats everything; two cells where the opponent wins
        // cannot both be blocked; one must be blocked at once, since anything else loses sooner
        // than any line after the block can.
        if scan.my_wins != 0 {
            return Ok(Score::win_at(depth + 1, win));
        }
        if scan.op_wins.count_ones() >= 2 {
            return Ok(Score::loss_at(depth + 2, win));
        }
        if scan.op_wins != 0 {
            let index = scan.op_wins.trailing_zeros() as usize;
            if empty == scan.op_wins {
                return Ok(Score::DRAW);
            }
            let child = pos.play(index, rules);
            return Ok(-self.search(&child, depth + 1, -beta, -alpha)?);
        }

        // Bounds from how far each side is from a line: winning needs `k − best` more marks,
        // the side to move's n-th move comes at ply 2n − 1, the opponent's at ply 2n.
        let empties = empty.count_ones() as i32;
        let k = rules.runs.k as i32;
        let mut upper = match scan.my_best {
            best if best >= 0 && 2 * (k - best) - 1 <= empties => {
                Score::win_at(depth + 2 * (k - best) - 1, win)
            }
            _ => Score::DRAW,
        };
        let mut lower = match scan.op_best {
            best if best >= 0 && 2 * (k - best) <= empties => {
                Score::loss_at(depth + 2 * (k - best), win)
            }
            _ => Score::DRAW,
        };

        let (key, symmetry) = pos.key(rules);
        let mut hint = None;
        if let Some(known) = self.table.probe(key) {
            if let Some(stored) = known.lower {
                lower = lower.max(stored.shifted(depth));
            }
            if let Some(stored) = known.upper {
                upper = upper.min(stored.shifted(depth));
            }
            hint = known
                .best
                .map(|index| rules.preimage[symmetry][index] as usize)
                .filter(|&index| empty & 1 << index != 0);
        }
        if lower >= upper || lower >= beta {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }

        // A side that cannot win (see `Open::cannot_win`) is worth at most a draw, its
        // opponent at least one: asked only where that would settle the window, and after the
        // table, which keeps what these tests proved as bounds (and the memo what they could
        // not).
        let failed = self.failed(key);
        let mut mine_unpaired = false;
        if upper > Score::DRAW && alpha >= Score::DRAW {
            if failed & MINE_OPEN == 0 {
                if rules.open_runs(pos.me, pos.op).cannot_win(None, true, true) {
                    let known = Known {
                        lower: None,
                        upper: Some(Score::DRAW),
                        best: None,
                    };
                    self.table.store(key, empties as u32, known);
                    return Ok(Score::DRAW);
                }
                self.fail(key, MINE_OPEN);
            }
            mine_unpaired = true;
        }
        let mut theirs = None;
        if lower < Score::DRAW && beta <= Score::DRAW {
            let open = rules.open_runs(pos.op, pos.me);
            let pairing = !unpaired && failed & THEIRS_OPEN == 0;
            if open.cannot_win(None, false, pairing) {
                let known = Known {
                    lower: Some(Score::DRAW),
                    upper: None,
                    best: None,
                };
                self.table.store(key, empties as u32, known);
                return Ok(Score::DRAW);
            }
            if pairing {
                self.fail(key, THEIRS_OPEN);
            }
            theirs = Some(open);
        }
        let (alpha, beta) = (alpha.max(lower), beta.min(upper));

        // At least a draw is enough, and a move after which the opponent cannot win gives it:
        // look for one before any search, the first in row-major order (as the lines of play
        // prefer), among the moves that take something from the opponent.
        if let Some(open) = theirs.filter(|_| beta <= Score::DRAW)
            && self.failed(key) & NO_HOLDING_BLOCK == 0
        {
            if let Some(index) = open.first_holding_block() {
                let known = Known {
                    lower: Some(Score::DRAW),
                    upper: None,
                    best: Some(rules.image[symmetry][index] as usize),
                };
                self.table.store(key, empties as u32, known);
                return Ok(Score::DRAW);
            }
            self.fail(key, NO_HOLDING_BLOCK);
        }

        let Some(moves) = self.order(pos, &scan, hint) else {
            // A move that makes two threats at once: the opponent blocks one, the other wins.
            // Nothing faster exists, since nothing wins now.
            let value = Score::win_at(depth + 3, win);
            let relative = Some(value.shifted(-depth));
            let known = Known {
                lower: relative,
                upper: relative,
                best: None,
            };
            self.table.store(key, empties as u32, known);
            return Ok(value);
        };

        let mut best = -Score::infinity(rules.win);
        let mut best_index = moves.cells[0];
        let mut floor = alpha;
        for &index in &moves.cells[..moves.len] {
            let value = if empty == 1 << index {
                Score::DRAW
            } else {
                let child = pos.play(index as usize, rules);
                -self.search_after(&child, depth + 1, -beta, -floor, mine_unpaired)?
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
        let known = Known {
            lower: (best > alpha).then_some(relative),
            upper: (best < beta).then_some(relative),
            best: Some(rules.image[symmetry][best_index as usize] as usize),
        };
        self.table.store(key, empties as u32, known);
        Ok(best)
    }

    /// The moves worth trying, best first: the table's move, then moves that threaten to win,
    /// then by history and by the runs they join or block. Of moves that are the same by a
    /// symmetry of the position, or that lie on no run anyone can still complete, only one is
    /// kept: the others have the same value. `None` when a move makes two threats at once.
    fn order(&self, pos: &Pos, scan: &RunScan, hint: Option<usize>) -> Option<Moves> {
        let rules = self.rules;
        let empty = pos.empty(rules);
        let stabilizer = pos.stabilizer(rules);
        let below_k = rules.runs.k - 1;
        let mut moves = Moves {
            cells: [0; 64],
            scores: [0; 64],
            len: 0,
        };
        let mut dead_seen = false;
        let mut cells = [0u8; 64];
        let count = empty.count_ones() as usize;
        for (slot, index) in BitIter(empty).enumerate() {
            cells[if self.reversed {
                count - 1 - slot
            } else {
                slot
            }] = index as u8;
        }
        'cells: for index in cells[..count].iter().map(|&index| index as usize) {
            let bit = 1u64 << index;
            if scan.live & bit == 0 {
                if dead_seen {
                    continue;
                }
                dead_seen = true;
            }
            if stabilizer != 0 {
                // Keep the smallest cell of each orbit under the position's symmetries.
                let mut set = stabilizer;
                while set != 0 {
                    let s = set.trailing_zeros() as usize;
                    set &= set - 1;
                    if (rules.image[s][index] as usize) < index {
                        continue 'cells;
                    }
                }
            }
            let mut threats = 0u64;
            let mut score = 0;
            for &run in &rules.runs.through[index] {
                let mine = (run & pos.me).count_ones();
                let theirs = (run & pos.op).count_ones();
                if theirs == 0 {
                    score += RUN_WEIGHT[mine as usize];
                    if mine + 1 == below_k {
                        threats |= run & !pos.me & !bit;
                    }
                }
                if mine == 0 {
                    score += RUN_WEIGHT[theirs as usize];
                }
            }
            if threats.count_ones() >= 2 {
                return None;
            }
            if threats != 0 {
                score += THREAT_BONUS;
            }
            score += self.history[index].min(1 << 22) as i32;
            if Some(index) == hint {
                score = i32::MAX;
            }
            moves.push(index as u8, score);
        }
        moves.sort();
        Some(moves)
    }
}

/// A node's moves and their ordering scores.
struct Moves {
    cells: [u8; 64],
    scores: [i32; 64],
    len: usize,
}

impl Moves {
    #[inline]
    fn push(&mut self, cell: u8, score: i32) {
        self.cells[self.len] = cell;
        self.scores[self.len] = score;
        self.len += 1;
    }

    /// Highest score first (insertion sort: a node has at most 49 moves).
    fn sort(&mut self) {
        for i in 1..self.len {
            let (cell, score) = (self.cells[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < score {
                self.cells[j] = self.cells[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.cells[j] = cell;
            self.scores[j] = score;
        }
    }
}
