#!/usr/bin/env bash
# Per-user install of Tic-Tac-Toe (no root needed): after this the game shows
# up in the desktop's application menu with its icon and starts on a click.
#
#   scripts/install.sh            # build (if needed) and install
#   scripts/uninstall.sh          # remove exactly what this installed
#
# What goes where (re-running updates everything in place):
#   $BIN_DIR/tictactoe                                (default ~/.local/bin)
#   $DATA/applications/tictactoe.desktop              (Exec= is the absolute binary path)
#   $DATA/icons/hicolor/<N>x<N>/apps/tictactoe.png    (16 ... 512)
#   $DATA/icons/hicolor/scalable/apps/tictactoe.svg
#   $DATA/man/man1/tictactoe.1, tictactoe-<command>.1 (man tictactoe, man tictactoe-analyze)
#   $DATA/bash-completion/completions/tictactoe       (bash-completion loads it on demand)
#   $DATA/zsh/site-functions/_tictactoe               (add the folder to zsh's fpath)
#   $CONFIG/fish/completions/tictactoe.fish
#   $DATA/tictactoe/install-manifest.txt              (list of the files above)
# where DATA is ${XDG_DATA_HOME:-$HOME/.local/share} and CONFIG ${XDG_CONFIG_HOME:-$HOME/.config}.
# The man pages and completions are generated from the command line by tests/docs.rs and
# checked in under assets/man/ and assets/completions/.
#
# Environment:
#   TICTACTOE_BIN  use this prebuilt binary instead of building one
#   BIN_DIR        where to put the binary (default: $HOME/.local/bin)
#   XDG_DATA_HOME  usual XDG meaning (default: $HOME/.local/share)
set -euo pipefail

app=tictactoe
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: error: %s\n' "$*" >&2; exit 1; }

[[ -n "${HOME:-}" ]] || die "HOME is not set; cannot work out where to install"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
bin_dir="${BIN_DIR:-$HOME/.local/bin}"
[[ "$data_dir" == /* ]] || die "XDG_DATA_HOME must be an absolute path (got '$data_dir')"
[[ "$bin_dir" == /* ]] || die "BIN_DIR must be an absolute path (got '$bin_dir')"
config_dir="${XDG_CONFIG_HOME:-$HOME/.config}"
[[ "$config_dir" == /* ]] || die "XDG_CONFIG_HOME must be an absolute path (got '$config_dir')"

app_data="$data_dir/$app"
manifest="$app_data/install-manifest.txt"
desktop_src="$repo/assets/$app.desktop"
svg_src="$repo/assets/$app.svg"
icons_src="$repo/assets/icons/hicolor"

[[ -f "$desktop_src" ]] || die "missing $desktop_src (is this a complete checkout?)"
[[ -f "$svg_src" ]] || die "missing $svg_src"
[[ -d "$icons_src" ]] || die "missing $icons_src (run scripts/render-icons.sh)"
man_src="$repo/assets/man"
completions_src="$repo/assets/completions"
[[ -f "$man_src/$app.1" ]] || die "missing $man_src/$app.1 (is this a complete checkout?)"
[[ -d "$completions_src" ]] || die "missing $completions_src"

# ---------------------------------------------------------------- the binary
target_dir() {
    # Honour CARGO_TARGET_DIR / cargo config; fall back to ./target.
    local dir=""
    if command -v cargo >/dev/null 2>&1; then
        dir="$(cargo metadata --no-deps --format-version 1 --manifest-path "$repo/Cargo.toml" 2>/dev/null |
            grep -o '"target_directory":"[^"]*"' | head -n 1 | cut -d '"' -f 4)" || dir=""
    fi
    printf '%s\n' "${dir:-${CARGO_TARGET_DIR:-$repo/target}}"
}

if [[ -n "${TICTACTOE_BIN:-}" ]]; then
    src_bin="$TICTACTOE_BIN"
    [[ -f "$src_bin" && -x "$src_bin" ]] || die "TICTACTOE_BIN=$src_bin is not an executable file"
    say "using prebuilt binary $src_bin"
else
    src_bin="$(target_dir)/release/$app"
    stale=""
    if [[ ! -x "$src_bin" ]]; then
        stale="no release binary at $src_bin"
    else
        newer="$(find "$repo/Cargo.toml" "$repo/Cargo.lock" "$repo/src" "$repo/engine" \
            "$repo/learn" "$repo/assets" "$repo/build.rs" -newer "$src_bin" -print -quit 2>/dev/null || true)"
        [[ -z "$newer" ]] || stale="sources changed since the last build (${newer#"$repo"/})"
    fi
    if [[ -n "$stale" ]]; then
        command -v cargo >/dev/null 2>&1 ||
            die "$stale, and cargo is not installed (install Rust from rustup, or set TICTACTOE_BIN)"
        say "$stale; running cargo build --release --locked (this can take a few minutes)"
        cargo build --release --locked --manifest-path "$repo/Cargo.toml"
        [[ -x "$src_bin" ]] || die "cargo build finished but $src_bin does not exist"
    else
        say "release binary is up to date: $src_bin"
    fi
fi

# --------------------------------------------------------------- helpers
installed=()

# copy_file SRC DEST MODE: atomic replace (works while the old binary runs).
copy_file() {
    local src="$1" dest="$2" mode="$3" tmp
    mkdir -p "$(dirname "$dest")"
    tmp="$(mktemp "$(dirname "$dest")/.$app-install.XXXXXX")"
    if ! cp "$src" "$tmp" || ! chmod "$mode" "$tmp" || ! mv -f "$tmp" "$dest"; then
        rm -f "$tmp"
        die "could not install $dest"
    fi
    installed+=("$dest")
}

# Quote a path for a desktop entry's Exec key (Desktop Entry spec, "The Exec key").
desktop_exec_arg() {
    local p="$1"
    if [[ "$p" =~ ^[A-Za-z0-9/._+-]+$ ]]; then
        printf '%s' "$p"
    else
        # Inside double quotes, escape " ` $ \ with a backslash; then, as the
        # value is a string, every backslash is escaped once more.
        p="${p//\\/\\\\}"; p="${p//\"/\\\"}"; p="${p//\`/\\\`}"; p="${p//\$/\\\$}"
        p="${p//\\/\\\\}"
        printf '"%s"' "$p"
    fi
}

# ---------------------------------------------------------------- install
bin_dest="$bin_dir/$app"
copy_file "$src_bin" "$bin_dest" 0755
say "binary       -> $bin_dest"

exec_arg="$(desktop_exec_arg "$bin_dest")"
desktop_dest="$data_dir/applications/$app.desktop"
desktop_tmp="$(mktemp)"
trap 'rm -f "$desktop_tmp"' EXIT
found_exec=0
while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" == Exec=* ]]; then
        line="Exec=$exec_arg"
        found_exec=1
    fi
    printf '%s\n' "$line"
done <"$desktop_src" >"$desktop_tmp"
[[ "$found_exec" -eq 1 ]] || die "$desktop_src has no Exec= line"
copy_file "$desktop_tmp" "$desktop_dest" 0644
say "menu entry   -> $desktop_dest"

icon_root="$data_dir/icons/hicolor"
icon_count=0
for png in "$icons_src"/*/apps/"$app".png; do
    [[ -f "$png" ]] || continue
    size="$(basename "$(dirname "$(dirname "$png")")")"
    copy_file "$png" "$icon_root/$size/apps/$app.png" 0644
    icon_count=$((icon_count + 1))
done
[[ "$icon_count" -gt 0 ]] || die "no PNG icons under $icons_src (run scripts/render-icons.sh)"
copy_file "$svg_src" "$icon_root/scalable/apps/$app.svg" 0644
say "icons        -> $icon_root/{${icon_count} sizes,scalable}/apps/"

man_count=0
for page in "$man_src"/*.1; do
    copy_file "$page" "$data_dir/man/man1/$(basename "$page")" 0644
    man_count=$((man_count + 1))
done
say "man pages    -> $data_dir/man/man1/ ($man_count pages)"
copy_file "$completions_src/$app.bash" "$data_dir/bash-completion/completions/$app" 0644
copy_file "$completions_src/_$app" "$data_dir/zsh/site-functions/_$app" 0644
copy_file "$completions_src/$app.fish" "$config_dir/fish/completions/$app.fish" 0644
say "completions  -> bash, zsh ($data_dir/zsh/site-functions), fish ($config_dir/fish/completions)"

# ---------------------------------------------------------------- manifest
# Files from an earlier install that this one no longer puts there (say
# BIN_DIR changed) are removed, so the manifest stays the whole truth.
if [[ -f "$manifest" ]]; then
    while IFS= read -r old || [[ -n "$old" ]]; do
        [[ -z "$old" || "$old" == \#* ]] && continue
        keep=0
        for f in "${installed[@]}"; do
            [[ "$f" == "$old" ]] && { keep=1; break; }
        done
        if [[ "$keep" -eq 0 && ( -f "$old" || -L "$old" ) ]]; then
            case "$(basename "$old")" in
                "$app" | "$app.desktop" | "$app.png" | "$app.svg" | "$app.1" | "$app"-*.1 | \
                    "_$app" | "$app.fish")
                    rm -f -- "$old"
                    say "removed stale file from the previous install: $old"
                    ;;
            esac
        fi
    done <"$manifest"
fi

mkdir -p "$app_data"
manifest_tmp="$(mktemp "$app_data/.manifest.XXXXXX")"
{
    printf '# Files installed by tictactoe scripts/install.sh; scripts/uninstall.sh removes them.\n'
    printf '%s\n' "${installed[@]}"
} >"$manifest_tmp"
chmod 0644 "$manifest_tmp"
mv -f "$manifest_tmp" "$manifest"
say "manifest     -> $manifest (${#installed[@]} files)"

# ---------------------------------------------------------------- caches
# Both are optional; a missing tool or a failure is only a note.
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$data_dir/applications" 2>/dev/null ||
        say "note: update-desktop-database failed (harmless)"
fi
# Only refresh an icon cache that already exists: creating one in a user's
# hicolor folder would hide icons other programs add later without a refresh.
# Touching the folder is what the icon theme spec asks for otherwise.
touch "$icon_root" 2>/dev/null || true
if [[ -f "$icon_root/icon-theme.cache" ]] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -f -t "$icon_root" 2>/dev/null ||
        say "note: gtk-update-icon-cache failed (harmless)"
fi

say "done: Tic-Tac-Toe is in your application menu (it may take a moment to appear)."
case ":${PATH:-}:" in
    *":$bin_dir:"*) ;;
    *) say "note: $bin_dir is not on your PATH; the menu entry works anyway, or run $bin_dest" ;;
esac
