//! Every view in the registry, opened as its menu entry opens it, at a desktop's size, at a
//! phone's (390 points, touch) and at a projector's in presenter mode (1280×720): it is the one
//! view open, its name is on the screen, a frame of it renders, and nothing is drawn past the
//! window's left or right edge (a tree's nodes may run on to the right, to be scrolled into
//! sight).

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::app::ViewKind;

mod harness;

use harness::Game;

const DESKTOP: [f32; 2] = [1024.0, 720.0];
const PHONE: [f32; 2] = [390.0, 844.0];

fn open(kind: ViewKind, screen: [f32; 2]) -> Game {
    // A projector's screen in presenter mode.
    let settings = if screen == PROJECTOR {
        "welcome_hint: false, presenter: true"
    } else {
        "welcome_hint: false"
    };
    let mut game = harness::start_sized(settings, screen, |options| {
        options.touch_screen = screen == PHONE;
    });
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().toggle_view(&ctx, kind);
    game.settle();
    game
}

#[test]
fn every_view_opens_names_itself_and_fits_a_desktop_a_phone_and_a_projector() {
    assert_eq!(
        ViewKind::ALL.len(),
        8,
        "a view added: it is checked here too"
    );
    let mut past = Vec::new();
    for screen in [DESKTOP, PHONE, PROJECTOR] {
        for kind in ViewKind::ALL {
            let mut game = open(kind, screen);
            let app = game.harness.state();
            assert_eq!(app.open_views(), [kind], "{kind:?} at {screen:?}");
            let name = app.view_name(kind).expect("an open view has a name");
            assert!(
                game.harness.query_by_label(name).is_some(),
                "{kind:?} at {screen:?}: its name {name:?} is not on the screen"
            );
            let image = game
                .harness
                .render()
                .unwrap_or_else(|why| panic!("{kind:?} at {screen:?} did not render: {why}"));
            if let Ok(folder) = std::env::var("SHOTS") {
                image
                    .save(format!("{folder}/{kind:?}-{}.png", screen[0]))
                    .unwrap();
            }
            // The window as it is now: a side panel may have widened a desktop's window.
            let width = game.harness.ctx.content_rect().width();
            for (label, rect) in game.drawn() {
                let tree = label.starts_with("Node ");
                if !(rect.left() >= -0.5 && (rect.right() <= width + 0.5 || tree)) {
                    past.push(format!("{kind:?} at {screen:?}: {label:?} at {rect:?}"));
                }
            }
            // Closed the way it was opened: no view is left open.
            let ctx = game.harness.ctx.clone();
            game.harness.state_mut().toggle_view(&ctx, kind);
            game.settle();
            assert_eq!(game.harness.state().open_views(), [], "{kind:?} closed");
        }
    }
    assert!(
        past.is_empty(),
        "drawn past the window's side:\n  {}",
        past.join("\n  ")
    );
}

const PROJECTOR: [f32; 2] = [1280.0, 720.0];

/// The app at a projector's 1280×720, in presenter mode (F5), with `position` pasted on show.
fn presented(position: &str) -> Game {
    let mut game = harness::start_sized("welcome_hint: false", PROJECTOR, |_| {});
    game.press(egui::Key::F5);
    assert!(game.harness.state().settings().presenter, "F5 turns it on");
    game.harness.event(egui::Event::Paste(position.to_string()));
    game.settle();
    game
}

/// The rectangle of the first node the screen reader gets whose name starts with `start`.
fn rect_of(game: &Game, start: &str) -> egui::Rect {
    game.drawn()
        .into_iter()
        .find(|(label, _)| label.starts_with(start))
        .unwrap_or_else(|| panic!("nothing named {start:?}"))
        .1
}

#[test]
fn presenter_mode_makes_text_code_and_drawings_readable_on_a_projector() {
    let mut game = presented("XOX/.O./X..");
    let body =
        game.harness.ctx.style_of(egui::Theme::Dark).text_styles[&egui::TextStyle::Body].size;
    let small =
        game.harness.ctx.style_of(egui::Theme::Dark).text_styles[&egui::TextStyle::Small].size;
    assert!(body >= 24.0 && small >= 24.0, "body {body}, small {small}");
    // The explorer drawn as a tree takes the room beside the board.
    game.press(egui::Key::T);
    game.harness.get_by_label("Draw as a tree").click();
    game.settle();
    let words = rect_of(&game, "O maximises: every number is O's");
    assert!(words.width() > 900.0, "the explorer's panel is {words:?}");
    let root = rect_of(&game, "The position: ");
    assert!(root.height() >= 40.0, "a node is drawn {root:?}");
    game.press(egui::Key::T);
    // The step-through's code keeps the text's size; its drawing alone fills the window.
    game.press(egui::Key::D);
    let line = rect_of(&game, "function findBestMove(board):");
    assert!(line.height() >= 24.0, "a line of code is {line:?}");
    game.harness.get_by_label("Draw the search").click();
    game.settle();
    for _ in 0..12 {
        game.press(egui::Key::ArrowRight);
    }
    game.harness.get_by_label("Only the drawing").click();
    game.settle();
    let nodes: Vec<egui::Rect> = game
        .drawn()
        .into_iter()
        .filter(|(label, _)| label.starts_with("findBestMove: ") || label.starts_with("Call "))
        .map(|(_, rect)| rect)
        .collect();
    let spread = nodes
        .iter()
        .fold(egui::Rect::NOTHING, |all, rect| all.union(*rect));
    // Fitted: its lowest nodes reach down to the status bar (the room below the controls).
    let status = rect_of(&game, "Your move");
    assert!(
        spread.bottom() > status.top() - 90.0 || spread.right() > 0.9 * PROJECTOR[0],
        "the drawing fills {spread:?} of the window, the status bar at {status:?}"
    );
    assert!(
        spread.height() > 250.0,
        "the drawing fills {spread:?} of the window"
    );
    // F5 again: back to the window's own sizes.
    game.press(egui::Key::Escape);
    game.press(egui::Key::F5);
    let body =
        game.harness.ctx.style_of(egui::Theme::Dark).text_styles[&egui::TextStyle::Body].size;
    assert!(body < 24.0, "body {body}");
}

#[test]
fn a_notice_goes_over_the_board_without_moving_it() {
    let mut game = harness::start_sized("welcome_hint: false", DESKTOP, |_| {});
    let before = rect_of(&game, "Board ");
    // Copy: "Copied … (paste it after tictactoe analyze …)".
    game.harness.event(egui::Event::Copy);
    game.settle();
    assert!(game.harness.state().notice().is_some());
    game.harness.get_by_label("Dismiss");
    assert_eq!(
        rect_of(&game, "Board "),
        before,
        "the board stays where it was"
    );
    // And in the step-through, which shows notices too.
    game.press(egui::Key::D);
    let step = rect_of(&game, "Step (Right)");
    game.harness.event(egui::Event::Copy);
    game.settle();
    assert_eq!(rect_of(&game, "Step (Right)"), step);
}

/// The label of the first node the screen reader gets that starts with `start` and holds `part`.
fn label_with(game: &Game, start: &str, part: &str) -> Option<String> {
    game.drawn()
        .into_iter()
        .map(|(label, _)| label)
        .find(|label| label.starts_with(start) && label.contains(part))
}

/// Opens `kind` on `position` (O to move in the tests below), with "Scores are seen" as
/// `score_view` says.
fn open_on(kind: ViewKind, position: &str, score_view: &str) -> Game {
    let board: tictactoe::Board = position.parse().unwrap();
    let mut game = harness::start_sized(
        &format!("welcome_hint: false, score_view: {score_view}"),
        DESKTOP,
        |options| options.open_on.position = Some(board),
    );
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().toggle_view(&ctx, kind);
    game.settle();
    game
}

/// The cutoff view's numbers, cells and words alike, are seen as "Scores are seen" says: O's
/// own on O's turn, X's (the engine's negated) in the articles' view, each exact score beside
/// them too; and the view says whose they are.
#[test]
fn the_cutoff_view_shows_its_numbers_as_scores_are_seen() {
    use tictactoe::engine::minimax::{Evaluation, SearchControl, Solver, Valuation, depth_limited};
    let position = "X../.../...";
    let board: tictactoe::Board = position.parse().unwrap();
    let exact = Solver::new().analyze(&board);
    for (score_view, sign, whose) in [
        ("SideToMove", 1, "Every number is O's, the side to move"),
        (
            "Articles",
            -1,
            "Every number is X's (Scores are seen: X maximises)",
        ),
    ] {
        let mut game = open_on(ViewKind::Cutoff, position, score_view);
        game.harness.get_by_label_contains(whose);
        for plies in [2, 3] {
            let moves = depth_limited(
                &board,
                plies,
                Evaluation::OpenLines,
                &SearchControl::with_node_budget(300_000),
            )
            .unwrap();
            assert_eq!(moves.len(), 8);
            for (cell, valuation) in moves {
                let (number, how) = match valuation {
                    Valuation::Exact(score) => (score.value(), "proven inside the cutoff"),
                    Valuation::Estimate(points) => (points, "evaluated at the cutoff"),
                };
                let exact = exact.score_of(cell).unwrap().value();
                let words = format!(
                    "depth {plies} gives {}, {how} · exact {} (",
                    sign * number,
                    sign * exact
                );
                assert!(
                    label_with(&game, &format!("{}: ", cell.name()), &words).is_some(),
                    "{score_view}: {}: {words}",
                    cell.name()
                );
            }
            if plies == 3 {
                break;
            }
            // Asked for on the worker; the test waits for it as for every search.
            game.harness.get_by_label("Deeper").click();
            game.settle();
            assert!(game.harness.query_by_label_contains("Searching").is_none());
            game.harness.get_by_label_contains("Depth 3 plays ");
        }
    }
}

/// MCTS's exact scores are seen as "Scores are seen" says; its rewards (W/N, UCB1) are the
/// chooser's whatever it says, and the view says so.
#[test]
fn the_mcts_view_shows_its_exact_scores_as_scores_are_seen() {
    use tictactoe::engine::minimax::Solver;
    let position = "XX./OO./X..";
    let board: tictactoe::Board = position.parse().unwrap();
    let exact = Solver::new().analyze(&board);
    for (score_view, sign, whose) in [
        (
            "SideToMove",
            1,
            "the exact scores are O's (the side to move)",
        ),
        ("Articles", -1, "the exact scores are X's (X maximises)"),
    ] {
        let mut game = open_on(ViewKind::Mcts, position, score_view);
        game.harness
            .get_by_label_contains("W/N and UCB1 are for the side that chose the move");
        game.harness.get_by_label_contains(whose);
        game.harness.get_by_label("10").click();
        game.settle();
        game.harness.get_by_label_contains("Iterations 10 ·");
        for row in &exact.moves {
            let winner = if row.score.value() > 0 {
                "O wins"
            } else if row.score.value() < 0 {
                "X wins"
            } else {
                "a draw"
            };
            let words = format!("· exact {} ({winner})", sign * row.score.value());
            assert!(
                label_with(&game, &format!("{}: N ", row.cell.name()), &words).is_some(),
                "{score_view}: {}: {words}",
                row.cell.name()
            );
        }
    }
}

/// The label of the node that has the accessibility focus, if any.
fn focused_label(game: &Game) -> Option<String> {
    let root = game.harness.root();
    let tree = root.accesskit_node().tree_state;
    tree.focus().and_then(|node| node.label())
}

/// The chapter's view named `view` opened on a phone (390 points, touch), with something to
/// show: the cutoff view and MCTS (10 iterations run) on a position, a textbook's chance tree.
fn on_a_phone(view: &str) -> Game {
    let (position, kind, tree) = match view {
        "cutoff" => (Some("X.O/.../..."), Some(ViewKind::Cutoff), None),
        "MCTS" => (Some("XX./OO./X.."), Some(ViewKind::Mcts), None),
        _ => (None, None, Some("[chance[3, 12], chance[2, 4, 6]]")),
    };
    let mut game = harness::start_sized("welcome_hint: false", PHONE, |options| {
        options.touch_screen = true;
        options.open_on.position = position.map(|text| text.parse().unwrap());
        options.open_on.tree = tree.map(str::to_string);
    });
    if let Some(kind) = kind {
        let ctx = game.harness.ctx.clone();
        game.harness.state_mut().toggle_view(&ctx, kind);
        game.settle();
    }
    if kind == Some(ViewKind::Mcts) {
        game.harness.get_by_label("10").click();
        game.settle();
    }
    game
}

/// The chapter's views on a phone (390 points, touch): every control shown has a name and is a
/// finger's size, and Tab reaches each (Enter or Space then presses it, as egui presses the
/// focused widget): the cutoff view, MCTS, and the textbook's tree with chance nodes.
#[test]
fn the_chapter_views_controls_are_named_finger_sized_and_reached_by_tab_on_a_phone() {
    use egui_kittest::kittest::By;
    let mut problems = Vec::new();
    for view in ["cutoff", "MCTS", "chance tree"] {
        let mut game = on_a_phone(view);
        let pressable = game.harness.ctx.interactive_rects_last_pass();
        let controls: Vec<(String, egui::Rect)> = game
            .harness
            .query_all(By::new().predicate(|node| {
                node.data().supports_action(egui::accesskit::Action::Click)
                    && !node.is_hidden()
                    && !node.is_disabled()
                    && node.role() != egui::accesskit::Role::Label
                    && node.role() != egui::accesskit::Role::ScrollBar
            }))
            .map(|node| {
                let name = node.accesskit_node().label().unwrap_or_default();
                (name, node.rect())
            })
            // Shown: egui answers a press on it (not scrolled out of sight); the board's cells
            // and the drawn tree's nodes have their own checks.
            .filter(|(name, rect)| {
                pressable
                    .iter()
                    .any(|at| rect.expand(8.0).contains_rect(*at))
                    && !name.starts_with("Row ")
                    && !name.starts_with("Node ")
            })
            .collect();
        assert!(controls.len() >= 5, "{view}: {controls:?}");
        for (name, rect) in &controls {
            if name.trim().is_empty() {
                problems.push(format!("{view}: a control with no name at {rect:?}"));
            }
            if rect.height() < 44.0 && rect.width() < 44.0 || rect.height() < 32.0 {
                problems.push(format!("{view}: {name:?} is {rect:?}, not a finger's size"));
            }
        }
        // Tab goes round every control shown.
        let mut reached = std::collections::HashSet::new();
        for _ in 0..controls.len() * 3 + 20 {
            game.harness.key_press(egui::Key::Tab);
            game.harness.run_steps(2);
            if let Some(label) = focused_label(&game) {
                reached.insert(label);
            }
        }
        for (name, _) in &controls {
            if !reached.contains(name) {
                problems.push(format!("{view}: Tab never reaches {name:?}: {reached:?}"));
            }
        }
        if view == "cutoff" {
            // By the keyboard alone: Tab to Deeper, Enter presses it.
            while focused_label(&game).as_deref() != Some("Deeper") {
                game.harness.key_press(egui::Key::Tab);
                game.harness.run_steps(2);
            }
            game.press(egui::Key::Enter);
            game.harness.get_by_label("Depth 3");
            game.harness.get_by_label_contains("Depth 3 plays ");
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
