#!/usr/bin/env bash
# Builds the libFuzzer targets with clang + AddressSanitizer and runs each for SECONDS seconds
# (default 60), seeded from the BLCP and Siconos files of ../shared/data when present. The closing lines
# give executions and crashes per target. Usage: test/fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
build=build-fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMLCP_BUILD_FUZZERS=ON -DMLCP_BUILD_TESTS=OFF -DMLCP_BUILD_APPS=OFF \
  -DMLCP_BUILD_BENCHMARKS=OFF -DMLCP_SANITIZE=address > /dev/null
targets=$(cmake --build "$build" --target help | awk '/fuzz_/ {print $2}')
# shellcheck disable=SC2086  # one word per target
cmake --build "$build" -j2 --target $targets > /dev/null
summary=()
status=0
for target in "$build"/test/fuzz/fuzz_*; do
  name=$(basename "$target")
  corpus="$build/corpus/$name"
  mkdir -p "$corpus"
  seeds=()
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
  esac
  log="$build/$name.log"
  if "$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
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
