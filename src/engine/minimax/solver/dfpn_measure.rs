//! Measurements of the first pass's question, "can the first player win by this move?", asked
//! of the null-window alpha-beta search and of df-pn, on the same first moves (ignored: run
//! them in an optimised build, `cargo test --profile timing --lib dfpn_measure -- --ignored
//! --nocapture --test-threads=1`, alone on the machine, or under callgrind for instruction
//! counts). Wall time: the platform alone reads clocks, and a thread's CPU time is not one of
//! them.

use super::dfpn::{ProofTable, attacker_wins};
use super::rules::{Pos, Rules};
use super::search::Prover;
use super::table::SharedTable;
use super::{DEFAULT_TABLE_BYTES, Solver};
use crate::engine::board::{Board, Geometry, Mark};
use crate::engine::minimax::control::{Meter, SearchControl};
use crate::engine::score::Score;
use crate::platform::Instant;

/// The most positions either search may visit for one move.
const BUDGET: u64 = 400_000_000;

/// The position after the first player's first move at `index` on an empty `side`×`side`
/// board, k in a row.
fn after_first_move(side: usize, k: usize, index: usize) -> Board {
    let empty = Board::empty(Geometry::new(side, side, k).unwrap(), Mark::X);
    empty.after(empty.geometry().cell(index)).unwrap()
}

/// Both searches on the first move at `index`: their answers, positions and times.
fn measure(side: usize, k: usize, index: usize, which: &str) {
    let board = after_first_move(side, k, index);
    let rules = Rules::new(board.geometry());
    let child = Pos::new(&board, &rules);
    if which != "dfpn" {
        let control = SearchControl::with_node_budget(BUDGET);
        let table = SharedTable::new(
            board.geometry(),
            DEFAULT_TABLE_BYTES,
            child.empty(&rules).count_ones(),
        );
        let mut prover = Prover::new(&rules, &table, Meter::new(&control));
        let started = Instant::now();
        let value = prover.search(&child, 0, Score::DRAW.below(), Score::DRAW);
        let wins = value.map(|value| value < Score::DRAW);
        println!(
            "{side}x{side} k={k} move {index:2} alpha-beta: wins {wins:?}, {} positions, {:.3} s",
            prover.meter.nodes,
            started.elapsed().as_secs_f64()
        );
    }
    for holding_blocks in [false, true] {
        if which == "alpha-beta" {
            break;
        }
        let control = SearchControl::with_node_budget(BUDGET);
        let mut meter = Meter::new(&control);
        let mut table = ProofTable::new().with_holding_blocks(holding_blocks);
        let started = Instant::now();
        let wins = attacker_wins(&rules, &mut table, &mut meter, None, &child, true);
        println!(
            "{side}x{side} k={k} move {index:2} df-pn (holding blocks {holding_blocks}): wins {wins:?}, {} positions, {:.3} s",
            meter.nodes,
            started.elapsed().as_secs_f64()
        );
    }
}

#[test]
#[ignore]
fn measure_small_boards() {
    for (side, k, index) in [
        (5, 4, 12),
        (5, 4, 0),
        (5, 4, 1),
        (5, 4, 6),
        (5, 5, 12),
        (5, 5, 0),
    ] {
        measure(side, k, index, "both");
    }
}

#[test]
#[ignore]
fn measure_6x6_k4() {
    for index in [14, 0, 1, 2, 7, 8] {
        measure(6, 4, index, "both");
    }
}

#[test]
#[ignore]
fn measure_7x7_k5_centre_alpha_beta() {
    measure(7, 5, 24, "alpha-beta");
}

#[test]
#[ignore]
fn measure_7x7_k5_centre_df_pn() {
    measure(7, 5, 24, "dfpn");
}

/// The whole solve of empty boards, one thread, with and without df-pn in the first pass.
#[test]
#[ignore]
fn measure_whole_solves() {
    for (side, k) in [(5, 4), (5, 5), (6, 4)] {
        let empty = Board::empty(Geometry::new(side, side, k).unwrap(), Mark::X);
        for on in [false, true] {
            let started = Instant::now();
            let analysis = Solver::new()
                .with_threads(1)
                .with_proof_numbers(on)
                .analyze(&empty);
            println!(
                "{side}x{side} k={k} whole solve, df-pn {on}: {} positions, {:.3} s",
                analysis.stats.nodes,
                started.elapsed().as_secs_f64()
            );
        }
    }
}
