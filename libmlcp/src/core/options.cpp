#include <mlcp/core/option_check.hpp>
#include <mlcp/core/options.hpp>

namespace mlcp {

bool SolverOptions::isValid(std::string* why) const {
  OptionCheck check("SolverOptions", why);
  check.require(maxIterations >= 1, "maxIterations", maxIterations, "maxIterations >= 1");
  check.require(absoluteTolerance >= 0.0, "absoluteTolerance", absoluteTolerance,
                "absoluteTolerance >= 0");
  check.require(relativeTolerance >= 0.0, "relativeTolerance", relativeTolerance,
                "relativeTolerance >= 0");
  check.require(maxSeconds >= 0.0, "maxSeconds", maxSeconds, "maxSeconds >= 0");
  return check.ok();
}

}  // namespace mlcp
