#include "peer_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace mlcp::bench {

namespace {

/// Residuals at or below this count as equal (rounding, not a worse answer).
constexpr double kResidualFloor = 1e-9;

const Cell* findCell(const Row& row, const std::string& label) {
  for (const Cell& cell : row.cells)
    if (cell.label == label && cell.timing.ran) return &cell;
  return nullptr;
}

/// The peer with the smallest positive value of `time` (ran only), or null.
template <class Time>
const Cell* fastestPeer(const Row& row, Time time) {
  const Cell* best = nullptr;
  for (const Cell& cell : row.cells)
    if (cell.peer && cell.timing.ran && time(cell) > 0.0 &&
        (best == nullptr || time(cell) < time(*best)))
      best = &cell;
  return best;
}

/// Solver labels in the order they first appear in the rows (rows may have different solvers).
std::vector<std::string> columns(const std::vector<Row>& rows) {
  std::vector<std::string> labels;
  for (const Row& row : rows)
    for (const Cell& cell : row.cells)
      if (std::find(labels.begin(), labels.end(), cell.label) == labels.end())
        labels.push_back(cell.label);
  return labels;
}

std::string header(const std::vector<std::string>& labels, const std::vector<std::string>& goals) {
  std::string line = "| problem | n |";
  std::string rule = "|---|--:|";
  for (const std::string& label : labels) {
    line += fmt::format(" {} |", label);
    rule += "---|";
  }
  for (const std::string& goal : goals) {
    line += fmt::format(" {} |", goal);
    rule += "---|";
  }
  return line + "\n" + rule + "\n";
}

std::string residualText(const SolveReport& report) {
  const double r = report.relativeResidual;
  return fmt::format("{:.1e}{}", r, std::isfinite(r) && r <= kWrongResidual ? "" : " ✗");
}

std::string statusPrefix(const SolveReport& report) {
  if (report.status == Status::Converged || report.status == Status::Inaccurate ||
      report.status == Status::MaxIterations)
    return "";
  return fmt::format("{} ", report.status);
}

/// "✓ 0.41×", "✗ 0.62×" or "✗ 0.30×, residual" for `ours` against `peer`.
std::string goalText(double oursTime,
                     double peerTime,
                     double limit,
                     const SolveReport* ours,
                     const SolveReport* peer) {
  const double ratio = oursTime / peerTime;
  bool residualOk = true;
  if (ours != nullptr && peer != nullptr) {
    const double r = ours->relativeResidual;
    residualOk =
        std::isfinite(r) && (r <= kResidualFloor || r <= peer->relativeResidual * (1.0 + 1e-12));
  }
  const bool met = ratio <= limit && residualOk;
  return fmt::format("{} {:.2f}×{}", met ? "✓" : "✗", ratio, residualOk ? "" : ", residual");
}

}  // namespace

std::string formatSeconds(double seconds) {
  if (seconds >= 1.0) return fmt::format("{:.2f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3g} ms", seconds * 1e3);
  return fmt::format("{:.3g} us", seconds * 1e6);
}

std::string pivotingTable(const std::vector<Row>& rows) {
  if (rows.empty()) return "";
  const std::vector<std::string> labels = columns(rows);
  const std::vector<const char*> goals = {"dantzig", "dantzig ODE mode", "newton", "bpp"};
  std::string out =
      header(labels, {"goal: dantzig", "goal: ODE mode", "goal: newton", "goal: bpp"});
  // Per exact family (newton, bpp), where it applies (n >= 100, a peer ran): the log-sum of the
  // ratios against the faster peer over its converged solves, their count, how many met the
  // goal, and how many applied.
  std::array<double, 2> logSum{};
  std::array<int, 2> ratios{};
  std::array<int, 2> met{};
  std::array<int, 2> applies{};
  for (const Row& row : rows) {
    const Cell* peer = fastestPeer(row, [](const Cell& c) { return c.timing.medianSeconds; });
    std::string line = fmt::format("| {} | {} |", row.problem, row.n);
    for (const std::string& label : labels) {
      const Cell* cell = findCell(row, label);
      if (cell == nullptr) {
        line += " — |";
        continue;
      }
      const std::string ratio =
          peer ? fmt::format(" ×{:.2f}", cell->timing.medianSeconds / peer->timing.medianSeconds)
               : "";
      line += fmt::format(" {}{}{} · {} |", statusPrefix(cell->timing.report),
                          formatSeconds(cell->timing.medianSeconds), ratio,
                          residualText(cell->timing.report));
    }
    for (const char* ours : goals) {
      const Cell* cell = findCell(row, ours);
      if (row.n < 100 || peer == nullptr || cell == nullptr) {
        line += " |";
        continue;
      }
      const std::string goal = goalText(cell->timing.medianSeconds, peer->timing.medianSeconds, 0.5,
                                        &cell->timing.report, &peer->timing.report);
      line += fmt::format(" {} |", goal);
      const int family = std::string_view(ours) == "newton" ? 0
                         : std::string_view(ours) == "bpp"  ? 1
                                                            : -1;
      if (family >= 0) {
        ++applies[family];
        if (cell->timing.report.succeeded()) {
          logSum[family] += std::log(cell->timing.medianSeconds / peer->timing.medianSeconds);
          ++ratios[family];
        }
        met[family] += goal.rfind("✓", 0) == 0 ? 1 : 0;
      }
    }
    out += line + "\n";
  }
  for (int family = 0; family < 2; ++family) {
    if (applies[family] == 0) continue;
    out += fmt::format(
        "\n{} against the faster peer on the {} problems with n >= 100: converged on {}, "
        "geometric mean ×{:.2f} over those, goal (≤ 0.5× with a residual as good) met on {}.\n",
        family == 0 ? "newton" : "bpp", applies[family], ratios[family],
        ratios[family] > 0 ? std::exp(logSum[family] / ratios[family]) : 0.0, met[family]);
  }
  return out;
}

std::string roundsTable(const std::vector<Row>& rows) {
  std::string out =
      "| problem | n | rounds | pivots | ODE-mode pass | full solve | later rounds' share |\n"
      "|---|--:|--:|--:|--:|--:|--:|\n";
  for (const Row& row : rows) {
    const Cell* full = findCell(row, "dantzig");
    const Cell* ode = findCell(row, "dantzig ODE mode");
    if (full == nullptr || ode == nullptr || full->timing.report.frictionRounds == 0) continue;
    const double share = 1.0 - ode->timing.medianSeconds / full->timing.medianSeconds;
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {:.0f}% |\n", row.problem, row.n,
                       full->timing.report.iterations, full->timing.report.pivots,
                       formatSeconds(ode->timing.medianSeconds),
                       formatSeconds(full->timing.medianSeconds), 100.0 * std::max(share, 0.0));
  }
  return out;
}

std::string iterativeTable(const std::vector<Row>& rows) {
  if (rows.empty()) return "";
  const std::vector<std::string> labels = columns(rows);
  std::string out = header(labels, {"goal: pgs ≤ 0.5×", "goal: pgs-matrix-free ≤ 0.33×"});
  out.replace(out.find("| n |"), 5, "| n | sweeps |");
  out.replace(out.find("|--:|"), 5, "|--:|--:|");
  for (const Row& row : rows) {
    const Cell* peer = fastestPeer(row, [](const Cell& c) { return c.perSweepSeconds; });
    std::string line = fmt::format("| {} | {} | {} |", row.problem, row.n, row.sweeps);
    for (const std::string& label : labels) {
      const Cell* cell = findCell(row, label);
      if (cell == nullptr) {
        line += " — |";
        continue;
      }
      if (!(cell->perSweepSeconds > 0.0)) {
        line += fmt::format(" no sweeps · {} |", residualText(cell->timing.report));
        continue;
      }
      const std::string ratio =
          peer ? fmt::format(" ×{:.2f}", cell->perSweepSeconds / peer->perSweepSeconds) : "";
      line += fmt::format(" {}{}{} · {} |", statusPrefix(cell->timing.report),
                          formatSeconds(cell->perSweepSeconds), ratio,
                          residualText(cell->timing.report));
    }
    const Cell* pgs = findCell(row, "pgs");
    const Cell* free = findCell(row, "pgs-matrix-free");
    line += peer && pgs ? fmt::format(" {} |", goalText(pgs->perSweepSeconds, peer->perSweepSeconds,
                                                        0.5, nullptr, nullptr))
                        : " |";
    line += peer && free && row.n >= 600
                ? fmt::format(" {} |", goalText(free->perSweepSeconds, peer->perSweepSeconds,
                                                1.0 / 3.0, nullptr, nullptr))
                : " |";
    out += line + "\n";
  }
  out += "\nTimes per sweep (per iteration for APGD).\n";
  return out;
}

}  // namespace mlcp::bench
