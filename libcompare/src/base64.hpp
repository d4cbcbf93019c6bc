#pragma once

#include <string>
#include <string_view>

namespace mlcp::compare {

/// `bytes` in standard Base64 (RFC 4648 section 4: alphabet A-Z a-z 0-9 + /, '=' padding, no
/// line breaks), as a data: URI needs it.
std::string base64Encode(std::string_view bytes);

}  // namespace mlcp::compare
