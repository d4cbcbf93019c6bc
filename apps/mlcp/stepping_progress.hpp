#pragma once

#include <mlcp/dynamics/scene_stepper.hpp>

#include <string>

namespace mlcp::app {

/// Seconds of stepping before the progress line appears: short scenes stay silent.
inline constexpr double kSteppingQuietSeconds = 1.0;
/// Seconds between progress lines when stderr is not a terminal (logs, pipes).
inline constexpr double kSteppingLogSeconds = 10.0;

/// A progress report on stderr for stepping a scene to its captured step ("pile count=1000 step
/// 90: stepped 37 of 90, 4824 rows, pgs, 12 s"), shown once stepping has taken
/// kSteppingQuietSeconds: redrawn in place and erased at the end on a terminal, otherwise one
/// line every kSteppingLogSeconds and one at the end.
/// @param label what is being stepped, e.g. "pile count=1000 step 90"
dynamics::SceneStepper::Progress steppingProgressLine(std::string label);

}  // namespace mlcp::app
