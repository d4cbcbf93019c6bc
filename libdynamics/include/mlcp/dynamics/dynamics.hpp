#pragma once

/// Umbrella header of libdynamics: rigid bodies, joints, contacts, the World that assembles the
/// MLCP of a step and hands it to any mlcp::MixedLCP, and the named scenes.

#include <mlcp/dynamics/axis_joint.hpp>
#include <mlcp/dynamics/ball_joint.hpp>
#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/build_world.hpp>
#include <mlcp/dynamics/built_in_collision.hpp>
#include <mlcp/dynamics/collision_detector.hpp>
#include <mlcp/dynamics/constraint.hpp>
#include <mlcp/dynamics/constraint_row.hpp>
#include <mlcp/dynamics/contact_constraint.hpp>
#include <mlcp/dynamics/contact_material.hpp>
#include <mlcp/dynamics/contact_point.hpp>
#include <mlcp/dynamics/distance_joint.hpp>
#include <mlcp/dynamics/fixed_joint.hpp>
#include <mlcp/dynamics/geometry.hpp>
#include <mlcp/dynamics/hinge_joint.hpp>
#include <mlcp/dynamics/limit_motor.hpp>
#include <mlcp/dynamics/mass_properties.hpp>
#include <mlcp/dynamics/ode_collision.hpp>
#include <mlcp/dynamics/row_softness.hpp>
#include <mlcp/dynamics/scene.hpp>
#include <mlcp/dynamics/scene_description.hpp>
#include <mlcp/dynamics/scene_parameters.hpp>
#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/dynamics/slider_joint.hpp>
#include <mlcp/dynamics/spring_parameters.hpp>
#include <mlcp/dynamics/step_problem.hpp>
#include <mlcp/dynamics/world.hpp>
