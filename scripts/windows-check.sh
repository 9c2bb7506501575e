#!/usr/bin/env bash
# CI check of the Windows build, from Linux, under Wine:
#   1. scripts/windows-dist.sh builds tictactoe.exe, tictactoe.com, the zip and the installer
#      (with the `windows-check` profile: the release without link-time optimisation, whose
#      dependencies step 5's tests share);
#      the .exe is a GUI program and the .com a console one, and the .exe carries its icon,
#      version information and manifest
#   2. every command's output from tictactoe.com equals the golden files byte for byte (the
#      golden test run against the Windows program), and the command-line tests pass against it
#   3. the game's window under Xvfb: a move, the scores, a screenshot, Ctrl+Q, the settings
#      saved (scripts/smoke-test.sh --wine)
#   4. the installer installs silently (files, Start-menu shortcut, uninstall entry), the
#      installed program runs, and the uninstaller removes it all silently
#   5. the library's tests and the settings and saved-game tests, built for Windows, under Wine
#
#   scripts/windows-check.sh
#
# Installs what it needs with apt-get when missing (as root). Everything Wine alone needs stays
# here, never in the game: a fresh prefix in a temporary folder, and a stand-in for
# bcryptprimitives.dll, which Windows 10 and later have and Wine 8.0 lacks (Rust's standard
# library takes its random numbers from it).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
say() { printf 'windows-check: %s\n' "$*"; }
fail() { printf 'windows-check: FAIL: %s\n' "$*" >&2; exit 1; }
target=x86_64-pc-windows-gnu
start=$SECONDS

need=()
for package in wine wine64 mingw-w64 nsis zip icoutils xvfb xdotool imagemagick; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || need+=("$package")
done
if ((${#need[@]})); then
    say "installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${need[@]}" >/dev/null
fi

# ------------------------------------------------------------------- 1. build
TICTACTOE_PROFILE=windows-check scripts/windows-dist.sh
version="$(cargo pkgid | sed 's/.*@//')"
name="tictactoe-$version-windows-x86_64"
dist="$repo/target/windows-dist"
folder="$dist/$name"

subsystem() {
    python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(4096)
pe = struct.unpack_from("<I", data, 0x3C)[0]
print(struct.unpack_from("<H", data, pe + 24 + 68)[0])' "$1"
}
[[ "$(subsystem "$folder/tictactoe.exe")" == 2 ]] || fail "tictactoe.exe is not a GUI program"
[[ "$(subsystem "$folder/tictactoe.com")" == 3 ]] || fail "tictactoe.com is not a console program"
resources="$(wrestool --list "$folder/tictactoe.exe")"
for kind in 'type=14' 'type=16' 'type=24'; do # group icon, version, manifest
    grep -q -- "--$kind" <<<"$resources" || fail "tictactoe.exe has no resource of $kind: $resources"
done
manifest="$(wrestool --extract --type=24 --raw "$folder/tictactoe.exe")"
for setting in PerMonitorV2 longPathAware asInvoker; do
    grep -q "$setting" <<<"$manifest" || fail "the embedded manifest lacks $setting"
done
wrestool --extract --type=16 --raw "$folder/tictactoe.exe" | iconv -f UTF-16LE -t UTF-8 2>/dev/null |
    tr -d '\0' | grep -q "Tic-Tac-Toe Minimax" || fail "the version information lacks the product name"
wrestool --extract --type=14 --output="$dist/icon.ico" "$folder/tictactoe.exe"
identify "$dist/icon.ico" | grep -q '256x256' || fail "the embedded icon has no 256x256 image"
say "tictactoe.exe (GUI) and tictactoe.com (console) carry the icon, version and manifest"

# ------------------------------------------------------------ the Wine prefix
export WINEPREFIX
WINEPREFIX="$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-wine.XXXXXX")"
export WINEDEBUG=-all WINEDLLOVERRIDES="winemenubuilder.exe=d;mscoree,mshtml="
cleanup() { wineserver -k 2>/dev/null || true; rm -rf "$WINEPREFIX"; }
trap cleanup EXIT
# One wine server for the whole check, started here with its output away from the tests' pipes:
# a server that a test's `wine` started would inherit that test's stdout and keep it open after
# the program ends, until the server quits (seconds later), and the test waits for it.
wineserver --persistent >/dev/null 2>&1 </dev/null
wineboot --init >/dev/null 2>&1 </dev/null
cat >"$WINEPREFIX/bcryptprimitives.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -Wl,--kill-at -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
    "$WINEPREFIX/bcryptprimitives.c" -ladvapi32
# One process that holds Wine's desktop for the whole check. The first program that needs the
# desktop starts explorer.exe for it, which takes 10 s here (a timeout inside Wine), and the
# desktop closes about 10 s after its last program ends: without a holder, every test that runs
# the program after a pause paid those 10 s again (a CI run took 75 minutes that way). `cmd`
# waits for a line from a pipe that nobody writes to; `wineserver -k` ends it with the check.
mkfifo "$WINEPREFIX/hold"
wine cmd /c "set /p _=" <"$WINEPREFIX/hold" >/dev/null 2>&1 &
exec 9>"$WINEPREFIX/hold"
wine "$folder/tictactoe.com" --version >/dev/null
say "Wine prefix ready in $((SECONDS - start)) s"

# ----------------------------------------------------------------- 2. commands
export TICTACTOE_TEST_RUNNER=wine TICTACTOE_TEST_BINARY="$folder/tictactoe.com"
cargo test --locked --test golden_cli --test analyze_cli --test review_cli --test trace_cli \
    --test tree_cli --test view_cli
unset TICTACTOE_TEST_RUNNER TICTACTOE_TEST_BINARY
say "tictactoe.com prints what the golden files hold ($((SECONDS - start)) s)"
# The holder's desktop has no display: the window below needs one on Xvfb's, which the next
# program to need a desktop starts once no Wine process is left.
exec 9>&-
wineserver -k
wineserver -w
wineserver --persistent >/dev/null 2>&1 </dev/null

# -------------------------------------------------------------------- 3. window
SMOKE_OUT="$dist/smoke" scripts/smoke-test.sh --wine "$folder/tictactoe.exe"

# ----------------------------------------------------------------- 4. installer
windows_folder() { winepath -u "$(wine cmd /c "echo %$1%" | tr -d '\r')"; }
programs="$(windows_folder LOCALAPPDATA)/Programs/Tic-Tac-Toe"
shortcut="$(windows_folder APPDATA)/Microsoft/Windows/Start Menu/Programs/Tic-Tac-Toe Minimax.lnk"
key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\TicTacToeMinimax'
wine "$dist/$name-setup.exe" /S
for file in tictactoe.exe tictactoe.com README.txt LICENSE.txt _tictactoe.ps1 uninstall.exe; do
    [[ -f "$programs/$file" ]] || fail "the installer did not install $file"
done
[[ -f "$shortcut" ]] || fail "the installer made no Start-menu shortcut"
wine reg query "$key" /v DisplayName | grep -q "Tic-Tac-Toe Minimax" || fail "no uninstall entry"
wine reg query "$key" /v QuietUninstallString | grep -q 'uninstall.exe" /S' ||
    fail "the uninstall entry has no silent uninstall"
installed="$(wine "$programs/tictactoe.com" analyze X../.O./... | head -c 40)"
[[ "$installed" == '{"board":"X../.O./...","to_move":"X",'* ]] ||
    fail "the installed tictactoe.com printed $installed"
say "installed silently: files, Start-menu shortcut, uninstall entry; the installed program runs"
# The uninstaller runs a copy of itself from the temporary folder and returns at once; and
# `wineserver -w` would wait for the persistent server. So wait for what it removes, at most 60 s.
wine "$programs/uninstall.exe" /S
all_gone() { [[ ! -e "$programs" && ! -e "$shortcut" ]] && ! wine reg query "$key" >/dev/null 2>&1; }
for _ in $(seq 120); do all_gone && break; sleep 0.5; done
[[ ! -e "$programs" ]] || fail "the uninstaller left $(ls "$programs")"
[[ ! -e "$shortcut" ]] || fail "the uninstaller left the Start-menu shortcut"
if wine reg query "$key" >/dev/null 2>&1; then fail "the uninstaller left the uninstall entry"; fi
say "uninstalled silently: nothing left ($((SECONDS - start)) s)"

# ------------------------------------------------------------ 5. tests on Windows
CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine \
    cargo test --locked --profile windows-check --target "$target" --lib --test settings \
    --test game_files
say "ok: the library's, the settings' and the saved games' tests pass on Windows (under Wine)"
say "took $((SECONDS - start)) s"
