#pragma once

#include <mlcp/dynamics/world.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace mlcp::app {

/// Exit status of a `simulate` or `capture` run cut short by a failing step (a non-finite state,
/// a solver error): what was computed before is written (docs/cli.md, "Runs cut short"). A run
/// stopped by a signal exits with InterruptScope::exitCode() (130 for Ctrl-C) instead.
inline constexpr int kExitCutShort = 3;

/// Why a stepping run (simulate, capture) stopped before its last step.
struct RunStop {
  /// Steps completed and kept (their states written); the failing step is completed + 1.
  int completed = 0;
  /// Steps the run was to take.
  int steps = 0;
  /// What went wrong: the library's message (World::step, Body::validate), "" for a signal.
  std::string reason;
  /// The signal that stopped the run (SIGINT, SIGTERM), 0 for a failing step.
  int signal = 0;

  /// "stopped at step 2342 of 3000: body 'box': angular velocity w_WB = (-nan, -nan, -nan) must
  /// be finite (rad/s)" or "interrupted by SIGINT after step 812 of 3000".
  std::string describe() const;
  /// kExitCutShort, or 128 + signal.
  int exitCode() const;
};

/// Thrown from inside a stepping loop (the progress callback of dynamics::SceneStepper) to stop
/// it; carries the RunStop to report.
class RunStopped : public std::runtime_error {
 public:
  /// @param stop why the run stops (its describe() is what())
  explicit RunStopped(RunStop stop);
  /// Why the run stopped.
  const RunStop& stop() const { return m_stop; }

 private:
  RunStop m_stop;
};

/// The step loop of `simulate` (every engine): up to `steps` calls of step(), each followed by
/// nonFinite() (a non-empty answer stops the run with that reason) and, when it passed,
/// afterStep() (recording the completed step). Stops early, returning why, when step() throws
/// (its what() is the reason) or SIGINT or SIGTERM arrives between steps (InterruptScope).
std::optional<RunStop> runSteps(int steps,
                                const std::function<void()>& step,
                                const std::function<std::string()>& nonFinite,
                                const std::function<void()>& afterStep);

/// "" when every body's state (p_WB, q_WB, v_WB, w_WB) is finite; otherwise the first bad
/// body's error as Body::validate words it ("body 'box': angular velocity w_WB = (-nan, -nan,
/// -nan) must be finite (rad/s)"). O(bodies); checked after every step, since a state that
/// turned non-finite is otherwise only rejected by the next step.
std::string nonFiniteState(const dynamics::World& world);

}  // namespace mlcp::app
