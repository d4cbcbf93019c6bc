#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <memory>
#include <string>
#include <string_view>

namespace mlcp::adapters {

/// VEROSIM's mixed-LCP wrapper interface ([VEROSIM MixedLCP]: the abstract VSLibRBDynMathMixedLCP
/// and its ODE-backed RBDLcpDantzig) over any MixedLCP, so code written against that interface
/// ports by changing an include and the type name. The call order of that interface:
///
///     mlcp::adapters::VerosimMixedLcp lcp("dantzig");     // any registered solver name
///     lcp.setValuesInMatrix(A);                   // A = J M^-1 J^T (n x n)
///     lcp.setValuesInRightSide(rhs);              // ODE's b (VEROSIM passes -J v*)
///     lcp.setLowVector(lambdaLow);
///     lcp.setHighVector(lambdaHigh);              // friction rows: mu
///     lcp.setFrictionIndex(frictionNormalIndices);
///     lcp.setNumberFrictionConstraints(numberFrictionConstraints);
///     lcp.setAddFriction(addFriction);
///     if (lcp.solve()) { lambda = lcp.getLambda(); w = lcp.ref_w(); }
///
/// Used terms (ODE's convention, mlcp::Problem): w = A lambda - b; l <= lambda <= u with
/// complementarity; friction rows (findex >= 0) have u = |hi lambda_findex|, l = -u.
/// The leading rows with lo = -inf, hi = +inf and findex = -1 are passed as nub (VEROSIM's
/// interface has no setter for it).
///
/// Two setters of that interface are not documented there, so they are read as follows and checked,
/// never ignored silently:
///  - setNumberFrictionConstraints(k): k must equal either the number of friction rows
///    (findex >= 0) or the number of contacts with friction (distinct normal rows they point at);
///    anything else makes solve() return false with the counts in message().
///  - setAddFriction(v): "additional friction parameters of the old ODE interface"; the MixedLCP
///    problem has no such term, so v must be empty or all zeros; non-zero entries make solve()
///    return false naming the first one.
class VerosimMixedLcp {
 public:
  /// Solves with `solver`. @throws std::invalid_argument when it is null.
  explicit VerosimMixedLcp(std::unique_ptr<MixedLCP> solver);
  /// Solves with mlcp::makeSolver(solverName). @throws std::invalid_argument for an unknown name.
  explicit VerosimMixedLcp(std::string_view solverName = "dantzig");

  /// A (n x n), usually J M^-1 J^T + CFM (unit: m/(N s^2) in the force form).
  void setValuesInMatrix(const Eigen::MatrixXd& values);
  /// b (n): w = A lambda - b (VEROSIM passes minus the velocity it wants cancelled).
  void setValuesInRightSide(const Eigen::VectorXd& values);
  /// lo (n); -inf allowed; ignored on friction rows.
  void setLowVector(const Eigen::VectorXd& values);
  /// hi (n); +inf allowed; mu on friction rows.
  void setHighVector(const Eigen::VectorXd& values);
  /// findex (n): -1, or the normal row of a friction row.
  void setFrictionIndex(const Eigen::VectorXi& values);
  /// Number of friction constraints (see the class comment for the accepted readings).
  void setNumberFrictionConstraints(int count);
  /// Additional friction (n or empty); must be all zeros (see the class comment).
  void setAddFriction(const Eigen::VectorXd& values);

  /// Solves; true when the solver converged (Status::Converged). Never throws for bad data:
  /// false, with the reason in message().
  bool solve();
  /// lambda (n), the solution (unit: N s in the impulse form).
  const Eigen::VectorXd& getLambda() const;
  /// w = A lambda - b (n).
  const Eigen::VectorXd& ref_w() const;
  /// True when the last solve returned a lambda within its bounds whose relative spec residual
  /// is <= tolerance (complementarity and bounds: MixedLCP::validSolution).
  bool validSolution(double tolerance = 1e-6) const;

  /// Why the last solve() returned what it did.
  const std::string& message() const { return m_message; }
  /// The solver this adapter runs (its report() holds the last solve's status and message).
  MixedLCP& solver() { return *m_solver; }
  /// The solver this adapter runs, read-only.
  const MixedLCP& solver() const { return *m_solver; }

 private:
  bool checkFrictionCount(std::string& why) const;
  bool checkAddFriction(std::string& why) const;

  std::unique_ptr<MixedLCP> m_solver;
  Eigen::MatrixXd m_A;
  Eigen::VectorXd m_b, m_lo, m_hi, m_addFriction;
  Eigen::VectorXi m_findex;
  int m_frictionConstraints = -1;
  bool m_solved = false;
  std::string m_message = "solve() was not called";
};

}  // namespace mlcp::adapters
