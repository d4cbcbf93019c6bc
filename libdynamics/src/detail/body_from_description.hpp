#pragma once

#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/scene_description.hpp>

namespace mlcp::dynamics::detail {

/// The World body a BodyDescription describes: name, mass, inertia, pose, velocities, gyroscopic
/// mode, and its applied force as Body::f_constant_B_W (kept across steps). Not validated.
Body bodyFromDescription(const BodyDescription& description);

}  // namespace mlcp::dynamics::detail
