//! The textbook's pseudocode beside a search stepped through, the line the search is at
//! highlighted: one panel for the step-through and the textbook's tree.

use egui::{RichText, Ui};

use crate::learn::pseudocode::Line;

/// The smallest size the code is shrunk to (points): below it, its lines are wrapped instead.
const SMALLEST: f32 = 9.0;

/// The code in a frame, `active` highlighted (and selected, for a screen reader), shrunk to its
/// column down to a size that still reads; on a column narrower than that (a phone), a long line
/// goes on in rows of its own, indented under it, rather than past the screen's edge. In
/// presenter mode it keeps the text's size (read from the back of a room) and wraps instead.
pub(crate) fn code_lines(ui: &mut Ui, code: &[Line], active: Option<usize>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let widest = code
            .iter()
            .map(|line| line.text.chars().count())
            .max()
            .unwrap_or(1);
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let char_width = ui.fonts_mut(|fonts| fonts.glyph_width(&font, 'm'));
        let room = ui.available_width();
        let fitting = font.size * room / (widest as f32 * char_width);
        let smallest = if super::texts::presenter(ui.ctx()) {
            font.size
        } else {
            SMALLEST.min(font.size)
        };
        let size = fitting.clamp(smallest, font.size);
        // A hair under the room: glyph widths are not whole points.
        let columns = ((room - 1.0) / (char_width * size / font.size)).floor() as usize;
        for (number, line) in code.iter().enumerate() {
            let rows = wrapped(line.text, columns.max(MIN_COLUMNS));
            let mut text = RichText::new(&rows).monospace().size(size);
            if Some(number) == active {
                text = text
                    .background_color(ui.visuals().selection.bg_fill)
                    .color(ui.visuals().strong_text_color());
            }
            let response = ui.add(egui::Label::new(text).extend());
            ui.ctx().accesskit_node_builder(response.id, |node| {
                // A screen reader reads the line as written, whatever rows it is shown in.
                if rows != line.text {
                    node.set_value(line.text);
                }
                if Some(number) == active {
                    node.set_selected(true);
                }
            });
        }
    });
}

/// The fewest columns a line is wrapped to: a word of the code is never cut in a wider row.
const MIN_COLUMNS: usize = 24;

/// `text` in rows of at most `columns` characters, broken at spaces (within a word only where
/// a row holds no space), each row after the first indented four more than the line, as a
/// continued line of code is.
fn wrapped(text: &str, columns: usize) -> String {
    if text.chars().count() <= columns {
        return text.to_string();
    }
    let indent = text.chars().take_while(|&c| c == ' ').count();
    let hang = " ".repeat((indent + 4).min(columns / 2));
    let mut rows: Vec<String> = Vec::new();
    let mut rest = text;
    loop {
        let prefix = if rows.is_empty() { "" } else { hang.as_str() };
        let room = columns - prefix.len();
        if rest.chars().count() <= room {
            rows.push(format!("{prefix}{rest}"));
            break;
        }
        // The byte where the row's room ends, and the last space up to it past the row's own
        // indentation (not the one after a comment's `#`, which stays with its words).
        let end = rest
            .char_indices()
            .nth(room)
            .map_or(rest.len(), |(at, _)| at);
        let lead = rest.len() - rest.trim_start_matches(' ').len();
        let cut = rest
            .char_indices()
            .take_while(|&(at, _)| at <= end)
            .filter(|&(at, c)| c == ' ' && at > lead && !rest[..at].ends_with('#'))
            .map(|(at, _)| at)
            .last();
        let (row, next) = match cut {
            Some(at) => (&rest[..at], &rest[at + 1..]),
            None => rest.split_at(end),
        };
        rows.push(format!("{prefix}{}", row.trim_end()));
        rest = next.trim_start_matches(' ');
        if rest.is_empty() {
            break;
        }
    }
    rows.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_goes_on_in_indented_rows_broken_at_spaces() {
        let line =
            "            if alpha >= beta: break    # the maximiser has better: prune the rest";
        let rows = wrapped(line, 40);
        assert_eq!(
            rows,
            "            if alpha >= beta: break\n                # the maximiser has\n                better: prune the rest"
        );
        assert!(rows.lines().all(|row| row.chars().count() <= 40), "{rows}");
        // Nothing is lost but the spaces where a row breaks.
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(words(&rows), words(line));
        // A line that fits is left as it is.
        assert_eq!(wrapped("    return best", 40), "    return best");
    }

    #[test]
    fn a_word_longer_than_a_row_is_cut_where_the_row_ends() {
        let rows = wrapped("x = aVeryLongNameIndeedThatNeverEnds + 1", 24);
        assert!(rows.lines().all(|row| row.chars().count() <= 24), "{rows}");
        let joined: String = rows.split_whitespace().collect();
        assert_eq!(joined, "x=aVeryLongNameIndeedThatNeverEnds+1");
    }
}
