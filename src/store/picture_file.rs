//! A picture the player exports (a drawn tree, as SVG or PNG), saved as the other files are:
//! atomically, so that a file in its place stays whole if anything fails, and never over a file
//! of another kind (a saved game, the settings, any file that is not a picture of its format),
//! nor over a directory, a special or read-only file, or a file of another owner.

use std::io;
use std::path::{Path, PathBuf};

use super::files::{self, ReadProblem, SaveProblem, SaveRules, TargetProblem};
use super::shown_path::shown_path;

/// The largest file in the way that is read to tell whether it is a picture: larger than any
/// picture the game exports.
const MAX_CHECKED_BYTES: u64 = 64 * 1024 * 1024;

/// A picture that was not saved, and why: one line that names the file.
#[derive(Debug, thiserror::Error)]
#[error("The picture was not saved to {}: {reason}.", shown_path(.path))]
pub struct PictureSaveError {
    pub path: PathBuf,
    pub reason: PictureSaveReason,
}

/// Why a picture was not saved.
#[derive(Debug, thiserror::Error)]
pub enum PictureSaveReason {
    #[error("it is a folder")]
    IsDirectory,
    #[error("it is not a regular file")]
    NotARegularFile,
    #[error("it names no file")]
    NoFileName,
    #[error("the file there is read-only")]
    ReadOnly,
    #[error("the file there belongs to someone else")]
    OtherOwner,
    /// The file there is not, whole, a picture of the format saved (`png` or SVG): it is kept.
    #[error("the file there is not {} picture, and is kept", if *.png { "a PNG" } else { "an SVG" })]
    NotAPicture { png: bool },
    #[error("its folder is missing")]
    MissingFolder,
    /// Writing or syncing the new file failed.
    #[error("{0}")]
    Write(io::Error),
}

/// Saves `bytes` (an SVG document or a PNG image, as `path`'s picture) at `path`: a new file,
/// or in place of a file that is, whole, a picture of that format.
pub fn save(path: &Path, bytes: &[u8], png: bool) -> Result<(), PictureSaveError> {
    let rules = SaveRules {
        make_folder: false,
        other_kind: if png { not_png } else { not_svg },
        check_bytes: MAX_CHECKED_BYTES,
    };
    files::save_atomically(path, rules, bytes).map_err(|problem| PictureSaveError {
        path: path.to_owned(),
        reason: match problem {
            SaveProblem::Target(TargetProblem::IsDirectory) => PictureSaveReason::IsDirectory,
            SaveProblem::Target(TargetProblem::NotARegularFile) => {
                PictureSaveReason::NotARegularFile
            }
            SaveProblem::Target(TargetProblem::NoFileName) => PictureSaveReason::NoFileName,
            SaveProblem::Target(TargetProblem::ReadOnly) => PictureSaveReason::ReadOnly,
            SaveProblem::Target(TargetProblem::OtherOwner) => PictureSaveReason::OtherOwner,
            SaveProblem::Target(TargetProblem::OtherKind) => PictureSaveReason::NotAPicture { png },
            SaveProblem::Target(TargetProblem::MissingFolder) => PictureSaveReason::MissingFolder,
            SaveProblem::Write(error) => PictureSaveReason::Write(error),
        },
    })
}

/// Whether the file in the way is anything but an SVG picture: a whole XML document whose root
/// is an `svg` element (an HTML page with a picture inside, or a text that mentions `<svg`, is
/// not). A file that cannot be read whole cannot be told to be one.
fn not_svg(file: Result<&[u8], &ReadProblem>) -> bool {
    let Ok(bytes) = file else { return true };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return true;
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    match roxmltree::Document::parse_with_options(text, options) {
        Ok(document) => {
            let root = document.root_element();
            let namespace = root.tag_name().namespace();
            root.tag_name().name() != "svg"
                || namespace.is_some_and(|ns| ns != "http://www.w3.org/2000/svg")
        }
        Err(_) => true,
    }
}

/// Whether the file in the way is anything but a PNG image, read whole: the signature, then
/// chunks (each its length, type, data and a CRC that matches) from `IHDR` to an `IEND` that
/// ends the file.
fn not_png(file: Result<&[u8], &ReadProblem>) -> bool {
    let Ok(bytes) = file else { return true };
    let Some(mut rest) = bytes.strip_prefix(b"\x89PNG\r\n\x1a\n") else {
        return true;
    };
    let mut first = true;
    while rest.len() >= 12 {
        let length = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        let Some(chunk) = rest.get(4..8 + length) else {
            return true;
        };
        let Some(crc) = rest.get(8 + length..12 + length) else {
            return true;
        };
        let kind = &chunk[..4];
        if (first && kind != b"IHDR") || crc32(chunk).to_be_bytes() != crc {
            return true;
        }
        first = false;
        rest = &rest[12 + length..];
        if kind == b"IEND" {
            return !rest.is_empty();
        }
    }
    true
}

/// The CRC-32 of PNG chunks (ISO 3309, as zlib computes it).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::fs;

    /// A real PNG, as the game exports one.
    fn png_file() -> Vec<u8> {
        // Signature, IHDR (1×1, grey), IDAT, IEND, each chunk's CRC computed.
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut chunk = |kind: &[u8], data: &[u8]| {
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let mut body = kind.to_vec();
            body.extend_from_slice(data);
            out.extend_from_slice(&body);
            out.extend_from_slice(&crc32(&body).to_be_bytes());
        };
        chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
        chunk(b"IDAT", &[0x78, 0x9c, 0x63, 0x60, 0, 0, 0, 2, 0, 1]);
        chunk(b"IEND", &[]);
        out
    }

    #[test]
    fn the_crc_is_zlibs() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }

    #[test]
    fn a_picture_replaces_a_picture_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game.svg");
        fs::write(&game, "(version: 1, moves: [])").unwrap();
        let error = save(&game, b"<svg/>", false).unwrap_err();
        assert!(
            matches!(error.reason, PictureSaveReason::NotAPicture { png: false }),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            format!(
                "The picture was not saved to {}: the file there is not an SVG picture, and is \
                 kept.",
                shown_path(&game)
            )
        );
        assert_eq!(
            fs::read_to_string(&game).unwrap(),
            "(version: 1, moves: [])"
        );
        let picture = dir.path().join("tree.svg");
        save(&picture, b"<svg>old</svg>", false).unwrap();
        save(&picture, b"<svg>new</svg>", false).unwrap();
        assert_eq!(fs::read_to_string(&picture).unwrap(), "<svg>new</svg>");
        // An SVG is no PNG: a PNG export does not replace it.
        assert!(save(&picture, &png_file(), true).is_err());
        let png = dir.path().join("tree.png");
        save(&png, &png_file(), true).unwrap();
        save(&png, &png_file(), true).unwrap();
        assert_eq!(fs::read(&png).unwrap(), png_file());
    }

    /// Files that hold `<svg` (or start as a PNG does) but are not, whole, a picture: each is
    /// refused with a notice and kept byte for byte, named `.svg` or `.png`.
    #[test]
    fn files_that_only_mention_a_picture_are_kept() {
        let html = "<!DOCTYPE html>\n<html><body><p>My page</p>\
            <svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg></body></html>\n";
        let settings = "// <svg> pictures go in ~/Pictures\n(\n    difficulty: Easy,\n)\n";
        let mut long_text = String::from("notes about <svg width=\"10\"> drawings\n");
        while long_text.len() < 2_200_000 {
            long_text += "a line of the user's notes, nothing more\n";
        }
        let mut broken_png = png_file();
        broken_png.extend_from_slice(b"my notes after the picture");
        let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><svg/></html>";
        let cases: [&[u8]; 6] = [
            html.as_bytes(),
            settings.as_bytes(),
            long_text.as_bytes(),
            &broken_png,
            xhtml.as_bytes(),
            b"\x89PNG\r\n\x1a\n but then text",
        ];
        let dir = tempfile::tempdir().unwrap();
        for (i, contents) in cases.iter().enumerate() {
            for (png, extension) in [(false, "svg"), (true, "png")] {
                let path = dir.path().join(format!("case{i}.{extension}"));
                fs::write(&path, contents).unwrap();
                let picture = if png { png_file() } else { b"<svg/>".to_vec() };
                let error = save(&path, &picture, png).unwrap_err().to_string();
                assert!(error.contains("is not"), "case {i} {extension}: {error}");
                assert!(error.contains("and is kept"), "{error}");
                assert_eq!(fs::read(&path).unwrap(), *contents, "case {i} {extension}");
            }
        }
    }
}
