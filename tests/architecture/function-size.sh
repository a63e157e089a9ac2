#!/usr/bin/env bash
# No function over 150 lines outside the parameter registry's table (whose rows are data,
# marked NOLINT there): clang-tidy's readability-function-size on every source of model/,
# widgets/ and app/. A long function is a table of contents waiting to be written: split it
# into named steps. A file clang cannot parse fails the test too (it would check nothing).
# Usage: function-size.sh SOURCE_DIR BUILD_DIR (needs BUILD_DIR/compile_commands.json).
set -euo pipefail
src=$1 build=$2
tidy=$(command -v clang-tidy || command -v clang-tidy-14 || true)
if [ -z "$tidy" ]; then
  echo "clang-tidy not found (installer/install-build-deps.sh installs it)"; exit 77
fi
[ -f "$build/compile_commands.json" ] || { echo "no $build/compile_commands.json"; exit 1; }
cd "$src"
mapfile -t files < <(find model widgets app -name '*.cpp' | sort)
out=$(printf '%s\n' "${files[@]}" | xargs -P 2 -n 8 "$tidy" -p "$build" --quiet \
  -checks='-*,readability-function-size' \
  -config='{CheckOptions: [{key: readability-function-size.LineThreshold, value: 150}]}' 2>&1 || true)
problems=$(printf '%s\n' "$out" | grep -E 'readability-function-size|error:|note: [0-9]+ lines' || true)
if [ -n "$problems" ]; then
  printf '%s\n' "$problems"
  echo "FAILED: ${#files[@]} files checked; functions over 150 lines or files clang could not parse"
  exit 1
fi
echo "${#files[@]} files checked: no function over 150 lines"
