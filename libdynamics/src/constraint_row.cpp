#include <mlcp/dynamics/constraint_row.hpp>

namespace mlcp::dynamics {

std::string_view toString(RowType type) {
  switch (type) {
    case RowType::Equality:
      return "equality";
    case RowType::Limit:
      return "limit";
    case RowType::Motor:
      return "motor";
    case RowType::ContactNormal:
      return "normal";
    case RowType::Friction:
      return "friction";
  }
  return "unknown";
}

}  // namespace mlcp::dynamics
