#!/usr/bin/env bash
# Builds Queue Lab and serves it on http://127.0.0.1:8080 (installs missing tools first).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-tools.sh app
export PATH="$PWD/node_modules/.bin:$PATH" TRUNK_SKIP_VERSION_CHECK=true
exec trunk serve --release "$@"
