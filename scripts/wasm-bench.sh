#!/usr/bin/env bash
# The solver compiled to WebAssembly, as the web page builds it, against the same solver
# natively: one thread each, the same positions (the empty boards given), the positions searched
# and the time, and the ratio wasm / native. The wasm runs under Node.js (V8, as in Chromium).
#
#   scripts/wasm-bench.sh                    # the empty 6×6 (k=4) and 7×7 (k=5)
#   BOARDS="5:4 6:4" scripts/wasm-bench.sh
#   WASM_PROFILE=web NATIVE_PROFILE=release scripts/wasm-bench.sh
#
# Needs node, the wasm32-unknown-unknown target and wasm-bindgen-cli (scripts/web-build.sh
# installs both). The wasm build shares its dependencies with scripts/web-build.sh's.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
boards="${BOARDS:-6:4 7:5}"
wasm_profile="${WASM_PROFILE:-web}"
native_profile="${NATIVE_PROFILE:-release}"
target=wasm32-unknown-unknown
out="$repo/target/wasm-bench"

cargo rustc --quiet --locked --profile "$wasm_profile" --target "$target" --example wasm_bench \
    --crate-type cdylib
rm -rf "$out"
wasm-bindgen --target nodejs --no-typescript --out-dir "$out" \
    "target/$target/$wasm_profile/examples/wasm_bench.wasm"
cargo build --quiet --locked --profile "$native_profile" --example wasm_bench
native="target/$native_profile/examples/wasm_bench"

cat >"$out/run.js" <<'JS'
const { solve } = require('./wasm_bench.js');
const [side, k] = process.argv.slice(2).map(Number);
const started = performance.now();
const nodes = solve(side, k);
const seconds = (performance.now() - started) / 1000;
console.log(`${side}×${side} k=${k}: ${nodes} positions in ${seconds.toFixed(3)} s (wasm, one thread)`);
JS
for board_k in $boards; do
    side=${board_k%%:*}
    k=${board_k##*:}
    wasm=$(taskset -c 0 node "$out/run.js" "$side" "$k")
    here=$(taskset -c 0 "$native" "$side" "$k")
    echo "$wasm"
    echo "$here"
    ws=$(sed 's/.* in \([0-9.]*\) s.*/\1/' <<<"$wasm")
    ns=$(sed 's/.* in \([0-9.]*\) s.*/\1/' <<<"$here")
    printf '%d×%d k=%d: wasm / native = %.2f\n' "$side" "$side" "$k" "$(echo "$ws / $ns" | bc -l)"
done
