#pragma once

#include <mlcp/core/operator.hpp>

#include <Eigen/Core>

#include <optional>
#include <string>

namespace mlcp {

/// One boxed linear complementarity problem with friction index, owning its data, in the
/// convention of ODE's dSolveLCP [Smith ODE] and of the BLCP files (docs/conventions.md,
/// docs/file-formats.md):
///
///   find x, w = A x - b  with, for every row i and effective bounds l_i <= u_i,
///     l_i <= x_i <= u_i,  x_i = l_i => w_i >= 0,  x_i = u_i => w_i <= 0,  l_i < x_i < u_i => w_i =
///     0.
///
/// Effective bounds: l_i = lo_i, u_i = hi_i when findex_i < 0; when findex_i = k >= 0 (a friction
/// row coupled to the normal row k), u_i = |hi_i * x_k| and l_i = -u_i (hi_i holds mu).
/// The first nub rows are unbounded (lo = -inf, hi = +inf, findex = -1).
///
/// This is the exchange type of the file readers, the generators and the tools; solvers copy
/// what they need from it (MixedLCP::setProblem) and never keep a reference. A is held in the
/// form its producer has (mlcp::Operator: dense, sparse, or the factors J, M^-1, cfm).
struct Problem {
  std::string name;        ///< free text (file's `name` line, generator recipe)
  Operator A;              ///< (n x n) usually J M^-1 J^T + CFM, symmetric PSD (unit: m/(N s^2))
  Eigen::VectorXd b;       ///< (n) right side (unit: m/s^2 in ODE's force form)
  Eigen::VectorXd lo;      ///< (n) lower bounds, may be -inf (unit: N)
  Eigen::VectorXd hi;      ///< (n) upper bounds, may be +inf; mu on friction rows
  Eigen::VectorXi findex;  ///< (n) -1, or the normal row a friction row is coupled to
  int nub = 0;             ///< number of leading unbounded rows
  std::optional<Eigen::VectorXd> x;  ///< (n) optional reference or warm-start solution

  /// Number of rows n.
  int size() const { return static_cast<int>(b.size()); }
  /// Number of friction rows (findex >= 0).
  int frictionRows() const { return static_cast<int>((findex.array() >= 0).count()); }
};

}  // namespace mlcp
