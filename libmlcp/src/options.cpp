#include <mlcp/options.hpp>

#include <fmt/format.h>

namespace mlcp {

bool SolverOptions::isValid(std::string* why) const {
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (maxIterations < 1)
    return fail(
        fmt::format("SolverOptions::maxIterations = {}. Violated constraint: "
                    "maxIterations >= 1",
                    maxIterations));
  if (!(absoluteTolerance >= 0.0))
    return fail(
        fmt::format("SolverOptions::absoluteTolerance = {}. Violated constraint: "
                    "absoluteTolerance >= 0",
                    absoluteTolerance));
  if (!(relativeTolerance >= 0.0))
    return fail(
        fmt::format("SolverOptions::relativeTolerance = {}. Violated constraint: "
                    "relativeTolerance >= 0",
                    relativeTolerance));
  if (!(maxSeconds >= 0.0))
    return fail(fmt::format("SolverOptions::maxSeconds = {}. Violated constraint: maxSeconds >= 0",
                            maxSeconds));
  return true;
}

}  // namespace mlcp
