// mlcp.Problem (mlcp::Problem: A in any form, b, lo, hi, findex, nub, name, x), mlcp.Factors
// (mlcp::Factors: A = J M^-1 J^T + diag(cfm)) and the generators. Both pickle, so
// that mlcp.batch can send problems to Dask workers.

#include "array_conversion.hpp"
#include "bindings.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/core/problem_check.hpp>
#include <mlcp/generators/random_problem.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

namespace mlcp::python {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A new problem from Python arguments, unchecked: lo defaults to 0 (-inf on the first nub
/// rows), hi to +inf (+inf on the nub rows), findex to -1.
Problem buildProblem(py::handle A,
                     py::handle b,
                     py::handle lo,
                     py::handle hi,
                     py::handle findex,
                     int nub,
                     std::string name,
                     py::handle x) {
  Problem p;
  p.name = std::move(name);
  p.A = toOperator(A);
  p.b = asVector(vectorArray(b, "b"));
  const Eigen::Index n = p.b.size();
  const Eigen::Index free = std::clamp<Eigen::Index>(nub, 0, n);
  if (lo.is_none()) {
    p.lo = Eigen::VectorXd::Zero(n);
    p.lo.head(free).setConstant(-kInf);
  } else {
    p.lo = asVector(vectorArray(lo, "lo"));
  }
  if (hi.is_none())
    p.hi = Eigen::VectorXd::Constant(n, kInf);
  else
    p.hi = asVector(vectorArray(hi, "hi"));
  p.findex = findex.is_none() ? Eigen::VectorXi::Constant(n, -1) : indexVector(findex, "findex");
  p.nub = nub;
  if (!x.is_none()) p.x = asVector(vectorArray(x, "x"));
  return p;
}

/// buildProblem(), checked: mlcp.Problem(...).
/// @throws std::invalid_argument (ValueError) with mlcp::problemError()'s message for bad data.
Problem makeProblem(py::handle A,
                    py::handle b,
                    py::handle lo,
                    py::handle hi,
                    py::handle findex,
                    int nub,
                    std::string name,
                    py::handle x) {
  Problem p = buildProblem(A, b, lo, hi, findex, nub, std::move(name), x);
  if (std::string why = problemError(p); !why.empty()) throw std::invalid_argument(why);
  return p;
}

/// Sets p.*field = value when the problem stays valid (mlcp::problemError()); otherwise leaves p as
/// it was and throws std::invalid_argument (ValueError) with the library's message.
template <class Field>
void assignChecked(Problem& p, Field Problem::*field, Field value) {
  Field previous = std::move(p.*field);
  p.*field = std::move(value);
  if (std::string why = problemError(p); !why.empty()) {
    p.*field = std::move(previous);
    throw std::invalid_argument(why);
  }
}

/// J (n x 12), M^-1 (bodies x 6 x 6), bodies (n x 2), cfm (n) from Python arrays.
std::shared_ptr<Factors> makeFactors(
    py::handle J, py::handle inverseMass, py::handle bodies, py::handle cfm, std::string name) {
  auto f = std::make_shared<Factors>();
  f->name = std::move(name);
  const py::array_t<double> j = floatArray(J, "J");
  if (j.ndim() != 2 || j.shape(1) != 12)
    throw std::invalid_argument("J must be an n x 12 array (body 1's six entries, then body 2's)");
  const auto rows = static_cast<Eigen::Index>(j.shape(0));
  const auto jc = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(j);
  f->J = Eigen::Map<const Factors::JacobianRows>(jc.data(), rows, 12);
  const auto m = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(
      floatArray(inverseMass, "inverse_mass"));
  if (m.ndim() != 3 || m.shape(1) != 6 || m.shape(2) != 6)
    throw std::invalid_argument("inverse_mass must be a bodies x 6 x 6 array (M^-1 per body)");
  for (py::ssize_t k = 0; k < m.shape(0); ++k)
    f->inverseMass.push_back(
        Eigen::Map<const Eigen::Matrix<double, 6, 6, Eigen::RowMajor>>(m.data(k, 0, 0)));
  const py::array bodyArray = py::array::ensure(bodies);
  if (!bodyArray || bodyArray.ndim() != 2 || bodyArray.shape(1) != 2)
    throw std::invalid_argument("bodies must be an n x 2 integer array (-1 = the world)");
  const Eigen::VectorXi flat = indexVector(bodyArray.attr("reshape")(-1), "bodies");
  f->bodies = Eigen::Map<const Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor>>(
      flat.data(), flat.size() / 2, 2);
  f->cfm = asVector(vectorArray(cfm, "cfm"));
  return f;
}

py::array_t<double> inverseMassArray(const Factors& f) {
  py::array_t<double> out(
      {static_cast<py::ssize_t>(f.inverseMass.size()), py::ssize_t{6}, py::ssize_t{6}});
  for (size_t k = 0; k < f.inverseMass.size(); ++k)
    Eigen::Map<Eigen::Matrix<double, 6, 6, Eigen::RowMajor>>(
        out.mutable_data(static_cast<py::ssize_t>(k), 0, 0)) = f.inverseMass[k];
  return out;
}

py::array_t<int> bodiesArray(const Factors& f) {
  py::array_t<int> out({static_cast<py::ssize_t>(f.bodies.rows()), py::ssize_t{2}});
  Eigen::Map<Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor>>(out.mutable_data(),
                                                                     f.bodies.rows(), 2) = f.bodies;
  return out;
}

py::array_t<double> jacobianArray(const Factors& f) {
  py::array_t<double> out({static_cast<py::ssize_t>(f.J.rows()), py::ssize_t{12}});
  Eigen::Map<Factors::JacobianRows>(out.mutable_data(), f.J.rows(), 12) = f.J;
  return out;
}

void bindFactors(py::module_& m) {
  py::class_<Factors, std::shared_ptr<Factors>>(
      m, "Factors",
      "A held as the factors of a rigid-body step, A = J M^-1 J^T + diag(cfm) (n x n), never "
      "assembled by the solvers that work on them (pgs, apgd). Row i couples bodies[i, 0] and "
      "bodies[i, 1] (-1 = the static world) through J[i, 0:6] and J[i, 6:12], each ordered "
      "(linear x y z, angular x y z) in the world frame (unit: 1 and m); inverse_mass[k] is body "
      "k's 6 x 6 block [m^-1 I3, 0; 0, I_W^-1] (unit: 1/kg, 1/(kg m^2)); cfm (n) is added to the "
      "diagonal. Immutable: problems share it. docs/design.md, 'The operator'.")
      .def(py::init(&makeFactors), py::arg("J"), py::arg("inverse_mass"), py::arg("bodies"),
           py::arg("cfm"), py::arg("name") = "",
           "J (n x 12), inverse_mass (bodies x 6 x 6), bodies (n x 2, int), cfm (n).\n"
           "Raises ValueError for arrays of the wrong shape; the values are checked when a "
           "problem holding them is solved (InvalidProblem naming the field and row).")
      .def_property_readonly(
          "J", [](const Factors& f) { return jacobianArray(f); }, "(n x 12), a copy")
      .def_property_readonly(
          "inverse_mass", [](const Factors& f) { return inverseMassArray(f); },
          "(bodies x 6 x 6), a copy")
      .def_property_readonly(
          "bodies", [](const Factors& f) { return bodiesArray(f); },
          "(n x 2) int32, -1 = the world; a copy")
      .def_property_readonly(
          "cfm", [](const Factors& f) { return toArray(f.cfm); }, "(n), a copy")
      .def_readonly("name", &Factors::name)
      .def_property_readonly("n", &Factors::size, "rows of J")
      .def_property_readonly("body_count", &Factors::bodyCount)
      .def("error", &Factors::factorError,
           "'' when the factors are usable, else a message naming the field and row")
      .def(
          "to_dense",
          [](const Factors& f) {
            if (const std::string why = f.factorError(); !why.empty())
              throw std::invalid_argument(why);
            Eigen::MatrixXd A;
            f.assembleDense(A);
            return matrixToArray(A);
          },
          "A = J M^-1 J^T + diag(cfm) assembled (n x n numpy array). Raises ValueError for "
          "unusable factors.")
      .def(
          "to_sparse",
          [](const Factors& f) {
            if (const std::string why = f.factorError(); !why.empty())
              throw std::invalid_argument(why);
            return toScipy(f.assembleSparse());
          },
          "A assembled as a scipy.sparse.csc_matrix (n x n). Raises ValueError as to_dense().")
      .def("__repr__",
           [](const Factors& f) {
             return fmt::format("<mlcp.Factors n={} bodies={}>", f.size(), f.bodyCount());
           })
      .def(py::pickle(
          [](const Factors& f) {
            return py::make_tuple(jacobianArray(f), inverseMassArray(f), bodiesArray(f),
                                  toArray(f.cfm), f.name);
          },
          [](const py::tuple& t) {
            return makeFactors(t[0], t[1], t[2], t[3], t[4].cast<std::string>());
          }));
}

py::object optionalArray(const std::optional<Eigen::VectorXd>& x) {
  return x ? py::object(toArray(*x)) : py::object(py::none());
}

void bindProblemClass(py::module_& m) {
  py::class_<Problem>(
      m, "Problem",
      "One boxed LCP with friction index (docs/conventions.md): find x (n) with w = A x - b "
      "and, per row i with effective bounds l_i <= u_i, x_i = l_i => w_i >= 0, x_i = u_i => "
      "w_i <= 0, l_i < x_i < u_i => w_i = 0. Effective bounds: lo_i, hi_i when findex_i = -1; "
      "for a friction row with findex_i = k, u_i = |hi_i x_k|, l_i = -u_i (hi_i holds mu). The "
      "first nub rows are free. In ODE's force form A is in m/(N s^2), b in m/s^2, x in N; in "
      "the impulse form x is in N s.\n\n"
      "A is held dense (numpy), sparse (scipy.sparse, never densified) or as mlcp.Factors. "
      "Properties return copies (numpy arrays that own their data); assign to change a field. "
      "Bad data raises ValueError here, with the message the library's solve() would report "
      "(mlcp::problemError(): it names the array and the row); assigning a field checks the "
      "whole problem again and leaves it unchanged when the result would be invalid (make a "
      "new Problem to change n).")
      .def(py::init(&makeProblem), py::arg("A"), py::arg("b"), py::arg("lo") = py::none(),
           py::arg("hi") = py::none(), py::arg("findex") = py::none(), py::arg("nub") = 0,
           py::arg("name") = "", py::arg("x") = py::none(),
           "A: (n x n) numpy array, scipy.sparse matrix or mlcp.Factors; b, lo, hi, x: (n) "
           "float arrays; findex: (n) integers, -1 or the normal row of a friction row; nub: "
           "leading free rows. Defaults: lo = 0 (-inf on the nub rows), hi = +inf, findex = -1, "
           "no x. Arrays in the library's layout are read in place (docs/python.md, 'Arrays').\n"
           "Raises ValueError for arrays of the wrong dimension or a non-integer findex, and "
           "for bad data, naming the array and the index: A not square or not finite, b, lo, "
           "hi, findex or x not of n entries, NaN or Inf in b or x, NaN in lo or hi, lo > hi, "
           "findex out of -1 .. n-1 (or at its own row or another friction row), nub outside "
           "0 .. n; TypeError for non-numeric data.")
      .def_property(
          "A", [](const Problem& p) { return fromOperator(p.A); },
          [](Problem& p, py::handle A) { assignChecked(p, &Problem::A, toOperator(A)); },
          "(n x n): a numpy array (dense), a scipy.sparse.csc_matrix (sparse) or the "
          "mlcp.Factors, as the problem holds it (copies of the arrays)")
      .def_property(
          "b", [](const Problem& p) { return toArray(p.b); },
          [](Problem& p, py::handle v) {
            assignChecked(p, &Problem::b, Eigen::VectorXd(asVector(vectorArray(v, "b"))));
          },
          "(n) right side of w = A x - b (unit: m/s^2 in the force form)")
      .def_property(
          "lo", [](const Problem& p) { return toArray(p.lo); },
          [](Problem& p, py::handle v) {
            assignChecked(p, &Problem::lo, Eigen::VectorXd(asVector(vectorArray(v, "lo"))));
          },
          "(n) lower bounds, -inf allowed; ignored on friction rows")
      .def_property(
          "hi", [](const Problem& p) { return toArray(p.hi); },
          [](Problem& p, py::handle v) {
            assignChecked(p, &Problem::hi, Eigen::VectorXd(asVector(vectorArray(v, "hi"))));
          },
          "(n) upper bounds, +inf allowed; mu on friction rows")
      .def_property(
          "findex", [](const Problem& p) { return toArray(p.findex); },
          [](Problem& p, py::handle v) {
            assignChecked(p, &Problem::findex, indexVector(v, "findex"));
          },
          "(n) int32: -1, or the normal row k of a friction row")
      .def_property(
          "nub", [](const Problem& p) { return p.nub; },
          [](Problem& p, int nub) { assignChecked(p, &Problem::nub, nub); },
          "number of leading unbounded rows")
      .def_readwrite("name", &Problem::name, "free text")
      .def_property(
          "x", [](const Problem& p) { return optionalArray(p.x); },
          [](Problem& p, py::handle v) {
            if (v.is_none()) {
              p.x.reset();
              return;
            }
            Eigen::VectorXd x = asVector(vectorArray(v, "x"));
            const int n = static_cast<int>(p.A.rows());
            if (std::string why = initialGuessError(x, n, "x"); !why.empty())
              throw std::invalid_argument(why);
            p.x = std::move(x);
          },
          "(n) reference or warm-start solution (n finite values), or None")
      .def_property_readonly("n", &Problem::size, "number of rows n (of b)")
      .def_property_readonly("friction_rows", &Problem::frictionRows, "rows with findex >= 0")
      .def_property_readonly(
          "form", [](const Problem& p) { return std::string(toString(p.A.form())); },
          "'dense', 'sparse' or 'factors': how A is held")
      .def(
          "dense_A", [](const Problem& p) { return matrixToArray(p.A.toDense()); },
          "A as a dense (n x n) numpy array, whatever the form (O(n^2) memory). Raises "
          "ValueError for unusable factors.")
      .def(
          "sparse_A", [](const Problem& p) { return toScipy(p.A.toSparse()); },
          "A as a scipy.sparse.csc_matrix, whatever the form. Raises ValueError as dense_A().")
      .def("__repr__",
           [](const Problem& p) {
             return fmt::format("<mlcp.Problem '{}' n={} nub={} friction_rows={} A {}>", p.name,
                                p.size(), p.nub, p.frictionRows(), toString(p.A.form()));
           })
      .def(py::pickle(
          [](const Problem& p) {
            return py::make_tuple(fromOperator(p.A), toArray(p.b), toArray(p.lo), toArray(p.hi),
                                  toArray(p.findex), p.nub, p.name, optionalArray(p.x));
          },
          [](const py::tuple& t) {  // a copy, as it was (a file may hold an invalid problem)
            return buildProblem(t[0], t[1], t[2], t[3], t[4], t[5].cast<int>(),
                                t[6].cast<std::string>(), t[7]);
          }));
}

}  // namespace

void bindProblem(py::module_& m) {
  bindFactors(m);
  bindProblemClass(m);
  m.def(
      "random_problem",
      [](int n, int nub, int contacts, double mu, std::uint64_t seed) {
        return randomProblem({n, nub, contacts, mu, seed});
      },
      py::arg("n") = 100, py::arg("nub") = -1, py::arg("contacts") = -1, py::arg("mu") = 0.5,
      py::arg("seed") = 1,
      "A random dense problem in the manner of ODE's dTestSolveLCP: A = R R^T + 1e-3 I (n x n, "
      "SPD), nub free rows (-1: n / 4), boxed rows, then `contacts` triples of a normal row and "
      "two friction rows with hi = mu (-1: n / 6). Deterministic for a seed.\n"
      "Raises ValueError when nub + 3 contacts > n or n < 0.");
}

}  // namespace mlcp::python
