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
        options.exercises = Some(code.clone());
        options.touch_screen = true;
    })
}

/// Every node the screen reader gets, with its name and where it is drawn.
fn drawn(game: &Game) -> Vec<(String, Rect)> {
    game.harness
        .root()
        .children_recursive()
        .filter_map(|node| {
            let b = node.accesskit_node().bounding_box()?;
            let ppp = game.harness.ctx.pixels_per_point();
            let rect = Rect::from_min_max(
                Pos2::new(b.x0 as f32 / ppp, b.y0 as f32 / ppp),
                Pos2::new(b.x1 as f32 / ppp, b.y1 as f32 / ppp),
            );
            let name = node
                .accesskit_node()
                .label()
                .or_else(|| node.accesskit_node().value())
                .unwrap_or_default();
            // A text field's text scrolls inside the field: its runs may be wider (a label's
            // runs are inside the label's rectangle, which is checked).
            let run = node.accesskit_node().role() == egui::accesskit::Role::TextRun;
            (!run && rect.width() > 0.0 && rect.height() > 0.0).then_some((name, rect))
        })
        .collect()
}

/// Nothing past the left edge; nothing past the right edge but a tree's nodes, which scroll
/// (and, once the tree is swiped, past the left edge too).
fn assert_within_the_sides(game: &mut Game, screen: [f32; 2], when: &str, swiped: bool) {
    for (name, rect) in drawn(game) {
        let tree = name.starts_with("Node ");
        let fits =
            (rect.left() >= -0.5 || (tree && swiped)) && (rect.right() <= screen[0] + 0.5 || tree);
        if !fits
            && let Ok(folder) = std::env::var("SHOTS")
            && let Ok(image) = game.harness.render()
        {
            image
                .save(format!("{folder}/off-{}.png", screen[0]))
                .unwrap();
        }
        assert!(
            fits,
            "{screen:?}, {when}: {name:?} is drawn at {rect:?}, past the screen's side"
        );
    }
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

/// Where the control named `name` is, asserted in the view's part of the screen (a finger can
/// tap it there).
fn on_screen(game: &mut Game, name: &str, screen: [f32; 2], when: &str) -> Rect {
    let rect = game.harness.get_by_label(name).rect();
    let seen = view_rect(game, screen);
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

/// Where the control named `name` is once in the view's part of the screen, swiped up or down
/// into it if it is not there.
fn reach(game: &mut Game, name: &str, screen: [f32; 2], when: &str) -> Rect {
    let view = view_rect(game, screen);
    for _ in 0..6 {
        let rect = game.harness.get_by_label(name).rect();
        if view.contains_rect(rect) {
            break;
        }
        eprintln!("{screen:?}, {when}: {name:?} swiped into the view from {rect:?}");
        let by =
            (rect.center().y - view.center().y).clamp(-view.height() * 0.4, view.height() * 0.4);
        let x = screen[0] - 20.0;
        swipe(
            game,
            Pos2::new(x, view.center().y + by * 0.5),
            Pos2::new(x, view.center().y - by * 0.5),
        );
    }
    on_screen(game, name, screen, when)
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
    let tree: Vec<(String, Rect)> = drawn(game)
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
    let view = view_rect(game, screen);
    let middle = view.center().y;
    for _ in 0..6 {
        let y = root(game);
        if y > view.top() + 30.0 && y < view.bottom() - 30.0 {
            break;
        }
        let by = (y - middle).clamp(-view.height() * 0.4, view.height() * 0.4);
        swipe(
            game,
            Pos2::new(screen[0] * 0.5, middle + by * 0.5),
            Pos2::new(screen[0] * 0.5, middle - by * 0.5),
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
            // A new item comes into sight from its title to its answer; where a long prompt
            // leaves no room for both, the answer comes first and the title is a swipe up.
            on_screen(&mut game, "Your answer:", screen, &when);
            reach(&mut game, &header, screen, &when);
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
            let field = reach(&mut game, "Your answer:", screen, &when);
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
            let next = reach(&mut game, next, screen, &format!("{when}, graded"));
            game.tap_at(next.center());
        }
        let summary = format!("Set {code}: {0} of {0} right.", set.items.len());
        on_screen(&mut game, &summary, screen, "the results");
        assert_within_the_sides(&mut game, screen, "the results", false);
    }
}

/// The game's views beside the exercises. (Not yet the step-through, whose pseudocode runs past a
/// phone's right edge, nor the computer's reasons beside the board on a phone on its side.)
#[test]
fn the_game_and_its_views_fit_a_phone_upright_and_on_its_side() {
    for screen in [
        [320.0, 640.0],
        [390.0, 844.0],
        [430.0, 932.0],
        [844.0, 390.0],
    ] {
        let mut game = harness::start_sized("welcome_hint: false", screen, |options| {
            options.touch_screen = true;
        });
        assert_within_the_sides(&mut game, screen, "the game", false);
        // A game played a little, so that the review and the explorer have something to show.
        game.click_cell(tictactoe::Cell::new(1, 1));
        game.settle();
        for (key, view) in [
            (egui::Key::T, "the explorer"),
            (egui::Key::M, "the review"),
            (egui::Key::P, "practice"),
            (egui::Key::E, "the editor"),
            (egui::Key::H, "the hint"),
        ] {
            game.press(key);
            // On the desktop a view may ask for a wider window; a phone's page stays as it is.
            game.harness.set_size(egui::Vec2::from(screen));
            game.settle();
            assert_within_the_sides(&mut game, screen, view, false);
            game.press(key);
            game.harness.set_size(egui::Vec2::from(screen));
            game.settle();
        }
    }
}
