// FCLIB without its component: libmlcp built without MLCP_WITH_FCLIB (no HDF5). Every FCLIB
// entry point throws a ParseError naming the missing component; fclib_reader.cpp replaces this
// file when the component is built.
#include "io/detail/fclib_bytes.hpp"

#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/fclib_io.hpp>

namespace mlcp {

namespace detail {

ProblemFile readFclibBytes(std::span<const std::byte>,
                           const std::string& label,
                           const std::string&) {
  throw ParseError(label, 0,
                   "FCLIB (HDF5) file, but this libmlcp was built without its FCLIB component "
                   "(install HDF5's C library, e.g. libhdf5-dev, and configure with "
                   "-DMLCP_WITH_FCLIB=ON)");
}

}  // namespace detail

bool hasFclib() { return false; }

ProblemFile readFclib(const std::filesystem::path& path) {
  return detail::readFclibBytes({}, path.string(), path.filename().string());
}

ProblemFile readFclibImage(std::span<const std::byte> image, const std::string& name) {
  return detail::readFclibBytes(image, name, name);
}

}  // namespace mlcp
