#pragma once

#include <mlcp/core/mixed_lcp.hpp>

namespace mlcp::detail {

/// What an iterative solver that takes any form of A, boxes, friction and free rows reports:
/// it starts from the initial guess and stops on a tolerance. Solvers with a further need
/// (APGD: a symmetric A) add it to the result.
inline Capabilities iterativeCapabilities() {
  Capabilities c;
  c.usesInitialGuess = true;
  c.iterative = true;
  return c;
}

}  // namespace mlcp::detail
