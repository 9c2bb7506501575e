//! Positions and games in and out of the app: paste a position (as the command line writes it,
//! or as the articles print it), copy one, open the articles' examples, save a game and open it
//! in the review. Read through the accessibility tree, as a screen reader would.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::app::link::Link;
use tictactoe::learn::examples::examples;
use tictactoe::{Board, Cell, Geometry, Mark};

mod harness;

use harness::{Game, start};

/// The text the app last put on the clipboard, if any.
fn copied(game: &Game) -> Option<String> {
    game.harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

/// The numbers the board on show has on its empty cells, by cell.
fn numbers(game: &Game) -> Vec<(Cell, i32)> {
    game.harness
        .query_all_by_label_contains(", empty, score ")
        .filter_map(|node| node.accesskit_node().label())
        .map(|label| {
            let part = |key: &str| {
                let start = label.find(key).unwrap() + key.len();
                label[start..]
                    .split(|c: char| c != '-' && !c.is_ascii_digit())
                    .next()
                    .unwrap()
                    .parse::<i32>()
                    .unwrap()
            };
            let cell = Cell::new(part("Row ") as usize - 1, part("column ") as usize - 1);
            (cell, part(", score "))
        })
        .collect()
}

/// The position the board shows, from its accessible name ("Preview board XOX/OOX/..., X to
/// move").
fn board_on_show(game: &Game) -> Board {
    let label = game
        .harness
        .query_all_by_label_contains("board ")
        .chain(game.harness.query_all_by_label_contains("Board "))
        .filter(|node| node.accesskit_node().role() == Role::Image)
        .filter_map(|node| node.accesskit_node().label())
        .find(|label| label.starts_with("Preview board ") || label.starts_with("Board "))
        .expect("a board");
    let rest = label
        .trim_start_matches("Preview board ")
        .trim_start_matches("Board ");
    let (notation, mover) = rest.split_once(", ").unwrap();
    let mover: Mark = mover.trim_end_matches(" to move").parse().unwrap();
    let k = game.harness.state().session().board().geometry().k();
    Board::parse_with(notation, Some(mover), Some(k)).unwrap()
}

fn paste(game: &mut Game, text: &str) {
    game.harness.event(egui::Event::Paste(text.to_string()));
    game.settle();
}

#[test]
fn the_gfg_example_pasted_as_the_article_prints_it_has_the_articles_scores() {
    let mut game = start("welcome_hint: false");
    paste(
        &mut game,
        "char board[3][3] =\n{\n    { 'x', 'o', 'x' },\n    { 'o', 'o', 'x' },\n    { '_', '_', '_' }\n};",
    );
    game.harness
        .get_by_label_contains("The position you pasted. X to move. With its scores");
    let mut row3: Vec<(Cell, i32)> = numbers(&game)
        .into_iter()
        .filter(|(cell, _)| cell.row == 2)
        .collect();
    row3.sort();
    let values: Vec<i32> = row3.iter().map(|&(_, n)| n).collect();
    assert_eq!(
        values,
        [-9, 0, 10],
        "the article's best move is row 3, column 3, value 10"
    );
    // Nothing was played.
    assert_eq!(game.board(), Board::classic());
}

#[test]
fn a_bad_paste_says_what_analyze_says_and_changes_nothing() {
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    game.click_cell(Cell::new(1, 1));
    let before = game.board();
    for bad in ["XX./.../...", "x x x\no o o\n_ _ _", "XOX/OO/..."] {
        paste(&mut game, bad);
        let notation: String = bad
            .split('\n')
            .collect::<Vec<_>>()
            .join("/")
            .replace(' ', "");
        let expected = Board::parse_with(&notation.to_uppercase().replace('_', "."), None, None)
            .unwrap_err()
            .to_string();
        game.harness
            .get_by_label_contains(&format!("Nothing was pasted: {expected}"));
        assert_eq!(game.board(), before);
        assert!(
            game.harness
                .query_by_label_contains("Preview board")
                .is_none()
        );
        game.harness.get_by_label("Dismiss").click();
        game.settle();
    }
}

#[test]
fn copy_then_paste_gives_back_the_position_on_every_board_size() {
    for side in 3..=7 {
        for k in 3..=side.min(5) {
            let in_a_row = if k == Geometry::default_k(side, side) {
                0
            } else {
                k
            };
            let mut game = start(&format!(
                "welcome_hint: false, mode: TwoPlayers, board_size: {side}, in_a_row: {in_a_row}"
            ));
            game.click_cell(Cell::new(0, 0));
            game.click_cell(Cell::new(side / 2, side / 2));
            game.click_cell(Cell::new(side - 1, 0));
            let position = game.board();
            game.harness.event(egui::Event::Copy);
            game.harness.step();
            let text = copied(&game).expect("something was copied");
            assert_eq!(text, position.copy_text());
            // The pasted position shows at once; its scores (searched on big boards for long)
            // are not what this test is about, so it does not wait for them.
            game.harness.event(egui::Event::Paste(text.clone()));
            let _ = game.harness.try_run();
            assert_eq!(
                board_on_show(&game),
                position,
                "{side}×{side}, k = {k}: {text}"
            );
        }
    }
}

/// Game › The articles' examples › `example`, by the pointer, which then leaves the window.
fn open_example(game: &mut Game, example: &tictactoe::learn::examples::Example) {
    game.harness.get_by_label("Game").click();
    game.settle();
    game.harness.get_by_label("The articles' examples").hover();
    game.settle();
    game.harness
        .get_by_label(&format!("{} ({})", example.title, example.notation))
        .click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
}

#[test]
fn every_example_of_the_articles_opens_with_its_sentence() {
    let mut game = start("welcome_hint: false");
    for example in examples() {
        open_example(&mut game, example);
        assert_eq!(board_on_show(&game), example.board(), "{}", example.name);
        game.harness.get_by_label_contains(example.sentence);
        let shown = numbers(&game);
        let best = shown
            .iter()
            .find(|&&(cell, _)| cell == example.best)
            .unwrap();
        assert_eq!(best.1, example.value, "{}", example.name);
    }
}

#[test]
fn a_saved_game_opens_in_the_review_and_a_broken_file_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    for cell in [(0, 0), (1, 1), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    let played = game.harness.state().session().game().moves().to_vec();
    let path = dir.path().join("game.ron");
    game.harness.state_mut().save_game(&path);
    game.settle();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("// tictactoe review 1,5,9 "), "{text}");
    // A new game, then the saved one opened: it is in the review, move by move.
    game.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    game.settle();
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().open_game(&ctx, &path);
    game.settle();
    game.harness
        .get_by_label_contains("The game opened from game.ron.");
    for (index, cell) in played.iter().enumerate() {
        game.harness.get_by_label_contains(&format!(
            "Move {}: {} at {}",
            index + 1,
            if index % 2 == 0 { "X" } else { "O" },
            cell.human()
        ));
    }
    // Copy moves gives what review takes.
    game.harness
        .get_by_label("Review the game you are playing")
        .click();
    game.settle();
    // A broken file: one line naming it, nothing opened, the file as it was.
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(version: 1, size: 9)").unwrap();
    game.harness.state_mut().open_game(&ctx, &broken);
    game.settle();
    game.harness.get_by_label_contains(&format!(
        "Nothing was opened.\ngame file {}: ",
        broken.display()
    ));
    assert!(
        game.harness
            .query_by_label_contains("The game opened from")
            .is_none()
    );
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "(version: 1, size: 9)"
    );
}

/// Issue 30, item 11: with no file dialog, a game is saved as text on the clipboard (the game
/// file's own text) and opened again by pasting it.
#[test]
fn with_no_file_dialog_a_game_goes_out_and_back_in_as_text() {
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    for cell in [(0, 0), (1, 1), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    let ctx = game.harness.ctx.clone();
    game.harness
        .state_mut()
        .copy_game(&ctx, "No file dialog can be shown here.");
    game.settle();
    game.harness
        .get_by_label_contains("The game was copied as text instead");
    // What was put on the clipboard (outside a frame, as here, egui drops it): the game file.
    let record = game.harness.state().controller().record();
    let text = tictactoe::store::game_file::to_text(&record).unwrap();
    assert!(text.starts_with("// tictactoe review 1,5,9 "), "{text}");
    game.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    game.settle();
    paste(&mut game, &text);
    game.harness.get_by_label_contains("The game you pasted.");
    game.harness.get_by_label_contains("Move 3: X at");
    // A broken game's text says what is wrong with it as a game.
    paste(
        &mut game,
        &text.replace("moves: [1, 5, 9]", "moves: [1, 1]"),
    );
    game.harness
        .get_by_label_contains("Nothing was pasted: move 2 (cell 1)");
}

#[test]
fn copy_moves_gives_what_review_takes() {
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    for cell in [(1, 1), (0, 0), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    game.harness.get_by_label("Game").click();
    game.settle();
    game.harness.get_by_label("Copy moves").click();
    game.harness.step();
    assert_eq!(copied(&game).as_deref(), Some("5,1,9"));
}

/// Settings > Load settings… with a saved game, a broken file or a file with no setting in it
/// changes nothing: the settings in effect, the settings file and the file picked stay as they
/// were, and the notice says why. A good file is loaded.
#[test]
fn load_settings_changes_nothing_unless_the_file_is_good_settings() {
    let mut game = start("welcome_hint: false, difficulty: Easy, show_scores: true");
    let before = game.harness.state().settings().clone();
    let settings_file = game.settings_file();
    let dir = tempfile::tempdir().unwrap();
    let record = game.harness.state().controller().record();
    let game_text = tictactoe::store::game_file::to_text(&record).unwrap();
    let files = [
        (
            "game.ron",
            game_text.as_str(),
            "this is a saved game, not a settings file",
        ),
        (
            "broken.ron",
            "(version: 1, difficulty: Hard,",
            "line 1, column 31",
        ),
        (
            "other.ron",
            "(version: 1, colour: Blue)",
            "holds no setting this version knows",
        ),
    ];
    let ctx = game.harness.ctx.clone();
    for (name, text, why) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        game.harness.state_mut().load_settings(&ctx, &path);
        game.settle();
        let notice = game.harness.state().notice().unwrap_or_default().to_owned();
        assert!(
            notice.starts_with("Nothing was changed.") && notice.contains(why),
            "{name}: {notice}"
        );
        assert_eq!(game.harness.state().settings(), &before, "{name}");
        assert_eq!(game.settings_file(), settings_file, "{name}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "{name}: no copy"
        );
        std::fs::remove_file(&path).unwrap();
    }
    let good = dir.path().join("good.ron");
    std::fs::write(&good, "(version: 1, difficulty: Hard)").unwrap();
    game.harness.state_mut().load_settings(&ctx, &good);
    game.settle();
    assert_eq!(
        game.harness.state().settings().difficulty,
        tictactoe::engine::ai::Difficulty::Hard
    );
    assert!(game.settings_file().contains("difficulty: Hard,"));
}

/// A game opened through Game > Open game… clears what was said before (a save that failed) and
/// closes the position editor, as a game opened in the browser does.
#[test]
fn opening_a_game_clears_the_notice_of_a_failed_save() {
    let mut game = start("welcome_hint: false, mode: TwoPlayers");
    game.click_cell(Cell::new(1, 1));
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.ron");
    game.harness.state_mut().save_game(&saved);
    // Saving into a folder that is not there fails, and says so.
    game.harness
        .state_mut()
        .save_game(&dir.path().join("gone").join("game.ron"));
    game.settle();
    let notice = game.harness.state().notice().unwrap_or_default().to_owned();
    assert!(notice.contains("its folder does not exist"), "{notice}");
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().open_game(&ctx, &saved);
    game.settle();
    assert_eq!(game.harness.state().notice(), None);
    game.harness
        .get_by_label_contains("The game opened from game.ron.");
}

/// Where no file dialog can be shown, Game > Save game… puts on the clipboard exactly the text
/// a save through the dialog writes into the file.
#[test]
fn without_a_dialog_the_clipboard_gets_exactly_the_saved_text() {
    let mut game = harness::start_adjusted("welcome_hint: false, mode: TwoPlayers", |options| {
        options.no_file_dialogs = true;
    });
    for cell in [(1, 1), (0, 0), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    game.harness.get_by_label("Game").click();
    game.settle();
    game.harness.get_by_label_contains("Save game…").click();
    game.harness.step();
    let clipboard = copied(&game).expect("the game was copied");
    game.settle();
    game.harness
        .get_by_label_contains("The game was copied as text instead");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    game.harness.state_mut().save_game(&path);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), clipboard);
    assert!(
        clipboard.starts_with("// tictactoe review 5,1,9 "),
        "{clipboard}"
    );
    let record = tictactoe::store::game_file::load(&path).unwrap();
    assert_eq!(record, game.harness.state().controller().record());
}

/// The explorer's root, from its accessible name ("Tree root: XOX/.O./X.., X to move").
fn explorer_root(game: &Game) -> Board {
    let label = game
        .harness
        .query_all_by_label_contains("Tree root: ")
        .filter_map(|node| node.accesskit_node().label())
        .next()
        .expect("the explorer's root row");
    let rest = label.trim_start_matches("Tree root: ");
    let (notation, mover) = rest.split_once(", ").unwrap();
    let mover: Mark = mover.trim_end_matches(" to move").parse().unwrap();
    Board::parse_with(notation, Some(mover), None).unwrap()
}

#[test]
fn the_explorer_opens_on_the_position_on_show_and_says_which_it_is() {
    let pasted: Board = "XOX/.O./X..".parse().unwrap();
    // Pasted, then T: the pasted position is the root, named as not the game's.
    let mut game = start("welcome_hint: false");
    paste(&mut game, "XOX/.O./X..");
    game.press(egui::Key::T);
    assert_eq!(explorer_root(&game), pasted);
    game.harness.get_by_label_contains(
        "in the one search from the root (the pasted position, not the game's)",
    );
    // Back to the game: the explorer follows the board again.
    game.press(egui::Key::Escape);
    assert_eq!(explorer_root(&game), Board::classic());
    game.harness
        .get_by_label_contains("in the one search from the root (the game's position)");
    // Open already, then an example: it follows the example.
    let example = &examples()[0];
    open_example(&mut game, example);
    assert_eq!(explorer_root(&game), example.board(), "{}", example.name);
    // A position from a link or `--position` is the game's own.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.ron");
    std::fs::write(&path, "(welcome_hint: false, explorer_open: true)").unwrap();
    let mut game = harness::start_with_position(dir, path, pasted);
    game.settle();
    assert_eq!(explorer_root(&game), pasted);
}

/// A second app, opened on the link to where `game` is (as the web page reloads into it when the
/// browser resets its graphics), with settings of its own: the scores off, the player's view.
fn reopened(game: &Game) -> Game {
    let link = Link::parse(&game.harness.state().link_to_here());
    assert!(link.ignored.is_empty(), "{:?}", link.ignored);
    harness::start_adjusted("show_scores: false, score_view: SideToMove", |options| {
        options.open_on = link;
    })
}

#[test]
fn the_link_to_here_reopens_the_game_as_shown_and_what_is_open_over_it() {
    let mut game = harness::start_adjusted("show_scores: false, score_view: Articles", |_| {});
    // A game not begun is left to the settings, which seat the players as they were.
    let link = game.harness.state().link_to_here();
    assert_eq!(link, "view=x&scores=off");

    game.click_cell(Cell::new(1, 1));
    assert_eq!(game.board().count(Mark::O), 1, "the computer answered");
    game.press(egui::Key::S);
    let shown = game.harness.state().settings().clone();
    assert!(shown.show_scores);
    assert_eq!(
        shown.score_view,
        tictactoe::learn::view::ScoreView::Articles
    );
    let again = reopened(&game);
    assert_eq!(again.board(), game.board());
    assert!(again.harness.state().settings().show_scores);
    assert_eq!(
        again.harness.state().settings().score_view,
        shown.score_view
    );
    assert_eq!(
        again.harness.state().link_to_here(),
        game.harness.state().link_to_here()
    );

    // A textbook's tree, typed with spaces and brackets, and a set of exercises: open again.
    for (tree, exercises) in [
        (Some("[[3, 12, 8], [2, 4, 6]]"), None),
        (None, Some("v1-s7-k=value-n=4-3x3")),
        (Some("three-ply"), Some("v1-s7-k=value-n=4-3x3")),
    ] {
        let game = harness::start_adjusted("", |options| {
            options.open_on.tree = tree.map(str::to_string);
            options.open_on.exercises = exercises.map(|code| code.parse().unwrap());
            // A set open on its third item reopens on it.
            options.open_on.item = Some(3);
        });
        let link = game.harness.state().link_to_here();
        assert_eq!(link.contains("tree="), tree.is_some(), "{link}");
        assert_eq!(link.contains("exercises="), exercises.is_some(), "{link}");
        assert_eq!(link.contains("&item=3"), exercises.is_some(), "{link}");
        let again = reopened(&game);
        assert_eq!(again.harness.state().link_to_here(), link);
        let parsed = Link::parse(&link);
        assert_eq!(parsed.tree.as_deref(), tree);
        assert_eq!(
            parsed.exercises.map(|code| code.to_string()).as_deref(),
            exercises
        );
    }
}

/// A position put on show one way, as a player puts it there: the app showing it, the position
/// and the words every view names it by.
struct OnShow {
    how: &'static str,
    game: Game,
    board: Board,
    name: String,
}

/// Every way a position reaches the board: pasted (Ctrl+V), an article's example (Game › The
/// articles' examples), a link (the game's own position, as `--position` opens it), the editor's
/// Analyse, and the review's preview of the position before a move. None is the empty board.
fn every_position_source() -> Vec<OnShow> {
    let pasted: Board = "XOX/.O./X..".parse().unwrap();
    let wide = |settings: &str| harness::start_sized(settings, [1024.0, 720.0], |_| {});
    let mut sources = Vec::new();

    let mut game = wide("welcome_hint: false");
    paste(&mut game, "XOX/.O./X..");
    sources.push(OnShow {
        how: "pasted",
        game,
        board: pasted,
        name: "the pasted position, not the game's".to_string(),
    });

    let gfg = examples()
        .iter()
        .find(|example| example.title.starts_with("GeeksforGeeks"))
        .unwrap();
    let mut game = wide("welcome_hint: false");
    open_example(&mut game, gfg);
    sources.push(OnShow {
        how: "an example",
        game,
        board: gfg.board(),
        name: format!("the example \"{}\", not the game's", gfg.title),
    });

    let game = harness::start_sized("welcome_hint: false", [1024.0, 720.0], |options| {
        options.open_on.position =
            Link::parse(&format!("{}&view=mover", pasted.link_query())).position;
    });
    sources.push(OnShow {
        how: "a link",
        game,
        board: pasted,
        name: "the game's position".to_string(),
    });

    let mut game = wide("welcome_hint: false");
    paste(&mut game, "XOX/.O./X..");
    game.press(egui::Key::E);
    game.harness.get_by_label("Analyse").click();
    game.settle();
    sources.push(OnShow {
        how: "the editor",
        game,
        board: pasted,
        name: "the position set up in the editor, not the game's".to_string(),
    });

    let mut game = wide("welcome_hint: false, mode: TwoPlayers");
    let moves = [(0, 0), (0, 1), (0, 2), (1, 1)].map(|(row, col)| Cell::new(row, col));
    for cell in moves {
        game.click_cell(cell);
    }
    game.press(egui::Key::M);
    game.harness.get_by_label_contains("Move 3: ").click();
    game.settle();
    let before_three = moves[..2]
        .iter()
        .fold(Board::classic(), |board, &cell| board.after(cell).unwrap());
    sources.push(OnShow {
        how: "a review's preview",
        game,
        board: before_three,
        name: "the position before move 3".to_string(),
    });
    sources
}

#[test]
fn every_view_takes_the_position_on_show_from_every_source_and_says_which_it_is() {
    for OnShow {
        how,
        mut game,
        board,
        name,
    } in every_position_source()
    {
        assert_ne!(board, Board::classic(), "{how}");
        assert_eq!(board_on_show(&game), board, "{how}: the board shows it");
        // The explorer (T): its root, named.
        game.press(egui::Key::T);
        assert_eq!(explorer_root(&game), board, "{how}: the explorer's root");
        game.harness
            .get_by_label_contains(&format!("in the one search from the root ({name})"));
        game.press(egui::Key::T);
        // The computer's reasons (W) are the game's: said so over another position.
        game.press(egui::Key::W);
        let note = format!("About the game's last move, not {name} on the board");
        assert_eq!(
            game.harness.query_by_label_contains(&note).is_some(),
            !name.starts_with("the game's"),
            "{how}: {note}"
        );
        game.press(egui::Key::W);
        // The step-through (D): its start and its words.
        game.press(egui::Key::D);
        game.harness
            .get_by_label_contains(&format!("with depth counted from {name}."));
        game.harness.get_by_label(&format!(
            "Preview board {board}, {} to move",
            board.to_move()
        ));
        game.press(egui::Key::Escape);
        assert_eq!(game.harness.state().open_views(), [], "{how}");
        assert_eq!(board_on_show(&game), board, "{how}: still on show");
    }
}

#[test]
fn the_step_through_counts_alpha_beta_both_ways_on_the_pasted_position() {
    let mut game = harness::start_sized("welcome_hint: false", [1024.0, 720.0], |_| {});
    paste(&mut game, "XOX/.O./X..");
    game.press(egui::Key::D);
    for (rule, count) in [
        (
            "alpha-beta, search the position",
            "positions visited 15 (the start and 14 calls)",
        ),
        (
            "alpha-beta, score each move",
            "positions visited 25 (the start and 24 calls)",
        ),
    ] {
        game.harness.get_by_label(rule).click();
        game.settle();
        game.press(egui::Key::End);
        game.harness.get_by_label_contains(&format!("· {count} ·"));
        // The rule is said in words beside the count.
        let said = if rule.ends_with("position") {
            "Search the position: one alphabeta(root) call"
        } else {
            "Score each move: each move of this position is searched with a fresh window"
        };
        game.harness.get_by_label_contains(said);
    }
    // Under one window r2c3 and r3c3 cannot beat r2c1's 8: only bounds.
    game.harness
        .get_by_label("alpha-beta, search the position")
        .click();
    game.settle();
    game.press(egui::Key::End);
    game.harness
        .get_by_label_contains("r2c1 = 8, r2c3 = ≤ -9, r3c2 = 10, r3c3 = ≤ -9");
    // The explorer puts both counts side by side.
    game.press(egui::Key::Escape);
    game.press(egui::Key::T);
    game.harness.get_by_label_contains(
        "alpha-beta 25 scoring each move or 15 searching the position, alpha-beta with a table",
    );
}
