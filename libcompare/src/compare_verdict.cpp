#include <mlcp/compare/compare_verdict.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace mlcp::compare {

namespace {

/// The problems (by index) each solver solved.
std::map<std::string, std::set<size_t>> solvedSets(const CompareBatch& batch, double threshold) {
  std::map<std::string, std::set<size_t>> solved;
  for (size_t p = 0; p < batch.size(); ++p)
    for (const RunRecord& record : batch[p])
      if (isSolved(record, threshold)) solved[record.solver].insert(p);
  return solved;
}

/// The fastest of `candidates` (smallest time/fastest; NaN last).
const SolverSummary* fastestOf(const std::vector<const SolverSummary*>& candidates) {
  const SolverSummary* best = nullptr;
  for (const SolverSummary* s : candidates)
    if (best == nullptr || (std::isnan(best->timeRatio) && !std::isnan(s->timeRatio)) ||
        s->timeRatio < best->timeRatio)
      best = s;
  return best;
}

std::string names(const std::vector<const SolverSummary*>& solvers) {
  std::string out;
  for (const SolverSummary* s : solvers) out += (out.empty() ? "" : ", ") + s->solver;
  return out;
}

}  // namespace

std::string compareVerdict(const CompareBatch& batch,
                           const std::vector<SolverSummary>& solvers,
                           double threshold) {
  int most = 0;
  for (const SolverSummary& s : solvers) most = std::max(most, s.solved);
  if (solvers.empty() || most == 0) return "No solver solved any problem.";
  std::vector<const SolverSummary*> top;
  for (const SolverSummary& s : solvers)
    if (s.solved == most) top.push_back(&s);
  std::string verdict = fmt::format("{} solve{} the most problems ({} of {})", names(top),
                                    top.size() == 1 ? "s" : "", most, batch.size());

  const auto solved = solvedSets(batch, threshold);
  std::set<size_t> anyone;
  for (const auto& [solver, set] : solved) anyone.insert(set.begin(), set.end());
  std::vector<const SolverSummary*> complete;
  for (const SolverSummary& s : solvers) {
    const auto found = solved.find(s.solver);
    if (found != solved.end() && found->second.size() == anyone.size()) complete.push_back(&s);
  }
  if (!complete.empty()) {
    const SolverSummary* fastest = fastestOf(complete);
    return verdict + fmt::format(
                         "; {} is the fastest of the {} that solve every problem any "
                         "solver solves (time/fastest {:.2f}).",
                         fastest->solver, complete.size(), fastest->timeRatio);
  }
  const SolverSummary* fastest = fastestOf(top);
  return verdict + fmt::format(
                       "; no solver solves every problem another one solves ({} are solved by "
                       "some solver); {} is the fastest of those that solve the most "
                       "(time/fastest {:.2f}).",
                       anyone.size(), fastest->solver, fastest->timeRatio);
}

}  // namespace mlcp::compare
