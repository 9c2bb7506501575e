#!/usr/bin/env bash
# The desktop's side of the page's first-answers measurement (tests/web/first-answers.mjs): how
# long the solver takes, natively on one thread and one core, to prove the computer's answer to
# each first move of X on the empty 6×6 (k=4) and 7×7 (k=5), up to the board's symmetry, the
# median of RUNS runs (examples/first_answers.rs).
#
#   scripts/first-answers-native.sh                 # 5 runs, the timing profile
#   RUNS=3 PROFILE=release scripts/first-answers-native.sh
#
# RUNS (default 5); PROFILE, the cargo profile built and run (default timing: the solver's code
# optimised as in release, a quicker build). Pinned to the first core with taskset when it is
# there, as the page's single Web Worker is one thread.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
runs="${RUNS:-5}"
profile="${PROFILE:-timing}"

cargo build --quiet --profile "$profile" --example first_answers
dir="$profile"
[ "$profile" = dev ] && dir=debug
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
echo "Native, $(uname -m), profile $profile, $(date -u '+%Y-%m-%d %H:%M UTC'):"
echo
"${pin[@]}" "target/$dir/examples/first_answers" "$runs"
