// mlcpSolveLCP(): ODE's classic dSolveLCP() interface over mlcp::MixedLCP (see
// mlcp/adapters/ode/ode_lcp.h).

#include <mlcp/adapters/common/padded_stride.hpp>
#include <mlcp/adapters/ode/ode_lcp.h>
#include <mlcp/core/residual.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <Eigen/Core>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <limits>
#include <memory>
#include <string>

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Everything one thread needs between calls: no state is shared between threads.
struct ThreadState {
  std::string selected = "dantzig";
  std::string heldName;
  std::unique_ptr<mlcp::MixedLCP> solver;
  Eigen::MatrixXd A;
  Eigen::VectorXd b, lo, hi;
  Eigen::VectorXi findex;
  std::string message;
  MlcpLcpReport report{};
};

ThreadState& threadState() {
  thread_local ThreadState state;
  return state;
}

int toCStatus(mlcp::Status status) {
  switch (status) {
    case mlcp::Status::Converged:
      return MlcpLcpConverged;
    case mlcp::Status::MaxIterations:
      return MlcpLcpMaxIterations;
    case mlcp::Status::TimeLimit:
      return MlcpLcpTimeLimit;
    case mlcp::Status::SingularPivot:
      return MlcpLcpSingularPivot;
    case mlcp::Status::Unbounded:
      return MlcpLcpUnbounded;
    case mlcp::Status::Inaccurate:
      return MlcpLcpInaccurate;
    case mlcp::Status::NumericalFailure:
      return MlcpLcpNumericalFailure;
    case mlcp::Status::InvalidProblem:
      return MlcpLcpInvalidProblem;
    case mlcp::Status::Unsupported:
      return MlcpLcpUnsupported;
    case mlcp::Status::NotSolved:
      break;
  }
  return MlcpLcpInternalError;
}

bool isRegistered(const std::string& name) {
  const std::vector<std::string> names = mlcp::solverNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Records a result that did not come from a solve: x = 0, w = A 0 - b = -b.
int fail(
    ThreadState& s, int status, std::string message, int n, double* x, const double* b, double* w) {
  s.message = std::move(message);
  s.report = MlcpLcpReport{};
  s.report.status = status;
  s.report.absoluteResidual = s.report.relativeResidual = kNaN;
  s.report.solver = s.heldName.c_str();
  s.report.message = s.message.c_str();
  for (int i = 0; x != nullptr && i < n; ++i) x[i] = 0.0;
  for (int i = 0; w != nullptr && b != nullptr && i < n; ++i) w[i] = -b[i];
  return status;
}

int solve(const char* name,
          int n,
          const double* A,
          double* x,
          const double* b,
          double* w,
          int nub,
          const double* lo,
          const double* hi,
          const int* findex) {
  ThreadState& s = threadState();
  const std::string wanted = name != nullptr ? std::string(name) : s.selected;
  if (n < 0) return fail(s, MlcpLcpInvalidProblem, fmt::format("n = {} < 0", n), 0, x, b, w);
  if (n > 0 && (A == nullptr || x == nullptr || b == nullptr || lo == nullptr || hi == nullptr))
    return fail(s, MlcpLcpInvalidProblem,
                fmt::format("a required array is NULL (A {}, x {}, b {}, lo {}, hi {}); only w and "
                            "findex may be NULL",
                            A != nullptr ? "set" : "NULL", x != nullptr ? "set" : "NULL",
                            b != nullptr ? "set" : "NULL", lo != nullptr ? "set" : "NULL",
                            hi != nullptr ? "set" : "NULL"),
                n, x, b, w);
  if (wanted != s.heldName || !s.solver) {
    if (!isRegistered(wanted))
      return fail(s, MlcpLcpUnknownSolver,
                  fmt::format("unknown solver '{}'; known solvers: {}", wanted,
                              fmt::join(mlcp::solverNames(), ", ")),
                  n, x, b, w);
    s.solver = mlcp::makeSolver(wanted);
    s.heldName = wanted;
  }

  // ODE's layout: lower triangle, padded stride; the first nub rows unbounded whatever lo/hi say.
  const int nSkip = mlcp::adapters::odePaddedStride(n);
  if (s.A.rows() != n) {
    s.A.resize(n, n);
    s.b.resize(n);
    s.lo.resize(n);
    s.hi.resize(n);
    s.findex.resize(n);
  }
  for (int i = 0; i < n; ++i) {
    const double* row = A + static_cast<std::ptrdiff_t>(i) * nSkip;
    for (int j = 0; j <= i; ++j) s.A(i, j) = s.A(j, i) = row[j];
    s.b[i] = b[i];
    const bool unbounded = i < nub;
    s.lo[i] = unbounded ? -kInf : lo[i];
    s.hi[i] = unbounded ? kInf : hi[i];
    s.findex[i] = findex != nullptr ? findex[i] : -1;
  }

  mlcp::MixedLCP& solver = *s.solver;
  solver.setMatrix(s.A);
  solver.setRightSide(s.b);
  solver.setLow(s.lo);
  solver.setHigh(s.hi);
  solver.setFrictionIndex(s.findex);
  solver.setNumberUnbounded(nub);
  solver.clearInitialGuess();  // ODE: x is an output only
  const mlcp::SolveReport& r = solver.solve();

  const int status = toCStatus(r.status);
  const Eigen::VectorXd& lambda = solver.getLambda();
  const Eigen::VectorXd& residual = solver.ref_w();
  for (int i = 0; i < n; ++i) x[i] = lambda[i];
  if (w != nullptr) {
    for (int i = 0; i < n; ++i) {
      double l = 0.0;
      double u = 0.0;
      mlcp::effectiveBounds(i, lambda, s.lo, s.hi, s.findex, l, u);
      const bool inside = l < lambda[i] && lambda[i] < u;
      w[i] = inside ? 0.0 : residual[i];
    }
  }
  s.message = r.message;
  s.report = MlcpLcpReport{};
  s.report.status = status;
  s.report.iterations = r.iterations;
  s.report.pivots = r.pivots;
  s.report.absoluteResidual = r.absoluteResidual;
  s.report.relativeResidual = r.relativeResidual;
  s.report.solveSeconds = r.solveSeconds;
  s.report.solver = s.heldName.c_str();
  s.report.message = s.message.c_str();
  return status;
}

// Runs f, turning any exception into MlcpLcpInternalError (nothing may cross into C).
template <typename F>
int guarded(int n, double* x, const double* b, double* w, F&& f) noexcept {
  try {
    return f();
  } catch (const std::exception& e) {
    try {
      return fail(threadState(), MlcpLcpInternalError, e.what(), n, x, b, w);
    } catch (...) {
    }
  } catch (...) {
  }
  for (int i = 0; x != nullptr && i < n; ++i) x[i] = 0.0;
  return MlcpLcpInternalError;
}

}  // namespace

extern "C" {

int mlcpSolveLCP(int n,
                 double* A,
                 double* x,
                 double* b,
                 double* w,
                 int nub,
                 double* lo,
                 double* hi,
                 int* findex) {
  return guarded(n, x, b, w, [&] { return solve(nullptr, n, A, x, b, w, nub, lo, hi, findex); });
}

int mlcpSolveLCPWith(const char* solver,
                     int n,
                     double* A,
                     double* x,
                     double* b,
                     double* w,
                     int nub,
                     double* lo,
                     double* hi,
                     int* findex) {
  return guarded(n, x, b, w, [&] { return solve(solver, n, A, x, b, w, nub, lo, hi, findex); });
}

int mlcpSelectLCPSolver(const char* solver) {
  return guarded(0, nullptr, nullptr, nullptr, [&] {
    ThreadState& s = threadState();
    const std::string wanted = solver != nullptr ? solver : "";
    if (!isRegistered(wanted))
      return fail(s, MlcpLcpUnknownSolver,
                  fmt::format("unknown solver '{}'; known solvers: {}", wanted,
                              fmt::join(mlcp::solverNames(), ", ")),
                  0, nullptr, nullptr, nullptr);
    s.selected = wanted;
    return static_cast<int>(MlcpLcpConverged);
  });
}

void mlcpLCPLastReport(MlcpLcpReport* report) {
  if (report != nullptr) *report = threadState().report;
}

const char* mlcpLCPStatusName(int status) {
  switch (status) {
    case MlcpLcpConverged:
      return "converged";
    case MlcpLcpMaxIterations:
      return "max-iterations";
    case MlcpLcpTimeLimit:
      return "time-limit";
    case MlcpLcpSingularPivot:
      return "singular-pivot";
    case MlcpLcpUnbounded:
      return "unbounded";
    case MlcpLcpInaccurate:
      return "inaccurate";
    case MlcpLcpNumericalFailure:
      return "numerical-failure";
    case MlcpLcpInvalidProblem:
      return "invalid-problem";
    case MlcpLcpUnknownSolver:
      return "unknown-solver";
    case MlcpLcpInternalError:
      return "internal-error";
    case MlcpLcpUnsupported:
      return "unsupported";
    default:
      return "unknown-status";
  }
}

int mlcpPaddedStride(int n) { return mlcp::adapters::odePaddedStride(n); }

}  // extern "C"
