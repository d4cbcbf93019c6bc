#include <mlcp/adapters/ode_world/ode_world_options.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::adapters {

std::string_view toString(OdeStepper stepper) {
  return stepper == OdeStepper::Dantzig ? "dantzig" : "quickstep";
}

OdeStepper odeStepperFromString(std::string_view name) {
  for (OdeStepper stepper : {OdeStepper::Dantzig, OdeStepper::QuickStep})
    if (name == toString(stepper)) return stepper;
  throw std::invalid_argument(
      fmt::format("ode: unknown stepper '{}' (ODE's own steppers: dantzig = dWorldStep, "
                  "quickstep = dWorldQuickStep)",
                  name));
}

bool OdeWorldOptions::isValid(std::string* why) const {
  std::string message;
  if (quickStepIterations < 1)
    message = fmt::format("quickStepIterations = {} must be >= 1", quickStepIterations);
  else if (maxContactsPerPair < 1 || maxContactsPerPair > 16)
    message = fmt::format("maxContactsPerPair = {} must be in 1 .. 16", maxContactsPerPair);
  if (why != nullptr) *why = message;
  return message.empty();
}

}  // namespace mlcp::adapters
