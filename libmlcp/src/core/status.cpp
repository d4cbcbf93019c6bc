#include <mlcp/core/status.hpp>

namespace mlcp {

std::string_view toString(Status status) {
  switch (status) {
    case Status::NotSolved:
      return "not-solved";
    case Status::Converged:
      return "converged";
    case Status::MaxIterations:
      return "max-iterations";
    case Status::TimeLimit:
      return "time-limit";
    case Status::SingularPivot:
      return "singular-pivot";
    case Status::Unbounded:
      return "unbounded";
    case Status::Inaccurate:
      return "inaccurate";
    case Status::NumericalFailure:
      return "numerical-failure";
    case Status::Unsupported:
      return "unsupported";
    case Status::InvalidProblem:
      return "invalid-problem";
  }
  return "unknown";
}

}  // namespace mlcp
