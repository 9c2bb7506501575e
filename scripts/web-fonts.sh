#!/usr/bin/env bash
# Writes the web page's fonts (assets/fonts/web/): egui's own fonts (the epaint_default_fonts
# crate in Cargo.lock) cut down to the characters the app can show, so that the page carries a
# few dozen kilobytes of fonts instead of 670. A character outside them (text a player types in
# another script) is drawn by the browser (eframe's canvas glyphs); the desktop keeps the whole
# fonts and the system's. tests/web_fonts.rs checks that the cut fonts still draw every
# character of the app's texts: run this again when it says one is missing.
#
#   scripts/web-fonts.sh
#
# Kept: printable ASCII and Latin-1, typographic dashes, quotes, bullets and ellipsis, every
# character of the Rust sources under src/, engine/src/ and learn/src/, and egui's key and
# modifier symbols (a Mac's menus show ⌘ and ⇧). Needs fontTools' pyftsubset (Debian's fonttools, installed as
# root when missing). Runs at development time only: the fonts it writes are committed.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
say() { printf 'web-fonts: %s\n' "$*"; }
if ! /usr/bin/python3 -c 'import fontTools' 2>/dev/null; then
    say "installing fonttools"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq fonttools >/dev/null
fi
manifest="$(cargo metadata --locked --format-version 1 |
    /usr/bin/python3 -c 'import json, sys; print(next(p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"] == "epaint_default_fonts"))')"
fonts="$(dirname "$manifest")/fonts"
out=assets/fonts/web
mkdir -p "$out"

# The characters, one code point a line in hex: the same set tests/web_fonts.rs checks.
characters="$(mktemp)"
trap 'rm -f "$characters"' EXIT
/usr/bin/python3 - "$characters" <<'PY'
import pathlib, sys
chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
chars |= set("–—‘’“”•…‹›−←↑→↓")  # typography and arrows
chars |= set("⇧⌘⏴⏵⏶⏷")  # egui's symbols of the app's modifiers (Shift, Command) and arrow keys
for root in ("src", "engine/src", "learn/src"):
    for path in pathlib.Path(root).rglob("*.rs"):
        chars |= {c for c in path.read_text() if c.isprintable()}
pathlib.Path(sys.argv[1]).write_text("".join(f"{ord(c):04X}\n" for c in sorted(chars)))
PY

subset() { # FONT OUTPUT [CODE POINTS FILE]
    # Kerning and the usual layout features kept: egui shapes with harfrust. Left out: the
    # fonts' hinting instructions (half of each font, 40 KB of the site gzipped), without which
    # egui's rasteriser (skrifa) hints the outlines with its automatic hinter instead of the
    # fonts' own programs, and the vertical device metrics (VDMX), which nothing of egui's reads.
    pyftsubset "$fonts/$1" --unicodes-file="${3:-$characters}" --output-file="$out/$2" \
        --layout-features='*' --name-IDs='*' --name-languages='*' --drop-tables+=VDMX --no-hinting
}
subset Ubuntu-Light.ttf Ubuntu-Light.ttf
subset Hack-Regular.ttf Hack-Regular.ttf
# The few symbols neither has (⌘, the arrow keys' triangles), from egui's emoji icon font.
rest="$(mktemp)"
/usr/bin/python3 - "$characters" "$out/Ubuntu-Light.ttf" "$out/Hack-Regular.ttf" >"$rest" <<'PY'
import sys
from fontTools.ttLib import TTFont
wanted = [int(line, 16) for line in open(sys.argv[1])]
covered = set(TTFont(sys.argv[2]).getBestCmap()) | set(TTFont(sys.argv[3]).getBestCmap())
print("\n".join(f"{c:04X}" for c in wanted if c not in covered))
PY
subset emoji-icon-font.ttf emoji-icon-font.ttf "$rest"
rm -f "$rest"
cp "$fonts/UFL.txt" "$fonts/Hack-Regular.txt" "$fonts/emoji-icon-font-mit-license.txt" "$out/"
for font in "$out"/*.ttf; do say "$font: $(wc -c <"$font") bytes"; done
