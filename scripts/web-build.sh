#!/usr/bin/env bash
# Builds the game as a web page: a folder of static files that any static host can serve.
#
#   scripts/web-build.sh [OUT]      (default: target/site)
#
# OUT gets index.html, tictactoe.js and tictactoe_bg.wasm (the game, built from the same crate for
# wasm32-unknown-unknown, without the code it can never run), worker.js (which starts the same
# program again as the page's search worker), a web manifest, icons and a service worker that
# keeps the page working offline once it has loaded. Serve OUT as it is, e.g. `python3 -m
# http.server -d target/site`. Beside each text and WebAssembly file is FILE.gz, the same bytes
# compressed once here with zopfli (smaller than gzip -9, and gzip's format): a host that serves
# those (nginx's gzip_static, Caddy's precompressed) sends less than one that compresses on the fly.
#
# Needs the wasm32-unknown-unknown target, wasm-bindgen-cli at exactly the version of the
# wasm-bindgen crate in Cargo.lock and binaryen's wasm-opt (npm's, pinned in tests/web/package.json);
# installs them when missing (the CLI with cargo install, which takes several minutes the first
# time; binaryen with npm ci). Needs zopfli (Debian: apt-get install zopfli).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# Not target/web: cargo keeps the web profile's build scripts and macros there, and the folder is
# emptied before each build.
out="${1:-$repo/target/site}"
say() { printf 'web-build: %s\n' "$*"; }
target=wasm32-unknown-unknown
# Checked before the long build rather than after it.
command -v zopfli >/dev/null || {
    say "zopfli not found: it precompresses the site (Debian: apt-get install zopfli)" >&2
    exit 1
}

# shellcheck source=lib/wasm-tools.sh
source "$repo/scripts/lib/wasm-tools.sh"
need_wasm_tools

cargo build --locked --profile web --target "$target" --bin tictactoe
rm -rf "$out"
mkdir -p "$out"
# The code the page can never run (the fonts' PostScript outlines and hinting programs, glyph
# paints other than one colour, ...: scripts/web-unreachable.txt says why for each) replaced by
# `unreachable`, which leaves wasm-opt everything only that code called to drop: about 140 KB of
# the download.
reachable="target/$target/web/tictactoe-reachable.wasm"
python3 scripts/lib/remove-unreachable.py scripts/web-unreachable.txt \
    "target/$target/web/tictactoe.wasm" "$reachable"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name tictactoe "$reachable"
# Binaryen's optimiser on the whole module: -O1 gives the smallest download (it gzips smaller than
# -Oz's output, which is smaller raw) in a quarter of -Oz's time, about 40 s of CPU in Node.
need_wasm_opt
"$wasm_opt" -O1 "$out/tictactoe_bg.wasm" -o "$out/tictactoe_bg.wasm"
cp assets/web/manifest.webmanifest "$out/"
# Every build has a version of its own: the offline copy's name, and a part of the program's and
# the WebAssembly's addresses in the page and its worker, so that an updated site replaces the old
# offline copy and its files are never mixed with the old ones.
version="$(cargo pkgid | sed 's/.*@//')-$(cat "$out/tictactoe_bg.wasm" "$out/tictactoe.js" | sha256sum | cut -c1-12)"
for file in index.html worker.js sw.js; do
    sed "s/SITE_VERSION/$version/g" "assets/web/$file" >"$out/$file"
done
# Two icons: the tab's, and one large one for everything else. Chromium installs a page whose
# manifest has an icon of 144 px or more, and scales it to each place (the launcher, the splash
# screen); iPhones and iPads scale the apple-touch-icon to their 180 px. A 256 px icon as well
# would only add its bytes to the first visit (the service worker keeps every file).
cp assets/icons/hicolor/32x32/apps/tictactoe.png "$out/icon-32.png"
cp assets/icons/hicolor/512x512/apps/tictactoe.png "$out/icon-512.png"

# Each text and WebAssembly file precompressed beside itself; not the PNGs, which are compressed
# already. zopfli's default 15 iterations: more gain a few hundred bytes for minutes.
started=$SECONDS
for file in "$out"/*; do
    case "$file" in
    *.png) ;;
    *) zopfli --gzip "$file" ;;
    esac
done
say "precompressed with zopfli in $((SECONDS - started)) s"

# Each part's size as a host sends it: compressing on the fly with gzip -9, and serving the
# precompressed FILE.gz where there is one (the file as it is where not).
mapfile -t site < <(find "$out" -maxdepth 1 -type f ! -name '*.gz' | sort)
raw=$(cat "${site[@]}" | wc -c)
kb() { awk '{ s += $1 } END { print int(s / 1024) }'; }
gzipped() { for f in "$@"; do gzip -9 -c "$f" | wc -c; done | kb; }
served() { for f in "$@"; do if [[ -f "$f.gz" ]]; then wc -c <"$f.gz"; else wc -c <"$f"; fi; done | kb; }
both() { printf '%s/%s KB' "$(gzipped "$@")" "$(served "$@")"; }
site_kb=$(gzipped "${site[@]}")
say "built $out: $((raw / 1024)) KB, $site_kb KB gzipped (gzip -9 on the fly), $(served "${site[@]}") KB \
precompressed (FILE.gz served): the WebAssembly $(both "$out"/*.wasm) (its fonts $(gzipped assets/fonts/web/*.ttf) KB), \
JavaScript $(both "$out"/*.js), icons $(both "$out"/*.png), the rest $(both "$out"/*.html "$out"/*.webmanifest)"
# The whole site is what a phone downloads on its first visit: a build that outgrows the budget
# fails here, in CI, not on someone's data plan. The site must stay under 1,600 KB gzipped; it is
# about 1,310 KB (1,250 KB precompressed). Building with WebAssembly SIMD would make the glyph
# rasteriser smaller, but Safari before 16.4 (iPhones kept on iOS 15) could not run the page at
# all, so the page is built without it. A profile of the WebAssembly's size by part is in docs/performance.md.
budget_kb=1600
if ((site_kb > budget_kb)); then
    say "the site is $site_kb KB gzipped, over its budget of $budget_kb KB" >&2
    exit 1
fi
