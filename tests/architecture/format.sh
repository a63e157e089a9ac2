#!/usr/bin/env bash
# One formatting style (.clang-format): every C++ file of model/, widgets/, app/ and tests/
# must already be formatted. Fix with: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$1"
fmt=$(command -v clang-format || command -v clang-format-14 || true)
if [ -z "$fmt" ]; then
  echo "clang-format not found (installer/install-build-deps.sh installs it)"; exit 77
fi
mapfile -t files < <(find model widgets app tests -name '*.cpp' -o -name '*.h' | sort)
if ! "$fmt" --dry-run -Werror "${files[@]}" 2>/tmp/costlab-format.$$; then
  grep -E '^[^ ].*: (error|warning):' /tmp/costlab-format.$$ | cut -d: -f1 | sort -u | head -20
  rm -f /tmp/costlab-format.$$
  echo "FAILED: files above are not formatted; run clang-format -i on them"
  exit 1
fi
rm -f /tmp/costlab-format.$$
echo "${#files[@]} files formatted"
