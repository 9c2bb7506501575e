//! Plain minimax against the fast search, from the empty board and three midgame positions, and
//! a whole batch of analyses as `tictactoe analyze -` runs it.
//!
//! `cargo bench --bench search` (add `-- --warm-up-time 1 --measurement-time 3` for a quick run).
//! Node counts are printed once at the start of each group: they do not depend on the machine.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tictactoe::cli::write_analysis;
use tictactoe::minimax::{self, Searcher};
use tictactoe::{Board, Mark};

// The same enumeration of positions the tests use.
#[path = "../tests/common/mod.rs"]
mod common;

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
        let fresh_nodes = Searcher::new().analyze(&board).stats.nodes;
        let mut warm = Searcher::new();
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
            b.iter(|| Searcher::new().analyze(black_box(&board)))
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

    let mut searcher = Searcher::new();
    let pass_nodes = |searcher: &mut Searcher| -> u64 {
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
            let mut searcher = Searcher::new();
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
            let mut searcher = Searcher::new();
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

criterion_group!(benches, compare_searches, batch);
criterion_main!(benches);
