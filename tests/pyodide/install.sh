#!/usr/bin/env bash
# What tests/excel/test_pyodide_runtime.py needs, fetched once (network) into .cache/pyodide/ (ignored by git);
# the test itself runs offline.  Pyodide 314 from npm (Python 3.14, platform
# pyemscripten_2026_0_wasm32: the runtime of xlwings Lite), and from PyPI the wheels a Lite
# workbook installs besides ours: xlwings' Pyodide wheel, the pure-Python dependencies of the
# Excel surface, and micropip (Pyodide's installer, which npm's package leaves to a CDN).
set -euo pipefail
cd "$(dirname "$0")/../.."
PYODIDE=314.0.7
DIR=.cache/pyodide
mkdir -p "$DIR/wheels"
if [ ! -f "$DIR/node_modules/pyodide/package.json" ] || \
   ! grep -q "\"version\": \"$PYODIDE\"" "$DIR/node_modules/pyodide/package.json"; then
  npm install --prefix "$DIR" --no-save --no-audit --no-fund --loglevel=error "pyodide@$PYODIDE"
fi
python -m pip download --quiet --no-deps --only-binary=:all: -d "$DIR/wheels" \
  --platform pyemscripten_2026_0_wasm32 --python-version 3.14 --implementation cp --abi cp314 \
  xlwings==0.37.8 micropip==0.11.1 packaging==26.4 \
  pypinyin==0.55.0 opencc-python-reimplemented==0.1.7 defusedxml==0.7.1
