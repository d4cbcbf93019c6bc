#include <mlcp/blcp_io.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
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
  const Eigen::Index nonZeros = (problem.A.array() != 0.0).count();
  if (storage == MatrixStorage::Automatic)
    storage = 4 * nonZeros <= static_cast<Eigen::Index>(n) * n ? MatrixStorage::Coordinate
                                                               : MatrixStorage::Dense;
  out << "blcp 1\n";
  out << "n " << n << " nub " << problem.nub << '\n';
  if (storage == MatrixStorage::Dense) {
    out << "A dense\n";
    for (int i = 0; i < n; ++i) {
      out << ' ';
      for (int j = 0; j < n; ++j) out << ' ' << number(problem.A(i, j));
      out << '\n';
    }
  } else {
    out << "A coo " << nonZeros << '\n';
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (problem.A(i, j) != 0.0)
          out << "  " << i << ' ' << j << ' ' << number(problem.A(i, j)) << '\n';
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
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error(fmt::format("cannot write {}", path.string()));
  writeBlcp(problem, out, storage);
  if (!out) throw std::runtime_error(fmt::format("error while writing {}", path.string()));
}

}  // namespace mlcp
