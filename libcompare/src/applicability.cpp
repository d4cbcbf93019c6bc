#include <mlcp/compare/applicability.hpp>

namespace mlcp::compare {

std::string notApplicableReason(const Capabilities& c, const ProblemShape& shape) {
  std::string reason;
  auto add = [&reason](const char* why) {
    if (!reason.empty()) reason += ", ";
    reason += why;
  };
  if (!c.acceptsFrictionRows && shape.frictionRows > 0) add("friction rows");
  if (!c.acceptsBoxes && shape.boxRows > 0) add("boxes");
  if (!c.acceptsUnboundedRows && shape.nub > 0) add("free (nub) rows");
  if (c.requiresUnboundedRows && (shape.nub == 0 || shape.nub == shape.n))
    add("not a mixed LCP (needs 0 < nub < n)");
  if (c.requiresSymmetricA && !shape.symmetric) add("non-symmetric A");
  if (c.requiresLowRankForm && !shape.lowRank) add("no low-rank form");
  return reason;
}

}  // namespace mlcp::compare
