#!/usr/bin/env bash
# Reproduces the numbers of docs/performance.md on this machine, as a Markdown table.
#
#   scripts/performance.sh            # whole runs of `tictactoe analyze` (a few minutes)
#   scripts/performance.sh --long     # also the 7×7 with four in a row (about a minute more)
#   scripts/performance.sh --bench    # also criterion's benchmarks (cargo bench; long)
#   scripts/performance.sh --size     # also the release binary's size (a fat-LTO build)
#
# Builds the `timing` profile (the program's own code optimised as in release, no LTO: a quick
# build that searches as fast as the release build) and times each search as a whole process with
# /usr/bin/time: wall time, CPU time and peak memory. Runs each search RUNS times (default 3) and
# prints every run, so the spread shows: on two threads the work varies from run to run.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

long=0
bench=0
size=0
for arg in "$@"; do
    case "$arg" in
        --long) long=1 ;;
        --bench) bench=1 ;;
        --size) size=1 ;;
        *) echo "usage: scripts/performance.sh [--long] [--bench] [--size]" >&2; exit 2 ;;
    esac
done
runs="${RUNS:-3}"

[[ -x /usr/bin/time ]] || { echo "performance: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
cargo build --quiet --locked --profile timing
analyze=target/timing/tictactoe

empty() {
    local side="$1" row board
    row=$(printf '%*s' "$side" '' | tr ' ' '.')
    board=$row
    for _ in $(seq 2 "$side"); do board="$board/$row"; done
    printf '%s\n' "$board"
}

# measure LABEL ARGS...: one table row per run.
measure() {
    local label="$1" stats
    shift
    for run in $(seq 1 "$runs"); do
        stats=$({ /usr/bin/time -f '%e %U %S %M' "$analyze" "$@" >/dev/null; } 2>&1 | tail -n 1)
        read -r wall user sys kb <<<"$stats"
        printf '| %s | %s | %s s | %.2f s | %d MB |\n' "$label" "$run" "$wall" \
            "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$((kb / 1024))"
    done
}

echo "Machine: $(nproc) cores, $(grep -m 1 'model name' /proc/cpuinfo | cut -d : -f 2 | xargs)"
echo
echo "| Search (empty board, X to move, every move exact) | run | wall | CPU | memory |"
echo "| --- | --- | --- | --- | --- |"
measure "3×3, plain minimax" analyze "$(empty 3)" --algorithm plain
measure "4×4, four in a row" analyze "$(empty 4)" --k 4
measure "5×5, four in a row" analyze "$(empty 5)" --k 4 --max-nodes 4000000000
measure "6×6, four in a row" analyze "$(empty 6)" --k 4 --max-nodes 4000000000
measure "7×7, five in a row" analyze "$(empty 7)" --k 5 --max-nodes 4000000000
if [[ "$long" -eq 1 ]]; then
    measure "7×7, four in a row" analyze "$(empty 7)" --k 4 --max-nodes 4000000000
fi

if [[ "$size" -eq 1 ]]; then
    echo
    echo "Release binary: building it (fat LTO: several minutes the first time)"
    cargo build --quiet --locked --release
    echo "Release binary: $(du -h target/release/tictactoe | cut -f 1)"
fi

if [[ "$bench" -eq 1 ]]; then
    echo
    cargo bench --locked --bench search
fi
