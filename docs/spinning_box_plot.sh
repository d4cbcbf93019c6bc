#!/usr/bin/env bash
# the figure of [ODE gyroscopic 2013]: the body-frame angular velocity of the free spinning box (80 kg,
# 1 x 0.4 x 0.2 m, w0 = (1, 2, 3) rad/s, h = 1/60 s) under the three gyroscopic modes, from
# `mlcp simulate --scene spinning-box` trajectories, drawn by gnuplot (gnuplot-nox).
#
#   docs/spinning_box_plot.sh [OUTPUT.png]      (default docs/figures/spinning_box.png)
#   MLCP=path/to/mlcp STEPS=1800 docs/spinning_box_plot.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MLCP=${MLCP:-build/apps/mlcp/mlcp}
STEPS=${STEPS:-1800}
OUT=${1:-docs/figures/spinning_box.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for mode in none explicit implicit; do
  "$MLCP" simulate --scene spinning-box --param gyroscopic=$mode --steps "$STEPS" \
    --csv "$tmp/$mode.csv" > "$tmp/$mode.txt"
  echo "$mode: $(grep '^energy' "$tmp/$mode.txt")"
done

# CSV columns: 2 time, 17 18 19 the angular velocity in body axes (wbx, wby, wbz).
gnuplot <<GNUPLOT
set terminal pngcairo size 1100,1000 font ",11"
set output '$OUT'
set datafile separator ','
set xlabel 'time (s)'
set ylabel 'w in body axes (rad/s)'
set key outside right
set grid
set multiplot layout 3,1 title "Free box 80 kg, 1 x 0.4 x 0.2 m, w0 = (1, 2, 3) rad/s, h = 1/60 s ([ODE gyroscopic 2013])"
do for [mode in "none explicit implicit"] {
  set title sprintf("gyroscopic = %s", mode)
  file = sprintf("$tmp/%s.csv", mode)
  plot file skip 1 using 2:17 with lines lw 1.5 title 'w_x', \
       file skip 1 using 2:18 with lines lw 1.5 title 'w_y', \
       file skip 1 using 2:19 with lines lw 1.5 title 'w_z'
}
unset multiplot
GNUPLOT
echo "wrote $OUT"
