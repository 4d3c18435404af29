#!/usr/bin/env bash
# Set up and run the main job: a virtual environment with everything opforge
# needs (.venv/), the generated glue (generated/), the extension (opforge/_C),
# then verify_draft_tokens on an example batch.
#   tools/setup.sh            everything
#   tools/setup.sh install    only the environment
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
[ "${1:-}" = install ] && exit 0

.venv/bin/python -m codegen
.venv/bin/python tools/build.py
.venv/bin/python examples/verify_draft_tokens_demo.py
