//! The web page's fonts: egui's own (Ubuntu Light, Hack, and a few symbols of its emoji icon
//! font) cut down to the characters the app can show, by `scripts/web-fonts.sh`. The whole fonts
//! are two thirds of a megabyte of the page's download; what the cut fonts lack (text a player
//! types in another script) the browser draws (eframe's canvas glyphs). The desktop keeps egui's
//! whole fonts and the system's.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily, FontTweak};

const UBUNTU_LIGHT: &[u8] = include_bytes!("../../assets/fonts/web/Ubuntu-Light.ttf");
const HACK: &[u8] = include_bytes!("../../assets/fonts/web/Hack-Regular.ttf");
const SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/web/emoji-icon-font.ttf");

/// The page's fonts, in egui's families as egui's defaults have them, each family falling back
/// on the other's font (Hack has the arrows Ubuntu lacks) and then on the symbols.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    let mut add = |name: &str, data: FontData| {
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
    };
    add("Ubuntu-Light", FontData::from_static(UBUNTU_LIGHT));
    add("Hack", FontData::from_static(HACK));
    // As egui's defaults scale this font: its icons are drawn larger than letters.
    add(
        "emoji-icon-font",
        FontData::from_static(SYMBOLS).tweak(FontTweak {
            scale: 0.90,
            ..Default::default()
        }),
    );
    let family = |names: [&str; 3]| names.map(str::to_owned).to_vec();
    fonts.families.insert(
        FontFamily::Proportional,
        family(["Ubuntu-Light", "Hack", "emoji-icon-font"]),
    );
    fonts.families.insert(
        FontFamily::Monospace,
        family(["Hack", "Ubuntu-Light", "emoji-icon-font"]),
    );
    fonts
}

#[cfg(test)]
mod tests {
    use crate::platform::fs;
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use egui::{Context, FontFamily, FontId, Key, ModifierNames, RawInput};

    use super::*;

    fn source_files(folder: &Path, files: &mut Vec<std::path::PathBuf>) {
        for entry in fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                source_files(&path, files);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }

    /// Every character the app can show, as `scripts/web-fonts.sh` keeps them: printable ASCII
    /// and Latin-1 (what a player types), typographic marks, egui's key and modifier symbols
    /// (a Mac's menus), and every printable character of the Rust sources, where all the
    /// app's texts are (a few more from comments do no harm).
    fn app_characters() -> BTreeSet<char> {
        let mut characters: BTreeSet<char> = (' '..='~').chain('\u{a0}'..='\u{ff}').collect();
        characters.extend("–—‘’“”•…‹›−←↑→↓".chars());
        // The modifiers of the app's shortcuts (src/app/keys.rs): Command and Shift.
        let symbols = ModifierNames::SYMBOLS;
        for symbol in [symbols.shift, symbols.mac_cmd] {
            characters.extend(symbol.chars());
        }
        for key in [
            Key::ArrowLeft,
            Key::ArrowRight,
            Key::ArrowUp,
            Key::ArrowDown,
        ] {
            characters.extend(key.symbol_or_name().chars());
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        source_files(&root.join("src"), &mut files);
        source_files(&root.join("engine/src"), &mut files);
        source_files(&root.join("learn/src"), &mut files);
        assert!(files.len() > 50, "the sources were not found: {files:?}");
        for file in files {
            let text = fs::read_to_string(file).unwrap();
            characters.extend(text.chars().filter(|c| !c.is_control()));
        }
        characters
    }

    /// The characters of `characters` that `fonts` cannot draw in `family`, as egui decides
    /// whether to draw a glyph or its replacement box.
    fn missing(fonts: FontDefinitions, family: FontFamily, characters: &BTreeSet<char>) -> String {
        let ctx = Context::default();
        ctx.set_fonts(fonts);
        // A frame installs the fonts; its texture updates go nowhere here.
        ctx.run_ui(RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let font = FontId::new(14.0, family);
        ctx.fonts_mut(|fonts| {
            characters
                .iter()
                .filter(|&&c| !fonts.has_glyph(&font, c))
                .collect()
        })
    }

    #[test]
    fn the_page_fonts_draw_every_character_the_app_shows() {
        let characters = app_characters();
        // The texts the issue names, so that a change to how characters are collected cannot
        // quietly lose them.
        for named in "αβ∞≥≤×−→←↑↓⌘⇧…".chars() {
            assert!(characters.contains(&named), "{named} is not collected");
        }
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let missing = missing(definitions(), family.clone(), &characters);
            assert!(
                missing.is_empty(),
                "the page's {family:?} fonts lack {missing:?}: run scripts/web-fonts.sh"
            );
        }
    }

    /// A font file's tables by tag, from its table directory (the OpenType header).
    fn tables(font: &[u8]) -> BTreeMap<String, &[u8]> {
        let number = |at: usize, bytes: usize| {
            font[at..at + bytes]
                .iter()
                .fold(0, |value, &byte| (value << 8) | usize::from(byte))
        };
        (0..number(4, 2))
            .map(|table| {
                let record = 12 + 16 * table;
                let tag = String::from_utf8_lossy(&font[record..record + 4]).into_owned();
                let (offset, length) = (number(record + 8, 4), number(record + 12, 4));
                (tag, &font[offset..offset + length])
            })
            .collect()
    }

    /// What in `font` would reach code the page's build removes (scripts/web-unreachable.txt):
    /// PostScript outlines, hinting programs (the TrueType interpreter), variable composites and
    /// Apple's layout tables.
    fn needs_removed_code(font: &[u8]) -> Vec<String> {
        let tables = tables(font);
        let mut needs = Vec::new();
        if !tables.contains_key("glyf") {
            needs.push("no TrueType outlines".to_owned());
        }
        for tag in [
            "CFF ", "CFF2", "fpgm", "prep", "VARC", "morx", "kerx", "trak",
        ] {
            if tables.contains_key(tag) {
                needs.push(format!("a '{tag}' table"));
            }
        }
        // maxp's maxSizeOfInstructions: 0 when no glyph carries a hinting program.
        if let Some(maxp) = tables.get("maxp")
            && u16::from_be_bytes([maxp[26], maxp[27]]) != 0
        {
            needs.push("glyphs with hinting programs".to_owned());
        }
        needs
    }

    #[test]
    fn the_page_fonts_need_none_of_the_code_the_page_build_removes() {
        for (name, font) in [
            ("Ubuntu-Light", UBUNTU_LIGHT),
            ("Hack", HACK),
            ("emoji-icon-font", SYMBOLS),
        ] {
            let needs = needs_removed_code(font);
            assert!(needs.is_empty(), "{name} has {needs:?}");
        }
    }

    #[test]
    fn a_font_with_hinting_programs_or_postscript_outlines_is_refused() {
        // A table directory of three tables: 'CFF ', 'fpgm' and a maxp whose glyphs' largest
        // program is 7 bytes.
        let mut font = vec![0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0];
        let maxp_at = 12 + 16 * 3;
        for (tag, length) in [(b"CFF ", 0u32), (b"fpgm", 0), (b"maxp", 32)] {
            font.extend_from_slice(tag);
            font.extend_from_slice(&[0; 4]);
            font.extend_from_slice(&(maxp_at as u32).to_be_bytes());
            font.extend_from_slice(&length.to_be_bytes());
        }
        font.extend_from_slice(&[0; 32]);
        font[maxp_at + 27] = 7;
        assert_eq!(
            needs_removed_code(&font),
            [
                "no TrueType outlines",
                "a 'CFF ' table",
                "a 'fpgm' table",
                "glyphs with hinting programs"
            ]
        );
    }

    /// The page's fonts stay cut down: egui's whole Ubuntu and Hack are 670 KB.
    #[test]
    fn the_page_fonts_are_small_and_keep_their_licences() {
        let bytes = UBUNTU_LIGHT.len() + HACK.len() + SYMBOLS.len();
        assert!(bytes < 200_000, "the page's fonts are {bytes} bytes");
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/web");
        for licence in [
            "UFL.txt",
            "Hack-Regular.txt",
            "emoji-icon-font-mit-license.txt",
        ] {
            let text = fs::read_to_string(folder.join(licence)).unwrap();
            assert!(text.contains("icense"), "{licence} is not a licence");
        }
    }
}
