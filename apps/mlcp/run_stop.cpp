#include "run_stop.hpp"

#include "interrupt_scope.hpp"

#include <fmt/format.h>

#include <utility>

namespace mlcp::app {

std::string RunStop::describe() const {
  if (signal != 0)
    return fmt::format("interrupted by {} after step {} of {}", InterruptScope::signalName(signal),
                       completed, steps);
  return fmt::format("stopped at step {} of {}: {}", completed + 1, steps, reason);
}

int RunStop::exitCode() const {
  return signal != 0 ? InterruptScope::exitCode(signal) : kExitCutShort;
}

RunStopped::RunStopped(RunStop stop)
    : std::runtime_error(stop.describe()), m_stop(std::move(stop)) {}

std::optional<RunStop> runSteps(int steps,
                                const std::function<void()>& step,
                                const std::function<std::string()>& nonFinite,
                                const std::function<void()>& afterStep) {
  const InterruptScope interrupt;
  for (int k = 0; k < steps; ++k) {
    if (interrupt.interrupted()) return RunStop{k, steps, {}, interrupt.signal()};
    try {
      step();
    } catch (const std::exception& e) {
      return RunStop{k, steps, e.what(), 0};
    }
    if (std::string why = nonFinite(); !why.empty()) return RunStop{k, steps, std::move(why), 0};
    afterStep();
  }
  return std::nullopt;
}

std::string nonFiniteState(const dynamics::World& world) {
  for (const dynamics::Body& body : world.bodies()) {
    if (body.p_WB.allFinite() && body.q_WB.coeffs().allFinite() && body.v_WB.allFinite() &&
        body.w_WB.allFinite())
      continue;
    try {
      body.validate();
    } catch (const std::exception& e) {
      return e.what();
    }
    return fmt::format("body '{}': its state is not finite", body.name);
  }
  return {};
}

}  // namespace mlcp::app
