#!/usr/bin/env bash
# The CPU time (user + sys) of every compilation of a target from an empty build folder, without
# a compiler cache: the measurement of docs/build-times.md.
#   docs/build-times.sh [BUILD_DIR [TARGET [cmake options...]]]   (default: build-times mlcp_cli)
# e.g. docs/build-times.sh build-times-off mlcp_cli -DMLCP_FAST_BUILD=OFF for the build without
# unity batches and precompiled headers. Prints CPU seconds per target and the 15 heaviest
# compilations; the per-call log is BUILD_DIR/compile-times.log.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-times}
target=${2:-mlcp_cli}
shift $(($# < 2 ? $# : 2))
rm -rf "$build"
mkdir -p "$build"
build=$(cd "$build" && pwd)
log="$build/compile-times.log"
# The launcher: runs the compiler (or linker) under /usr/bin/time and appends
# "user sys wall output" to the log.
cat > "$build/timed" << 'END'
#!/usr/bin/env bash
out=?
prev=
for a in "$@"; do
  if [ "$prev" = "-o" ]; then out=$a; fi
  prev=$a
done
exec /usr/bin/time -a -o "$MLCP_TIMES_LOG" -f "%U %S %e $out" "$@"
END
chmod +x "$build/timed"
unset CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER
export CCACHE_DISABLE=1 MLCP_TIMES_LOG="$log"
cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER_LAUNCHER="$build/timed" \
  -DCMAKE_C_COMPILER_LAUNCHER="$build/timed" -DCMAKE_CXX_LINKER_LAUNCHER="$build/timed" "$@" \
  > /dev/null
/usr/bin/time -f "%U s user, %S s sys, %e s wall" cmake --build "$build" -j2 --target "$target" \
  > "$build/build.log"
# A target's objects are under <dir>/CMakeFiles/<target>.dir/; links are named by their output.
awk '{ cpu = $1 + $2; n = split($4, parts, "/CMakeFiles/");
       t = n > 1 ? parts[2] : "(link) " $4; sub(/\.dir\/.*/, "", t);
       total += cpu; count[t]++; sum[t] += cpu }
     END { for (t in sum) printf "%8.1f s %4d  %s\n", sum[t], count[t], t;
           printf "%8.1f s %4d  total\n", total, NR }' "$log" | sort -n
echo "heaviest:"
awk '{ printf "%8.1f s  %s\n", $1 + $2, $4 }' "$log" | sort -rn | head -15
