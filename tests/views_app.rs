//! Every view in the registry, opened as its menu entry opens it, at a desktop's size and at a
//! phone's (390 points, touch): it is the one view open, its name is on the screen, a frame of it
//! renders, and nothing is drawn past the window's left or right edge (a tree's nodes may run on
//! to the right, to be scrolled into sight).

use egui_kittest::kittest::Queryable;
use tictactoe::app::ViewKind;

mod harness;

use harness::Game;

const DESKTOP: [f32; 2] = [1024.0, 720.0];
const PHONE: [f32; 2] = [390.0, 844.0];

fn open(kind: ViewKind, screen: [f32; 2]) -> Game {
    let mut game = harness::start_sized("welcome_hint: false", screen, |options| {
        options.touch_screen = screen == PHONE;
    });
    let ctx = game.harness.ctx.clone();
    game.harness.state_mut().toggle_view(&ctx, kind);
    game.settle();
    game
}

#[test]
fn every_view_opens_names_itself_and_fits_a_desktop_and_a_phone() {
    assert_eq!(
        ViewKind::ALL.len(),
        7,
        "a view added: it is checked here too"
    );
    let mut past = Vec::new();
    for screen in [DESKTOP, PHONE] {
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
