//! The icons. The window icon goes through eframe's own PNG loader, so the game needs no `image`
//! dependency of its own; the icons that installers copy are each the size their folder names.

use std::fs;
use std::path::Path;

/// What eframe makes of a PNG: its width, height and pixels (RGBA).
fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let icon = eframe::icon_data::from_png_bytes(png).expect("a valid PNG");
    (icon.width, icon.height, icon.rgba)
}

/// The same bytes and the same call as the window icon in `src/app/mod.rs`.
#[test]
fn the_window_icon_decodes_as_the_app_loads_it() {
    let (width, height, rgba) = decode(include_bytes!("../assets/icon-256.png"));
    assert_eq!((width, height), (256, 256));
    assert_eq!(rgba.len(), 256 * 256 * 4);
    // A picture, not one colour all over.
    assert!(rgba.chunks_exact(4).any(|pixel| pixel != &rgba[..4]));
}

#[test]
fn every_installed_icon_is_the_size_its_folder_names() {
    let hicolor = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons/hicolor");
    let mut sizes = Vec::new();
    for folder in fs::read_dir(&hicolor).unwrap() {
        let folder = folder.unwrap();
        let name = folder.file_name().into_string().unwrap();
        let (side, other) = name.split_once('x').expect("a folder named like 48x48");
        assert_eq!(side, other, "{name}");
        let side: u32 = side.parse().unwrap();
        let png = fs::read(folder.path().join("apps/tictactoe.png")).unwrap();
        let (width, height, _) = decode(&png);
        assert_eq!((width, height), (side, side), "{name}");
        sizes.push(side);
    }
    sizes.sort_unstable();
    assert_eq!(sizes, [16, 32, 48, 64, 128, 256, 512]);
}
