#pragma once

#include <mlcp/dynamics/scene_description.hpp>

#include <filesystem>

namespace mlcp::app {

/// Writes the scene description's static shapes and bodies as CSV (`mlcp capture --bodies FILE`,
/// docs/scenes.md), one row each, columns
///   kind,name,shape,a,b,c,d,mass,px,py,pz,qw,qx,qy,qz
/// kind "static" or "body"; shape box (a, b, c: edge lengths, m), sphere (a: radius), capsule
/// (a: radius, b: length between the cap centres, along the body z axis), plane (a, b, c: unit
/// normal, d: offset n . p, m) or none; mass in kg (0 for statics); p the CM (body) or box centre
/// (static box), q the orientation (w, x, y, z). Units SI. Written through mlcp::AtomicFile.
/// @throws std::runtime_error when the file cannot be written
void writeSceneBodies(const dynamics::SceneDescription& scene, const std::filesystem::path& file);

}  // namespace mlcp::app
