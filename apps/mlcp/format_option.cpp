#include "format_option.hpp"

#include <fmt/format.h>

#include <string>

namespace mlcp::app {

void addFormatOption(CLI::App& cmd, ProblemFormat& format) {
  cmd.add_option_function<std::string>(
         "--format",
         [&format](const std::string& name) {
           const auto value = problemFormatFromString(name);
           if (!value)
             throw CLI::ValidationError(
                 "--format", fmt::format("unknown format '{}' ({})", name, problemFormatNames()));
           format = *value;
         },
         fmt::format("Input format: {} (auto: from the content, the extension as a hint)",
                     problemFormatNames()))
      ->type_name("NAME");
}

}  // namespace mlcp::app
