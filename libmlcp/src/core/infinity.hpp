#pragma once

#include <limits>

namespace mlcp {

/// +inf: hi_i of a row without an upper bound, and -kInf lo_i of a row without a lower bound
/// (docs/conventions.md); also the residual reported for a non-finite x.
inline constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace mlcp
