#!/usr/bin/env bash
# Side views (x right, z up) of the scene catalogue's start poses for docs/scenes.md: each scene's
# bodies and static shapes from `mlcp capture --scene NAME --bodies FILE` (the libdynamics
# description every engine builds), drawn by gnuplot (gnuplot-nox) into docs/figures/scene_*.png.
# Boxes are drawn as their x-z outline (the scenes rotate bodies about y only), spheres as
# circles, bodies without a shape (pendulum links, the spring's mass) as dots, planes as lines.
#
#   docs/scenes.sh                 (every scene, default parameters; pile with count=100)
#   MLCP=path/to/mlcp docs/scenes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MLCP=${MLCP:-build/apps/mlcp/mlcp}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

scenes="pendulum-chain box-stack box-pyramid mass-ratio slope sphere-drop pushed-box spinning-box
        spring pile columns ground-chain"
for scene in $scenes; do
  params=()
  [ "$scene" = pile ] && params=(--param count=100)
  "$MLCP" capture --scene "$scene" "${params[@]}" --bodies "$tmp/$scene.csv"
  # CSV: kind,name,shape,a,b,c,d,mass,px,py,pz,qw,qx,qy,qz (docs/scenes.md, "Start poses").
  awk -F, -v out="docs/figures/scene_$scene.png" -v title="$scene" '
    NR == 1 { next }
    function grow(x, z) {
      if (n++ == 0) { x0 = x1 = x; z0 = z1 = z }
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (z < z0) z0 = z; if (z > z1) z1 = z
    }
    $3 == "box" {
      t = 2 * atan2($14, $12); c = cos(t); s = sin(t); hx = $4 / 2; hz = $6 / 2
      line = sprintf("set object %d polygon from", ++k)
      for (i = 0; i < 5; i++) {
        u = (i == 1 || i == 2) ? hx : -hx; w = (i >= 2 && i <= 3) ? hz : -hz
        x = $9 + c * u + s * w; z = $11 - s * u + c * w; grow(x, z)
        line = line sprintf("%s %g,%g", i ? " to" : "", x, z)
      }
      objects[k] = line (($1 == "static") ? " fs solid 0.3 fc rgb \"gray\"" \
                                            : " fs solid 0.25 fc rgb \"#4477aa\" lw 1")
      next
    }
    $3 == "sphere" {
      objects[++k] = sprintf("set object %d circle at %g,%g size %g fs solid 0.25 fc rgb \"#4477aa\"",
                             k, $9, $11, $4)
      grow($9 - $4, $11 - $4); grow($9 + $4, $11 + $4); next
    }
    $3 == "none" { dots[++m] = sprintf("%g %g", $9, $11); grow($9, $11); next }
    $3 == "plane" { planes[++p] = $4 " " $6 " " $7 }
    END {
      if (n == 0) { x0 = -1; x1 = 1; z0 = -1; z1 = 1 }
      pad = 0.15 * ((x1 - x0 > z1 - z0 ? x1 - x0 : z1 - z0) + 1)
      x0 -= pad; x1 += pad; z0 -= pad; z1 += pad
      for (i = 1; i <= p; i++) {   # n . (x, z) = d in the x-z plane (walls along y not seen)
        split(planes[i], q, " ")
        if (q[2] * q[2] > 1e-12) {
          objects[++k] = sprintf("set arrow %d from %g,%g to %g,%g nohead lw 2 lc rgb \"gray30\"", k,
                                 x0, (q[3] - q[1] * x0) / q[2], x1, (q[3] - q[1] * x1) / q[2])
          if (z0 > -pad) z0 = -pad
        } else if (q[1] * q[1] > 1e-12) {
          objects[++k] = sprintf("set arrow %d from %g,%g to %g,%g nohead lw 2 lc rgb \"gray30\"", k,
                                 q[3] / q[1], z0, q[3] / q[1], z1)
        }
      }
      print "set terminal pngcairo size 420,320 font \",9\""
      print "set output \"" out "\""
      print "set title \"" title "\""
      print "set size ratio -1"
      print "set xlabel \"x (m)\"; set ylabel \"z (m)\"; unset key; set grid"
      printf "set xrange [%g:%g]; set yrange [%g:%g]\n", x0, x1, z0, z1
      for (i = 1; i <= k; i++) print objects[i]
      print "$dots << EOD"
      for (i = 1; i <= m; i++) print dots[i]
      print "EOD"
      print (m ? "plot $dots with points pt 7 ps 0.8 lc rgb \"#4477aa\"" : "plot NaN")
    }' "$tmp/$scene.csv" > "$tmp/$scene.gp"
  gnuplot "$tmp/$scene.gp"
  echo "docs/figures/scene_$scene.png: $(stat -c %s "docs/figures/scene_$scene.png") bytes"
done
