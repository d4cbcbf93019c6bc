#include "base64.hpp"

#include <algorithm>
#include <cstdint>

namespace mlcp::compare {

std::string base64Encode(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    // Up to three bytes make a 24-bit group, written as four 6-bit digits.
    const size_t count = std::min<size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (size_t k = 0; k < 3; ++k)
      group = (group << 8) | (k < count ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (size_t k = 0; k < 4; ++k)
      out += k <= count ? kAlphabet[(group >> (18 - 6 * k)) & 0x3f] : '=';
  }
  return out;
}

}  // namespace mlcp::compare
