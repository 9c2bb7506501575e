//! On a touch screen, by taps as a finger gives them (touch events with the pointer they bring):
//! what the desktop shows on hover is reached by a tap, in place, and a second action opens or
//! plays; and the page's mirror of the open view's key controls names them where they are drawn,
//! so that a tap where a mirrored control says it is presses it.

use std::sync::{Arc, Mutex};

use egui::{Key, Pos2, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::app::controls::Control;
use tictactoe::engine::minimax::plain;
use tictactoe::game::Mode;
use tictactoe::learn::review::MoveClass;
use tictactoe::{Cell, Mark, Outcome};

mod harness;

use harness::{Game, start_adjusted};

/// A finger's tap at `pos`.
fn tap_at(game: &mut Game, pos: Pos2) {
    game.tap_at(pos);
}

/// The node whose accessible name contains `part`: its whole name and where it is.
fn node(game: &Game, part: &str) -> (String, Rect) {
    let node = game.harness.get_by_label_contains(part);
    (
        node.accesskit_node().label().unwrap_or_default(),
        node.rect(),
    )
}

fn label_of_cell(cell: Cell) -> String {
    format!("row {}, column {}", cell.row + 1, cell.col + 1)
}

#[test]
fn on_a_touch_screen_a_tap_on_a_drawn_node_shows_its_words_and_a_second_tap_opens_it() {
    let mut game = start_adjusted("welcome_hint: false", |options| {
        options.touch_screen = true;
    });
    game.harness.set_size(egui::vec2(1200.0, 800.0));
    game.press(Key::T);
    game.settle();
    let switch = node(&game, "Draw as a tree").1;
    tap_at(&mut game, switch.center());
    let root = game.board();
    let best = plain(&root).best().unwrap().cell;
    let (name, rect) = node(&game, &format!("X {}: ", label_of_cell(best)));
    let child = root.after(best).unwrap();
    let reply = format!("O {}: ", label_of_cell(plain(&child).moves[0].cell));
    // The first tap selects the node and shows its words beside it (the hover text), in place.
    tap_at(&mut game, rect.center());
    assert_eq!(
        game.harness.query_all_by_label(&name).count(),
        2,
        "the node and its words: {name}"
    );
    assert!(
        game.harness.query_by_label_contains(&reply).is_none(),
        "the first tap opened the node"
    );
    // The second opens it.
    tap_at(&mut game, rect.center());
    game.harness.get_by_label_contains(&reply);
}

/// Plays the worst move shown until the computer (O) has won.
fn lose_against_the_computer(game: &mut Game) {
    while game.board().outcome() == Outcome::Ongoing {
        let analysis = game.harness.state().shown_scores().unwrap().clone();
        let worst = analysis.moves.iter().min_by_key(|m| m.score).unwrap().cell;
        game.click_cell(worst);
    }
    assert_eq!(game.board().outcome().winner(), Some(Mark::O));
}

#[test]
fn on_a_touch_screen_a_tapped_review_point_says_in_place_what_hover_shows() {
    for touch in [true, false] {
        let mut game = start_adjusted("show_scores: true, welcome_hint: false", |options| {
            options.touch_screen = touch;
        });
        game.harness.set_size(egui::vec2(1200.0, 800.0));
        lose_against_the_computer(&mut game);
        game.press(Key::M);
        game.settle();
        let (name, rect) = node(&game, "Graph point, move 1: ");
        let class = [
            MoveClass::Best,
            MoveClass::Inaccuracy,
            MoveClass::Mistake,
            MoveClass::Blunder,
        ]
        .into_iter()
        .find(|class| name.ends_with(&format!(": {class}")))
        .unwrap_or_else(|| panic!("no class in {name}"));
        if touch {
            tap_at(&mut game, rect.center());
        } else {
            game.harness.get_by_label(&name).click();
            game.settle();
        }
        game.harness
            .get_by_label_contains("Review: the position before move 1");
        // On a touch screen the point's words go under the graph and the move's row says what
        // its class means; the desktop keeps them for hover.
        let shown = usize::from(touch);
        assert_eq!(
            game.harness.query_all_by_label(&name).count(),
            1 + shown,
            "touch {touch}: {name}"
        );
        assert_eq!(
            game.harness.query_all_by_label(class.meaning()).count(),
            shown,
            "touch {touch}: {}",
            class.meaning()
        );
    }
}

/// The controls the mirror was last told of.
type Mirrored = Arc<Mutex<Vec<Control>>>;

fn control(mirrored: &Mirrored, name: impl Fn(&str) -> bool) -> Control {
    let controls = mirrored.lock().unwrap().clone();
    controls
        .iter()
        .find(|control| name(&control.name))
        .cloned()
        .unwrap_or_else(|| {
            let names: Vec<&str> = controls.iter().map(|c| c.name.as_str()).collect();
            panic!("not among the mirrored controls: {names:?}")
        })
}

/// Taps where the mirror says the control named `name` is.
fn tap_control(game: &mut Game, mirrored: &Mirrored, name: &str) {
    let at = control(mirrored, |shown| shown == name).rect.center();
    tap_at(game, at);
}

#[test]
fn on_a_phone_the_mirrored_controls_open_and_use_every_learning_view_by_taps() {
    let mirrored: Mirrored = Arc::default();
    let spoken: Arc<Mutex<tictactoe::app::Spoken>> = Arc::default();
    let (told, heard) = (mirrored.clone(), spoken.clone());
    let mut game = start_adjusted("show_scores: true, welcome_hint: false", move |options| {
        options.touch_screen = true;
        options.controls_mirror = Some(Arc::new(move |controls| {
            *told.lock().unwrap() = controls.to_vec();
        }));
        options.board_mirror = Some(Arc::new(move |board| {
            *heard.lock().unwrap() = board.clone();
        }));
    });
    game.harness.set_size(egui::vec2(390.0, 844.0));
    game.settle();
    // Each mirrored control is where the app draws it, under its accessible name.
    let view = control(&mirrored, |name| name == "View").rect;
    assert_eq!(view, game.harness.get_by_label("View").rect());

    // The explorer: opened from the View menu, a row tapped previews its position.
    tap_control(&mut game, &mirrored, "View");
    tap_control(&mut game, &mirrored, "Game tree explorer");
    let row = control(&mirrored, |name| name.starts_with("Tree node "));
    let before = spoken.lock().unwrap().board.clone();
    tap_at(&mut game, row.rect.center());
    let previewed = spoken.lock().unwrap().board.clone();
    assert_ne!(previewed, before, "no preview of {}", row.name);
    tap_control(&mut game, &mirrored, "Close");
    assert!(game.harness.query_by_label("Draw as a tree").is_none());

    // A move, by two taps on its cell (the first explains it).
    let cell = spoken.lock().unwrap().rects[4].center();
    tap_at(&mut game, cell);
    tap_at(&mut game, cell);
    assert_eq!(game.board().get(Cell::new(1, 1)), Some(Mark::X));

    // The step-through: a step moves on, and it closes.
    tap_control(&mut game, &mirrored, "View");
    tap_control(&mut game, &mirrored, "Step through the search");
    let before = game.harness.state().controller().trace().is_some();
    assert!(before, "the step-through asked for no trace");
    game.harness
        .get_by_label_contains("Step through the search");
    // Everything the step-through names, as a screen reader hears it.
    let steps = |game: &Game| {
        game.harness
            .query_all_by_label_contains(" ")
            .filter_map(|node| node.accesskit_node().label())
            .collect::<Vec<_>>()
    };
    let shown = steps(&game);
    tap_control(&mut game, &mirrored, "Step");
    assert_ne!(steps(&game), shown, "a tap on Step changed nothing");
    // The board's cell buttons name no board while the step-through covers it.
    assert!(spoken.lock().unwrap().cells.is_empty());
    tap_control(&mut game, &mirrored, "Close");

    // The review: a move's row, tapped, previews the position before it.
    tap_control(&mut game, &mirrored, "Game");
    tap_control(&mut game, &mirrored, "Game review");
    let first = control(&mirrored, |name| name.starts_with("Move 1: "));
    tap_at(&mut game, first.rect.center());
    game.harness
        .get_by_label_contains("Review: the position before move 1");
    tap_control(&mut game, &mirrored, "Close");

    // Practice: its board is the one the page's cell buttons name, and an answer by a tap on a
    // cell is taken.
    let game_board = spoken.lock().unwrap().board.clone();
    tap_control(&mut game, &mirrored, "Game");
    tap_control(&mut game, &mirrored, "Practice positions");
    game.harness.get_by_label("Practice");
    let practice = spoken.lock().unwrap().clone();
    assert!(
        practice.board.starts_with("Board ") && practice.board != game_board,
        "{} against the game's {game_board}",
        practice.board
    );
    let empty = practice
        .cells
        .iter()
        .position(|name| name.contains(", empty"))
        .unwrap();
    tap_at(&mut game, practice.rects[empty].center());
    control(&mirrored, |name| name == "Next position");
    tap_control(&mut game, &mirrored, "Back to the game");
    assert!(game.harness.query_by_label("Practice").is_none());
}

#[test]
fn the_page_names_the_exercise_boards_cells_and_a_pressed_cell_button_answers_it() {
    use tictactoe::learn::exercises::{SetCode, Task, generate};
    let code: SetCode = "v1-s3-k=move-n=2-3x3".parse().unwrap();
    let set = generate(&code);
    let Task::FindMove(key) = &set.items[0].task else {
        panic!("item 1 is find-the-move");
    };
    let board = set.items[0].board;
    let answer = key.exercise.answer;
    let spoken: Arc<Mutex<tictactoe::app::Spoken>> = Arc::default();
    let pressed: Arc<Mutex<Vec<usize>>> = Arc::default();
    let (heard, presses) = (spoken.clone(), pressed.clone());
    let mut game = start_adjusted("welcome_hint: false", move |options| {
        options.open_on.exercises = Some(code.clone());
        options.board_mirror = Some(Arc::new(move |board| {
            *heard.lock().unwrap() = board.clone();
        }));
        options.pressed_cells = Some(Arc::new(move || {
            std::mem::take(&mut *presses.lock().unwrap())
        }));
    });
    game.harness.set_size(egui::vec2(900.0, 900.0));
    game.settle();
    // The cell buttons name the exercise's board, not the game's (which is empty).
    let names = spoken.lock().unwrap().clone();
    assert_eq!(names.cells.len(), 9);
    assert!(
        names.board.starts_with(&format!("Board {board}")),
        "{} for {board}",
        names.board
    );
    // A press on the answer's button answers the exercise, as a click on its cell does.
    pressed
        .lock()
        .unwrap()
        .push(answer.row * board.geometry().cols() + answer.col);
    game.harness.run_steps(2);
    game.settle();
    let graded = set.items[0].grade(&set.items[0].answer_text()).unwrap();
    game.harness.get_by_label(&graded.feedback[0]);
    assert_eq!(
        game.board(),
        tictactoe::Board::classic(),
        "the game was played on"
    );
}

#[test]
fn the_settings_submenus_are_mirrored_with_the_choice_made_and_chosen_by_taps() {
    let mirrored: Mirrored = Arc::default();
    let told = mirrored.clone();
    let mut game = start_adjusted("welcome_hint: false", move |options| {
        options.touch_screen = true;
        options.controls_mirror = Some(Arc::new(move |controls| {
            *told.lock().unwrap() = controls.to_vec();
        }));
    });
    game.harness.set_size(egui::vec2(390.0, 844.0));
    game.settle();
    tap_control(&mut game, &mirrored, "Players");
    tap_control(&mut game, &mirrored, "Mode");
    // The choice made is named as chosen; the others are not.
    control(&mirrored, |name| name == "Against the computer, chosen");
    tap_control(&mut game, &mirrored, "Two players");
    assert_eq!(game.harness.state().settings().mode, Mode::TwoPlayers);
    tap_control(&mut game, &mirrored, "Board");
    control(&mirrored, |name| name == "3×3, chosen");
    tap_control(&mut game, &mirrored, "4×4");
    assert_eq!(game.harness.state().settings().board_size, 4);
    tap_control(&mut game, &mirrored, "Settings");
    control(&mirrored, |name| name == "Load settings…");
}

#[test]
fn an_alpha_beta_exercise_is_answered_by_taps_on_its_mirrored_nodes_and_buttons() {
    let mirrored: Mirrored = Arc::default();
    let told = mirrored.clone();
    let code: tictactoe::learn::exercises::SetCode = "v1-s7-k=prune-n=3-3x3-trees".parse().unwrap();
    let mut game = start_adjusted("welcome_hint: false", move |options| {
        options.touch_screen = true;
        options.open_on.exercises = Some(code);
        options.controls_mirror = Some(Arc::new(move |controls| {
            *told.lock().unwrap() = controls.to_vec();
        }));
    });
    game.harness.set_size(egui::vec2(768.0, 1024.0));
    game.settle();
    // The first item asks which branches alpha-beta prunes: a node tapped through the page's
    // mirror goes into the answer, and is named so there.
    let node = control(&mirrored, |name| name.starts_with("Node B"));
    tap_at(&mut game, node.rect.center());
    control(&mirrored, |name| {
        name.starts_with("Node B") && name.ends_with(", in your answer")
    });
    tap_control(&mut game, &mirrored, "Check");
    // Graded: the button to the next item, and the search that explains the answer.
    control(&mirrored, |name| name == "Next");
    tap_control(&mut game, &mirrored, "Show the search");
    control(&mirrored, |name| name == "Hide the search");
}

/// Every control drawn (a node of the accessibility tree that can be pressed, has a name, is
/// enabled and not text, and is shown: not scrolled or clipped out of sight; the board's cells
/// aside, which the page mirrors as the board) has a mirrored button over it.
fn assert_every_control_is_mirrored(game: &Game, mirrored: &Mirrored, place: &str) {
    use egui_kittest::kittest::By;
    let shown = mirrored.lock().unwrap().clone();
    let pressable = game.harness.ctx.interactive_rects_last_pass();
    let drawn = game.harness.query_all(By::new().predicate(|node| {
        node.data().supports_action(egui::accesskit::Action::Click)
            && !node.is_hidden()
            && !node.is_disabled()
            && node.role() != egui::accesskit::Role::Label
            && node.label().is_some_and(|label| !label.trim().is_empty())
    }));
    let mut missing = Vec::new();
    let mut count = 0;
    for node in drawn {
        let label = node.accesskit_node().label().unwrap_or_default();
        if label.starts_with("Row ") || label.contains(": row ") {
            continue;
        }
        // Shown: egui answers a press somewhere on it (not scrolled or clipped out of sight).
        let rect = node.rect();
        if !pressable
            .iter()
            .any(|place| rect.expand(8.0).contains_rect(*place))
        {
            continue;
        }
        count += 1;
        // Pressed where the mirror says, the control is pressed (a mirrored rectangle may be
        // the wider one the control answers in).
        if !shown
            .iter()
            .any(|control| rect.contains(control.rect.center()))
        {
            missing.push(format!("{label} at {rect:?}"));
        }
    }
    assert!(count > 0, "{place}: nothing drawn to press");
    assert!(
        missing.is_empty(),
        "{place}: drawn but not mirrored: {missing:?}\nmirrored: {:?}",
        shown.iter().map(|c| c.name.as_str()).collect::<Vec<_>>()
    );
}

/// A game in a window of `size` whose mirrored controls are kept in `mirrored`.
fn game_with_mirror(mirrored: &Mirrored, size: egui::Vec2) -> Game {
    let told = mirrored.clone();
    let mut game = start_adjusted("welcome_hint: false", move |options| {
        options.touch_screen = true;
        options.controls_mirror = Some(Arc::new(move |controls| {
            *told.lock().unwrap() = controls.to_vec();
        }));
    });
    game.harness.set_size(size);
    game.settle();
    game
}

/// Taps the mirrored controls named in `path`, one after the other, as a screen reader's user
/// would, and checks every control drawn after each is mirrored.
fn walk(game: &mut Game, mirrored: &Mirrored, path: &[&str]) {
    for (step, name) in path.iter().enumerate() {
        tap_control(game, mirrored, name);
        game.settle();
        assert_every_control_is_mirrored(game, mirrored, &path[..=step].join(" › "));
    }
}

#[test]
fn every_menu_and_view_is_walked_by_the_mirror_alone_and_every_control_drawn_is_mirrored() {
    let paths: &[&[&str]] = &[
        &["Game", "The articles' examples"],
        &["Players", "Who starts"],
        &["Players", "You play"],
        &["Players", "Mode"],
        &["Players", "Difficulty"],
        &["Board", "In a row to win"],
        &["Board", "Computer's time on large boards"],
        &["View", "Scores are seen"],
        &["View", "Theme"],
        &["Settings"],
        &["View", "Game tree explorer"],
        &["View", "Step through the search"],
        &["View", "A textbook's tree (minimax and alpha-beta)"],
        &["View", "Monte Carlo tree search"],
        &["View", "Cutting the search off (depth and evaluation)"],
        &["View", "Exercises…"],
        &["View", "Why the computer played there"],
        &["Game", "Game review"],
        &["Game", "Practice positions"],
        &["Game", "Set up a position…"],
    ];
    // A phone's true viewport, and a laptop's window.
    for size in [egui::vec2(390.0, 844.0), egui::vec2(1280.0, 800.0)] {
        let mirrored: Mirrored = Arc::default();
        let game = game_with_mirror(&mirrored, size);
        assert_every_control_is_mirrored(&game, &mirrored, "the board");
        for path in paths {
            let mut game = game_with_mirror(&mirrored, size);
            walk(&mut game, &mirrored, path);
        }
    }
}
