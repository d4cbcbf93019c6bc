#include <mlcp/dynamics/step_problem.hpp>
#include <mlcp/io/atomic_file.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <ostream>

namespace mlcp::dynamics {

std::string StepProblem::rowLabel(int row) const {
  std::string label;
  rowLabel(row, label);
  return label;
}

void StepProblem::rowLabel(int row, std::string& label) const {
  const RowLabel& entry = rows[static_cast<size_t>(row)];
  label.assign(sources[static_cast<size_t>(entry.source)].label);
  label.push_back(' ');
  label.append(entry.name);
}

Problem StepProblem::toProblem() const {
  return mlcp::toProblem(std::make_shared<const Factors>(problem));
}

double StepProblem::maxPenetration() const {
  double worst = 0.0;
  for (const RowLabel& row : rows)
    if (row.type == RowType::ContactNormal) worst = std::max(worst, -row.violation);
  return worst;
}

double StepProblem::maxJointError() const {
  double worst = 0.0;
  for (const RowLabel& row : rows)
    if (row.type == RowType::Equality) worst = std::max(worst, std::abs(row.violation));
  return worst;
}

void writeLabelledBlcp(const StepProblem& step, std::ostream& out) {
  out << fmt::format("# {}\n# assembled by libdynamics (ODE force form, h = {:.17g} s); rows:\n",
                     step.problem.name, step.h);
  for (int i = 0; i < step.size(); ++i) out << fmt::format("# row {}: {}\n", i, step.rowLabel(i));
  writeBlcp(step.toProblem(), out);
}

void writeLabelledBlcp(const StepProblem& step, const std::filesystem::path& path) {
  writeFileAtomically(path, [&](std::ostream& out) { writeLabelledBlcp(step, out); });
}

}  // namespace mlcp::dynamics
