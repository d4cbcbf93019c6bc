// libdynamics for Python: the named scenes with their parameters, a World stepped with any
// mlcp.Solver (swappable between steps), trajectories as numpy arrays and the problems the world
// assembles (docs/dynamics.md, docs/python.md "Rigid bodies").

#include "array_conversion.hpp"
#include "bindings.hpp"
#include "deprecated_alias.hpp"
#include "solver.hpp"

#include <mlcp/dynamics/scene.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <pybind11/stl.h>
#include <set>
#include <vector>

namespace mlcp::python {

namespace {

using dynamics::Body;

/// mlcp.World: a scene's world and the mlcp.Solver it is stepped with (kept alive here).
struct World {
  dynamics::Scene scene;
  py::object solverObject = py::none();
  Solver* solver = nullptr;

  double stepOf(const std::optional<double>& h) const { return h ? *h : scene.timeStep; }

  /// Runs f(world) with the GIL released and the solver's lock held.
  template <typename F>
  void locked(F f) {
    const py::gil_scoped_release release;
    std::unique_lock<std::mutex> lock;
    if (solver != nullptr) lock = std::unique_lock(solver->mutex());
    f(scene.world);
  }
};

/// The state of every body after some step: p, q (w x y z), v, w, each (bodies x 3 or 4).
struct States {
  std::vector<double> time, p, q, v, w;

  void record(const dynamics::World& world) {
    time.push_back(world.time());
    for (const Body& b : world.bodies()) {
      const Eigen::Quaterniond unit = b.q_WB.normalized();
      p.insert(p.end(), b.p_WB.data(), b.p_WB.data() + 3);
      q.insert(q.end(), {unit.w(), unit.x(), unit.y(), unit.z()});
      v.insert(v.end(), b.v_WB.data(), b.v_WB.data() + 3);
      w.insert(w.end(), b.w_WB.data(), b.w_WB.data() + 3);
    }
  }
};

/// What World.run() returns.
struct Trajectory {
  std::vector<std::string> bodyNames;
  py::array_t<double> time, p, q, v, w;
  py::array_t<int> rows, contacts, iterations;
  std::vector<Status> status;
  py::array_t<double> relativeResidual, solveSeconds;
  py::dict problems;  ///< step -> Problem, converted once
};

py::array_t<double> states(const std::vector<double>& data,
                           size_t records,
                           size_t bodies,
                           size_t width) {
  py::array_t<double> out({records, bodies, width});
  std::copy(data.begin(), data.end(), out.mutable_data());
  return out;
}

template <typename T>
py::array_t<T> array(const std::vector<T>& data) {
  py::array_t<T> out(static_cast<py::ssize_t>(data.size()));
  std::copy(data.begin(), data.end(), out.mutable_data());
  return out;
}

/// The World's bodies' one vector per body as a (bodies x 3) array.
template <typename Get>
py::array_t<double> bodyVectors(const dynamics::World& world, Get get) {
  py::array_t<double> out({static_cast<py::ssize_t>(world.bodyCount()), py::ssize_t{3}});
  for (int k = 0; k < world.bodyCount(); ++k) {
    const Eigen::Vector3d value = get(world.body(k));
    for (int c = 0; c < 3; ++c) out.mutable_at(k, c) = value[c];
  }
  return out;
}

Trajectory run(World& self, int steps, std::optional<double> h, py::handle capture) {
  if (steps < 0) throw std::invalid_argument(fmt::format("steps = {}: must be >= 0", steps));
  const bool captureAll = py::isinstance<py::bool_>(capture) && capture.cast<bool>();
  std::set<int> captured;
  if (!capture.is_none() && !py::isinstance<py::bool_>(capture))
    for (const py::handle k : capture) captured.insert(k.cast<int>());
  const double step = self.stepOf(h);
  States s;
  std::vector<int> rows, contacts, iterations;
  std::vector<double> residuals, seconds;
  std::map<int, Problem> problems;
  Trajectory t;
  self.locked([&](dynamics::World& world) {
    s.record(world);
    for (int k = 0; k < steps; ++k) {
      const int before = world.stepCount();
      world.step(step);
      const dynamics::StepStatistics& st = world.lastStatistics();
      rows.push_back(st.rows);
      contacts.push_back(st.contacts);
      iterations.push_back(st.iterations);
      t.status.push_back(st.status);
      residuals.push_back(st.relativeResidual);
      seconds.push_back(st.solveSeconds);
      if (captureAll || captured.count(before) > 0)
        problems.emplace(before, world.lastProblem().toProblem());
      s.record(world);
    }
  });
  const dynamics::World& world = self.scene.world;
  for (const Body& b : world.bodies()) t.bodyNames.push_back(b.name);
  const auto bodies = static_cast<size_t>(world.bodyCount());
  t.time = array(s.time);
  t.p = states(s.p, s.time.size(), bodies, 3);
  t.q = states(s.q, s.time.size(), bodies, 4);
  t.v = states(s.v, s.time.size(), bodies, 3);
  t.w = states(s.w, s.time.size(), bodies, 3);
  t.rows = array(rows);
  t.contacts = array(contacts);
  t.iterations = array(iterations);
  t.relativeResidual = array(residuals);
  t.solveSeconds = array(seconds);
  for (auto& [k, problem] : problems) t.problems[py::int_(k)] = std::move(problem);
  return t;
}

void bindCatalog(py::module_& m) {
  py::class_<dynamics::SceneParameterInfo>(m, "SceneParameter", "One parameter of a scene.")
      .def_readonly("key", &dynamics::SceneParameterInfo::key)
      .def_readonly("default", &dynamics::SceneParameterInfo::defaultValue, "as text")
      .def_readonly("description", &dynamics::SceneParameterInfo::description, "with its unit")
      .def("__repr__", [](const dynamics::SceneParameterInfo& p) {
        return fmt::format("<mlcp.SceneParameter {}={}>", p.key, p.defaultValue);
      });
  py::class_<dynamics::SceneInfo>(m, "SceneInfo", "A scene of the catalog.")
      .def_readonly("name", &dynamics::SceneInfo::name)
      .def_readonly("description", &dynamics::SceneInfo::description)
      .def_readonly("parameters", &dynamics::SceneInfo::parameters, "list of SceneParameter")
      .def("__repr__", [](const dynamics::SceneInfo& s) {
        return fmt::format("<mlcp.SceneInfo {} parameters={}>", s.name, s.parameters.size());
      });
  m.def("scene_names", &dynamics::sceneNames, "Names of the libdynamics scenes.");
  m.def("scene_catalog", &dynamics::sceneCatalog, "The scenes with their parameters.");
}

void bindStatistics(py::module_& m) {
  using S = dynamics::StepStatistics;
  py::class_<dynamics::StepTimes>(m, "StepTimes", "CPU time per phase of a step (unit: s).")
      .def_readonly("collision", &dynamics::StepTimes::collision)
      .def_readonly("assembly", &dynamics::StepTimes::assembly)
      .def_readonly("solve", &dynamics::StepTimes::solve)
      .def_readonly("integration", &dynamics::StepTimes::integration)
      .def("__repr__", [](const dynamics::StepTimes& t) {
        return fmt::format(
            "<mlcp.StepTimes collision={:.3g} s assembly={:.3g} s solve={:.3g} s "
            "integration={:.3g} s>",
            t.collision, t.assembly, t.solve, t.integration);
      });
  py::class_<S> statistics(m, "StepStatistics", "What the last World.step() did.");
  statistics.def_readonly("rows", &S::rows, "n of the MLCP")
      .def_readonly("contacts", &S::contacts, "contact points")
      .def_readonly("solver", &S::solverName, "registered name of the solver (\"\" when n = 0)")
      .def_readonly("status", &S::status, "mlcp.Status (NotSolved when n = 0)")
      .def_readonly("iterations", &S::iterations)
      .def_readonly("residual_rel", &S::relativeResidual, "the spec's relative residual")
      .def_readonly("solve_seconds", &S::solveSeconds, "(unit: s)")
      .def_readonly("worst_row", &S::worstRow,
                    "label of the worst row when the solver did not converge")
      .def_readonly("times", &S::times, "mlcp.StepTimes")
      .def("__repr__", [](const S& s) {
        return fmt::format("<mlcp.StepStatistics rows={} contacts={} {} {}>", s.rows, s.contacts,
                           s.solverName, s.status);
      });
  defDeprecatedAlias(statistics, "mlcp.dynamics.StepStatistics", "solver_name", "solver");
  defDeprecatedAlias(statistics, "mlcp.dynamics.StepStatistics", "relative_residual",
                     "residual_rel");
  py::class_<Trajectory> trajectory(m, "Trajectory",
                                    "A World.run(): states at steps 0 .. K (K + 1 records) and "
                                    "per step figures (K entries). World frame, SI units.");
  trajectory.def_readonly("body_names", &Trajectory::bodyNames)
      .def_readonly("time", &Trajectory::time, "(K + 1) simulated time (unit: s)")
      .def_readonly("p", &Trajectory::p, "(K + 1, bodies, 3) centre of mass positions (unit: m)")
      .def_readonly("q", &Trajectory::q,
                    "(K + 1, bodies, 4) orientations, unit quaternions w x y z")
      .def_readonly("v", &Trajectory::v, "(K + 1, bodies, 3) velocities (unit: m/s)")
      .def_readonly("w", &Trajectory::w, "(K + 1, bodies, 3) angular velocities (unit: rad/s)")
      .def_readonly("rows", &Trajectory::rows, "(K) rows of each step's MLCP")
      .def_readonly("contacts", &Trajectory::contacts, "(K) contact points")
      .def_readonly("iterations", &Trajectory::iterations, "(K) solver iterations")
      .def_readonly("status", &Trajectory::status, "(K) list of mlcp.Status")
      .def_readonly("residual_rel", &Trajectory::relativeResidual,
                    "(K) the spec's relative residual")
      .def_readonly("solve_seconds", &Trajectory::solveSeconds, "(K) (unit: s)")
      .def_readonly("problems", &Trajectory::problems,
                    "dict k -> mlcp.Problem assembled from the state after k steps (factor "
                    "form), for the steps captured")
      .def("__repr__", [](const Trajectory& t) {
        const auto converged = std::count(t.status.begin(), t.status.end(), Status::Converged);
        return fmt::format("<mlcp.Trajectory steps={} bodies={} converged={} captured={}>",
                           t.status.size(), t.bodyNames.size(), converged, t.problems.size());
      });
  defDeprecatedAlias(trajectory, "mlcp.dynamics.Trajectory", "relative_residual", "residual_rel");
}

void bindBodies(py::class_<World>& c) {
  c.def_property_readonly(
       "body_names",
       [](const World& self) {
         std::vector<std::string> names;
         for (const Body& b : self.scene.world.bodies()) names.push_back(b.name);
         return names;
       },
       "names of the bodies, in index order")
      .def_property_readonly(
          "positions",
          [](const World& s) {
            return bodyVectors(s.scene.world, [](const Body& b) { return b.p_WB; });
          },
          "(bodies x 3) centre of mass positions (unit: m)")
      .def_property_readonly(
          "velocities",
          [](const World& s) {
            return bodyVectors(s.scene.world, [](const Body& b) { return b.v_WB; });
          },
          "(bodies x 3) velocities (unit: m/s)")
      .def_property_readonly(
          "angular_velocities",
          [](const World& s) {
            return bodyVectors(s.scene.world, [](const Body& b) { return b.w_WB; });
          },
          "(bodies x 3) angular velocities (unit: rad/s)")
      .def_property_readonly(
          "orientations",
          [](const World& s) {
            const dynamics::World& world = s.scene.world;
            py::array_t<double> out({static_cast<py::ssize_t>(world.bodyCount()), py::ssize_t{4}});
            for (int k = 0; k < world.bodyCount(); ++k) {
              const Eigen::Quaterniond q = world.body(k).q_WB.normalized();
              out.mutable_at(k, 0) = q.w();
              out.mutable_at(k, 1) = q.x();
              out.mutable_at(k, 2) = q.y();
              out.mutable_at(k, 3) = q.z();
            }
            return out;
          },
          "(bodies x 4) orientations as unit quaternions (w, x, y, z)")
      .def(
          "set_body_state",
          [](World& self, int index, py::handle p, py::handle v, py::handle w) {
            if (index < 0 || index >= self.scene.world.bodyCount())
              throw std::invalid_argument(fmt::format("body {} does not exist ({} bodies)", index,
                                                      self.scene.world.bodyCount()));
            Body& body = self.scene.world.body(index);
            const auto set = [](Eigen::Vector3d& target, py::handle value, const char* what) {
              if (value.is_none()) return;
              const auto a = vectorArray(value, what);
              if (a.size() != 3)
                throw std::invalid_argument(fmt::format("{} must have 3 entries", what));
              target = asVector(a);
            };
            set(body.p_WB, p, "p");
            set(body.v_WB, v, "v");
            set(body.w_WB, w, "w");
          },
          py::arg("index"), py::kw_only(), py::arg("p") = py::none(), py::arg("v") = py::none(),
          py::arg("w") = py::none(),
          "Changes body `index`'s position p (m), velocity v (m/s) or angular velocity w (rad/s) "
          "before the next step, which checks it (ValueError naming the body and field).")
      .def(
          "apply_force",
          [](World& self, int index, py::handle f, py::handle tau) {
            if (index < 0 || index >= self.scene.world.bodyCount())
              throw std::invalid_argument(fmt::format("body {} does not exist", index));
            Body& body = self.scene.world.body(index);
            if (!f.is_none()) body.f_B_W += asVector(vectorArray(f, "f")).head<3>();
            if (!tau.is_none()) body.tau_B_W += asVector(vectorArray(tau, "tau")).head<3>();
          },
          py::arg("index"), py::kw_only(), py::arg("f") = py::none(), py::arg("tau") = py::none(),
          "Adds a force f (N) at the centre of mass and a torque tau (N m) for the next step "
          "(cleared after it, as in ODE).");
}

void bindWorld(py::module_& m) {
  py::class_<World> c(
      m, "World",
      "A libdynamics scene (mlcp.scene_names()) stepped as ODE's dWorldStep with any "
      "mlcp.Solver, which may be replaced between steps (docs/dynamics.md). z up, SI units.");
  c.def(py::init([](const std::string& scene, const py::kwargs& parameters) {
          std::vector<std::string> assignments;
          for (const auto& [key, value] : parameters)
            assignments.push_back(
                fmt::format("{}={}", key.cast<std::string>(), py::str(value).cast<std::string>()));
          return std::make_unique<World>(World{dynamics::makeScene(scene, assignments)});
        }),
        py::arg("scene"),
        "World(scene, **parameters), e.g. World('box-stack', count=5). Raises ValueError for "
        "an unknown scene (listing them) or parameter (listing the scene's).");
  c.def_property_readonly("scene", [](const World& w) { return w.scene.name; })
      .def_property_readonly(
          "parameters", [](const World& w) { return w.scene.parameters; },
          "'key=value ...' of every parameter, defaults included")
      .def_property_readonly(
          "time_step", [](const World& w) { return w.scene.timeStep; },
          "the scene's default h (unit: s)")
      .def_property_readonly(
          "watched_bodies", [](const World& w) { return w.scene.watchedBodies; },
          "bodies whose drift the scene is about")
      .def_property(
          "solver", [](const World& w) { return w.solverObject; },
          [](World& w, py::object solver) {
            if (!solver.is_none() && !py::isinstance<Solver>(solver))
              throw py::type_error("World.solver takes an mlcp.Solver or None");
            Solver* s = solver.is_none() ? nullptr : solver.cast<Solver*>();
            w.locked([&](dynamics::World& world) { world.setSolver(s ? &s->get() : nullptr); });
            w.solver = s;
            w.solverObject = std::move(solver);
          },
          "the mlcp.Solver of the following steps (None detaches); may change between steps")
      .def(
          "step",
          [](World& w, std::optional<double> h) {
            w.locked([&](dynamics::World& world) { world.step(w.stepOf(h)); });
            return w.scene.world.lastStatistics();
          },
          py::arg("h") = py::none(),
          "One step of h seconds (default time_step) with the solver; returns "
          "mlcp.StepStatistics. The GIL is released while stepping.\n"
          "Raises ValueError for a bad h or body, RuntimeError without a solver when rows exist, "
          "or when the solver reports InvalidProblem or NumericalFailure (naming the row).")
      .def("run", &run, py::arg("steps"), py::arg("h") = py::none(), py::kw_only(),
           py::arg("capture") = py::none(),
           "`steps` steps of h (default time_step); returns mlcp.Trajectory. capture: steps k "
           "whose assembled problem (from the state after k steps) to keep, or True for all. "
           "Raises as step().")
      .def(
          "prepare_step",
          [](World& w, std::optional<double> h) {
            Problem p;
            w.locked(
                [&](dynamics::World& world) { p = world.prepareStep(w.stepOf(h)).toProblem(); });
            return p;
          },
          py::arg("h") = py::none(),
          "The problem of a step of h from the current state (factor form), without stepping.")
      .def(
          "last_problem", [](const World& w) { return w.scene.world.lastProblem().toProblem(); },
          "The problem of the last step (factor form: A = J M^-1 J^T + CFM/h).")
      .def_property_readonly(
          "last_lambda", [](const World& w) { return toArray(w.scene.world.lastLambda()); },
          "(n) lambda of the last step (unit: N, N m)")
      .def_property_readonly("last_statistics",
                             [](const World& w) { return w.scene.world.lastStatistics(); })
      .def_property_readonly("step_count", [](const World& w) { return w.scene.world.stepCount(); })
      .def_property_readonly(
          "time", [](const World& w) { return w.scene.world.time(); }, "(unit: s)")
      .def_property_readonly("body_count", [](const World& w) { return w.scene.world.bodyCount(); })
      .def_property_readonly(
          "kinetic_energy", [](const World& w) { return w.scene.world.kineticEnergy(); },
          "(unit: J)")
      .def_property_readonly(
          "potential_energy", [](const World& w) { return w.scene.world.potentialEnergy(); },
          "(unit: J)")
      .def(
          "set_warm_start", [](World& w, bool on) { w.scene.world.setWarmStart(on); },
          py::arg("on"),
          "Warm start iterative solvers with the previous lambda of matching rows (default on).")
      .def("__repr__", [](const World& w) {
        return fmt::format("<mlcp.World {} {} bodies, step {}>", w.scene.name,
                           w.scene.world.bodyCount(), w.scene.world.stepCount());
      });
  bindBodies(c);
}

}  // namespace

void bindDynamics(py::module_& m) {
  bindCatalog(m);
  bindStatistics(m);
  bindWorld(m);
}

}  // namespace mlcp::python
