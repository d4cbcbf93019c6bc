#include <mlcp/adapters/common/peer_verdict.hpp>
#include <mlcp/core/residual.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp::adapters {

double setPeerStatus(const ProblemView& problem,
                     Eigen::VectorXd& x,
                     Eigen::VectorXd& w,
                     const SolverOptions& options,
                     const PeerVerdict& verdict,
                     SolveReport& report) {
  const bool nonFinite = !x.allFinite();
  if (nonFinite) {
    Eigen::Index row = 0;
    while (std::isfinite(x[row])) ++row;
    report.status = Status::NumericalFailure;
    report.message =
        fmt::format("{} returned NaN or Inf in x (x[{}] = {}{}); x was reset to zero", verdict.peer,
                    row, x[row], verdict.peerSucceeded ? ", while reporting success" : "");
    x.setZero();
  }
  problem.multiplyA(x, w);
  w -= problem.b;
  const Residuals r = computeResiduals(x, w, problem.b, problem.lo, problem.hi, problem.findex,
                                       problem.rowScalesA());
  const std::string_view separator = verdict.caveat.empty() ? "" : "; ";
  if (nonFinite) {
    // the peer's NaN or Inf, reported above
  } else if (!verdict.peerSucceeded) {
    report.status = verdict.failureStatus;
    report.message = fmt::format("{} reported failure: {}", verdict.peer, verdict.failureReason);
  } else if (options.accepts(r.absolute, r.relative, r.scaled)) {
    report.status = Status::Converged;
    report.message = fmt::format("solved by {}", verdict.peer);
  } else if (verdict.iterative) {
    report.status = Status::MaxIterations;
    report.message =
        fmt::format("{} stopped with scaled residual {:.3g} > {:.3g}{}{}", verdict.peer, r.scaled,
                    options.relativeTolerance, separator, verdict.caveat);
  } else {
    report.status = Status::Inaccurate;
    report.message =
        fmt::format("{} terminated with scaled residual {:.3g} > {:.3g}{}{}", verdict.peer,
                    r.scaled, options.relativeTolerance, separator, verdict.caveat);
  }
  return r.scaled;
}

}  // namespace mlcp::adapters
