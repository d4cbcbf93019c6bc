#!/usr/bin/env bash
# The figure of docs/physics-validation.md: the same scene descriptions stepped by every engine
# this mlcp was built with (`mlcp simulate --engine ...`), trajectories side by side, drawn by
# gnuplot (gnuplot-nox). Engines that are not available are left out (and named).
#
#   docs/physics-validation.sh [OUTPUT.png]    (default docs/figures/physics_validation.png)
#   MLCP=path/to/mlcp docs/physics-validation.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MLCP=${MLCP:-build/apps/mlcp/mlcp}
OUT=${1:-docs/figures/physics_validation.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME ENGINE SOLVER SCENE STEPS [--param k=v ...]: NAME.csv in $tmp, or nothing when the
# engine is not available here.
run() {
  local name=$1 engine=$2 solver=$3 scene=$4 steps=$5
  shift 5
  if "$MLCP" simulate --engine "$engine" --solver "$solver" --scene "$scene" --steps "$steps" \
      "$@" --csv "$tmp/$name.csv" > "$tmp/$name.txt" 2> "$tmp/$name.err"; then
    echo "$name: $(grep -E '^(engine|solver) ' "$tmp/$name.txt")"
  else
    echo "$name: left out ($(head -1 "$tmp/$name.err"))"
  fi
}

curves=("libdynamics dantzig" "ode dantzig" "ode quickstep" "bullet dantzig" "dart dantzig")
for curve in "${curves[@]}"; do
  read -r engine solver <<< "$curve"
  run "drop-$engine-$solver" "$engine" "$solver" sphere-drop 90 --param height=1
  run "slope-$engine-$solver" "$engine" "$solver" slope 60 --param angle=35
done

# plot FILE-PREFIX COLUMN-EXPRESSION: one line per engine whose CSV exists.
plots() {
  local prefix=$1 column=$2 list=""
  for curve in "${curves[@]}"; do
    read -r engine solver <<< "$curve"
    local file="$tmp/$prefix-$engine-$solver.csv"
    [[ -s $file ]] || continue
    list+="${list:+, }'$file' skip 1 using 2:($column) with lines lw 1.5 title '$engine $solver'"
  done
  echo "$list"
}

# CSV columns: 2 time, 4 px, 6 pz. The slope's box starts at 0.5 n, n = (sin 35, 0, cos 35);
# its downhill direction is (cos 35, 0, -sin 35).
gnuplot <<GNUPLOT
th = 35 * pi / 180
downhill(x, z) = (x - 0.5 * sin(th)) * cos(th) - (z - 0.5 * cos(th)) * sin(th)
set terminal pngcairo size 800,620 font ",9"
set output '$OUT'
set datafile separator ','
set xlabel 'time (s)'
set key top right
set grid
set multiplot layout 2,1
set title 'sphere-drop height=1: centre height (radius 0.5 m; lands at sqrt(2 h / g) = 0.4515 s)'
set ylabel 'z (m)'
plot $(plots drop 'column(6)')
set title 'slope angle=35 mu=0.5: distance slid downhill (closed form g (sin - mu cos) t^2 / 2)'
set ylabel 'distance (m)'
set key top left
plot $(plots slope 'downhill(column(4), column(6))'), \
     0.5 * 9.81 * (sin(th) - 0.5 * cos(th)) * x**2 with lines dt 2 lc 'black' title 'closed form'
unset multiplot
GNUPLOT
echo "wrote $OUT ($(stat -c %s "$OUT") bytes)"
