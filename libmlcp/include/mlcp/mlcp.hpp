#pragma once

/// Umbrella header of libmlcp: the MixedLCP base, its solvers, residuals, files, generators.

#include <mlcp/apgd_solver.hpp>
#include <mlcp/atomic_file.hpp>
#include <mlcp/auto_solver.hpp>
#include <mlcp/blcp_io.hpp>
#include <mlcp/box_problem_generator.hpp>
#include <mlcp/dantzig_solver.hpp>
#include <mlcp/fallback_solver.hpp>
#include <mlcp/fclib_io.hpp>
#include <mlcp/island_solver.hpp>
#include <mlcp/jacobi_solver.hpp>
#include <mlcp/lemke_solver.hpp>
#include <mlcp/matrix_free_problem.hpp>
#include <mlcp/mixed_lcp.hpp>
#include <mlcp/newton_solver.hpp>
#include <mlcp/nncg_solver.hpp>
#include <mlcp/nsgs_solver.hpp>
#include <mlcp/operator.hpp>
#include <mlcp/options.hpp>
#include <mlcp/pgs_solver.hpp>
#include <mlcp/problem.hpp>
#include <mlcp/problem_file.hpp>
#include <mlcp/random_problem.hpp>
#include <mlcp/report.hpp>
#include <mlcp/residual.hpp>
#include <mlcp/siconos_io.hpp>
#include <mlcp/solver_factory.hpp>
#include <mlcp/status.hpp>
#include <mlcp/subspace_minimization_solver.hpp>
