#include "core/infinity.hpp"

#include <mlcp/io/atomic_file.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cmath>
#include <ostream>
#include <stdexcept>

namespace mlcp {

namespace {

// 17 significant digits: reading the file back gives the same doubles.
void writeVector(std::ostream& out, const Eigen::VectorXd& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) out << fmt::format(" {:.17g}", v[i] + 0.0);
  out << '\n';
}

// Dense NumericsMatrix: one column per printed line (Siconos' own layout).
void writeDense(std::ostream& out, const Eigen::MatrixXd& M) {
  out << "0\n" << M.rows() << '\n' << M.cols() << '\n' << M.rows() << '\t' << M.cols() << '\n';
  for (Eigen::Index j = 0; j < M.cols(); ++j) writeVector(out, M.col(j));
}

SiconosKind fittingKind(const Problem& p) {
  const int n = p.size();
  for (int i = 0; i < n; ++i)
    if (p.findex[i] >= 0)
      throw std::invalid_argument(fmt::format(
          "row {} is a friction row (findex = {}): no Siconos LCP/MLCP/relay file can hold it", i,
          p.findex[i]));
  bool complementarityOnly = true;
  for (int i = p.nub; i < n; ++i)
    complementarityOnly = complementarityOnly && p.lo[i] == 0.0 && p.hi[i] == kInf;
  if (complementarityOnly) return p.nub > 0 ? SiconosKind::Mlcp : SiconosKind::Lcp;
  return SiconosKind::Relay;
}

}  // namespace

SiconosKind writeSiconos(const Problem& problem, std::ostream& out) {
  const SiconosKind kind = fittingKind(problem);
  const int n = problem.size();
  const Eigen::VectorXd q = -problem.b;
  switch (kind) {
    case SiconosKind::Lcp:
      out << n << '\n';
      writeDense(out, problem.A.toDense());
      writeVector(out, q);
      break;
    case SiconosKind::Mlcp: {
      const int nub = problem.nub;
      out << "1\n0\n" << nub << '\n' << n - nub << '\n';
      out << "0 " << nub << (nub < n ? fmt::format(" {}", n) : "") << '\n';
      out << (nub < n ? "0 1\n" : "0\n");
      writeDense(out, problem.A.toDense());
      writeVector(out, q);
      break;
    }
    case SiconosKind::Relay: {
      out << n << '\n';
      writeDense(out, problem.A.toDense());
      writeVector(out, q);
      // Infinite bounds are written as inf, which Siconos' fscanf("%lf") reads back.
      writeVector(out, problem.lo);
      writeVector(out, problem.hi);
      break;
    }
    case SiconosKind::FrictionContact:
      break;  // fittingKind() never returns it
  }
  if (!out) throw std::runtime_error("error while writing the Siconos file");
  return kind;
}

SiconosKind writeSiconos(const Problem& problem, const std::filesystem::path& path) {
  SiconosKind kind{};
  writeFileAtomically(path, [&](std::ostream& out) { kind = writeSiconos(problem, out); });
  return kind;
}

}  // namespace mlcp
