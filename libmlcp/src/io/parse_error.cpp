#include <mlcp/io/parse_error.hpp>

#include <fmt/format.h>

#include <utility>

namespace mlcp {

ParseError::ParseError(std::string file, int line, const std::string& message)
    : std::runtime_error(fmt::format("{}:{}: {}", file, line, message)),
      m_file(std::move(file)),
      m_line(line) {}

}  // namespace mlcp
