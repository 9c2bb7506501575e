//! `tictactoe review`: every score, best score and class is plain minimax's, on many games, and a
//! bad move list gets one line naming the move and exit status 2.

#[path = "common/binary.rs"]
mod binary;
mod common;

use std::collections::HashSet;

use binary::run;
use common::{random_game, review_in_process};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

use tictactoe::engine::board::MoveNumbers;
use tictactoe::learn::review::MoveClass;
use tictactoe::{Board, Cell, Geometry, Mark, engine::minimax};

/// `review` run in-process.
fn review_json(moves: &str, first: Mark, size: usize) -> (i32, Value, String) {
    let (first, size) = (first.to_string(), size.to_string());
    let printed = review_in_process(&[moves, "--first", &first, "--size", &size]);
    let json = if printed.stdout.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&printed.stdout).unwrap()
    };
    (printed.status, json, printed.stderr)
}

#[test]
fn every_move_is_classed_from_plain_minimax_scores_on_many_games() {
    let mut rng = SmallRng::seed_from_u64(13);
    let mut classes_seen = HashSet::new();
    // Games share their openings: each position is searched once.
    let mut plain_of = std::collections::HashMap::new();
    for game in 0..150 {
        let first = if game % 3 == 2 { Mark::O } else { Mark::X };
        let start = Board::empty(Geometry::CLASSIC, first);
        let stop_after = rng.random_range(1..=start.geometry().cells());
        let moves = random_game(&start, stop_after, &mut rng);
        let (status, json, err) = review_json(
            &MoveNumbers::of(Geometry::CLASSIC, &moves).to_string(),
            first,
            3,
        );
        assert_eq!(status, 0, "{err}");
        let reviewed = json["moves"].as_array().unwrap();
        assert_eq!(reviewed.len(), moves.len());
        let mut board = start;
        for (index, (&cell, m)) in moves.iter().zip(reviewed).enumerate() {
            let plain = plain_of
                .entry(board)
                .or_insert_with(|| minimax::plain(&board));
            let score = plain.get(cell).unwrap().score.value();
            let best = plain.best_score().unwrap().value();
            assert_eq!(m["ply"], index + 1);
            assert_eq!(m["mark"], board.to_move().to_string());
            assert_eq!(
                (m["row"].as_u64(), m["col"].as_u64()),
                (Some(cell.row as u64), Some(cell.col as u64))
            );
            assert_eq!(m["score"], score, "{board:?} {cell:?}");
            assert_eq!(m["best_score"], best);
            // The definitions, written out again here.
            let class = if score == best {
                "best"
            } else if (score > 0 && best > 0) || (score < 0 && best < 0) {
                "inaccuracy"
            } else if best > 0 && score == 0 {
                "mistake"
            } else {
                assert!(best >= 0 && score < 0);
                "blunder"
            };
            assert_eq!(m["class"], class);
            classes_seen.insert(class);
            board.play(cell).unwrap();
        }
        let outcome = match board.outcome() {
            tictactoe::Outcome::Ongoing => "ongoing",
            tictactoe::Outcome::Draw => "draw",
            tictactoe::Outcome::Won { mark: Mark::X, .. } => "X wins",
            tictactoe::Outcome::Won { mark: Mark::O, .. } => "O wins",
        };
        assert_eq!(json["outcome"], outcome);
    }
    for class in MoveClass::ALL {
        assert!(
            classes_seen.contains(class.name()),
            "no {class} in 150 games"
        );
    }
}

#[test]
fn larger_boards_are_reviewed_with_their_cell_numbers() {
    // 4×4, four in a row: X takes the top row while O plays the second.
    let (status, json, err) = review_json("1,5,2,6,3,7,4", Mark::X, 4);
    assert_eq!(status, 0, "{err}");
    assert_eq!(json["outcome"], "X wins");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(
        (moves[4]["row"].as_u64(), moves[4]["col"].as_u64()),
        (Some(0), Some(2))
    );
    // O's last move let X complete the row: X's 4th move wins at once.
    assert_eq!(moves[6]["score"], 17);
    assert_eq!(moves[6]["class"], "best");
    assert_eq!(moves[5]["class"], "blunder");
}

#[test]
fn a_bad_move_list_names_the_move_and_exits_with_2() {
    for (moves, expected) in [
        (
            "5,x",
            "move 2 (\"x\"): not a cell number; cells are numbered 1 to 9",
        ),
        (
            "5,10",
            "move 2 (10): no such cell; cells are numbered 1 to 9",
        ),
        ("0", "move 1 (0): no such cell"),
        ("5,1,5", "move 3 (cell 5): that cell already holds X"),
        (
            "1,4,2,5,3,6",
            "move 6 (cell 6): the game is already over (X wins)",
        ),
        ("", "no moves given"),
        ("5,,1", "move 2 (\"\"): not a cell number"),
        ("-1", "move 1 (\"-1\"): not a cell number"),
    ] {
        let result = run(&["review", moves], b"");
        result.assert_no_panic();
        assert_eq!(result.status, 2, "{moves:?}: {}", result.stderr);
        assert_eq!(result.stdout, "", "{moves:?}");
        assert_eq!(
            result.stderr.lines().count(),
            1,
            "{moves:?}: {}",
            result.stderr
        );
        assert!(
            result.stderr.contains(expected),
            "{moves:?}: {:?} does not contain {expected:?}",
            result.stderr
        );
    }
    let result = run(&["review", "1", "--size", "3", "--k", "4"], b"");
    assert_eq!(result.status, 2);
    assert!(result.stderr.contains("in a row"), "{}", result.stderr);
}

#[test]
fn o_can_move_first() {
    let result = run(&["review", "1,5,9", "--first", "O"], b"");
    assert_eq!(result.status, 0, "{}", result.stderr);
    let json = result.json();
    let marks: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["mark"].as_str().unwrap())
        .collect();
    assert_eq!(marks, ["O", "X", "O"]);
    assert_eq!(json["outcome"], "ongoing");
}

/// `review` run in-process on a saved game.
fn review_game(path: &std::path::Path) -> (i32, String, String) {
    let printed = review_in_process(&["--game", path.to_str().unwrap()]);
    (printed.status, printed.stdout, printed.stderr)
}

#[test]
fn a_saved_game_is_reviewed_as_its_moves_are() {
    use tictactoe::game::GameRecord;
    use tictactoe::game::{GameSetup, Mode};
    let dir = tempfile::tempdir().unwrap();
    let mut rng = SmallRng::seed_from_u64(31);
    for (side, first) in [(3, Mark::X), (3, Mark::O), (4, Mark::X)] {
        let geometry = Geometry::with_default_k(side, side).unwrap();
        let start = Board::empty(geometry, first);
        let limit = if side == 3 { 9 } else { 6 };
        let moves = random_game(&start, limit, &mut rng);
        let record = GameRecord {
            start,
            moves: moves.clone(),
            setup: GameSetup {
                mode: Mode::TwoPlayers,
                human_mark: first,
                geometry,
                ..GameSetup::default()
            },
        };
        let path = dir.path().join(format!("game-{side}-{first}.ron"));
        tictactoe::store::game_file::save(&path, &record).unwrap();
        let (status, saved, err) = review_game(&path);
        assert_eq!((status, err.as_str()), (0, ""));
        let numbers = MoveNumbers::of(geometry, &moves).to_string();
        let (first, side) = (first.to_string(), side.to_string());
        let printed = review_in_process(&[&numbers, "--first", &first, "--size", &side]);
        assert_eq!(printed.status, 0);
        assert_eq!(saved, printed.stdout, "{}", path.display());
    }
    // A set-up start: --from gives the same review as the file.
    let start: Board = "X../.O./...".parse().unwrap();
    let moves = [Cell::new(2, 2), Cell::new(0, 2)];
    let record = GameRecord {
        start,
        moves: moves.to_vec(),
        setup: GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        },
    };
    let path = dir.path().join("from.ron");
    tictactoe::store::game_file::save(&path, &record).unwrap();
    let (status, saved, _) = review_game(&path);
    assert_eq!(status, 0);
    let printed = review_in_process(&["9,3", "--from", "X../.O./..."]);
    assert_eq!(printed.status, 0);
    assert_eq!(saved, printed.stdout);
}

#[test]
fn a_broken_game_file_is_named_with_its_problem_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("not-ron.ron", "this is not a game"),
        (
            "bad-move.ron",
            "(version: 1, size: 3, k: 3, first: X, x: Human, o: Human, moves: [5, 5], result: \"ongoing\")",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (status, out, err) = review_game(&path);
        assert_eq!((status, out.as_str()), (2, ""), "{name}");
        assert!(
            err.starts_with(&format!("tictactoe review: game file {}: ", path.display())),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "{name} was changed"
        );
    }
    let (status, _, err) = review_game(&dir.path().join("missing.ron"));
    assert_eq!(status, 2);
    assert!(err.contains("missing.ron"), "{err}");
}

/// `--practice` gives each move that was not best the position the app's Practice deals from it:
/// the good moves are plain minimax's best moves there, and best moves get none.
#[test]
fn practice_gives_each_move_not_best_its_position_and_the_engines_good_moves() {
    let printed = review_in_process(&["1,2,5,9,7,4,3", "--practice"]);
    assert_eq!(printed.status, 0, "{}", printed.stderr);
    let json: Value = serde_json::from_str(&printed.stdout).unwrap();
    let mut board = Board::classic();
    for (m, number) in json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .zip([1, 2, 5, 9, 7, 4, 3])
    {
        let analysis = minimax::plain(&board);
        let cell = Cell::new((number - 1) / 3, (number - 1) % 3);
        let class = MoveClass::of(
            analysis.get(cell).unwrap().score,
            analysis.best_score().unwrap(),
        );
        if class == MoveClass::Best {
            assert!(m.get("practice").is_none(), "{m}");
        } else {
            let practice = &m["practice"];
            assert_eq!(practice["position"], board.to_string());
            let good: Vec<u64> = analysis
                .best_moves()
                .map(|b| (b.cell.row * 3 + b.cell.col + 1) as u64)
                .collect();
            let printed: Vec<u64> = practice["good"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect();
            assert_eq!(printed, good, "{m}");
            assert_eq!(practice["task"], "find the move that keeps the draw");
        }
        board.play(cell).unwrap();
    }
    // O's edge reply to the corner is the game's one move that was not best.
    assert_eq!(json["moves"][1]["class"], "blunder");
    assert_eq!(json["moves"][1]["practice"]["good"], serde_json::json!([5]));
    // Without the flag, nothing changes.
    let plain = review_in_process(&["1,2,5,9,7,4,3"]);
    assert!(!plain.stdout.contains("practice"), "{}", plain.stdout);
}
