//! Issue 31 in the app, through its accessibility tree: the game as a graph in the review, the
//! learner's own mistakes as practice, and an opened game put on the board; and graded
//! exercises, answered and summed up.

use std::time::Duration;

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::minimax::AlphaBeta;
use tictactoe::engine::minimax::Search;
use tictactoe::learn::exercises::{SetCode, Summary, Task, generate};
use tictactoe::learn::review::MoveClass;
use tictactoe::{Board, Cell, Mark, Outcome};

#[path = "common/binary.rs"]
mod binary;
mod harness;

use harness::{Game, start};

/// Plays the worst move shown until the computer (O) has won.
fn lose_against_the_computer(game: &mut Game) {
    while game.board().outcome() == Outcome::Ongoing {
        let analysis = game
            .harness
            .state()
            .shown_scores()
            .expect("scores on your turn")
            .clone();
        let worst = analysis.moves.iter().min_by_key(|m| m.score).unwrap().cell;
        game.click_cell(worst);
    }
    assert_eq!(game.board().outcome().winner(), Some(Mark::O));
}

/// The accessible names of the review list's rows ("Move 3: X at …"), in order.
fn list_rows(game: &Game) -> Vec<String> {
    let mut rows: Vec<String> = game
        .harness
        .query_all_by_label_contains("Move ")
        .filter_map(|node| node.accesskit_node().label())
        .filter(|label| label.starts_with("Move "))
        .collect();
    rows.dedup();
    rows
}

#[test]
fn the_graphs_points_are_the_review_lists_moves_with_the_same_numbers_in_both_views() {
    for (settings, x_sees_all) in [
        ("show_scores: true", false),
        ("show_scores: true, score_view: Articles", true),
    ] {
        let mut game = start(settings);
        lose_against_the_computer(&mut game);
        let lost = game.harness.state().session().game().moves().to_vec();
        game.press(Key::M);
        let rows = list_rows(&game);
        assert_eq!(rows.len(), lost.len(), "{rows:?}");
        let points = game
            .harness
            .query_all_by_label_contains("Graph point, move ")
            .count();
        assert_eq!(points, lost.len());
        // Each point is named as its row is, and both carry the engine's numbers.
        let mut board = Board::classic();
        for (index, &cell) in lost.iter().enumerate() {
            let analysis = AlphaBeta::new().analyze(&board);
            let (score, best) = (
                analysis.get(cell).unwrap().score,
                analysis.best_score().unwrap(),
            );
            let class = MoveClass::of(score, best);
            // In the articles' view every number is X's: O's are negated.
            let sign = if x_sees_all && board.to_move() == Mark::O {
                -1
            } else {
                1
            };
            let rest = format!(
                "{}: {} at {}, score {}, best {}: {class}",
                index + 1,
                board.to_move(),
                cell.human(),
                sign * score.value(),
                sign * best.value()
            );
            assert_eq!(rows[index], format!("Move {rest}"));
            game.harness
                .get_by_label(&format!("Graph point, move {rest}"));
            board.play(cell).unwrap();
        }
        // A click on a point previews the position before its move, as a row does.
        let last = lost.len();
        game.harness
            .get_by_label_contains(&format!("Graph point, move {last}: "))
            .click();
        game.settle();
        game.harness
            .get_by_label_contains(&format!("Review: the position before move {last}"));
        assert_eq!(game.harness.state().session().game().moves(), lost);
    }
}

#[test]
fn a_blunder_of_a_played_game_comes_back_as_practice_whose_one_good_move_is_the_engines() {
    let mut game = start("show_scores: true");
    lose_against_the_computer(&mut game);
    // The human's (X's) moves that were not best, as the engine reviews them, in order.
    let lost = game.harness.state().session().game().moves().to_vec();
    let mut board = Board::classic();
    let mut own = Vec::new();
    for (index, &cell) in lost.iter().enumerate() {
        let analysis = AlphaBeta::new().analyze(&board);
        let class = MoveClass::of(
            analysis.get(cell).unwrap().score,
            analysis.best_score().unwrap(),
        );
        if board.to_move() == Mark::X && class != MoveClass::Best {
            let best: Vec<Cell> = analysis.best_moves().map(|m| m.cell).collect();
            own.push((index + 1, board, cell, class, best));
        }
        board.play(cell).unwrap();
    }
    assert!(
        own.iter().any(|o| o.3 == MoveClass::Blunder),
        "losing to Perfect takes a blunder"
    );
    // Practice deals them first, in the order played, saying where each comes from, and lists
    // the lessons missed.
    game.press(Key::P);
    game.harness.get_by_label_contains("Themes you miss: ");
    for (ply, before, played, class, best) in &own {
        assert_eq!(game.board_on_show(), *before);
        game.harness.get_by_label_contains(&format!(
            "From your game: move {ply}, you played {} ({class}).",
            played.human()
        ));
        if *class == MoveClass::Blunder {
            // The blunder's position has one good move, the engine's, and it is right.
            assert_eq!(best.len(), 1, "{before}");
            game.click_cell(best[0]);
            game.harness
                .get_by_label_contains(&format!("Best! {} was the one move", best[0].human()));
        } else {
            // The move played again is wrong, and the feedback names the engine's moves.
            game.click_cell(*played);
            let named = if best.len() == 1 {
                format!("Not the best: the one move was {}", best[0].human())
            } else {
                let all: Vec<String> = best.iter().map(|c| c.human()).collect();
                format!("Not the best: the best moves were {}", all.join(", "))
            };
            game.harness.get_by_label_contains(&named);
        }
        game.press(Key::N);
    }
    // The game itself was never touched.
    game.press(Key::P);
    assert_eq!(game.harness.state().session().game().moves(), lost);
}

/// Issue 31, item 8: after opening a saved game, the review's button put the game being played
/// in the review instead of the opened one on the board.
#[test]
fn an_opened_game_goes_on_the_board_when_asked() {
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    let played = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)];
    for &cell in &played {
        game.click_cell(cell);
    }
    let end = game.board();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    game.harness.state_mut().save_game(&path);
    game.settle();
    // A new game with one move, then the saved game opened.
    game.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    game.settle();
    game.click_cell(Cell::new(0, 1));
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().open_game(&ctx, &path);
    game.settle();
    game.harness
        .get_by_label_contains("The game opened from game.ron.");
    game.harness
        .get_by_label("Put this game on the board")
        .click();
    game.settle();
    assert_eq!(game.board(), end);
    assert_eq!(game.harness.state().session().game().moves(), played);
    // The review shows it, now as the game on the board.
    assert!(
        game.harness
            .query_by_label_contains("The game opened from")
            .is_none()
    );
    game.harness
        .get_by_label_contains("Move 3: X at row 3, column 3");
    // Opened again, the other button goes back to the game being played.
    game.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    game.settle();
    game.click_cell(Cell::new(0, 1));
    game.harness.state_mut().open_game(&ctx, &path);
    game.settle();
    game.harness
        .get_by_label("Review the game you are playing")
        .click();
    game.settle();
    game.harness
        .get_by_label_contains("Move 1: X at row 1, column 2");
    assert!(game.harness.query_by_label_contains("Move 3: ").is_none());
}

#[test]
fn a_reviews_preview_of_a_position_before_a_move_shows_no_result_over_it() {
    let mut game = start("show_scores: true, welcome_hint: false");
    lose_against_the_computer(&mut game);
    game.harness.get_by_label("The computer wins.");
    game.press(Key::M);
    game.harness.get_by_label_contains("Move 3: ").click();
    game.settle();
    game.harness
        .get_by_label_contains("Review: the position before move 3");
    assert!(
        game.harness.query_by_label("The computer wins.").is_none(),
        "the game's result is shown over a position before move 3"
    );
    // Back at the game, its result is there again.
    game.press(Key::Escape);
    game.harness.get_by_label("The computer wins.");
}

// Graded exercises: a set opened by its code, answered by typing and by clicking, graded by
// the engine, and summed up to hand in.

/// Types `text` into the answer field (which has the keyboard on each new item) and presses
/// Enter.
fn type_answer(game: &mut Game, text: &str) {
    let field = game.harness.get_by_label("Your answer:");
    assert!(
        field.is_focused(),
        "a new item's answer field has the keyboard"
    );
    field.type_text(text);
    game.settle();
    game.press(Key::Enter);
}

#[test]
fn an_exercise_set_opened_by_its_code_grades_right_wrong_and_unreadable_answers() {
    let mut game = start("welcome_hint: false");
    game.harness.set_size(egui::vec2(900.0, 900.0));
    game.harness.run_steps(3);
    game.harness.get_by_label("View").click();
    game.settle();
    game.harness.get_by_label("Exercises…").click();
    game.settle();
    let code: SetCode = "v1-s7-k=value,move-n=3-3x3".parse().unwrap();
    let set = generate(&code);
    let field = game.harness.get_by_label("Set code:");
    field.focus();
    game.settle();
    // The field holds the menu's set's code: select it all and type over it.
    game.press_with(egui::Modifiers::COMMAND, Key::A);
    game.harness
        .get_by_label("Set code:")
        .type_text(&code.to_string());
    game.settle();
    game.press(Key::Enter);
    game.harness.get_by_label(&format!("Set {code}"));

    // Item 1, a value: the engine's own key, typed, is right.
    let first = &set.items[0];
    game.harness.get_by_label(&first.prompt());
    type_answer(&mut game, &first.answer_text());
    let graded = first.grade(&first.answer_text()).unwrap();
    assert!(graded.correct);
    game.harness.get_by_label(&graded.feedback[0]);
    game.press(Key::N);

    // Item 2, find the move: a cell that is not the move is wrong, and worked out.
    let second = &set.items[1];
    let Task::FindMove(key) = &second.task else {
        panic!("item 2 is find-the-move");
    };
    let wrong = second
        .board
        .legal_moves()
        .find(|&cell| !key.exercise.is_good(cell))
        .expect("practice positions have a costly move");
    let typed = format!("r{}c{}", wrong.row + 1, wrong.col + 1);
    type_answer(&mut game, &typed);
    let graded = second.grade(&typed).unwrap();
    assert!(!graded.correct);
    assert!(graded.feedback[0].starts_with("Not quite: "));
    for line in &graded.feedback {
        game.harness.get_by_label(line);
    }
    // The answer is framed on the board, which now carries the engine's scores.
    game.harness.get_by_label_contains(&format!(
        "Row {}, column {}, empty, in your answer, score ",
        wrong.row + 1,
        wrong.col + 1
    ));
    game.harness.get_by_label_contains("Next").click();
    game.settle();

    // Item 3: an answer that is not a number gets the engine's one line, and another try.
    let third = &set.items[2];
    game.harness.get_by_label(&third.prompt());
    type_answer(&mut game, "five");
    let unreadable = third.grade("five").unwrap_err().to_string();
    game.harness.get_by_label(&unreadable);
    // N does not pass over an item not yet answered; the field has the keyboard again.
    game.press(Key::N);
    game.harness.get_by_label(&third.prompt());
    game.press_with(egui::Modifiers::COMMAND, Key::A);
    type_answer(&mut game, &third.answer_text());
    game.press(Key::N);

    // The summary, as the engine words it, copied to hand in.
    let summary = Summary::of(&set, &[Some(true), Some(false), Some(true)]);
    for line in summary.lines() {
        game.harness.get_by_label(&line);
    }
    game.harness.get_by_label("Copy the results").click();
    game.harness.step();
    let copied = game
        .harness
        .output()
        .platform_output
        .commands
        .contains(&egui::OutputCommand::CopyText(summary.lines().join("\n")));
    assert!(copied, "the results are on the clipboard");
    // Again with the kinds missed: a set of find-the-move only, as long.
    game.harness
        .get_by_label("Again with the kinds I missed")
        .click();
    game.settle();
    let title = game.harness.get_by_label_contains("Set v1-s");
    let title = title.accesskit_node();
    let title = title.label().or(title.value()).unwrap_or_default();
    assert!(title.ends_with("-k=move-n=3-3x3"), "{title}");
    game.press(Key::Escape);
    game.press(Key::Escape);
    assert!(game.harness.query_by_label("Your answer:").is_none());
    assert_eq!(game.board(), Board::classic());
}

#[test]
fn exercises_from_a_link_in_xs_numbers_take_cells_clicked_on_the_board() {
    let code: SetCode = "v1-s3-k=move,horizon-n=2-3x3-view=x".parse().unwrap();
    let set = generate(&code);
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.exercises = Some(code.clone());
        // A page known to be on a touch screen: every button a finger's size.
        options.touch_screen = true;
    });
    game.harness.set_size(egui::vec2(900.0, 900.0));
    game.harness.run_steps(3);
    // Buttons name no keys on a touch screen.
    for button in ["New set", "Open the set", "Check"] {
        let rect = game.harness.get_by_label(button).rect();
        assert!(rect.height() >= 44.0, "{button}: {rect:?}");
    }
    let click = |game: &mut Game, cell: Cell| {
        let label = format!("Row {}, column {}, empty", cell.row + 1, cell.col + 1);
        game.harness.get_by_label_contains(&label).click();
        game.settle();
    };
    // Find the move: one click answers.
    let Task::FindMove(key) = &set.items[0].task else {
        panic!("item 1 is find-the-move");
    };
    click(&mut game, key.exercise.answer);
    let graded = set.items[0].grade(&set.items[0].answer_text()).unwrap();
    game.harness.get_by_label(&graded.feedback[0]);
    game.harness.get_by_label_contains("Next").click();
    game.settle();
    // The horizon: each cell it rates best clicked, then checked.
    let second = &set.items[1];
    assert!(second.prompt().contains("looks"), "{}", second.prompt());
    let Task::Horizon(key) = &second.task else {
        panic!("item 2 is the horizon");
    };
    for &cell in &key.plays {
        click(&mut game, cell);
    }
    game.harness.get_by_label("Check").click();
    game.settle();
    let graded = second.grade(&second.answer_text()).unwrap();
    game.harness.get_by_label(&graded.feedback[0]);
    game.press(Key::N);
    let summary = Summary::of(&set, &[Some(true), Some(true)]);
    assert_eq!(summary.right, 2);
    game.harness.get_by_label(&summary.lines()[0]);
    assert!(
        game.harness
            .get_by_label("Again with the kinds I missed")
            .accesskit_node()
            .is_disabled(),
        "nothing was missed"
    );
    // A new set: the same kinds, length, board and view from another seed.
    game.harness.get_by_label("New set").click();
    game.settle();
    let title = game.harness.get_by_label_contains("Set v1-s");
    let title = title.accesskit_node();
    let title = title.label().or(title.value()).unwrap_or_default();
    let fresh: SetCode = title.trim_start_matches("Set ").parse().unwrap();
    assert_ne!(fresh.seed, code.seed);
    assert_eq!(
        SetCode {
            seed: code.seed,
            ..fresh.clone()
        },
        code
    );
    game.harness
        .get_by_label(&generate(&fresh).items[0].prompt());
}

#[test]
fn a_set_left_mid_way_resumes_on_its_item_with_its_answers_after_a_restart() {
    let code: SetCode = "v1-s7-k=value,move-n=3-3x3".parse().unwrap();
    let set = generate(&code);
    let open =
        |options: &mut tictactoe::app::AppOptions| options.open_on.exercises = Some(code.clone());
    let mut game = harness::start_adjusted("welcome_hint: false", open);
    game.harness.set_size(egui::vec2(900.0, 900.0));
    game.harness.run_steps(3);
    let kept = game
        .settings_path
        .with_file_name("exercises-in-progress.txt");
    assert!(!kept.exists(), "a set only opened keeps nothing");
    // Item 1 answered wrong, item 2 right; the student leaves on item 2, graded.
    let wrong = format!("{}", set.items[0].answer_text().parse::<i32>().unwrap() + 1);
    type_answer(&mut game, &wrong);
    game.press(Key::N);
    game.settle();
    let right = set.items[1].answer_text();
    type_answer(&mut game, &right);
    let text = std::fs::read_to_string(&kept).expect("kept on the answer, not at exit");
    assert!(
        text.contains(&format!("set {code}\nitem 2\n1={wrong}\n2={right}\n")),
        "{text}"
    );
    let written = std::fs::metadata(&kept).unwrap().modified().unwrap();

    let mut game = game.restarted(open);
    game.harness.set_size(egui::vec2(900.0, 900.0));
    game.harness.run_steps(3);
    game.harness.get_by_label_contains("Item 2 of 3");
    let graded = set.items[1].grade(&right).unwrap();
    game.harness.get_by_label(&graded.feedback[0]);
    game.harness.get_by_label_contains("2 answered, 1 right.");
    assert_eq!(
        std::fs::metadata(&kept).unwrap().modified().unwrap(),
        written,
        "a set resumed and nothing changed: the file is not written again"
    );
    // Another set is kept apart: it starts afresh, its answer in a block of its own, and this
    // set's answers stay as they were.
    let other: SetCode = "v1-s8-k=value-n=2-3x3".parse().unwrap();
    open_code(&mut game, &other);
    game.harness.get_by_label_contains("Item 1 of 2");
    type_answer(&mut game, &generate(&other).items[0].answer_text());
    let both = std::fs::read_to_string(&kept).unwrap();
    assert!(
        both.contains(&format!("set {code}\nitem 2\n1={wrong}\n2={right}\n")),
        "{both}"
    );
    assert!(both.contains(&format!("set {other}\nitem 1\n1=")), "{both}");
    open_code(&mut game, &code);
    game.harness.get_by_label_contains("Item 2 of 3");

    // Start again says what it does, and clears this set's answers only.
    game.harness
        .get_by_label_contains("start again, which clears them");
    game.harness.get_by_label("Start again").click();
    game.settle();
    game.harness.get_by_label_contains("Item 1 of 3");
    game.harness.get_by_label_contains("None answered yet.");
    let left = std::fs::read_to_string(&kept).unwrap();
    assert!(
        !left.contains(&code.to_string()) && left.contains(&other.to_string()),
        "{left}"
    );
}

/// Opens the set `code` by typing it over the code field's text.
fn open_code(game: &mut Game, code: &SetCode) {
    game.harness.get_by_label("Set code:").focus();
    game.settle();
    game.press_with(egui::Modifiers::COMMAND, Key::A);
    game.harness
        .get_by_label("Set code:")
        .type_text(&code.to_string());
    game.settle();
    game.press(Key::Enter);
    game.settle();
    game.harness.get_by_label(&format!("Set {code}"));
}

#[test]
fn a_progress_file_that_cannot_be_read_is_kept_aside_and_said_in_one_line() {
    let game = start("welcome_hint: false");
    let kept = game
        .settings_path
        .with_file_name("exercises-in-progress.txt");
    std::fs::write(&kept, "set v1-s1-k=value-n=1-3x3\nitem two\n").unwrap();
    let game = game.restarted(|_| {});
    let notice = game.harness.state().notice().expect("said").to_string();
    assert!(
        notice.contains("could not be read (line 2: the item is not a whole number)"),
        "{notice}"
    );
    assert!(!notice.contains('\n'), "{notice}");
    game.harness.get_by_label_contains("the file was kept as");
    assert!(!kept.exists());
    let folder = kept.parent().unwrap();
    let aside: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("exercises-in-progress.txt.broken-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(folder.join(&aside[0])).unwrap(),
        "set v1-s1-k=value-n=1-3x3\nitem two\n"
    );
}

/// The app on `board` (the empty board for `None`), 1280 wide and `height` tall, with the view the
/// View menu's `item` opens, and the pointer gone so that no tooltip covers the view's words.
fn with_view_open(board: Option<Board>, height: f32, item: &str) -> Game {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.position = board;
    });
    game.harness.set_size(egui::vec2(1280.0, height));
    game.harness.run_steps(3);
    game.harness.get_by_label("View").click();
    game.settle();
    game.harness.get_by_label(item).click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    game
}

/// Monte Carlo tree search on the position on show: its buttons run that many iterations, and
/// each root move's numbers are the ones `tictactoe mcts` prints for the same seed, c and
/// iterations, written by the one function both use; beside them the exact score, and the move
/// MCTS would play with whether it is exact-best. A long run goes a frame's worth at a time and
/// Stop ends it.
#[test]
fn monte_carlo_tree_search_shows_the_numbers_tictactoe_mcts_prints_for_the_same_seed() {
    use tictactoe::learn::mcts_report::RootMove;
    let board: Board = "XX./OO./...".parse().unwrap();
    let mut game = with_view_open(Some(board), 720.0, "Monte Carlo tree search");
    game.harness.get_by_label("100").click();
    game.settle();
    game.harness.get_by_label_contains("Iterations 100 ·");
    let cli = binary::run(
        &["mcts", "XX./OO./...", "--iterations", "100", "--seed", "1"],
        b"",
    )
    .json();
    let moves = cli["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    for shown in moves {
        let cell = Cell::new(
            shown["row"].as_u64().unwrap() as usize,
            shown["col"].as_u64().unwrap() as usize,
        );
        let row = RootMove {
            mv: cell,
            visits: shown["visits"].as_u64().unwrap(),
            total: shown["total"].as_f64().unwrap(),
            mean: shown["mean"].as_f64(),
            ucb1: shown["ucb1"].as_f64(),
        };
        assert!(row.visits > 0);
        let words = format!(
            "{}: {} · exact {} ",
            cell.name(),
            row.numbers(),
            shown["exact"]
        );
        game.harness.get_by_label_contains(&words);
    }
    let choice = &cli["choice"];
    let choice = Cell::new(
        choice["row"].as_u64().unwrap() as usize,
        choice["col"].as_u64().unwrap() as usize,
    );
    assert_eq!(cli["exact_best"], true, "r1c3 wins at once: {cli}");
    game.harness.get_by_label_contains(&format!(
        "MCTS would play {} (the most visited): an exact best move.",
        choice.name()
    ));
    // The tree: the root with its 100 visits, a node for each move, the last path marked.
    game.harness.get_by_label_contains("Node root: N 100 (+1)");
    game.harness
        .get_by_label_contains(&format!("Node {}: ", choice.name()));

    // A thousand more go a frame's worth at a time; Stop ends them before the thousand.
    game.harness.get_by_label("1,000").click();
    game.harness.step();
    game.harness.step();
    game.harness.get_by_label_contains(" to go");
    game.harness.get_by_label("Stop").click();
    game.harness.step();
    game.settle();
    assert!(game.harness.query_by_label_contains(" to go").is_none());
    let status = game.harness.get_by_label_contains("Iterations ");
    let status = status
        .accesskit_node()
        .label()
        .map(|label| label.to_string())
        .or_else(|| status.value())
        .unwrap_or_default();
    let run: u64 = status["Iterations ".len()..]
        .split(' ')
        .next()
        .map(|count| count.replace(',', ""))
        .unwrap()
        .parse()
        .unwrap();
    assert!(run > 100 && run < 1_100, "{status}");
    // Esc closes it, and the game's digits wait while it covers the board.
    game.press(Key::Num6);
    assert_eq!(
        game.board(),
        board,
        "6 would play r2c3 on the board under the view"
    );
    game.press(Key::Escape);
    assert_eq!(game.harness.state().open_views(), []);
}

/// Monte Carlo tree search on a textbook's tree, opened from the tree lab on the lab's tree:
/// each root child's numbers and exact value are the ones `tictactoe mcts TREE` prints for the
/// same seed and iterations (a chance tree's too, its exact value expectiminimax's), the child
/// MCTS picks with whether it is exact-best, the tree drawn with its counts, a mistyped tree
/// named in one line, and the board a click away.
#[test]
fn mcts_on_the_tree_lab_s_tree_shows_the_numbers_tictactoe_mcts_prints_for_it() {
    use tictactoe::learn::mcts_report::RootMove;
    let mut game = with_view_open(None, 900.0, "A textbook's tree (minimax and alpha-beta)");
    game.harness
        .get_by_label("Monte Carlo tree search on this tree")
        .click();
    game.settle();
    assert_eq!(
        game.harness.state().open_views(),
        [tictactoe::app::ViewKind::Mcts],
        "the view takes the lab's place"
    );
    let field = game.harness.get_by_label("The tree:");
    assert_eq!(
        field.value().as_deref(),
        Some("[[3,12,8],[2,4,6],[14,5,2]]")
    );
    // Each tree, and the value its best child is worth, after some iterations (the
    // first's twice, a run of 1,000 on top of 100).
    let check = |game: &mut Game, tree: &str, iterations: &str| {
        let cli = binary::run(
            &["mcts", tree, "--iterations", iterations, "--seed", "1"],
            b"",
        )
        .json();
        let count = iterations.parse::<u64>().unwrap();
        let written = match count {
            1_000.. => format!("{},{:03}", count / 1_000, count % 1_000),
            _ => count.to_string(),
        };
        game.harness
            .get_by_label_contains(&format!("Iterations {written} ·"));
        let moves = cli["moves"].as_array().unwrap();
        for shown in moves {
            let row = RootMove {
                mv: (),
                visits: shown["visits"].as_u64().unwrap(),
                total: shown["total"].as_f64().unwrap(),
                mean: shown["mean"].as_f64(),
                ucb1: shown["ucb1"].as_f64(),
            };
            assert!(row.visits > 0, "{cli}");
            game.harness.get_by_label(&format!(
                "child {}: {} · exact {}",
                shown["child"],
                row.numbers(),
                shown["exact"]
            ));
        }
        let verdict = match cli["exact_best"].as_bool().unwrap() {
            true => "an exact best move.".to_string(),
            false => "not an exact best move".to_string(),
        };
        game.harness.get_by_label_contains(&format!(
            "MCTS would pick child {} (the most visited): {verdict}",
            cli["choice"]["child"]
        ));
        game.harness.get_by_label_contains(&format!(
            "Node the root (MAX): N {}, on the last iteration's path",
            cli["iterations"]
        ));
        cli
    };
    game.harness.get_by_label("100").click();
    game.settle();
    let cli = check(&mut game, "[[3,12,8],[2,4,6],[14,5,2]]", "100");
    assert_eq!(cli["moves"][0]["exact"], 3);
    // A thousand more go a frame's worth at a time: the same as 1,100 straight.
    game.harness.get_by_label("1,000").click();
    game.harness.step();
    game.harness.step();
    game.harness.get_by_label_contains(" to go");
    game.settle();
    check(&mut game, "[[3,12,8],[2,4,6],[14,5,2]]", "1100");

    // A mistyped tree: one line saying where, and no numbers.
    let retype = |game: &mut Game, text: &str| {
        game.harness.get_by_label("The tree:").click();
        game.settle();
        game.press_with(egui::Modifiers::COMMAND, Key::A);
        game.harness.get_by_label("The tree:").type_text(text);
        game.settle();
    };
    retype(&mut game, "[[3,12,8],[2,4 6]]");
    game.harness
        .get_by_label_contains("Not a tree: at character 16");
    assert!(
        game.harness
            .query_by_label_contains("Iterations ")
            .is_none()
    );
    // The textbooks' expectimax tree: chance nodes drawn, not chosen; the exact value 7.5.
    retype(&mut game, "[chance[3, 12], chance[2, 4, 6]]");
    assert!(game.harness.query_by_label_contains("Not a tree").is_none());
    // By keyboard: Space presses the run button that has the keyboard (as Tab gives it).
    game.harness.get_by_label("100").focus();
    game.settle();
    game.press(Key::Space);
    game.settle();
    let cli = check(&mut game, "[chance[3, 12], chance[2, 4, 6]]", "100");
    assert_eq!(cli["moves"][0]["exact"], 7.5);
    game.harness
        .get_by_label_contains("Node child 1 (chance): N ");

    // The board is a click away, its search where it was.
    game.harness.get_by_label("the position on show").click();
    game.settle();
    game.harness
        .get_by_label_contains("UCT from the empty board");
    game.press(Key::Escape);
    assert_eq!(game.harness.state().open_views(), []);
}

/// On a phone's touch screen the tree's MCTS view has a finger's targets: its choice of what to
/// search, its run buttons and the nodes of its drawing.
#[test]
fn mcts_on_a_tree_has_a_finger_s_targets_on_a_phone() {
    let mut game = harness::start_sized("welcome_hint: false", [390.0, 844.0], |options| {
        options.open_on.tree = Some("three-ply".to_string());
        options.touch_screen = true;
    });
    game.settle();
    game.harness
        .get_by_label("Monte Carlo tree search on this tree")
        .click();
    game.settle();
    game.harness.get_by_label("10").click();
    game.settle();
    game.harness.get_by_label_contains("Iterations 10 ·");
    for target in [
        "a textbook's tree",
        "the position on show",
        "10",
        "1,000",
        "Restart",
    ] {
        let rect = game.harness.get_by_label(target).rect();
        assert!(rect.height() >= 44.0, "{target}: {rect:?}");
    }
    let node = game
        .harness
        .get_by_label_contains("Node child 1 (MIN): N ")
        .rect();
    assert!(node.height() >= 44.0 && node.width() >= 44.0, "{node:?}");
    // Nothing but the drawing (which scrolls) past the screen's sides.
    let past: Vec<String> = game
        .drawn()
        .into_iter()
        .filter(|(label, rect)| {
            !label.starts_with("Node ") && (rect.left() < -0.5 || rect.right() > 390.5)
        })
        .map(|(label, rect)| format!("{label:?} at {rect:?}"))
        .collect();
    assert!(past.is_empty(), "{past:?}");
}

/// The MCTS view's match against minimax is played on the search worker: the games come while
/// the window waits for the worker without drawing, each shown as it ends with the tally so far,
/// and the match ends with the tally `tictactoe match` prints for the view's seed; the view keeps
/// answering meanwhile, and Stop ends the match, keeping the games played.
#[test]
fn the_mcts_view_plays_tictactoe_match_s_games_against_minimax_and_stops() {
    // Tall enough for the match's line under the plot without scrolling.
    let mut game = with_view_open(None, 1400.0, "Monte Carlo tree search");
    game.harness
        .get_by_label_contains("as tictactoe match --x mcts:1000 --o perfect --games 10 --seed 1");
    game.harness
        .get_by_label("Play a match against minimax")
        .click();
    game.harness.step();
    // The view answers while the match is played: a click on "1" runs an iteration.
    game.harness.get_by_label("Stop the match");
    game.harness.get_by_label("1").click();
    // A frame to take the click, one to run the iteration and show it.
    game.harness.step();
    game.harness.step();
    game.harness.get_by_label_contains("Iterations 1 ·");
    // The games come from the worker, one answer each, with no frame drawn between them; a
    // frame after each shows the games so far and their tally.
    let text = |game: &Game, prefix: &str| {
        let node = game.harness.get_by_label_contains(prefix);
        let label = node.accesskit_node().label().map(|label| label.to_string());
        label.or_else(|| node.value()).unwrap_or_default()
    };
    let mut shown = Vec::new();
    while game.harness.query_by_label_contains("Done: ").is_none() {
        // A game's answer taken in at the end of a frame, after the view was drawn, is drawn by
        // the next frame: wait for the worker only while it still plays.
        if game.harness.state().is_busy() {
            assert!(
                game.harness
                    .state_mut()
                    .wait_for_search(Duration::from_secs(60)),
                "the worker plays the match: {shown:?}"
            );
        }
        assert!(shown.len() < 100, "the match never ends: {shown:?}");
        game.harness.step();
        let line = text(&game, " of 10 games · MCTS won ");
        // Games played, 10, then MCTS's wins, draws and losses.
        let counts: Vec<u64> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        assert_eq!(counts[2] + counts[3] + counts[4], counts[0], "{line}");
        shown.push(counts[0]);
    }
    assert!(shown.windows(2).all(|w| w[0] <= w[1]), "{shown:?}");
    let cli = binary::run(
        &[
            "match",
            "--x",
            "mcts:1000",
            "--o",
            "perfect",
            "--games",
            "10",
            "--seed",
            "1",
        ],
        b"",
    )
    .json();
    let x = &cli["x"];
    game.harness.get_by_label(&format!(
        "Done: 10 of 10 games · MCTS won {}, drew {}, lost {}.",
        x["wins"], x["draws"], x["losses"]
    ));
    // Stopped, it keeps what it played, plays no more and leaves the worker idle.
    game.harness
        .get_by_label("Play a match against minimax")
        .click();
    game.harness.step();
    game.harness.step();
    game.harness.get_by_label_contains("Playing: ");
    game.harness.get_by_label("Stop the match").click();
    // A frame to take the click, one to show it.
    game.harness.step();
    game.harness.step();
    let before = text(&game, "Stopped: ");
    assert!(!before.starts_with("Stopped: 10 of"), "{before}");
    game.settle();
    assert!(!game.harness.state().is_busy(), "the worker stopped");
    game.harness.run_steps(5);
    assert_eq!(before, text(&game, "Stopped: "));
}

/// Cutting the search off on the position on show: each move's number at the depth chosen is
/// the one `tictactoe cutoff` prints, beside its exact score; on X.O/.../... depth 3 plays the
/// centre (a draw) where depth 4 finds a win.
#[test]
fn the_cutoff_view_shows_tictactoe_cutoff_s_numbers_beside_the_exact_scores() {
    let board: Board = "X.O/.../...".parse().unwrap();
    let mut game = with_view_open(
        Some(board),
        720.0,
        "Cutting the search off (depth and evaluation)",
    );
    game.harness.get_by_label("Depth 2");
    game.harness.get_by_label("Deeper").click();
    game.settle();
    for (depth, plays, verdict) in [
        (
            "3",
            "r2c2",
            "not an exact best move: a draw where the best is a win",
        ),
        ("4", "r2c1", "an exact best move"),
    ] {
        game.harness.get_by_label(&format!("Depth {depth}"));
        let cli = binary::run(&["cutoff", "X.O/.../...", "--depth", depth], b"").json();
        for shown in cli["moves"].as_array().unwrap() {
            let cell = Cell::new(
                shown["row"].as_u64().unwrap() as usize,
                shown["col"].as_u64().unwrap() as usize,
            );
            let how = if shown["evaluated"] == true {
                "evaluated at the cutoff"
            } else {
                "proven inside the cutoff"
            };
            game.harness.get_by_label_contains(&format!(
                "{}: depth {depth} gives {}, {how} · exact {} ",
                cell.name(),
                shown["value"],
                shown["exact"]
            ));
        }
        game.harness.get_by_label(&format!(
            "Depth {depth} plays {plays} (the first with the best number): {verdict}."
        ));
        game.harness.get_by_label("Deeper").click();
        game.settle();
    }
    game.press(Key::Escape);
    assert_eq!(game.harness.state().open_views(), []);
}
