#include <mlcp/dynamics/contact_material.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

void ContactMaterial::validate() const {
  auto fail = [](const std::string& what) {
    throw std::invalid_argument(fmt::format("ContactMaterial::{}", what));
  };
  if (!(mu >= 0.0)) fail(fmt::format("mu = {} must be >= 0 (inf allowed)", mu));
  if (!(restitution >= 0.0 && restitution <= 1.0))
    fail(fmt::format("restitution = {} must be in [0, 1]", restitution));
  if (!(bounceVelocity >= 0.0) || !std::isfinite(bounceVelocity))
    fail(fmt::format("bounceVelocity = {} must be finite and >= 0 m/s", bounceVelocity));
  if (!(maxCorrectingVelocity > 0.0))
    fail(fmt::format("maxCorrectingVelocity = {} must be > 0 m/s (inf allowed)",
                     maxCorrectingVelocity));
  if (!(surfaceLayer >= 0.0) || !std::isfinite(surfaceLayer))
    fail(fmt::format("surfaceLayer = {} must be finite and >= 0 m", surfaceLayer));
  softness.validate();
}

}  // namespace mlcp::dynamics
