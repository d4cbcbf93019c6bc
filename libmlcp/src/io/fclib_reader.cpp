#include "core/infinity.hpp"
#include "io/detail/fclib_bytes.hpp"
#include "io/detail/text_scanner.hpp"

#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/fclib_io.hpp>

#include <fmt/format.h>

#include <cmath>
#include <hdf5.h>
#include <string>
#include <vector>

namespace mlcp {

namespace {

constexpr int kMaxDimension = 20000;  // the largest W the reader accepts
// A dataset of unknown length (W's p, i, x) may declare at most this many times more bytes than
// the file stores for it: the
// deflate filter reaches a few times on doubles; a larger ratio is a decompression bomb or a
// chunked dataset left unwritten (fill values), which would allocate without any data behind it.
constexpr double kMaxExpansion = 64.0;

/// Owns one HDF5 identifier and closes it with the matching H5*close.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : m_id(id), m_close(close) {}
  ~Handle() {
    if (m_id >= 0) m_close(m_id);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return m_id; }
  bool valid() const { return m_id >= 0; }

 private:
  hid_t m_id;
  herr_t (*m_close)(hid_t);
};

class FclibFile {
 public:
  /// Takes ownership of the file identifier `file` (negative when opening failed).
  FclibFile(std::string label, hid_t file) : m_path(std::move(label)), m_file(file, H5Fclose) {}

  [[noreturn]] void fail(const std::string& message) const { throw ParseError(m_path, 0, message); }

  bool isOpen() const { return m_file.valid(); }

  bool exists(const std::string& name) const {
    // H5Lexists needs every parent to exist: check the path one component at a time.
    size_t pos = 0;
    while ((pos = name.find('/', pos + 1)) != std::string::npos)
      if (H5Lexists(m_file.get(), name.substr(0, pos).c_str(), H5P_DEFAULT) <= 0) return false;
    return H5Lexists(m_file.get(), name.c_str(), H5P_DEFAULT) > 0;
  }

  /// A 1-D (or scalar) dataset of `count` values (-1: any count), read as T.
  template <typename T>
  std::vector<T> read(const std::string& name, long long count) const {
    if (!exists(name)) fail(fmt::format("{}: missing dataset", name));
    const Handle dataset(H5Dopen2(m_file.get(), name.c_str(), H5P_DEFAULT), H5Dclose);
    if (!dataset.valid()) fail(fmt::format("{}: cannot open the dataset", name));
    const Handle space(H5Dget_space(dataset.get()), H5Sclose);
    const hssize_t size = space.valid() ? H5Sget_simple_extent_npoints(space.get()) : -1;
    if (size < 0) fail(fmt::format("{}: cannot read the dataspace", name));
    if (count >= 0 && size != count)
      fail(fmt::format("{}: has {} values, expected {}", name, size, count));
    // A dataset of unknown length must be backed by the file (one of a known length is bounded
    // by what was read before; FCLIB leaves e.g. /solution/r unwritten, read as fill values).
    const double declared = static_cast<double>(size) * sizeof(T);
    const double stored = static_cast<double>(H5Dget_storage_size(dataset.get()));
    if (count < 0 && size > 1 && declared > kMaxExpansion * stored)
      fail(fmt::format("{}: declares {} values ({} bytes) but the file stores {} bytes for them",
                       name, size, declared, stored));
    std::vector<T> values(static_cast<size_t>(size));
    const hid_t type = std::is_same_v<T, double> ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT;
    if (size > 0 && H5Dread(dataset.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0)
      fail(fmt::format("{}: cannot read the values (truncated file or wrong type?)", name));
    if constexpr (std::is_same_v<T, double>) {
      for (size_t k = 0; k < values.size(); ++k)
        if (!std::isfinite(values[k]))
          fail(fmt::format("{}[{}] = {} is not finite", name, k, values[k]));
    }
    return values;
  }

  int scalar(const std::string& name) const { return read<int>(name, 1)[0]; }

  /// A square CSparse matrix group (nzmax, m, n, nz, p, i, x) of a Delassus matrix, kept sparse
  /// (duplicates summed). Its positive diagonal needs at least as many stored entries as rows,
  /// which is checked before anything of its size is allocated (so it is backed by the file).
  Operator::SparseMatrix delassusMatrix(const std::string& group) const {
    const int rows = scalar(group + "/m");
    const int cols = scalar(group + "/n");
    const int nz = scalar(group + "/nz");
    if (rows < 0 || cols < 0 || rows > kMaxDimension || cols > kMaxDimension)
      fail(fmt::format("{}: size {} x {} is outside 0 .. {}", group, rows, cols, kMaxDimension));
    if (rows != cols) fail(fmt::format("{}: is {} x {}, expected square", group, rows, cols));
    const bool compressed = nz < 0;
    const std::vector<int> p = read<int>(group + "/p", compressed ? cols + 1 : -1);
    const std::vector<int> i = read<int>(group + "/i", -1);
    const std::vector<double> x = read<double>(group + "/x", -1);
    const long long entries = compressed ? p.back() : nz;
    if (entries < rows || static_cast<size_t>(rows) > x.size() ||
        static_cast<unsigned long long>(entries) > x.size())
      fail(
          fmt::format("{}: stores {} entries ({} values) for {} rows; a Delassus matrix has a "
                      "positive diagonal and a value per stored entry",
                      group, entries, x.size(), rows));
    std::vector<Eigen::Triplet<double>> triplets;
    triplets.reserve(static_cast<size_t>(entries));
    auto add = [&](long long k, int row, int col) {
      if (row < 0 || row >= rows || col < 0 || col >= cols)
        fail(fmt::format("{}: entry {} at ({}, {}) is outside the {} x {} matrix", group, k, row,
                         col, rows, cols));
      triplets.emplace_back(row, col, x[static_cast<size_t>(k)]);
    };
    auto matrix = [&] {
      Operator::SparseMatrix M(rows, cols);
      M.setFromTriplets(triplets.begin(), triplets.end());
      return M;
    };
    if (nz >= 0) {  // triplet: i = row, p = column (see the README's note)
      if (p.size() < static_cast<size_t>(nz) || i.size() < static_cast<size_t>(nz) ||
          x.size() < static_cast<size_t>(nz))
        fail(fmt::format("{}: triplet with nz = {} but p, i, x hold {}, {}, {} values", group, nz,
                         p.size(), i.size(), x.size()));
      for (int k = 0; k < nz; ++k) add(k, i[static_cast<size_t>(k)], p[static_cast<size_t>(k)]);
      return matrix();
    }
    if (nz != -1 && nz != -2) fail(fmt::format("{}/nz = {}: expected >= 0, -1 or -2", group, nz));
    const bool byColumn = nz == -1;
    const int outer = byColumn ? cols : rows;
    if (p.size() != static_cast<size_t>(outer) + 1)
      fail(fmt::format("{}/p has {} values, expected {}", group, p.size(), outer + 1));
    if (p.front() != 0) fail(fmt::format("{}/p[0] = {}, expected 0", group, p.front()));
    for (int j = 0; j < outer; ++j) {
      if (p[j + 1] < p[j] || static_cast<size_t>(p[j + 1]) > std::min(i.size(), x.size()))
        fail(
            fmt::format("{}/p[{}] = {} is out of order or beyond i and x", group, j + 1, p[j + 1]));
      for (int k = p[j]; k < p[j + 1]; ++k) byColumn ? add(k, i[k], j) : add(k, j, i[k]);
    }
    return matrix();
  }

 private:
  std::string m_path;
  Handle m_file;
};

/// HDF5 prints its error stack to stderr by default; the reader reports one line instead.
void silenceHdf5Errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

ProblemFile readLocalProblem(const FclibFile& file, const std::string& fileName) {
  if (!file.isOpen()) file.fail("not an HDF5 file, or a truncated one");
  if (!file.exists("/fclib_local")) {
    if (file.exists("/fclib_global") || file.exists("/fclib_global_rolling"))
      file.fail(
          "/fclib_global: a global problem (M, H, f, w, mu); only local problems "
          "(/fclib_local: W, q, mu) are read");
    file.fail("/fclib_local: missing (not an FCLIB problem file)");
  }
  if (file.exists("/fclib_local/V") || file.exists("/fclib_local/R"))
    file.fail("/fclib_local/V, R: mixed local problems (with bilateral rows) are not supported");
  const int d = file.scalar("/fclib_local/spacedim");
  if (d != 2 && d != 3) file.fail(fmt::format("/fclib_local/spacedim = {}: expected 2 or 3", d));
  Operator::SparseMatrix W = file.delassusMatrix("/fclib_local/W");
  if (W.rows() != W.cols() || W.rows() % d != 0)
    file.fail(fmt::format("/fclib_local/W is {} x {}: expected square, (d nc) x (d nc) with d = {}",
                          W.rows(), W.cols(), d));
  const int n = static_cast<int>(W.rows());
  const int nc = n / d;
  const std::vector<double> q = file.read<double>("/fclib_local/vectors/q", n);
  const std::vector<double> mu = file.read<double>("/fclib_local/vectors/mu", nc);

  ProblemFile result;
  result.format = ProblemFormat::Fclib;
  Problem& p = result.problem;
  p.A = std::move(W);
  p.b.resize(n);
  for (int k = 0; k < n; ++k) p.b[k] = -q[k] + 0.0;
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, kInf);
  p.findex = Eigen::VectorXi::Constant(n, -1);
  for (int c = 0; c < nc; ++c) {
    if (mu[c] < 0.0)
      file.fail(fmt::format("/fclib_local/vectors/mu[{}] = {} is negative", c, mu[c]));
    for (int t = 1; t < d; ++t) {
      p.findex[d * c + t] = d * c;
      p.lo[d * c + t] = -mu[c];
      p.hi[d * c + t] = mu[c];
    }
  }
  if (file.exists("/solution/r")) {
    const std::vector<double> r = file.read<double>("/solution/r", n);
    p.x = Eigen::Map<const Eigen::VectorXd>(r.data(), n);
  }
  if (d == 3) result.approximation = std::string(kFrictionPyramidNote);
  p.name = fmt::format("{} (FCLIB local FC{}D{})", fileName, d,
                       d == 3 ? "; Coulomb cone linearised to a friction pyramid" : "");
  return result;
}

}  // namespace

namespace detail {

ProblemFile readFclibBytes(std::span<const std::byte> image,
                           const std::string& label,
                           const std::string& fileName) {
  silenceHdf5Errors();
  if (image.empty()) throw ParseError(label, 0, "empty file");
  const Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  hid_t id = -1;
  // The core driver without a backing store keeps the file in memory; the image is copied in.
  // It still opens a file of the name it is given when one exists (and reads that instead), so
  // the name is one no file has: under a folder that does not exist.
  constexpr const char* kImageName = "/nonexistent-mlcp-folder/fclib-image.hdf5";
  if (access.valid() && H5Pset_fapl_core(access.get(), 1 << 16, 0) >= 0 &&
      H5Pset_file_image(access.get(), const_cast<std::byte*>(image.data()), image.size()) >= 0)
    id = H5Fopen(kImageName, H5F_ACC_RDONLY, access.get());
  return readLocalProblem(FclibFile(label, id), fileName);
}

}  // namespace detail

bool hasFclib() { return true; }

ProblemFile readFclib(const std::filesystem::path& path) {
  const std::string bytes = detail::readFileText(path);
  return detail::readFclibBytes(std::as_bytes(std::span(bytes.data(), bytes.size())), path.string(),
                                path.filename().string());
}

ProblemFile readFclibImage(std::span<const std::byte> image, const std::string& name) {
  return detail::readFclibBytes(image, name, name);
}

}  // namespace mlcp
