//! Saved games: save then load gives the same game on every board size, k, seating and start;
//! the file's first line is a `tictactoe review` command that reviews the same moves; every kind
//! of broken file is reported in one line naming it and is left exactly as it was; saves are
//! atomic.

mod common;
#[cfg(unix)]
#[path = "common/unprivileged.rs"]
mod unprivileged;

use std::fs;
use std::path::{Path, PathBuf};

use common::{random_game, review_in_process};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tempfile::TempDir;
use tictactoe::engine::board::MoveNumbers;
use tictactoe::engine::minimax::{self, SearchControl, Solver};
use tictactoe::game::GameRecord;
use tictactoe::game::{FirstPlayer, GameSetup, Mode, Player, Players, Session};
use tictactoe::learn::review::Review;
use tictactoe::store::game_file::{
    GameFileProblem, MAX_FILE_BYTES, SaveReason, from_text, load, review_command, save, to_text,
};
use tictactoe::{Board, Cell, Geometry, Mark};

/// Every square board the game offers, with every k it can have.
fn every_geometry() -> Vec<Geometry> {
    (3..=7)
        .flat_map(|side| (3..=side.min(5)).map(move |k| Geometry::new(side, side, k).unwrap()))
        .collect()
}

/// A game as the app records it: a session set up with `setup`, and `moves` played in it.
fn session_game(setup: GameSetup, stop: usize, rng: &mut impl Rng) -> GameRecord {
    let mut session = Session::new(setup);
    for cell in random_game(session.board(), stop, rng) {
        session.play(cell).unwrap();
    }
    GameRecord::of(&session)
}

/// The setup a saved game loads with, as the module documents it: the seats decide the mode,
/// the first mover's mark is the human's when both seats are alike, and the first player is the
/// human when the human's mark moved first.
fn setup_as_loaded(record: &GameRecord) -> GameSetup {
    let (players, first) = (record.players(), record.start.to_move());
    let (mode, human_mark) = match (players.x, players.o) {
        (Player::Human, Player::Computer) => (Mode::VsComputer, Mark::X),
        (Player::Computer, Player::Human) => (Mode::VsComputer, Mark::O),
        (Player::Human, Player::Human) => (Mode::TwoPlayers, first),
        (Player::Computer, Player::Computer) => (Mode::ComputerVsComputer, first),
    };
    let first_player = if first == human_mark {
        FirstPlayer::Human
    } else {
        FirstPlayer::Computer
    };
    GameSetup {
        mode,
        human_mark,
        first_player,
        geometry: record.setup.geometry,
    }
}

/// Saves `record` in `dir`, loads it back, and checks that it is the same game.
fn assert_round_trip(dir: &Path, record: &GameRecord) {
    let path = dir.join("game.ron");
    save(&path, record).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load(&path).unwrap_or_else(|e| panic!("{e}"));
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(loaded.start, record.start, "{text}");
    assert_eq!(loaded.start.to_move(), record.start.to_move(), "{text}");
    assert_eq!(loaded.moves, record.moves, "{text}");
    assert_eq!(loaded.players(), record.players(), "{text}");
    assert_eq!(loaded.setup, setup_as_loaded(record), "{text}");
    // A setup that already says who started, as a session records it, comes back unchanged.
    let human_first = record.setup.human_mark == record.start.to_move();
    let consistent = match record.setup.first_player {
        FirstPlayer::Human => human_first,
        FirstPlayer::Computer => !human_first,
        FirstPlayer::Alternate => false,
    };
    if consistent && record.setup.mode == Mode::VsComputer {
        assert_eq!(loaded.setup, record.setup, "{text}");
    }
    // Saving what was loaded writes the same bytes.
    assert_eq!(to_text(&loaded).unwrap(), text);
    assert!(text.starts_with("// tictactoe review"), "{text}");
    assert_eq!(names(dir), ["game.ron"], "no temporary file is left");
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn save_then_load_round_trips_games_on_every_size_seating_and_start() {
    let dir = TempDir::new().unwrap();
    let mut rng = SmallRng::seed_from_u64(22);
    let (mut finished, mut unfinished, mut from_setup) = (0, 0, 0);
    for geometry in every_geometry() {
        for mode in Mode::ALL {
            for human_mark in Mark::BOTH {
                for first_player in FirstPlayer::ALL {
                    let setup = GameSetup {
                        mode,
                        human_mark,
                        first_player,
                        geometry,
                    };
                    // Unfinished after a few moves, or played to the end.
                    let stop = [0, 1, 5, usize::MAX][rng.random_range(..4usize)];
                    let record = session_game(setup, stop, &mut rng);
                    let mut end = record.start;
                    for &cell in &record.moves {
                        end.play(cell).unwrap();
                    }
                    let over = end.outcome().is_over();
                    if over {
                        finished += 1;
                    } else {
                        unfinished += 1;
                    }
                    assert_round_trip(dir.path(), &record);

                    // The same seating from a set-up position, either side to move there.
                    let first = Mark::BOTH[rng.random_range(..2usize)];
                    let setup_moves = 1 + rng.random_range(..4usize);
                    let empty = Board::empty(geometry, first);
                    let mut start = empty;
                    for cell in random_game(&empty, setup_moves, &mut rng) {
                        start.play(cell).unwrap();
                    }
                    let moves = random_game(
                        &start,
                        [2, usize::MAX][rng.random_range(..2usize)],
                        &mut rng,
                    );
                    let record = GameRecord {
                        start,
                        moves,
                        setup,
                    };
                    assert_round_trip(dir.path(), &record);
                    from_setup += 1;
                }
            }
        }
    }
    assert!(finished > 20 && unfinished > 20 && from_setup > 100);
}

#[test]
fn a_saved_game_reads_as_documented() {
    let mut session = Session::new(GameSetup::default());
    for cell in [(1, 1), (0, 0), (2, 2), (0, 2)] {
        session.play(Cell::new(cell.0, cell.1)).unwrap();
    }
    let record = GameRecord::of(&session);
    let expected = "\
// tictactoe review 5,1,9,3 --first X --size 3 --k 3
(
    version: 1,          // the game file format
    size: 3,             // the board's side, 3 to 7
    k: 3,                // how many in a row win
    first: X,            // the mark that made the first move
    x: Human,            // who played X: Human | Computer
    o: Computer,         // who played O: Human | Computer
    moves: [5, 1, 9, 3], // cells numbered from 1 in reading order
    result: \"ongoing\",   // X wins | O wins | draw | ongoing
)
";
    assert_eq!(to_text(&record).unwrap(), expected);
    assert_eq!(
        MoveNumbers::of(Geometry::CLASSIC, &record.moves).to_string(),
        "5,1,9,3"
    );
    // Hand-written: fields in another order, no comments, a BOM, Windows line ends.
    let hand = "\u{feff}(version: 1, moves: [5, 1, 9, 3], result: \"ongoing\",\r\n\
                first: X, o: Computer, x: Human, k: 3, size: 3)\r\n";
    assert_eq!(from_text(hand).unwrap(), record);
    // A set-up start is kept as notation, with `first` to move there.
    let start = Board::parse_with("X../.O./...", Some(Mark::X), None).unwrap();
    let two = GameRecord {
        start,
        moves: vec![Cell::new(2, 2)],
        setup: GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        },
    };
    let text = to_text(&two).unwrap();
    assert!(
        text.starts_with("// tictactoe review 9 --first X --size 3 --k 3 --from X../.O./...\n"),
        "{text}"
    );
    assert!(text.contains("    start: Some(\"X../.O./...\"),"), "{text}");
    assert!(text.contains("    o: Human,"), "{text}");
}

/// `tictactoe review` run in-process on the command in a saved game's first line.
fn run_comment_command(text: &str) -> serde_json::Value {
    let line = text.lines().next().unwrap();
    let command = line
        .strip_prefix("// tictactoe review ")
        .expect("a review command");
    let words: Vec<&str> = command.split_whitespace().collect();
    let printed = review_in_process(&words);
    assert_eq!(printed.status, 0, "{}", printed.stderr);
    serde_json::from_str(&printed.stdout).unwrap()
}

#[test]
fn the_comment_line_reviews_the_same_game() {
    let mut rng = SmallRng::seed_from_u64(5);
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("game.ron");
    let geometries = [Geometry::CLASSIC, Geometry::new(4, 4, 4).unwrap()];
    let geometries = geometries
        .into_iter()
        .chain([Geometry::new(4, 4, 3).unwrap()]);
    for geometry in geometries {
        for (i, mode) in Mode::ALL.into_iter().enumerate() {
            let setup = GameSetup {
                mode,
                human_mark: Mark::BOTH[i % 2],
                first_player: FirstPlayer::ALL[i],
                geometry,
            };
            let mut record = session_game(setup, usize::MAX, &mut rng);
            // Late in the game on 4×4, so that the review here is quick.
            record
                .moves
                .truncate(if geometry.rows() == 3 { 9 } else { 16 });
            if record.moves.is_empty() {
                continue;
            }
            save(&path, &record).unwrap();
            let text = fs::read_to_string(&path).unwrap();
            let loaded = load(&path).unwrap();
            let json = run_comment_command(&text);
            let mut solver = Solver::new();
            let mut analyze = |board: &Board| {
                if geometry.rows() == 3 {
                    minimax::plain(board)
                } else {
                    solver
                        .analyze_with(board, &SearchControl::new(), &mut |_| {})
                        .unwrap()
                }
            };
            let expected = Review::of_game(&loaded.start, &loaded.moves, &mut analyze).unwrap();
            let moves = json["moves"].as_array().unwrap();
            assert_eq!(moves.len(), expected.moves.len(), "{text}");
            for (printed, reviewed) in moves.iter().zip(&expected.moves) {
                assert_eq!(
                    printed["mark"],
                    reviewed.mark.to_string().as_str(),
                    "{text}"
                );
                assert_eq!(printed["row"], reviewed.cell.row, "{text}");
                assert_eq!(printed["col"], reviewed.cell.col, "{text}");
                assert_eq!(printed["score"], reviewed.score.value(), "{text}");
                assert_eq!(printed["best_score"], reviewed.best_score.value(), "{text}");
                assert_eq!(printed["class"], reviewed.class.name(), "{text}");
            }
            let result = text.lines().find(|l| l.contains("result:")).unwrap();
            let outcome = json["outcome"].as_str().unwrap();
            assert!(result.contains(&format!("\"{outcome}\"")), "{text}");
        }
    }
    // No moves yet: the line says so instead of giving a command that would fail.
    let empty = GameRecord {
        start: Board::classic(),
        moves: Vec::new(),
        setup: GameSetup::default(),
    };
    assert_eq!(
        review_command(&empty),
        "tictactoe review: no moves to review yet (--first X --size 3 --k 3)"
    );
}

/// What `tictactoe review` says about a move list, without its "tictactoe review: " prefix.
fn review_says(moves: &str, first: Mark, size: usize) -> String {
    let (first, size) = (first.to_string(), size.to_string());
    let printed = review_in_process(&[moves, "--first", &first, "--size", &size]);
    assert_eq!(printed.status, 2, "{moves}");
    printed
        .stderr
        .trim_end()
        .strip_prefix("tictactoe review: ")
        .unwrap()
        .to_string()
}

/// A valid game file's text: X (human) against O (computer) on 3×3, with these moves and result.
fn game_text(moves: &str, result: &str) -> String {
    format!(
        "// a game\n(\n    version: 1,\n    size: 3,\n    k: 3,\n    first: X,\n    x: Human,\n    \
         o: Computer,\n    moves: [{moves}],\n    result: \"{result}\",\n)\n"
    )
}

#[test]
fn a_bad_move_is_named_as_tictactoe_review_names_it() {
    for (moves, first) in [
        ("5,1,10", Mark::X),
        ("5,1,0", Mark::X),
        ("5,5", Mark::X),
        ("1,4,2,5,3,9", Mark::X),
        ("2,5,3,1,6,9,7", Mark::O),
    ] {
        let text = game_text(moves, "ongoing").replace("first: X", &format!("first: {first}"));
        let problem = from_text(&text).unwrap_err();
        assert!(matches!(problem, GameFileProblem::Move(_)), "{problem:?}");
        assert_eq!(problem.to_string(), review_says(moves, first, 3), "{moves}");
    }
    let problem = from_text(&game_text("5, -3", "ongoing")).unwrap_err();
    assert_eq!(
        problem.to_string(),
        "move 2 (-3): no such cell; cells are numbered 1 to 9"
    );
}

/// Writes `bytes` as a game file, loads it, and checks the error names the file and `expected`
/// in one line, and that nothing in the directory changed.
fn assert_broken(bytes: &[u8], expected: &str) -> String {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("broken.ron");
    fs::write(&path, bytes).unwrap();
    let error = load(&path).expect_err(expected);
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("game file {}: ", path.display())),
        "{message}"
    );
    assert!(message.contains(expected), "{message:?} lacks {expected:?}");
    assert!(!message.contains('\n'), "{message:?}");
    assert_eq!(fs::read(&path).unwrap(), bytes, "left as it was");
    assert_eq!(
        names(dir.path()),
        ["broken.ron"],
        "nothing written beside it"
    );
    message
}

#[test]
fn every_broken_file_is_reported_in_one_line_and_left_as_it_was() {
    let good = game_text("5, 1, 9, 3", "ongoing");
    assert!(from_text(&good).is_ok());
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "is empty"),
        ("\n  \n".into(), "is empty"),
        (
            "// only a comment\n".into(),
            "line 1, column 18: expected opening `(` for a game",
        ),
        ("hello".into(), "line 1, column 1: expected a game"),
        (
            good.replace("k: 3,", "k: 3"),
            "line 6, column 5: expected comma",
        ),
        (
            good.replace("x: Human", "x: Robot"),
            "line 7, column 8: x: found Robot; expected Human or Computer",
        ),
        (
            good.replace("result:", "reslt:"),
            "line 10, column 5: unexpected field named `reslt` in a game, expected one of",
        ),
        (good.replace("    k: 3,\n", ""), "missing field named `k`"),
        (
            good.replace("[5, 1, 9, 3]", "\"5,1,9,3\""),
            "line 9, column 12: expected opening `[`",
        ),
        (
            good.replace("version: 1", "version: 2"),
            "is version 2; this build reads version 1",
        ),
        (good.replace("version: 1,", ""), "has no version"),
        (
            good.replace("version: 1", "version: \"1\""),
            "line 3, column 14: expected integer",
        ),
        (
            good.replace("size: 3", "size: 9"),
            "size 9: the game offers boards from 3×3 to 7×7",
        ),
        (
            good.replace("size: 3", "size: 2"),
            "size 2: the game offers",
        ),
        (
            good.replace("k: 3", "k: 4"),
            "k: 4 in a row cannot be played on a 3×3 board: k must be 3",
        ),
        (
            good.replace(
                "    moves:",
                "    start: Some(\"XX./.../...\"),\n    moves:",
            ),
            "start position \"XX./.../...\": impossible counts: 2 X and 0 O",
        ),
        (
            good.replace(
                "    moves:",
                "    start: Some(\"X../.../...\"),\n    moves:",
            ),
            "start position \"X../.../...\": X cannot be to move: with 1 X and 0 O",
        ),
        (
            good.replace(
                "    moves:",
                "    start: Some(\"..../..../..../....\"),\n    moves:",
            ),
            "start position \"..../..../..../....\" is 4×4, but the game is 3×3",
        ),
        (
            good.replace("[5, 1, 9, 3]", "[5, 1, 10]"),
            "move 3 (10): no such cell",
        ),
        (
            good.replace("[5, 1, 9, 3]", "[5, 5]"),
            "move 2 (cell 5): that cell already holds X",
        ),
        (
            game_text("1, 4, 2, 5, 3", "ongoing"),
            "result says \"ongoing\", but the moves end in \"X wins\"",
        ),
        (
            game_text("1, 4, 2, 5, 3", "X won"),
            "result \"X won\": expected \"X wins\"",
        ),
        (
            good.replace("ongoing", "draw"),
            "result says \"draw\", but the moves end in \"ongoing\"",
        ),
    ];
    for (text, expected) in &cases {
        assert_broken(text.as_bytes(), expected);
    }
    // Not UTF-8: where the first bad byte is.
    let mut bytes = good.clone().into_bytes();
    bytes.splice(20..20, [0xff, 0xfe]);
    assert_broken(&bytes, "is not text: line 3, column 9 is not UTF-8");
    // The error names the exact analyze message for the start position.
    let analyze_says = Board::parse_with("XX./.../...", Some(Mark::X), Some(3))
        .unwrap_err()
        .to_string();
    let message = assert_broken(cases[15].0.as_bytes(), &analyze_says);
    assert!(message.ends_with(&analyze_says));
}

#[test]
#[allow(unsafe_code, reason = "libc's calls, for a test's own files and user")]
fn missing_directories_special_and_oversized_files_are_refused_before_reading() {
    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("nope.ron");
    assert_eq!(
        load(&missing).unwrap_err().to_string(),
        format!("game file {}: no such file", missing.display())
    );
    let error = load(dir.path()).unwrap_err();
    assert_eq!(error.problem, GameFileProblem::IsDirectory);
    // Exactly the limit loads; one byte more does not.
    let good = game_text("5, 1, 9, 3", "ongoing");
    let padding = MAX_FILE_BYTES as usize - good.len();
    let at_limit = format!("{good}{}", " ".repeat(padding));
    assert_eq!(at_limit.len() as u64, MAX_FILE_BYTES);
    let path = dir.path().join("big.ron");
    fs::write(&path, &at_limit).unwrap();
    assert!(load(&path).is_ok());
    assert_broken(
        format!("{at_limit} ").as_bytes(),
        "is 65537 bytes long; a game file is at most 65536 bytes",
    );
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo.ron");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: `c_path` is a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0);
        // Opening a FIFO with no writer would block forever.
        assert_eq!(
            load(&fifo).unwrap_err().problem,
            GameFileProblem::NotARegularFile
        );
        let record = GameRecord {
            start: Board::classic(),
            moves: vec![Cell::new(1, 1)],
            setup: GameSetup::default(),
        };
        let error = save(&fifo, &record).unwrap_err();
        assert!(
            matches!(error.reason, SaveReason::NotARegularFile),
            "{error}"
        );
        assert!(!fs::metadata(&fifo).unwrap().is_file());
    }
}

/// Runs `check` as a user who cannot read or write everything (see [`unprivileged`]).
#[cfg(unix)]
fn as_unprivileged_user(test: &str, check: impl FnOnce()) {
    unprivileged::as_unprivileged_user(test, "TICTACTOE_GAME_FILE_TEST_UNPRIVILEGED", check);
}

#[cfg(unix)]
#[test]
fn a_file_without_read_permission_is_reported_and_kept() {
    as_unprivileged_user(
        "a_file_without_read_permission_is_reported_and_kept",
        || {
            use std::os::unix::fs::PermissionsExt;
            let dir = TempDir::new().unwrap();
            let path = dir.path().join("locked.ron");
            let good = game_text("5", "ongoing");
            fs::write(&path, &good).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
            assert!(fs::read(&path).is_err(), "not unprivileged");
            let message = load(&path).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("game file {}: cannot be read: ", path.display())),
                "{message}"
            );
            assert!(message.contains("ermission denied"), "{message}");
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
            assert_eq!(fs::read_to_string(&path).unwrap(), good);
            assert_eq!(names(dir.path()), ["locked.ron"]);
        },
    );
}

#[test]
fn saving_replaces_the_file_whole_and_refuses_what_it_cannot_write() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("game.ron");
    let game = |moves: &[(usize, usize)]| GameRecord {
        start: Board::classic(),
        moves: moves.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        setup: GameSetup::default(),
    };
    save(&path, &game(&[(1, 1)])).unwrap();
    save(&path, &game(&[(1, 1), (0, 0)])).unwrap();
    assert_eq!(load(&path).unwrap().moves.len(), 2);
    assert_eq!(names(dir.path()), ["game.ron"]);
    let before = fs::read(&path).unwrap();

    // An illegal game is not written, and the old file stays as it was.
    let error = save(&path, &game(&[(1, 1), (1, 1)])).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "cannot save the game to {}: move 2 (cell 5): that cell already holds X",
            path.display()
        )
    );
    // A board the game does not offer is refused too.
    let rectangle = Board::parse_with("..../..../....", None, None).unwrap();
    let record = GameRecord {
        start: rectangle,
        moves: Vec::new(),
        setup: GameSetup {
            geometry: rectangle.geometry(),
            ..GameSetup::default()
        },
    };
    let error = save(&path, &record).unwrap_err();
    assert!(error.to_string().contains("not 3×4"), "{error}");
    assert_eq!(fs::read(&path).unwrap(), before);

    // A directory in the file's place is never touched.
    let error = save(dir.path(), &game(&[(1, 1)])).unwrap_err();
    assert!(matches!(error.reason, SaveReason::IsDirectory), "{error}");
    // A missing directory is an error, not created.
    let nowhere: PathBuf = dir.path().join("missing").join("game.ron");
    assert!(save(&nowhere, &game(&[(1, 1)])).is_err());
    assert_eq!(names(dir.path()), ["game.ron"]);

    // Through a symlink: the link stays, the file it points to is replaced.
    #[cfg(unix)]
    {
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        save(&link, &game(&[(0, 0)])).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(load(&path).unwrap().moves, [Cell::new(0, 0)]);
        assert_eq!(names(dir.path()), ["game.ron", "link.ron"]);
    }
}

#[test]
fn seats_load_as_the_setup_the_module_documents() {
    let text = |x: &str, o: &str, first: &str| {
        game_text("5", "ongoing")
            .replace("x: Human", &format!("x: {x}"))
            .replace("o: Computer", &format!("o: {o}"))
            .replace("first: X", &format!("first: {first}"))
    };
    let setup = |x, o, first| from_text(&text(x, o, first)).unwrap().setup;
    let expect = |mode, human_mark, first_player| GameSetup {
        mode,
        human_mark,
        first_player,
        geometry: Geometry::CLASSIC,
    };
    use FirstPlayer::{Computer, Human};
    assert_eq!(
        setup("Human", "Computer", "X"),
        expect(Mode::VsComputer, Mark::X, Human)
    );
    assert_eq!(
        setup("Human", "Computer", "O"),
        expect(Mode::VsComputer, Mark::X, Computer)
    );
    assert_eq!(
        setup("Computer", "Human", "X"),
        expect(Mode::VsComputer, Mark::O, Computer)
    );
    assert_eq!(
        setup("Human", "Human", "O"),
        expect(Mode::TwoPlayers, Mark::O, Human)
    );
    assert_eq!(
        setup("Computer", "Computer", "X"),
        expect(Mode::ComputerVsComputer, Mark::X, Human)
    );
    let players = from_text(&text("Computer", "Human", "X"))
        .unwrap()
        .players();
    assert_eq!(
        players,
        Players {
            x: Player::Computer,
            o: Player::Human
        }
    );
}

/// A game is never saved over a settings file, nor over a read-only file; a save keeps the
/// file's mode.
#[test]
fn a_game_save_keeps_the_mode_and_refuses_settings_and_read_only_files() {
    let dir = TempDir::new().unwrap();
    let game = GameRecord {
        start: Board::classic(),
        moves: vec![Cell::new(1, 1)],
        setup: GameSetup::default(),
    };
    let settings = dir.path().join("settings.ron");
    let text = "(\n    version: 1,\n    difficulty: Easy,\n    show_scores: true,\n)\n";
    fs::write(&settings, text).unwrap();
    let error = save(&settings, &game).unwrap_err();
    assert!(matches!(error.reason, SaveReason::SettingsFile), "{error}");
    assert_eq!(
        error.to_string(),
        format!(
            "cannot save the game to {}: it is a settings file, not a game; it was left as it is",
            settings.display()
        )
    );
    assert_eq!(fs::read_to_string(&settings).unwrap(), text);

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.path().join("game.ron");
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o7777;
        save(&path, &game).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        save(&path, &game).unwrap();
        assert_eq!(mode(&path), 0o600);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let before = fs::read(&path).unwrap();
        let other = GameRecord {
            moves: vec![Cell::new(0, 0)],
            ..game.clone()
        };
        let error = save(&path, &other).unwrap_err();
        assert!(matches!(error.reason, SaveReason::ReadOnly), "{error}");
        assert!(
            error
                .to_string()
                .ends_with("the file is read-only; it was left as it is")
        );
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(mode(&path), 0o444);
    }
    assert_eq!(names(dir.path()).len(), if cfg!(unix) { 2 } else { 1 });
}

/// A settings file opened as a game is named as what it is, not by the first setting a game
/// lacks; a broken game is still told by what is wrong with it.
#[test]
fn a_settings_file_opened_as_a_game_is_named_as_one() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("settings.ron");
    let settings = "(\n    version: 1,\n    difficulty: Easy,\n    show_scores: true,\n)\n";
    fs::write(&path, settings).unwrap();
    let error = load(&path).unwrap_err();
    assert_eq!(error.problem, GameFileProblem::SettingsFile);
    assert_eq!(
        error.to_string(),
        format!(
            "game file {}: is a settings file, not a saved game",
            path.display()
        )
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), settings);
    // What the app's own settings save writes, too.
    let written =
        tictactoe::store::settings::to_ron(&tictactoe::store::settings::Settings::default())
            .unwrap();
    assert_eq!(
        from_text(&written).unwrap_err(),
        GameFileProblem::SettingsFile
    );
    let broken = "(version: 1, size: 3, k: 3, first: X, x: Human, o: Human, moves: [5, 5], \
                  result: \"ongoing\")";
    assert!(
        matches!(from_text(broken).unwrap_err(), GameFileProblem::Move(_)),
        "{:?}",
        from_text(broken)
    );
}
