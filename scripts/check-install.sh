#!/usr/bin/env bash
# CI check for the desktop packaging. Exits non-zero with a message
# on the first failure. Nothing outside a temporary folder is installed to.
#
#   1. desktop-file-validate assets/tictactoe.desktop prints nothing
#      (desktop-file-utils is apt-installed first if missing and we are root)
#   2. scripts/install.sh into a temporary HOME and XDG_DATA_HOME; the
#      installed entry validates too, its Exec= binary runs
#      `analyze X../.O./...` and prints JSON with "board", every icon,
#      man page and completion landed and completions landed: `man -l` renders every page
#      (man-db is apt-installed first if missing and we are root), and in bash,
#      after sourcing the completion, `complete -p tictactoe` names its function,
#      which completes `tictactoe an` to `analyze`; zsh and fish, where
#      installed, read their files without a syntax error
#   3. a second install.sh run over the first works and changes nothing
#   4. scripts/uninstall.sh removes every file in the manifest, the manifest,
#      and nothing else (unrelated files planted beforehand survive)
#
# Environment: TICTACTOE_BIN=path uses a prebuilt binary (passed on to
# install.sh); without it install.sh builds target/release/tictactoe if needed.
set -euo pipefail

app=tictactoe
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
board='X../.O./...'

say() { printf 'check-install: %s\n' "$*"; }
fail() { printf 'check-install: FAIL: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------- 1. validate source
if ! command -v desktop-file-validate >/dev/null 2>&1; then
    if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        say "desktop-file-validate missing; installing desktop-file-utils"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null || fail "apt-get update failed"
        apt-get install -y -qq desktop-file-utils >/dev/null || fail "apt-get install desktop-file-utils failed"
    fi
    command -v desktop-file-validate >/dev/null 2>&1 ||
        fail "desktop-file-validate not found (install the desktop-file-utils package)"
fi

validate() {
    local file="$1" out
    if ! out="$(desktop-file-validate "$file" 2>&1)" || [[ -n "$out" ]]; then
        printf '%s\n' "$out" >&2
        fail "desktop-file-validate reported problems in $file"
    fi
}

if ! command -v man >/dev/null 2>&1; then
    if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        say "man missing; installing man-db"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null || fail "apt-get update failed"
        apt-get install -y -qq man-db >/dev/null || fail "apt-get install man-db failed"
    fi
    command -v man >/dev/null 2>&1 || fail "man not found (install the man-db package)"
fi

validate "$repo/assets/$app.desktop"
say "ok: assets/$app.desktop passes desktop-file-validate"

# --------------------------------------------------------- sandbox set-up
tmp="$(mktemp -d "${TMPDIR:-/tmp}/$app-check-install.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home"
export XDG_DATA_HOME="$tmp/data"
export XDG_CONFIG_HOME="$tmp/config"
unset BIN_DIR
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"

apps_dir="$XDG_DATA_HOME/applications"
icon_root="$XDG_DATA_HOME/icons/hicolor"
app_data="$XDG_DATA_HOME/$app"
manifest="$app_data/install-manifest.txt"

# Unrelated files that must survive install and uninstall.
bystanders=(
    "$apps_dir/some-other-app.desktop"
    "$icon_root/48x48/apps/some-other-app.png"
    "$HOME/.local/bin/some-other-tool"
    "$app_data/settings.ron"
)
for f in "${bystanders[@]}"; do
    mkdir -p "$(dirname "$f")"
    printf 'not ours: %s\n' "$f" >"$f"
done

if [[ -n "${TICTACTOE_BIN:-}" ]]; then
    [[ -x "$TICTACTOE_BIN" ]] || fail "TICTACTOE_BIN=$TICTACTOE_BIN is not executable"
    TICTACTOE_BIN="$(cd "$(dirname "$TICTACTOE_BIN")" && pwd)/$(basename "$TICTACTOE_BIN")"
    export TICTACTOE_BIN
fi

# Exec= value of a desktop entry -> the program path (handles a quoted path).
exec_program() {
    local line value
    line="$(grep -m 1 '^Exec=' "$1")" || fail "no Exec= line in $1"
    value="${line#Exec=}"
    if [[ "$value" == \"* ]]; then
        value="${value#\"}"
        value="${value%%\"*}" # check paths never contain quotes
    else
        value="${value%% *}"
    fi
    printf '%s\n' "$value"
}

# The man pages render, and the completions load and complete.
check_man_and_completions() {
    local page dest name out pages=0 bash_completion zsh_completion fish_completion
    for page in "$repo"/assets/man/*.1; do
        name="$(basename "$page")"
        dest="$XDG_DATA_HOME/man/man1/$name"
        cmp -s "$page" "$dest" || fail "man page $name missing or different at $dest"
        grep -qxF "$dest" "$manifest" || fail "manifest does not list $dest"
        out="$(MANWIDTH=80 man -l "$dest" 2>"$tmp/man.stderr")" || {
            cat "$tmp/man.stderr" >&2
            fail "man -l $dest failed"
        }
        # troff's notes on a long unbreakable line (a JSON example in a help text) are not errors.
        if grep -v -e "cannot adjust line" -e "can't break line" "$tmp/man.stderr" >&2; then
            fail "man -l $dest reported a problem"
        fi
        [[ "$out" == *NAME*"${name%.1}"*SYNOPSIS*OPTIONS* ]] ||
            fail "man -l $dest does not show its NAME, SYNOPSIS and OPTIONS: $out"
        pages=$((pages + 1))
    done
    [[ "$pages" -ge 2 ]] || fail "expected the program's man page and one a command, found $pages"

    bash_completion="$XDG_DATA_HOME/bash-completion/completions/$app"
    cmp -s "$repo/assets/completions/$app.bash" "$bash_completion" ||
        fail "bash completion missing or different at $bash_completion"
    out="$(bash --norc --noprofile -c '
        source "$1" || exit 1
        complete -p tictactoe || exit 1
        COMP_WORDS=(tictactoe an); COMP_CWORD=1; COMP_LINE="tictactoe an"; COMP_POINT=12
        _tictactoe tictactoe an tictactoe
        printf "replies: %s\n" "${COMPREPLY[*]}"' bash "$bash_completion" 2>&1)" ||
        fail "bash could not load the completion: $out"
    [[ "$out" == *"complete "*"-F _tictactoe"*" tictactoe"* ]] ||
        fail "after sourcing the completion, complete -p tictactoe says: $out"
    [[ "$out" == *"replies: analyze"* ]] || fail "the bash completion of 'tictactoe an' is not analyze: $out"

    zsh_completion="$XDG_DATA_HOME/zsh/site-functions/_$app"
    cmp -s "$repo/assets/completions/_$app" "$zsh_completion" ||
        fail "zsh completion missing or different at $zsh_completion"
    fish_completion="$XDG_CONFIG_HOME/fish/completions/$app.fish"
    cmp -s "$repo/assets/completions/$app.fish" "$fish_completion" ||
        fail "fish completion missing or different at $fish_completion"
    if command -v zsh >/dev/null 2>&1; then
        zsh -n "$zsh_completion" || fail "zsh reports a syntax error in $zsh_completion"
    fi
    if command -v fish >/dev/null 2>&1; then
        fish --no-execute "$fish_completion" || fail "fish reports a syntax error in $fish_completion"
    fi
    say "ok: $pages man pages render with man -l; bash completes 'tictactoe an' to analyze; zsh and fish files in place"
}

check_installed() {
    local entry="$apps_dir/$app.desktop" exe out status n png size dest
    [[ -f "$manifest" ]] || fail "install.sh wrote no manifest at $manifest"
    [[ -f "$entry" ]] || fail "no desktop entry installed at $entry"
    validate "$entry"

    exe="$(exec_program "$entry")"
    [[ "$exe" == /* ]] || fail "installed Exec= is not an absolute path: $exe"
    [[ "$exe" == "$HOME/.local/bin/$app" ]] || fail "Exec= points at $exe, expected $HOME/.local/bin/$app"
    [[ -x "$exe" ]] || fail "Exec= binary $exe is missing or not executable"
    if [[ -n "${TICTACTOE_BIN:-}" ]]; then
        cmp -s "$TICTACTOE_BIN" "$exe" || fail "installed binary differs from TICTACTOE_BIN"
    fi

    status=0
    out="$(timeout 120 "$exe" analyze "$board" 2>"$tmp/analyze.stderr")" || status=$?
    if [[ "$status" -ne 0 ]]; then
        cat "$tmp/analyze.stderr" >&2
        fail "'$exe analyze $board' exited with status $status"
    fi
    [[ "$out" == *'"board"'* ]] || fail "'$exe analyze $board' printed no JSON with \"board\": $out"

    n=0
    for png in "$repo"/assets/icons/hicolor/*/apps/"$app".png; do
        size="$(basename "$(dirname "$(dirname "$png")")")"
        dest="$icon_root/$size/apps/$app.png"
        cmp -s "$png" "$dest" || fail "icon $size missing or different at $dest"
        n=$((n + 1))
    done
    [[ "$n" -ge 7 ]] || fail "expected at least 7 PNG icon sizes in assets/, found $n"
    cmp -s "$repo/assets/$app.svg" "$icon_root/scalable/apps/$app.svg" ||
        fail "scalable icon missing or different"

    check_man_and_completions

    grep -qxF "$exe" "$manifest" || fail "manifest does not list the binary"
    grep -qxF "$entry" "$manifest" || fail "manifest does not list the desktop entry"
    say "ok: entry valid, Exec=$exe runs analyze, $n PNG icons + SVG installed"
}

manifest_files() { grep -v '^#' "$manifest" | grep -v '^$' || true; }

# ----------------------------------------------------- 2. first install
say "installing into temporary HOME=$HOME"
"$repo/scripts/install.sh" >"$tmp/install1.log" 2>&1 || {
    cat "$tmp/install1.log" >&2
    fail "install.sh failed"
}
check_installed
cp "$manifest" "$tmp/manifest1"

# ---------------------------------------------------- 3. install again
(cd / && "$repo/scripts/install.sh") >"$tmp/install2.log" 2>&1 || {
    cat "$tmp/install2.log" >&2
    fail "second install.sh run (from another directory) failed"
}
check_installed
cmp -s "$tmp/manifest1" "$manifest" || fail "second install changed the manifest"
say "ok: re-running install.sh updates in place"

mapfile -t installed < <(manifest_files)
[[ "${#installed[@]}" -ge 10 ]] || fail "manifest lists only ${#installed[@]} files"

# -------------------------------------------------------- 4. uninstall
"$repo/scripts/uninstall.sh" >"$tmp/uninstall.log" 2>&1 || {
    cat "$tmp/uninstall.log" >&2
    fail "uninstall.sh failed"
}
for f in "${installed[@]}"; do
    [[ ! -e "$f" && ! -L "$f" ]] || fail "uninstall.sh left $f behind"
done
[[ ! -e "$manifest" ]] || fail "uninstall.sh left the manifest behind"
for f in "${bystanders[@]}"; do
    [[ -f "$f" ]] || fail "uninstall.sh removed an unrelated file: $f"
    grep -qF 'not ours' "$f" || fail "uninstall.sh changed an unrelated file: $f"
done
say "ok: uninstall removed all ${#installed[@]} installed files and kept unrelated ones"

# Uninstall without bystanders in the app folder removes the folder too.
rm -f "$app_data/settings.ron"
"$repo/scripts/install.sh" >"$tmp/install3.log" 2>&1 || { cat "$tmp/install3.log" >&2; fail "install.sh (3rd) failed"; }
"$repo/scripts/uninstall.sh" >"$tmp/uninstall2.log" 2>&1 || { cat "$tmp/uninstall2.log" >&2; fail "uninstall.sh (2nd) failed"; }
[[ ! -e "$app_data" ]] || fail "uninstall.sh left the empty folder $app_data"
"$repo/scripts/uninstall.sh" >/dev/null 2>&1 || fail "uninstall.sh with nothing installed should succeed"
say "ok: empty app folder removed; uninstall with nothing installed is a no-op"

say "all packaging checks passed"
