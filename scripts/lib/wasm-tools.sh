# What building for the browser needs, installed when missing: the wasm32-unknown-unknown target
# and wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock (the CLI
# with cargo install, which takes several minutes the first time). Sourced from the repository's
# top (scripts/web-build.sh, scripts/wasm-bench.sh); the caller defines `say`.
need_wasm_tools() {
    rustup target list --installed | grep -qx wasm32-unknown-unknown ||
        rustup target add wasm32-unknown-unknown
    local wanted
    wanted="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
    if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wanted" ]]; then
        say "installing wasm-bindgen-cli $wanted (the version Cargo.lock has)"
        # Not --locked: its own lockfile pins a crate version the registry no longer serves.
        cargo install --quiet wasm-bindgen-cli --version "$wanted"
    fi
}

# Binaryen's wasm-opt from npm, at the version tests/web/package.json pins (installed with its
# lockfile when missing). Debian's binaryen (108) is older than wasm-bindgen's output: its -O1
# leaves a table the page cannot start with (WebAssembly.Table.set refuses the externref).
need_wasm_opt() {
    [[ -d tests/web/node_modules/binaryen ]] || (cd tests/web && npm ci --no-audit --no-fund --silent)
    wasm_opt="$PWD/tests/web/node_modules/binaryen/bin/wasm-opt"
}
