#include "detail/body_from_description.hpp"

#include <mlcp/dynamics/axis_joint.hpp>
#include <mlcp/dynamics/ball_joint.hpp>
#include <mlcp/dynamics/build_world.hpp>

#include <fmt/format.h>

namespace mlcp::dynamics {

Body detail::bodyFromDescription(const BodyDescription& description) {
  Body body;
  body.name = description.name;
  body.mass = description.mass;
  body.I_Bcm_B = description.I_Bcm_B;
  body.p_WB = description.p_WB;
  body.q_WB = description.q_WB;
  body.v_WB = description.v_WB;
  body.w_WB = description.w_WB;
  body.f_constant_B_W = description.f_B_W;
  body.gyroscopicMode = description.gyroscopicMode;
  return body;
}

namespace {

void addJoint(World& world, const JointDescription& joint) {
  Constraint* constraint = nullptr;
  switch (joint.kind) {
    case JointKind::Ball:
      constraint = &world.emplaceConstraint<BallJoint>(joint.body0, joint.body1, joint.anchor_W);
      break;
    case JointKind::Axis:
      constraint = &world.emplaceConstraint<AxisJoint>(joint.body0, joint.body1, joint.anchor_W,
                                                       joint.axis_W);
      break;
  }
  constraint->setName(joint.name);
  constraint->setSoftness(joint.softness);
}

}  // namespace

World buildWorld(const SceneDescription& scene) {
  scene.validate();
  World world;
  world.setName(scene.parameters.empty() ? scene.name
                                         : fmt::format("{} {}", scene.name, scene.parameters));
  world.setGravity(scene.gravity_W);
  world.setErpCfm({scene.erp, scene.cfm});
  world.setDefaultContactMaterial(scene.material);
  for (const StaticDescription& fixed : scene.statics) {
    Geometry geometry;
    geometry.name = fixed.name;
    geometry.shape = fixed.shape;
    geometry.p_BG = fixed.p_WG;
    geometry.q_BG = fixed.q_WG;
    world.addGeometry(geometry);
  }
  for (const BodyDescription& description : scene.bodies) {
    const int body = world.addBody(detail::bodyFromDescription(description));
    if (!description.shape) continue;
    Geometry geometry;
    geometry.shape = *description.shape;
    geometry.body = body;
    world.addGeometry(geometry);
  }
  for (const JointDescription& joint : scene.joints) addJoint(world, joint);
  return world;
}

}  // namespace mlcp::dynamics
