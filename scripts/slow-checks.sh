#!/usr/bin/env bash
# The correctness checks too slow for a debug build, in the `timing` profile (the crate's own
# code optimised, its dependencies as in a debug build): the solver against the recorded
# first-move table and the empty 6×6's recorded scores and lines, two threads against one, the
# longer lines checked step by step; then the proof-number search (the `proof-numbers`
# feature, off in the game) against alpha-beta, its slow checks included.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo test --locked --profile timing --test solver -- --ignored
cargo test --locked --profile timing --features proof-numbers --lib dfpn -- --include-ignored
cargo test --locked --profile timing --features proof-numbers --test solver proof_numbers -- --include-ignored
