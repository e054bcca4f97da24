#!/usr/bin/env bash
# Runs every test of Queue Lab: formatting and lints, the conformance recordings on real
# PostgreSQL and MariaDB, the native tests (the simulator judged against those recordings
# among them), a bounded coverage-guided fuzzing run of every fuzz target, the engine in wasm
# in headless Chromium, and the app end to end in headless Chromium (Playwright).
# Installs whatever is missing first. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
scripts/install-tools.sh test
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Each section says when it began, so a slow CI run shows where its time went.
section() { printf '\n=== [%ss] %s\n' "$(( $(date +%s) - start ))" "$*"; }

section "format"
cargo fmt --all -- --check

section "native build: the engine's tests and the CLI"
cargo test --workspace --no-run --quiet

# The recordings on the real servers take minutes and mostly sleep (a waiter is only reported
# once it has stayed blocked, see tests/conformance/recorder/record.py), so they run in the
# background while the rest builds and tests. Their recorder, the servers and the CLI keep the
# normal priority and everything this script starts from here on runs at the lowest, so that
# the compiles do not slow a server past the recorder's timings. The recordings use the CLI the
# test build just made; their own process group, so a failure elsewhere stops them too.
section "conformance recordings started in the background (judged at the end)"
conf_log=target/conformance.log
QUEUELAB_BIN=$PWD/target/debug/queuelab setsid scripts/conformance.sh >"$conf_log" 2>&1 &
conf_job=$!
trap 'kill -- -"$conf_job" 2>/dev/null || true' EXIT
renice -n 19 -p $$ >/dev/null

section "lints"
cargo clippy --quiet --workspace --all-targets -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown -p queuelab-web -- -D warnings

section "native tests (engine, dialects, CLI, simulator against the recordings)"
cargo test --workspace --quiet

section "fuzzing, bounded: every fuzz target ${QUEUELAB_FUZZ_SECONDS:-30}s, two at a time (scripts/fuzz.sh; fails on any crash)"
FUZZ_JOBS=2 scripts/fuzz.sh "${QUEUELAB_FUZZ_SECONDS:-30}"

section "engine in wasm, headless Chromium (wasm-bindgen-test)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
  cargo test --target wasm32-unknown-unknown --test wasm_engine

# One function order, not the search for the smallest download (minutes on a slow machine):
# the order changes the module's size only, never what the app does.
section "app build (release, one function order) and end-to-end tests (Playwright, headless Chromium)"
node scripts/build-app.mjs --one-order
node --test --test-reporter=spec tests/e2e/

section "conformance recordings: real PostgreSQL and MariaDB, recorded twice, equal to tests/conformance/expected"
conf_ok=0
wait "$conf_job" || conf_ok=$?
trap - EXIT
cat "$conf_log"
[ "$conf_ok" -eq 0 ]

printf '\nall tests passed in %ss\n' "$(( $(date +%s) - start ))"
