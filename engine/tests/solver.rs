//! The solver: every score and line must be what plain minimax gives (directly where plain
//! minimax is quick enough, through the alpha-beta searcher, itself checked against it, on
//! deeper positions), the known results of larger boards, stopping, bounds, and the estimator.
//!
//! Every test here runs by default: the 5×5 known results from the empty board take a second or
//! two even in a debug build.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{board, cell, random_open_position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tictactoe_engine::Cell;
use tictactoe_engine::board::{MAX_SIDE, MIN_K, MIN_SIDE};
use tictactoe_engine::minimax::Search;
use tictactoe_engine::minimax::{
    self, Algorithm, AlphaBeta, CHECK_INTERVAL, Estimator, MoveBound, MovesSoFar, RootReport,
    SearchControl, Solver, Stop, Valuation,
};
use tictactoe_engine::{Analysis, Board, Geometry, Mark, Score};

fn geometry(side: usize, k: usize) -> Geometry {
    Geometry::new(side, side, k).unwrap()
}

fn assert_same_moves(fast: &Analysis, reference: &Analysis) {
    assert_eq!(fast.board, reference.board);
    assert_eq!(
        fast.moves, reference.moves,
        "the solver and the reference disagree on {:?}",
        reference.board
    );
}

/// [`assert_same_moves`] up to 25 cells (5×5), where the solver's lines are row-major as the
/// reference's are; above, the same scores and lines that are best step by step.
fn assert_same_moves_or_best_lines(fast: &Analysis, reference: &Analysis) {
    if fast.board.geometry().cells() <= 25 {
        assert_same_moves(fast, reference);
    } else {
        assert_same_scores_and_best_lines(fast, reference);
    }
}

/// Random ongoing positions of `geometry` with `empty` open cells, alternating who started.
fn positions(geometry: Geometry, empty: usize, count: usize, seed: u64) -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|round| {
            let first = if round % 2 == 0 { Mark::X } else { Mark::O };
            random_open_position(geometry, first, empty, &mut rng)
        })
        .collect()
}

#[test]
fn the_moves_proven_best_are_plain_minimaxs_best_moves_and_a_stopped_search_proves_none() {
    for (side, k, empty, seed) in [(4, 3, 10, 7), (5, 4, 9, 11), (6, 4, 8, 13), (7, 5, 8, 17)] {
        for position in positions(geometry(side, k), empty, 4, seed) {
            let plain = minimax::plain(&position);
            let best: Vec<Cell> = plain.best_moves().map(|m| m.cell).collect();
            for best_move_first in [false, true] {
                let proven = Solver::new()
                    .with_threads(1)
                    .with_best_move_first(best_move_first)
                    .until_proven_best(&position, &SearchControl::new());
                assert!(!proven.is_empty(), "nothing proven on {position:?}");
                for m in &proven {
                    assert!(
                        best.contains(&m.cell),
                        "{} is not best on {position:?}",
                        m.cell
                    );
                    assert_eq!(Some(m.score), plain.best_score());
                }
            }
        }
    }
    let open = Board::empty(geometry(6, 4), Mark::X);
    let none = Solver::new().until_proven_best(&open, &SearchControl::with_node_budget(1_000));
    assert!(none.is_empty(), "a search stopped at once proved {none:?}");
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_random_4x4_positions() {
    for k in [3, 4] {
        let mut shared = Solver::new();
        for (index, position) in positions(geometry(4, k), 8, 40, 100 + k as u64)
            .iter()
            .enumerate()
        {
            let plain = minimax::plain(position);
            assert_same_moves(&shared.analyze(position), &plain);
            if index % 4 == 0 {
                let fresh = Solver::new().with_threads(1).analyze(position);
                assert_eq!(fresh.stats.algorithm, Algorithm::Solver);
                assert_same_moves(&fresh, &plain);
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_where_one_side_can_only_block() {
    // Eight or nine empty cells on 4×4 and 5×5: many positions where a side cannot win as the
    // other can pair up its open runs or hold their Erdős–Selfridge weight below 1, the
    // shortcuts that settle most of the empty 5×5; every score and line must stay plain's.
    for (side, k, empty, count) in [(4, 4, 9, 20), (5, 4, 8, 16), (5, 5, 8, 8)] {
        let mut shared = Solver::new();
        for (index, position) in positions(
            geometry(side, k),
            empty,
            count,
            300 + side as u64 * k as u64,
        )
        .iter()
        .enumerate()
        {
            let plain = minimax::plain(position);
            assert_same_moves(&shared.analyze(position), &plain);
            if index % 3 == 0 {
                assert_same_moves(&Solver::new().with_threads(1).analyze(position), &plain);
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_the_searcher_on_deeper_4x4_positions() {
    // Ten to thirteen empty cells: too many for plain minimax in a debug build, so the reference
    // is the alpha-beta searcher, which the search tests hold to plain minimax.
    for k in [3, 4] {
        let mut solver = Solver::new();
        for empty in [10, 11, 12, 13] {
            for position in positions(geometry(4, k), empty, 4, 7 * empty as u64 + k as u64) {
                let reference = AlphaBeta::new().analyze(&position);
                assert_same_moves(&solver.analyze(&position), &reference);
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_near_the_end_on_larger_boards() {
    let mut shared = Solver::new();
    for (side, k, empty) in [
        (5, 4, 8),
        (5, 5, 8),
        (5, 3, 7),
        (6, 4, 7),
        (7, 5, 7),
        (3, 5, 8),
    ] {
        let geometry = if side == 3 {
            Geometry::new(3, 5, 3).unwrap()
        } else {
            geometry(side, k)
        };
        for position in positions(geometry, empty, 6, side as u64 * 31 + k as u64) {
            let plain = minimax::plain(&position);
            assert_same_moves_or_best_lines(&shared.analyze(&position), &plain);
            assert_same_moves_or_best_lines(&Solver::new().analyze(&position), &plain);
        }
    }
}

#[test]
fn the_solver_agrees_on_every_classic_position_and_mirrored_positions_score_alike() {
    let mut solver = Solver::new();
    for first in Mark::BOTH {
        for position in common::open_classic_positions(first) {
            let plain = minimax::plain(&position);
            assert_same_moves(&solver.analyze(&position), &plain);
        }
    }
    // A mirror image has the same scores on the mirrored cells (its lines may differ: ties go
    // to the first cell in row-major order).
    let position = board("X.../.O../..../....");
    let mirrored = board("...X/..O./..../....");
    let (a, b) = (solver.analyze(&position), solver.analyze(&mirrored));
    for m in &a.moves {
        let image = cell(m.cell.row, 3 - m.cell.col);
        assert_eq!(b.score_of(image), Some(m.score), "{}", m.cell);
    }
}

#[test]
fn every_solver_line_is_a_legal_continuation_that_ends_as_the_score_says() {
    let mut solver = Solver::new();
    for position in positions(geometry(4, 3), 11, 6, 5) {
        let analysis = solver.analyze(&position);
        for m in &analysis.moves {
            assert_line_ends_as_scored(&position, m);
        }
    }
}

/// The line of `m` (a move of `position`) is legal and ends the game as its score says: a win
/// for the right side at the depth of its last move, or a full board drawn.
fn assert_line_ends_as_scored(position: &Board, m: &minimax::MoveScore) {
    let win = position.geometry().win_score();
    let mut replay = position.after(m.cell).unwrap();
    for &next in &m.pv {
        assert!(
            !replay.outcome().is_over(),
            "{position:?}: {m:?} goes on after the end"
        );
        replay.play(next).unwrap();
    }
    let depth = m.pv.len() as i32;
    match replay.outcome().winner() {
        Some(mark) if mark == position.to_move() => assert_eq!(m.score, Score::win_at(depth, win)),
        Some(_) => assert_eq!(m.score, Score::loss_at(depth, win)),
        None => {
            assert!(
                replay.outcome().is_over(),
                "{position:?}: {m:?} stops early"
            );
            assert_eq!(m.score, Score::DRAW);
        }
    }
}

/// Every line of `analysis` (of `position`) checked step by step by `reference`, an independent
/// search: each move of the line is a best move of the position it is played on, worth exactly
/// the line's score (seen from there), and the line ends as that score says.
fn assert_lines_keep_their_values(
    position: &Board,
    analysis: &Analysis,
    reference: &mut AlphaBeta,
) {
    for m in &analysis.moves {
        assert_line_ends_as_scored(position, m);
        assert_steps_keep_the_value(position, m, reference, usize::MAX);
    }
}

/// Each step of the line of `m` (a move of `position`) played where at most `within` cells are
/// empty is a best move of its position by `reference`, worth exactly `m`'s score seen from
/// there.
fn assert_steps_keep_the_value(
    position: &Board,
    m: &minimax::MoveScore,
    reference: &mut AlphaBeta,
    within: usize,
) {
    let cells = position.geometry().cells();
    let mut replay = position.after(m.cell).unwrap();
    for (plies, &step) in (1..).zip(&m.pv) {
        if cells - replay.marks_placed() <= within {
            let options = reference.analyze(&replay);
            let worth = options.score_of(step).expect("a line plays legal moves");
            assert_eq!(
                Some(worth),
                options.best_score(),
                "{position:?}: {m:?}, step {plies} is not a best move"
            );
            // The step's score seen from `position`, `plies` moves earlier, by its mover.
            let seen = worth.shifted(plies);
            let seen = if plies % 2 == 1 { seen.flipped() } else { seen };
            assert_eq!(
                seen, m.score,
                "{position:?}: {m:?}, step {plies} changes the value"
            );
        }
        replay.play(step).unwrap();
    }
}

/// Each move's cell and score, lines left out.
fn scores(analysis: &Analysis) -> Vec<(Cell, Score)> {
    analysis.moves.iter().map(|m| (m.cell, m.score)).collect()
}

/// On boards over 25 cells lines follow the proof instead of row-major order: the scores must
/// be `reference`'s, and every line a best line, checked step by step.
fn assert_same_scores_and_best_lines(fast: &Analysis, reference: &Analysis) {
    assert_eq!(fast.board, reference.board);
    assert_eq!(scores(fast), scores(reference), "{:?}", reference.board);
    assert_lines_keep_their_values(&fast.board, fast, &mut AlphaBeta::new());
}

#[test]
fn lines_on_6x6_and_7x7_keep_each_value_step_by_step() {
    // Late positions from random games: every line legal, each step a best move by the
    // alpha-beta searcher's own search, and the end as the score says.
    lines_keep_each_value_step_by_step(&[(6, 4, 14, 3), (7, 5, 15, 3), (7, 4, 13, 2)]);
}

#[test]
#[ignore = "tens of seconds in an optimised build: cargo test --release -p tictactoe-engine \
            --test solver -- --ignored \
            lines_on_6x6_and_7x7_keep_each_value_step_by_step_on_longer_lines"]
fn lines_on_6x6_and_7x7_keep_each_value_step_by_step_on_longer_lines() {
    lines_keep_each_value_step_by_step(&[(6, 4, 15, 8), (7, 5, 16, 8), (7, 4, 14, 6)]);
}

/// The check above on `count` random positions with `empty` empty cells of each
/// `(side, k, empty, count)`.
fn lines_keep_each_value_step_by_step(boards: &[(usize, usize, usize, usize)]) {
    let mut reference = AlphaBeta::new();
    for &(side, k, empty, count) in boards {
        let mut solver = Solver::new();
        let seed = 32 * side as u64 + k as u64 + empty as u64;
        for position in positions(geometry(side, k), empty, count, seed) {
            let analysis = solver.analyze(&position);
            assert_eq!(analysis.moves.len(), empty);
            assert_lines_keep_their_values(&position, &analysis, &mut reference);
        }
    }
}

#[test]
fn four_by_four_with_four_in_a_row_is_a_draw_whatever_the_first_move() {
    let empty = Board::empty(geometry(4, 4), Mark::X);
    let analysis = Solver::new().analyze(&empty);
    assert_eq!(analysis.moves.len(), 16);
    assert!(analysis.moves.iter().all(|m| m.score == Score::DRAW));
    for m in &analysis.moves {
        assert_eq!(m.pv.len(), 15, "a draw fills the board");
    }
}

#[test]
fn on_4x4_with_three_in_a_row_a_centre_start_wins_with_the_third_move() {
    let geometry = geometry(4, 3);
    let empty = Board::empty(geometry, Mark::X);
    let analysis = Solver::new().analyze(&empty);
    // Win at depth 4: X's moves are plies 0, 2 and 4 of the line.
    let third_move = Score::win_at(4, geometry.win_score());
    assert_eq!(third_move.value(), 13);
    for m in &analysis.moves {
        let centre = (1..=2).contains(&m.cell.row) && (1..=2).contains(&m.cell.col);
        if centre {
            assert_eq!(m.score, third_move, "{}", m.cell);
            assert_eq!(m.pv.len(), 4);
        } else {
            assert!(m.score < third_move, "{}: {}", m.cell, m.score);
        }
    }
    assert_eq!(analysis.best().unwrap().cell, cell(1, 1));
    // The same for O when O starts.
    let o_first = Solver::new().analyze(&Board::empty(geometry, Mark::O));
    assert_eq!(o_first.score_of(cell(2, 2)), Some(third_move));
}

#[test]
fn the_classic_game_is_a_draw() {
    let analysis = Solver::new().analyze(&Board::classic());
    assert!(analysis.moves.iter().all(|m| m.score == Score::DRAW));
    assert_same_moves(&analysis, &minimax::plain(&Board::classic()));
}

/// One board of the table of first-move values (`fixtures/solver/first_moves.txt`): each
/// first move's score on the empty `side`×`side` board with `k` in a row, row by row.
struct FirstMoves {
    side: usize,
    k: usize,
    scores: Vec<i32>,
}

impl FirstMoves {
    fn empty_board(&self) -> Board {
        Board::empty(geometry(self.side, self.k), Mark::X)
    }

    fn best(&self) -> i32 {
        *self.scores.iter().max().expect("a board has moves")
    }
}

/// The table written by `scripts/first-move-table.sh` (its format is at the file's top).
fn first_move_table() -> Vec<FirstMoves> {
    let text = include_str!("fixtures/solver/first_moves.txt");
    let mut table: Vec<FirstMoves> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if let ["board", side, "k", k] = fields[..] {
            table.push(FirstMoves {
                side: side.parse().unwrap(),
                k: k.parse().unwrap(),
                scores: Vec::new(),
            });
        } else {
            let board = table.last_mut().expect("scores follow a board line");
            assert_eq!(fields.len(), board.side, "{line}");
            board
                .scores
                .extend(fields.iter().map(|s| s.parse::<i32>().unwrap()));
        }
    }
    table
}

/// The first-move scores of `analysis` (of an empty board), row by row.
fn first_move_scores(analysis: &Analysis) -> Vec<i32> {
    let geometry = analysis.board.geometry();
    assert!(
        analysis
            .moves
            .iter()
            .enumerate()
            .all(|(index, m)| geometry.index(m.cell) == index),
        "an empty board's moves come row by row"
    );
    analysis.moves.iter().map(|m| m.score.value()).collect()
}

/// The `(side, k)` boards of `table` in `boards`, each with the scores `search` gives.
fn assert_table_rows(
    table: &[FirstMoves],
    boards: &[(usize, usize)],
    search: impl Fn(&Board) -> Analysis,
) {
    for &(side, k) in boards {
        let recorded = table
            .iter()
            .find(|b| (b.side, b.k) == (side, k))
            .expect("the table has every board");
        let analysis = search(&recorded.empty_board());
        assert_eq!(
            first_move_scores(&analysis),
            recorded.scores,
            "{side}×{side}, k={k}"
        );
        for m in &analysis.moves {
            assert_line_ends_as_scored(&analysis.board, m);
        }
    }
}

#[test]
fn the_first_move_table_has_every_board_and_the_known_results() {
    let table = first_move_table();
    // Every board the engine plays (the game's settings offer the same sides: tests/settings.rs).
    let offered: Vec<(usize, usize)> = (MIN_SIDE..=MAX_SIDE)
        .flat_map(|side| (MIN_K..=Geometry::max_k(side, side)).map(move |k| (side, k)))
        .collect();
    let listed: Vec<(usize, usize)> = table.iter().map(|b| (b.side, b.k)).collect();
    assert_eq!(listed, offered);
    // Beside 3×3, the published values (Ko et al. 2020 and the works they cite): 4,4,3 and
    // 6,6,4 and 7,7,4 first-player wins; 4,4,4, 5,5,4, 5,5,5, 6,6,5 and 7,7,5 draws. Three in a
    // row wins on every larger board too: extra cells never hurt the player who wins without
    // them.
    for board in &table {
        let first_player_wins = match (board.side, board.k) {
            (3, 3) => false,
            (_, 3) => true,
            (6, 4) | (7, 4) => true,
            _ => false,
        };
        let best = board.best();
        assert_eq!(
            best > 0,
            first_player_wins,
            "{}×{}, k={}",
            board.side,
            board.side,
            board.k
        );
        assert!(
            best >= 0,
            "the first player never loses the empty board (strategy stealing)"
        );
        let geometry = board.empty_board().geometry();
        let cells = geometry.cells() as i32;
        for (index, &score) in board.scores.iter().enumerate() {
            // X wins on its own move (an even depth), k moves in at the earliest; O on an
            // odd depth, also after k moves of its own; both before the board is full.
            let k = board.k as i32;
            match Score::new(score).depth(geometry) {
                Some(depth) if score > 0 => {
                    assert!(depth % 2 == 0 && depth >= 2 * (k - 1), "{index}")
                }
                Some(depth) => assert!(depth % 2 == 1 && depth >= 2 * k - 1, "{index}"),
                None => {}
            }
            if let Some(depth) = Score::new(score).depth(geometry) {
                assert!(depth < cells, "{index}: {score}");
            }
            // The board's eight symmetries give the same score.
            let (row, col) = (index / board.side, index % board.side);
            let last = board.side - 1;
            let images = [
                (col, row),
                (last - row, col),
                (row, last - col),
                (last - col, last - row),
            ];
            for (r, c) in images {
                assert_eq!(
                    board.scores[r * board.side + c],
                    score,
                    "{index} and {r},{c}"
                );
            }
        }
    }
}

#[test]
fn the_first_move_table_and_the_recorded_empty_6x6_have_the_same_scores() {
    let table = first_move_table();
    let six = table.iter().find(|b| (b.side, b.k) == (6, 4)).unwrap();
    let recorded: Vec<i32> = recorded_empty_6x6()
        .iter()
        .map(|(_, score, _)| score.value())
        .collect();
    assert_eq!(six.scores, recorded);
}

#[test]
fn the_solver_and_the_searcher_give_the_first_move_table_on_the_smaller_boards() {
    // Seconds in a debug build; the longer boards are the ignored test below.
    let table = first_move_table();
    let cheap = [
        (3, 3),
        (4, 3),
        (4, 4),
        (5, 3),
        (5, 4),
        (5, 5),
        (6, 3),
        (6, 5),
        (7, 3),
    ];
    assert_table_rows(&table, &cheap, |board| Solver::new().analyze(board));
    // Independent searches: plain minimax on 3×3, the alpha-beta searcher (itself checked
    // against plain minimax) on 4×4 with three in a row and on 5×5 with three.
    assert_table_rows(&table, &[(3, 3)], minimax::plain);
    assert_table_rows(&table, &[(4, 3), (5, 3)], |board| {
        AlphaBeta::new().analyze(board)
    });
}

#[test]
#[ignore = "a minute or two in an optimised build: cargo test --profile timing \
            -p tictactoe-engine --test solver -- --ignored \
            the_solver_gives_the_first_move_table_on_the_larger_boards"]
fn the_solver_gives_the_first_move_table_on_the_larger_boards() {
    let table = first_move_table();
    for threads in [1, 2] {
        assert_table_rows(&table, &[(6, 4), (7, 5), (7, 4)], |board| {
            Solver::new().with_threads(threads).analyze(board)
        });
    }
    // Two threads from the first position on (the 7×7 with five in a row never needs the
    // second by default).
    assert_table_rows(&table, &[(6, 4), (7, 5)], |board| {
        Solver::new()
            .with_threads(2)
            .with_helpers_from(0)
            .analyze(board)
    });
    // The alpha-beta searcher, an independent search, where it takes seconds.
    assert_table_rows(&table, &[(4, 4), (6, 3)], |board| {
        AlphaBeta::new().analyze(board)
    });
}

#[test]
fn five_by_five_after_two_moves_is_still_a_draw() {
    // A quicker check of the 5×5 results in a debug build: the centre and a reply.
    let position = Board::parse_with("...../...../..X../...O./.....", None, Some(4)).unwrap();
    let value = Solver::new().analyze(&position).best_score();
    assert_eq!(value, Some(Score::DRAW));
}

#[test]
fn a_stopped_solver_returns_exact_moves_and_true_bounds() {
    // The empty 5×5 stops in the strategy-stealing pass or after it.
    for position in [
        board("..../.X../..O./...."),
        Board::empty(geometry(5, 4), Mark::X),
    ] {
        stopped_solver_returns_exact_moves_and_true_bounds(position);
    }
}

fn stopped_solver_returns_exact_moves_and_true_bounds(position: Board) {
    let full = Solver::new().analyze(&position);
    let needed = full.stats.nodes;
    for budget in [50, needed / 8, needed / 3] {
        let control = SearchControl::with_node_budget(budget);
        let mut settled = Vec::new();
        let mut bounded: Vec<MoveBound> = Vec::new();
        let stopped = Solver::new()
            .with_threads(1)
            .analyze_with(&position, &control, &mut |report| match report {
                RootReport::Settled(m) => settled.push(m.clone()),
                RootReport::Bounded(bound) => bounded.push(bound),
            })
            .unwrap_err();
        assert_eq!(stopped.reason, Stop::NodeBudget { limit: budget });
        settled.sort_by_key(|m| m.cell);
        assert_eq!(stopped.partial.moves, settled);
        for m in &settled {
            assert_eq!(Some(m), full.get(m.cell));
        }
        // Every bound ever reported, and every bound returned, holds the exact score.
        for bound in bounded.iter().chain(&stopped.bounds) {
            let score = full.score_of(bound.cell).unwrap();
            assert!(
                bound.lower <= score && score <= bound.upper,
                "{bound:?} but {score}"
            );
            assert!(bound.is_known(position.geometry()));
        }
        for bound in &stopped.bounds {
            assert!(stopped.partial.get(bound.cell).is_none());
        }
    }
}

#[test]
fn a_deadline_stops_the_solver_and_the_searchers() {
    let open = Board::parse_with("....../....../....../....../....../......", None, None).unwrap();
    let threads = tictactoe_engine::platform::cores() as u64;
    for algorithm in [Algorithm::Plain, Algorithm::AlphaBeta, Algorithm::Solver] {
        // A deadline already past stops the search at its first look at the control, which
        // each thread takes after CHECK_INTERVAL positions, counting the root as one more.
        let control = SearchControl::new().with_deadline(Instant::now());
        let stopped = minimax::analyze_with(&open, algorithm, &control).unwrap_err();
        assert_eq!(stopped.reason, Stop::TimeLimit, "{algorithm}");
        let searched = control.progress().nodes;
        assert!(
            searched <= threads * (CHECK_INTERVAL + 1) + 1,
            "{algorithm}: {searched} positions past the deadline"
        );
        // A deadline to come lets the search run until then (unstopped, it would take hours).
        let limit = Duration::from_millis(200);
        let started = Instant::now();
        let control = SearchControl::new().with_time_limit(limit);
        let stopped = minimax::analyze_with(&open, algorithm, &control).unwrap_err();
        assert_eq!(stopped.reason, Stop::TimeLimit, "{algorithm}");
        assert!(started.elapsed() >= limit, "{algorithm}: stopped early");
        assert!(control.progress().nodes > CHECK_INTERVAL, "{algorithm}");
    }
    assert!(Stop::TimeLimit.to_string().contains("time"));
}

#[test]
fn one_two_and_four_threads_give_the_same_scores_and_lines() {
    // Twenty or more empty cells, so that the threads share the root moves, and at the end a
    // thread with no root move left joins one another thread has begun: whichever settles it
    // first reports it, the same score and line whoever it is.
    let mut rng = SmallRng::seed_from_u64(32);
    for (side, k, empty, count) in [(5, 4, 21, 3), (5, 5, 20, 3), (5, 4, 25, 1)] {
        for round in 0..count {
            let first = if round % 2 == 0 { Mark::X } else { Mark::O };
            let position = random_open_position(geometry(side, k), first, empty, &mut rng);
            let one = Solver::new().with_threads(1).analyze(&position);
            for threads in [2, 4] {
                // Helpers from the start, after a few thousand positions, and (these searches
                // being small) never.
                for helpers_from in [0, 3000, u64::MAX] {
                    let many = Solver::new()
                        .with_threads(threads)
                        .with_helpers_from(helpers_from)
                        .analyze(&position);
                    assert_same_moves(&many, &one);
                }
            }
        }
    }
}

#[test]
fn with_helpers_every_move_is_reported_settled_once_as_the_analysis_has_it() {
    // Helpers tell the caller's `on_report` themselves, from their own threads, as they settle
    // a move; the leader on the calling thread does too. Whoever settles a move, it is told once.
    let mut rng = SmallRng::seed_from_u64(48);
    for (side, k, empty) in [(5, 4, 21), (5, 5, 22)] {
        let position = random_open_position(geometry(side, k), Mark::X, empty, &mut rng);
        for threads in [2, 4] {
            let mut settled = Vec::new();
            let mut bounded: Vec<MoveBound> = Vec::new();
            let analysis = Solver::new()
                .with_threads(threads)
                .with_helpers_from(0)
                .analyze_with(
                    &position,
                    &SearchControl::new(),
                    &mut |report| match report {
                        RootReport::Settled(m) => settled.push(m.clone()),
                        RootReport::Bounded(bound) => bounded.push(bound),
                    },
                )
                .unwrap();
            settled.sort_by_key(|m| m.cell);
            assert_eq!(settled, analysis.moves, "{threads} threads on {position}");
            for bound in &bounded {
                let score = analysis.score_of(bound.cell).unwrap();
                assert!(
                    bound.lower <= score && score <= bound.upper,
                    "{bound:?}, {score}"
                );
            }
        }
    }
}

#[test]
fn the_solver_can_be_cancelled_from_another_thread() {
    for threads in [2, 4] {
        cancel_with_threads(threads);
    }
}

fn cancel_with_threads(threads: usize) {
    let control = Arc::new(SearchControl::new());
    #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
    let searching = std::thread::spawn({
        let control = Arc::clone(&control);
        move || {
            let open =
                Board::parse_with("....../....../....../....../....../......", None, None).unwrap();
            Solver::new()
                .with_threads(threads)
                .analyze_with(&open, &control, &mut |_| {})
        }
    });
    while control.progress().nodes == 0 {
        #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
        std::thread::yield_now();
    }
    assert_eq!(control.progress().moves, 36);
    control.cancel();
    let counted_at_cancel = control.progress().nodes;
    let stopped = searching.join().unwrap().unwrap_err();
    assert_eq!(stopped.reason, Stop::Cancelled);
    // Each thread looks at the control, and adds its count to it, every CHECK_INTERVAL
    // positions: at most one interval each was not yet counted when the cancel came and at most
    // one more each is searched before the cancel is seen.
    let searched_after = control.progress().nodes - counted_at_cancel;
    assert!(
        searched_after <= threads as u64 * (2 * CHECK_INTERVAL + 1),
        "{searched_after} positions after the cancel"
    );
}

#[test]
fn a_small_table_keeps_the_solver_exact() {
    let mut solver = Solver::with_table_limit(16 << 10);
    for position in positions(geometry(4, 4), 9, 6, 77) {
        assert_same_moves(&solver.analyze(&position), &minimax::plain(&position));
    }
    assert!(solver.table_bytes() <= 16 << 10, "{}", solver.table_bytes());
}

/// The classic board goes to the alpha-beta searcher inside the solver: the same moves, told as
/// they settle, stopped by the same control, and still reported as the solver's work.
#[test]
fn the_solver_on_the_classic_board_reports_and_stops_like_itself() {
    let position = board("X../.O./...");
    let mut told = Vec::new();
    let analysis = Solver::new()
        .analyze_with(&position, &SearchControl::new(), &mut |report| {
            if let RootReport::Settled(m) = report {
                told.push(m.clone());
            }
        })
        .unwrap();
    assert_eq!(analysis.stats.algorithm, Algorithm::Solver);
    assert_eq!(told, analysis.moves);
    assert_same_moves(&analysis, &minimax::plain(&position));

    let control = SearchControl::with_node_budget(10);
    let stopped = Solver::new()
        .analyze_with(&position, &control, &mut |_| {})
        .unwrap_err();
    assert_eq!(stopped.reason, Stop::NodeBudget { limit: 10 });
    assert_eq!(stopped.partial.stats.algorithm, Algorithm::Solver);
    for m in &stopped.partial.moves {
        assert_eq!(Some(m), analysis.get(m.cell));
    }
    assert!(stopped.partial.moves.len() < analysis.moves.len());
}

#[test]
fn finished_positions_have_no_moves() {
    for text in ["XXXX/OOO./..../....", "XOX/XOO/OXX"] {
        let analysis = Solver::new().analyze(&board(text));
        assert!(analysis.moves.is_empty());
    }
}

// --- the estimator ---

fn estimate(text: &str, depth: u32) -> minimax::Estimate {
    Estimator::new().estimate(&board(text), depth)
}

#[test]
fn the_estimator_takes_a_win_on_large_boards() {
    // 6×6 (four in a row): X completes the top row at (0,3).
    let e = estimate("XXX.../OOO.../....../....../....../......", 2);
    let best = e.best().unwrap();
    assert_eq!(best.cell, cell(0, 3));
    assert_eq!(best.value, Valuation::Exact(Score::new(37)));
    // 7×7 (five in a row): the same at depth 1.
    let e = estimate("XXXX.../OOOO.../......./......./......./......./.......", 1);
    assert_eq!(e.best().unwrap().cell, cell(0, 4));
}

#[test]
fn the_estimator_blocks_a_threat_on_large_boards() {
    // O to move on 7×7: X threatens (2,4); any other move loses at once.
    let e = estimate("XXXX.../O....../O....../......./......./......./O......", 2);
    assert_eq!(e.best().unwrap().cell, cell(0, 4));
    for m in &e.moves {
        if m.cell != cell(0, 4) {
            assert_eq!(
                m.value,
                Valuation::Exact(Score::loss_at(1, 50)),
                "{}",
                m.cell
            );
        }
    }
    // 6×6: O blocks X's open three... where X threatens one cell.
    let e = estimate("XXX.../OO..../....../....../....../......", 2);
    assert_eq!(e.best().unwrap().cell, cell(0, 3));
}

#[test]
fn every_exact_estimate_is_the_solvers_score() {
    let mut solver = Solver::new();
    for k in [3, 4] {
        for position in positions(geometry(4, k), 10, 8, 900 + k as u64) {
            let exact = solver.analyze(&position);
            for depth in 1..=5 {
                let e = Estimator::new().estimate(&position, depth);
                assert!(e.depth <= depth);
                assert_eq!(e.moves.len(), exact.moves.len());
                for m in &e.moves {
                    if let Valuation::Exact(score) = m.value {
                        assert_eq!(
                            Some(score),
                            exact.score_of(m.cell),
                            "{position:?} {} at depth {depth}",
                            m.cell
                        );
                    }
                }
            }
            // Deep enough to see the end, every move is exact.
            let e = Estimator::new().estimate(&position, 10);
            for (m, exact) in e.moves.iter().zip(&exact.moves) {
                assert_eq!(m.value, Valuation::Exact(exact.score));
            }
        }
    }
}

#[test]
fn the_estimator_deepens_until_its_deadline_and_keeps_the_last_iteration() {
    let open = Board::empty(geometry(7, 5), Mark::X);
    let control = SearchControl::new().with_time_limit(Duration::from_millis(300));
    let mut depths = Vec::new();
    let e = Estimator::new().estimate_with(&open, &control, None, &mut |e| depths.push(e.depth));
    assert!(e.depth >= 1);
    assert_eq!(depths.last(), Some(&e.depth));
    assert_eq!(depths, (1..=e.depth).collect::<Vec<_>>());
    assert_eq!(e.moves.len(), 49);
    assert!(e.best().is_some());

    // A deadline already past still gives the first iteration.
    let past = SearchControl::new().with_deadline(Instant::now());
    let e = Estimator::new().estimate_with(&open, &past, None, &mut |_| {});
    assert_eq!(e.depth, 1);
    assert_eq!(e.moves.len(), 49);
    // A depth limit is a limit.
    let e = Estimator::new().estimate_with(&open, &SearchControl::new(), Some(2), &mut |_| {});
    assert_eq!(e.depth, 2);
}

#[test]
fn the_solver_agrees_with_the_searcher_on_deeper_5x5_and_6x6_positions() {
    // Fourteen and fifteen empty cells: deep enough that lines of play read the table the null
    // windows filled and the table's buckets are shared by many positions, yet quick for the
    // alpha-beta searcher, which the search tests hold to plain minimax.
    for (side, k, empty) in [(5, 4, 14), (5, 5, 15), (6, 4, 14), (6, 4, 15)] {
        let mut shared = Solver::new().with_threads(1);
        let seed = 97 * side as u64 + 13 * k as u64 + empty as u64;
        for position in positions(geometry(side, k), empty, 3, seed) {
            let reference = AlphaBeta::new().analyze(&position);
            assert_same_moves_or_best_lines(&shared.analyze(&position), &reference);
        }
    }
}

#[test]
fn the_solver_agrees_with_the_searcher_on_late_7x7_positions() {
    // 7×7 keys take 79 bits, so the solver's table holds them in two words a slot (see
    // solver/table.rs): twelve to sixteen empty cells fill many buckets, and the searcher, which
    // the search tests hold to plain minimax, is quick enough on them.
    for (k, empty, count) in [(5, 12, 3), (5, 14, 3), (5, 16, 2), (4, 12, 2), (4, 14, 2)] {
        let mut shared = Solver::new().with_threads(1);
        let seed = 700 + 13 * k as u64 + empty as u64;
        for position in positions(geometry(7, k), empty, count, seed) {
            let reference = AlphaBeta::new().analyze(&position);
            assert_same_moves_or_best_lines(&shared.analyze(&position), &reference);
        }
    }
}

/// Bigger 7×7 positions, from 20 empty cells on (where the solver starts a second thread that
/// shares the table): two threads give the scores one gives (which the test above holds to the
/// searcher on smaller positions; the searcher itself takes minutes on some of these), and
/// lines checked step by step from 14 empty cells on. About 4 minutes in an optimised build
/// (`cargo test --profile timing -p tictactoe-engine --test solver -- --ignored`), most of it
/// the step checks: left out of the default run.
#[test]
#[ignore = "about 4 minutes in an optimised build"]
fn two_threads_agree_with_one_on_7x7_positions_with_20_to_32_empty_cells() {
    let cases = [
        (5, 20, 4),
        (5, 24, 6),
        (5, 28, 6),
        (5, 32, 4),
        (4, 20, 4),
        (4, 24, 4),
    ];
    for (k, empty, count) in cases {
        let (mut one, mut two) = (Solver::new().with_threads(1), Solver::new().with_threads(2));
        let seed = 800 + 13 * k as u64 + empty as u64;
        let mut reference = AlphaBeta::new();
        for position in positions(geometry(7, k), empty, count, seed) {
            // Above 25 cells a line follows what the shared table holds, so two threads may
            // find another best line: the same scores, and lines that end as scored, each step
            // checked where the searcher is quick.
            let (fast, slow) = (two.analyze(&position), one.analyze(&position));
            assert_eq!(scores(&fast), scores(&slow), "{position:?}");
            for m in &fast.moves {
                assert_line_ends_as_scored(&position, m);
                assert_steps_keep_the_value(&position, m, &mut reference, 14);
            }
        }
    }
}

/// The recorded scores and lines of the empty 6×6 board, four in a row (the fixture's format is
/// written at its top).
fn recorded_empty_6x6() -> Vec<(Cell, Score, Vec<Cell>)> {
    let parse_cell = |text: &str| {
        let (row, col) = text.split_once(',').expect("a cell is row,col");
        cell(row.parse().unwrap(), col.parse().unwrap())
    };
    include_str!("fixtures/solver/empty_6x6_k4.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let at = cell(fields[0].parse().unwrap(), fields[1].parse().unwrap());
            let score = Score::new(fields[2].parse().unwrap());
            (
                at,
                score,
                fields[3..].iter().map(|&c| parse_cell(c)).collect(),
            )
        })
        .collect()
}

#[test]
#[ignore = "the whole empty 6×6 board: seconds in an optimised build, minutes in a debug one \
            (cargo test --release -p tictactoe-engine --test solver -- --ignored)"]
fn the_empty_6x6_board_gives_the_recorded_scores_and_lines() {
    let empty = Board::empty(geometry(6, 4), Mark::X);
    let recorded = recorded_empty_6x6();
    for threads in [1, 2] {
        let analysis = Solver::new().with_threads(threads).analyze(&empty);
        // MTD(f) alone from the draw: the same scores; its lines, which follow its proof,
        // are as good.
        let from_draw = Solver::new()
            .with_threads(threads)
            .with_depth_after_proof(false)
            .analyze(&empty);
        for m in &from_draw.moves {
            assert_line_ends_as_scored(&empty, m);
        }
        assert_eq!(scores(&from_draw), scores(&analysis), "{threads} threads");
        for m in &analysis.moves {
            assert_line_ends_as_scored(&empty, m);
        }
        let found: Vec<(Cell, Score, Vec<Cell>)> = analysis
            .moves
            .into_iter()
            .map(|m| (m.cell, m.score, m.pv))
            .collect();
        if threads == 1 {
            assert_eq!(found, recorded);
        } else {
            // Lines follow the proof on boards over 25 cells, and which thread proved what
            // depends on timing: two threads give the same scores, and lines as good.
            let scores = |moves: &[(Cell, Score, Vec<Cell>)]| -> Vec<(Cell, Score)> {
                moves.iter().map(|(at, score, _)| (*at, *score)).collect()
            };
            assert_eq!(scores(&found), scores(&recorded), "{threads} threads");
        }
    }
}

#[test]
fn the_recorded_empty_6x6_board_is_a_first_player_win_in_legal_lines() {
    // The fixture itself, checked cheaply: all 36 moves, 6,6,4 a first-player win (the centre
    // wins), every line legal and ending as its score says.
    let empty = Board::empty(geometry(6, 4), Mark::X);
    let recorded = recorded_empty_6x6();
    assert_eq!(recorded.len(), 36);
    assert!(recorded.iter().any(|(_, score, _)| *score > Score::DRAW));
    for (first, score, line) in recorded {
        let mut position = empty.after(first).unwrap();
        for &step in &line {
            position = position.after(step).expect("every move of a line is legal");
        }
        let winner = position.outcome().winner();
        match score.value().signum() {
            1 => assert_eq!(winner, Some(Mark::X), "{first:?}"),
            -1 => assert_eq!(winner, Some(Mark::O), "{first:?}"),
            _ => assert_eq!(winner, None, "{first:?}"),
        }
        if score != Score::DRAW {
            // Win = 37 − depth on 36 cells, the first move at depth 0, the last at line.len().
            assert_eq!(score.value().abs(), 37 - line.len() as i32, "{first:?}");
        }
    }
}

#[test]
#[ignore = "a minute in an optimised build: cargo test --release -p tictactoe-engine \
            --test solver -- --ignored the_recorded_empty_6x6_lines_keep_their_values_to_the_end"]
fn the_recorded_empty_6x6_lines_keep_their_values_to_the_end() {
    // Each step of the fixture's lines from where 16 cells are left, checked by the alpha-beta
    // searcher (earlier steps are out of its reach; the decisive lines end at their exact depth,
    // which the test above checks).
    let empty = Board::empty(geometry(6, 4), Mark::X);
    let mut reference = AlphaBeta::new();
    for (cell, score, pv) in recorded_empty_6x6() {
        let m = minimax::MoveScore { cell, score, pv };
        assert_steps_keep_the_value(&empty, &m, &mut reference, 16);
    }
}

#[test]
fn strategy_stealing_on_the_empty_board_gives_the_searched_scores_and_lines() {
    // The derived second halves against the searched ones: on 4×4 (k=4) and 5×5 (k=4 and 5),
    // every first move a draw, and on boards where the first player wins (4×4 and 5×5 with
    // three in a row), where the derivation must not apply; either side moving first.
    for (side, k) in [(4, 4), (5, 4), (5, 5), (4, 3), (5, 3)] {
        for first in [Mark::X, Mark::O] {
            let empty = Board::empty(geometry(side, k), first);
            for threads in [1, 2] {
                let searched = Solver::new()
                    .with_threads(threads)
                    .with_strategy_stealing(false)
                    .analyze(&empty);
                let derived = Solver::new()
                    .with_threads(threads)
                    .with_strategy_stealing(true)
                    .analyze(&empty);
                assert_same_moves(&derived, &searched);
                let draws = searched.moves.iter().all(|m| m.score == Score::DRAW);
                assert_eq!(draws, k > 3, "{side}×{side}, k={k}");
                if (side, k, threads) == (5, 4, 1) {
                    // The second halves were not searched: a quarter fewer positions (on the
                    // smallest boards the "cannot win" tests settle them at once anyway).
                    assert!(
                        derived.stats.nodes < searched.stats.nodes,
                        "{side}×{side}, k={k}: {} against {}",
                        derived.stats.nodes,
                        searched.stats.nodes
                    );
                }
            }
        }
    }
    // Not on a board with marks on it.
    let position = Board::parse_with("...../...../..X../...O./.....", None, Some(4)).unwrap();
    let solver = || Solver::new().with_threads(1);
    let on = solver().with_strategy_stealing(true).analyze(&position);
    let off = solver().with_strategy_stealing(false).analyze(&position);
    assert_same_moves(&on, &off);
    assert_eq!(on.stats.nodes, off.stats.nodes);
}

#[test]
fn the_first_pass_bounds_every_first_move_mirror_images_included() {
    // The strategy-stealing pass searches one move of each set of mirror images and tells the
    // others the same bound: on the empty 5×5 (k=4), every one of the 25 first moves is shown
    // to be at most a draw before any move is settled.
    let empty = Board::empty(geometry(5, 4), Mark::X);
    for threads in [1, 2] {
        let mut reports: Vec<Option<MoveBound>> = Vec::new();
        Solver::new()
            .with_threads(threads)
            .analyze_with(&empty, &SearchControl::new(), &mut |report| match report {
                RootReport::Bounded(bound) => reports.push(Some(bound)),
                RootReport::Settled(_) => reports.push(None),
            })
            .unwrap();
        let first_settled = reports.iter().position(Option::is_none).unwrap();
        let mut held: Vec<Cell> = reports[..first_settled]
            .iter()
            .flatten()
            .filter(|bound| bound.upper == Score::DRAW)
            .map(|bound| bound.cell)
            .collect();
        held.sort();
        held.dedup();
        assert_eq!(held.len(), 25, "{threads} threads: {held:?}");
    }
}

#[test]
fn strategy_stealing_stops_when_cancelled() {
    let control = SearchControl::new();
    control.cancel();
    let empty = Board::empty(geometry(5, 4), Mark::X);
    let stopped = Solver::new()
        .with_strategy_stealing(true)
        .analyze_with(&empty, &control, &mut |_| {})
        .expect_err("a cancelled search stops");
    assert_eq!(stopped.reason, Stop::Cancelled);
    assert!(stopped.partial.moves.is_empty());
}

#[test]
fn depth_after_proof_on_or_off_gives_the_scores_and_lines_of_plain_minimax() {
    // Random positions with won, drawn and lost moves, where the reply to a move is at least a
    // draw and then either won (the halfway test succeeds) or drawn (it fails): each order
    // against plain minimax directly, then on larger boards against each other and the
    // alpha-beta searcher, on one thread and two.
    let solver = |on: bool, threads: usize| {
        Solver::new()
            .with_threads(threads)
            .with_depth_after_proof(on)
    };
    for (k, seed) in [(3, 41), (4, 42)] {
        for position in positions(geometry(4, k), 9, 12, seed) {
            let plain = minimax::plain(&position);
            for on in [false, true] {
                assert_same_moves(&solver(on, 1).analyze(&position), &plain);
            }
        }
    }
    for (side, k, empty) in [(5, 3, 13), (5, 4, 14), (6, 4, 14)] {
        let seed = 300 + 7 * side as u64 + k as u64;
        for position in positions(geometry(side, k), empty, 3, seed) {
            let reference = AlphaBeta::new().analyze(&position);
            for (on, threads) in [(false, 1), (true, 1), (false, 2), (true, 2)] {
                let analysis = solver(on, threads).analyze(&position);
                assert_same_moves_or_best_lines(&analysis, &reference);
            }
        }
    }
}

#[test]
fn depth_after_proof_on_or_off_gives_the_same_empty_boards() {
    // Whole games: the first player wins on 4×4 and 5×5 with three in a row, every move
    // draws on 4×4 with four; either side first, with strategy stealing and without.
    for (side, k) in [(4, 3), (5, 3), (4, 4)] {
        for first in [Mark::X, Mark::O] {
            let empty = Board::empty(geometry(side, k), first);
            for stealing in [false, true] {
                let solver = || Solver::new().with_strategy_stealing(stealing);
                let on = solver().with_depth_after_proof(true).analyze(&empty);
                let off = solver().with_depth_after_proof(false).analyze(&empty);
                assert_same_moves(&on, &off);
            }
        }
    }
}

/// The proof-number search, built only with the `proof-numbers` feature
/// (`scripts/slow-checks.sh` runs these).
#[cfg(feature = "proof-numbers")]
mod proof_numbers {
    use super::*;

    /// The solver with df-pn in the first pass against the solver without, on the empty boards of
    /// `sizes` (side, k), either side moving first, on one thread and two.
    fn proof_numbers_agree_on(sizes: &[(usize, usize)]) {
        for &(side, k) in sizes {
            for first in [Mark::X, Mark::O] {
                let empty = Board::empty(geometry(side, k), first);
                for threads in [1, 2] {
                    let solver = || Solver::new().with_threads(threads);
                    let alpha_beta = solver().with_proof_numbers(false).analyze(&empty);
                    let proof_numbers = solver().with_proof_numbers(true).analyze(&empty);
                    assert_same_moves(&proof_numbers, &alpha_beta);
                }
            }
        }
    }

    #[test]
    fn proof_numbers_in_the_first_pass_give_the_same_scores_and_lines() {
        // df-pn in place of alpha-beta for "can the first player win by this move?": on boards
        // where every first move draws (the pass proves them all) and where the first player wins
        // (the pass stops at the first winning move).
        proof_numbers_agree_on(&[(4, 3), (4, 4), (5, 4), (5, 5)]);
    }

    /// A board the first player wins with many moves to search: slow in a debug build.
    #[test]
    #[ignore = "slow in a debug build: scripts/slow-checks.sh runs it optimised"]
    fn proof_numbers_in_the_first_pass_give_the_same_scores_on_5x5_with_three_in_a_row() {
        proof_numbers_agree_on(&[(5, 3)]);
    }

    #[test]
    fn proof_numbers_stop_at_once_when_cancelled_or_out_of_budget() {
        let empty = Board::empty(geometry(5, 4), Mark::X);
        let cancelled = SearchControl::new();
        cancelled.cancel();
        let budget = SearchControl::with_node_budget(1000);
        for (control, reason) in [
            (cancelled, Stop::Cancelled),
            (budget, Stop::NodeBudget { limit: 1000 }),
        ] {
            let stopped = Solver::new()
                .with_proof_numbers(true)
                .analyze_with(&empty, &control, &mut |_| {})
                .expect_err("the search stops");
            assert_eq!(stopped.reason, reason);
            assert!(stopped.partial.moves.is_empty());
        }
    }
}

/// Positions where a best move first matters: won, drawn and lost for the side to move, empty
/// boards (the first pass picks the likeliest best move) and later ones (the solver's order
/// does).
fn best_move_first_positions() -> Vec<Board> {
    let mut boards: Vec<Board> = [(4, 3), (4, 4), (5, 4)]
        .iter()
        .map(|&(side, k)| Board::empty(geometry(side, k), Mark::X))
        .collect();
    boards.extend(positions(geometry(4, 3), 11, 6, 31));
    boards.extend(positions(geometry(5, 4), 15, 6, 32));
    boards
}

#[test]
fn with_a_best_move_first_the_scores_and_lines_are_the_same() {
    for board in best_move_first_positions() {
        let reference = Solver::new().with_threads(1).analyze(&board);
        for threads in [1, 2] {
            let mut solver = Solver::new()
                .with_threads(threads)
                .with_best_move_first(true);
            assert_same_moves(&solver.analyze(&board), &reference);
        }
    }
}

#[test]
fn with_a_best_move_first_a_best_move_is_proven_before_any_worse_move_is_settled() {
    let mut proven_early = 0;
    for board in best_move_first_positions() {
        let mut settled: Vec<minimax::MoveScore> = Vec::new();
        let mut bounds: Vec<MoveBound> = Vec::new();
        // For each move as it was settled: its score, the best settled before it, and whether
        // a best move was proven then.
        let mut heard = Vec::new();
        let analysis = Solver::new()
            .with_threads(1)
            .with_best_move_first(true)
            .analyze_with(&board, &SearchControl::new(), &mut |report| match report {
                RootReport::Settled(m) => {
                    let proven = !minimax::proven_best(&board, &settled, &bounds).is_empty();
                    let before = settled.iter().map(|s| s.score).max();
                    heard.push((m.score, before, proven));
                    settled.push(m.clone());
                }
                RootReport::Bounded(bound) => {
                    bounds.retain(|known| known.cell != bound.cell);
                    bounds.push(bound);
                }
            })
            .unwrap();
        let best = analysis.best_score().unwrap();
        // Until a best move is proven, each move settled is at least as good as those before
        // (a better one, or a mirror image of the best); the first that is worse comes after.
        for &(score, before, proven) in &heard {
            if before.is_some_and(|before| score < before) {
                assert!(
                    proven,
                    "{board:?}: {score:?} settled before a best move was proven: {heard:?}"
                );
            }
        }
        let proof_at = heard.iter().position(|&(_, _, proven)| proven);
        if analysis.moves.iter().any(|m| m.score < best) {
            assert!(proof_at.is_some_and(|at| at < heard.len()), "{board:?}");
            proven_early += 1;
        }
    }
    assert!(
        proven_early >= 10,
        "{proven_early} positions had a worse move"
    );
}

#[test]
fn strategy_stealing_after_the_first_move_gives_the_searched_scores_and_lines() {
    // After the first player's one mark, the empty board's first pass shows whether the first
    // player can win at all; when it cannot (4×4 with four, 5×5 with four and five), the
    // second player cannot win either, and every answer is bounded at a draw before any is
    // searched. Where the first player wins (three in a row) nothing is derived. Either way
    // the scores and lines are the searched ones, with a best move first or not.
    let boards = [
        (4, 4, "X.../..../..../...."),
        (4, 4, "..../.X../..../...."),
        (4, 4, ".X../..../..../...."),
        (4, 3, "..../.X../..../...."),
        (4, 3, "X.../..../..../...."),
        (5, 4, "...../...../..X../...../....."),
        (5, 4, "X..../...../...../...../....."),
        // O moved first: X answers.
        (5, 4, "...../...../..O../...../....."),
        (5, 5, "...../.X.../...../...../....."),
    ];
    for (side, k, text) in boards {
        let position = Board::parse_with(text, None, Some(k)).unwrap();
        assert_eq!(position.geometry(), geometry(side, k));
        let searched = Solver::new()
            .with_threads(1)
            .with_strategy_stealing(false)
            .analyze(&position);
        // The empty board is a draw with four or five in a row, a first-player win with three.
        let drawn = k > 3;
        if drawn {
            assert!(
                searched.moves.iter().all(|m| m.score <= Score::DRAW),
                "{text}"
            );
        }
        for (threads, best_first) in [(1, false), (2, false), (1, true)] {
            let mut bounded_before_settled = Vec::new();
            let mut settled_any = false;
            let derived = Solver::new()
                .with_threads(threads)
                .with_best_move_first(best_first)
                .analyze_with(
                    &position,
                    &SearchControl::new(),
                    &mut |report| match report {
                        RootReport::Bounded(bound)
                            if !settled_any && bound.upper <= Score::DRAW =>
                        {
                            bounded_before_settled.push(bound.cell)
                        }
                        RootReport::Bounded(_) => {}
                        RootReport::Settled(_) => settled_any = true,
                    },
                )
                .unwrap();
            assert_same_moves(&derived, &searched);
            bounded_before_settled.sort();
            bounded_before_settled.dedup();
            let every_move = bounded_before_settled.len() == searched.moves.len();
            assert_eq!(every_move, drawn, "{text}, {threads} threads");
        }
    }
}

/// Each move is counted once, with its latest bound until it settles, and no bound after.
#[test]
fn moves_so_far_keep_one_entry_per_move_and_prove_as_proven_best() {
    let board: Board = "XO./.X./..O".parse().unwrap();
    let analysis = Solver::new().with_threads(1).analyze(&board);
    let (first, second) = (&analysis.moves[0], &analysis.moves[1]);
    let loose = MoveBound::unknown(first.cell, board.geometry());
    let tight = MoveBound {
        cell: first.cell,
        lower: first.score,
        upper: first.score,
    };

    let mut moves = MovesSoFar::default();
    moves.bound(loose);
    moves.bound(tight);
    assert_eq!(
        moves.bounds,
        vec![tight],
        "a later bound replaces the earlier"
    );
    moves.settle(first.clone());
    moves.settle(first.clone());
    moves.bound(loose);
    assert_eq!(moves.settled, vec![first.clone()], "settled once");
    assert!(moves.bounds.is_empty(), "no bound on a settled move");

    moves.bound(MoveBound::unknown(second.cell, board.geometry()));
    assert_eq!(
        moves.proven_best(&board),
        minimax::proven_best(&board, &moves.settled, &moves.bounds)
    );
    for m in &analysis.moves {
        moves.settle(m.clone());
    }
    let best: Vec<_> = analysis.best_moves().collect();
    assert_eq!(moves.proven_best(&board), best);
}
