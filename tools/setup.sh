#!/usr/bin/env bash
# Set up and run the main job: a virtual environment with everything opforge
# needs (.venv/), the generated glue (generated/), the extension (opforge/_C),
# then the main job: a speculative-decoding loop built from opforge's ops.
#   tools/setup.sh                    everything
#   tools/setup.sh --proposer draft-model --backend xpu3-sim    the same, main-job flags passed on
#   tools/setup.sh install            only the environment
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Installed once per pyproject.toml: the editable install costs ~30 s even
# when nothing changed, and CI runs this script twice (install, then setup).
installed=.venv/.installed-pyproject.toml
if ! cmp -s pyproject.toml "$installed"; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  cp pyproject.toml "$installed"
fi
[ "${1:-}" = install ] && exit 0

.venv/bin/python -m codegen
.venv/bin/python tools/build.py
# The main job: speculative decoding of 48 requests with FastDeploy's step, op
# for op, checked token for token against greedy decoding (flags: --help;
# --step unified for opforge's own step), drafting with ngram_match, then
# (without flags) the same with FastDeploy's MTP proposer.
.venv/bin/python -m examples.speculative "${@}"
if [ $# -eq 0 ]; then
  echo
  .venv/bin/python -m examples.speculative --proposer mtp
fi
