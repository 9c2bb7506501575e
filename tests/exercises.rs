//! Graded exercises (`learn::exercises`, `tictactoe exercises`): every key is plain minimax's
//! (values, lines, trees) or a depth-limited minimax's (the horizon), on sets of every kind and
//! level from many seeds; a code names the same set in the library and on the command line; a
//! typed answer that cannot be read gets one clear line, never a panic; an answers file
//! is read whatever its line ends, and an item answered twice is named; one small set's output
//! is kept byte for byte, and so are sets on the textbooks' abstract trees, whose codes round-trip
//! on the command line (the quizzes are imported as Moodle does in `moodle_import.rs`); items
//! tell a right method from plausible wrong ones (no horizon item is "every empty cell", a value
//! is not what MIN maximising gives, a tree has replies to choose between), and sets ask of X
//! and of O to move.

#[path = "common/binary.rs"]
mod binary;

use binary::run;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use tictactoe::engine::ai::Difficulty;
use tictactoe::engine::game_tree::{Side, TreePosition};
use tictactoe::engine::minimax::plain;
use tictactoe::learn::exercises::prune::{Ask, Start};
use tictactoe::learn::exercises::{
    ChanceAsk, Counts, ExerciseSet, Exploration, Item, Kind, MctsAsk, SetCode, Task, cell_name,
    generate, make_item, parse_cell,
};
use tictactoe::learn::practice;
use tictactoe::learn::view::{ScoreView, Seen};
use tictactoe::{Board, Cell, Mark, Score};

/// A depth-limited minimax written here, apart from the engine: the value for `side` of
/// `board`, reached `depth` plies below the position asked about, looking `plies_left` plies
/// further; a result it cannot reach counts as a draw.
fn limited(board: &Board, side: Mark, depth: i32, plies_left: i32) -> i32 {
    let win = board.geometry().win_score();
    if let Some(score) = Score::of_outcome(board.outcome(), side, depth, win) {
        return score.value();
    }
    if plies_left == 0 {
        return 0;
    }
    let values = board
        .legal_moves()
        .map(|cell| limited(&board.after(cell).unwrap(), side, depth + 1, plies_left - 1));
    if board.to_move() == side {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The moves a computer looking `horizon` plies ahead (its own move counted) rates best.
fn limited_best(board: &Board, horizon: i32) -> Vec<Cell> {
    let side = board.to_move();
    let rated: Vec<(Cell, i32)> = board
        .legal_moves()
        .map(|cell| {
            let after = board.after(cell).unwrap();
            (cell, limited(&after, side, 0, horizon - 1))
        })
        .collect();
    let best = rated.iter().map(|r| r.1).max().unwrap();
    rated
        .into_iter()
        .filter(|r| r.1 == best)
        .map(|r| r.0)
        .collect()
}

/// Checks every key of `set` against the references, and that grading takes the key's own
/// answer and refuses a changed one.
fn check_keys(set: &ExerciseSet) {
    let view = set.code.view;
    for item in &set.items {
        let board = item.board;
        let context = format!("{} item {} on {board}", set.code, item.number);
        if !item.on_board() {
            // An abstract tree's item: checked with the alpha-beta kind (learn/tests/exercise_trees.rs).
            continue;
        }
        assert!(!board.outcome().is_over(), "{context}");
        assert_eq!(
            board.empty_cells().count(),
            item.kind()
                .empty_cells(item.level, board.geometry(), board.to_move()),
            "{context}"
        );
        let seen = Seen::new(view, &board);
        let exact = plain(&board);
        match &item.task {
            Task::Value(key) => {
                let reference = exact.get(key.scored.cell).unwrap();
                assert_eq!(&key.scored, reference, "{context}");
                let number = seen.number(reference.score, board.to_move(), 0);
                assert_eq!(item.answer_text(), number.value().to_string(), "{context}");
                let wrong = (number.value() + 1).to_string();
                assert!(!item.grade(&wrong).unwrap().correct, "{context}");
            }
            Task::Tree(key) => {
                // Every move, then every reply of every move that does not end the game.
                let mut want = 0;
                for m in &exact.moves {
                    want += 1;
                    let after = board.after(m.cell).unwrap();
                    want += after.legal_moves().count() * usize::from(!after.outcome().is_over());
                }
                assert_eq!(key.nodes.len(), want, "{context}");
                for node in &key.nodes {
                    let (parent, plies) = match node.path.as_slice() {
                        [_] => (board, 0),
                        [first, _] => (board.after(*first).unwrap(), 1),
                        _ => panic!("{context}: a node three plies down"),
                    };
                    let reference = plain(&parent).get(node.path[plies]).unwrap().clone();
                    assert_eq!(node.scored, reference, "{context}");
                    let number = seen.number(reference.score, parent.to_move(), plies as i32);
                    assert_eq!(node.number, number, "{context}");
                }
                let mut numbers: Vec<i32> = key.nodes.iter().map(|n| n.number.value()).collect();
                numbers[0] += 1;
                let changed: Vec<String> = numbers.iter().map(i32::to_string).collect();
                assert!(
                    !item.grade(&changed.join(", ")).unwrap().correct,
                    "{context}"
                );
            }
            Task::Horizon(key) => {
                let horizon = key.difficulty.horizon().unwrap();
                assert_eq!(key.plays, limited_best(&board, horizon), "{context}");
                assert_eq!(key.analysis.moves, exact.moves, "{context}");
            }
            Task::FindMove(key) => {
                let best: Vec<Cell> = exact.best_moves().map(|m| m.cell).collect();
                assert_eq!(best, [key.exercise.answer], "{context}");
                assert_eq!(Some(&key.exercise), practice::exercise(&exact).as_ref());
                let wrong = board
                    .legal_moves()
                    .find(|&c| c != key.exercise.answer)
                    .unwrap();
                assert!(!item.grade(&cell_name(wrong)).unwrap().correct, "{context}");
            }
            Task::Eval(key) => {
                assert_eq!(key.value, open_lines_reference(&board), "{context}");
                if key.plies > 0 {
                    let want = cutoff_reference(&board, key.plies as i32);
                    assert_eq!(key.choice, Some(want), "{context}");
                }
            }
            // Checked against the real trace and a textbook alpha-beta in
            // learn/tests/exercise_trees.rs; the chance and MCTS kinds below.
            Task::Prune(_) | Task::TreeFill(_) | Task::Chance(_) | Task::Mcts(_) => {}
        }
        let graded = item.grade(&item.answer_text()).unwrap();
        assert!(graded.correct, "{context}: {:?}", graded.feedback);
        assert!(graded.feedback.len() >= 2, "{context}: worked out");
    }
}

#[test]
fn every_key_is_plain_minimax_or_the_depth_limited_search_on_many_sets() {
    let mut difficulties = std::collections::HashSet::new();
    let mut hidden = 0;
    let mut horizon_items = 0;
    for seed in 0..30 {
        for view in ScoreView::ALL {
            let code = SetCode::new(seed, Kind::ALL.to_vec(), 15, 3, view).unwrap();
            let set = generate(&code);
            check_keys(&set);
            for item in &set.items {
                if let Task::Horizon(key) = &item.task {
                    difficulties.insert(key.difficulty);
                    horizon_items += 1;
                    hidden += usize::from(key.hides_something());
                }
            }
        }
    }
    // 4×4 has no horizon kind (its computer estimates); a few sets of the others.
    for seed in 0..3 {
        let kinds = vec![Kind::Value, Kind::Tree, Kind::FindMove];
        let code = SetCode::new(seed, kinds, 6, 4, ScoreView::Articles).unwrap();
        check_keys(&generate(&code));
    }
    assert_eq!(
        difficulties.into_iter().collect::<Vec<_>>(),
        [Difficulty::Hard],
        "Hard, the one computer whose horizon can hide a result on 3x3"
    );
    assert_eq!(hidden, horizon_items, "every horizon item hides something");
    // The depth-limited reference itself sees what it should: Easy (1 ply) does not block.
    let board: Board = "XX./OO./...".parse::<Board>().unwrap();
    let board = board.with_to_move(Mark::O);
    assert_eq!(limited_best(&board, 1), [Cell::new(1, 2)]);
    assert_eq!(
        tictactoe::engine::ai::AiPlayer::candidates(&plain(&board), Difficulty::Easy),
        [Cell::new(1, 2)]
    );
}

/// A random code: seed, kinds in some order, count, view.
fn random_code(rng: &mut SmallRng) -> SetCode {
    let mut kinds = Kind::ALL.to_vec();
    for i in (1..kinds.len()).rev() {
        kinds.swap(i, rng.random_range(0..=i));
    }
    kinds.truncate(rng.random_range(1..=4));
    let view = ScoreView::ALL[rng.random_range(0..2)];
    SetCode::new(rng.random(), kinds, rng.random_range(1..=6), 3, view).unwrap()
}

#[test]
fn a_code_round_trips_and_names_the_same_set_on_the_command_line() {
    let mut rng = SmallRng::seed_from_u64(46);
    for _ in 0..40 {
        let code = random_code(&mut rng);
        let text = code.to_string();
        assert_eq!(text.parse::<SetCode>().as_ref(), Ok(&code), "{text}");
        assert_eq!(text.parse::<SetCode>().unwrap().to_string(), text);
    }
    // The command line makes the set the library makes, from the code or from its parts.
    let code = "v1-s99-k=tree,move,value,horizon-n=5-3x3-view=x";
    let set = generate(&code.parse().unwrap());
    let by_code = run(&["exercises", "--code", code, "--format", "json"], b"");
    let by_parts = run(
        &[
            "exercises",
            "--seed",
            "99",
            "--kinds",
            "tree,move,value,horizon",
            "--count",
            "5",
            "--view",
            "x",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(by_code.status, 0, "{}", by_code.stderr);
    assert_eq!(by_code.stdout, by_parts.stdout);
    let json = by_code.json();
    assert_eq!(json["code"], code);
    let items = json["items"].as_array().unwrap();
    assert_eq!(items.len(), set.items.len());
    for (printed, item) in items.iter().zip(&set.items) {
        assert_eq!(printed["board"], item.board.to_string());
        assert_eq!(printed["answer"], item.answer_text());
        assert_eq!(printed["question"], item.prompt());
        assert_eq!(printed["kind"], item.kind().code());
    }
}

/// Characters typed answers are fuzzed with: the answers' own, separators, signs, controls and
/// a few outside ASCII.
const ALPHABET: &[char] = &[
    'r', 'c', 'R', 'o', 'w', ' ', ',', ';', '-', '+', '0', '1', '2', '3', '9', '\u{2212}', '\n',
    '\t', '\u{0}', 'é', '×', '=', '"', '%',
];

fn mutated(rng: &mut SmallRng, seed: &str) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..rng.random_range(1..=6) {
        let at = rng.random_range(0..=chars.len());
        let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
        match rng.random_range(0..3) {
            0 => chars.insert(at, c),
            1 if at < chars.len() => drop(chars.remove(at)),
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn a_typed_answer_that_cannot_be_read_gets_one_clear_line() {
    let set = generate(&"v1-s5-k=value,tree,horizon,move-n=8-3x3".parse().unwrap());
    let mut rng = SmallRng::seed_from_u64(7);
    let mut refused = 0;
    for item in &set.items {
        let answer = item.answer_text();
        for _ in 0..300 {
            let typed = mutated(&mut rng, &answer);
            match item.grade(&typed) {
                Ok(graded) => assert!(!graded.feedback.is_empty()),
                Err(error) => {
                    refused += 1;
                    let message = error.to_string();
                    assert!(
                        !message.contains('\n') && !message.contains('\0'),
                        "{message:?}"
                    );
                    assert!(message.len() < 400, "{message}");
                    assert!(message.starts_with('"'), "names what was typed: {message}");
                    assert!(
                        message.contains("type") || message.contains("choose"),
                        "{message}"
                    );
                }
            }
        }
    }
    assert!(refused > 100, "the fuzzing reaches the errors: {refused}");
    // Some messages word for word.
    let by_kind = |kind: Kind| set.items.iter().find(|i| i.kind() == kind).unwrap();
    assert_eq!(
        by_kind(Kind::Value)
            .grade("minus five")
            .unwrap_err()
            .to_string(),
        "\"minus five\" is not a number: type a whole number, like -5, 0 or 8"
    );
    let tree = by_kind(Kind::Tree);
    let nodes = match &tree.task {
        Task::Tree(key) => key.nodes.len(),
        _ => unreachable!(),
    };
    assert_eq!(
        tree.grade("1, 2").unwrap_err().to_string(),
        format!(
            "\"1, 2\" has 2 numbers, but the tree has {nodes} nodes: type {nodes} whole numbers \
             in the order listed, separated by commas"
        )
    );
    assert_eq!(
        parse_cell("row 4 column 1", tictactoe::Geometry::CLASSIC)
            .unwrap_err()
            .to_string(),
        "\"row 4 column 1\" is not a cell of the 3x3 board: type a cell as r2c3, 2,3 or row 2 \
         column 3 (rows and columns 1 to 3), or its number 1 to 9 in reading order"
    );
    let find = by_kind(Kind::FindMove);
    let taken = find
        .board
        .geometry()
        .all_cells()
        .find(|&c| find.board.get(c).is_some())
        .unwrap();
    let error = find.grade(&cell_name(taken)).unwrap_err().to_string();
    assert!(
        error.contains("is not an empty cell: choose among"),
        "{error}"
    );
    let horizon = by_kind(Kind::Horizon);
    let empty = horizon.board.legal_moves().next().unwrap();
    let taken = horizon
        .board
        .geometry()
        .all_cells()
        .find(|&c| horizon.board.get(c).is_some())
        .unwrap();
    let typed = format!("{}; {}", cell_name(empty), cell_name(taken));
    let error = horizon.grade(&typed).unwrap_err().to_string();
    let names = format!(
        "names {}, which is not empty: choose among",
        cell_name(taken)
    );
    assert!(error.contains(&names), "{error}");
}

#[test]
fn bad_options_codes_and_answer_lines_are_one_line_and_exit_2() {
    for (args, says) in [
        (
            vec![
                "exercises",
                "--seed",
                "1",
                "--kinds",
                "horizon",
                "--size",
                "4",
            ],
            "tictactoe exercises: the horizon kind is on 3x3 boards only",
        ),
        (
            vec![
                "exercises",
                "--seed",
                "1",
                "--count",
                "2",
                "--answer",
                "3=1",
            ],
            "tictactoe exercises: --answer: \"3\" is not an item of the set: items are numbered 1 to 2",
        ),
        (
            vec!["exercises", "--seed", "1", "--answer", "r2c3"],
            "tictactoe exercises: --answer: \"r2c3\" is not an answer: write N=ANSWER",
        ),
        (
            vec![
                "exercises",
                "--seed",
                "1",
                "--check",
                "/nonexistent/answers.txt",
            ],
            "tictactoe exercises: cannot read answers from /nonexistent/answers.txt:",
        ),
    ] {
        let printed = run(&args, b"");
        assert_eq!(printed.status, 2, "{args:?}");
        assert!(printed.stdout.is_empty(), "{args:?}");
        assert_eq!(
            printed.stderr.lines().count(),
            1,
            "{args:?}: {}",
            printed.stderr
        );
        assert!(
            printed.stderr.starts_with(says),
            "{args:?}: {}",
            printed.stderr
        );
    }
    // Options clap checks name the value and the option.
    let printed = run(&["exercises", "--code", "v1-s1-k=fork-n=1-3x3"], b"");
    assert_eq!(printed.status, 2);
    assert!(
        printed
            .stderr
            .contains("\"fork\" is not a kind of exercise"),
        "{}",
        printed.stderr
    );
}

#[test]
fn one_small_set_prints_as_it_always_has() {
    let code = "v1-s7-k=value,tree,horizon,move-n=4-3x3";
    for (name, args) in [
        ("text.txt", vec!["exercises", "--code", code]),
        (
            "set.json",
            vec!["exercises", "--code", code, "--format", "json"],
        ),
        (
            "quiz.gift",
            vec!["exercises", "--code", code, "--format", "gift"],
        ),
        (
            "graded.txt",
            vec![
                "exercises",
                "--code",
                code,
                "--answer",
                "1=-9",
                "--answer",
                "2=0, 0, 0, 0, -9, 0, 0, -9, -9, -7, -7, -9, -9, 0, 0, 0",
                "--answer",
                "3=r1c1; r3c3",
                "--answer",
                "4=row 3 column 1",
            ],
        ),
    ] {
        let printed = run(&args, b"");
        assert_eq!(printed.status, 0, "{}", printed.stderr);
        binary::assert_golden("golden_exercises", name, &printed.stdout);
    }
}

/// `tictactoe exercises --code CODE --check FILE`.
fn check_file(code: &SetCode, file: &std::path::Path) -> binary::Run {
    run(
        &[
            "exercises",
            "--code",
            &code.to_string(),
            "--check",
            file.to_str().unwrap(),
        ],
        b"",
    )
}

#[test]
fn an_answers_file_is_graded_and_its_comments_skipped() {
    let code: SetCode = "v1-s21-k=value,move-n=4-3x3".parse().unwrap();
    let set = generate(&code);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.txt");
    let mut text = String::from("# my answers\n\n");
    for item in &set.items[..3] {
        text.push_str(&format!("{} = {}\n", item.number, item.answer_text()));
    }
    std::fs::write(&file, text).unwrap();
    let printed = check_file(&code, &file);
    assert_eq!(printed.status, 0, "{}", printed.stderr);
    let lines: Vec<&str> = printed.stdout.lines().collect();
    assert_eq!(lines[0], format!("Set {code}: 3 of 4 right."));
    assert_eq!(lines[1], "a move's value: 2 of 2");
    assert_eq!(lines[2], "find the move: 1 of 2");
    assert_eq!(lines[3], "Missed: 4.");
    assert!(printed.stdout.contains("Item 4 (find the move):"));
    assert!(printed.stdout.contains(&format!(
        "Not answered; the answer: {}.",
        set.items[3].answer_text()
    )));
    // A line that is not an answer names the file and the line.
    std::fs::write(&file, "1=0\nfive\n").unwrap();
    let printed = run(
        &[
            "exercises",
            "--code",
            &code.to_string(),
            "--check",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(printed.status, 2);
    assert_eq!(
        printed.stderr,
        format!(
            "tictactoe exercises: {} line 2: \"five\" is not an answer: write N=ANSWER, like \
             1=-5 or 2=r2c3\n",
            file.display()
        )
    );
}

#[test]
fn an_answers_file_with_a_byte_order_mark_and_windows_line_ends_is_read() {
    let code: SetCode = "v1-s21-k=value,move-n=4-3x3".parse().unwrap();
    let set = generate(&code);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.txt");
    let mut text = String::from("\u{feff}");
    for item in &set.items {
        text.push_str(&format!("{}={}\r\n", item.number, item.answer_text()));
    }
    std::fs::write(&file, text).unwrap();
    let printed = check_file(&code, &file);
    assert_eq!(printed.status, 0, "{}", printed.stderr);
    assert!(
        printed
            .stdout
            .starts_with(&format!("Set {code}: 4 of 4 right.")),
        "{}",
        printed.stdout
    );
}

#[test]
fn an_item_answered_twice_is_refused_naming_both_places() {
    let code = "v1-s21-k=value,move-n=4-3x3";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.txt");
    std::fs::write(&file, "1=0\n2=r1c1\n1=3\n").unwrap();
    let path = file.to_str().unwrap();
    let printed = run(&["exercises", "--code", code, "--check", path], b"");
    assert_eq!(printed.status, 2);
    assert_eq!(
        printed.stderr,
        format!(
            "tictactoe exercises: item 1 is answered twice, at {path} line 1 and at {path} line \
             3: keep one\n"
        )
    );
    std::fs::write(&file, "2=r1c1\n").unwrap();
    let printed = run(
        &[
            "exercises",
            "--code",
            code,
            "--check",
            path,
            "--answer",
            "2=r3c3",
        ],
        b"",
    );
    assert_eq!(printed.status, 2);
    assert!(
        printed.stderr.contains(&format!(
            "item 2 is answered twice, at {path} line 1 and at --answer \"2=r3c3\""
        )),
        "{}",
        printed.stderr
    );
}

#[test]
fn alpha_and_beta_are_read_by_their_labels_not_their_places() {
    // A set whose item 5 asks for a window; β typed first is still right, α twice is named.
    let code = "v1-s7-k=value,tree,horizon,move,prune-n=10-3x3";
    let set = generate(&code.parse().unwrap());
    let (number, alpha, beta) = set
        .items
        .iter()
        .find_map(|item| match &item.task {
            Task::Prune(key) => match key.ask {
                Ask::Window(node) => {
                    let (a, b) = key.final_window(node).unwrap();
                    let text = |v: i32| match v {
                        v if v >= key.infinity => "inf".to_string(),
                        v if v <= -key.infinity => "-inf".to_string(),
                        v => v.to_string(),
                    };
                    Some((item.number, text(a.value()), text(b.value())))
                }
                Ask::Pruned => None,
            },
            _ => None,
        })
        .expect("a window item in the set");
    let grade = |answer: String| run(&["exercises", "--code", code, "--answer", &answer], b"");
    for typed in [
        format!("β={beta} α={alpha}"),
        format!("α={alpha}, β={beta}"),
        format!("beta {beta} alpha {alpha}"),
        format!("({alpha}, {beta})"),
    ] {
        let printed = grade(format!("{number}={typed}"));
        assert_eq!(printed.status, 0, "{}", printed.stderr);
        assert!(
            printed.stdout.contains("1 of 10 right")
                && !printed.stdout.contains(&format!("Item {number} (")),
            "{typed}: {}",
            printed.stdout
        );
    }
    let printed = grade(format!("{number}=α={alpha} α={beta}"));
    assert!(
        printed.stdout.contains("names α twice and β not at all"),
        "{}",
        printed.stdout
    );
    assert!(
        printed.stdout.contains("0 of 10 right"),
        "{}",
        printed.stdout
    );
}

#[test]
fn the_guides_example_is_what_the_command_prints() {
    let printed = run(
        &[
            "exercises",
            "--seed",
            "7",
            "--kinds",
            "value,horizon",
            "--count",
            "2",
        ],
        b"",
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/command-line.md"))
            .unwrap();
    let example = format!(
        "$ tictactoe exercises --seed 7 --kinds value,horizon --count 2\n{}```",
        printed.stdout
    );
    assert!(readme.contains(&example), "{}", printed.stdout);
}

#[test]
fn a_mangled_code_is_refused_in_one_line_or_names_a_set_that_round_trips() {
    let mut rng = SmallRng::seed_from_u64(12);
    let seeds = [
        "v1-s1234-k=value,horizon-n=10-3x3",
        "v1-s0-k=tree,move-n=1-4x4-view=x",
    ];
    let mut accepted = 0;
    for case in 0..3000 {
        let typed = mutated(&mut rng, seeds[case % seeds.len()]);
        match typed.parse::<SetCode>() {
            Ok(code) => {
                accepted += 1;
                assert_eq!(
                    code.to_string().parse::<SetCode>().as_ref(),
                    Ok(&code),
                    "{typed:?}"
                );
            }
            Err(error) => {
                let message = error.to_string();
                assert!(
                    !message.contains('\n') && !message.contains('\0'),
                    "{message:?}"
                );
                assert!(message.starts_with("set code \""), "{message}");
                assert!(message.len() < 400, "{message}");
            }
        }
    }
    assert!(accepted > 0 && accepted < 3000, "{accepted}");
}

#[test]
fn a_grading_as_json_has_the_summary_and_every_item() {
    let code = "v1-s7-k=value,horizon-n=2-3x3";
    let set = generate(&code.parse().unwrap());
    let one = format!("1={}", set.items[0].answer_text());
    let printed = run(
        &[
            "exercises",
            "--code",
            code,
            "--answer",
            &one,
            "--answer",
            "2=x",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(printed.status, 0, "{}", printed.stderr);
    let json = printed.json();
    assert_eq!(json["right"], 1);
    assert_eq!(json["missed"], serde_json::json!([2]));
    assert_eq!(json["summary"][0], format!("Set {code}: 1 of 2 right."));
    assert_eq!(json["graded"][0]["correct"], true);
    assert_eq!(json["graded"][1]["correct"], false);
    assert_eq!(json["graded"][1]["answer"], set.items[1].answer_text());
    let why = json["graded"][1]["feedback"][0].as_str().unwrap();
    assert!(
        why.starts_with("Could not be read: \"x\" is not a cell: type one or more cells"),
        "{why}"
    );
    // A quiz is no grading.
    let printed = run(
        &[
            "exercises",
            "--code",
            code,
            "--answer",
            "1=0",
            "--format",
            "gift",
        ],
        b"",
    );
    assert_eq!(printed.status, 2);
    assert_eq!(
        printed.stderr,
        "tictactoe exercises: --format gift prints a quiz, not a grading: grade with --format \
         text or json\n"
    );
}

/// What a learner who lets every side maximise `maximiser`'s numbers gets for `board`, reached
/// `depth` plies after the move asked about.
fn everyone_maximises(board: &Board, maximiser: Mark, depth: i32) -> i32 {
    let win = board.geometry().win_score();
    if let Some(score) = Score::of_outcome(board.outcome(), maximiser, depth, win) {
        return score.value();
    }
    board
        .legal_moves()
        .map(|cell| everyone_maximises(&board.after(cell).unwrap(), maximiser, depth + 1))
        .max()
        .unwrap()
}

/// No horizon item has every empty cell for its answer, and in each a move looks best to the
/// computer that is not (so seeing to the end gives another answer), over 1,000 items.
#[test]
fn no_horizon_item_is_every_empty_cell_and_each_has_a_move_that_looks_best_but_is_not() {
    let (mut items, mut all_cells, mut misled, mut o_to_move) = (0, 0, 0, 0);
    for seed in 0..100 {
        let view = ScoreView::ALL[seed as usize % 2];
        let code = SetCode::new(seed, vec![Kind::Horizon], 10, 3, view).unwrap();
        for item in generate(&code).items {
            let Task::Horizon(key) = &item.task else {
                panic!("a horizon item")
            };
            let board = item.board;
            let horizon = key.difficulty.horizon().unwrap();
            let plays = limited_best(&board, horizon);
            assert_eq!(key.plays, plays);
            let exact = plain(&board);
            let best = exact.best_score().unwrap();
            items += 1;
            o_to_move += usize::from(board.to_move() == Mark::O);
            all_cells += usize::from(plays.len() == board.legal_moves().count());
            misled += usize::from(plays.iter().any(|&c| exact.get(c).unwrap().score < best));
        }
    }
    assert_eq!(items, 1000);
    assert_eq!(all_cells, 0, "items whose answer is every empty cell");
    assert_eq!(
        misled, items,
        "items with a move that looks best but is not"
    );
    assert!(
        (400..=600).contains(&o_to_move),
        "about half O to move: {o_to_move}"
    );
}

/// Every set with four or more items on a board asks of X to move and of O to move, whatever its
/// kinds, board and count; over all of them, about half the items have O to move.
#[test]
fn every_set_of_four_board_items_has_x_and_o_to_move() {
    let mut rng = SmallRng::seed_from_u64(56);
    let (mut sets, mut items, mut o_items) = (0, 0, 0);
    for _ in 0..150 {
        let size = if rng.random_bool(0.7) { 3 } else { 4 };
        let mut kinds = Kind::ALL.to_vec();
        if size == 4 {
            kinds.retain(|&k| k != Kind::Horizon);
        }
        for i in (1..kinds.len()).rev() {
            kinds.swap(i, rng.random_range(0..=i));
        }
        kinds.truncate(rng.random_range(1..=kinds.len()));
        let view = ScoreView::ALL[rng.random_range(0..2)];
        let count = rng.random_range(4..=12);
        let code = SetCode::new(rng.random(), kinds, count, size, view)
            .unwrap()
            .on_trees(rng.random_bool(0.3));
        let set = generate(&code);
        let movers: Vec<Mark> = set
            .items
            .iter()
            .filter(|i| i.on_board())
            .map(|i| i.board.to_move())
            .collect();
        items += movers.len();
        o_items += movers.iter().filter(|&&m| m == Mark::O).count();
        if movers.len() >= 4 {
            sets += 1;
            assert!(
                movers.contains(&Mark::X) && movers.contains(&Mark::O),
                "{code}: {movers:?}"
            );
        }
    }
    assert!(sets > 100, "{sets}");
    assert!(
        o_items * 5 >= items * 2 && o_items * 5 <= items * 3,
        "O to move in {o_items} of {items} items"
    );
}

/// A value item's key is not what a learner gets by letting MIN maximise too (in either view), and
/// every tree item has a move whose replies differ, where picking the wrong side shows.
#[test]
fn value_and_tree_items_are_not_answered_by_letting_min_maximise() {
    let (mut values, mut trees) = (0, 0);
    for seed in 0..40 {
        for size in [3, 4] {
            let view = ScoreView::ALL[seed as usize % 2];
            let code = SetCode::new(seed, vec![Kind::Value, Kind::Tree], 6, size, view).unwrap();
            for item in generate(&code).items {
                let board = item.board;
                match &item.task {
                    Task::Value(key) => {
                        values += 1;
                        let after = board.after(key.scored.cell).unwrap();
                        let seen = Seen::new(view, &board);
                        let slipped = everyone_maximises(&after, seen.maximiser(), 0);
                        assert_ne!(slipped, key.number.value(), "{code} item {}", item.number);
                    }
                    Task::Tree(key) => {
                        trees += 1;
                        let differ = key.nodes.iter().filter(|n| n.path.len() == 1).any(|m| {
                            let replies: Vec<i32> = key
                                .nodes
                                .iter()
                                .filter(|n| n.path.len() == 2 && n.path[0] == m.path[0])
                                .map(|n| n.number.value())
                                .collect();
                            replies.iter().min() != replies.iter().max()
                        });
                        assert!(differ, "{code} item {}", item.number);
                    }
                    _ => unreachable!(),
                }
            }
        }
    }
    assert_eq!((values, trees), (240, 240));
}

/// Every kind on a board says depth the same way (as the articles count it), and a board
/// larger than 3x3 says how many in a row win.
#[test]
fn every_prompt_counts_depth_one_way_and_a_larger_board_says_how_many_in_a_row_win() {
    let depth = "where depth is the number of moves played after the first move from this \
                 position: 0 if that move ends the game";
    for code in [
        "v1-s4-k=value,tree,prune,move-n=8-3x3",
        "v1-s5-k=value,tree,prune,move-n=8-4x4-view=x",
    ] {
        let code: SetCode = code.parse().unwrap();
        for item in generate(&code).items {
            let prompt = item.prompt();
            assert!(!prompt.contains("counted from"), "{prompt}");
            if matches!(item.kind(), Kind::Value | Kind::Tree | Kind::Prune) {
                assert_eq!(prompt.matches(depth).count(), 1, "{prompt}");
            }
            assert_eq!(
                prompt.contains("4 in a row wins"),
                code.size == 4,
                "{prompt}"
            );
        }
    }
}

/// A "find the move" item is not found by taking the opponent to help (MIN maximising the
/// mover's numbers too): another move looks at least as good that way, so a move that wins at
/// once is never asked; every other lesson still is.
#[test]
fn a_find_the_move_item_is_not_found_by_taking_the_opponent_to_help() {
    let mut lessons = std::collections::BTreeMap::new();
    let mut items = 0;
    for seed in 0..40 {
        for size in [3, 4] {
            let view = ScoreView::ALL[seed as usize % 2];
            let code = SetCode::new(seed, vec![Kind::FindMove], 6, size, view).unwrap();
            for item in generate(&code).items {
                let Task::FindMove(key) = &item.task else {
                    panic!("a find-the-move item")
                };
                let board = item.board;
                let mover = board.to_move();
                let helped: Vec<(Cell, i32)> = board
                    .legal_moves()
                    .map(|c| (c, everyone_maximises(&board.after(c).unwrap(), mover, 0)))
                    .collect();
                let best = helped.iter().map(|h| h.1).max().unwrap();
                let picked: Vec<Cell> =
                    helped.iter().filter(|h| h.1 == best).map(|h| h.0).collect();
                assert_ne!(picked, [key.exercise.answer], "{code} item {}", item.number);
                *lessons.entry(key.exercise.lesson.name()).or_insert(0) += 1;
                items += 1;
            }
        }
    }
    assert_eq!(items, 480);
    assert!(
        !lessons.contains_key(practice::Lesson::Win.name()),
        "{lessons:?}"
    );
    assert!(lessons.len() >= 3, "{lessons:?}");
}

#[test]
fn a_hand_in_is_graded_by_the_command_line_against_its_own_set_and_an_edit_is_named() {
    use tictactoe::learn::exercises::{HandIn, grade_hand_in};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hand-in.txt");
    let path = file.to_str().unwrap();
    let code: SetCode = "v1-s8-k=move,value-n=3-3x3".parse().unwrap();
    let set = generate(&code);
    let answers: Vec<Option<String>> = set.items.iter().map(|i| Some(i.answer_text())).collect();
    let text = HandIn::new("Ada", &code, &answers).text();
    std::fs::write(&file, &text).unwrap();
    // No --code: the hand-in names its set.
    let graded = run(&["exercises", "--check", path], b"");
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    assert_eq!(
        graded.stdout,
        grade_hand_in(&text).unwrap().lines().join("\n") + "\n"
    );
    assert!(
        graded.stdout.contains("Score: 3 of 3 right.\nSeal: intact"),
        "{}",
        graded.stdout
    );
    let edited = text.replace("Name: Ada", "Name: Bob");
    std::fs::write(&file, &edited).unwrap();
    let flagged = run(&["exercises", "--check", path], b"");
    assert!(flagged.stdout.contains("\nEdited: "), "{}", flagged.stdout);
    // A malformed hand-in: one line, exit 2.
    std::fs::write(&file, text.replace("3=", "7=")).unwrap();
    let refused = run(&["exercises", "--check", path], b"");
    assert_eq!(refused.status, 2);
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    assert!(
        refused
            .stderr
            .contains("line 6: \"7\" is not an item of the set"),
        "{}",
        refused.stderr
    );
    // --code of another set is refused rather than graded against the wrong key.
    std::fs::write(&file, &text).unwrap();
    let other = run(
        &[
            "exercises",
            "--check",
            path,
            "--code",
            "v1-s9-k=value-n=3-3x3",
        ],
        b"",
    );
    assert_eq!(other.status, 2, "{}", other.stdout);
    assert!(
        other
            .stderr
            .contains("is a hand-in of the set v1-s8-k=move,value-n=3-3x3")
    );
}

#[test]
fn the_scorm_package_is_made_from_a_built_site_and_a_missing_site_is_named() {
    use tictactoe::learn::quiz::scorm::{SITE_FILES, package};
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir(&site).unwrap();
    let contents: Vec<Vec<u8>> = SITE_FILES
        .iter()
        .map(|name| format!("the site's {name}").into_bytes())
        .collect();
    for (name, bytes) in SITE_FILES.iter().zip(&contents) {
        std::fs::write(site.join(name), bytes).unwrap();
    }
    let zip = dir.path().join("set.zip");
    let code = "v1-s7-k=value,horizon-n=4-3x3";
    let made = run(
        &[
            "exercises",
            "--code",
            code,
            "--format",
            "scorm",
            "--site",
            site.to_str().unwrap(),
            "--out",
            zip.to_str().unwrap(),
            "--pass-mark",
            "70",
        ],
        b"",
    );
    assert_eq!(made.status, 0, "{}", made.stderr);
    assert_eq!(
        std::fs::read(&zip).unwrap(),
        package(&code.parse().unwrap(), 70, &contents),
        "the package's bytes are the library's, which the page makes too"
    );
    std::fs::remove_file(site.join("tictactoe_bg.wasm")).unwrap();
    let missing = run(
        &[
            "exercises",
            "--code",
            code,
            "--format",
            "scorm",
            "--site",
            site.to_str().unwrap(),
            "--out",
            zip.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(missing.status, 2);
    assert_eq!(missing.stderr.lines().count(), 1, "{}", missing.stderr);
    assert!(
        missing.stderr.contains("has no tictactoe_bg.wasm"),
        "{}",
        missing.stderr
    );
}

#[test]
fn the_apps_quiz_export_is_the_command_lines_bytes() {
    use tictactoe::app::{QuizFormat, quiz_text};
    for code in [
        "v1-s2025-k=value,tree,prune@2-n=3-3x3-trees",
        "v1-s7-k=value,horizon,move,prune@13-n=6-3x3-view=x",
    ] {
        let set = generate(&code.parse().unwrap());
        for (format, word) in [
            (QuizFormat::Gift, "gift"),
            (QuizFormat::MoodleXml, "moodle"),
        ] {
            let printed = run(&["exercises", "--code", code, "--format", word], b"");
            assert_eq!(printed.status, 0, "{}", printed.stderr);
            assert_eq!(quiz_text(&set, format), printed.stdout, "{code} as {word}");
        }
    }
}

/// Open lines written here, apart from the engine: the runs of k cells along rows, columns and
/// both diagonals with no mark of `side`'s opponent.
fn open_for(board: &Board, side: Mark) -> i32 {
    let geometry = board.geometry();
    let (rows, cols, k) = (
        geometry.rows() as i32,
        geometry.cols() as i32,
        geometry.k() as i32,
    );
    let mut open = 0;
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..rows {
            for c in 0..cols {
                let cells: Vec<(i32, i32)> = (0..k).map(|i| (r + dr * i, c + dc * i)).collect();
                let inside = cells
                    .iter()
                    .all(|&(r, c)| (0..rows).contains(&r) && (0..cols).contains(&c));
                if inside
                    && cells.iter().all(|&(r, c)| {
                        board.get(Cell::new(r as usize, c as usize)) != Some(side.opponent())
                    })
                {
                    open += 1;
                }
            }
        }
    }
    open
}

/// X's open lines minus O's.
fn open_lines_reference(board: &Board) -> i32 {
    open_for(board, Mark::X) - open_for(board, Mark::O)
}

/// A depth-limited negamax written here: the value for the side to move at `board`, `depth`
/// plies below the position's move, looking `plies_left` further; a finished game ranks beyond
/// every evaluation (a quicker win higher), a position at the cutoff is its mover's open lines
/// minus the opponent's.
fn cutoff_value(board: &Board, depth: i32, plies_left: i32) -> i32 {
    let side = board.to_move();
    let win = board.geometry().win_score();
    if let Some(score) = Score::of_outcome(board.outcome(), side, depth, win) {
        return match score.value() {
            v if v > 0 => 1000 + v,
            v if v < 0 => v - 1000,
            _ => 0,
        };
    }
    if plies_left == 0 {
        return open_for(board, side) - open_for(board, side.opponent());
    }
    board
        .legal_moves()
        .map(|cell| -cutoff_value(&board.after(cell).unwrap(), depth + 1, plies_left - 1))
        .max()
        .unwrap()
}

/// The move a search of `plies` (its own move counted) picks: the highest, the first in
/// reading order on a tie.
fn cutoff_reference(board: &Board, plies: i32) -> Cell {
    let mut best: Option<(Cell, i32)> = None;
    for cell in board.legal_moves() {
        let value = -cutoff_value(&board.after(cell).unwrap(), 0, plies - 1);
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((cell, value));
        }
    }
    best.unwrap().0
}

/// Fractions written here: a numerator over a positive denominator, in lowest terms.
fn reduced(n: i128, d: i128) -> (i128, i128) {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let g = gcd(n, d).max(1) * d.signum();
    (n / g, d / g)
}

/// Expectiminimax written here: a leaf its value, a chance node the sum of each child's
/// probability times its value (equal shares where none are written), MAX the highest, MIN
/// the lowest.
fn expecti_reference(node: TreePosition) -> (i128, i128) {
    if let Some(leaf) = node.leaf() {
        return (leaf.into(), 1);
    }
    let children: Vec<((i128, i128), (i128, i128))> = node
        .children()
        .map(|child| {
            let share = match node.probabilities_given() {
                true => {
                    let p = child.probability().unwrap();
                    (p.numerator(), p.denominator())
                }
                false => (1, node.len() as i128),
            };
            (share, expecti_reference(child))
        })
        .collect();
    if node.is_chance() {
        return children
            .iter()
            .fold((0, 1), |(n, d), &((pn, pd), (vn, vd))| {
                reduced(n * pd * vd + pn * vn * d, d * pd * vd)
            });
    }
    let less = |a: (i128, i128), b: (i128, i128)| a.0 * b.1 < b.0 * a.1;
    let mut best = children[0].1;
    for &(_, value) in &children {
        let better = match node.side() {
            Side::Max => less(best, value),
            Side::Min => less(value, best),
        };
        if better {
            best = value;
        }
    }
    best
}

fn items_of(kind: Kind, seeds: std::ops::Range<u64>) -> Vec<Item> {
    let geometry = tictactoe::engine::board::Geometry::with_default_k(3, 3).unwrap();
    seeds
        .flat_map(|seed| {
            (1..=3).map(move |level| make_item(seed, kind, level, geometry, ScoreView::Articles))
        })
        .collect()
}

#[test]
fn chance_keys_are_an_expectiminimax_written_here_on_many_seeds() {
    let (mut values, mut moves) = (0, 0);
    for item in items_of(Kind::Chance, 0..200) {
        let Task::Chance(key) = &item.task else {
            panic!("a chance item");
        };
        let context = format!("{} at level {}", key.tree, item.level);
        for node in key.tree.nodes() {
            let (n, d) = expecti_reference(node);
            let value = key.values[node.id()].value;
            assert_eq!(
                (value.numerator(), value.denominator()),
                (n, d),
                "{context}"
            );
        }
        match key.ask {
            ChanceAsk::Value(id) => {
                values += 1;
                assert!(key.tree.node(id).unwrap().is_chance(), "{context}");
                let (n, d) = expecti_reference(key.tree.node(id).unwrap());
                // The exact fraction, and a decimal rounded to 2 places, are right.
                assert!(
                    item.grade(&format!("{n}/{d}")).unwrap().correct,
                    "{context}"
                );
                let decimal = format!("{:.2}", n as f64 / d as f64);
                assert!(
                    item.grade(&decimal).unwrap().correct,
                    "{context}: {decimal}"
                );
                let off = format!("{:.2}", n as f64 / d as f64 + 0.01);
                assert!(!item.grade(&off).unwrap().correct, "{context}: {off}");
            }
            ChanceAsk::Move => {
                moves += 1;
                let root = key.tree.root();
                let values: Vec<(i128, i128)> = root.children().map(expecti_reference).collect();
                let mut best = 0;
                for (i, v) in values.iter().enumerate() {
                    if v.0 * values[best].1 > values[best].0 * v.1 {
                        best = i;
                    }
                }
                let letter =
                    tictactoe::learn::exercises::prune::label(root.child(best).unwrap().id());
                assert_eq!(item.answer_text(), letter, "{context}");
                let root_named = item.grade("A").unwrap_err().to_string();
                assert!(
                    root_named.contains("not one of the root's children"),
                    "{root_named}"
                );
            }
        }
        assert!(
            item.grade(&item.answer_text()).unwrap().correct,
            "{context}"
        );
    }
    assert!(
        values > 100 && moves > 100,
        "{values} values, {moves} moves"
    );
    // The issue's example.
    let tree: tictactoe::engine::game_tree::GameTree =
        "[chance[3, 12], chance[2, 4, 6]]".parse().unwrap();
    assert_eq!(expecti_reference(tree.root()), (15, 2));
}

#[test]
fn evaluation_keys_are_open_lines_and_a_depth_limited_search_written_here_on_many_seeds() {
    let mut differ_from_exact = 0;
    // 200 seeds on 3×3, 50 on 4×4 (four in a row): every level of each.
    for (size, seeds) in [(3, 200), (4, 50)] {
        let geometry = tictactoe::engine::board::Geometry::with_default_k(size, size).unwrap();
        for seed in 0..seeds {
            for level in 1..=3 {
                let item = make_item(seed, Kind::Eval, level, geometry, ScoreView::Articles);
                let Task::Eval(key) = &item.task else {
                    panic!("an evaluation item");
                };
                let board = item.board;
                let context = format!("{board} at level {level}");
                assert_eq!(key.value, open_lines_reference(&board), "{context}");
                assert_eq!(key.plies, u32::from(level) - 1, "{context}");
                if level > 1 {
                    let want = cutoff_reference(&board, i32::from(level) - 1);
                    assert_eq!(key.choice, Some(want), "{context}");
                    assert_eq!(item.answer_text(), cell_name(want), "{context}");
                    let best: Vec<Cell> = plain(&board).best_moves().map(|m| m.cell).collect();
                    differ_from_exact += usize::from(!best.contains(&want));
                } else {
                    let wrong = (key.value + 1).to_string();
                    assert!(!item.grade(&wrong).unwrap().correct, "{context}");
                }
                assert!(
                    item.grade(&item.answer_text()).unwrap().correct,
                    "{context}"
                );
            }
        }
    }
    assert!(
        differ_from_exact > 0,
        "some cutoff picks a move exact play would not"
    );
}

#[test]
fn mcts_keys_are_ucb1_and_the_backup_written_here_on_many_seeds() {
    let (mut selections, mut backups) = (0, 0);
    for item in items_of(Kind::Mcts, 0..200) {
        let Task::Mcts(key) = &item.task else {
            panic!("an MCTS item");
        };
        let context = format!("{} seed {} level {}", key.tree, key.seed, item.level);
        match &key.ask {
            MctsAsk::Select {
                parent_visits,
                children,
                choice,
            } => {
                selections += 1;
                let c = match key.c {
                    Exploration::One => 1.0,
                    Exploration::Sqrt2 => 2f64.sqrt(),
                };
                // The root's N is the iterations, and its children's Ns add up to it.
                assert_eq!(*parent_visits, key.iterations, "{context}");
                let sum: u64 = children.iter().map(|ch| ch.visits).sum();
                assert_eq!(sum, *parent_visits, "{context}");
                // UCB1 by hand: W/N + c·sqrt(ln N(parent) / N), the first listed on a tie.
                let ucb = |ch: &Counts| {
                    let n = ch.visits as f64;
                    ch.total as f64 / n + c * ((*parent_visits as f64).ln() / n).sqrt()
                };
                let mut best = &children[0];
                for ch in children {
                    if ucb(ch) > ucb(best) {
                        best = ch;
                    }
                }
                assert_eq!(best.node, *choice, "{context}");
            }
            MctsAsk::Backup {
                before,
                after,
                leaf,
                added,
            } => {
                backups += 1;
                let value = i64::from(key.tree.node(*leaf).unwrap().leaf().unwrap());
                assert_eq!(before.len(), after.len(), "{context}");
                if let Some(added) = added {
                    assert_eq!(before.last().unwrap().node, *added, "{context}");
                    assert_eq!(before.last().unwrap().visits, 0, "{context}");
                }
                for (b, a) in before.iter().zip(after) {
                    // The side that chose the move into a node at depth d moves at depth d - 1:
                    // MAX at even depths; the root's W is MAX's.
                    let depth = key.tree.node(b.node).unwrap().depth();
                    let max_chose = depth == 0 || (depth - 1) % 2 == 0;
                    let reward = if max_chose { value } else { -value };
                    assert_eq!(a.node, b.node, "{context}");
                    assert_eq!(a.visits, b.visits + 1, "{context}");
                    assert_eq!(a.total, b.total + reward, "{context}");
                }
                // The path goes down the tree, one level a node.
                for (i, b) in before.iter().enumerate() {
                    assert_eq!(key.tree.node(b.node).unwrap().depth(), i, "{context}");
                }
            }
        }
        assert!(
            item.grade(&item.answer_text()).unwrap().correct,
            "{context}"
        );
    }
    assert!(
        selections >= 400 && backups >= 200,
        "{selections} {backups}"
    );
}

#[test]
fn a_set_of_the_chance_evaluation_and_mcts_kinds_prints_as_its_golden_files() {
    let code = "v1-s7-k=chance,eval,mcts-n=6-3x3";
    for (name, args) in [
        ("new-kinds-text.txt", vec!["exercises", "--code", code]),
        (
            "new-kinds-set.json",
            vec!["exercises", "--code", code, "--format", "json"],
        ),
        (
            "new-kinds-quiz.gift",
            vec!["exercises", "--code", code, "--format", "gift"],
        ),
        (
            "new-kinds-graded.txt",
            vec![
                "exercises",
                "--code",
                code,
                "--answer",
                "1=B",
                "--answer",
                "2=3",
                "--answer",
                "3=1",
                "--answer",
                "4=13/2",
                "--answer",
                "5=r1c3",
                "--answer",
                "6=16, 11, 15, 12, 8, 6, 6, 6",
            ],
        ),
    ] {
        let printed = run(&args, b"");
        assert_eq!(printed.status, 0, "{}", printed.stderr);
        binary::assert_golden("golden_exercises", name, &printed.stdout);
    }
}

#[test]
fn the_new_kinds_name_their_classic_slips() {
    let (mut chance, mut ucb, mut backup, mut open) = (0, 0, 0, 0);
    for item in items_of(Kind::Chance, 0..100)
        .into_iter()
        .chain(items_of(Kind::Mcts, 0..100))
        .chain(items_of(Kind::Eval, 0..100))
    {
        let named = |typed: &str, words: &str| {
            let graded = item.grade(typed).unwrap();
            !graded.correct && graded.feedback.iter().any(|line| line.contains(words))
        };
        match &item.task {
            // The highest child for a chance node's value: MAX's choice, not the average.
            Task::Chance(key) => {
                let ChanceAsk::Value(id) = key.ask else {
                    continue;
                };
                let node = key.tree.node(id).unwrap();
                let highest = node
                    .children()
                    .map(|c| key.values[c.id()].value)
                    .max()
                    .unwrap();
                if highest != key.values[id].value {
                    let typed = format!("{}/{}", highest.numerator(), highest.denominator());
                    assert!(named(&typed, "took the highest child"), "{}", key.tree);
                    chance += 1;
                }
            }
            // The child with the highest W/N, where UCB1 explores elsewhere (as every item does).
            Task::Mcts(key) => match &key.ask {
                MctsAsk::Select { children, .. } => {
                    let mean = |c: &Counts| c.total as f64 / c.visits as f64;
                    let mut best = &children[0];
                    for c in children {
                        if mean(c) > mean(best) {
                            best = c;
                        }
                    }
                    let position = key.tree.node(best.node).unwrap().path()[0] + 1;
                    assert!(named(&position.to_string(), "highest W/N"), "{}", key.tree);
                    ucb += 1;
                }
                // W counted for MAX everywhere: MIN's nodes get the sign wrong.
                MctsAsk::Backup { before, leaf, .. } => {
                    let value = i64::from(key.tree.node(*leaf).unwrap().leaf().unwrap());
                    let signed: Vec<String> = before
                        .iter()
                        .flat_map(|c| [(c.visits + 1) as i64, c.total + value])
                        .map(|n| n.to_string())
                        .collect();
                    assert!(
                        named(&signed.join(", "), "the value negated"),
                        "{}",
                        key.tree
                    );
                    backup += 1;
                }
            },
            // X's open lines alone.
            Task::Eval(key) if key.plies == 0 => {
                let board = item.board;
                let x_alone = open_for(&board, Mark::X);
                if x_alone != key.value {
                    assert!(named(&x_alone.to_string(), "left out O's"), "{board}");
                    open += 1;
                }
            }
            _ => {}
        }
    }
    assert!(
        chance > 20 && ucb > 100 && backup > 50 && open > 50,
        "{chance} {ucb} {backup} {open}"
    );
}

// Sets on the textbooks' abstract trees on the command line (their keys are checked against a
// textbook alpha-beta in learn/tests/exercise_trees.rs).

#[test]
fn a_code_with_trees_round_trips_and_names_the_same_set_on_the_command_line() {
    for text in [
        "v1-s12-k=prune,tree-n=6-3x3-trees",
        "v1-s12-k=value,prune-n=4-3x3-view=x-trees",
        "v1-s3-k=prune-n=3-4x4",
    ] {
        let code: SetCode = text.parse().unwrap();
        assert_eq!(code.to_string(), text);
        let set = generate(&code);
        let printed = run(&["exercises", "--code", text, "--format", "json"], b"");
        assert_eq!(printed.status, 0, "{}", printed.stderr);
        let json = printed.json();
        assert_eq!(json["code"], text);
        for (printed, item) in json["items"].as_array().unwrap().iter().zip(&set.items) {
            assert_eq!(printed["answer"], item.answer_text());
            assert_eq!(printed["question"], item.prompt());
            assert_eq!(
                printed["figure"].as_array().map_or(0, Vec::len),
                item.figure().len()
            );
            if let Task::Prune(key) = &item.task {
                let pruned: Vec<String> = key
                    .pruned
                    .iter()
                    .map(|&n| key.nodes[n].label.clone())
                    .collect();
                assert_eq!(printed["key"]["pruned"], serde_json::json!(pruned));
                if let Start::Tree { tree, .. } = &key.start {
                    assert_eq!(printed["tree"], tree.to_string());
                }
            }
        }
        // The same set from the options.
        let by_parts = run(
            &[
                "exercises",
                "--seed",
                &code.seed.to_string(),
                "--kinds",
                &code
                    .kinds
                    .iter()
                    .map(|k| k.code())
                    .collect::<Vec<_>>()
                    .join(","),
                "--count",
                &code.count.to_string(),
                "--size",
                &code.size.to_string(),
                "--view",
                if code.view == ScoreView::Articles {
                    "x"
                } else {
                    "mover"
                },
                "--format",
                "json",
            ]
            .into_iter()
            .chain(code.trees.then_some("--trees"))
            .collect::<Vec<&str>>(),
            b"",
        );
        assert_eq!(by_parts.stdout, printed.stdout, "{}", by_parts.stderr);
        // The answers graded on the command line as in the library.
        let answers: Vec<String> = set
            .items
            .iter()
            .map(|i| format!("{}={}", i.number, i.answer_text()))
            .collect();
        let mut args = vec!["exercises", "--code", text];
        for answer in &answers {
            args.extend(["--answer", answer]);
        }
        let graded = run(&args, b"");
        assert_eq!(graded.status, 0, "{}", graded.stderr);
        assert!(
            graded.stdout.starts_with(&format!(
                "Set {text}: {} of {} right.",
                set.items.len(),
                set.items.len()
            )),
            "{}",
            graded.stdout
        );
    }
}

/// A grading is not a quiz.
#[test]
fn a_quiz_format_with_answers_is_refused() {
    let refused = run(
        &[
            "exercises",
            "--code",
            "v1-s1-k=prune-n=1-3x3",
            "--format",
            "moodle",
            "--answer",
            "1=E",
        ],
        b"",
    );
    assert_eq!(refused.status, 2);
    assert!(
        refused.stderr.contains("--format moodle prints a quiz"),
        "{}",
        refused.stderr
    );
}

/// The random trees come from the set's seed through a generator that is the same on every
/// platform: a set's trees, keys and quiz are kept byte for byte.
#[test]
fn a_set_on_trees_and_one_below_positions_print_as_they_always_have() {
    for (prefix, code) in [
        ("trees", "v1-s7-k=prune,tree-n=6-3x3-trees"),
        ("positions", "v1-s3-k=prune-n=3-3x3-view=x"),
    ] {
        for (name, format) in [
            ("text.txt", "text"),
            ("set.json", "json"),
            ("quiz.xml", "moodle"),
        ] {
            let printed = run(&["exercises", "--code", code, "--format", format], b"");
            assert_eq!(printed.status, 0, "{}", printed.stderr);
            binary::assert_golden(
                "golden_exercise_trees",
                &format!("{prefix}-{name}"),
                &printed.stdout,
            );
        }
    }
}
