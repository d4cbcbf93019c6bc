#pragma once

// Conversions between numpy / scipy.sparse objects and the library's Eigen types, in one place
// for every binding (docs/python.md, "Arrays").
//
// Inputs are read in place when their layout allows: a float64 vector that is contiguous, an
// int32 findex, a float64 dense matrix in Fortran (column-major, Eigen's) order, a scipy.sparse
// CSC or CSR matrix in canonical form (sorted indices, no duplicates) with float64 data and int32
// indices. The library then copies them into its own storage, as it does for C++ callers; other
// layouts and dtypes are converted once by numpy or scipy first.
// Outputs are new numpy arrays that own their data (copies), so that no array a caller holds can
// ever point into storage the library frees or reuses.

#include <mlcp/core/operator.hpp>

#include <Eigen/Core>

#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <string_view>

namespace mlcp::python {

namespace py = pybind11;

/// A numpy array of float64 (any shape) read in place when it already is float64; converted
/// otherwise. @throws py::type_error when numpy cannot convert it (message names `what`)
py::array_t<double> floatArray(py::handle object, std::string_view what);

/// A 1-D float64 vector (n): contiguous float64 is read in place, anything else converted once.
/// @throws std::invalid_argument when it is not 1-D, py::type_error when not numeric
py::array_t<double, py::array::c_style> vectorArray(py::handle object, std::string_view what);

/// As vectorArray(), viewed as an Eigen vector over the array's memory (valid while the array
/// lives).
inline Eigen::Map<const Eigen::VectorXd> asVector(
    const py::array_t<double, py::array::c_style>& a) {
  return {a.data(), static_cast<Eigen::Index>(a.size())};
}

/// findex (n): integers only (a float array is refused rather than truncated), each within the
/// range of int; an int32 contiguous array is read in place.
/// @throws std::invalid_argument naming the entry out of range or a non-integer dtype
Eigen::VectorXi indexVector(py::handle object, std::string_view what);

/// True for a scipy.sparse matrix or array.
bool isSparse(py::handle object);

/// The Operator of a Python A: a 2-D numpy array (dense, n x n), a scipy.sparse matrix (kept
/// sparse), or an mlcp.Factors (shared, not copied).
/// @throws std::invalid_argument for a wrong number of dimensions; py::type_error for other types
Operator toOperator(py::handle A);

/// A itself when it is a 2-D float64 numpy array in Fortran (column-major) order, which Eigen
/// can read in place; nullopt for anything else.
std::optional<py::array_t<double>> fortranMatrix(py::handle A);

/// A as Python holds it: a numpy array (n x n, a copy) for the dense form, a
/// scipy.sparse.csc_matrix (copies of its arrays) for the sparse one, the mlcp.Factors for the
/// factor form (shared, read-only).
py::object fromOperator(const Operator& A);

/// A copy of an Eigen vector as a new numpy array.
py::array_t<double> toArray(const Eigen::Ref<const Eigen::VectorXd>& v);

/// A copy of an Eigen integer vector as a new numpy int32 array.
py::array_t<int> toArray(const Eigen::Ref<const Eigen::VectorXi>& v);

/// A copy of a dense matrix as a new numpy array (Fortran order, as Eigen stores it).
py::array_t<double> matrixToArray(const Eigen::Ref<const Eigen::MatrixXd>& A);

/// A sparse matrix as a new scipy.sparse.csc_matrix (its arrays copied).
py::object toScipy(const Operator::SparseMatrix& A);

}  // namespace mlcp::python
