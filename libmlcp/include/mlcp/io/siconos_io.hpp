#pragma once

#include <mlcp/core/problem.hpp>

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace mlcp {

/// The problem families of the Siconos numerics test files [Siconos] (docs/file-formats.md).
/// The files do not record their family: Siconos' test drivers know it.
enum class SiconosKind {
  Lcp,              ///< `n, M, q`: w = M z + q, 0 <= z _|_ w >= 0
  Mlcp,             ///< `isStorageType1 isStorageType2 n m, blocks, M, q [, A B C D a b]`
  Relay,            ///< `n, M, q, lb, ub`: boxed LCP (box-constrained AVI)
  FrictionContact,  ///< local FC2D/FC3D: `d, nc, W, q, mu`
};

/// Lower-case name ("lcp", "mlcp", "relay", "fc").
std::string_view toString(SiconosKind kind);

/// Writes toString(kind).
inline std::ostream& operator<<(std::ostream& out, SiconosKind kind) {
  return out << toString(kind);
}

/// Parses one Siconos numerics test file and converts it to this project's convention
/// (docs/conventions.md, w = A x - b), as docs/file-formats.md ("Siconos") maps it:
///
///  - LCP:   A = M, b = -q, lo = 0, hi = +inf, findex = -1, nub = 0.
///  - MLCP:  A = M, b = -q; the n equality rows become the nub leading unbounded rows
///           (lo = -inf, hi = +inf), the m complementarity rows lo = 0, hi = +inf. When only
///           the (A, B, C, D, a, b) storage is present (row-major), M = [A C; D B], q = [a; b];
///           when both are present they must agree. Equality blocks must precede the
///           complementarity blocks (true of every Siconos file).
///  - Relay: A = M, b = -q, lo = lb, hi = ub.
///  - FC2D/FC3D (local): A = W, b = -q; per contact c (rows d c .. d c + d - 1, normal first):
///           normal row lo = 0, hi = +inf; tangent rows findex = d c, lo = -mu_c, hi = mu_c.
///           In 2-D this is exactly Signorini + Coulomb. In 3-D it replaces the Coulomb cone
///           ||r_T|| <= mu r_N by the box |r_T1|, |r_T2| <= mu r_N (a four-sided pyramid that
///           contains the cone); `approximation` then receives a sentence saying so.
///
/// Matrices may use dense (column-major), sparse-block or CSparse storage. Anything after the
/// last number a family needs is ignored (several files end with comments or leftover numbers).
/// A global (GFC) problem given as FrictionContact is recognised and rejected.
/// @param[in] text the whole file
/// @param[in] kind the family (see guessSiconosKind())
/// @param[in] source the file name for error messages
/// @param[out] approximation optional: empty when the conversion is exact, else what was changed
/// @throws ParseError "SOURCE:LINE: message" for a malformed file: truncated, wrong counts or
///         sizes (e.g. a non-square M), NaN or Inf in the data, lb > ub, mu < 0 or not finite
Problem parseSiconos(std::string_view text,
                     SiconosKind kind,
                     std::string_view source = "<text>",
                     std::string* approximation = nullptr);

/// As parseSiconos(), from a file. @throws ParseError (line 0 when the file cannot be opened)
Problem readSiconos(const std::filesystem::path& path,
                    SiconosKind kind,
                    std::string* approximation = nullptr);

/// Guesses the family of a Siconos file, first from its path (a file name ending in `_mlcp`;
/// a parent folder named lcp, mlcp, relay or fc), then from its content: MLCP when it starts
/// with two 0/1 storage flags and a block list starting at 0; FC when it starts with d in {2,3},
/// nc >= 1 and a (d nc) x (d nc) matrix; otherwise relay when 2 n more numbers follow q, else
/// LCP. Returns nullopt when the text is not a Siconos problem at all.
std::optional<SiconosKind> guessSiconosKind(const std::filesystem::path& path,
                                            std::string_view text);

/// Writes `problem` as a Siconos file of the family its rows fit, with dense column-major
/// matrices printed to 17 significant digits (q = -b): LCP when every row is lo = 0, hi = inf;
/// MLCP when, besides, the nub leading rows are free; relay otherwise (infinite bounds written
/// as `inf`, which C's fscanf reads back). Returns the family written.
/// @throws std::invalid_argument when the problem has friction rows (no Siconos LCP, MLCP or
///         relay file can hold findex), naming the row
SiconosKind writeSiconos(const Problem& problem, std::ostream& out);

/// As above, to a file, replaced only once complete (AtomicFile); on an error, including the
/// std::invalid_argument above, the file is left as it was.
/// @throws std::runtime_error when the file cannot be written
SiconosKind writeSiconos(const Problem& problem, const std::filesystem::path& path);

}  // namespace mlcp
