#!/usr/bin/env bash
# Real-dialog check: saves and opens games, and loads settings, through the file dialogs the
# desktop game really shows on Linux without a desktop portal (zenity's), driven with the keyboard
# under a virtual X server; then, with no dialog to show, checks that Save game puts the game
# file's text on the clipboard; then, run as root, that the game run as another user (nobody)
# leaves root's settings file, which it may write, as it was. What is checked is what is on disk:
# what was saved is the game, and nothing the player made is changed or lost by a refusal.
#
#   scripts/dialog-check.sh [BINARY]   (default: target/debug/tictactoe)
#
# Installs xvfb, xdotool, imagemagick, zenity and xclip with apt-get when they are missing (CI
# runs as root). Screenshots of every step are kept in $DIALOG_OUT (default: a temporary folder,
# printed at the end).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$(realpath "${1:-$repo/target/debug/tictactoe}")"
say() { printf 'dialog-check: %s\n' "$*"; }
fail() { printf 'dialog-check: FAIL: %s\n' "$*" >&2; [[ -f "${log:-}" ]] && tail -20 "$log" >&2; exit 1; }

# shellcheck source=lib/x-display.sh
source "$repo/scripts/lib/x-display.sh"

[[ -x "$bin" ]] || fail "no executable at $bin (run cargo build first)"
need_tools "xvfb, xdotool, imagemagick, zenity and xclip" Xvfb xdotool import zenity xclip -- \
    xvfb xdotool imagemagick zenity xclip

out="${DIALOG_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-dialogs.XXXXXX")}"
mkdir -p "$out"
# Everyone may enter it: the run as user nobody reads and writes in it.
chmod 755 "$out"
files="$out/files"
rm -rf "$files" && mkdir -p "$files"
log="$out/app.log"
home="$out/home"
mkdir -p "$home"

start_display "$out" 1100x800 141 190
# No session bus: rfd asks zenity, as on a desktop without xdg-desktop-portal.
# A session bus address where none listens, rather than none: with none, a machine that has
# dbus-x11 starts a session bus for the display, and rfd asks its desktop portal instead of zenity.
export DBUS_SESSION_BUS_ADDRESS="unix:path=$out/no-session-bus"

step=0
shot() { step=$((step + 1)); import -window root "$out/$(printf %02d "$step")-$1.png"; }
fingerprint() { stat -c '%i %u:%g %a %s' "$1" && md5sum <"$1"; }
alive() { kill -0 "$app_pid" 2>/dev/null || fail "the game died ($*)"; }

# Starts the game on settings file $1, with `runner` before it (setpriv, env) and `$@` after.
start_app() {
    local settings=$1; shift
    "${runner[@]}" "$bin" --settings "$settings" "$@" >"$log" 2>&1 &
    app_pid=$!
    wait_for_window
    sleep 1.5
}

focus_game() { xdotool windowfocus --sync "$window" 2>/dev/null || true; sleep 0.3; }

quit_app() {
    # The most memory the game has held (the whole process, its renderer included).
    say "the game's peak memory: $(awk '/VmHWM/ { print $2 / 1024 " MB" }' "/proc/$app_pid/status")"
    focus_game
    xdotool key ctrl+q
    local status=""
    for _ in $(seq 50); do
        if ! kill -0 "$app_pid" 2>/dev/null; then
            wait "$app_pid" && status=0 || status=$?
            break
        fi
        sleep 0.2
    done
    [[ "$status" == 0 ]] || fail "Ctrl+Q did not end the game with status 0 (status: ${status:-still running})"
    app_pid=""
}

dialogs() { xdotool search --onlyvisible --class zenity 2>/dev/null || true; }

# The open dialog's window, waited for.
dialog() {
    local found
    for _ in $(seq 100); do
        found="$(dialogs | head -1)"
        [[ -n "$found" ]] && { echo "$found"; return; }
        alive "waiting for its dialog"
        sleep 0.2
    done
    fail "no file dialog appeared within 20 s"
}

# Answers the open dialog with the path $1. A second window over it (GTK's "replace it?" or its
# error) is answered with $2: `replace` presses Replace, `cancel` closes it and cancels the dialog.
answer() {
    local path=$1 second=$2 main
    main="$(dialog)"
    sleep 1
    xdotool windowfocus --sync "$main"
    xdotool key ctrl+a
    xdotool type --delay 10 "$path"
    sleep 0.3
    for _ in $(seq 8); do
        local open
        open="$(dialogs | wc -l)"
        if [[ "$open" == 0 ]]; then sleep 1; return; fi
        if [[ "$open" -ge 2 ]]; then
            shot second-window
            xdotool windowfocus --sync "$(dialogs | tail -1)"
            if [[ "$second" == replace ]]; then
                xdotool key alt+r
            else
                xdotool key Escape
                sleep 0.5
                xdotool windowfocus --sync "$main"
                xdotool key Escape
            fi
        else
            # The first Return may only close the name's completion list.
            xdotool windowfocus --sync "$main"
            xdotool key Return
        fi
        sleep 0.8
    done
    fail "the dialog did not close after answering $path"
}

cancel() {
    local main
    main="$(dialog)"
    sleep 1
    xdotool windowfocus --sync "$main"
    xdotool key Escape
    for _ in $(seq 25); do [[ -z "$(dialogs)" ]] && { sleep 1; return; }; sleep 0.2; done
    fail "Escape did not close the dialog"
}

save_game() { focus_game; xdotool key ctrl+s; answer "$@"; alive "after Save game… $1"; }
open_game() { focus_game; xdotool key ctrl+o; answer "$1" cancel; alive "after Open game… $1"; }
# Settings > Load settings…, by where the menu draws it (egui's menus have no keys of their own).
load_settings() {
    focus_game
    xdotool key Escape
    xdotool mousemove --window "$window" 219 12 click 1
    sleep 0.7
    xdotool mousemove --window "$window" 250 62 click 1
    answer "$1" cancel
    xdotool mousemove --window "$window" 300 400
    alive "after Load settings… $1"
}
width() { xdotool getwindowgeometry "$window" | awk '/Geometry/ { split($2, g, "x"); print g[1] }'; }
# The files in the test folder but the window's state (settings.window.ron), which eframe writes
# every 30 s, whenever that falls.
files_made() { ls -A "$files" | grep -vx 'settings.window.ron' || true; }
review() { "$bin" review --game "$1" >/dev/null 2>&1; }

# --- The game with zenity's dialogs --------------------------------------------------------------
settings="$files/settings.ron"
printf '(version: 1, difficulty: Easy, ai_delay_ms: 0, welcome_hint: false)\n' >"$settings"
runner=(env "HOME=$home")
start_app "$settings"
say "window $window is up; dialogs are zenity's"
focus_game
xdotool key 5
sleep 1.5

# Save game… to a new file.
save_game "$files/new.ron" replace
shot saved-new
[[ -f "$files/new.ron" ]] || fail "Save game… wrote no new.ron"
review "$files/new.ron" || fail "new.ron is not a game review reads: $(head -3 "$files/new.ron")"
grep -q '^// tictactoe review 5,' "$files/new.ron" || fail "new.ron is not the game played: $(head -1 "$files/new.ron")"
say "Save game… wrote a new game file that review reads"

# Save game… over another game file: replaced, keeping its mode (and, as root, its owner).
cp "$files/new.ron" "$files/other.ron"
printf '// a game of mine\n' >>"$files/other.ron"
chmod 640 "$files/other.ron"
owner="$(id -u):$(id -g)"
if [[ "$(id -u)" == 0 ]]; then owner="65534:65534"; chown "$owner" "$files/other.ron"; fi
save_game "$files/other.ron" replace
shot saved-over-game
review "$files/other.ron" || fail "other.ron is no longer a game"
! grep -q 'a game of mine' "$files/other.ron" || fail "Save game… over other.ron did not replace it"
[[ "$(stat -c '%u:%g %a' "$files/other.ron")" == "$owner 640" ]] ||
    fail "the game saved over other.ron changed its owner or mode: $(stat -c '%u:%g %a' "$files/other.ron")"
say "Save game… over a game file replaced it, keeping owner $owner and mode 640"

# Save game… over a settings file, and over a read-only game: refused, each file as it was.
printf '(version: 1, difficulty: Hard)\n' >"$files/mine-settings.ron"
cp "$files/new.ron" "$files/read-only.ron"
chmod 444 "$files/read-only.ron"
for name in mine-settings.ron read-only.ron; do
    before="$(fingerprint "$files/$name")"
    save_game "$files/$name" replace
    shot "refused-$name"
    [[ "$(fingerprint "$files/$name")" == "$before" ]] || fail "Save game… changed $name"
done
say "Save game… over a settings file and over a read-only file changed neither"

# Save game… into a folder that does not exist (GTK says so), and cancelled: nothing is made.
listing="$(files_made)"
save_game "$files/missing/game.ron" cancel
shot missing-folder
focus_game
xdotool key ctrl+s
cancel
shot save-cancelled
[[ "$(files_made)" == "$listing" ]] || fail "a cancelled save left files: $(files_made | tr '\n' ' ')"
say "Save game… into a missing folder, and cancelled, made nothing"

# Open game…: a game opens the review (the window widens for it); a settings file, random bytes,
# a huge file and a FIFO are refused, the game goes on, and each file is left as it was.
head -c 3000 /dev/urandom >"$files/garbage.ron"
head -c 50000000 /dev/zero | tr '\0' 'a' >"$files/huge.ron"
mkfifo "$files/fifo.ron"
for name in mine-settings.ron garbage.ron huge.ron fifo.ron; do
    before="$(stat -c '%i %s %Y' "$files/$name")"
    open_game "$files/$name"
    shot "not-opened-$name"
    [[ "$(stat -c '%i %s %Y' "$files/$name")" == "$before" ]] || fail "Open game… changed $name"
done
[[ "$(width)" -lt 700 ]] || fail "a refused file opened the review (window $(width) wide)"
open_game "$files/new.ron"
shot opened-game
for _ in $(seq 25); do [[ "$(width)" -ge 700 ]] && break; sleep 0.2; done
[[ "$(width)" -ge 700 ]] || fail "Open game… did not open the review (window $(width) wide)"
focus_game
xdotool key ctrl+o
cancel
say "Open game… opened a game; refused a settings file, random bytes, 50 MB and a FIFO; cancel did nothing"

# Load settings…: a saved game and a broken file change nothing (neither the settings nor the
# file, and no copy is made); a good file is loaded, and saved as the game's settings.
printf '(version: 1, difficulty: Medium,\n' >"$files/broken.ron"
listing="$(files_made)"
for name in new.ron broken.ron; do
    before="$(fingerprint "$files/$name")"
    load_settings "$files/$name"
    shot "not-loaded-$name"
    [[ "$(fingerprint "$files/$name")" == "$before" ]] || fail "Load settings… changed $name"
done
[[ "$(files_made)" == "$listing" ]] || fail "Load settings… left files: $(files_made | tr '\n' ' ')"
quit_app
grep -q 'difficulty: Easy,' "$settings" || fail "a refused Load settings… changed the settings: $(grep difficulty "$settings")"
grep -q 'ai_delay_ms: 0,' "$settings" || fail "a refused Load settings… changed the settings: $(grep ai_delay "$settings")"
say "Load settings… of a saved game and of a broken file changed nothing"
start_app "$settings"
load_settings "$files/mine-settings.ron"
shot loaded-settings
quit_app
grep -q 'difficulty: Hard,' "$settings" || fail "Load settings… of a good file did not load it: $(grep difficulty "$settings")"
grep -q 'ai_delay_ms: 300,' "$settings" || fail "Load settings… did not load the whole file"
say "Load settings… of a good file loaded it"

# --- No dialog to show: Save game puts the game file's text on the clipboard ---------------------
printf '(version: 1, ai_delay_ms: 0, welcome_hint: false)\n' >"$settings"
# Neither zenity nor a session bus: the game knows it has no dialog to show.
runner=(env -u DBUS_SESSION_BUS_ADDRESS "HOME=$home" PATH=/nonexistent)
start_app "$settings"
focus_game
xdotool key 5
sleep 1.5
xdotool key ctrl+s
sleep 1.5
shot copied
xclip -o -selection clipboard >"$files/clipboard.ron" || fail "nothing on the clipboard"
review "$files/clipboard.ron" || fail "the clipboard is not a game file: $(head -3 "$files/clipboard.ron")"
grep -q '^// tictactoe review 5,' "$files/clipboard.ron" || fail "the clipboard is not the game played"
quit_app
say "with no dialog, Save game put the game file's text on the clipboard ($(wc -c <"$files/clipboard.ron") bytes)"

# --- Another user's settings file --------------------------------------------------------------
if [[ "$(id -u)" != 0 ]]; then
    say "NOT ROOT: the run as another user was not done (it needs root to switch to user nobody)"
else
    shared="$out/shared"
    rm -rf "$shared" && mkdir -p "$shared" "$out/nobody"
    chmod 777 "$shared"
    chown 65534:65534 "$out/nobody"
    printf '(version: 1, difficulty: Easy, ai_delay_ms: 0, welcome_hint: false)\n' >"$shared/settings.ron"
    chmod 666 "$shared/settings.ron"
    before="$(fingerprint "$shared/settings.ron")"
    runner=(setpriv --reuid=65534 --regid=65534 --clear-groups env "HOME=$out/nobody")
    start_app "$shared/settings.ron"
    focus_game
    xdotool key s
    sleep 1.5
    shot nobody-saves-roots-file
    quit_app
    [[ "$(fingerprint "$shared/settings.ron")" == "$before" ]] ||
        fail "user nobody's game changed root's settings file: $(stat -c '%u:%g %a' "$shared/settings.ron")"
    [[ -z "$(find "$shared" -name '*.tictactoe-save')" ]] || fail "a temporary file was left in $shared"
    say "run as user nobody, the game left root's writable settings file as it was"
fi
say "ok (screenshots in $out)"
