# The virtual X display the real-window checks share (scripts/smoke-test.sh, scripts/dialog-check.sh):
# their tools installed when missing, Xvfb started on a free display and stopped at exit with the
# game, and the game's window found. Sourced; the caller defines `say` and `fail`, and sets `log`
# to the file `fail` shows.

# Installs the Debian packages PACKAGES when any of the commands TOOLS is missing (CI runs as root):
#   need_tools "xvfb, xdotool and imagemagick" Xvfb xdotool import -- xvfb xdotool imagemagick
need_tools() {
    local what=$1; shift
    local tools=() packages=() missing=""
    while [[ $# -gt 0 && "$1" != -- ]]; do tools+=("$1"); shift; done
    shift
    packages=("$@")
    for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || missing=1; done
    [[ -z "$missing" ]] && return
    say "installing $what"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${packages[@]}" >/dev/null
}

xvfb_pid="" app_pid=""
stop_display() {
    # `|| true`: under set -e a failing kill (the game already gone) would end the trap before
    # it stops Xvfb.
    if [[ -n "$app_pid" ]]; then kill "$app_pid" 2>/dev/null || true; fi
    if [[ -n "$xvfb_pid" ]]; then kill "$xvfb_pid" 2>/dev/null || true; fi
}
trap stop_display EXIT

# Starts Xvfb with a screen of SIZE (800x700) on the first free display from FIRST to LAST (the
# checks take apart ranges, so that they can run side by side), its log in OUT/xvfb.log, and
# exports DISPLAY.
start_display() {
    local out=$1 size=$2 first=$3 last=$4 display=""
    for n in $(seq "$first" "$last"); do
        if [[ ! -e "/tmp/.X$n-lock" && ! -e "/tmp/.X11-unix/X$n" ]]; then display=":$n"; break; fi
    done
    [[ -n "$display" ]] || fail "no free X display number"
    # -noreset: an X server resets when its last client leaves, and the game's connection failed
    # when it came during the reset that followed the readiness check below.
    Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp -noreset >"$out/xvfb.log" 2>&1 &
    xvfb_pid=$!
    export DISPLAY="$display"
    for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
    xdotool getdisplaygeometry >/dev/null 2>&1 || { log="$out/xvfb.log"; fail "Xvfb did not start on $display"; }
}

# Sets `window` to the game's window (process $app_pid), waiting up to 20 s for it.
wait_for_window() {
    window=""
    for _ in $(seq 100); do
        window="$(xdotool search --pid "$app_pid" --onlyvisible --name 'Tic-Tac-Toe' 2>/dev/null | head -1 || true)"
        [[ -n "$window" ]] && return
        kill -0 "$app_pid" 2>/dev/null || fail "the game exited before showing its window"
        sleep 0.2
    done
    fail "no window titled Tic-Tac-Toe within 20 s"
}
