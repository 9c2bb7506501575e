#!/usr/bin/env bash
# Runs every test: the Rust tests (unit, integration, UI with egui_kittest, doc tests), the
# real-window smoke test, the file dialogs' check, the files' check (opening and closing the game
# changes nothing the user made) and the install check. The last four install
# their tools with apt-get when missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo test --locked
cargo build --locked
scripts/smoke-test.sh target/debug/tictactoe
scripts/smoke-test.sh --wgpu-fails target/debug/tictactoe
scripts/dialog-check.sh target/debug/tictactoe
scripts/files-check.sh target/debug/tictactoe
TICTACTOE_BIN=target/debug/tictactoe scripts/check-install.sh
