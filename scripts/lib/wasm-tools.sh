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

# Binaryen's wasm-opt, Debian's package (the version Debian's release pins: 108 on bookworm; native,
# so it takes seconds where npm's build of it, run in Node, takes several times as long).
need_wasm_opt() {
    if ! command -v wasm-opt >/dev/null; then
        say "installing binaryen (wasm-opt)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null
        apt-get install -y -qq binaryen >/dev/null
    fi
}
