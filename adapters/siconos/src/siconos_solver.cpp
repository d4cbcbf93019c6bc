#include <mlcp/adapters/common/peer_output_capture.hpp>
#include <mlcp/adapters/common/peer_verdict.hpp>
#include <mlcp/adapters/siconos/siconos_solver.hpp>
#include <mlcp/core/option_check.hpp>

#include <fmt/format.h>
#include <siconos/numerics/LCP_Solvers.h>
#include <siconos/numerics/LinearComplementarityProblem.h>
#include <siconos/numerics/MLCP_Solvers.h>
#include <siconos/numerics/MixedLinearComplementarityProblem.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/lcp_cst.h>
#include <siconos/numerics/mlcp_cst.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

// Siconos' C struct SolverOptions is global; ours is mlcp::SolverOptions.
using NumericsOptions = ::SolverOptions;

namespace mlcp::adapters {

namespace {

bool isMlcp(SiconosMethod method) {
  return method == SiconosMethod::MlcpPgs || method == SiconosMethod::MlcpEnum ||
         method == SiconosMethod::MlcpLemke;
}

bool isEnumeration(SiconosMethod method) {
  return method == SiconosMethod::Enum || method == SiconosMethod::MlcpEnum;
}

int siconosId(SiconosMethod method) {
  switch (method) {
    case SiconosMethod::Lemke:
      return SICONOS_LCP_LEMKE;
    case SiconosMethod::Pgs:
      return SICONOS_LCP_PGS;
    case SiconosMethod::Enum:
      return SICONOS_LCP_ENUM;
    case SiconosMethod::MlcpPgs:
      return SICONOS_MLCP_PGS;
    case SiconosMethod::MlcpEnum:
      return SICONOS_MLCP_ENUM;
    case SiconosMethod::MlcpLemke:
      return SICONOS_MLCP_LCP_LEMKE;
  }
  return SICONOS_LCP_LEMKE;
}

// Siconos frees what it owns with its own functions; malloc'd arrays are handed over to it.
double* mallocCopy(const double* data, std::size_t count) {
  auto* out = static_cast<double*>(std::malloc(count * sizeof(double)));
  if (out == nullptr) throw std::bad_alloc();
  if (count > 0) std::memcpy(out, data, count * sizeof(double));
  return out;
}

struct OptionsDeleter {
  void operator()(NumericsOptions* o) const { solver_options_delete(o); }
};
struct LcpDeleter {
  void operator()(LinearComplementarityProblem* p) const { freeLinearComplementarityProblem(p); }
};
struct MlcpDeleter {
  void operator()(MixedLinearComplementarityProblem* p) const {
    mixedLinearComplementarity_free(p);
  }
};

}  // namespace

struct SiconosSolver::Workspace {
  Eigen::MatrixXd block;  // scratch for the column-major blocks A, B, C, D
  Eigen::VectorXd q, w, residualW;
};

bool SiconosOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("SiconosOptions", why);
  check.require(siconosTolerance > 0.0, "siconosTolerance", siconosTolerance,
                "siconosTolerance > 0");
  check.require(maxEnumerationSize >= 1 && maxEnumerationSize <= 30, "maxEnumerationSize",
                maxEnumerationSize, "1 <= maxEnumerationSize <= 30");
  return check.ok();
}

SiconosSolver::SiconosSolver(SiconosMethod method, const SiconosOptions& options)
    : SolverWithOptions(options), m_method(method), m_workspace(std::make_unique<Workspace>()) {}

SiconosSolver::~SiconosSolver() = default;

std::string_view SiconosSolver::name() const {
  switch (m_method) {
    case SiconosMethod::Lemke:
      return "siconos-lemke";
    case SiconosMethod::Pgs:
      return "siconos-pgs";
    case SiconosMethod::Enum:
      return "siconos-enum";
    case SiconosMethod::MlcpPgs:
      return "siconos-mlcp-pgs";
    case SiconosMethod::MlcpEnum:
      return "siconos-mlcp-enum";
    case SiconosMethod::MlcpLemke:
      return "siconos-mlcp-lemke";
  }
  return "siconos";
}

Capabilities SiconosSolver::capabilities() const {
  Capabilities c;
  c.usesInitialGuess = m_method == SiconosMethod::Pgs || m_method == SiconosMethod::MlcpPgs;
  c.iterative = c.usesInitialGuess;
  c.denseA = true;
  c.acceptsBoxes = false;
  c.acceptsFrictionRows = false;
  c.acceptsUnboundedRows = isMlcp(m_method);
  c.requiresUnboundedRows = isMlcp(m_method);
  return c;
}

void SiconosSolver::doSetup(int n) {
  m_workspace->q.resize(n);
  m_workspace->w.resize(n);
  m_workspace->residualW.resize(n);
}

bool SiconosSolver::refuse(const ProblemView& problem, SolveReport& report) const {
  const int n = problem.size();
  auto invalid = [&report](std::string message) {
    report.status = Status::Unsupported;
    report.message = std::move(message);
    return true;
  };
  if (!isMlcp(m_method) && problem.nub > 0)
    return invalid(
        fmt::format("{} solves pure LCPs; this problem has nub = {} unbounded rows "
                    "(use siconos-mlcp-lemke, siconos-mlcp-pgs or siconos-mlcp-enum)",
                    name(), problem.nub));
  if (isMlcp(m_method) && (problem.nub == 0 || problem.nub == n))
    return invalid(
        fmt::format("{} needs both equality (nub) and complementarity rows; this "
                    "problem has nub = {} of n = {} (use siconos-lemke for a pure LCP, "
                    "a linear solver for nub = n)",
                    name(), problem.nub, n));
  for (int i = problem.nub; i < n; ++i) {
    if (problem.findex[i] >= 0)
      return invalid(
          fmt::format("{} takes no friction index: row {} is a friction row "
                      "(findex = {}); use a boxed solver such as dantzig",
                      name(), i, problem.findex[i]));
    if (problem.lo[i] != 0.0 || !(std::isinf(problem.hi[i]) && problem.hi[i] > 0.0))
      return invalid(
          fmt::format("{} solves complementarity rows 0 <= x perp w >= 0 only: row {} "
                      "has the box [{}, {}]; use a boxed solver such as dantzig",
                      name(), i, problem.lo[i], problem.hi[i]));
  }
  const int complementarity = n - problem.nub;
  if (isEnumeration(m_method) && complementarity > m_options.maxEnumerationSize)
    return invalid(
        fmt::format("{} enumerates 2^{} patterns: more complementarity rows than "
                    "SiconosOptions::maxEnumerationSize = {}",
                    name(), complementarity, m_options.maxEnumerationSize));
  return false;
}

void SiconosSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  if (refuse(problem, report)) return;
  const int n = problem.size();
  Workspace& ws = *m_workspace;
  ws.q = -problem.b;
  ws.w.setZero();

  std::unique_ptr<NumericsOptions, OptionsDeleter> options(
      solver_options_create(siconosId(m_method)));
  if (!options) throw std::bad_alloc();
  if (!isEnumeration(m_method)) options->iparam[SICONOS_IPARAM_MAX_ITER] = m_options.maxIterations;
  options->dparam[SICONOS_DPARAM_TOL] = m_options.siconosTolerance;

  NumericsMatrix* M = NM_create(NM_DENSE, n, n);
  if (M == nullptr) throw std::bad_alloc();
  std::memcpy(M->matrix0, problem.denseA().data(),
              sizeof(double) * static_cast<std::size_t>(n) * n);

  // Siconos' pivoting drivers read x before writing it (the MLCP Lemke's answer depended on the
  // previous problem's x in the same process): x starts from zero unless it is the initial guess
  // of an iterative method, so a solve depends on its problem alone.
  if (!capabilities().usesInitialGuess) x.setZero();
  // Siconos prints its diagnostics with printf/fprintf: they go into the report's message.
  PeerOutputCapture capture;
  int info = 0;
  if (!isMlcp(m_method)) {
    std::unique_ptr<LinearComplementarityProblem, LcpDeleter> lcp(newLCP());
    lcp->size = n;
    lcp->M = M;
    lcp->q = mallocCopy(ws.q.data(), static_cast<std::size_t>(n));
    info = linearComplementarity_driver(lcp.get(), x.data(), ws.w.data(), options.get());
  } else {
    // Equalities (the nub rows) first, then the complementarity rows: [A C; D B], q = [a; b].
    const int ne = problem.nub;
    const int m = n - ne;
    std::unique_ptr<MixedLinearComplementarityProblem, MlcpDeleter> mlcp(
        mixedLinearComplementarity_new());
    mlcp->isStorageType1 = 1;
    mlcp->isStorageType2 = 1;
    mlcp->n = ne;
    mlcp->m = m;
    const int blocks = (ne > 0) + (m > 0);
    mlcp->blocksRows = static_cast<int*>(std::malloc(sizeof(int) * (blocks + 1)));
    mlcp->blocksIsComp = static_cast<int*>(std::malloc(sizeof(int) * blocks));
    if (mlcp->blocksRows == nullptr || mlcp->blocksIsComp == nullptr) throw std::bad_alloc();
    int k = 0;
    mlcp->blocksRows[0] = 0;
    if (ne > 0) {
      mlcp->blocksIsComp[k] = 0;
      mlcp->blocksRows[++k] = ne;
    }
    if (m > 0) {
      mlcp->blocksIsComp[k] = 1;
      mlcp->blocksRows[++k] = n;
    }
    mlcp->M = M;
    mlcp->q = mallocCopy(ws.q.data(), static_cast<std::size_t>(n));
    auto copyBlock = [&ws, &problem](int row, int col, int rows, int cols) {
      ws.block =
          problem.denseA().block(row, col, rows, cols);  // column-major, as Siconos stores it
      return mallocCopy(ws.block.data(), static_cast<std::size_t>(rows) * cols);
    };
    mlcp->A = copyBlock(0, 0, ne, ne);
    mlcp->B = copyBlock(ne, ne, m, m);
    mlcp->C = copyBlock(0, ne, ne, m);
    mlcp->D = copyBlock(ne, 0, m, ne);
    mlcp->a = mallocCopy(ws.q.data(), static_cast<std::size_t>(ne));
    mlcp->b = mallocCopy(ws.q.data() + ne, static_cast<std::size_t>(m));
    mlcp_driver_init(mlcp.get(), options.get());
    info = mlcp_driver(mlcp.get(), x.data(), ws.w.data(), options.get());
    mlcp_driver_reset(mlcp.get(), options.get());
  }
  const std::string printed = capture.finish();
  report.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];

  PeerVerdict verdict;
  verdict.peer = name();
  verdict.peerSucceeded = info == 0;
  verdict.iterative = capabilities().iterative;
  verdict.failureStatus = isEnumeration(m_method) ? Status::Unbounded : Status::MaxIterations;
  verdict.failureReason = isEnumeration(m_method)
                              ? "no complementary pattern solved the problem"
                              : "iteration or pivot limit reached (or Lemke's ray termination)";
  setPeerStatus(problem, x, ws.residualW, m_options, verdict, report);
  appendPeerOutput(report.message, printed);
}

}  // namespace mlcp::adapters
