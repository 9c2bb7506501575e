#!/usr/bin/env bash
# Real-window check that opening and closing the game changes nothing the user made: the built
# game is started under a virtual X server, its window waited for, and closed with Ctrl+Q (no
# other key), each time with its own folders (XDG_CONFIG_HOME, XDG_DATA_HOME):
#
#   1. a hand-written settings file with comments, given with --settings;
#   2. a user's notes given with --settings;
#   3. the default settings file, a symbolic link to the user's notes;
#   4. the default window-state file (eframe's app.ron), a symbolic link to a file of the user's;
#   5. nothing there yet: the window's state is written (a real app.ron), the settings are not;
#   6. an app.ron in the format the game writes: eframe opens the window at the size it holds.
#
# Each file must be left byte for byte, each link a link, no file added beside them, and the
# game must exit with status 0.
#
#   scripts/files-check.sh [BINARY]   (default: target/debug/tictactoe)
#
# Installs xvfb and xdotool with apt-get when they are missing (CI runs as root).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$repo/target/debug/tictactoe}"
say() { printf 'files-check: %s\n' "$*"; }
fail() { printf 'files-check: FAIL: %s\n' "$*" >&2; [[ -f "${log:-}" ]] && tail -20 "$log" >&2; exit 1; }

# shellcheck source=lib/x-display.sh
source "$repo/scripts/lib/x-display.sh"

[[ -x "$bin" ]] || fail "no executable at $bin (run cargo build first)"
need_tools "xvfb and xdotool" Xvfb xdotool -- xvfb xdotool

out="$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-files.XXXXXX")"
start_display "$out" 800x700 191 240

# Runs the game with the folders of case $1 and the arguments after it, waits for its window,
# and closes it with Ctrl+Q; fails unless it exits with 0 within 10 s.
open_and_close() {
    local case=$1; shift
    log="$out/$case.log"
    XDG_CONFIG_HOME="$out/$case/config" XDG_DATA_HOME="$out/$case/data" \
        "$bin" "$@" >"$log" 2>&1 &
    app_pid=$!
    wait_for_window
    sleep 1.5
    xdotool windowfocus --sync "$window" 2>/dev/null || true
    xdotool key ctrl+q
    local status=""
    for _ in $(seq 50); do
        if ! kill -0 "$app_pid" 2>/dev/null; then
            wait "$app_pid" && status=0 || status=$?
            break
        fi
        sleep 0.2
    done
    local left="$app_pid"
    app_pid=""
    [[ -n "$status" ]] || { kill "$left"; fail "$case: Ctrl+Q did not close the game within 10 s"; }
    [[ "$status" -eq 0 ]] || fail "$case: the game exited with status $status after Ctrl+Q"
}

# Fails unless FILE holds exactly the bytes of EXPECTED.
same_bytes() {
    cmp -s "$1" "$2" || fail "$1 changed: $(head -c 300 "$1")"
}

# Fails unless the folder holds exactly the names given.
only_names() {
    local dir=$1; shift
    local have want
    have="$(ls -A "$dir" | sort | tr '\n' ' ')"
    want="$(printf '%s\n' "$@" | sort | tr '\n' ' ')"
    [[ "$have" == "$want" ]] || fail "$dir holds '$have', not '$want'"
}

notes_text='Buy milk.
Call Bob about the (tournament): Saturday.
'
commented='// class 7B: keep Easy for the first week
(
  difficulty: Easy, // not Hard yet
  /* the pupils like it dark */
  theme: Dark,
)
'

# 1. A hand-written settings file with comments.
mkdir -p "$out/commented/files"
printf '%s' "$commented" >"$out/commented/files/class.ron"
cp "$out/commented/files/class.ron" "$out/commented/expected"
open_and_close commented --settings "$out/commented/files/class.ron"
same_bytes "$out/commented/files/class.ron" "$out/commented/expected"
only_names "$out/commented/files" class.ron class.window.ron
say "a commented settings file is left byte for byte"

# 2. A user's notes given as the settings file.
mkdir -p "$out/notes/files"
printf '%s' "$notes_text" >"$out/notes/files/notes.txt"
cp "$out/notes/files/notes.txt" "$out/notes/expected"
open_and_close notes --settings "$out/notes/files/notes.txt"
same_bytes "$out/notes/files/notes.txt" "$out/notes/expected"
only_names "$out/notes/files" notes.txt notes.window.ron
say "notes given as --settings are left byte for byte, with no copy"

# 3. The default settings file: a link to the user's notes.
mkdir -p "$out/settings-link/config/tictactoe" "$out/settings-link/home"
printf '%s' "$notes_text" >"$out/settings-link/home/notes.txt"
cp "$out/settings-link/home/notes.txt" "$out/settings-link/expected"
ln -s "$out/settings-link/home/notes.txt" "$out/settings-link/config/tictactoe/settings.ron"
open_and_close settings-link
same_bytes "$out/settings-link/home/notes.txt" "$out/settings-link/expected"
[[ -L "$out/settings-link/config/tictactoe/settings.ron" ]] || fail "the settings link is no longer a link"
only_names "$out/settings-link/home" notes.txt
only_names "$out/settings-link/config/tictactoe" settings.ron
say "a settings link to notes is left a link, the notes byte for byte"

# 4. eframe's window-state file: a link to a file of the user's.
mkdir -p "$out/state-link/data/tictactoe" "$out/state-link/home" "$out/state-link/config/tictactoe"
printf 'my own file, not the game'"'"'s\n' >"$out/state-link/home/mine.txt"
cp "$out/state-link/home/mine.txt" "$out/state-link/expected"
printf '%s' "$commented" >"$out/state-link/config/tictactoe/settings.ron"
ln -s "$out/state-link/home/mine.txt" "$out/state-link/data/tictactoe/app.ron"
open_and_close state-link
same_bytes "$out/state-link/home/mine.txt" "$out/state-link/expected"
[[ -L "$out/state-link/data/tictactoe/app.ron" ]] || fail "the app.ron link is no longer a link"
only_names "$out/state-link/data/tictactoe" app.ron
printf '%s' "$commented" >"$out/state-link/expected-settings"
same_bytes "$out/state-link/config/tictactoe/settings.ron" "$out/state-link/expected-settings"
say "an app.ron link is left a link, its target byte for byte"

# 5. A first run: the window's state is kept, no settings file is made (none changed).
open_and_close first-run
grep -q '"window"' "$out/first-run/data/tictactoe/app.ron" ||
    fail "the window's state was not written: $(cat "$out/first-run/data/tictactoe/app.ron" 2>&1)"
[[ ! -e "$out/first-run/config/tictactoe/settings.ron" ]] || fail "a first run that changed nothing wrote settings"
say "a first run keeps the window's state in app.ron and writes no settings"

# 6. The state written is the one eframe restores: a window kept at 520×610 opens at that size.
mkdir -p "$out/restored/data/tictactoe"
printf '{\n    "window": "(normal_geometry:(outer_position_pixels:Some((x:30.0,y:40.0)),scale_factor:1.0,inner_size_points:(x:520.0,y:610.0)),fullscreen:false,maximized:false)",\n}' \
    >"$out/restored/data/tictactoe/app.ron"
log="$out/restored.log"
XDG_CONFIG_HOME="$out/restored/config" XDG_DATA_HOME="$out/restored/data" "$bin" >"$log" 2>&1 &
app_pid=$!
wait_for_window
sleep 1.5
geometry="$(xdotool getwindowgeometry "$window" | grep -o 'Geometry: .*' || true)"
[[ "$geometry" == "Geometry: 520x610" ]] || fail "the window opened with $geometry, not the 520x610 kept"
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key ctrl+q
for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.2; done
app_pid=""
grep -q 'inner_size_points:(x:520.0,y:610.0)' "$out/restored/data/tictactoe/app.ron" ||
    fail "the size kept changed: $(cat "$out/restored/data/tictactoe/app.ron")"
say "the window's state written is restored by eframe (520x610)"

say "ok (output in $out)"
