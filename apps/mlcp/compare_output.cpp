#include "compare_output.hpp"

#include <mlcp/compare/record_format.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace mlcp::app {

void CompareOutput::printUnsolved(const std::vector<compare::RunRecord>& records) const {
  for (const compare::RunRecord& record : records)
    if (record.applicable() && !compare::isSolved(record, m_options.threshold))
      fmt::print(m_options.out, "    {}: {}: {}\n", record.solver, record.status, record.message);
}

CompareOutput::CompareOutput(const CompareOutputOptions& options) : m_options(options) {
  if (!m_options.csv.empty()) {
    { const AtomicFile probe(m_options.csv); }  // throws now if the folder cannot take it
    m_csvText = compare::csvHeader() + '\n';
  }
  if (!m_options.json)
    fmt::print(m_options.out, "{}\n",
               m_options.longTable ? compare::tableHeader() : compare::outcomeHeader());
}

void CompareOutput::writeCsv() {
  if (m_options.csv.empty()) return;
  writeFileAtomically(m_options.csv, [&](std::ostream& out) { out << m_csvText; });
  m_csvWritten = std::chrono::steady_clock::now();
}

void CompareOutput::problem(const compare::ProblemOutcome& outcome,
                            const std::vector<compare::RunRecord>& records) {
  std::string approximation;
  for (const compare::RunRecord& record : records) {
    if (!m_options.csv.empty()) m_csvText += compare::toCsv(record) + '\n';
    if (!record.approximation.empty()) approximation = record.approximation;
  }
  if (!approximation.empty() && std::find(m_approximations.begin(), m_approximations.end(),
                                          approximation) == m_approximations.end())
    m_approximations.push_back(approximation);
  if (m_options.json) {
    for (const compare::RunRecord& record : records)
      fmt::print(m_options.out, "{}\n", compare::toJson(record));
  } else if (!m_options.longTable) {
    fmt::print(m_options.out, "{}\n", compare::outcomeLine(outcome));
    if (m_options.verbose) printUnsolved(records);
  } else {
    if (!approximation.empty())
      fmt::print(m_options.out, "# {}: {}\n", outcome.problem, approximation);
    for (const compare::RunRecord& record : records) {
      fmt::print(m_options.out, "{}\n", compare::tableRow(record));
      if (m_options.verbose)
        fmt::print(m_options.out, "    {}: {}\n", record.solver, record.message);
    }
  }
  std::fflush(m_options.out);
  const std::chrono::duration<double> sinceWritten =
      std::chrono::steady_clock::now() - m_csvWritten;
  if (sinceWritten.count() >= kCsvCheckpointSeconds) writeCsv();
}

void CompareOutput::finish(const compare::CompareSummary& summary) {
  writeCsv();
  // In JSON mode stdout holds only the records; the summary goes to stderr.
  std::FILE* out = m_options.json ? stderr : m_options.out;
  fmt::print(out, "{}{}", m_options.json ? "" : "\n", summary.format());
  if (!m_options.json && !m_options.longTable)
    for (const std::string& approximation : m_approximations)
      fmt::print(out, "~ {}\n", approximation);
  std::fflush(out);
}

}  // namespace mlcp::app
