#!/usr/bin/env bash
# Installs, idempotently and at pinned versions, what building and serving the app needs.
# Usage: scripts/install-tools.sh [app|test]
#   app  (default): clang, the wasm32 target, wasm-bindgen-cli, and from npm binaryen
#                   (wasm-opt), terser and csso (scripts/build-app.mjs builds with these)
#   test: all of the above plus Chromium + ChromeDriver and playwright-core
# Nothing is downloaded from anywhere but crates.io, npm and Debian.
set -euo pipefail
cd "$(dirname "$0")/.."

# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
profile=${1:-app}

log() { printf '[install-tools] %s\n' "$*" >&2; }

apt_updated=0
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ $apt_updated -eq 0 ]; then
    log "apt-get update"
    $sudo apt-get update -qq
    apt_updated=1
  fi
  log "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

cargo_install() { # name version binary
  local name=$1 version=$2 bin=$3 extra=${4:-}
  if command -v "$bin" >/dev/null && "$bin" --version 2>/dev/null | grep -q " $version\$\| $version "; then
    return 0
  fi
  log "cargo install $name $version (takes minutes the first time)"
  # shellcheck disable=SC2086
  cargo install "$name" --version "$version" $extra --quiet
}

# The downloads (Debian packages, npm) run while cargo compiles wasm-bindgen-cli: they wait on
# the network and the disk, the compile on the CPU.
# clang compiles SQLite for wasm32 (gcc cannot target it); libclang serves bindgen natively.
packages=(clang libclang-dev)
# Debian's browser and driver: the only browser the tests use (never a downloaded one).
if [ "$profile" = test ]; then packages+=(chromium chromium-driver); fi
apt_install "${packages[@]}" &
apt_job=$!

# binaryen (wasm-opt), terser and csso (the release build minifies the JS glue and the style
# sheet) and playwright-core come from npm at the versions package-lock.json pins.
npm_install() {
  local stamp=node_modules/.queuelab-lock
  if [ ! -x node_modules/.bin/wasm-opt ] || ! cmp -s package-lock.json "$stamp"; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
  fi
}
npm_install &
npm_job=$!

rustup target list --installed | grep -q '^wasm32-unknown-unknown$' || rustup target add wasm32-unknown-unknown
cargo_install wasm-bindgen-cli "$WASM_BINDGEN_VERSION" wasm-bindgen
wait "$apt_job" || { log "installing ${packages[*]} failed"; exit 1; }
wait "$npm_job" || { log "npm ci failed"; exit 1; }
log "tools ready ($profile)"
