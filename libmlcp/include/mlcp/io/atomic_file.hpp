#pragma once

#include <filesystem>
#include <fstream>
#include <ostream>

namespace mlcp {

/// A file written under a temporary name in its own folder and renamed onto its path only when
/// complete, so that whoever reads the path (a user, the next run, another tool) finds the old
/// file or the whole new one, never a part of it: a process killed mid-write, a full disk or an
/// exception leaves the path as it was, and at most a hidden `.NAME.tmp-PID-K` beside it.
/// Every file the project's tools and writers produce goes through it (writeBlcp,
/// writeSiconos, writeLabelledBlcp, the `mlcp` command's `--out`, `--csv`, `--html` and
/// figures, `capture`, `convert`, the benchmarks' data files; docs/cli.md, "Files").
///
/// Rename within one folder is atomic on POSIX file systems (rename(2)); commit() also
/// fsync(2)s the data first, so that after a power loss the path holds the old or the new file.
/// A path naming an existing file that is not a regular file (a device such as /dev/stdout, a
/// FIFO) cannot be replaced: it is written in place. A symbolic link is followed, so the file it
/// points to is replaced and the link stays.
///
/// Usage:
/// @code
///   mlcp::AtomicFile file(path);
///   file.stream() << text;
///   file.commit();  // without it, the destructor removes the temporary file
/// @endcode
/// Programs that write by name (gnuplot, HDF5) write to temporaryPath() instead of stream().
class AtomicFile {
 public:
  /// Creates the temporary file beside `path` (mode 0666 less the umask) and opens stream().
  /// @throws std::runtime_error "cannot write PATH: reason" when the folder is missing or not
  ///         writable
  explicit AtomicFile(const std::filesystem::path& path);
  /// Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// The binary stream into the temporary file (closed after commit()).
  std::ostream& stream() { return m_stream; }
  /// Where a program that writes by name must write (the path itself for a device or FIFO).
  const std::filesystem::path& temporaryPath() const { return m_temporary; }
  /// The path the file replaces on commit() (a symbolic link resolved to its target).
  const std::filesystem::path& path() const { return m_path; }

  /// Flushes and closes stream(), syncs the data to disk, gives the file the permissions of the
  /// file it replaces (if any) and renames it onto path().
  /// @throws std::runtime_error "error while writing PATH: reason" (write, sync or rename
  ///         failed); the temporary file is removed and path() is unchanged
  void commit();

 private:
  std::filesystem::path m_path;
  std::filesystem::path m_temporary;
  std::ofstream m_stream;
  bool m_inPlace = false;
  bool m_done = false;
};

/// Writes `path` through an AtomicFile: calls `write(std::ostream&)`, then commit(). If `write`
/// throws, the path is unchanged.
/// @throws std::runtime_error as AtomicFile, and whatever `write` throws
template <class Write>
void writeFileAtomically(const std::filesystem::path& path, Write&& write) {
  AtomicFile file(path);
  write(file.stream());
  file.commit();
}

}  // namespace mlcp
