#!/usr/bin/env bash
# Builds what a Windows user downloads, from Linux:
#   target/windows-dist/tictactoe-<version>-windows-x86_64/       tictactoe.exe (the game, no
#       console window), tictactoe.com (the same program for the console: `tictactoe analyze …`
#       typed in a Command Prompt or PowerShell runs it, prints there and waits), README.txt,
#       LICENSE.txt and _tictactoe.ps1 (PowerShell's completion for the commands)
#   target/windows-dist/tictactoe-<version>-windows-x86_64.zip    that folder, zipped
#   target/windows-dist/tictactoe-<version>-windows-x86_64-setup.exe   a per-user installer
#       (no administrator; Start-menu shortcut, uninstall entry; /S installs silently)
#
#   scripts/windows-dist.sh
#
# Built with the release profile; `TICTACTOE_PROFILE=NAME` builds with another (CI's Windows check
# uses `windows-check`, the release without link-time optimisation).
#
# Needs the x86_64-pc-windows-gnu target (rustup) and Debian's mingw-w64, nsis and zip: installs
# them when they are missing (apt-get as root).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
say() { printf 'windows-dist: %s\n' "$*"; }
target=x86_64-pc-windows-gnu

rustup target list --installed | grep -qx "$target" || rustup target add "$target"
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v makensis >/dev/null ||
    ! command -v zip >/dev/null; then
    say "installing mingw-w64, nsis and zip"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq mingw-w64 nsis zip >/dev/null
fi

profile="${TICTACTOE_PROFILE:-release}"
cargo build --profile "$profile" --locked --target "$target"
version="$(cargo pkgid | sed 's/.*@//')"
name="tictactoe-$version-windows-x86_64"
dist="$repo/target/windows-dist"
folder="$dist/$name"
rm -rf "$folder" "$dist/$name.zip" "$dist/$name-setup.exe"
mkdir -p "$folder"
cp "target/$target/$profile/tictactoe.exe" "$folder/tictactoe.exe"
sed 's/$/\r/' assets/windows/README.txt >"$folder/README.txt"
sed 's/$/\r/' LICENSE >"$folder/LICENSE.txt"
# PowerShell's completion, generated from the command line by tests/docs.rs: `. .\_tictactoe.ps1`.
sed 's/$/\r/' assets/completions/_tictactoe.ps1 >"$folder/_tictactoe.ps1"

# tictactoe.com: the same bytes with the PE header's subsystem changed from GUI (2) to console
# (3), as Microsoft's `editbin /subsystem:console` does. A console looks for .com before .exe, so
# typing `tictactoe` there runs this one and waits for it; double-clicking tictactoe.exe opens
# the game with no console window behind it.
python3 - "$folder/tictactoe.exe" "$folder/tictactoe.com" <<'PY'
import struct, sys
exe, com = sys.argv[1], sys.argv[2]
data = bytearray(open(exe, "rb").read())
if data[:2] != b"MZ":
    sys.exit(f"{exe}: not a Windows program (no MZ header)")
pe = struct.unpack_from("<I", data, 0x3C)[0]
if data[pe:pe + 4] != b"PE\0\0":
    sys.exit(f"{exe}: no PE signature at {pe:#x}")
optional = pe + 24  # after the signature and the 20-byte file header
magic, = struct.unpack_from("<H", data, optional)
if magic != 0x20B:
    sys.exit(f"{exe}: not a 64-bit (PE32+) program (magic {magic:#x})")
subsystem_at = optional + 68
subsystem, = struct.unpack_from("<H", data, subsystem_at)
if subsystem != 2:
    sys.exit(f"{exe}: expected the GUI subsystem (2), found {subsystem}")
struct.pack_into("<H", data, subsystem_at, 3)
open(com, "wb").write(data)
PY
say "built $folder (tictactoe.exe, tictactoe.com, README.txt, LICENSE.txt, _tictactoe.ps1)"

(cd "$dist" && zip -q -r "$name.zip" "$name")
say "built $dist/$name.zip ($(du -k "$dist/$name.zip" | cut -f1) KB)"

size_kb="$(du -k -c "$folder"/* | tail -1 | cut -f1)"
makensis -V2 -DVERSION="$version" -DDIST="$folder" -DICON="$repo/assets/tictactoe.ico" \
    -DSIZE_KB="$size_kb" -DOUTFILE="$dist/$name-setup.exe" assets/windows/installer.nsi
say "built $dist/$name-setup.exe ($(du -k "$dist/$name-setup.exe" | cut -f1) KB)"
