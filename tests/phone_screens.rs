//! The exercises on a phone's screen, by taps and typing only: at every width a phone has
//! (portrait 320 to 480 points, and landscape), a whole set of every kind, on trees and on
//! positions, is answered; at every step nothing is drawn past the screen's left or right edge
//! (a tree may run on to the right, to be swiped into sight), and Check, Next and each new
//! item's prompt are on the screen where a finger can tap them.

use egui::{Pos2, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::learn::exercises::{SetCode, Task, generate};

mod harness;

use harness::Game;

/// Every kind, on the textbook trees and on positions.
const SET: &str = "v1-s2025-k=value,tree,prune,horizon,move-n=12-3x3-trees";

/// Portrait phones from the smallest to the largest, and a phone on its side.
const SCREENS: [[f32; 2]; 7] = [
    [320.0, 640.0],
    [360.0, 780.0],
    [390.0, 844.0],
    [412.0, 915.0],
    [430.0, 932.0],
    [480.0, 960.0],
    [844.0, 390.0],
];

fn open(code: &SetCode, screen: [f32; 2]) -> Game {
    harness::start_sized("welcome_hint: false", screen, |options| {
        options.open_on.exercises = Some(code.clone());
        options.touch_screen = true;
    })
}

/// Nothing past the left edge; nothing past the right edge but a tree's nodes, which scroll
/// (and, once the tree is swiped, past the left edge too). The step-through's drawn search
/// scrolls sideways too, and follows the running call: its nodes ("Call …") may be past either
/// side.
fn assert_within_the_sides(game: &mut Game, screen: [f32; 2], when: &str, swiped: bool) {
    for (name, rect) in game.drawn() {
        let tree = name.starts_with("Node ");
        let search = name.starts_with("Call ");
        let fits = (rect.left() >= -0.5 || (tree && swiped) || search)
            && (rect.right() <= screen[0] + 0.5 || tree || search);
        if !fits
            && let Ok(folder) = std::env::var("SHOTS")
            && let Ok(image) = game.harness.render()
        {
            image
                .save(format!("{folder}/off-{}-{}.png", screen[0], slug(when)))
                .unwrap();
        }
        assert!(
            fits,
            "{screen:?}, {when}: {name:?} is drawn at {rect:?}, past the screen's side"
        );
    }
}

/// `when` as part of a file's name.
fn slug(when: &str) -> String {
    when.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The part of the screen the view is seen in: under the menu bar, over the status bar (whose
/// first line, during a set, names it).
fn view_rect(game: &Game, screen: [f32; 2]) -> Rect {
    let menu = game.harness.get_by_label("Game").rect();
    let status = game
        .harness
        .get_all_by_label_contains("Exercises")
        .map(|node| node.rect())
        .filter(|rect| rect.left() < 20.0)
        .max_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("the status bar names the set");
    Rect::from_min_max(
        Pos2::new(0.0, menu.bottom()),
        Pos2::new(screen[0], status.top()),
    )
}

/// The part of the screen the item scrolls in: the view's, over the answer bar (which never
/// scrolls away) while an item is on show.
fn item_view_rect(game: &Game, screen: [f32; 2]) -> Rect {
    let mut view = view_rect(game, screen);
    if let Some(bar) = game.harness.query_by_label("Your answer:") {
        view.max.y = view.max.y.min(bar.rect().top());
    }
    view
}

/// Where the control named `name` is, asserted in the view's part of the screen (a finger can
/// tap it there).
fn on_screen(game: &mut Game, name: &str, screen: [f32; 2], when: &str) -> Rect {
    in_sight(game, name, screen, when, view_rect(game, screen))
}

/// Where the words or the control named `name` are, asserted in `seen`.
fn in_sight(game: &mut Game, name: &str, screen: [f32; 2], when: &str, seen: Rect) -> Rect {
    let rect = game.harness.get_by_label(name).rect();
    if !seen.contains_rect(rect)
        && let Ok(folder) = std::env::var("SHOTS")
        && let Ok(image) = game.harness.render()
    {
        image
            .save(format!("{folder}/off-view-{}.png", screen[0]))
            .unwrap();
    }
    assert!(
        seen.contains_rect(rect),
        "{screen:?}, {when}: {name:?} is at {rect:?}, out of the view's part of the screen {seen:?}"
    );
    rect
}

/// A finger's swipe from `from` to `to`: touch events with the pointer they bring.
fn swipe(game: &mut Game, from: Pos2, to: Pos2) {
    let touch = |phase, pos| egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(1),
        phase,
        pos,
        force: None,
    };
    game.harness.event(touch(egui::TouchPhase::Start, from));
    game.harness.event(egui::Event::PointerMoved(from));
    game.harness.event(egui::Event::PointerButton {
        pos: from,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    game.harness.run_steps(2);
    for step in 1..=10 {
        let pos = from + (to - from) * (step as f32 / 10.0);
        game.harness.event(touch(egui::TouchPhase::Move, pos));
        game.harness.event(egui::Event::PointerMoved(pos));
        game.harness.run_steps(1);
    }
    game.harness.event(touch(egui::TouchPhase::End, to));
    game.harness.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    game.harness.event(egui::Event::PointerGone);
    game.harness.run_steps(2);
    // The fling comes to rest.
    game.harness.run_steps(60);
}

/// A tree wider than the screen is swiped sideways until its last node comes into sight;
/// whether it was.
fn swipe_to_every_node(game: &mut Game, screen: [f32; 2], when: &str) -> bool {
    let tree: Vec<(String, Rect)> = game
        .drawn()
        .into_iter()
        .filter(|(name, _)| name.starts_with("Node "))
        .collect();
    let Some((last, rect)) = tree
        .iter()
        .max_by(|a, b| a.1.right().total_cmp(&b.1.right()))
        .cloned()
    else {
        return false;
    };
    if rect.right() <= screen[0] {
        return false;
    }
    // Swiped across the tree at its root's height, once the root is in the view's part of the
    // screen (swiped up or down into it first).
    let root = |game: &Game| {
        game.harness
            .get_by_label_contains("Node A,")
            .rect()
            .center()
            .y
    };
    let view = item_view_rect(game, screen);
    let middle = view.center().y;
    for _ in 0..6 {
        let y = root(game);
        if y > view.top() + 30.0 && y < view.bottom() - 30.0 {
            break;
        }
        // Down the right margin, where no text field takes the finger for its own (and left
        // of the scroll bar, which a finger drags the other way).
        let by = (y - middle).clamp(-view.height() * 0.4, view.height() * 0.4);
        swipe(
            game,
            Pos2::new(screen[0] - 24.0, middle + by * 0.5),
            Pos2::new(screen[0] - 24.0, middle - by * 0.5),
        );
    }
    let y = root(game);
    assert!(
        y > view.top() && y < view.bottom(),
        "{screen:?}, {when}: the tree's root is at y = {y}, out of the view {view:?}"
    );
    for _ in 0..6 {
        let now = game.harness.get_by_label(&last).rect();
        if now.right() <= screen[0] {
            break;
        }
        swipe(
            game,
            Pos2::new(screen[0] * 0.8, y),
            Pos2::new(screen[0] * 0.2, y),
        );
    }
    let now = game.harness.get_by_label(&last).rect();
    if let Ok(folder) = std::env::var("SHOTS")
        && let Ok(image) = game.harness.render()
    {
        image
            .save(format!("{folder}/swiped-{}.png", screen[0]))
            .unwrap();
    }
    assert!(
        now.left() >= 0.0 && now.right() <= screen[0] + 0.5,
        "{screen:?}, {when}: the tree's last node {last:?} is at {now:?} after swiping"
    );
    assert_within_the_sides(game, screen, &format!("{when}, the tree swiped"), true);
    true
}

#[test]
fn a_whole_set_is_done_by_taps_and_typing_at_every_width_a_phone_has() {
    let code: SetCode = SET.parse().unwrap();
    let set = generate(&code);
    // Every kind, trees and positions.
    assert!(
        set.items
            .iter()
            .any(|i| matches!(i.task, Task::TreeFill(_)))
    );
    assert!(set.items.iter().any(|i| matches!(i.task, Task::Prune(_))));
    assert!(set.items.iter().any(|i| i.on_board()));
    for screen in SCREENS {
        let mut game = open(&code, screen);
        for item in &set.items {
            let when = format!("item {}", item.number);
            let header = format!(
                "Item {} of {} · {}, level {}",
                item.number,
                set.items.len(),
                item.kind().name(),
                item.level
            );
            // A new item comes into sight from its title, with the answer field in the bar
            // under it: no swipe needed.
            on_screen(&mut game, "Your answer:", screen, &when);
            let item_view = item_view_rect(&game, screen);
            in_sight(&mut game, &header, screen, &when, item_view);
            assert_within_the_sides(&mut game, screen, &when, false);
            let swiped = swipe_to_every_node(&mut game, screen, &when);
            // A touch screen's words: taps, not clicks.
            assert_eq!(
                game.harness.query_all_by_label_contains("Click").count(),
                0,
                "{screen:?}, {when}: a touch screen is told to click"
            );
            if matches!(item.task, Task::Horizon(_)) {
                game.harness.get_by_label_contains("Tap the cells");
            }
            let field = on_screen(&mut game, "Your answer:", screen, &when);
            game.tap_at(field.center());
            game.harness
                .get_by_label("Your answer:")
                .type_text(&item.answer_text());
            game.settle();
            let check = on_screen(&mut game, "Check", screen, &when);
            game.tap_at(check.center());
            let graded = item.grade(&item.answer_text()).unwrap();
            assert!(graded.correct, "{when}: {:?}", graded.feedback);
            assert!(
                game.harness.query_by_label(&graded.feedback[0]).is_some(),
                "{screen:?}, {when}: a tap on Check at {check:?} gave no verdict"
            );
            let last = item.number == set.items.len();
            let next = if last { "See the results" } else { "Next" };
            assert_within_the_sides(&mut game, screen, &format!("{when}, graded"), swiped);
            // The verdict and Next in sight at once, without a swipe.
            let item_view = item_view_rect(&game, screen);
            let graded_when = format!("{when}, graded");
            in_sight(
                &mut game,
                &graded.feedback[0],
                screen,
                &graded_when,
                item_view,
            );
            let next = on_screen(&mut game, next, screen, &format!("{when}, graded"));
            game.tap_at(next.center());
        }
        let summary = format!("Set {code}: {0} of {0} right.", set.items.len());
        on_screen(&mut game, &summary, screen, "the results");
        assert_within_the_sides(&mut game, screen, "the results", false);
    }
}

/// The six screens every view is checked at: the portrait widths a phone has, and one on its side.
const VIEW_SCREENS: [[f32; 2]; 6] = [
    [320.0, 640.0],
    [360.0, 780.0],
    [390.0, 844.0],
    [412.0, 915.0],
    [430.0, 932.0],
    [844.0, 390.0],
];

/// Keeps the window at the phone's size after a command: on the desktop a view may ask for a
/// wider window; a phone's page stays as it is.
fn at_size(game: &mut Game, screen: [f32; 2]) {
    game.harness.set_size(egui::Vec2::from(screen));
    game.settle();
    game.harness.run_steps(3);
}

/// The status bar's top: its first line is a live region (the step-through's line in words is
/// one too, higher up).
fn status_top(game: &Game, screen: [f32; 2]) -> f32 {
    game.harness
        .root()
        .children_recursive()
        .filter(|node| node.accesskit_node().live() == egui::accesskit::Live::Polite)
        .map(|node| node.rect())
        .filter(|rect| rect.left() < 20.0 && rect.bottom() <= screen[1] + 0.5)
        .map(|rect| rect.top())
        .fold(f32::NEG_INFINITY, f32::max)
}

/// Asserts the control named `name` is where a finger can tap it without a swipe: between the
/// menu bar and the status bar, inside the sides.
fn tappable(game: &mut Game, name: &str, screen: [f32; 2], when: &str) {
    let rect = game.harness.get_by_label(name).rect();
    let menu = game.harness.get_by_label("Game").rect();
    let seen = Rect::from_min_max(
        Pos2::new(0.0, menu.bottom()),
        Pos2::new(screen[0], status_top(game, screen)),
    );
    if !seen.contains_rect(rect)
        && let Ok(folder) = std::env::var("SHOTS")
        && let Ok(image) = game.harness.render()
    {
        image
            .save(format!("{folder}/untappable-{}.png", screen[0]))
            .unwrap();
    }
    assert!(
        seen.contains_rect(rect),
        "{screen:?}, {when}: {name:?} is at {rect:?}, out of the view's part of the screen {seen:?}"
    );
}

/// Every view of the game at every width a phone has, upright and on its side (the menus, the
/// scores, the computer's reasons, the explorer, the review, practice, the editor, the hint):
/// nothing drawn past the screen's sides. The step-through, a textbook's tree and the exercises
/// have tests of their own.
#[test]
fn every_view_fits_a_phone_upright_and_on_its_side() {
    for screen in VIEW_SCREENS {
        let mut game = harness::start_sized("welcome_hint: false", screen, |options| {
            options.touch_screen = true;
        });
        assert_within_the_sides(&mut game, screen, "the game", false);
        // A game played a little, so that the review, the explorer and the computer's reasons
        // have something to show (by the keyboard: on a touch screen a tap on a cell may
        // explain its score first).
        game.press(egui::Key::Num5);
        assert!(
            game.harness
                .state()
                .controller()
                .last_computer_move()
                .is_some(),
            "{screen:?}: the computer has answered"
        );
        assert_within_the_sides(&mut game, screen, "the board", false);
        for menu in ["Game", "Players", "Board", "View", "Settings"] {
            game.harness.get_by_label(menu).click();
            at_size(&mut game, screen);
            assert_within_the_sides(&mut game, screen, &format!("the {menu} menu"), false);
            game.harness.get_by_label(menu).click();
            at_size(&mut game, screen);
        }
        for submenu in ["Scores are seen", "Theme"] {
            game.harness.get_by_label("View").click();
            at_size(&mut game, screen);
            game.harness.get_by_label(submenu).click();
            at_size(&mut game, screen);
            assert_within_the_sides(&mut game, screen, &format!("View › {submenu}"), false);
            game.press(egui::Key::Escape);
            game.harness.get_by_label("View").click();
            at_size(&mut game, screen);
            if game.harness.query_by_label("Scores are seen").is_some() {
                game.harness.get_by_label("View").click();
                at_size(&mut game, screen);
            }
        }
        for (key, view) in [
            (egui::Key::S, "the scores"),
            (egui::Key::W, "the computer's reasons"),
            (egui::Key::T, "the explorer"),
            (egui::Key::M, "the review"),
            (egui::Key::P, "practice"),
            (egui::Key::E, "the editor"),
            (egui::Key::H, "the hint"),
        ] {
            game.press(key);
            at_size(&mut game, screen);
            assert_within_the_sides(&mut game, screen, view, false);
            // With the scores on too: the panels beside or under the board share the room.
            if matches!(key, egui::Key::W | egui::Key::T | egui::Key::M) {
                game.press(egui::Key::S);
                at_size(&mut game, screen);
                assert_within_the_sides(&mut game, screen, &format!("{view}, scores on"), false);
                game.press(egui::Key::S);
                at_size(&mut game, screen);
            }
            game.press(key);
            at_size(&mut game, screen);
        }
    }
}

/// The step-through at every width a phone has, upright and on its side: listed, then drawn,
/// plain and alpha-beta, at the start and the end; nothing past the sides (but the drawn
/// search's nodes, which scroll sideways), its buttons where a finger taps them without a swipe.
#[test]
fn the_step_through_fits_a_phone_upright_and_on_its_side() {
    for screen in VIEW_SCREENS {
        let mut game = harness::start_sized("welcome_hint: false", screen, |options| {
            options.touch_screen = true;
        });
        game.press(egui::Key::Num5);
        game.press(egui::Key::D);
        at_size(&mut game, screen);
        let step = |game: &mut Game, when: &str| {
            assert_within_the_sides(game, screen, when, false);
            for button in ["Step", "Close"] {
                tappable(game, button, screen, when);
            }
        };
        step(&mut game, "the step-through");
        game.press(egui::Key::ArrowRight);
        at_size(&mut game, screen);
        step(&mut game, "the step-through, a step in");
        game.harness
            .get_by_label("alpha-beta, score each move")
            .click();
        at_size(&mut game, screen);
        game.press(egui::Key::End);
        at_size(&mut game, screen);
        step(&mut game, "the step-through, alpha-beta at the end");
        game.harness.get_by_label("Draw the search").click();
        at_size(&mut game, screen);
        step(&mut game, "the step-through, drawn");
        game.harness.get_by_label("Only the drawing").click();
        at_size(&mut game, screen);
        step(&mut game, "the step-through, only the drawing");
        game.press(egui::Key::Escape);
        at_size(&mut game, screen);
        assert_within_the_sides(&mut game, screen, "back from the step-through", false);
    }
}

/// A textbook's tree with its code beside it, at every width a phone has: nothing past the
/// sides, its buttons where a finger can tap them.
#[test]
fn the_textbooks_tree_fits_a_phone_upright_and_on_its_side() {
    for screen in VIEW_SCREENS {
        let mut game = harness::start_sized("welcome_hint: false", screen, |options| {
            options.touch_screen = true;
            options.open_on.tree = Some("three-ply".to_string());
        });
        at_size(&mut game, screen);
        assert_within_the_sides(&mut game, screen, "a textbook's tree", false);
        game.press(egui::Key::ArrowRight);
        at_size(&mut game, screen);
        assert_within_the_sides(&mut game, screen, "a textbook's tree, a step in", false);
        game.press(egui::Key::End);
        at_size(&mut game, screen);
        assert_within_the_sides(&mut game, screen, "a textbook's tree, at the end", false);
        for button in ["Restart", "Close"] {
            tappable(&mut game, button, screen, "a textbook's tree, at the end");
        }
        // Editing a leaf: the toggle and the leaf's field wrap, never widening the view (on a
        // small phone they lie under the fold, as the drawing does: chosen as a screen reader
        // chooses).
        for name in ["Edit leaves", "Node D (1.2)"] {
            game.harness.get_by_label_contains(name).click_accesskit();
            game.settle();
        }
        at_size(&mut game, screen);
        assert_within_the_sides(&mut game, screen, "a textbook's tree, a leaf chosen", false);
        game.harness.get_by_label("Leaf D value:");
    }
}
