#!/usr/bin/env bash
# Undo scripts/install.sh: remove exactly the files listed in its manifest,
# then the manifest and the app's own data folder if that is left empty.
# Nothing else is touched (other .desktop files, icon folders, settings and
# saved games are left alone).
#
# Environment: XDG_DATA_HOME (default $HOME/.local/share), as for install.sh.
set -euo pipefail

app=tictactoe

say() { printf 'uninstall: %s\n' "$*"; }
die() { printf 'uninstall: error: %s\n' "$*" >&2; exit 1; }

[[ -n "${HOME:-}" ]] || die "HOME is not set; cannot work out where tictactoe was installed"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
app_data="$data_dir/$app"
manifest="$app_data/install-manifest.txt"

if [[ ! -f "$manifest" ]]; then
    say "nothing to do: no install manifest at $manifest"
    exit 0
fi

removed=0
skipped=0
while IFS= read -r path || [[ -n "$path" ]]; do
    [[ -z "$path" || "$path" == \#* ]] && continue
    # Refuse anything install.sh could not have written, in case the
    # manifest was edited or damaged.
    case "$path" in
        /*) ;;
        *) say "skipping non-absolute manifest entry: $path"; skipped=$((skipped + 1)); continue ;;
    esac
    case "$(basename "$path")" in
        "$app" | "$app.desktop" | "$app.png" | "$app.svg" | "$app.1" | "$app"-*.1 | "_$app" | "$app.fish") ;;
        *) say "skipping unexpected manifest entry: $path"; skipped=$((skipped + 1)); continue ;;
    esac
    if [[ -f "$path" || -L "$path" ]]; then
        rm -f -- "$path"
        say "removed $path"
        removed=$((removed + 1))
    else
        say "already gone: $path"
    fi
done <"$manifest"

rm -f -- "$manifest"
rmdir -- "$app_data" 2>/dev/null || true # only if empty: settings/saves stay

if command -v update-desktop-database >/dev/null 2>&1 && [[ -d "$data_dir/applications" ]]; then
    update-desktop-database -q "$data_dir/applications" 2>/dev/null ||
        say "note: update-desktop-database failed (harmless)"
fi
icon_root="$data_dir/icons/hicolor"
if [[ -d "$icon_root" ]]; then
    touch "$icon_root" 2>/dev/null || true
    if [[ -f "$icon_root/icon-theme.cache" ]] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -f -t "$icon_root" 2>/dev/null ||
            say "note: gtk-update-icon-cache failed (harmless)"
    fi
fi

if [[ "$skipped" -gt 0 ]]; then
    say "done: removed $removed file(s); skipped $skipped suspicious manifest entr(ies)."
else
    say "done: removed $removed file(s)."
fi
