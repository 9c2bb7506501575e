#!/usr/bin/env bash
# Regenerate every PNG icon from the hand-written SVG sources:
#   assets/tictactoe.svg     -> assets/icons/hicolor/<N>x<N>/apps/tictactoe.png (N >= 32)
#   assets/tictactoe-16.svg  -> assets/icons/hicolor/16x16/apps/tictactoe.png
#                               (pixel-aligned variant; the big one is mush at 16 px)
#   256x256 copy             -> assets/icon-256.png (embedded as the window icon)
#   16 to 256                -> assets/tictactoe.ico (the Windows .exe's icon)
#
# Each PNG is then made as small as it can be with no visible change: from 48 px up a palette of
# 256 colours with transparency (pngquant: the picture's colours differ from the rendering's by at
# most 9 of 255 levels, on the edges' anti-aliased pixels only); the smaller ones have fewer colours
# than that and stay exact; then the best lossless compression (zopflipng). The web page's icons
# are these files, and every byte of them is downloaded on a visitor's first visit.
#
# Idempotent: running it again rewrites the same files. The PNGs are committed;
# CI does not re-render them. Needs rsvg-convert (Debian/Ubuntu: librsvg2-bin), ImageMagick,
# pngquant and zopfli (for zopflipng).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
assets="$repo/assets"
svg="$assets/tictactoe.svg"
svg16="$assets/tictactoe-16.svg"
sizes=(16 32 48 64 128 256 512)

for tool in rsvg-convert:librsvg2-bin pngquant:pngquant zopflipng:zopfli; do
    if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
        echo "render-icons: ${tool%%:*} not found; install it with: apt-get install -y ${tool#*:}" >&2
        exit 1
    fi
done
for f in "$svg" "$svg16"; do
    [[ -f "$f" ]] || { echo "render-icons: missing source $f" >&2; exit 1; }
done

for n in "${sizes[@]}"; do
    src="$svg"
    [[ "$n" -eq 16 ]] && src="$svg16"
    dir="$assets/icons/hicolor/${n}x${n}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$n" --height "$n" --format png --output "$dir/tictactoe.png" "$src"
    if [[ "$n" -ge 48 ]]; then
        pngquant 256 --speed 1 --strip --force --output "$dir/tictactoe.png" "$dir/tictactoe.png"
    fi
    zopflipng -y --iterations=15 --filters=01234mepb "$dir/tictactoe.png" "$dir/tictactoe.png" >/dev/null
    echo "render-icons: ${n}x${n} <- ${src#"$repo"/}"
done

cp "$assets/icons/hicolor/256x256/apps/tictactoe.png" "$assets/icon-256.png"
echo "render-icons: assets/icon-256.png <- 256x256"

# The Windows icon (embedded in the .exe by build.rs, shown by the installer's shortcuts): every
# size Explorer and the taskbar ask for, in one .ico. Needs ImageMagick (Debian: imagemagick).
ico_sources=()
for n in 16 32 48 64 128 256; do ico_sources+=("$assets/icons/hicolor/${n}x${n}/apps/tictactoe.png"); done
convert "${ico_sources[@]}" "$assets/tictactoe.ico"
echo "render-icons: assets/tictactoe.ico <- 16 to 256"
