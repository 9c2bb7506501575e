//! The storage layer: what is kept on disk. [`settings`] keeps the player's preferences,
//! [`game_file`] one game, and [`files`] the reading and atomic writing both share. It imports
//! from the game, learning and engine layers.

pub mod files;
pub mod game_file;
pub mod settings;

use std::path::Path;

/// A file's path as every message prints it, on one line: as it is when it holds nothing
/// unusual, else quoted with its line breaks, other control characters and text-direction
/// overrides written as escapes (`"a\nb.ron"`, `"\u{202e}nor.txt"`), so that a name cannot split
/// a message or disguise itself.
///
/// ```
/// use std::path::Path;
/// use tictactoe::store::shown_path;
/// assert_eq!(shown_path(Path::new("games/last.ron")), "games/last.ron");
/// assert_eq!(shown_path(Path::new("a\nb.ron")), r#""a\nb.ron""#);
/// ```
pub fn shown_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    if !text.chars().any(needs_escape) {
        return text.into_owned();
    }
    let mut shown = String::with_capacity(text.len() + 2);
    shown.push('"');
    for ch in text.chars() {
        match ch {
            '"' | '\\' => {
                shown.push('\\');
                shown.push(ch);
            }
            ch if needs_escape(ch) => shown.extend(ch.escape_default()),
            ch => shown.push(ch),
        }
    }
    shown.push('"');
    shown
}

/// Control characters (line breaks, tabs, escape sequences) and the invisible marks that change
/// the direction text is shown in.
fn needs_escape(ch: char) -> bool {
    ch.is_control()
        || matches!(ch, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_on_one_line_as_typed_or_escaped() {
        assert_eq!(
            shown_path(Path::new("/tmp/my game.ron")),
            "/tmp/my game.ron"
        );
        assert_eq!(
            shown_path(Path::new("C:\\games\\a.ron")),
            "C:\\games\\a.ron"
        );
        assert_eq!(shown_path(Path::new("a\nb\r\t.ron")), r#""a\nb\r\t.ron""#);
        assert_eq!(
            shown_path(Path::new("x\u{1b}[31m\"\\\u{202e}.ron")),
            r#""x\u{1b}[31m\"\\\u{202e}.ron""#
        );
        for weird in ["a\nb", "\u{85}", "\u{2066}x"] {
            assert!(!shown_path(Path::new(weird)).chars().any(needs_escape));
        }
    }
}
