//! A picture the player exports (a drawn tree, as SVG or PNG), saved as the other files are:
//! atomically, so that a file in its place stays whole if anything fails, and never over a file
//! of another kind (a saved game, the settings, any file that is not a picture of its format),
//! nor over a directory, a special or read-only file, or a file of another owner.

use std::path::Path;

use super::files::{self, SaveProblem, SaveRules, TargetProblem};
use super::shown_path::shown_path;

/// Saves `bytes` (an SVG document or a PNG image, as `path`'s picture) at `path`. The error is a
/// one-line message that names the file.
pub fn save(path: &Path, bytes: &[u8], png: bool) -> Result<(), String> {
    let rules = SaveRules {
        make_folder: false,
        other_kind: if png { not_png } else { not_svg },
    };
    files::save_atomically(path, rules, bytes).map_err(|problem| {
        let why = match problem {
            SaveProblem::Target(TargetProblem::IsDirectory) => "it is a folder".to_string(),
            SaveProblem::Target(TargetProblem::NotARegularFile) => {
                "it is not a regular file".to_string()
            }
            SaveProblem::Target(TargetProblem::NoFileName) => "it names no file".to_string(),
            SaveProblem::Target(TargetProblem::ReadOnly) => "the file there is read-only".into(),
            SaveProblem::Target(TargetProblem::OtherOwner) => {
                "the file there belongs to someone else".to_string()
            }
            SaveProblem::Target(TargetProblem::OtherKind) => format!(
                "the file there is not {} picture, and is kept",
                if png { "a PNG" } else { "an SVG" }
            ),
            SaveProblem::Target(TargetProblem::MissingFolder) => "its folder is missing".into(),
            SaveProblem::Write(error) => error.to_string(),
        };
        format!("The picture was not saved to {}: {why}.", shown_path(path))
    })
}

/// Whether the text of the file in the way is anything but an SVG picture.
fn not_svg(text: &str) -> bool {
    !text.contains("<svg")
}

/// Whether the file in the way (read as text, its bytes that are not UTF-8 replaced) is anything
/// but a PNG image, whose signature starts with the byte 0x89 and "PNG".
fn not_png(text: &str) -> bool {
    !text.starts_with("\u{FFFD}PNG")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_replaces_a_picture_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game.svg");
        crate::platform::fs::write(&game, "(version: 1, moves: [])").unwrap();
        let error = save(&game, b"<svg/>", false).unwrap_err();
        assert!(error.contains("not an SVG picture"), "{error}");
        assert_eq!(
            crate::platform::fs::read_to_string(&game).unwrap(),
            "(version: 1, moves: [])"
        );
        let picture = dir.path().join("tree.svg");
        save(&picture, b"<svg>old</svg>", false).unwrap();
        save(&picture, b"<svg>new</svg>", false).unwrap();
        assert_eq!(
            crate::platform::fs::read_to_string(&picture).unwrap(),
            "<svg>new</svg>"
        );
        // An SVG is no PNG: a PNG export does not replace it.
        assert!(save(&picture, b"\x89PNG", true).is_err());
        let png = dir.path().join("tree.png");
        save(&png, b"\x89PNG\r\n\x1a\nold", true).unwrap();
        save(&png, b"\x89PNG\r\n\x1a\nnew", true).unwrap();
        assert_eq!(
            crate::platform::fs::read(&png).unwrap(),
            b"\x89PNG\r\n\x1a\nnew"
        );
    }
}
