//! The textbook's pseudocode beside a search stepped through, the line the search is at
//! highlighted: one panel for the step-through and the textbook's tree.

use egui::{RichText, Ui};

use crate::learn::pseudocode::Line;

/// The code in a frame, `active` highlighted (and selected, for a screen reader), shrunk to its
/// column down to a size that still reads (rather than hiding the ends of its lines); below that
/// it scrolls.
pub(crate) fn code_lines(ui: &mut Ui, code: &[Line], active: Option<usize>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let widest = code
            .iter()
            .map(|line| line.text.chars().count())
            .max()
            .unwrap_or(1);
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let char_width = ui.fonts_mut(|fonts| fonts.glyph_width(&font, 'm'));
        let fitting = font.size * ui.available_width() / (widest as f32 * char_width);
        let size = fitting.clamp(9.0, font.size);
        for (number, line) in code.iter().enumerate() {
            let mut text = RichText::new(line.text).monospace().size(size);
            if Some(number) == active {
                text = text
                    .background_color(ui.visuals().selection.bg_fill)
                    .color(ui.visuals().strong_text_color());
            }
            let response = ui.add(egui::Label::new(text).extend());
            if Some(number) == active {
                ui.ctx().accesskit_node_builder(response.id, |node| {
                    node.set_selected(true);
                });
            }
        }
    });
}
