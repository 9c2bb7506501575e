//! How every message writes a path: on one line, escaped where it could mislead, cut in its
//! middle where it is long.

use std::path::Path;

/// A file's path as every message prints it, on one line: as it is when it holds nothing
/// unusual, else quoted with its line breaks, other control characters, text-direction
/// overrides and bytes that are not UTF-8 written as escapes (`"a\nb.ron"`, `"\u{202e}nor.txt"`,
/// `"caf\xe9.ron"`), so that a name cannot split a message or disguise itself. A path longer
/// than [`MAX_SHOWN_PATH_CHARS`] keeps its start and its end (the file's name) around a `…`.
///
/// ```
/// use std::path::Path;
/// use tictactoe::store::shown_path;
/// assert_eq!(shown_path(Path::new("games/last.ron")), "games/last.ron");
/// assert_eq!(shown_path(Path::new("a\nb.ron")), r#""a\nb.ron""#);
/// ```
pub fn shown_path(path: &Path) -> String {
    let bytes = path.as_os_str().as_encoded_bytes();
    // Each character as shown, an escape being one piece, so that shortening never cuts one.
    let mut pieces: Vec<String> = Vec::new();
    let mut quoted = false;
    for chunk in bytes.utf8_chunks() {
        for ch in chunk.valid().chars() {
            pieces.push(match ch {
                '"' | '\\' => format!("\\{ch}"),
                ch if needs_escape(ch) => {
                    quoted = true;
                    ch.escape_default().to_string()
                }
                ch => ch.to_string(),
            });
        }
        for byte in chunk.invalid() {
            quoted = true;
            pieces.push(format!("\\x{byte:02x}"));
        }
    }
    if !quoted {
        // Plain text: quotes and backslashes (Windows paths) as they are.
        pieces = String::from_utf8_lossy(bytes)
            .chars()
            .map(String::from)
            .collect();
    }
    if pieces.len() > MAX_SHOWN_PATH_CHARS {
        let tail = pieces.split_off(pieces.len() - SHOWN_PATH_END);
        pieces.truncate(MAX_SHOWN_PATH_CHARS - SHOWN_PATH_END - 1);
        pieces.push("…".to_owned());
        pieces.extend(tail);
    }
    let shown = pieces.concat();
    match quoted {
        true => format!("\"{shown}\""),
        false => shown,
    }
}

/// The most characters of a path a message shows; a longer one is cut in its middle.
pub const MAX_SHOWN_PATH_CHARS: usize = 120;

/// How many characters of a long path's end are shown: its file name, and the folder above.
const SHOWN_PATH_END: usize = 80;

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

    #[test]
    fn a_long_path_keeps_its_start_and_its_file_name() {
        let long = format!("/home/{}settings.ron", "d/".repeat(2_500));
        let shown = shown_path(Path::new(&long));
        assert_eq!(shown.chars().count(), MAX_SHOWN_PATH_CHARS);
        assert!(shown.starts_with("/home/d/d/"), "{shown}");
        assert!(shown.ends_with("/d/d/settings.ron"), "{shown}");
        assert!(shown.contains('…'), "{shown}");
        // Escapes are never cut in half.
        let odd = format!("{}\n{}.ron", "x".repeat(38), "y".repeat(200));
        let shown = shown_path(Path::new(&odd));
        assert!(
            shown.starts_with(&format!("\"{}\\n…", "x".repeat(38))),
            "{shown}"
        );
    }
}
