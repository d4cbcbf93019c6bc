#!/usr/bin/env bash
# Builds the libFuzzer targets with clang + AddressSanitizer and runs each, one after the other,
# for SECONDS seconds (default 60) or RUNS executions if given first, seeded from the BLCP,
# Siconos and FCLIB (.hdf5) files of ../shared/data when present. The closing lines give
# executions and crashes per target. Usage: test/fuzz/run.sh [SECONDS [RUNS]]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
runs_limit=${2:--1}
build=build-fuzz
# -O1 with line tables (-g1): what libFuzzer recommends, and a fraction of -O2 -g's compile time.
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DMLCP_BUILD_FUZZERS=ON -DMLCP_BUILD_TESTS=OFF -DMLCP_BUILD_APPS=OFF \
  -DMLCP_BUILD_BENCHMARKS=OFF -DMLCP_SANITIZE=address > /dev/null
targets=$(cmake --build "$build" --target help | awk '/fuzz_|fclib_seed_writer/ {print $2}')
# shellcheck disable=SC2086  # one word per target
cmake --build "$build" -j2 --target $targets > /dev/null
summary=()
status=0
for target in "$build"/test/fuzz/fuzz_*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  corpus="$build/corpus/$name"
  mkdir -p "$corpus"
  seeds=()
  max_len=65536
  options=()
  environment=()
  case "$name" in
    fuzz_blcp_reader) [ -d ../shared/data/captured ] && seeds+=(../shared/data/captured/bullet) ;;
    fuzz_siconos_reader)
      # Seeds carry the family in their first byte: 0 LCP, 1 MLCP, 2 relay, 3 FC.
      mkdir -p "$build/seeds/siconos"
      if [ -d ../shared/data/siconos ]; then
        for f in ../shared/data/siconos/lcp/*.dat; do
          { printf '\x00'; cat "$f"; } > "$build/seeds/siconos/lcp_$(basename "$f")"; done
        for f in ../shared/data/siconos/relay/*.dat; do
          { printf '\x02'; cat "$f"; } > "$build/seeds/siconos/relay_$(basename "$f")"; done
        for f in ../shared/data/siconos/mlcp/{RCD,m2n1,m3n2,PD,relay2}_mlcp.dat; do
          { printf '\x01'; cat "$f"; } > "$build/seeds/siconos/mlcp_$(basename "$f")"; done
        for f in ../shared/data/siconos/fc/{FC3D_Example1_SBM,FrictionContact3D_1c,Rover4396}.dat; do
          { printf '\x03'; cat "$f"; } > "$build/seeds/siconos/fc_$(basename "$f")"; done
        seeds+=("$build/seeds/siconos")
      fi ;;
    fuzz_fclib_reader)
      # HDF5 files: small FCLIB problems written by fclib_seed_writer (6 KB) and the shared
      # data's (58 .. 493 KB, cut at max_len by libFuzzer: their superblocks and first objects).
      max_len=8192
      mkdir -p "$build/seeds/fclib"
      "$build/test/fuzz/fclib_seed_writer" "$build/seeds/fclib"
      for f in ../shared/data/fclib/*.hdf5 ../shared/data/siconos/fc/*.hdf5; do
        if [ -f "$f" ]; then cp "$f" "$build/seeds/fclib/"; fi; done
      seeds+=("$build/seeds/fclib")
      # HDF5's own error-path leaks are suppressed (not the reader's; see the file). HDF5's free
      # lists keep blocks between inputs, so libFuzzer would scan the heap after nearly every
      # input (half the rate): leaks are found by LeakSanitizer at exit instead, and the target
      # checks per input that the reader closed every HDF5 identifier.
      environment=(LSAN_OPTIONS="suppressions=$PWD/test/fuzz/hdf5_leaks.supp"
                   ASAN_OPTIONS=quarantine_size_mb=16)
      options=(-detect_leaks=0) ;;
  esac
  log="$build/$name.log"
  if env "${environment[@]}" "$target" -max_total_time="$seconds" -runs="$runs_limit" \
      -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 "${options[@]}" \
      -artifact_prefix="$build/" "$corpus" "${seeds[@]}" > "$log" 2>&1; then
    crashes=0
  else
    crashes=1
    status=1
    tail -30 "$log"
  fi
  runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | awk '{print $2}' | tail -1 || true)
  summary+=("$name: ${runs:-0} executions, $crashes crashes")
done
printf '%s\n' "${summary[@]}"
exit $status
