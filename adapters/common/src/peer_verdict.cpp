#include <mlcp/adapters/common/peer_verdict.hpp>
#include <mlcp/residual.hpp>

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
  w.noalias() = problem.A * x;
  w -= problem.b;
  const double bNorm = problem.size() > 0 ? problem.b.cwiseAbs().maxCoeff() : 0.0;
  const Residuals r = computeResiduals(x, w, problem.lo, problem.hi, problem.findex, bNorm);
  const std::string_view separator = verdict.caveat.empty() ? "" : "; ";
  if (nonFinite) {
    // the peer's NaN or Inf, reported above
  } else if (!verdict.peerSucceeded) {
    report.status = verdict.failureStatus;
    report.message = fmt::format("{} reported failure: {}", verdict.peer, verdict.failureReason);
  } else if (r.relative <= options.relativeTolerance ||
             (options.absoluteTolerance > 0.0 && r.absolute <= options.absoluteTolerance)) {
    report.status = Status::Converged;
    report.message = fmt::format("solved by {}", verdict.peer);
  } else if (verdict.iterative) {
    report.status = Status::MaxIterations;
    report.message =
        fmt::format("{} stopped with relative residual {:.3g} > {:.3g}{}{}", verdict.peer,
                    r.relative, options.relativeTolerance, separator, verdict.caveat);
  } else {
    report.status = Status::Inaccurate;
    report.message =
        fmt::format("{} terminated with relative residual {:.3g} > {:.3g}{}{}", verdict.peer,
                    r.relative, options.relativeTolerance, separator, verdict.caveat);
  }
  return r.relative;
}

}  // namespace mlcp::adapters
