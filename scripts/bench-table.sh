#!/usr/bin/env bash
# Prints the speed table of the solver on the largest boards: the empty 6×6 (k=4), 7×7 (k=5)
# and 7×7 (k=4), each analysed in full (every move exact, with the fastest win's depth) by a
# whole `tictactoe analyze` process pinned to 1 and to 2 cores with `taskset` (the solver uses
# every core it is given), the median of RUNS runs: wall time, CPU time (user + system), peak
# resident memory (`/usr/bin/time`), and the positions searched.
#
#   scripts/bench-table.sh                        # all three boards, 5 runs each, release build
#   RUNS=3 BOARDS="6:4 7:5" scripts/bench-table.sh
#   PROFILE=timing CORES="1 2 4" scripts/bench-table.sh
#
# RUNS (default 5), BOARDS (side:k pairs, default "6:4 7:5 7:4"), CORES (how many cores to pin
# to, default "1 2": the first N of the machine), PROFILE (the cargo profile built and run,
# default release). The 7×7 with four in a row takes most of the time (tens of seconds a run).
# Needs taskset (util-linux) and GNU time at /usr/bin/time.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
runs="${RUNS:-5}"
boards="${BOARDS:-6:4 7:5 7:4}"
cores_list="${CORES:-1 2}"
profile="${PROFILE:-release}"

cargo build --quiet --profile "$profile" --bin tictactoe
analyze="target/$profile/tictactoe"
[ "$profile" = dev ] && analyze=target/debug/tictactoe
available=$(nproc)

empty_board() {
    local side=$1 row board
    row=$(printf '%*s' "$side" '' | tr ' ' '.')
    board=$row
    for _ in $(seq 2 "$side"); do board="$board/$row"; done
    echo "$board"
}

# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "Solver, whole process ($analyze), median of $runs runs (min–max), $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $available cores:"
echo
echo "| Board | cores | wall | CPU | peak memory | positions |"
echo "| --- | --- | --- | --- | --- | --- |"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for board_k in $boards; do
    side=${board_k%%:*}
    k=${board_k##*:}
    board=$(empty_board "$side")
    for cores in $cores_list; do
        if [ "$cores" -gt "$available" ]; then
            echo "| ${side}×${side}, k = $k | $cores | (only $available cores here) | | | |"
            continue
        fi
        : >"$work/runs"
        for run in $(seq "$runs"); do
            /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
                taskset -c "0-$((cores - 1))" "$analyze" analyze "$board" --k "$k" \
                --max-nodes 4000000000 --stats >"$work/out.json"
            nodes=$(grep -o '"nodes":[0-9]*' "$work/out.json" | tail -1 | cut -d: -f2)
            read -r wall user sys rss <"$work/time"
            echo "$wall $(echo "$user + $sys" | bc) $rss ${nodes:-0}" >>"$work/runs"
            printf 'bench-table: %d×%d k=%d, %d core(s), run %d: %s s\n' \
                "$side" "$side" "$k" "$cores" "$run" "$wall" >&2
        done
        col() { cut -d' ' -f"$1" "$work/runs"; }
        range() { col "$1" | sort -g | sed -n '1p;$p' | paste -sd' ' | awk '{ printf "%s–%s", $1, $2 }'; }
        wall=$(col 1 | median)
        cpu=$(col 2 | median)
        rss=$(col 3 | median)
        nodes=$(col 4 | median)
        printf '| %d×%d, k = %d | %d | %.2f s (%s) | %.2f s | %.0f MB (%s kB) | %.0f k (%s) |\n' \
            "$side" "$side" "$k" "$cores" "$wall" "$(range 1)" "$cpu" \
            "$(echo "$rss / 1000" | bc -l)" "$(range 3)" "$(echo "$nodes / 1000" | bc -l)" \
            "$(range 4)"
    done
done
