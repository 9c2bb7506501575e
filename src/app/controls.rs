//! The open view's key controls (the menus, the explorer's rows, the step-through's buttons, the
//! review's moves, practice's buttons), each with its accessible name and where it is drawn, as
//! the frame draws them: the web page mirrors them into buttons that assistive technology reads
//! and presses (eframe's web runner gives it nothing of egui's own tree), and that tell a browser
//! test where to tap.

use egui::{Context, Rect, Response};

/// One control of the open view: its accessible name, and the rectangle it answers in, in
/// points (the page's CSS pixels).
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    pub name: String,
    pub rect: Rect,
}

/// Where this frame's controls are collected, in egui's memory.
fn collected() -> egui::Id {
    egui::Id::unique("the open view's key controls")
}

/// Notes a response as one of the open view's key controls. Shown widgets only: a row scrolled
/// out of its panel has nowhere to be pressed.
pub trait Mirrored {
    /// Notes the control under `name`; gives the response back.
    fn mirrored(self, name: impl Into<String>) -> Self;
}

impl Mirrored for Response {
    fn mirrored(self, name: impl Into<String>) -> Response {
        let rect = self.interact_rect;
        if self.enabled() && rect.is_positive() && rect.is_finite() {
            let control = Control {
                name: name.into(),
                rect,
            };
            self.ctx.data_mut(|data| {
                data.get_temp_mut_or_default::<Vec<Control>>(collected())
                    .push(control);
            });
        }
        self
    }
}

/// The controls noted since the last call, in the order they were drawn.
pub(super) fn take(ctx: &Context) -> Vec<Control> {
    ctx.data_mut(|data| std::mem::take(data.get_temp_mut_or_default::<Vec<Control>>(collected())))
}
