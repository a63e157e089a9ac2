#!/usr/bin/env bash
# Line coverage of model/io (and the rest of the model) by the committed fuzz corpus and
# test data, replayed through the fuzz harnesses in a clang source-coverage build
# (build-cov/). With build-fuzz/corpus present (after `make fuzz`) it is replayed too.
# Prints llvm-cov's report; docs/reliability.md records the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v clang++ >/dev/null || { echo "needs clang++ and llvm-cov"; exit 2; }
cmake -S . -B build-cov -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="-fprofile-instr-generate -fcoverage-mapping" -DCOSTLAB_BUILD_GUI=OFF >/dev/null
cmake --build build-cov -j "$(nproc)" --target fuzz_replay_scenario fuzz_replay_catalog fuzz_replay_engine
rm -f build-cov/*.profraw
extra() { [ -d "build-fuzz/corpus/$1" ] && echo "build-fuzz/corpus/$1" || true; }
LLVM_PROFILE_FILE=build-cov/scenario.profraw build-cov/tests/fuzz/fuzz_replay_scenario \
  tests/fuzz/corpus/scenario tests/data/good tests/data/bad resources/examples $(extra scenario)
LLVM_PROFILE_FILE=build-cov/catalog.profraw build-cov/tests/fuzz/fuzz_replay_catalog \
  tests/fuzz/corpus/catalog resources/catalog $(extra catalog)
LLVM_PROFILE_FILE=build-cov/engine.profraw build-cov/tests/fuzz/fuzz_replay_engine \
  tests/fuzz/corpus/engine $(extra engine)
llvm-profdata merge -sparse build-cov/*.profraw -o build-cov/fuzz.profdata
bins=(-object build-cov/tests/fuzz/fuzz_replay_catalog -object build-cov/tests/fuzz/fuzz_replay_engine)
llvm-cov report build-cov/tests/fuzz/fuzz_replay_scenario "${bins[@]}" \
  -instr-profile=build-cov/fuzz.profdata model/io model/engine model/analysis
