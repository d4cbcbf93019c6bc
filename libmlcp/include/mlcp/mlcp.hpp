#pragma once

/// Umbrella header of libmlcp: the MixedLCP base, its solvers, residuals, files, generators.

#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/composite/fallback_solver.hpp>
#include <mlcp/composite/island_solver.hpp>
#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/factors.hpp>
#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/operator.hpp>
#include <mlcp/core/options.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/core/problem_check.hpp>
#include <mlcp/core/report.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/core/solver_with_options.hpp>
#include <mlcp/core/status.hpp>
#include <mlcp/generators/random_problem.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/gradient/nncg_solver.hpp>
#include <mlcp/io/atomic_file.hpp>
#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/fclib_io.hpp>
#include <mlcp/io/parse_error.hpp>
#include <mlcp/io/problem_file.hpp>
#include <mlcp/io/siconos_io.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/newton/primal_newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>
#include <mlcp/splitting/jacobi_solver.hpp>
#include <mlcp/splitting/nsgs_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>
#include <mlcp/splitting/subspace_minimization_solver.hpp>
