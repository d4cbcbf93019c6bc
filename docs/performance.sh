#!/usr/bin/env bash
# Regenerates the figures and tables of docs/performance.md: runs the five benchmark programs
# (our solvers against the peers' in one process, the matrix-free scaling, the iterative
# families against PGS on heavy-on-light problems, every family's iterations and time to 1e-6 on
# the captured, heavy-on-light and pile problems, the whole step against ODE) and draws the plots
# with gnuplot (gnuplot-nox).
#
#   docs/performance.sh [BUILD_DIR]        (default build; Release build with the adapters)
#   QUICK=1 docs/performance.sh            (n up to 600, shorter time budgets)
#   PILE_STEPS=300 docs/performance.sh     (steps of the 1000-sphere pile in stepping.md; 60)
#
# Writes docs/performance/{peers,scaling,sparse_dantzig,mass_ratio,families,exact_scaling,
# stepping,whole_step}.md
# (markdown tables), the series docs/performance/*.dat and docs/figures/performance_*.png, and
# copies the tables into
# docs/performance.md (docs/performance_tables.py); the prose around them is written by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
OUT=docs/performance
FIGURES=docs/figures
mkdir -p "$OUT" "$FIGURES"
quick=()
if [ -n "${QUICK:-}" ]; then quick=(--quick); fi

"$BUILD/apps/bench/mlcp_bench_peers" "${quick[@]}" --data "$OUT" > "$OUT/peers.md"
"$BUILD/apps/bench/mlcp_bench_scaling" "${quick[@]}" --data "$OUT/scaling.dat" > "$OUT/scaling.md"
"$BUILD/apps/bench/mlcp_bench_sparse_dantzig" "${quick[@]}" > "$OUT/sparse_dantzig.md"
"$BUILD/apps/bench/mlcp_bench_mass_ratio" > "$OUT/mass_ratio.md"
"$BUILD/apps/bench/mlcp_bench_families" "${quick[@]}" > "$OUT/families.md"
"$BUILD/apps/bench/mlcp_bench_exact_scaling" "${quick[@]}" --data "$OUT/exact_scaling.dat" \
  > "$OUT/exact_scaling.md"
"$BUILD/apps/bench/mlcp_bench_stepping" --pile-steps "${PILE_STEPS:-60}" > "$OUT/stepping.md"
if [ -x "$BUILD/apps/bench/mlcp_bench_whole_step" ]; then
  "$BUILD/apps/bench/mlcp_bench_whole_step" > "$OUT/whole_step.md"
fi

# The data column of NAME in FILE, whose first line is "# n NAME1 NAME2 ..." (column 1 is n).
column_of() {
  local index
  index=$(awk -v name="$2" 'NR == 1 { for (i = 3; i <= NF; ++i) if ($i == name) print i - 1; exit }' "$1")
  [ -n "$index" ] || { echo "performance.sh: no column '$2' in $1" >&2; exit 1; }
  echo "$index"
}
pivoting_dantzig=$(column_of "$OUT/pivoting_random.dat" dantzig)
pivoting_ode=$(column_of "$OUT/pivoting_random.dat" dantzig_ODE_mode)
pivoting_bullet=$(column_of "$OUT/pivoting_random.dat" bullet-dantzig)
pivoting_dart=$(column_of "$OUT/pivoting_random.dat" dart-dantzig)
lcp_siconos=$(column_of "$OUT/pivoting_lcp.dat" siconos-lemke)
sweep_pgs=$(column_of "$OUT/iterative_random.dat" pgs)
sweep_apgd=$(column_of "$OUT/iterative_random.dat" apgd)
sweep_bullet=$(column_of "$OUT/iterative_random.dat" bullet-pgs)
sweep_dart=$(column_of "$OUT/iterative_random.dat" dart-pgs)

gnuplot <<GNUPLOT
set terminal pngcairo size 1000,700 font ",11"
set grid
set key top left

# Time of one solve against n, pivoting methods, log axes.
set output '$FIGURES/performance_pivoting.png'
set logscale xy
set xlabel 'n (rows)'
set ylabel 'median CPU time of one solve (ms)'
set title 'Pivoting methods on the ODE-style random problems (mixed: nub, boxes, friction)'
plot '$OUT/pivoting_random.dat' using 1:$pivoting_dantzig with linespoints lw 2 title 'dantzig', \
     '' using 1:$pivoting_ode with linespoints lw 2 title 'dantzig ODE mode', \
     '' using 1:$pivoting_bullet with linespoints lw 2 dt 2 title 'bullet-dantzig', \
     '' using 1:$pivoting_dart with linespoints lw 2 dt 2 title 'dart-dantzig', \
     '$OUT/pivoting_lcp.dat' using 1:$lcp_siconos with linespoints lw 2 dt 3 title 'siconos-lemke (pure LCP set)'

# Time per sweep against n, iterative methods, log axes.
set output '$FIGURES/performance_sweeps.png'
set ylabel 'median CPU time per sweep / iteration (us)'
set title 'Iterative methods on the ODE-style random problems (dense A)'
plot '$OUT/iterative_random.dat' using 1:$sweep_pgs with linespoints lw 2 title 'pgs', \
     '' using 1:$sweep_apgd with linespoints lw 2 title 'apgd', \
     '' using 1:$sweep_bullet with linespoints lw 2 dt 2 title 'bullet-pgs', \
     '' using 1:$sweep_dart with linespoints lw 2 dt 2 title 'dart-pgs'

# Matrix-free scaling: time per row and sweep against rows.
set output '$FIGURES/performance_scaling.png'
set logscale x
unset logscale y
set yrange [0:*]
set xlabel 'rows'
set ylabel 'CPU time per row and sweep (ns)'
set title 'Matrix-free PGS and APGD on box stacks: cost per row (flat = linear in n)'
plot '$OUT/scaling.dat' using 1:2 with linespoints lw 2 title 'pgs-matrix-free', \
     '' using 1:3 with linespoints lw 2 title 'apgd-matrix-free'
set autoscale y

# Exact-solve time against rows (goal: fitted exponent <= 1.2), exact solves only, with each
# solver's least-squares fit over 1000 rows and more (dashed; its exponent in the key).
set output '$FIGURES/performance_exact_scaling.png'
set logscale xy
set xlabel 'rows'
set ylabel 'CPU time of one exact solve (s)'
set multiplot layout 1,2
solvers = "bpp islands:bpp polish islands:polish auto islands:auto newton pgs"
rows(family, solver, test) = sprintf("< awk '\$1 == \"%s\" && \$2 == \"%s\" && %s' $OUT/exact_scaling.dat", family, solver, test)
exponent(family, solver) = system(sprintf("awk '\$2 == \"fit\" && \$3 == \"%s\" && \$4 == \"%s\" { print \$5 }' $OUT/exact_scaling.dat", family, solver))
label(family, solver) = strlen(exponent(family, solver)) > 0 ? sprintf('%s (p = %s)', solver, exponent(family, solver)) : solver
do for [family in "stacks pile"] {
  set title sprintf('%s (relative and scaled residual <= 1e-8)', family)
  plot for [i=1:words(solvers)] rows(family, word(solvers, i), '\$5 == 1') using 3:4 \
       with linespoints lw 2 lc i title label(family, word(solvers, i)), \
       for [i=1:words(solvers)] rows(family, word(solvers, i), '\$6 ~ /^[0-9]/') using 3:6 \
       with lines lw 1 dt 2 lc i notitle
}
unset multiplot

# Residual against iterations.
set output '$FIGURES/performance_residual.png'
set logscale xy
set xlabel 'sweep / iteration'
set ylabel 'relative residual (spec natural map)'
set format y '%.0e'
set key top right
set multiplot layout 1,2
set title 'random n = 200'
plot '$OUT/history_random200.dat' using 1:2 with lines lw 2 title 'pgs', \
     '' using 1:3 with lines lw 2 title 'apgd', \
     '$OUT/history_random200_peers.dat' using 1:2 with linespoints lw 2 dt 2 title 'bullet-pgs', \
     '' using 1:3 with linespoints lw 2 dt 2 title 'dart-pgs'
set title 'box stacks n = 600'
plot '$OUT/history_boxstacks600.dat' using 1:2 with lines lw 2 title 'pgs', \
     '' using 1:3 with lines lw 2 title 'apgd', \
     '' using 1:4 with lines lw 2 dt 4 title 'pgs-matrix-free', \
     '' using 1:5 with lines lw 2 dt 4 title 'apgd-matrix-free', \
     '$OUT/history_boxstacks600_peers.dat' using 1:2 with linespoints lw 2 dt 2 title 'bullet-pgs', \
     '' using 1:3 with linespoints lw 2 dt 2 title 'dart-pgs'
unset multiplot

# newton on the captured set: scaled residual after each step (interior-point steps, then the
# semismooth Newton steps of the crossover that met the tolerance; crossovers given up are not
# drawn): the last drop is the quadratic, in fact finite, end of Newton's method on a piecewise
# linear equation.
set output '$FIGURES/performance_newton.png'
set termoption noenhanced
unset logscale x
set logscale y
set xlabel 'step (interior-point, then Newton)'
set ylabel 'scaled residual (spec)'
set yrange [1e-17:10]
set format y '%.0e'
set key outside right font ",9"
set title 'newton on the captured problems (cold start, tolerance 1e-10)'
blocks = system("grep -c '^step' $OUT/history_newton_captured.dat") + 0
plot for [i=0:blocks-1] '$OUT/history_newton_captured.dat' index i using 1:2 \
     with linespoints lw 1.5 pt 7 ps 0.6 title columnheader(2)
GNUPLOT
python3 docs/performance_tables.py  # the tables into docs/performance.md
echo "wrote $OUT/*.md, $OUT/*.dat, $FIGURES/performance_*.png and the tables of docs/performance.md"
