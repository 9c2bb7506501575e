//! How long the solver takes, natively on one thread, to prove the computer's answer to each
//! first move of X on the empty 6×6 (four in a row) and 7×7 (five in a row), one move for each
//! cell up to the board's symmetry: the desktop's side of the page's
//! `tests/web/first-answers.mjs`, for the same positions.
//!
//! Each run is the app's computer's search on a fresh table: the solver on one thread with a best
//! move first, as the page's Web Worker runs it. The answer is proven once one move's exact
//! score is at least every other move's bound (`minimax::proven_best`, the test the app's computer
//! plays on); the search stops there. It prints, per board, the median, fastest and slowest time
//! to that proof over RUNS runs, and whether the median falls within the exact search's share of
//! the default think time.
//!
//!     cargo run --profile timing --example first_answers -- [RUNS] [SIDE:K ...]
//!     scripts/first-answers-native.sh [RUNS]
//!
//! RUNS defaults to 5, the boards to `6:4 7:5`. A proof not found in [`GIVE_UP`] is printed as
//! not proven.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tictactoe::engine::minimax::{self, MoveBound, RootReport, SearchControl, Solver, ThinkTime};
use tictactoe::{Board, Cell, Geometry, Mark, MoveScore};

/// The app's default think time on large boards (the settings' `think_time_ms`).
const THINK_TIME: Duration = Duration::from_millis(2_000);
/// How long one run may search for the proof before it is given up.
const GIVE_UP: Duration = Duration::from_secs(120);

/// One run's proof: how long it took, the positions searched by then, the moves proven best.
struct Proof {
    time: Duration,
    nodes: u64,
    best: Vec<MoveScore>,
}

/// The first moves of X on the empty `side`×`side` board, one for each cell up to the board's
/// eight symmetries: the triangle of the top-left quarter on and above its diagonal.
fn first_moves(side: usize) -> Vec<Cell> {
    let half = side.div_ceil(2);
    (0..half)
        .flat_map(|row| (row..half).map(move |col| Cell::new(row, col)))
        .collect()
}

/// The computer's search for its answer on `board`, on one thread with a fresh table, until one
/// move is proven best (or [`GIVE_UP`]).
fn prove(board: &Board) -> Option<Proof> {
    let mut solver = Solver::new().with_threads(1).with_best_move_first(true);
    let control = Arc::new(SearchControl::new().with_time_limit(GIVE_UP));
    let mut settled: Vec<MoveScore> = Vec::new();
    let mut bounds: Vec<MoveBound> = Vec::new();
    let mut proof = None;
    let started = Instant::now();
    let watched = Arc::clone(&control);
    let mut on_report = |report: RootReport| {
        if proof.is_some() {
            return;
        }
        match report {
            RootReport::Settled(score) => {
                settled.retain(|m| m.cell != score.cell);
                settled.push(score.clone());
            }
            RootReport::Bounded(bound) => {
                bounds.retain(|b| b.cell != bound.cell);
                bounds.push(bound);
            }
        }
        let best = minimax::proven_best(board, &settled, &bounds);
        if !best.is_empty() {
            proof = Some(Proof {
                time: started.elapsed(),
                nodes: watched.progress().nodes,
                best: best.into_iter().cloned().collect(),
            });
            watched.cancel();
        }
    };
    let finished = solver.analyze_with(board, &control, &mut on_report);
    // A search that finished without a report naming the best move first still proved it.
    proof.or_else(|| {
        let analysis = finished.ok()?;
        let best = analysis.best_score()?;
        Some(Proof {
            time: started.elapsed(),
            nodes: analysis.stats.nodes,
            best: analysis
                .moves
                .iter()
                .filter(|m| m.score == best)
                .cloned()
                .collect(),
        })
    })
}

fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// Sorted times as the table shows them: the median and, from more than one run, the range.
fn spread(times: &[Duration]) -> String {
    let median = times[times.len() / 2];
    match times {
        [_] => seconds(median),
        [first, .., last] => format!(
            "{} ({:.2}–{:.2})",
            seconds(median),
            first.as_secs_f64(),
            last.as_secs_f64()
        ),
        [] => "no proof".to_string(),
    }
}

fn measure(side: usize, k: usize, runs: usize) {
    let geometry = Geometry::new(side, side, k).expect("a board the game plays");
    let exact_share = ThinkTime::new(THINK_TIME).exact_share();
    println!(
        "{side}×{side}, k = {k}: O's answer proven natively on one thread, median of {runs} \
         run(s) (min–max); the exact search's share of the {:.1} s think time is {:.1} s",
        THINK_TIME.as_secs_f64(),
        exact_share.as_secs_f64()
    );
    println!();
    println!(
        "| X's move | O's proven answer | score | proven after | positions | median within the share |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    let (mut proven, mut within) = (0, 0);
    let moves = first_moves(side);
    for &cell in &moves {
        let board = Board::empty(geometry, Mark::X)
            .after(cell)
            .expect("the first move is legal");
        let proofs: Vec<Option<Proof>> = (0..runs).map(|_| prove(&board)).collect();
        let mut times: Vec<Duration> = proofs.iter().flatten().map(|p| p.time).collect();
        times.sort();
        let Some(first) = proofs.iter().flatten().next() else {
            println!("| {cell} | not proven in {} | | | | no |", seconds(GIVE_UP));
            continue;
        };
        if times.len() < runs {
            println!(
                "| {cell} | proven in {} of {runs} runs only | | | | no |",
                times.len()
            );
            continue;
        }
        let answers: Vec<String> = first.best.iter().map(|m| m.cell.to_string()).collect();
        let in_share = times[times.len() / 2] <= exact_share;
        proven += 1;
        within += usize::from(in_share);
        println!(
            "| {cell} | {} | {} | {} | {} k | {} |",
            answers.join(" "),
            first.best[0].score,
            spread(&times),
            first.nodes / 1000,
            if in_share { "yes" } else { "no" }
        );
    }
    println!();
    println!(
        "{side}×{side}, k = {k}: {proven} of {} first answers proven natively, {within} of them \
         within {:.1} s (the median run)",
        moves.len(),
        exact_share.as_secs_f64()
    );
    println!();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs = match args.next() {
        None => 5,
        Some(text) => match text.parse::<usize>() {
            Ok(runs) if runs > 0 => runs,
            _ => {
                eprintln!("first_answers: RUNS must be a whole number above 0, not {text:?}");
                std::process::exit(2);
            }
        },
    };
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for text in args {
        let parsed = text
            .split_once(':')
            .and_then(|(side, k)| Some((side.parse().ok()?, k.parse().ok()?)))
            .filter(|&(side, k)| Geometry::new(side, side, k).is_ok());
        match parsed {
            Some(board) => boards.push(board),
            None => {
                eprintln!(
                    "first_answers: a board is SIDE:K for a board the game plays, like 6:4, not {text:?}"
                );
                std::process::exit(2);
            }
        }
    }
    if boards.is_empty() {
        boards = vec![(6, 4), (7, 5)];
    }
    for (side, k) in boards {
        measure(side, k, runs);
    }
}

#[cfg(test)]
mod tests {
    //! `cargo test --example first_answers`
    use super::*;
    use std::collections::BTreeSet;

    /// The cell's images under the square's eight symmetries.
    fn images(cell: Cell, side: usize) -> BTreeSet<Cell> {
        let last = side - 1;
        let (r, c) = (cell.row, cell.col);
        [
            (r, c),
            (c, r),
            (r, last - c),
            (last - c, r),
            (last - r, c),
            (c, last - r),
            (last - r, last - c),
            (last - c, last - r),
        ]
        .into_iter()
        .map(|(row, col)| Cell::new(row, col))
        .collect()
    }

    #[test]
    fn the_first_moves_are_one_for_each_cell_up_to_symmetry() {
        for (side, count) in [(3, 3), (4, 3), (6, 6), (7, 10)] {
            let moves = first_moves(side);
            assert_eq!(moves.len(), count, "{side}×{side}");
            let mut covered = BTreeSet::new();
            for &cell in &moves {
                let orbit = images(cell, side);
                assert!(covered.is_disjoint(&orbit), "{cell} repeats another move");
                covered.extend(orbit);
            }
            assert_eq!(
                covered.len(),
                side * side,
                "{side}×{side}: every cell is covered"
            );
        }
    }

    #[test]
    fn the_proven_answer_is_a_best_move_of_the_full_analysis() {
        let geometry = Geometry::new(4, 4, 3).unwrap();
        for cell in first_moves(4) {
            let board = Board::empty(geometry, Mark::X).after(cell).unwrap();
            let proof = prove(&board).expect("a 4×4 answer is proven at once");
            let analysis = Solver::new().with_threads(1).analyze(&board);
            let best = analysis.best_score().unwrap();
            assert!(!proof.best.is_empty());
            for answer in &proof.best {
                assert_eq!(answer.score, best, "after X at {cell}: {}", answer.cell);
                assert_eq!(analysis.get(answer.cell).map(|m| m.score), Some(best));
            }
        }
    }
}
