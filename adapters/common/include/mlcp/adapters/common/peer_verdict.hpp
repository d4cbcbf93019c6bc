#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <string_view>

namespace mlcp::adapters {

/// What a wrapped peer solver (Bullet's, DART's, Siconos') said about its run, and how to word
/// our status from it; see setPeerStatus().
struct PeerVerdict {
  /// Peer's name as shown in messages ("btDantzigSolver").
  std::string_view peer;
  /// The peer's own success flag (Bullet's and DART's bool, Siconos' info == 0).
  bool peerSucceeded = true;
  /// Iterative peer (a stop above the tolerance is MaxIterations, not Inaccurate).
  bool iterative = false;
  /// Status when the peer reports failure (SingularPivot for ODE-style Dantzig, ...).
  Status failureStatus = Status::SingularPivot;
  /// Why the peer fails, appended to the failure message.
  std::string_view failureReason;
  /// A known limitation appended when the result misses the tolerance (e.g. "friction bounds are
  /// fixed once from the friction-free normal forces").
  std::string_view caveat;
};

/// Computes the scaled spec residual of the peer's answer x (w (n) is scratch, sized by the
/// caller) and sets report.status and report.message:
///  - NaN or Inf in the peer's x (whatever the peer's own flag said; DART's Dantzig and PGS return
///    NaN on a singular bilateral block): NumericalFailure, "<peer> returned NaN or Inf in x
///    (x[i] = ...)", and x is reset to zero, so the caller always holds a finite x;
///  - peer failure: verdict.failureStatus, "<peer> reported failure: <reason>";
///  - options.accepts() the residuals (scaled <= relativeTolerance, or the absolute test):
///    Converged;
///  - otherwise MaxIterations (iterative peers) or Inaccurate, with the residual and the caveat.
/// Returns the scaled residual. Allocates only for the message.
double setPeerStatus(const ProblemView& problem,
                     Eigen::VectorXd& x,
                     Eigen::VectorXd& w,
                     const SolverOptions& options,
                     const PeerVerdict& verdict,
                     SolveReport& report);

}  // namespace mlcp::adapters
