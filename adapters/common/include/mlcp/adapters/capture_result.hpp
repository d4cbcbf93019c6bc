#pragma once

#include <filesystem>
#include <vector>

namespace mlcp::adapters {

/// What a scene capture (captureBulletScene(), captureDartScene()) ran and wrote.
struct CaptureResult {
  int steps = 0;                             ///< simulation steps taken
  int problems = 0;                          ///< problems the framework assembled
  int failures = 0;                          ///< problems its solver reported as failed
  std::vector<std::filesystem::path> files;  ///< BLCP files written, in order
};

}  // namespace mlcp::adapters
