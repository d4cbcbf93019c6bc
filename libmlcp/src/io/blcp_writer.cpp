#include <mlcp/io/atomic_file.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>
#include <stdexcept>

namespace mlcp {

namespace {

// 17 significant digits: the shortest width that round-trips every double.
std::string number(double value) { return fmt::format("{:.17g}", value); }

void writeVector(std::ostream& out, std::string_view name, const Eigen::VectorXd& v) {
  out << name;
  for (Eigen::Index i = 0; i < v.size(); ++i) out << ' ' << number(v[i]);
  out << '\n';
}

}  // namespace

void writeBlcp(const Problem& problem, std::ostream& out, MatrixStorage storage) {
  const int n = problem.size();
  if (storage == MatrixStorage::Automatic)  // dense only for a dense A over a quarter full
    storage = problem.A.form() == MatrixForm::Dense &&
                      4 * problem.A.nonZeros() > static_cast<Eigen::Index>(n) * n
                  ? MatrixStorage::Dense
                  : MatrixStorage::Coordinate;
  out << "blcp 1\n";
  out << "n " << n << " nub " << problem.nub << '\n';
  if (storage == MatrixStorage::Dense) {
    const Eigen::MatrixXd A = problem.A.toDense();
    out << "A dense\n";
    for (int i = 0; i < n; ++i) {
      out << ' ';
      for (int j = 0; j < n; ++j) out << ' ' << number(A(i, j));
      out << '\n';
    }
  } else {
    // By rows, each row's columns ascending: the order of the dense layout.
    const Eigen::SparseMatrix<double, Eigen::RowMajor> A = problem.A.toSparse();
    out << "A coo " << A.nonZeros() << '\n';
    for (int i = 0; i < n; ++i)
      for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(A, i); it; ++it)
        out << "  " << i << ' ' << it.col() << ' ' << number(it.value()) << '\n';
  }
  writeVector(out, "b", problem.b);
  writeVector(out, "lo", problem.lo);
  writeVector(out, "hi", problem.hi);
  out << "findex";
  for (int i = 0; i < n; ++i) out << ' ' << problem.findex[i];
  out << '\n';
  if (problem.x) writeVector(out, "x", *problem.x);
  if (!problem.name.empty()) out << "name " << problem.name << '\n';
}

void writeBlcp(const Problem& problem, const std::filesystem::path& path, MatrixStorage storage) {
  writeFileAtomically(path, [&](std::ostream& out) { writeBlcp(problem, out, storage); });
}

}  // namespace mlcp
