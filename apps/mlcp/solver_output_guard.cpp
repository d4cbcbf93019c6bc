#include "solver_output_guard.hpp"

#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace mlcp::app {

SolverOutputGuard::SolverOutputGuard() {
  std::cout.flush();
  std::fflush(stdout);
  m_savedStdout = dup(STDOUT_FILENO);
  if (m_savedStdout >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    close(m_savedStdout);
    m_savedStdout = -1;
  }
}

SolverOutputGuard::~SolverOutputGuard() {
  if (m_savedStdout < 0) return;
  std::cout.flush();
  std::fflush(stdout);  // the solvers' buffered output goes to stderr, not to the records
  dup2(m_savedStdout, STDOUT_FILENO);
  close(m_savedStdout);
}

}  // namespace mlcp::app
