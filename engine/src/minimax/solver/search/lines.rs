//! The line of play after each exact root score: row-major up to 5×5, following the proof on
//! larger boards (see the solver's module documentation).

use super::prover::Prover;
use crate::board::{BitIter, Cell};
use crate::minimax::control::Stop;
use crate::minimax::solver::rules::Pos;
use crate::score::Score;

/// Boards of at most this many cells (5×5) get row-major lines: the first move that keeps the
/// value, as plain minimax picks it, so that the tests can compare every line with plain
/// minimax's. Larger boards follow the proof: row-major lines cost the 7×7 centre move 96% of
/// its time, and plain minimax could not check them there anyway.
const ROW_MAJOR_LINES_UP_TO: usize = 25;

/// Whether the side to move on `pos` (at `depth`) scores at least `target` by playing `index`.
fn reaches(
    prover: &mut Prover<'_>,
    pos: &Pos,
    depth: i32,
    index: usize,
    target: Score,
) -> Result<bool, Stop> {
    let rules = prover.rules;
    let child = pos.play(index, rules);
    let value = if rules.runs.completes(child.op, index) {
        Score::win_at(depth + 1, rules.win)
    } else if child.empty(rules) == 0 {
        Score::DRAW
    } else {
        // The move reaches `target` when the child is worth at most −target to its mover:
        // the table may know already, else a null-window search tells.
        if let Some(known) = prover.table.probe(child.key().0) {
            if known
                .upper
                .is_some_and(|upper| upper.shifted(depth + 1) <= -target)
            {
                return Ok(true);
            }
            if known
                .lower
                .is_some_and(|lower| lower.shifted(depth + 1) > -target)
            {
                return Ok(false);
            }
        }
        let child_value = prover.search(&child, depth + 1, -target, (-target).above())?;
        return Ok(child_value <= -target);
    };
    Ok(value >= target)
}

/// The line of play after the side to move on `pos` plays `index`, whose exact score is
/// `score` (the move counts as depth 0's): at each step a move that keeps the exact value,
/// to the end of the game. Up to [`ROW_MAJOR_LINES_UP_TO`] cells the first such move in
/// row-major order, as plain minimax picks it; on larger boards the one the proof points at
/// (see [`proof_step`]).
pub(in crate::minimax::solver) fn line_after(
    prover: &mut Prover<'_>,
    pos: &Pos,
    index: usize,
    score: Score,
) -> Result<Vec<Cell>, Stop> {
    let rules = prover.rules;
    let geometry = rules.geometry;
    let follow_proof = geometry.cells() > ROW_MAJOR_LINES_UP_TO;
    let mut line = Vec::new();
    let (mut node, mut last, mut depth) = (pos.play(index, rules), index, 0);
    // Scores are absolute (a result at a depth), so a position on the line is worth to its
    // side to move exactly the negation of what its parent is worth: no search needed.
    let mut value = -score;
    while !rules.runs.completes(node.op, last) && node.empty(rules) != 0 {
        let index = if follow_proof {
            proof_step(prover, &node, depth, value)?
        } else {
            row_major_step(prover, &node, depth, value)?
        };
        line.push(geometry.cell(index));
        node = node.play(index, rules);
        last = index;
        depth += 1;
        value = -value;
    }
    Ok(line)
}

/// The first move in row-major order by which the side to move on `pos` (at `depth`, worth
/// exactly `value`) keeps that value.
fn row_major_step(
    prover: &mut Prover<'_>,
    pos: &Pos,
    depth: i32,
    value: Score,
) -> Result<usize, Stop> {
    for index in BitIter(pos.empty(prover.rules)) {
        if reaches(prover, pos, depth, index, value)? {
            return Ok(index);
        }
    }
    unreachable!("some move has the position's value")
}

/// A move by which the side to move on `pos` (at `depth`, worth exactly `value`) keeps
/// that value, found cheaply: the threats decide at once when there are any (a win now;
/// a loss next move whatever is played, the first cell then; the one block); else the
/// table's move for `pos`, whose child the proof has usually bounded already, then the
/// other moves in the search's own order (threats first, then by history and runs), each
/// kept or refuted by a null window. Row-major order would try weak moves first, and
/// refuting one near the start of a 7×7 game is a search as large as the proof itprover.
fn proof_step(prover: &mut Prover<'_>, pos: &Pos, depth: i32, value: Score) -> Result<usize, Stop> {
    let rules = prover.rules;
    let empty = pos.empty(rules);
    let scan = rules.runs.scan(pos.me, pos.op);
    let lowest = |cells: u64| cells.trailing_zeros() as usize;
    let win = rules.win;
    if scan.my_wins != 0 {
        debug_assert_eq!(value, Score::win_at(depth + 1, win));
        return Ok(lowest(scan.my_wins));
    }
    match scan.op_wins.count_ones() {
        0 => {}
        1 => return Ok(lowest(scan.op_wins)),
        _ => {
            debug_assert_eq!(value, Score::loss_at(depth + 2, win));
            return Ok(lowest(empty));
        }
    }
    let (key, symmetry) = pos.key();
    let hint = prover
        .table
        .probe(key)
        .and_then(|known| known.best)
        .map(|index| rules.preimage[symmetry][index] as usize)
        .filter(|&index| empty & 1 << index != 0);
    match prover.order(pos, &scan, hint) {
        Ok(moves) => {
            for &index in &moves.cells[..moves.len] {
                if reaches(prover, pos, depth, index as usize, value)? {
                    return Ok(index as usize);
                }
            }
        }
        // Two threats at once win two moves later, and nothing faster exists: this is
        // the search's value of `pos`.
        Err(double_threat) => {
            debug_assert_eq!(value, Score::win_at(depth + 3, win));
            return Ok(double_threat);
        }
    }
    unreachable!("some move has the position's value, and the order keeps one of each kind")
}
