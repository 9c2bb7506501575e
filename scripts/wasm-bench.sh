#!/usr/bin/env bash
# The engine as WebAssembly against the engine natively, on this machine: the solver, one thread,
# on the empty 6×6 (k = 4) and 7×7 (k = 5) and on O's answer to each of X's first moves there
# (engine/examples/first_answers.rs). The WebAssembly is built as the web page builds the engine
# (the `web` profile) and run in Node's V8, Chromium's engine; the native one as the desktop
# game's release build. Prints, per position, the median of RUNS runs of each, their ratio, and
# the positions searched (the same count both ways: the same search).
#
#   scripts/wasm-bench.sh [RUNS]     (default 1; a run of both takes a few minutes)
#
# WASM_OPT_LEVEL=s builds the WebAssembly's engine at that opt-level instead of the web profile's;
# WASM_OPT=-O1 passes it through binaryen's wasm-opt as scripts/web-build.sh does the page's.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
runs="${1:-1}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || {
    printf "wasm-bench: RUNS must be a whole number of runs, at least 1, not '%s'\n" "$runs" >&2
    exit 2
}
target=wasm32-unknown-unknown
out="$repo/target/wasm-bench"
say() { printf 'wasm-bench: %s\n' "$*" >&2; }

# shellcheck source=lib/wasm-tools.sh
source "$repo/scripts/lib/wasm-tools.sh"
need_wasm_tools

config=()
if [[ -n "${WASM_OPT_LEVEL:-}" ]]; then
    config=(--config "profile.web.package.tictactoe-engine.opt-level=\"$WASM_OPT_LEVEL\"")
fi
cargo build --quiet --locked "${config[@]}" --profile web --target "$target" \
    -p tictactoe-engine --example first_answers
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target nodejs --no-typescript --out-dir "$out" \
    "target/$target/web/examples/first_answers.wasm"
if [[ -n "${WASM_OPT:-}" ]]; then
    need_wasm_opt
    "$wasm_opt" "$WASM_OPT" "$out/first_answers_bg.wasm" -o "$out/first_answers_bg.wasm"
fi
cat >"$out/run.cjs" <<'JS'
const bench = require("./first_answers.js");
const runs = Number(process.argv[2]);
bench.positions().forEach((name, index) => {
  const times = [];
  let nodes = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    nodes = bench.solve(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}\t${times[Math.floor(times.length / 2)].toFixed(1)}\t${nodes}`);
});
JS
cargo build --quiet --locked --release -p tictactoe-engine --example first_answers
# The two in turn, a run of every position each, so that the machine's load falls on both alike;
# each pinned to one core (where taskset is), as the page's one Web Worker is one thread and V8
# would otherwise compile beside it on another core.
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
say "$runs runs of each, in turn"
for run in $(seq "$runs"); do
    "${pin[@]}" node "$out/run.cjs" 1 | sed "s/^/wasm\t/" >>"$out/times.tsv"
    "${pin[@]}" target/release/examples/first_answers 1 | sed "s/^/native\t/" >>"$out/times.tsv"
done

# Per position, the median of each (and the positions searched, the same both ways).
printf '%-22s %10s %10s %7s %12s\n' position "native ms" "wasm ms" ratio positions
sort -t$'\t' -k2,2 -k1,1 -k3,3n "$out/times.tsv" | awk -F'\t' -v runs="$runs" '
    { key = $2; if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      t[key, $1, ++c[key, $1]] = $3; nodes[key, $1] = $4 }
    function median(key, kind) { return t[key, kind, int((c[key, kind] + 1) / 2)] }
    END {
        for (i = 1; i <= n; i++) {
            key = order[i]; a = median(key, "native"); b = median(key, "wasm")
            extra = nodes[key, "native"] == nodes[key, "wasm"] ? "" : "  (wasm: " nodes[key, "wasm"] ")"
            printf "%-22s %10.1f %10.1f %7.2f %12d%s\n", key, a, b, b / a, nodes[key, "native"], extra
            sa += a; sb += b
        }
        printf "%-22s %10.1f %10.1f %7.2f\n", "all", sa, sb, sb / sa
    }'
