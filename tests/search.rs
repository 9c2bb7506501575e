//! The search: plain minimax is the reference, the fast search must agree with it on every move of
//! every position, and the scores must follow the depth rule (a win `d` plies after the move scores
//! `W − d`, a loss `d − W`, with `W` = 10 on 3×3).

mod common;

use std::sync::OnceLock;

use common::{
    Background, board, board_with_turn, cell, classic_positions, open_classic_positions,
    random_open_position, swap_marks,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tictactoe::engine::minimax::Search;
use tictactoe::engine::minimax::{
    self, Algorithm, AlphaBeta, CHECK_INTERVAL, SearchControl, Stop, Stopped,
};
use tictactoe::{Analysis, Board, Cell, Geometry, Mark, Outcome, Score, Verdict};

/// Every open position of the classic game (`first` moving first) with its plain minimax
/// analysis, computed once per test binary and shared by the tests that compare against it.
fn references(first: Mark) -> &'static [(Board, Analysis)] {
    static X_FIRST: OnceLock<Vec<(Board, Analysis)>> = OnceLock::new();
    static O_FIRST: OnceLock<Vec<(Board, Analysis)>> = OnceLock::new();
    let slot = match first {
        Mark::X => &X_FIRST,
        Mark::O => &O_FIRST,
    };
    slot.get_or_init(|| {
        open_classic_positions(first)
            .into_iter()
            .map(|position| (position, minimax::plain(&position)))
            .collect()
    })
}

/// Asserts that two analyses rate every move the same: cell, score and line.
fn assert_same_moves(fast: &Analysis, plain: &Analysis) {
    assert_eq!(fast.board, plain.board);
    assert_eq!(
        fast.moves, plain.moves,
        "fast search and plain minimax disagree on {:?}",
        plain.board
    );
}

/// The number of positions in the game tree below `position`, `position` included.
fn tree_size(position: &Board) -> u64 {
    1 + position
        .legal_moves()
        .map(|cell| tree_size(&position.after(cell).unwrap()))
        .sum::<u64>()
}

#[test]
fn plain_minimax_visits_the_whole_game_tree_from_the_empty_board() {
    let tree = tree_size(&Board::classic());
    assert_eq!(tree, 549_946);
    let (_, plain) = &references(Mark::X)[0];
    assert_eq!(plain.board, Board::classic());
    assert_eq!(plain.stats.algorithm, Algorithm::Plain);
    assert_eq!(plain.stats.nodes, tree);
}

#[test]
fn every_opening_move_draws() {
    // Tic-tac-toe is a draw, and no first move throws it away.
    let (_, plain) = &references(Mark::X)[0];
    assert_eq!(plain.moves.len(), 9);
    assert!(
        plain.moves.iter().all(|m| m.score == Score::DRAW),
        "{:?}",
        plain.moves
    );
    // Ties go to the first move in row-major order, as the classic findBestMove picks.
    assert_eq!(plain.best_moves().count(), 9);
    assert_eq!(plain.best().unwrap().cell, cell(0, 0));
    let fast = AlphaBeta::new().analyze(&Board::classic());
    assert_eq!(fast.best().unwrap().cell, cell(0, 0));
}

#[test]
fn the_textbook_replies_to_each_opening() {
    // Well-known theory: after a corner only the centre holds; after the centre only corners
    // hold; after an edge, the centre, the two corners next to it and the opposite edge hold.
    let holding = |text: &str| -> Vec<Cell> {
        let analysis = AlphaBeta::new().analyze(&board(text));
        analysis
            .moves
            .iter()
            .filter(|m| m.score == Score::DRAW)
            .map(|m| m.cell)
            .collect()
    };
    assert_eq!(holding("X../.../..."), [cell(1, 1)]);
    assert_eq!(
        holding(".../.X./..."),
        [cell(0, 0), cell(0, 2), cell(2, 0), cell(2, 2)]
    );
    assert_eq!(
        holding(".X./.../..."),
        [cell(0, 0), cell(0, 2), cell(1, 1), cell(2, 1)]
    );
}

#[test]
fn one_searcher_agrees_with_plain_minimax_on_every_open_position() {
    let references = references(Mark::X);
    assert_eq!(references.len(), 4520);
    let mut searcher = AlphaBeta::new();
    for (position, plain) in references {
        let fast = searcher.analyze(position);
        assert_eq!(fast.stats.algorithm, Algorithm::AlphaBeta);
        assert_same_moves(&fast, plain);
    }
    // A second pass, with the table now full of what the first learned, must not change a thing.
    for (position, plain) in references.iter().rev() {
        assert_same_moves(&searcher.analyze(position), plain);
    }
}

#[test]
fn fresh_searchers_agree_with_plain_minimax_on_a_sample() {
    // The first hundred positions (the opening plies, where the search is deepest) and every
    // seventh of the rest.
    let references = references(Mark::X);
    let sample = references
        .iter()
        .enumerate()
        .filter(|(index, _)| *index < 100 || index % 7 == 0);
    for (_, (position, plain)) in sample {
        assert_same_moves(&AlphaBeta::new().analyze(position), plain);
    }
}

#[test]
fn the_searches_agree_when_o_moves_first() {
    let references = references(Mark::O);
    assert_eq!(references.len(), 4520);
    assert_eq!(references[0].0, Board::empty(Geometry::CLASSIC, Mark::O));
    assert_eq!(references[0].1.stats.nodes, 549_946);
    let mut searcher = AlphaBeta::new();
    for (index, (position, plain)) in references.iter().enumerate() {
        assert_same_moves(&searcher.analyze(position), plain);
        if index % 11 == 0 {
            assert_same_moves(&AlphaBeta::new().analyze(position), plain);
        }
    }
    // The same positions typed in: equal counts need the side to move spelled out.
    for text in ["X../.O./...", "XO./.../...", "XOX/.O./..X", "OX./XO./..."] {
        let position = board_with_turn(text, Mark::O);
        assert_eq!(position.to_move(), Mark::O);
        assert_same_moves(&searcher.analyze(&position), &minimax::plain(&position));
    }
}

#[test]
fn the_searches_agree_on_larger_boards() {
    // Positions near the end of the game, where plain minimax is still quick; the sparse table
    // (more than 12 cells) and the dense one (at most 12) both get exercised, and one searcher
    // switches between geometries.
    let geometries = [
        Geometry::with_default_k(3, 4).unwrap(),
        Geometry::with_default_k(4, 3).unwrap(),
        Geometry::with_default_k(3, 5).unwrap(),
        Geometry::with_default_k(4, 4).unwrap(),
        Geometry::with_default_k(4, 5).unwrap(),
        Geometry::with_default_k(5, 5).unwrap(),
    ];
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut shared = AlphaBeta::new();
    for geometry in geometries {
        let mut own = AlphaBeta::new();
        for round in 0..8 {
            let first = if round % 2 == 0 { Mark::X } else { Mark::O };
            let position = random_open_position(geometry, first, 7, &mut rng);
            let plain = minimax::plain(&position);
            assert_same_moves(&own.analyze(&position), &plain);
            assert_same_moves(&shared.analyze(&position), &plain);
            let classic = board("X../.O./...");
            assert_same_moves(&shared.analyze(&classic), &minimax::plain(&classic));
        }
    }
}

#[test]
fn the_fast_search_visits_at_least_50_times_fewer_positions() {
    // Node counts are deterministic, so this is a property of the algorithm, not of the machine.
    let plain = references(Mark::X)[0].1.stats.nodes;
    let fast = AlphaBeta::new().analyze(&Board::classic()).stats.nodes;
    assert!(
        fast * 50 <= plain,
        "fast search visited {fast} positions, plain {plain}"
    );
}

#[test]
fn the_seeds_example_scores_a_win_a_draw_and_a_loss() {
    // X to move on XOX/OOX/...: (2,2) completes the right column; (2,1) blocks O's middle column
    // and the game is then drawn; (2,0) leaves O to complete that column at once, one ply later.
    let analysis = AlphaBeta::new().analyze(&board("XOX/OOX/..."));
    assert_eq!(analysis.board.to_move(), Mark::X);
    assert_eq!(analysis.score_of(cell(2, 2)), Some(Score::new(10)));
    assert_eq!(analysis.score_of(cell(2, 1)), Some(Score::new(0)));
    assert_eq!(analysis.score_of(cell(2, 0)), Some(Score::new(-9)));
    assert_eq!(analysis.best().map(|m| m.cell), Some(cell(2, 2)));
    assert_eq!(
        analysis.score_of(cell(0, 0)),
        None,
        "occupied cells are not moves"
    );
}

#[test]
fn a_faster_win_is_preferred() {
    // X to move. (2,2) completes the bottom row now. (0,1), (0,2) and (1,1) each keep that
    // threat and add a second one (column 1, the anti-diagonal, or both), O can block only one,
    // and X wins with its next move: two plies later, so 8. They come before (2,2) in row-major
    // order, so only the depth rule makes (2,2) the best.
    let analysis = AlphaBeta::new().analyze(&board("O../..O/XX."));
    assert_eq!(analysis.score_of(cell(2, 2)), Some(Score::new(10)));
    for slower in [cell(0, 1), cell(0, 2), cell(1, 1)] {
        assert_eq!(analysis.score_of(slower), Some(Score::new(8)), "{slower}");
    }
    let best = analysis.best().unwrap();
    assert_eq!((best.cell, best.score.value()), (cell(2, 2), 10));
    assert_eq!(analysis.best_moves().count(), 1);
    assert_eq!(
        analysis.get(cell(2, 2)).unwrap().verdict(Geometry::CLASSIC),
        Verdict::Win { moves: 1 }
    );
}

#[test]
fn when_every_move_loses_the_slowest_loss_is_chosen() {
    // X to move; O threatens the anti-diagonal at (0,2). Any other move lets O complete it at
    // once (−9). Blocking at (0,2) threatens the top row, O must block at (0,0), and that gives O
    // two threats (column 0 and the diagonal): O wins on its second move, three plies after
    // X's move, so −7.
    let position = board(".X./.O./OX.");
    let analysis = AlphaBeta::new().analyze(&position);
    assert!(
        analysis.moves.iter().all(|m| m.score.is_loss()),
        "every move loses"
    );
    let block = analysis.get(cell(0, 2)).unwrap();
    assert_eq!(block.score.value(), -7);
    assert_eq!(
        block.pv.len(),
        3,
        "the loss comes three plies after the move"
    );
    assert_eq!(block.pv[0], cell(0, 0), "O has to block the top row first");
    for other in analysis.moves.iter().filter(|m| m.cell != cell(0, 2)) {
        assert_eq!(other.score.value(), -9, "{}", other.cell);
        assert_eq!(other.pv, [cell(0, 2)], "O completes the anti-diagonal");
    }
    // (0,0) comes first in row-major order: only the depth rule picks the block.
    assert_eq!(analysis.best().unwrap().cell, cell(0, 2));
    assert_eq!(analysis.best_moves().count(), 1);
}

#[test]
fn scores_are_for_the_side_to_move_when_o_is_to_move() {
    // O to move on XOX/.O./X.. . (2,1) completes O's middle column: 10. (1,0) blocks X's left
    // column and makes two O threats (row 1 and column 1): O wins on its next move, 8. (1,2) and
    // (2,2) leave X to complete the left column at once: −9.
    let position = board("XOX/.O./X..");
    assert_eq!(position.to_move(), Mark::O);
    for analysis in [
        minimax::plain(&position),
        AlphaBeta::new().analyze(&position),
    ] {
        let scores: Vec<(Cell, i32)> = analysis
            .moves
            .iter()
            .map(|m| (m.cell, m.score.value()))
            .collect();
        assert_eq!(
            scores,
            [
                (cell(1, 0), 8),
                (cell(1, 2), -9),
                (cell(2, 1), 10),
                (cell(2, 2), -9)
            ]
        );
        assert_eq!(analysis.best().unwrap().cell, cell(2, 1));
    }
}

#[test]
fn swapping_the_marks_changes_no_score_or_line() {
    // The game treats X and O alike: only who is to move matters.
    let mut searcher = AlphaBeta::new();
    for (position, plain) in references(Mark::X) {
        let swapped = swap_marks(position);
        let mirrored = searcher.analyze(&swapped);
        assert_eq!(mirrored.moves, plain.moves, "{position:?} vs {swapped:?}");
    }
    // Finished positions change winner.
    for position in classic_positions(Mark::X) {
        let swapped = swap_marks(&position).outcome();
        match position.outcome() {
            Outcome::Won { mark, .. } => assert_eq!(swapped.winner(), Some(mark.opponent())),
            other => assert_eq!(swapped, other),
        }
    }
}

#[test]
fn every_line_is_a_legal_continuation_that_ends_as_the_score_says() {
    let win = Geometry::CLASSIC.win_score();
    for (position, plain) in references(Mark::X).iter().chain(references(Mark::O)) {
        let mover = position.to_move();
        for m in &plain.moves {
            let mut replay = position.after(m.cell).unwrap();
            for (ply, &next) in m.pv.iter().enumerate() {
                assert!(
                    !replay.outcome().is_over(),
                    "{position:?} {}: the game ended before ply {ply} of the line",
                    m.cell
                );
                replay
                    .play(next)
                    .unwrap_or_else(|e| panic!("{position:?} {}: {e}", m.cell));
            }
            // The game ends exactly at the last cell of the line, `line.len()` plies after the
            // move, and that depth is what the score says.
            let depth = m.pv.len() as i32;
            let context = format!("{position:?} {} {:?}", m.cell, m.pv);
            match replay.outcome() {
                Outcome::Won { mark, .. } if mark == mover => {
                    assert_eq!(m.score.value(), win - depth, "{context}");
                    assert_eq!(depth % 2, 0, "the mover only moves at even depths");
                }
                Outcome::Won { .. } => {
                    assert_eq!(m.score.value(), depth - win, "{context}");
                    assert_eq!(depth % 2, 1, "the opponent only moves at odd depths");
                }
                Outcome::Draw => assert_eq!(m.score, Score::DRAW, "{context}"),
                Outcome::Ongoing => panic!("{context}: the line stops before the game ends"),
            }
        }
    }
}

#[test]
fn verdicts_read_scores_by_the_depth_rule() {
    let classic = Geometry::CLASSIC;
    let read = |score| Score::new(score).verdict(classic).to_string();
    assert_eq!(read(10), "wins now");
    assert_eq!(read(8), "wins in 2");
    assert_eq!(read(0), "draw");
    assert_eq!(read(-9), "loses in 1");
    assert_eq!(read(-7), "loses in 2");

    // Every score a game can produce, on every board size: a win `d` plies after the move (d even,
    // the mover's own plies) is its (d/2 + 1)-th move, counting this one; a loss at odd `d` is
    // the opponent's ⌈d/2⌉-th move.
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (4, 5), (5, 5)] {
        let geometry = Geometry::with_default_k(rows, cols).unwrap();
        let w = geometry.win_score();
        for d in 0..geometry.cells() as i32 {
            let (score, expected) = if d % 2 == 0 {
                (
                    w - d,
                    Verdict::Win {
                        moves: d as u32 / 2 + 1,
                    },
                )
            } else {
                (
                    d - w,
                    Verdict::Loss {
                        moves: (d as u32).div_ceil(2),
                    },
                )
            };
            assert_eq!(
                Score::new(score).verdict(geometry),
                expected,
                "{rows}×{cols}: {score}"
            );
        }
        assert_eq!(Score::DRAW.verdict(geometry), Verdict::Draw);
    }
}

#[test]
fn verdicts_count_the_moves_of_the_line() {
    for (position, plain) in references(Mark::X) {
        for m in &plain.moves {
            // Plies of the move and its line: even indices are the mover's, odd the opponent's.
            let plies = 1 + m.pv.len() as u32;
            match m.verdict(position.geometry()) {
                Verdict::Win { moves } => assert_eq!(moves, plies.div_ceil(2)),
                Verdict::Loss { moves } => assert_eq!(moves, plies / 2),
                Verdict::Draw => assert_eq!(m.score, Score::DRAW),
            }
        }
    }
}

/// A fresh search of `algorithm` that may visit at most `budget` positions.
fn within(board: &Board, algorithm: Algorithm, budget: u64) -> Result<Analysis, Stopped> {
    minimax::analyze_with(board, algorithm, &SearchControl::with_node_budget(budget))
}

fn reason<T>(result: Result<T, Stopped>) -> Option<Stop> {
    result.err().map(|stopped| stopped.reason)
}

#[test]
fn a_node_budget_stops_a_search_exactly_at_the_limit() {
    let empty = Board::classic();
    // Plain minimax visits 549,946 positions: that budget is enough, one less is not.
    let exact = within(&empty, Algorithm::Plain, 549_946).expect("the whole tree fits");
    assert_eq!(exact.moves, minimax::plain(&empty).moves);
    assert_eq!(
        reason(within(&empty, Algorithm::Plain, 549_945)),
        Some(Stop::NodeBudget { limit: 549_945 })
    );

    let needed = AlphaBeta::new().analyze(&empty).stats.nodes;
    let exact = within(&empty, Algorithm::AlphaBeta, needed).unwrap();
    assert_eq!(exact.moves, AlphaBeta::new().analyze(&empty).moves);
    assert_eq!(
        reason(within(&empty, Algorithm::AlphaBeta, needed - 1)),
        Some(Stop::NodeBudget { limit: needed - 1 })
    );

    for algorithm in [Algorithm::Plain, Algorithm::AlphaBeta] {
        let analysis = within(&empty, algorithm, 1_000_000).unwrap();
        assert_eq!(analysis.stats.algorithm, algorithm);
        assert_eq!(
            reason(within(&empty, algorithm, 100)),
            Some(Stop::NodeBudget { limit: 100 })
        );
    }
    let message = Stop::NodeBudget { limit: 100 }.to_string();
    assert!(message.contains("100 positions"), "{message}");
}

#[test]
fn a_stopped_search_returns_the_moves_it_settled_and_reports_each_as_it_goes() {
    // Plain minimax from the empty board settles a move every ~61,000 positions.
    let empty = Board::classic();
    let reference = minimax::plain(&empty);
    for algorithm in [
        Algorithm::Plain,
        Algorithm::AlphaBetaClassic,
        Algorithm::AlphaBeta,
    ] {
        let full = minimax::analyze_with(&empty, algorithm, &SearchControl::new()).unwrap();
        let budget = full.stats.nodes / 2;
        let control = SearchControl::with_node_budget(budget);
        let mut reported = Vec::new();
        let stopped = match algorithm {
            Algorithm::Plain => {
                minimax::plain_with(&empty, &control, &mut |m| reported.push(m.clone()))
            }
            Algorithm::AlphaBetaClassic => minimax::alpha_beta_observed(
                &empty,
                &control,
                &mut |m| reported.push(m.clone()),
                &mut minimax::Unobserved,
            ),
            Algorithm::AlphaBeta => {
                AlphaBeta::new().analyze_with(&empty, &control, &mut |m| reported.push(m.clone()))
            }
            Algorithm::Solver => unreachable!("engine/tests/solver.rs stops the solver"),
        }
        .unwrap_err();
        assert_eq!(stopped.reason, Stop::NodeBudget { limit: budget });
        let settled = &stopped.partial.moves;
        assert!(
            !settled.is_empty() && settled.len() < 9,
            "{algorithm}: {settled:?}"
        );
        assert_eq!(
            settled, &reported,
            "{algorithm}: every settled move was reported"
        );
        assert_eq!(
            settled[..],
            reference.moves[..settled.len()],
            "{algorithm}: exact"
        );
        let progress = control.progress();
        assert_eq!((progress.settled, progress.moves), (settled.len(), 9));
    }
}

#[test]
fn a_search_cut_short_leaves_the_searcher_exact() {
    // Whatever an interrupted search stored must still be true: interrupt the same searcher at
    // many different points, then compare it with plain minimax everywhere.
    let references = references(Mark::X);
    let mut searcher = AlphaBeta::new();
    let cut_short = |searcher: &mut AlphaBeta, position: &Board, budget| {
        let control = SearchControl::with_node_budget(budget);
        let _ = searcher.analyze_with(position, &control, &mut |_| {});
    };
    for (index, (position, _)) in references.iter().enumerate().step_by(37) {
        cut_short(&mut searcher, position, 1 + (index as u64 * 7919) % 400);
    }
    for (position, plain) in references {
        cut_short(&mut searcher, position, 3);
        assert_same_moves(&searcher.analyze(position), plain);
    }
}

#[test]
fn a_finished_position_has_no_moves() {
    for text in ["XXX/OO./...", "XOX/XOO/OXX", "OOO/XX./X.."] {
        let position = board(text);
        for analysis in [
            minimax::plain(&position),
            AlphaBeta::new().analyze(&position),
        ] {
            assert!(analysis.moves.is_empty(), "{text}");
            assert_eq!(analysis.best(), None);
            assert_eq!(analysis.best_score(), None);
        }
    }
}

/// An open 5×5 board (4 in a row) with one mark: an exact search of it takes minutes.
fn open_5x5() -> Board {
    board("...../...../..X../...../.....")
}

#[test]
fn progress_can_be_read_while_a_search_runs() {
    let control = std::sync::Arc::new(SearchControl::new());
    let searching = Background::spawn({
        let control = std::sync::Arc::clone(&control);
        move || AlphaBeta::new().analyze_with(&open_5x5(), &control, &mut |_| {})
    });
    let mut seen = Vec::new();
    let started = std::time::Instant::now();
    while seen.len() < 3 {
        let nodes = control.progress().nodes;
        if seen.last().is_none_or(|&last| nodes > last) {
            seen.push(nodes);
        }
        // A bound that only a stalled search reaches: the open 5×5 board takes hours.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "progress stalled at {seen:?}"
        );
    }
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert_eq!(control.progress().moves, 24);
    control.cancel();
    let stopped = searching
        .wait(std::time::Duration::from_secs(5))
        .unwrap_err();
    assert_eq!(stopped.reason, Stop::Cancelled);
}

#[test]
fn a_long_search_cancelled_from_another_thread_returns_at_once() {
    for algorithm in [Algorithm::Plain, Algorithm::AlphaBeta] {
        let control = std::sync::Arc::new(SearchControl::new());
        let searching = Background::spawn({
            let control = std::sync::Arc::clone(&control);
            move || minimax::analyze_with(&open_5x5(), algorithm, &control)
        });
        // Let it get going first.
        while control.progress().nodes == 0 {
            std::hint::spin_loop();
        }
        let cancelled = std::time::Instant::now();
        control.cancel();
        let counted_at_cancel = control.progress().nodes;
        // Generous, so that it never flakes; the latency printed below is what matters.
        let stopped = searching
            .wait(std::time::Duration::from_secs(5))
            .unwrap_err();
        // The time is for reading (--nocapture), not for asserting: it depends on the machine.
        eprintln!(
            "{algorithm}: returned {:?} after the cancel",
            cancelled.elapsed()
        );
        assert_eq!(stopped.reason, Stop::Cancelled);
        // The search looks at its control, and adds its count to it, every CHECK_INTERVAL
        // positions: at most one interval was not yet counted when the cancel came and at most
        // one more is searched before the cancel is seen: a few milliseconds at most at the
        // bench's speeds.
        let searched_after = control.progress().nodes - counted_at_cancel;
        assert!(
            searched_after <= 2 * CHECK_INTERVAL + 1,
            "{algorithm}: {searched_after} positions after the cancel"
        );
    }
}

#[test]
fn a_small_table_stays_within_its_memory_and_exact() {
    // 4×4 positions use the hash table; 16 KiB holds a few hundred positions, so the table fills
    // and starts over many times during these searches.
    let limit = 16 << 10;
    let mut searcher = AlphaBeta::with_table_limit(limit);
    let mut rng = SmallRng::seed_from_u64(77);
    let geometry = Geometry::with_default_k(4, 4).unwrap();
    for round in 0..6 {
        let first = if round % 2 == 0 { Mark::X } else { Mark::O };
        let position = random_open_position(geometry, first, 9, &mut rng);
        let analysis = searcher.analyze(&position);
        assert!(analysis.stats.nodes > 1_000, "{}", analysis.stats.nodes);
        assert_same_moves(&searcher.analyze(&position), &minimax::plain(&position));
        assert!(
            searcher.table_bytes() <= limit,
            "{} bytes",
            searcher.table_bytes()
        );
    }
}

#[test]
fn textbook_alpha_beta_agrees_with_plain_minimax_with_fewer_calls() {
    for first in [Mark::X, Mark::O] {
        for (position, plain) in references(first) {
            let classic = minimax::alpha_beta(position);
            assert_eq!(classic.stats.algorithm, Algorithm::AlphaBetaClassic);
            assert_same_moves(&classic, plain);
            assert!(classic.stats.nodes <= plain.stats.nodes, "{position:?}");
        }
    }
    let empty = &references(Mark::X)[0].1;
    let classic = minimax::alpha_beta(&Board::classic());
    eprintln!(
        "from the empty board: plain {}, textbook alpha-beta {}",
        empty.stats.nodes, classic.stats.nodes
    );
    assert!(classic.stats.nodes * 10 < empty.stats.nodes);
}

/// Depth-limited minimax written here from the lecture, apart from the engine's: minimax (not
/// negamax) for `maximiser`, the eight lines of 3×3 spelled out, results as (class, number):
/// a proven win above every evaluation, a proven loss below. Returns the key and whether it
/// came from the evaluation at the cutoff.
fn cutoff_reference(
    board: &Board,
    maximiser: Mark,
    depth: i32,
    plies_left: u32,
    open_lines: bool,
) -> ((i32, i32), bool) {
    const LINES: [[(usize, usize); 3]; 8] = [
        [(0, 0), (0, 1), (0, 2)],
        [(1, 0), (1, 1), (1, 2)],
        [(2, 0), (2, 1), (2, 2)],
        [(0, 0), (1, 0), (2, 0)],
        [(0, 1), (1, 1), (2, 1)],
        [(0, 2), (1, 2), (2, 2)],
        [(0, 0), (1, 1), (2, 2)],
        [(0, 2), (1, 1), (2, 0)],
    ];
    match board.outcome() {
        Outcome::Won { mark, .. } if mark == maximiser => return ((2, 10 - depth), false),
        Outcome::Won { .. } => return ((0, depth - 10), false),
        Outcome::Draw => return ((1, 0), false),
        Outcome::Ongoing => {}
    }
    if plies_left == 0 {
        let open_for = |side: Mark| {
            LINES
                .iter()
                .filter(|line| {
                    line.iter()
                        .all(|&(r, c)| board.get(Cell::new(r, c)) != Some(side.opponent()))
                })
                .count() as i32
        };
        let value = if open_lines {
            open_for(maximiser) - open_for(maximiser.opponent())
        } else {
            0
        };
        return ((1, value), true);
    }
    let maximising = board.to_move() == maximiser;
    let mut best: Option<((i32, i32), bool)> = None;
    for cell in board.legal_moves() {
        let child = cutoff_reference(
            &board.after(cell).unwrap(),
            maximiser,
            depth + 1,
            plies_left - 1,
            open_lines,
        );
        let better = match best {
            None => true,
            Some((key, _)) if maximising => child.0 > key,
            Some((key, _)) => child.0 < key,
        };
        if better {
            best = Some(child);
        }
    }
    best.unwrap()
}

#[test]
fn depth_limited_minimax_equals_one_written_here_on_500_positions() {
    use tictactoe::engine::minimax::{Evaluation, SearchControl, Valuation, depth_limited};
    let mut rng = SmallRng::seed_from_u64(500);
    let geometry = Geometry::new(3, 3, 3).unwrap();
    let mut evaluated = 0;
    for index in 0..500 {
        let empty = 2 + index % 7;
        let position = common::random_open_position(geometry, Mark::X, empty, &mut rng);
        let plies = 1 + (index as u32 / 7) % 4;
        let open_lines = index % 3 != 0;
        let evaluation = if open_lines {
            Evaluation::OpenLines
        } else {
            Evaluation::Zero
        };
        let found = depth_limited(&position, plies, evaluation, &SearchControl::new()).unwrap();
        let mover = position.to_move();
        for (cell, valuation) in found {
            let (key, by_evaluation) = cutoff_reference(
                &position.after(cell).unwrap(),
                mover,
                0,
                plies - 1,
                open_lines,
            );
            let engine = match valuation {
                Valuation::Exact(score) if score.value() > 0 => ((2, score.value()), false),
                Valuation::Exact(score) if score.value() < 0 => ((0, score.value()), false),
                Valuation::Exact(_) => ((1, 0), false),
                Valuation::Estimate(value) => ((1, value), true),
            };
            assert_eq!(
                engine,
                (key, by_evaluation),
                "{position} {cell} depth {plies}"
            );
            evaluated += usize::from(by_evaluation);
        }
    }
    assert!(evaluated > 500, "only {evaluated} moves reached the cutoff");
}

#[test]
fn alpha_beta_searching_the_position_with_one_window_keeps_the_best_move_and_bounds_the_rest() {
    use tictactoe::engine::minimax::{RootWindow, Unobserved, alpha_beta_root_observed};
    // On every open position of the classic game, against plain minimax: the same best move
    // and value, every other move's score an upper bound of its exact one (the move could not
    // beat the best before it), and never more positions than each move with a fresh window.
    for (position, exact) in references(Mark::X) {
        let search = |root| {
            alpha_beta_root_observed(
                position,
                root,
                &SearchControl::new(),
                &mut |_| {},
                &mut Unobserved,
            )
            .unwrap()
        };
        let (fresh, shared) = (search(RootWindow::Fresh), search(RootWindow::Shared));
        assert_eq!(fresh.moves, exact.moves, "{position}");
        let best = exact.best().unwrap();
        assert_eq!(
            shared.best().map(|m| (m.cell, m.score)),
            Some((best.cell, best.score))
        );
        for (shared, exact) in shared.moves.iter().zip(&exact.moves) {
            assert_eq!(shared.cell, exact.cell);
            assert!(
                shared.score >= exact.score,
                "{position}: {shared:?} {exact:?}"
            );
            assert!(
                shared.score == exact.score || shared.score <= best.score,
                "{position}"
            );
        }
        assert!(shared.stats.nodes <= fresh.stats.nodes, "{position}");
    }
}
