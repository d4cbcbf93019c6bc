// PeerOutputCapture: what a peer library prints while it solves goes into the capture, in order,
// and never reaches descriptors 1 and 2; appendPeerOutput() words it into a one-line message.

#include "descriptor_redirect.hpp"

#include <mlcp/adapters/common/peer_output_capture.hpp>

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace ma = mlcp::adapters;
using mlcp::test::DescriptorRedirect;

BOOST_AUTO_TEST_SUITE(PeerOutputCapture)

BOOST_AUTO_TEST_CASE(c_and_cpp_output_on_both_descriptors_is_captured_in_order) {
  std::string captured;
  bool active = false;
  {
    DescriptorRedirect terminal;  // stands for the terminal: must stay empty
    ma::PeerOutputCapture capture;
    active = capture.active();
    std::printf("[Numerics] one\n");
    std::fflush(stdout);  // stdout and stderr buffer differently: flushed here to keep order
    std::fprintf(stderr, "two\n");
    std::cerr << "three\n";
    std::cout << "four" << std::endl;
    const char raw[] = "five\n";
    BOOST_REQUIRE(::write(STDERR_FILENO, raw, sizeof(raw) - 1) > 0);
    std::printf("six");  // left in stdout's buffer: finish() flushes it into the capture
    captured = capture.finish();
    BOOST_TEST(capture.finish().empty());  // a second call returns nothing
    BOOST_TEST(!capture.active());
    std::fprintf(stderr, "after\n");  // restored: reaches the "terminal"
    const std::string terminalText = terminal.finish();
    BOOST_TEST(terminalText == "after\n");
  }
  BOOST_TEST(active);
  BOOST_TEST(captured == "[Numerics] one\ntwo\nthree\nfour\nfive\nsix");
}

BOOST_AUTO_TEST_CASE(a_capture_sees_only_its_own_text) {
  std::string first, second, outer, inner;
  {
    ma::PeerOutputCapture a;
    std::fprintf(stderr, "first\n");
    first = a.finish();
  }
  {
    ma::PeerOutputCapture b;
    std::fprintf(stderr, "second\n");
    second = b.finish();
  }
  {
    ma::PeerOutputCapture o;
    std::fprintf(stderr, "outer\n");
    {
      ma::PeerOutputCapture i;  // nested on the same thread
      std::fprintf(stderr, "inner\n");
      inner = i.finish();
    }
    std::fprintf(stderr, "outer again\n");
    outer = o.finish();
  }
  BOOST_TEST(first == "first");
  BOOST_TEST(second == "second");  // the file is truncated between captures
  BOOST_TEST(inner == "inner");
  BOOST_TEST(outer == "outer\nouter again");
}

BOOST_AUTO_TEST_CASE(long_output_is_cut_with_a_count) {
  const std::string line(100, 'x');
  std::string captured;
  {
    ma::PeerOutputCapture capture;
    for (int i = 0; i < 100; ++i) std::fprintf(stderr, "%s\n", line.c_str());
    captured = capture.finish();
  }
  const std::size_t total = 100 * 101;
  BOOST_TEST(captured.size() > ma::PeerOutputCapture::kMaxBytes);
  BOOST_TEST(captured.size() < ma::PeerOutputCapture::kMaxBytes + 40);
  const std::string note =
      "... (" + std::to_string(total - ma::PeerOutputCapture::kMaxBytes) + " more bytes)";
  BOOST_TEST(captured.substr(captured.size() - note.size()) == note);
}

BOOST_AUTO_TEST_CASE(captures_in_two_threads_each_get_their_own_text) {
  constexpr int kRounds = 50;
  std::vector<std::string> texts(2 * kRounds);
  std::string terminalText;
  {
    DescriptorRedirect terminal;
    auto work = [&texts](int thread) {
      for (int k = 0; k < kRounds; ++k) {
        ma::PeerOutputCapture capture;
        std::fprintf(stderr, "thread %d round %d\n", thread, k);
        std::printf("stdout %d %d\n", thread, k);
        texts[static_cast<std::size_t>(thread * kRounds + k)] = capture.finish();
      }
    };
    std::thread other(work, 1);
    work(0);
    other.join();
    terminalText = terminal.finish();
  }
  BOOST_TEST(terminalText.empty());
  for (int thread = 0; thread < 2; ++thread)
    for (int k = 0; k < kRounds; ++k)
      BOOST_TEST(texts[static_cast<std::size_t>(thread * kRounds + k)] ==
                 "thread " + std::to_string(thread) + " round " + std::to_string(k) + "\nstdout " +
                     std::to_string(thread) + " " + std::to_string(k));
}

BOOST_AUTO_TEST_CASE(append_makes_one_line) {
  std::string message = "solved by siconos-mlcp-lemke";
  ma::appendPeerOutput(message, "[Numerics] a\n\n  [Numerics] b  \n");
  BOOST_TEST(message ==
             "solved by siconos-mlcp-lemke; the peer printed: \"[Numerics] a | [Numerics] b\"");
  std::string empty;
  ma::appendPeerOutput(empty, "x");
  BOOST_TEST(empty == "the peer printed: \"x\"");
  std::string unchanged = "solved";
  ma::appendPeerOutput(unchanged, " \n\t\n");
  BOOST_TEST(unchanged == "solved");
}

BOOST_AUTO_TEST_SUITE_END()
