#pragma once

#include <mlcp/io/problem_file.hpp>

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>

namespace mlcp {

/// True when libmlcp was built with its FCLIB component (CMake option MLCP_WITH_FCLIB, which
/// needs HDF5's C library); without it the readers below and readProblemFile() throw a
/// ParseError naming the missing component.
bool hasFclib();

/// Reads an FCLIB local frictional-contact problem (HDF5 group /fclib_local, the layout of
/// FCLIB's fclib.h [Acary 2014], restated in docs/file-formats.md): spacedim d, the Delassus
/// matrix W ((d nc) x (d nc), CSparse triplet, CSC or CSR), vectors q (d nc) and mu (nc), with
/// u = W r + q and the Coulomb cone per contact (normal first).
///
/// Converted as Siconos' local FC files are (siconos_io.hpp): A = W, b = -q; normal rows lo = 0,
/// hi = +inf; tangent rows findex = the contact's normal row, lo = -mu, hi = mu. In 3-D the cone
/// ||r_T|| <= mu r_N becomes the pyramid |r_T1|, |r_T2| <= mu r_N, which the returned
/// ProblemFile::approximation states. A stored /solution (its r) becomes Problem::x, a warm
/// start at most (FCLIB's stored solutions are not accurate; docs/file-formats.md).
/// readProblemFile() reads FCLIB files the same way.
/// @throws ParseError "FILE:0: /dataset: message" (HDF5 has no lines) when the file is missing or
///         not HDF5, is truncated, lacks a dataset, has inconsistent sizes or indices, NaN values,
///         or holds a global (/fclib_global) or mixed (V, R) problem, which are not supported;
///         when libmlcp was built without its FCLIB component (hasFclib() false)
ProblemFile readFclib(const std::filesystem::path& path);

/// As readFclib(), from the bytes of an FCLIB file held in memory (an HDF5 file image, opened
/// with HDF5's core driver: nothing is read from or written to disk). `name` labels the problem
/// and the messages. In both readers, W's arrays p, i, x may not declare more than 64 times the
/// bytes the file stores for them (a decompression bomb or unwritten chunks), and W needs at
/// least as many stored entries as rows (a Delassus matrix has a positive diagonal), so what is
/// allocated is backed by the file's data.
/// @throws ParseError as readFclib()
ProblemFile readFclibImage(std::span<const std::byte> image, const std::string& name);

}  // namespace mlcp
