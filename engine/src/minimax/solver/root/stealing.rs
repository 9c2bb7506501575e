//! Strategy stealing at the root (see [`Solver::with_strategy_stealing`]): on the empty board,
//! a first pass asks whether the first player can win by any first move; when it cannot, the
//! second player cannot win either, and that, with the answers the first pass proved to hold,
//! goes into the table before the exact pass.

use std::sync::atomic::Ordering;

use super::reports::{Message, Reports};
use super::schedule::{ProofTable, RootJob};
use crate::minimax::analysis::{MoveBound, RootReport};
use crate::minimax::control::Stop;
#[cfg(feature = "proof-numbers")]
use crate::minimax::solver::dfpn;
use crate::minimax::solver::rules::Pos;
use crate::minimax::solver::search::Prover;
use crate::minimax::solver::table::TableEntry;
use crate::score::Score;

impl RootJob<'_> {
    /// [`RootJob::bound_against`] a draw by df-pn on `child`, the ongoing position after the
    /// root move (`unknown` its bound before): no win makes at most a draw, stored in the
    /// shared table as the child's lower bound for the pass after; a win makes at least the
    /// slowest win there is, a move on the last empty cell.
    #[cfg(feature = "proof-numbers")]
    pub(super) fn first_player_proof(
        &self,
        prover: &mut Prover,
        proofs: &mut ProofTable,
        child: &Pos,
        unknown: MoveBound,
    ) -> Result<MoveBound, Stop> {
        let rules = self.rules;
        let attacker_x = !child.x_to_move();
        let abandon = prover.abandon;
        let wins =
            dfpn::attacker_wins(rules, proofs, &mut prover.meter, abandon, child, attacker_x)?;
        let empties = child.empty(rules).count_ones();
        if wins {
            return Ok(MoveBound {
                lower: Score::win_at(empties as i32, rules.win),
                ..unknown
            });
        }
        let holds = TableEntry {
            lower: Some(Score::DRAW),
            upper: None,
            best: None,
        };
        self.table.store(child.key().0, empties, holds);
        Ok(MoveBound {
            upper: Score::DRAW,
            ..unknown
        })
    }

    /// Without the proof-number search there is no proof table to ask.
    #[cfg(not(feature = "proof-numbers"))]
    pub(super) fn first_player_proof(
        &self,
        _prover: &mut Prover,
        proofs: &mut ProofTable,
        _child: &Pos,
        _unknown: MoveBound,
    ) -> Result<MoveBound, Stop> {
        match *proofs {}
    }

    /// After [`Pass::Beats`] a draw on the empty board: when the side to move was shown
    /// unable to win by any first move, no first move lets the other side win either (see
    /// [`Solver::with_strategy_stealing`]): stores that as an upper bound on every reply, so
    /// that [`Pass::Exact`] finds each first move a draw at once and searches only its line.
    /// Returns whether it applied.
    pub(in crate::minimax::solver) fn steal_second_half(&self) -> bool {
        let proven = !self.refuted.load(Ordering::Relaxed)
            && self.done.iter().all(|held| held.load(Ordering::Relaxed));
        if !proven {
            return false;
        }
        let cannot_win = TableEntry {
            lower: None,
            upper: Some(Score::DRAW),
            best: None,
        };
        for &index in self.moves {
            let child = self.root.play(index, self.rules);
            let empties = child.empty(self.rules).count_ones();
            self.table.store(child.key().0, empties, cannot_win);
        }
        self.steal_first_exchanges();
        true
    }

    /// After [`RootJob::steal_second_half`]: the holding answer of the second player to each
    /// first move, as the first pass proved it, held by the first player too after any first
    /// exchange. Say the first pass showed that after a first move at `r` the answer `a` leaves
    /// the first player unable to win. The rules are the same for both sides, so after the
    /// exchange (first player at `c`, second at `r`) the first player answering at `a` leaves
    /// the second unable to win, the mark at `c` being an extra one that never hurts. Stored as
    /// bounds with `a` as the exchange's move, so that the lines of play, which ask this of the
    /// first player's second move, find it at once: on the empty 7×7 (k=5) that question cost
    /// each line a search of up to 450 k positions.
    fn steal_first_exchanges(&self) {
        let rules = self.rules;
        for (reply, answer) in self.first_answers() {
            for &opening in self.moves {
                if opening == reply || opening == answer {
                    continue;
                }
                let exchange = self.root.play(opening, rules).play(reply, rules);
                let (key, symmetry) = exchange.key();
                let empties = exchange.empty(rules).count_ones();
                let held = TableEntry {
                    lower: Some(Score::DRAW),
                    upper: None,
                    best: Some(rules.image[symmetry][answer] as usize),
                };
                self.table.store(key, empties, held);
                let answered = exchange.play(answer, rules);
                let cannot_win = TableEntry {
                    lower: None,
                    upper: Some(Score::DRAW),
                    best: None,
                };
                self.table.store(answered.key().0, empties - 1, cannot_win);
            }
        }
    }

    /// The second player's answers to first moves that the first pass proved to hold, as
    /// (first move, answer): the table's move after the first move, when the table also shows
    /// the first player unable to win after the answer (else nothing is known of it: its entry
    /// may have been overwritten, or a "cannot win" test settled the first move with no
    /// answer).
    pub(super) fn first_answers(&self) -> Vec<(usize, usize)> {
        let rules = self.rules;
        let probe = |pos: &Pos| self.table.probe(pos.key().0);
        let holds = |known: TableEntry| known.lower.is_some_and(|lower| lower >= Score::DRAW);
        let cannot_win = |known: TableEntry| known.upper.is_some_and(|upper| upper <= Score::DRAW);
        let answer_to = |reply: usize| {
            let first = self.root.play(reply, rules);
            let (_, symmetry) = first.key();
            let answer = probe(&first)
                .filter(|&known| holds(known))
                .and_then(|known| known.best)
                .map(|best| rules.preimage[symmetry][best] as usize)
                .filter(|&answer| first.empty(rules) & 1 << answer != 0)?;
            probe(&first.play(answer, rules))
                .is_some_and(cannot_win)
                .then_some((reply, answer))
        };
        self.moves
            .iter()
            .filter_map(|&reply| answer_to(reply))
            .collect()
    }
}

/// Before the analysis of a position with one mark, `position` (the job that settles its
/// moves): the first pass on the empty board, `empty_board`. When it shows the first player
/// unable to win by any first move, the second player cannot win after any first move either
/// (see [`Solver::with_strategy_stealing`]), in particular after this one: every move of the
/// position is worth at most a draw to the second player. That goes into the table (the first
/// player, to move after it, gets at least a draw) and to `reports` as a bound on each move.
/// Returns the slot of the answer the first pass proved to hold a draw after this first move, if
/// it knows one: the likeliest best move, settled at once.
pub(in crate::minimax::solver) fn steal_after_one_mark<'p>(
    empty_board: &'p RootJob,
    position: &RootJob,
    mark: usize,
    provers: &mut [Prover<'p>],
    reports: &mut Reports,
) -> Option<usize> {
    let rules = position.rules;
    let mut quiet = |_: RootReport| {};
    let mut first_pass = Reports::new(empty_board.moves, rules.geometry, &mut quiet);
    empty_board.run(provers, &mut first_pass);
    // The position's own search starts with no history, as one without the first pass does.
    // The first pass's cut-offs are the first player's, attacking an empty board; after its
    // first move they misled the second player's move order. On the 6×6 (k=4), one thread, the
    // answer to X at (0, 1) was proven best after 2.0 s, and 1.35 s without them; at (0, 2)
    // 1.9 → 1.4 s; the other four first moves' answers came sooner too (0.7 → 0.36 s at most),
    // and the 7×7's (k=5), which the first pass settles, as soon.
    for prover in provers.iter_mut() {
        prover.forget_history();
    }
    // Each report counts the root once: the position's is counted already.
    reports.nodes += first_pass.nodes - 1;
    if let Some(reason) = first_pass.stop {
        reports.stop.get_or_insert(reason);
        return None;
    }
    if !empty_board.steal_second_half() {
        return None;
    }
    let holds = TableEntry {
        lower: Some(Score::DRAW),
        upper: None,
        best: None,
    };
    for (slot, &index) in position.moves.iter().enumerate() {
        let child = position.root.play(index, rules);
        let empties = child.empty(rules).count_ones();
        position.table.store(child.key().0, empties, holds);
        let cell = rules.geometry.cell(index);
        let bound = MoveBound {
            upper: Score::DRAW,
            ..MoveBound::unknown(cell, rules.geometry)
        };
        reports.receive(Message::Bound(slot, bound));
    }
    let answer = empty_board
        .first_answers()
        .into_iter()
        .find(|&(first, _)| first == mark)
        .map(|(_, answer)| answer)?;
    position.moves.iter().position(|&index| index == answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Geometry, Mark};
    use crate::minimax::control::{Meter, SearchControl};
    use crate::minimax::solver::root::schedule::Pass;
    use crate::minimax::solver::rules::GeometryTables;
    use crate::minimax::solver::table::SharedTable;

    /// The first pass on the empty board of `side`×`side` with `k` in a row, on one thread.
    fn first_pass_found_a_win(side: usize, k: usize) -> bool {
        let geometry = Geometry::new(side, side, k).unwrap();
        let rules = GeometryTables::new(geometry);
        let table = SharedTable::new(geometry, 1 << 20, (side * side) as u32);
        let control = SearchControl::new();
        let root = Pos::new(&Board::empty(geometry, Mark::X), &rules);
        let moves: Vec<usize> = (0..side * side).collect();
        let pass = Pass::Beats;
        let job = RootJob::new(&rules, &table, root, &moves, &control, 1, pass);
        let mut provers = [Prover::new(&rules, &table, Meter::new(&control))];
        let mut ignore = |_: RootReport| {};
        job.run(
            &mut provers,
            &mut Reports::new(&moves, geometry, &mut ignore),
        );
        job.beater().is_some()
    }

    #[test]
    fn the_first_pass_tells_a_won_empty_board_from_a_drawn_one() {
        assert!(first_pass_found_a_win(4, 3));
        assert!(!first_pass_found_a_win(4, 4));
        assert!(!first_pass_found_a_win(5, 5));
    }

    /// The answers of the first pass on the empty 5×5 (k=4), stolen for the first player after
    /// every first exchange: each leaves the second player unable to win, by a search with a
    /// table of its own. (On the empty 4×4 with four and 5×5 with five the "cannot win" tests
    /// settle every first move without an answer, and there is nothing to steal.)
    #[test]
    fn stolen_answers_hold_after_every_first_exchange() {
        let (side, k) = (5, 4);
        let geometry = Geometry::new(side, side, k).unwrap();
        let cells = side * side;
        let rules = GeometryTables::new(geometry);
        let table = SharedTable::new(geometry, 1 << 24, cells as u32);
        let control = SearchControl::new();
        let root = Pos::new(&Board::empty(geometry, Mark::X), &rules);
        let moves: Vec<usize> = (0..cells).collect();
        let pass = Pass::Beats;
        let job = RootJob::new(&rules, &table, root, &moves, &control, 1, pass);
        let mut provers = [Prover::new(&rules, &table, Meter::new(&control))];
        let mut ignore = |_: RootReport| {};
        let mut reports = Reports::new(&moves, geometry, &mut ignore);
        job.run(&mut provers, &mut reports);
        let answers = job.first_answers();
        assert!(!answers.is_empty());
        let own_table = SharedTable::new(geometry, 1 << 24, cells as u32);
        let mut checker = Prover::new(&rules, &own_table, Meter::new(&control));
        for (reply, answer) in answers {
            for &opening in moves.iter().filter(|&&c| c != reply && c != answer) {
                let answered = root
                    .play(opening, &rules)
                    .play(reply, &rules)
                    .play(answer, &rules);
                let value = checker
                    .search(&answered, 3, Score::DRAW, Score::DRAW.above())
                    .unwrap();
                assert!(
                    value <= Score::DRAW,
                    "{side}×{side}, k={k}: X at {opening} and {answer}, O at {reply}"
                );
            }
        }
    }
}
