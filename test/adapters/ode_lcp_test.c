/* C test of mlcpSolveLCP() (mlcp/adapters/ode/ode_lcp.h) on ODE's own self-test recipe,
 * dTestSolveLCP() in ode/src/lcp.cpp: n = 100, nub = 50, A = A2 A2^T from dMakeRandomMatrix,
 * a random x, b = A x + U(-0.1, 0.1), rows >= nub boxed with lo = -(U(0,1) + 0.01) and
 * hi = U(0,1) + 0.01, passed in ODE's layout (row stride dPAD(n), upper triangle cleared), with
 * ODE's own random and matrix helpers from libode. The checks are ODE's:
 * max |A x - (b + w)| <= 1e-9, and every row exactly one of x == lo && w >= 0, x == hi && w <= 0,
 * lo <= x <= hi && w == 0.
 * Exit code 0 when every check passes. */

#include <mlcp/adapters/ode/ode_lcp.h>

#include <ode/ode.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kN = 100, kNub = 50, kProblems = 1000 }; /* ODE runs 1000 problems too */
static const double kTolerance = 1e-9;          /* ODE's dDOUBLE tolerance */

static int g_failures = 0;

#define CHECK(condition, ...)                                                       \
  do {                                                                              \
    if (!(condition)) {                                                             \
      ++g_failures;                                                                 \
      fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #condition); \
      fprintf(stderr, __VA_ARGS__);                                                 \
      fprintf(stderr, "\n");                                                        \
    }                                                                               \
  } while (0)

static double* allocate(int count) {
  double* p = (double*)calloc((size_t)count, sizeof(double));
  if (p == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return p;
}

/* One problem of ODE's recipe, solved and checked as ODE's self-test does. Returns the number
 * of rows at lo, at hi and interior through the pointers. */
static void solveRecipeProblem(int* atLo, int* atHi, int* interior, double* seconds) {
  const int n = kN;
  const int nskip = mlcpPaddedStride(n);
  double* A = allocate(n * nskip);
  double* A2 = allocate(n * nskip);
  double* x = allocate(n);
  double* b = allocate(n);
  double* b2 = allocate(n);
  double* w = allocate(n);
  double* lo = allocate(n);
  double* hi = allocate(n);
  double* lo2 = allocate(n);
  double* hi2 = allocate(n);
  double* tmp1 = allocate(n);
  double* tmp2 = allocate(n);
  int i;

  CHECK(nskip == dPAD(n), "mlcpPaddedStride(%d) = %d but ODE's dPAD gives %d", n, nskip, dPAD(n));
  dMakeRandomMatrix(A2, n, n, 1.0);
  dMultiply2(A, A2, A2, n, n, n);
  dMakeRandomMatrix(x, n, 1, 1.0);
  dMultiply0(b, A, x, n, n, 1);
  for (i = 0; i < n; i++) b[i] += (dRandReal() * 0.2) - 0.1;
  for (i = 0; i < kNub; i++) {
    lo[i] = -dInfinity;
    hi[i] = dInfinity;
  }
  for (i = kNub; i < n; i++) lo[i] = -dRandReal() - 0.01;
  for (i = kNub; i < n; i++) hi[i] = dRandReal() + 0.01;

  memcpy(A2, A, (size_t)(n * nskip) * sizeof(double));
  dClearUpperTriangle(A2, n);
  memcpy(b2, b, (size_t)n * sizeof(double));
  memcpy(lo2, lo, (size_t)n * sizeof(double));
  memcpy(hi2, hi, (size_t)n * sizeof(double));
  dSetZero(x, n);
  dSetZero(w, n);

  {
    const int status = mlcpSolveLCP(n, A2, x, b2, w, kNub, lo2, hi2, NULL);
    MlcpLcpReport report;
    mlcpLCPLastReport(&report);
    CHECK(status == MlcpLcpConverged, "status %s: %s", mlcpLCPStatusName(status), report.message);
    *seconds += report.solveSeconds;
  }

  /* ODE's checks. */
  dMultiply0(tmp1, A, x, n, n, 1);
  for (i = 0; i < n; i++) tmp2[i] = b[i] + w[i];
  {
    const double diff = dMaxDifference(tmp1, tmp2, n, 1);
    CHECK(diff <= kTolerance, "A*x = b+w, maximum difference = %.6e", diff);
  }
  for (i = 0; i < n; i++) {
    if (x[i] == lo[i] && w[i] >= 0) {
      ++*atLo;
    } else if (x[i] == hi[i] && w[i] <= 0) {
      ++*atHi;
    } else if (x[i] >= lo[i] && x[i] <= hi[i] && w[i] == 0) {
      ++*interior;
    } else {
      CHECK(0, "FAILED: i=%d x=%.4e w=%.4e lo=%.4e hi=%.4e", i, x[i], w[i], lo[i], hi[i]);
    }
  }
  /* The inputs ODE may overwrite are left as they were. */
  CHECK(memcmp(b2, b, (size_t)n * sizeof(double)) == 0, "b was modified");
  CHECK(memcmp(lo2, lo, (size_t)n * sizeof(double)) == 0, "lo was modified");

  free(A);
  free(A2);
  free(x);
  free(b);
  free(b2);
  free(w);
  free(lo);
  free(hi);
  free(lo2);
  free(hi2);
  free(tmp1);
  free(tmp2);
}

/* A contact with two friction rows (findex), in the padded layout: n = 3, stride 4. */
static void solveFrictionRows(void) {
  double A[12] = {1, 0, 0, 0, /* row 0 */ 0, 1, 0, 0, /* row 1 */ 0, 0, 1, 0 /* row 2 */};
  double b[3] = {2.0, 3.0, 0.5}; /* normal impulse 2; friction pushed beyond mu x0 = 1 on row 1 */
  double lo[3] = {0.0, -0.5, -0.5};
  double hi[3] = {dInfinity, 0.5, 0.5};
  int findex[3] = {-1, 0, 0};
  double x[3] = {9, 9, 9};
  double w[3];
  const int status = mlcpSolveLCP(3, A, x, b, w, 0, lo, hi, findex);
  CHECK(status == MlcpLcpConverged, "friction rows: status %s", mlcpLCPStatusName(status));
  CHECK(fabs(x[0] - 2.0) <= 1e-14, "normal x0 = %g, want 2", x[0]);
  CHECK(fabs(x[1] - 1.0) <= 1e-14, "friction x1 = %g, want mu x0 = 1", x[1]);
  CHECK(fabs(x[2] - 0.5) <= 1e-14 && w[2] == 0.0, "friction x2 = %g w2 = %g", x[2], w[2]);
  CHECK(w[1] < 0.0, "saturated friction row must have w <= 0, got %g", w[1]);
}

static void reportsErrorsInsteadOfPrinting(void) {
  double A[4] = {2, 0, 0, 0};
  double b[1] = {1.0};
  double lo[1] = {1.0};
  double hi[1] = {0.5}; /* lo > hi */
  double x[1] = {3.0};
  double w[1];
  MlcpLcpReport report;
  int status = mlcpSolveLCP(1, A, x, b, w, 0, lo, hi, NULL);
  mlcpLCPLastReport(&report);
  CHECK(status == MlcpLcpInvalidProblem, "lo > hi: status %s", mlcpLCPStatusName(status));
  CHECK(strstr(report.message, "lo[0]") != NULL, "message names the row: %s", report.message);
  CHECK(x[0] == 0.0, "x is zeroed on invalid data, got %g", x[0]);

  status = mlcpSolveLCP(1, NULL, x, b, w, 0, lo, hi, NULL);
  CHECK(status == MlcpLcpInvalidProblem, "NULL A: status %s", mlcpLCPStatusName(status));

  status = mlcpSolveLCPWith("no-such-solver", 1, A, x, b, w, 0, lo, hi, NULL);
  mlcpLCPLastReport(&report);
  CHECK(status == MlcpLcpUnknownSolver, "unknown solver: status %s", mlcpLCPStatusName(status));
  CHECK(strstr(report.message, "dantzig") != NULL, "lists the known names: %s", report.message);
  CHECK(mlcpSelectLCPSolver("no-such-solver") == MlcpLcpUnknownSolver, "select unknown");
  CHECK(mlcpSelectLCPSolver("dantzig") == MlcpLcpConverged, "select dantzig");
}

int main(void) {
  int atLo = 0, atHi = 0, interior = 0, k;
  double seconds = 0.0;
  dRandSetSeed(0);
  for (k = 0; k < kProblems; k++) solveRecipeProblem(&atLo, &atHi, &interior, &seconds);
  printf(
      "dTestSolveLCP recipe: %d problems (n = %d, nub = %d) with mlcpSolveLCP (dantzig): "
      "rows at lo %d, at hi %d, interior %d; mean solve %.1f us\n",
      kProblems, kN, kNub, atLo, atHi, interior, 1e6 * seconds / kProblems);
  CHECK(atLo + atHi + interior == kProblems * kN, "every row classified");
  CHECK(atLo > 0 && atHi > 0, "both bounds are active somewhere (lo %d, hi %d)", atLo, atHi);
  solveFrictionRows();
  reportsErrorsInsteadOfPrinting();
  if (g_failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", g_failures);
    return 1;
  }
  printf("all checks passed\n");
  return 0;
}
