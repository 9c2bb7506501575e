#!/usr/bin/env bash
# Writes the table of first-move values (engine/tests/fixtures/solver/first_moves.txt): every board
# the game offers (3×3 to 7×7, k from 3 to 5 and at most the side), X to move on the empty board,
# each move's exact score as `tictactoe analyze` gives it. engine/tests/solver.rs checks the table
# against the known results and against the solver and the alpha-beta searcher.
#
#   scripts/first-move-table.sh > engine/tests/fixtures/solver/first_moves.txt
#
# About a minute on two cores in the `timing` build it makes (7×7 with four in a row takes most).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
cargo build --quiet --profile timing
analyze=target/timing/tictactoe

cat <<'EOF'
# The value of every first move on the empty board of every size and k the game offers, X to
# move, as `tictactoe analyze` gives it with its default (the solver): the score of each cell,
# row by row. A win at depth d scores cells + 1 − d, a loss d − (cells + 1), a draw 0; the first
# move is at depth 0, so X's win at depth d comes with its (d / 2 + 1)th move.
# Written by scripts/first-move-table.sh.
EOF
for side in 3 4 5 6 7; do
    row=$(printf '%*s' "$side" '' | tr ' ' '.')
    empty=$row
    for _ in $(seq 2 "$side"); do empty="$empty/$row"; done
    for k in 3 4 5; do
        [ "$k" -le "$side" ] || continue
        start=$(date +%s.%N)
        json=$("$analyze" analyze "$empty" --k "$k" --max-nodes 4000000000)
        printf 'first-move-table: %d×%d, k=%d: %.1f s\n' "$side" "$side" "$k" \
            "$(echo "$(date +%s.%N) - $start" | bc)" >&2
        echo
        echo "board $side k $k"
        # The moves come in row-major order; a line holds cells, never a "score".
        grep -o '"score":-\?[0-9]*' <<<"$json" | cut -d: -f2 |
            awk -v side="$side" '{ printf "%4d", $1 } NR % side == 0 { print "" }'
    done
done
