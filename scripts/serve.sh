#!/usr/bin/env bash
# Builds Queue Lab (release) and serves it on http://127.0.0.1:8080 (installs missing tools
# first). Options go to scripts/serve.mjs: --port N, --host ADDRESS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-tools.sh app
export PATH="$HOME/.cargo/bin:$PATH"
node scripts/build-app.mjs
exec node scripts/serve.mjs "$@"
