#!/usr/bin/env bash
# CI check of the web page: builds the site (scripts/web-build.sh), serves it on 127.0.0.1 and
# drives Debian's Chromium through it with playwright-core (tests/web/check.mjs): the first
# frame, no page or console errors, a game by keys, the scores, the explorer, a position from
# the link, settings kept across a reload; it reports the load time and the longest tasks. Then
# the page's graphics lost and restored (tests/web/graphics.mjs), and every menu and view walked
# by the screen reader's mirror alone (tests/web/mirror-walk.mjs). Then a touch session on a phone
# and a tablet at a real device pixel ratio (tests/web/touch.mjs), a whole exercise set by taps on
# a phone upright and on its side (tests/web/phone.mjs), a set's progress kept across a reload and the
# builder's quiz downloaded (tests/web/progress.mjs), the page zoomed to 200 % (tests/web/zoom.mjs),
# a set's SCORM 1.2 package run by a real SCORM 1.2 runtime (tests/web/scorm.mjs) and a new
# version deployed over an old offline copy (tests/web/update.mjs). Last, reported, not judged:
# the computer's answer to each first move of X on the empty 6×6 and 7×7, once each
# (tests/web/first-answers.mjs): whether it is proven and how long it took; and the time from
# navigation to a playable board, cold and warm, 1× and 4× CPU, on no network limit, 4G and
# Fast 3G (tests/web/load-time.mjs).
#
#   scripts/web-check.sh [--all-phone-screens]
#
# --all-phone-screens does the exercise set at every width a phone has (320, 360, 412 and 430 px
# besides 390 and on its side): about four minutes more, for a run by hand.
#
# Installs chromium (apt-get, as root) and the pinned playwright-core (npm ci) when missing.
# Screenshots and the report go to target/web-check/.
set -euo pipefail
all_phone_screens=false
case "${1:-}" in
"") ;;
--all-phone-screens) all_phone_screens=true ;;
*)
    printf 'web-check: unknown argument %s (the one option is --all-phone-screens)\n' "$1" >&2
    exit 2
    ;;
esac
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
say() { printf 'web-check: %s\n' "$*"; }

if ! command -v chromium >/dev/null; then
    say "installing chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq chromium >/dev/null
fi
[[ -d tests/web/node_modules/playwright-core ]] || (cd tests/web && npm ci --no-audit --no-fund --silent)

scripts/web-build.sh target/site
out="$repo/target/web-check"
rm -rf "$out"
mkdir -p "$out"

# A free port on 127.0.0.1, and a static server for the site that sends its precompressed files
# (FILE.gz, Content-Encoding: gzip), as docs/installing.md sets a host up: every check below and
# the service worker's offline copy get the site as a visitor's browser does.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
node tests/web/static-host.mjs target/site "$port" >"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.1
done

node tests/web/check.mjs "http://127.0.0.1:$port/index.html" "$out"
# The graphics taken away and given back (WEBGL_lose_context): said on the page, and the game
# drawn again where it was (tests/web/graphics.mjs).
node tests/web/graphics.mjs "http://127.0.0.1:$port/index.html" "$out"
# Every menu and view the app has, opened on a phone's true viewport and a laptop's by the
# screen reader's mirror alone (the page's buttons over its controls): a step not mirrored, a
# press that changes nothing or a view with no mirrored way on fails (tests/web/mirror-walk.mjs).
node tests/web/mirror-walk.mjs "http://127.0.0.1:$port/index.html" "$out"
# The touch session needs a headful Chromium (a real device pixel ratio): under a virtual X server.
command -v xvfb-run >/dev/null || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq xvfb >/dev/null
}
# A virtual screen larger than this lost the page's WebGL context (Chromium's software GL); the
# page's own viewport is the iframe's either way.
for device in phone tablet; do
    xvfb-run -a -s "-screen 0 1600x1400x24" node tests/web/touch.mjs "http://127.0.0.1:$port/index.html" "$out" "$device"
done
# A whole exercise set of every kind (trees and positions) done by taps and typing on a phone's
# screen at true viewport widths, the page opened as an app window of each size at a device pixel
# ratio of 3 (tests/web/phone.mjs), in one browser whose window is resized for each: the whole set
# at 390 px upright and on its side. Chromium's software WebGL draws each frame at 3×, which is
# slow: the other widths (320, 360, 412, 430 px) only with --all-phone-screens, by hand (the whole
# set at all six took 675 s here); tests/phone_screens.rs does the whole set at every width in
# every run. The answers are the command line's, computed here before the browser starts.
set_code="v1-s2025-k=value,tree,prune,horizon,move-n=12-3x3-trees"
cargo run --locked --quiet --bin tictactoe -- exercises --code "$set_code" --format json >"$out/phone-set.json"
phone_screens=(390x844 844x390)
"$all_phone_screens" && phone_screens+=(320x640 360x780 412x915 430x932)
started=$SECONDS
xvfb-run -a -s "-screen 0 1600x1400x24" node tests/web/phone.mjs "http://127.0.0.1:$port/index.html" \
    "$out/phone" "$out/phone-set.json" "${phone_screens[@]}"
say "the exercise set on phones took $((SECONDS - started)) s"
# A student's progress across a reload (two answers, the page reloaded: the same item, the same
# answers), Start again, and the set builder's quiz downloaded: the command line's bytes
# (tests/web/progress.mjs, about 15 s).
progress_code="v1-s7-k=value,move-n=3-3x3"
cargo run --locked --quiet --bin tictactoe -- exercises --code "$progress_code" --format json >"$out/progress-set.json"
cargo run --locked --quiet --bin tictactoe -- exercises --code "$progress_code" --format gift >"$out/progress-quiz.gift"
node tests/web/progress.mjs "http://127.0.0.1:$port/index.html" "$out" "$out/progress-set.json" "$out/progress-quiz.gift"
# A set's SCORM 1.2 package (the command line's, from the site just built) under a real SCORM 1.2
# runtime, scorm-again's Scorm12API as an LMS's window.API (tests/web/scorm.mjs): its manifest
# against SCORM 1.2's rules, the set answered by keys with a reload half-way (resumed from the
# suspend data), what the LMS received (one interaction per item, score 100, passed; a set with
# wrong answers, its lower score and failed), and the page's own download the same bytes.
scorm_code="v1-s7-k=value,tree,prune,horizon,move-n=6-3x3"
cargo run --locked --quiet --bin tictactoe -- exercises --code "$scorm_code" --format json >"$out/scorm-set.json"
cargo run --locked --quiet --bin tictactoe -- exercises --code "$scorm_code" --format scorm --pass-mark 80 \
    --site target/site --out "$out/scorm-set.zip"
node tests/web/scorm.mjs target/site "$out/scorm-set.zip" "$out/scorm-set.json" "$out/scorm"
# A returning visitor after a new version is deployed: the next load is the new version
# (tests/web/update.mjs serves the built site, then a copy with a new build id, itself).
node tests/web/update.mjs target/site "$out"
# The page zoomed: a viewport that lets a reader zoom, and the layout at 200 % (a true device
# pixel ratio of 2, so under the virtual X server too).
xvfb-run -a -s "-screen 0 1600x1400x24" node tests/web/zoom.mjs "http://127.0.0.1:$port/index.html" "$out"
# The computer's first answers on the largest boards: proven or not and how fast, once each (16
# fresh pages, about 40 s). Reported only: an unproven answer or a slow one fails nothing; a page
# error or a move never answered does. `node tests/web/first-answers.mjs URL OUT 5` gives medians.
node tests/web/first-answers.mjs "http://127.0.0.1:$port/index.html" "$out/first-answers" 1
# From navigation to a playable board (the precompressed site, as a host serves it), the
# median of 3 in each of 12 cases: a table, about two minutes. A time fails nothing; a page that
# never becomes playable does.
node tests/web/load-time.mjs target/site 3
