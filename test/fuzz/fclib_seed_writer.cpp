// Writes small FCLIB local problems (/fclib_local: spacedim, W as CSparse CSR, CSC or triplet,
// vectors q and mu, and a /solution r) as seeds for fuzz_fclib_reader: a few KB each, so the
// fuzzer runs thousands of inputs a second where the shared data's files (58 .. 493 KB) allow
// hundreds. HDF5's latest format keeps the groups compact.
// Usage: fclib_seed_writer FOLDER

#include <cstdio>
#include <hdf5.h>
#include <string>
#include <vector>

namespace {

template <typename T>
void dataset(hid_t parent, const char* name, const std::vector<T>& values) {
  const hsize_t size = values.size();
  const hid_t space = H5Screate_simple(1, &size, nullptr);
  const hid_t type = sizeof(T) == sizeof(double) ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT;
  const hid_t set = H5Dcreate2(parent, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
  H5Dclose(set);
  H5Sclose(space);
}

/// nc contacts in d dimensions; W = 2 I plus 0.5 couplings between the contacts' normal rows,
/// stored with nz = -2 (CSR), -1 (CSC) or as nz triplets.
void write(const std::string& path, int d, int nc, int nz) {
  const int n = d * nc;
  std::vector<int> rows, cols;
  std::vector<double> values;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (r == c || (r % d == 0 && c % d == 0)) {
        rows.push_back(r);
        cols.push_back(c);
        values.push_back(r == c ? 2.0 : 0.5);
      }
  std::vector<int> p, i;
  if (nz >= 0) {  // triplet: i = row, p = column
    p = cols;
    i = rows;
    nz = static_cast<int>(values.size());
  } else {  // CSR and CSC coincide for this symmetric pattern
    p.assign(1, 0);
    for (int r = 0; r < n; ++r) {
      int count = 0;
      for (int k = 0; k < static_cast<int>(rows.size()); ++k)
        if (rows[static_cast<size_t>(k)] == r) {
          i.push_back(cols[static_cast<size_t>(k)]);
          ++count;
        }
      p.push_back(p.back() + count);
    }
  }
  const hid_t access = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(access, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access);
  const hid_t local = H5Gcreate2(file, "/fclib_local", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  dataset(local, "spacedim", std::vector<int>{d});
  const hid_t W = H5Gcreate2(local, "W", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  dataset(W, "nzmax", std::vector<int>{static_cast<int>(values.size())});
  dataset(W, "m", std::vector<int>{n});
  dataset(W, "n", std::vector<int>{n});
  dataset(W, "nz", std::vector<int>{nz});
  dataset(W, "p", p);
  dataset(W, "i", i);
  dataset(W, "x", values);
  H5Gclose(W);
  const hid_t vectors = H5Gcreate2(local, "vectors", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  std::vector<double> q(static_cast<size_t>(n), 0.0);
  for (int c = 0; c < nc; ++c) q[static_cast<size_t>(d * c)] = -1.0 - c;
  dataset(vectors, "q", q);
  dataset(vectors, "mu", std::vector<double>(static_cast<size_t>(nc), 0.5));
  H5Gclose(vectors);
  H5Gclose(local);
  const hid_t solution = H5Gcreate2(file, "/solution", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  dataset(solution, "r", std::vector<double>(static_cast<size_t>(n), 0.1));
  H5Gclose(solution);
  H5Fclose(file);
  H5Pclose(access);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fclib_seed_writer FOLDER\n");
    return 2;
  }
  const std::string folder = argv[1];
  write(folder + "/fc3d_csr.hdf5", 3, 2, -2);
  write(folder + "/fc3d_csc.hdf5", 3, 2, -1);
  write(folder + "/fc2d_triplet.hdf5", 2, 3, 0);
  write(folder + "/fc3d_one_contact.hdf5", 3, 1, -2);
  return 0;
}
