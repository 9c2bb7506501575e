#!/usr/bin/env bash
# Real-window smoke test: starts the built game under a virtual X server with a temporary settings
# file, waits for its window, plays a move with a key and shows the scores with S, checks in
# screenshots that each changed the picture and that the app is alive, then quits with Ctrl+Q,
# which must exit with 0 and leave the settings saved (scores on).
#
#   scripts/smoke-test.sh [--wgpu-fails | --wine] [BINARY]   (default: target/debug/tictactoe)
#
# --wgpu-fails gives wgpu only a backend that Linux lacks (WGPU_BACKEND=dx12), so the game must
# say so and fall back to OpenGL (glow), and everything above must still work.
# --wine runs a Windows build under Wine (scripts/windows-check.sh sets up its prefix).
#
# Installs xvfb, xdotool and imagemagick with apt-get when they are missing (CI runs as root).
# The screenshots are kept in $SMOKE_OUT (default: a temporary folder, printed at the end).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wgpu_fails="" runner=()
case "${1:-}" in
    --wgpu-fails) wgpu_fails=1; shift ;;
    --wine) runner=(wine); shift ;;
esac
bin="${1:-$repo/target/debug/tictactoe}"
say() { printf 'smoke-test: %s\n' "$*"; }
fail() { printf 'smoke-test: FAIL: %s\n' "$*" >&2; [[ -f "${log:-}" ]] && tail -20 "$log" >&2; exit 1; }

# shellcheck source=lib/x-display.sh
source "$repo/scripts/lib/x-display.sh"

[[ -x "$bin" ]] || fail "no executable at $bin (run cargo build first)"
need_tools "xvfb, xdotool and imagemagick" Xvfb xdotool import -- xvfb xdotool imagemagick

out="${SMOKE_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-smoke.XXXXXX")}"
mkdir -p "$out"
log="$out/app.log"
settings="$out/settings.ron"
# No delay before the computer's move, so the screenshot shows its reply too. Scores off: the
# test turns them on with S and checks that the setting was saved.
printf '(show_scores: false, ai_delay_ms: 0)\n' >"$settings"

start_display "$out" 800x700 90 140

if [[ -n "$wgpu_fails" ]]; then
    WGPU_BACKEND=dx12 "$bin" --settings "$settings" >"$log" 2>&1 &
else
    "${runner[@]}" "$bin" --settings "$settings" >"$log" 2>&1 &
fi
app_pid=$!

wait_for_window
say "window $window is up"
sleep 1.5

# winit ignores synthetic events sent to a window: focus it and type through XTEST.
xdotool windowfocus --sync "$window" 2>/dev/null || true
import -window root "$out/before.png"
xdotool key 5
sleep 1.5
import -window root "$out/after-move.png"

kill -0 "$app_pid" 2>/dev/null || fail "the game died after a move"
difference="$(compare -metric AE "$out/before.png" "$out/after-move.png" null: 2>&1 || true)"
difference="${difference%% *}"
[[ "$difference" =~ ^[0-9.e+]+$ ]] || fail "could not compare screenshots: $difference"
awk -v d="$difference" 'BEGIN { exit !(d > 1000) }' || fail "pressing 5 changed only $difference pixels"
say "pressing 5 changed $difference pixels; screenshot: $out/after-move.png"

xdotool key s
sleep 1.5
import -window root "$out/scores.png"
difference="$(compare -metric AE "$out/after-move.png" "$out/scores.png" null: 2>&1 || true)"
difference="${difference%% *}"
awk -v d="$difference" 'BEGIN { exit !(d > 1000) }' || fail "pressing S changed only $difference pixels"
say "pressing S showed the scores ($difference pixels changed); screenshot: $out/scores.png"

xdotool key ctrl+q
status=""
for _ in $(seq 50); do
    if ! kill -0 "$app_pid" 2>/dev/null; then
        wait "$app_pid" && status=0 || status=$?
        break
    fi
    sleep 0.2
done
app_pid_left="$app_pid"
app_pid=""
[[ -n "$status" ]] || { kill "$app_pid_left"; fail "Ctrl+Q did not close the game within 10 s"; }
[[ "$status" -eq 0 ]] || fail "the game exited with status $status after Ctrl+Q"
# Written into the file as it was: the changed value, and the start tip S dismissed.
[[ "$(cat "$settings")" == '(show_scores: true, ai_delay_ms: 0, welcome_hint: false)' ]] ||
    fail "S did not reach the saved settings, in place: $(cat "$settings")"
say "Ctrl+Q exited with status 0 and the settings were saved"
if [[ -n "$wgpu_fails" ]]; then
    grep -q 'wgpu .* could not open the window .*trying the next renderer' "$log" ||
        fail "the game did not say that it fell back from wgpu"
    say "wgpu failed, and the game fell back to OpenGL (glow)"
fi
say "ok (output in $out)"
