#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <vector>

namespace mlcp::bench {

/// CPU time used by the calling thread so far (unit: s). The solvers compared are
/// single-threaded, so this is their solve time without the noise of other processes on a
/// shared machine (wall time counts their time slices too).
double threadSeconds();

/// How long to keep timing one problem.
struct TimingBudget {
  double seconds = 0.5;  ///< stop after this much solving time, once minRepeats are done
  int minRepeats = 3;    ///< rounds at least
  int maxRepeats = 41;   ///< rounds at most
};

/// The timing of one solver on one problem.
struct TimedSolve {
  bool ran = false;            ///< false when the solver refused the problem (InvalidProblem)
  double medianSeconds = 0.0;  ///< median CPU time of one solve() (validation and residual in)
  double minSeconds = 0.0;     ///< least CPU time of one solve (the least disturbed run)
  int repeats = 0;             ///< timed solves
  SolveReport report;          ///< of the last solve
};

/// Times solve() of every solver, each already holding the same problem: one untimed warm-up
/// solve each (the first solve may size buffers; a solver reporting InvalidProblem is left out),
/// then interleaved rounds that solve once with every solver, so that a slow phase of the
/// machine hits all of them alike.
std::vector<TimedSolve> timeInterleaved(const std::vector<MixedLCP*>& solvers,
                                        const TimingBudget& budget);

}  // namespace mlcp::bench
