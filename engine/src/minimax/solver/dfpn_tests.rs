//! The df-pn prover against the alpha-beta searcher on random late positions, and its stops.

use super::dfpn::{ProofTable, attacker_wins};
use super::rules::{GeometryTables, Pos};
use crate::board::{Board, Geometry, Mark};
use crate::minimax::alpha_beta::AlphaBeta;
use crate::minimax::control::SearchControl;
use crate::minimax::control::{Meter, Stop};
use crate::score::Score;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random ongoing position of a `side`×`side` board, k in a row, with `empties` empty
/// cells, the first mark `first`'s.
fn random_position(
    side: usize,
    k: usize,
    empties: usize,
    first: Mark,
    rng: &mut SmallRng,
) -> Board {
    let geometry = Geometry::new(side, side, k).unwrap();
    loop {
        let mut board = Board::empty(geometry, first);
        while !board.outcome().is_over() && geometry.cells() - board.marks_placed() > empties {
            let moves: Vec<_> = board.legal_moves().collect();
            board.play(moves[rng.random_range(..moves.len())]).unwrap();
        }
        if !board.outcome().is_over() {
            return board;
        }
    }
}

/// Whether `attacker` wins `board` by df-pn, on a fresh table.
fn proof(board: &Board, attacker: Mark, control: &SearchControl) -> Result<bool, Stop> {
    proof_holding_blocks(board, attacker, control, true)
}

/// [`proof`], with defenders' holding blocks settling positions or not.
fn proof_holding_blocks(
    board: &Board,
    attacker: Mark,
    control: &SearchControl,
    holding_blocks: bool,
) -> Result<bool, Stop> {
    let rules = GeometryTables::new(board.geometry());
    let pos = Pos::new(board, &rules);
    let mut meter = Meter::new(control);
    let mut table = ProofTable::new().with_holding_blocks(holding_blocks);
    attacker_wins(
        &rules,
        &mut table,
        &mut meter,
        None,
        &pos,
        attacker == Mark::X,
    )
}

/// Whether `attacker` wins `board`, by the alpha-beta searcher: the side to move wins when
/// its best move scores above a draw, the other side when that is below one.
fn searched(searcher: &mut AlphaBeta, board: &Board, attacker: Mark) -> bool {
    let analysis = searcher
        .analyze_with(board, &SearchControl::new(), &mut |_| {})
        .unwrap();
    let best = analysis.moves.iter().map(|m| m.score).max().unwrap();
    if attacker == board.to_move() {
        best > Score::DRAW
    } else {
        best < Score::DRAW
    }
}

/// Compares df-pn with the alpha-beta searcher on `count` random positions of each board,
/// both sides as the attacker, and asks that both answers occur.
fn agree_on(boards: &[(usize, usize, usize)], count: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for &(side, k, empties) in boards {
        let mut searcher = AlphaBeta::new();
        let (mut wins, mut holds) = (0, 0);
        for round in 0..count {
            let first = if round % 2 == 0 { Mark::X } else { Mark::O };
            let board = random_position(side, k, empties - round % 3, first, &mut rng);
            for attacker in [Mark::X, Mark::O] {
                let expected = searched(&mut searcher, &board, attacker);
                for holding_blocks in [true, false] {
                    let control = SearchControl::new();
                    let proven =
                        proof_holding_blocks(&board, attacker, &control, holding_blocks).unwrap();
                    assert_eq!(proven, expected, "{attacker:?} wins {board:?}?");
                }
                if expected { wins += 1 } else { holds += 1 }
            }
        }
        assert!(
            wins > 0 && holds > 0,
            "{side}×{side} k={k}: {wins} wins, {holds} holds"
        );
    }
}

#[test]
fn df_pn_agrees_with_alpha_beta_on_random_small_positions() {
    agree_on(&[(4, 3, 12), (4, 4, 8), (5, 4, 12), (5, 5, 12)], 24, 7);
}

#[test]
fn df_pn_agrees_with_alpha_beta_on_random_large_positions() {
    agree_on(&[(6, 4, 12), (6, 5, 12), (7, 5, 12), (7, 4, 11)], 12, 11);
}

/// Deeper positions: slow in a debug build (run with `--release --ignored`).
#[test]
#[ignore = "slow in a debug build: scripts/slow-checks.sh runs it optimised"]
fn df_pn_agrees_with_alpha_beta_on_random_deep_positions() {
    agree_on(
        &[(5, 4, 16), (6, 4, 16), (6, 5, 16), (7, 5, 16), (7, 4, 15)],
        16,
        13,
    );
}

#[test]
fn a_spent_budget_or_a_past_deadline_answers_nothing() {
    let board = Board::empty(Geometry::new(7, 7, 5).unwrap(), Mark::X);
    let board = board.after(board.geometry().cell(24)).unwrap();
    let budget = SearchControl::with_node_budget(100);
    let spent = proof(&board, Mark::X, &budget);
    assert!(matches!(spent, Err(Stop::NodeBudget { .. })), "{spent:?}");
    let past = SearchControl::new().with_deadline(crate::platform::Instant::now());
    assert_eq!(proof(&board, Mark::X, &past), Err(Stop::TimeLimit));
}
