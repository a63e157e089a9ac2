#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets with clang, libFuzzer, AddressSanitizer and UBSan in
# build-fuzz/ and runs each for FUZZ_SECONDS (default 600) on a working copy of its corpus.
# New inputs that found new coverage stay in build-fuzz/corpus/<target>; a crash leaves
# build-fuzz/crash-* (copy it into tests/fuzz/corpus/<target>/ so `make test` replays it).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-600}
command -v clang++ >/dev/null || { echo "make fuzz needs clang++ (apt-get install clang)"; exit 2; }
flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined -g -O1"
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="$flags" -DCOSTLAB_BUILD_GUI=OFF -DCOSTLAB_BUILD_TESTS=OFF -DCOSTLAB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_scenario fuzz_catalog fuzz_engine fuzz_import fuzz_lesson fuzz_shellwords fuzz_libraryimport
# The targets run side by side (each libFuzzer process is single-threaded).
status=0
pids=()
for t in scenario catalog engine import lesson shellwords libraryimport; do
  work=build-fuzz/corpus/$t
  mkdir -p "$work"
  cp -n tests/fuzz/corpus/$t/* "$work"/ 2>/dev/null || true
  seeds=()
  [ "$t" = scenario ] && seeds=(resources/examples tests/data/good tests/data/bad)
  [ "$t" = catalog ] && seeds=(resources/catalog)
  [ "$t" = import ] && seeds=(tests/data/configs tests/data/megatron tests/data/verl tests/data/openrlhf)
  [ "$t" = lesson ] && seeds=(resources/lessons)
  [ "$t" = shellwords ] && seeds=(tests/data/megatron tests/data/verl tests/data/openrlhf)
  [ "$t" = libraryimport ] && seeds=(tests/data/good tests/data/bad)
  echo "== fuzz_$t for ${seconds} s (log: build-fuzz/fuzz_$t.log)"
  ( cd build-fuzz && UBSAN_OPTIONS=print_stacktrace=1 ./tests/fuzz/fuzz_$t \
      -max_total_time="$seconds" -dict=../tests/fuzz/json.dict -print_final_stats=1 \
      -rss_limit_mb=4096 -max_len=65536 "corpus/$t" "${seeds[@]/#/../}" ) \
      > "build-fuzz/fuzz_$t.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
done
for t in scenario catalog engine import lesson shellwords libraryimport; do
  echo "== fuzz_$t"
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs|ERROR|invariant' \
    "build-fuzz/fuzz_$t.log" | tail -4
done
exit $status
