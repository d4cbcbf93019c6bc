#include "composite/islands.hpp"
#include "composite/thread_team.hpp"

#include <mlcp/composite/island_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace mlcp {

namespace {

/// How bad a status is, for the report of several islands: the worst one speaks for all.
int severity(Status status) {
  switch (status) {
    case Status::Converged:
      return 0;
    case Status::Inaccurate:
      return 1;
    case Status::MaxIterations:
    case Status::TimeLimit:
      return 2;
    case Status::SingularPivot:
    case Status::Unbounded:
      return 3;
    case Status::Unsupported:
      return 4;
    case Status::NotSolved:
    case Status::NumericalFailure:
    case Status::InvalidProblem:
      return 5;
  }
  return 5;
}

}  // namespace

/// One island: its rows, its solver, and its slices of b, lo, hi, findex and the start.
struct IslandSolver::Island {
  std::unique_ptr<MixedLCP> solver;
  std::vector<int> rows;
  Eigen::VectorXd b, lo, hi, x0;
  Eigen::VectorXi findex;
  int nub = 0;
};

IslandSolver::IslandSolver(Factory inner, int threads)
    : m_inner(std::move(inner)),
      m_threads(threads),
      m_islands(std::make_unique<detail::Islands>()),
      m_team(std::make_unique<detail::ThreadTeam>()) {
  if (!m_inner) throw std::invalid_argument("IslandSolver: no inner solver factory");
  if (threads < 1)
    throw std::invalid_argument(fmt::format("IslandSolver: threads = {} < 1", threads));
  m_prototype = m_inner();
  if (!m_prototype) throw std::invalid_argument("IslandSolver: the factory returned null");
  m_name = fmt::format("islands:{}", m_prototype->name());
}

IslandSolver::~IslandSolver() = default;

Capabilities IslandSolver::capabilities() const { return m_prototype->capabilities(); }

const SolverOptions& IslandSolver::commonOptions() const { return m_prototype->commonOptions(); }

int IslandSolver::islandCount() const { return m_islands->count(); }

const MixedLCP& IslandSolver::islandSolver(int k) const {
  if (k < 0 || k >= static_cast<int>(m_parts.size()))
    throw std::out_of_range(
        fmt::format("islandSolver({}): the last solve had {} islands", k, m_parts.size()));
  return *m_parts[static_cast<size_t>(k)]->solver;
}

int IslandSolver::largestIsland() const {
  size_t largest = 0;
  for (const auto& rows : m_islands->rows) largest = std::max(largest, rows.size());
  return static_cast<int>(largest);
}

void IslandSolver::doSetup(int /*n*/) {}

void IslandSolver::findIslands(const ProblemView& problem) {
  switch (problem.A.form()) {
    case MatrixForm::Factors: {
      const Factors& f = problem.A.factors();
      m_islands->find(f.bodies, f.bodyCount(), problem.findex);
      return;
    }
    case MatrixForm::Dense:
      m_islands->find(problem.A.dense(), problem.findex);
      return;
    case MatrixForm::Sparse:
      m_islands->find(problem.sparseA(), problem.findex);
      return;
  }
}

void IslandSolver::split(const ProblemView& problem) {
  findIslands(problem);
  const int count = m_islands->count();
  while (static_cast<int>(m_parts.size()) < count) {
    auto part = std::make_unique<Island>();
    part->solver = m_inner();
    m_parts.push_back(std::move(part));
  }
  m_parts.resize(static_cast<size_t>(count));
  m_splitVersion = matrixVersion();
  m_splitFindex = problem.findex;
  m_whole = count == 1;
  if (m_whole) {  // one island: its solver reads the problem in place
    m_parts.front()->rows = m_islands->rows.front();
    m_parts.front()->solver->viewMatrixChanged(problem.size());
    return;
  }
  const bool factors = problem.A.form() == MatrixForm::Factors;
  for (int k = 0; k < count; ++k) {
    Island& part = *m_parts[static_cast<size_t>(k)];
    part.rows = m_islands->rows[static_cast<size_t>(k)];
    const int m = static_cast<int>(part.rows.size());
    part.solver->setMatrix(factors ? factorBlock(problem.A.factors(), part.rows)
                                   : sparseBlock(problem.sparseA(), part.rows));
    for (Eigen::VectorXd* v : {&part.b, &part.lo, &part.hi, &part.x0}) v->resize(m);
    part.findex.resize(m);
    part.nub = static_cast<int>(
        std::count_if(part.rows.begin(), part.rows.end(), [&](int i) { return i < problem.nub; }));
  }
}

Operator IslandSolver::sparseBlock(const Operator::SparseMatrix& A,
                                   const std::vector<int>& rows) const {
  std::vector<Eigen::Triplet<double>> entries;
  for (const int j : rows)
    for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it)
      entries.emplace_back(m_islands->localIndex[it.row()], m_islands->localIndex[j], it.value());
  const int m = static_cast<int>(rows.size());
  Operator::SparseMatrix block(m, m);
  block.setFromTriplets(entries.begin(), entries.end());
  return Operator(std::move(block));
}

Operator IslandSolver::factorBlock(const Factors& factors, const std::vector<int>& rows) {
  auto block = std::make_shared<Factors>();
  const int m = static_cast<int>(rows.size());
  block->name = factors.name;
  block->J.resize(m, 12);
  block->bodies.resize(m, 2);
  block->cfm.resize(m);
  m_localBody.assign(static_cast<size_t>(factors.bodyCount()), -1);
  for (int r = 0; r < m; ++r) {
    const int i = rows[static_cast<size_t>(r)];
    block->J.row(r) = factors.J.row(i);
    block->cfm[r] = factors.cfm[i];
    for (int side = 0; side < 2; ++side) {
      const int body = factors.bodies(i, side);
      if (body >= 0 && m_localBody[static_cast<size_t>(body)] < 0) {
        m_localBody[static_cast<size_t>(body)] = static_cast<int>(block->inverseMass.size());
        block->inverseMass.push_back(factors.inverseMass[static_cast<size_t>(body)]);
      }
      block->bodies(r, side) = body < 0 ? -1 : m_localBody[static_cast<size_t>(body)];
    }
  }
  return Operator(std::shared_ptr<const Factors>(std::move(block)));
}

void IslandSolver::solveShare(const ProblemView& problem,
                              const Eigen::VectorXd& x,
                              int first,
                              int stride) {
  for (size_t k = static_cast<size_t>(first); k < m_parts.size();
       k += static_cast<size_t>(stride)) {
    Island& part = *m_parts[k];
    for (size_t r = 0; r < part.rows.size(); ++r) {
      const int i = part.rows[r];
      part.b[r] = problem.b[i];
      part.lo[r] = problem.lo[i];
      part.hi[r] = problem.hi[i];
      part.x0[r] = x[i];
      const int normal = problem.findex[i];
      part.findex[r] = normal < 0 ? -1 : m_islands->localIndex[normal];
    }
    MixedLCP& solver = *part.solver;
    solver.setRightSide(part.b);
    solver.setLow(part.lo);
    solver.setHigh(part.hi);
    solver.setFrictionIndex(part.findex);
    solver.setNumberUnbounded(part.nub);
    solver.setInitialGuess(part.x0);
    solver.solve();
  }
}

void IslandSolver::merge(Eigen::VectorXd& x, SolveReport& report) const {
  const Island* worst = nullptr;
  report.pivots = 0;
  report.iterations = 0;
  for (const auto& part : m_parts) {
    const SolveReport& r = part->solver->report();
    report.pivots += r.pivots;
    report.iterations = std::max(report.iterations, r.iterations);
    if (worst == nullptr || severity(r.status) > severity(worst->solver->report().status))
      worst = part.get();
    const Eigen::VectorXd& xi = part->solver->getLambda();
    for (size_t r2 = 0; r2 < part->rows.size(); ++r2)
      x[part->rows[r2]] = xi[static_cast<Eigen::Index>(r2)];
  }
  const SolveReport& w = worst->solver->report();
  report.status = w.status;
  report.message.clear();
  fmt::format_to(std::back_inserter(report.message),
                 "{} islands, the largest of {} rows; worst: the island of row {} ({} rows): {}",
                 m_parts.size(), largestIsland(), worst->rows.front(), worst->rows.size(),
                 w.message);
}

void IslandSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  if (m_splitVersion != matrixVersion() || m_splitFindex.size() != problem.findex.size() ||
      m_splitFindex != problem.findex)
    split(problem);
  if (m_whole) {
    m_parts.front()->solver->solveView(problem, x);
    merge(x, report);
    takeResidualsOf(*m_parts.front()->solver);  // same view, same x: not evaluated again
    return;
  }
  m_team->resize(std::min<int>(m_threads, static_cast<int>(m_parts.size())));
  const int members = m_team->size();
  auto share = [&](int member) { solveShare(problem, x, member, members); };
  m_team->run(share);
  merge(x, report);
}

}  // namespace mlcp
