#pragma once

#include <mlcp/core/factors.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlcp {

namespace detail {
struct Islands;
class ThreadTeam;
}  // namespace detail

/// Any solver, island by island: the problem is split into the connected components of A's
/// graph (entries A_ij and friction couplings i -> findex_i; detail::Islands), each solved
/// independently by its own instance of the inner solver, and the answers put side by side. Two
/// islands share no entry of A and no bound, so the whole x solves the whole problem exactly
/// when every island's does; a pile of separate stacks costs the sum of its stacks instead of
/// the cube of its size for a dense method (ODE's dxProcessIslands does the same for its step).
///
/// Islands are found once per matrix and findex: from the bodies of the rows when the problem
/// holds A as factors (J, M^-1, cfm; a rigid-body stepper's form, O(n), A never assembled), from
/// the entries of a dense A in place (O(n^2)), else from A's sparse pattern (O(nonzeros)). A
/// problem that is one island is handed whole to a single inner solver, which reads it in place
/// (MixedLCP::solveView(): no copy of A, no second validation), so it costs what the inner
/// solver alone costs plus the search. Each island gets its block A(I, I) in the same kind of
/// form: the factors of its rows and bodies (so PGS and APGD stay matrix-free), or the sparse
/// block, which an inner dense method densifies at its own size. Rows keep their order within
/// an island, so the first nub rows stay first.
/// Threads: islands are dealt to `threads` threads by index (island k to thread k mod threads);
/// each island's answer comes from its own solver alone, so x is bitwise the same for any
/// thread count. The threads are a team started at the first solve that needs them and kept
/// (detail::ThreadTeam), so solve() allocates nothing once the islands, their solvers and the
/// team exist.
/// Report: the worst island's status (Converged only when every island converged), iterations
/// the largest of the islands', pivots their sum, the message naming the island count, the
/// largest island and the worst island's own message.
class IslandSolver final : public MixedLCP {
 public:
  /// Makes the solver of one island.
  using Factory = std::function<std::unique_ptr<MixedLCP>()>;

  /// @param inner makes each island's solver (called once per island of a new pattern)
  /// @param threads threads that solve islands at once (>= 1)
  /// @throws std::invalid_argument when inner is empty or returns null, or threads < 1
  explicit IslandSolver(Factory inner, int threads = 1);
  ~IslandSolver() override;

  /// "islands:<inner name>".
  std::string_view name() const override { return m_name; }
  /// The inner solver's.
  Capabilities capabilities() const override;
  /// The inner solver's options (each island uses its own copy).
  const SolverOptions& commonOptions() const override;
  /// The first solver the factory made: every island's solver has its name and options.
  const MixedLCP& prototype() const { return *m_prototype; }
  /// Islands of the last solve (0 before).
  int islandCount() const;
  /// Rows of the largest island of the last solve.
  int largestIsland() const;
  /// The solver of island k of the last solve (each island's own statistics, e.g. its
  /// factorizations). @pre 0 <= k < islandCount()
  /// @throws std::out_of_range when k is outside [0, islandCount())
  const MixedLCP& islandSolver(int k) const;

 private:
  struct Island;

  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  /// Finds the islands of A's form: from the factors' bodies, the dense entries in place, or
  /// the sparse pattern.
  void findIslands(const ProblemView& problem);
  /// Finds the islands and hands each solver its block of A (a new matrix or findex); a single
  /// island's solver reads the whole problem in place instead (MixedLCP::solveView()).
  void split(const ProblemView& problem);
  /// A(I, I) for the rows I of an island, sparse.
  Operator sparseBlock(const Operator::SparseMatrix& A, const std::vector<int>& rows) const;
  /// The factors of A(I, I): the island's rows of J and cfm, the blocks of M^-1 of the bodies
  /// they touch (numbered anew), so the inner solver keeps the factor form.
  Operator factorBlock(const Factors& factors, const std::vector<int>& rows);
  /// Solves islands first, first + stride, ... (one thread's share).
  void solveShare(const ProblemView& problem, const Eigen::VectorXd& x, int first, int stride);
  /// Gathers the worst status and the counters into the report, scatters the answers into x.
  void merge(Eigen::VectorXd& x, SolveReport& report) const;

  Factory m_inner;
  std::unique_ptr<MixedLCP> m_prototype;  // for name, capabilities and options
  std::string m_name;
  int m_threads = 1;
  std::unique_ptr<detail::Islands> m_islands;
  std::unique_ptr<detail::ThreadTeam> m_team;  // min(threads, islands) members
  std::vector<std::unique_ptr<Island>> m_parts;
  std::uint64_t m_splitVersion = ~std::uint64_t{0};  // matrixVersion() the split is for
  Eigen::VectorXi m_splitFindex;                     // findex the split is for
  std::vector<int> m_localBody;                      // factorBlock(): body -> island's body
  bool m_whole = false;  // one island: its solver solves the problem itself (solveView)
};

}  // namespace mlcp
