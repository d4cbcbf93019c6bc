#pragma once

#include <mlcp/core/problem.hpp>

#include <filesystem>
#include <vector>

namespace mlcp::adapters {

/// What a scene capture (captureBulletScene(), captureDartScene()) ran and recorded.
struct CaptureResult {
  int steps = 0;                             ///< simulation steps taken
  int assembled = 0;                         ///< problems the framework assembled
  int failures = 0;                          ///< problems its solver reported as failed
  std::vector<std::filesystem::path> files;  ///< BLCP files written, in order
  std::vector<Problem> captured;             ///< problems kept in memory (no folder given)
};

}  // namespace mlcp::adapters
