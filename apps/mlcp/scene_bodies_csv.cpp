#include "scene_bodies_csv.hpp"

#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <array>
#include <variant>

namespace mlcp::app {

namespace {

/// The shape's name and its columns a, b, c, d (see writeSceneBodies()).
std::pair<std::string_view, std::array<double, 4>> shapeColumns(
    const std::optional<dynamics::Shape>& shape) {
  if (!shape) return {"none", {0.0, 0.0, 0.0, 0.0}};
  return std::visit(
      [](const auto& s) -> std::pair<std::string_view, std::array<double, 4>> {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, dynamics::Box>)
          return {"box", {s.size.x(), s.size.y(), s.size.z(), 0.0}};
        else if constexpr (std::is_same_v<S, dynamics::Sphere>)
          return {"sphere", {s.radius, 0.0, 0.0, 0.0}};
        else if constexpr (std::is_same_v<S, dynamics::Capsule>)
          return {"capsule", {s.radius, s.length, 0.0, 0.0}};
        else
          return {"plane", {s.normal_W.x(), s.normal_W.y(), s.normal_W.z(), s.offset}};
      },
      *shape);
}

void writeRow(std::ostream& out,
              std::string_view kind,
              const std::string& name,
              const std::optional<dynamics::Shape>& shape,
              double mass,
              const Eigen::Vector3d& p,
              const Eigen::Quaterniond& q) {
  const auto [shapeName, a] = shapeColumns(shape);
  fmt::print(out, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", kind, name, shapeName, a[0],
             a[1], a[2], a[3], mass, p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z());
}

}  // namespace

void writeSceneBodies(const dynamics::SceneDescription& scene, const std::filesystem::path& file) {
  AtomicFile csv(file);
  csv.stream() << "kind,name,shape,a,b,c,d,mass,px,py,pz,qw,qx,qy,qz\n";
  for (const dynamics::StaticDescription& fixed : scene.statics)
    writeRow(csv.stream(), "static", fixed.name, fixed.shape, 0.0, fixed.p_WG, fixed.q_WG);
  for (const dynamics::BodyDescription& body : scene.bodies)
    writeRow(csv.stream(), "body", body.name, body.shape, body.mass, body.p_WB, body.q_WB);
  csv.commit();
}

}  // namespace mlcp::app
