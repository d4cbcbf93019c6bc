#pragma once

#include <mlcp/io/problem_file.hpp>

#include <cstddef>
#include <span>
#include <string>

namespace mlcp::detail {

/// The FCLIB reader behind readFclib(), readFclibImage() and readProblemFile(): an FCLIB file's
/// bytes, already read, opened in memory. `label` names the file in messages, `fileName` starts
/// the problem's name. Built from fclib_reader.cpp with MLCP_WITH_FCLIB, from
/// fclib_unavailable.cpp (which throws) without it.
/// @throws ParseError "LABEL:0: message" as readFclib() (fclib_io.hpp)
ProblemFile readFclibBytes(std::span<const std::byte> image,
                           const std::string& label,
                           const std::string& fileName);

}  // namespace mlcp::detail
