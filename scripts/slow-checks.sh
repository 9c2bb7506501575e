#!/usr/bin/env bash
# The correctness checks too slow for a debug build, in the `timing` profile (the crate's own
# code optimised, its dependencies as in a debug build): the solver against the recorded
# first-move table and the empty 6×6's recorded scores and lines, two threads against one, the
# longer lines checked step by step; then the proof-number search (the `proof-numbers`
# feature, off in the game) against alpha-beta, its slow checks included.
#
# All of it is the engine's (`engine/tests/solver.rs`, the engine's own unit tests): `-p
# tictactoe-engine` builds the engine and its few dependencies alone, not the game's (eframe,
# wgpu, egui_kittest, criterion), which this profile would otherwise build a second time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo test --locked --profile timing -p tictactoe-engine --test solver -- --ignored
cargo test --locked --profile timing -p tictactoe-engine --features proof-numbers --lib dfpn \
    -- --include-ignored
cargo test --locked --profile timing -p tictactoe-engine --features proof-numbers --test solver \
    proof_numbers -- --include-ignored
