/**
 * @file
 * ODE's classic dSolveLCP() interface backed by any mlcp::MixedLCP, for C code.
 *
 * Drop-in for code written against ODE's internal LCP routine (ode/src/lcp.h, ODE <= 0.11.1;
 * the same signature Bullet's btSolveDantzigLCP and DART's dSolveLCP copy):
 *
 *     void dSolveLCP(int n, dReal *A, dReal *x, dReal *b, dReal *w,
 *                    int nub, dReal *lo, dReal *hi, int *findex);
 *
 * becomes mlcpSolveLCP() with the same arguments (dReal = double, ODE's dDOUBLE build) and an
 * MlcpLcpStatus result instead of printing "LCP internal error" and carrying on.
 *
 * Used terms (ODE's convention, docs/conventions.md): find x and w = A x - b with, for every
 * row i and effective bounds l_i <= u_i,
 *     x_i = l_i and w_i >= 0,  or  x_i = u_i and w_i <= 0,  or  l_i < x_i < u_i and w_i = 0.
 * l_i = lo[i], u_i = hi[i] when findex is NULL or findex[i] < 0; a friction row i with
 * findex[i] = k >= 0 has u_i = |hi[i] * x[k]|, l_i = -u_i (hi[i] holds mu).
 *
 * Layout (ODE's, easy to get wrong):
 *  - A is n x n, row-major with the padded row stride dPAD(n) = n rounded up to a multiple of 4
 *    when n > 1 (mlcpPaddedStride()); element (i, j) is A[i * dPAD(n) + j]. Only the lower
 *    triangle (j <= i) is read: A must be symmetric and its upper triangle may hold anything.
 *  - x (n) is an output only (ODE zeroes it); w (n) is an output and may be NULL.
 *  - The first nub rows are unbounded whatever lo and hi hold (lo = -inf, hi = +inf), as in ODE.
 *  - findex (n) may be NULL (no friction rows).
 *  - ODE may overwrite A, b, lo, hi; this function never does (callers may keep passing copies).
 *
 * Result: on MlcpLcpConverged x solves the problem to the solver's tolerance. On the other
 * statuses x holds what the solver's contract says (MlcpLcpMaxIterations, MlcpLcpTimeLimit,
 * MlcpLcpSingularPivot, MlcpLcpUnbounded, MlcpLcpInaccurate: the last consistent iterate, finite,
 * within its bounds) or zeros (invalid problem, numerical failure, unknown solver, internal
 * error); mlcpLCPLastReport() says why. w is returned in ODE's form: exactly 0 on rows strictly
 * inside their bounds (there complementarity makes w vanish, and the rounding error of the
 * equation shows in A x - b - w), A x - b on rows at a bound, so ODE's exact self-test checks
 * (x == lo && w >= 0, x == hi && w <= 0, lo <= x <= hi && w == 0) apply unchanged.
 *
 * Solver choice: mlcpSolveLCP() uses the calling thread's solver, "dantzig" unless
 * mlcpSelectLCPSolver() chose another registered name ("pgs", "bullet-dantzig", ...);
 * mlcpSolveLCPWith() names it per call. Each thread keeps its own solver, workspace and last
 * report (no shared state): a repeated call at the same n allocates nothing beyond what the
 * solver allocates. No C++ exception ever leaves these functions.
 */
#ifndef MLCP_ADAPTERS_ODE_ODE_LCP_H
#define MLCP_ADAPTERS_ODE_ODE_LCP_H

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of mlcpSolveLCP(); the first nine mirror mlcp::Status. */
typedef enum MlcpLcpStatus {
  MlcpLcpConverged = 0,        /**< x solves the problem to the solver's tolerance */
  MlcpLcpMaxIterations = 1,    /**< iteration / pivot / friction-round limit; x last iterate */
  MlcpLcpTimeLimit = 2,        /**< time limit; x last iterate */
  MlcpLcpSingularPivot = 3,    /**< A(C,C) singular or indefinite (ODE's "s <= 0"); add CFM */
  MlcpLcpUnbounded = 4,        /**< no finite pivoting step; infeasible or A not PSD */
  MlcpLcpInaccurate = 5,       /**< terminated above the tolerance (ill-conditioned A) */
  MlcpLcpNumericalFailure = 6, /**< NaN or Inf appeared; x = 0 */
  MlcpLcpInvalidProblem = 7,   /**< bad data (n, NULL array, NaN, lo > hi, findex); x = 0 */
  MlcpLcpUnknownSolver = 8,    /**< no solver registered under the chosen name; x = 0 */
  MlcpLcpInternalError = 9,    /**< out of memory or another internal error; x = 0 */
  MlcpLcpUnsupported = 10      /**< valid, but not for this solver (non-symmetric A, ...); x = 0 */
} MlcpLcpStatus;

/** What the last call on this thread produced (mlcpLCPLastReport()). */
typedef struct MlcpLcpReport {
  int status;              /**< an MlcpLcpStatus */
  int iterations;          /**< iterations (Dantzig: friction rounds) */
  int pivots;              /**< pivots of pivoting solvers */
  double absoluteResidual; /**< ||x - clamp(x - w, l, u)||_inf (spec residual), NaN when unset */
  double relativeResidual; /**< absoluteResidual / max(1, ||b||_inf) */
  double solveSeconds;     /**< wall time of the solve (unit: s) */
  const char* solver;      /**< name of the solver used; valid until the next call on the thread */
  const char* message;     /**< why, naming the row or field; valid until the next call */
} MlcpLcpReport;

/**
 * Solves ODE's problem (see the file comment) with the calling thread's solver.
 * @param[in] n number of rows, >= 0
 * @param[in] A (n x dPAD(n)) row-major, lower triangle read (symmetric A); not modified
 * @param[out] x (n) the solution (impulses or forces, in the caller's units)
 * @param[in] b (n) right side of w = A x - b; not modified
 * @param[out] w (n) ODE's w (0 on interior rows, A x - b at a bound), or NULL
 * @param[in] nub the first nub rows are unbounded, 0 <= nub <= n
 * @param[in] lo (n) lower bounds (-INFINITY allowed); not modified
 * @param[in] hi (n) upper bounds (INFINITY allowed), mu on friction rows; not modified
 * @param[in] findex (n) -1 or the normal row of each friction row, or NULL
 * @return an MlcpLcpStatus; MlcpLcpInvalidProblem for bad data (NULL arrays, NaN, lo > hi, a bad
 *         findex), with mlcpLCPLastReport() naming the row or field
 */
int mlcpSolveLCP(int n,
                 double* A,
                 double* x,
                 double* b,
                 double* w,
                 int nub,
                 double* lo,
                 double* hi,
                 int* findex);

/**
 * As mlcpSolveLCP(), with the solver registered as `solver` (NULL: the thread's solver); an
 * unknown name returns MlcpLcpUnknownSolver with x zeroed.
 */
int mlcpSolveLCPWith(const char* solver,
                     int n,
                     double* A,
                     double* x,
                     double* b,
                     double* w,
                     int nub,
                     double* lo,
                     double* hi,
                     int* findex);

/**
 * Chooses the solver mlcpSolveLCP() uses on this thread. Returns MlcpLcpConverged, or
 * MlcpLcpUnknownSolver (the choice is unchanged; the report's message lists the known names).
 */
int mlcpSelectLCPSolver(const char* solver);

/** Copies the report of the last call on this thread into *report (no-op for NULL). */
void mlcpLCPLastReport(MlcpLcpReport* report);

/** "converged", "max-iterations", ... ("unknown-solver", "internal-error"); never NULL. */
const char* mlcpLCPStatusName(int status);

/** ODE's dPAD(n): the row stride of A (n rounded up to a multiple of 4 when n > 1). */
int mlcpPaddedStride(int n);

#ifdef __cplusplus
}
#endif

#endif /* MLCP_ADAPTERS_ODE_ODE_LCP_H */
