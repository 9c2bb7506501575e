//! Plain minimax against the fast search, from the empty board and three midgame positions, and
//! a whole batch of analyses as `tictactoe analyze -` runs it; then the solver on 4×4 and 5×5
//! against the textbook search (`textbook/mod.rs`).
//!
//! `cargo bench --bench search` (add `-- --warm-up-time 1 --measurement-time 3` for a quick run;
//! `cargo bench --bench search -- solver` for the solver's groups only). Node counts are printed
//! once at the start of each group: they do not depend on the machine (the solver's vary a little
//! from run to run, since its two threads share a table).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tictactoe::cli::write_analysis;
use tictactoe::engine::minimax::Search;
use tictactoe::engine::minimax::{self, AlphaBeta, SearchControl, Solver};
use tictactoe::{Board, Cell, Geometry, Mark};

// The same enumeration of positions the tests use.
#[path = "../tests/common/mod.rs"]
mod common;
mod textbook;

/// The empty board and three positions from the middle of a game, X to move in each.
const POSITIONS: [(&str, &str); 4] = [
    ("empty", ".../.../..."),
    ("X../.O./...", "X../.O./..."),
    ("XO./.X./..O", "XO./.X./..O"),
    ("XOX/.O./...", "XOX/.O./..."),
];

/// How many times the batch repeats every open position: 20 × 4,520 = 90,400 analyses.
const BATCH_REPEATS: usize = 20;

fn parse(text: &str) -> Board {
    text.parse().expect("a valid position")
}

fn compare_searches(c: &mut Criterion) {
    for (label, text) in POSITIONS {
        let board = parse(text);
        let plain_nodes = minimax::plain(&board).stats.nodes;
        let fresh_nodes = AlphaBeta::new().analyze(&board).stats.nodes;
        let mut warm = AlphaBeta::new();
        warm.analyze(&board);
        let warm_nodes = warm.analyze(&board).stats.nodes;
        eprintln!(
            "nodes from {text}: plain {plain_nodes}, alphabeta {fresh_nodes} ({:.0}× fewer), \
             alphabeta_warm {warm_nodes}",
            plain_nodes as f64 / fresh_nodes as f64
        );

        let mut group = c.benchmark_group(format!("analyze/{label}"));
        group.bench_function("plain", |b| b.iter(|| minimax::plain(black_box(&board))));
        // A fresh searcher each time, so its table starts empty.
        group.bench_function("alphabeta", |b| {
            b.iter(|| AlphaBeta::new().analyze(black_box(&board)))
        });
        // One searcher throughout: after the first search the table answers at the root.
        group.bench_function("alphabeta_warm", |b| {
            b.iter(|| warm.analyze(black_box(&board)))
        });
        group.finish();
    }
}

fn batch(c: &mut Criterion) {
    let positions = common::open_classic_positions(Mark::X);
    assert_eq!(positions.len(), 4520);
    let analyses = positions.len() * BATCH_REPEATS;

    let mut searcher = AlphaBeta::new();
    let pass_nodes = |searcher: &mut AlphaBeta| -> u64 {
        positions
            .iter()
            .map(|p| searcher.analyze(p).stats.nodes)
            .sum()
    };
    let first = pass_nodes(&mut searcher);
    let later = pass_nodes(&mut searcher);
    let mut json = Vec::new();
    for position in &positions {
        write_analysis(&mut json, &searcher.analyze(position), false).unwrap();
    }
    eprintln!(
        "batch of {analyses} analyses ({} positions × {BATCH_REPEATS}), one searcher: \
         {first} nodes in the first pass, {later} in each later pass; \
         {} bytes of JSON per pass",
        positions.len(),
        json.len()
    );

    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements(analyses as u64));
    group.bench_function("analyze_90400", |b| {
        b.iter(|| {
            let mut searcher = AlphaBeta::new();
            for _ in 0..BATCH_REPEATS {
                for position in &positions {
                    black_box(searcher.analyze(black_box(position)));
                }
            }
        })
    });
    let mut out = Vec::with_capacity(json.len() * BATCH_REPEATS);
    group.bench_function("analyze_json_90400", |b| {
        b.iter(|| {
            out.clear();
            let mut searcher = AlphaBeta::new();
            for _ in 0..BATCH_REPEATS {
                for position in &positions {
                    let analysis = searcher.analyze(black_box(position));
                    write_analysis(&mut out, &analysis, false).unwrap();
                }
            }
            black_box(out.len())
        })
    });
    group.finish();
}

fn board_with_k(text: &str, k: usize) -> Board {
    Board::parse_with(text, None, Some(k)).expect("a valid position")
}

/// Every move of the empty 4×4 (four and three in a row), 5×5 (four in a row), 6×6 (four in
/// a row) and 7×7 (five in a row) boards, exactly, with lines: a fresh solver (empty table)
/// each time, on every core.
fn solver_empty_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for (label, text, k) in [
        ("4x4_k4_empty", "..../..../..../....", 4),
        ("4x4_k3_empty", "..../..../..../....", 3),
        ("5x5_k4_empty", "...../...../...../...../.....", 4),
        (
            "6x6_k4_empty",
            "....../....../....../....../....../......",
            4,
        ),
        (
            "7x7_k5_empty",
            "......./......./......./......./......./......./.......",
            5,
        ),
    ] {
        let board = board_with_k(text, k);
        let analysis = Solver::new().analyze(&board);
        eprintln!(
            "solver {label}: {} positions, {:?}, scores {:?}",
            analysis.stats.nodes,
            analysis.stats.elapsed,
            analysis
                .moves
                .iter()
                .map(|m| m.score.value())
                .collect::<Vec<_>>()
        );
        group.bench_function(label, |b| {
            b.iter(|| Solver::new().analyze(black_box(&board)))
        });
    }
    group.finish();
}

/// The computer's first move at Perfect as the app finds it on a 2-core machine: one solver
/// thread, a best move first, searched until a best move is proven (then stopped), a fresh
/// solver each time. The empty 6×6 (four in a row), the 6×6 after X's first move at (0, 1)
/// (where O wins, by one answer only) and two first moves on the 7×7 (five).
fn proven_best_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("proven_best");
    group.sample_size(10);
    for (label, text, k) in [
        (
            "6x6_k4_empty",
            "....../....../....../....../....../......",
            4,
        ),
        (
            "6x6_k4_after_rim",
            ".X..../....../....../....../....../......",
            4,
        ),
        (
            "6x6_k4_after_rim_0_2",
            "..X.../....../....../....../....../......",
            4,
        ),
        (
            "7x7_k5_after_corner",
            "X....../......./......./......./......./......./.......",
            5,
        ),
        (
            "7x7_k5_after_centre",
            "......./......./......./...X.../......./......./.......",
            5,
        ),
    ] {
        let board = board_with_k(text, k);
        eprintln!("proven_best {label}: {:?}", until_proven(&board));
        group.bench_function(label, |b| b.iter(|| until_proven(black_box(&board))));
    }
    group.finish();
}

/// The moves proven best on `board` by a fresh one-thread solver settling a best move first,
/// stopped as soon as there are some.
fn until_proven(board: &Board) -> Vec<Cell> {
    let proven = Solver::new()
        .with_threads(1)
        .with_best_move_first(true)
        .until_proven_best(board, &SearchControl::new());
    assert!(
        !proven.is_empty(),
        "the search ended before proving a best move"
    );
    proven.iter().map(|m| m.cell).collect()
}

/// Mid-game positions: random games of 4×4 (k = 3 and 4) and 5×5 (k = 4) stopped with 10 to 14
/// empty cells, the same every run.
fn midgame_positions() -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut positions = Vec::new();
    for (side, k, empty, count) in [(4, 4, 10, 6), (4, 3, 10, 6), (5, 4, 14, 4), (5, 4, 13, 4)] {
        let geometry = Geometry::new(side, side, k).unwrap();
        for round in 0..count {
            let first = if round % 2 == 0 { Mark::X } else { Mark::O };
            positions.push(common::random_open_position(
                geometry, first, empty, &mut rng,
            ));
        }
    }
    positions
}

/// The batch of mid-game positions: the solver (scores and lines) against the textbook search
/// (scores only), each with a fresh table per position.
fn solver_against_textbook(c: &mut Criterion) {
    let positions = midgame_positions();
    let solver_nodes: u64 = positions
        .iter()
        .map(|p| Solver::new().analyze(p).stats.nodes)
        .sum();
    let textbook_nodes: u64 = positions
        .iter()
        .map(|p| {
            let mut textbook = textbook::Textbook::new();
            let scores = textbook.scores(p);
            let exact = Solver::new().analyze(p);
            assert!(
                scores
                    .iter()
                    .zip(&exact.moves)
                    .all(|(&(cell, score), m)| cell == m.cell && score == m.score),
                "the textbook search and the solver disagree on {p:?}"
            );
            textbook.nodes
        })
        .sum();
    eprintln!(
        "mid-game batch of {} positions: solver {solver_nodes} positions, textbook \
         {textbook_nodes} ({:.0}× more)",
        positions.len(),
        textbook_nodes as f64 / solver_nodes as f64
    );
    let mut group = c.benchmark_group("solver_midgame");
    group.sample_size(10);
    group.bench_function("solver", |b| {
        b.iter(|| {
            for position in &positions {
                black_box(Solver::new().analyze(black_box(position)));
            }
        })
    });
    group.bench_function("textbook", |b| {
        b.iter(|| {
            for position in &positions {
                black_box(textbook::Textbook::new().scores(black_box(position)));
            }
        })
    });
    group.finish();
}

/// The empty 6×6 (four in a row), 7×7 (five) and 7×7 (four), every move exact, on one thread and
/// on two: a second thread must never make a search slower. A fresh solver each time. The 7×7
/// with four in a row takes half a minute an iteration on one thread (ten minutes for the
/// group): the others alone with `cargo bench --bench search -- 'threads/(6x6|7x7_k5)'`.
fn solver_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    for (label, side, k) in [("6x6_k4", 6, 4), ("7x7_k5", 7, 5), ("7x7_k4", 7, 4)] {
        let board = Board::empty(Geometry::new(side, side, k).unwrap(), Mark::X);
        for threads in [1, 2] {
            group.bench_function(format!("{label}_{threads}"), |b| {
                b.iter(|| {
                    Solver::new()
                        .with_threads(threads)
                        .analyze(black_box(&board))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    compare_searches,
    batch,
    solver_empty_boards,
    proven_best_moves,
    solver_against_textbook,
    solver_threads
);
criterion_main!(benches);
