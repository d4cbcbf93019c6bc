#include "array_conversion.hpp"

#include <mlcp/core/factors.hpp>

#include <Eigen/SparseCore>
#include <climits>
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

namespace mlcp::python {

namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using FortranArray = py::array_t<double, py::array::f_style | py::array::forcecast>;

/// The (rows, cols) of a 2-D array, as Eigen indices.
std::pair<Eigen::Index, Eigen::Index> shape2(const py::array& a) {
  return {static_cast<Eigen::Index>(a.shape(0)), static_cast<Eigen::Index>(a.shape(1))};
}

py::array_t<double> matrixArray(py::handle object) {
  py::array_t<double> array = floatArray(object, "A");
  if (array.ndim() != 2)
    throw std::invalid_argument(
        fmt::format("A must be a 2-D array (n x n); got {} dimension(s)", array.ndim()));
  return array;
}

Eigen::MatrixXd denseMatrix(const py::array_t<double>& array) {
  const auto [rows, cols] = shape2(array);
  if (array.flags() & py::array::f_style)
    return Eigen::Map<const Eigen::MatrixXd>(array.data(), rows, cols);
  if (array.flags() & py::array::c_style)
    return Eigen::Map<const RowMajorMatrix>(array.data(), rows, cols);
  const FortranArray copy = FortranArray::ensure(array);  // strided: one conversion
  return Eigen::Map<const Eigen::MatrixXd>(copy.data(), rows, cols);
}

/// Index arrays of a scipy matrix as int32 (checked: a sparse matrix with 2^31 entries or rows
/// does not fit Eigen's default index type).
py::array_t<int, py::array::c_style> indexArray(py::handle object, long long largest) {
  if (largest > INT_MAX)
    throw std::invalid_argument(fmt::format(
        "sparse A: {} exceeds the largest index the library stores ({})", largest, INT_MAX));
  return py::array_t<int, py::array::c_style | py::array::forcecast>::ensure(object);
}

/// The CSC matrix of a scipy.sparse matrix in CSC or CSR form (anything else converted by
/// scipy), duplicates summed by scipy when it is not in canonical form.
Operator::SparseMatrix sparseMatrix(py::handle A) {
  py::object matrix = py::reinterpret_borrow<py::object>(A);
  std::string format = matrix.attr("format").cast<std::string>();
  if (format != "csc" && format != "csr") {
    matrix = matrix.attr("tocsc")();
    format = "csc";
  }
  if (!matrix.attr("has_canonical_format").cast<bool>()) {
    matrix = matrix.attr("copy")();
    matrix.attr("sum_duplicates")();
  }
  const py::tuple shape = matrix.attr("shape");
  const long long rows = shape[0].cast<long long>(), cols = shape[1].cast<long long>();
  const long long nonZeros = matrix.attr("nnz").cast<long long>();
  const auto data =
      py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(matrix.attr("data"));
  const auto indices = indexArray(matrix.attr("indices"), std::max(rows, cols));
  const auto pointers = indexArray(matrix.attr("indptr"), nonZeros);
  if (!data || !indices || !pointers) throw py::type_error("sparse A: data or indices not numeric");
  const auto r = static_cast<Eigen::Index>(rows), c = static_cast<Eigen::Index>(cols);
  const auto nnz = static_cast<Eigen::Index>(nonZeros);
  if (format == "csc")
    return Eigen::Map<const Eigen::SparseMatrix<double, Eigen::ColMajor, int>>(
        r, c, nnz, pointers.data(), indices.data(), data.data());
  return Eigen::Map<const Eigen::SparseMatrix<double, Eigen::RowMajor, int>>(
      r, c, nnz, pointers.data(), indices.data(), data.data());
}

}  // namespace

py::array_t<double> floatArray(py::handle object, std::string_view what) {
  auto array = py::array_t<double>::ensure(object);
  if (!array)
    throw py::type_error(fmt::format("{} must be an array of numbers (got {})", what,
                                     py::str(py::type::of(object)).cast<std::string>()));
  return array;
}

py::array_t<double, py::array::c_style> vectorArray(py::handle object, std::string_view what) {
  auto array = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(object);
  if (!array)
    throw py::type_error(fmt::format("{} must be a 1-D array of numbers (got {})", what,
                                     py::str(py::type::of(object)).cast<std::string>()));
  if (array.ndim() != 1)
    throw std::invalid_argument(
        fmt::format("{} must be a 1-D array (n); got {} dimension(s)", what, array.ndim()));
  return array;
}

Eigen::VectorXi indexVector(py::handle object, std::string_view what) {
  const py::array array = py::array::ensure(object);
  if (!array) throw py::type_error(fmt::format("{} must be a 1-D array of integers", what));
  if (array.ndim() != 1)
    throw std::invalid_argument(
        fmt::format("{} must be a 1-D array (n); got {} dimension(s)", what, array.ndim()));
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u' && array.size() > 0)
    throw std::invalid_argument(fmt::format("{} must hold integers (got dtype {})", what,
                                            py::str(array.dtype()).cast<std::string>()));
  if (py::isinstance<py::array_t<int>>(array) && (array.flags() & py::array::c_style))
    return Eigen::Map<const Eigen::VectorXi>(static_cast<const int*>(array.data()),
                                             static_cast<Eigen::Index>(array.size()));
  const auto wide =
      py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(array);
  Eigen::VectorXi result(static_cast<Eigen::Index>(wide.size()));
  for (Eigen::Index i = 0; i < result.size(); ++i) {
    const long long value = wide.data()[i];
    if (value < INT_MIN || value > INT_MAX)
      throw std::invalid_argument(fmt::format("{}[{}] = {} is out of range", what, i, value));
    result[i] = static_cast<int>(value);
  }
  return result;
}

bool isSparse(py::handle object) {
  if (py::isinstance<py::array>(object)) return false;
  try {
    return py::module_::import("scipy.sparse").attr("issparse")(object).cast<bool>();
  } catch (const py::error_already_set&) {
    return false;  // no scipy: nothing is a scipy matrix
  }
}

Operator toOperator(py::handle A) {
  if (py::isinstance<Factors>(A))
    return Operator(std::shared_ptr<const Factors>(A.cast<std::shared_ptr<Factors>>()));
  if (isSparse(A)) return Operator(sparseMatrix(A));
  return Operator(denseMatrix(matrixArray(A)));
}

std::optional<py::array_t<double>> fortranMatrix(py::handle A) {
  if (!py::isinstance<py::array_t<double>>(A)) return std::nullopt;
  auto array = py::reinterpret_borrow<py::array_t<double>>(A);
  if (array.ndim() != 2 || !(array.flags() & py::array::f_style)) return std::nullopt;
  return array;
}

py::object fromOperator(const Operator& A) {
  switch (A.form()) {
    case MatrixForm::Dense:
      return matrixToArray(A.dense());
    case MatrixForm::Sparse:
      return toScipy(A.sparse());
    case MatrixForm::Factors:
      return py::cast(std::const_pointer_cast<Factors>(A.sharedFactors()));
  }
  return py::none();
}

py::array_t<double> toArray(const Eigen::Ref<const Eigen::VectorXd>& v) {
  py::array_t<double> out(static_cast<py::ssize_t>(v.size()));
  if (v.size() > 0)
    std::memcpy(out.mutable_data(), v.data(), sizeof(double) * static_cast<size_t>(v.size()));
  return out;
}

py::array_t<int> toArray(const Eigen::Ref<const Eigen::VectorXi>& v) {
  py::array_t<int> out(static_cast<py::ssize_t>(v.size()));
  if (v.size() > 0)
    std::memcpy(out.mutable_data(), v.data(), sizeof(int) * static_cast<size_t>(v.size()));
  return out;
}

py::array_t<double> matrixToArray(const Eigen::Ref<const Eigen::MatrixXd>& A) {
  py::array_t<double, py::array::f_style> out({A.rows(), A.cols()});
  Eigen::Map<Eigen::MatrixXd>(out.mutable_data(), A.rows(), A.cols()) = A;
  return out;
}

py::object toScipy(const Operator::SparseMatrix& A) {
  Operator::SparseMatrix compressed = A;
  compressed.makeCompressed();
  const auto nnz = static_cast<py::ssize_t>(compressed.nonZeros());
  py::array_t<double> data(nnz);
  py::array_t<int> indices(nnz);
  py::array_t<int> pointers(static_cast<py::ssize_t>(compressed.outerSize() + 1));
  std::copy_n(compressed.valuePtr(), nnz, data.mutable_data());
  std::copy_n(compressed.innerIndexPtr(), nnz, indices.mutable_data());
  std::copy_n(compressed.outerIndexPtr(), compressed.outerSize() + 1, pointers.mutable_data());
  return py::module_::import("scipy.sparse")
      .attr("csc_matrix")(py::make_tuple(data, indices, pointers),
                          py::arg("shape") = py::make_tuple(A.rows(), A.cols()));
}

}  // namespace mlcp::python
