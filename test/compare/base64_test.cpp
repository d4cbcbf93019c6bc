#include "base64.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

BOOST_AUTO_TEST_SUITE(Base64)

BOOST_AUTO_TEST_CASE(rfc_4648_test_vectors) {
  // RFC 4648 section 10.
  BOOST_TEST(mlcp::compare::base64Encode("") == "");
  BOOST_TEST(mlcp::compare::base64Encode("f") == "Zg==");
  BOOST_TEST(mlcp::compare::base64Encode("fo") == "Zm8=");
  BOOST_TEST(mlcp::compare::base64Encode("foo") == "Zm9v");
  BOOST_TEST(mlcp::compare::base64Encode("foob") == "Zm9vYg==");
  BOOST_TEST(mlcp::compare::base64Encode("fooba") == "Zm9vYmE=");
  BOOST_TEST(mlcp::compare::base64Encode("foobar") == "Zm9vYmFy");
}

BOOST_AUTO_TEST_CASE(binary_bytes_use_the_whole_alphabet) {
  // The PNG signature has bytes above 0x7f and control characters; 0xfb 0xff 0xfe reaches the
  // last two digits of the alphabet.
  BOOST_TEST(mlcp::compare::base64Encode(std::string("\x89PNG\r\n\x1a\n", 8)) == "iVBORw0KGgo=");
  BOOST_TEST(mlcp::compare::base64Encode(std::string("\xfb\xff\xfe", 3)) == "+//+");
  BOOST_TEST(mlcp::compare::base64Encode(std::string(1, '\0')) == "AA==");
}

BOOST_AUTO_TEST_SUITE_END()
