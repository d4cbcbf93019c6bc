#pragma once

/// @file
/// The header of earlier versions, kept for one release: mlcp::MatrixFreeProblem is now
/// mlcp::Factors (the factor form A = J M^-1 J^T + diag(cfm)).
/// @deprecated Include mlcp/core/factors.hpp.

#include <mlcp/core/factors.hpp>
