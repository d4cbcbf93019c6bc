#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/core/option_table.hpp>

namespace mlcp {

/// The part every solver with an options struct shares (docs/design.md, "Adding a solver"): it
/// holds the options, checks them on the way in and gives them back.
///
/// Options derives from SolverOptions and has `bool isValid(std::string* why) const` (the
/// message of the first violated constraint) and `static const OptionTable<Options>& table()`.
/// A solver whose state depends on its options (a workspace sized by them, a factorization kept
/// between solves) overrides onOptionsChanged(); its constructor calls
/// onOptionsChanged(options()) once its own members exist, when the initial options need it.
///
///     class PgsSolver final : public SolverWithOptions<PgsOptions> {
///      public:
///       explicit PgsSolver(const PgsOptions& options = {}) : SolverWithOptions(options) {}
///       ...
///     };
template <class Options>
class SolverWithOptions : public MixedLCP {
 public:
  /// Checks and takes new options; then calls onOptionsChanged() with those they replace.
  /// @throws std::invalid_argument naming the violated constraint (Options::isValid()); the
  /// options in force are then unchanged.
  void setOptions(const Options& options) {
    requireValid(options);
    const Options previous = m_options;
    m_options = options;
    onOptionsChanged(previous);
  }
  /// The options in force (those of the constructor or the last setOptions()).
  const Options& options() const { return m_options; }
  /// The SolverOptions part of options().
  const SolverOptions& commonOptions() const override { return m_options; }

 protected:
  /// Checks and takes the initial options (onOptionsChanged() is not called: the solver's own
  /// members do not exist yet).
  /// @throws std::invalid_argument naming the violated constraint (Options::isValid()).
  explicit SolverWithOptions(const Options& options) : m_options(options) { requireValid(options); }

  /// Called by setOptions() after the options changed, with those in force before (and by a
  /// constructor, with options() itself, for the initial ones): a solver updates what depends
  /// on them here. Does nothing by default.
  virtual void onOptionsChanged(const Options& previous) { static_cast<void>(previous); }

  /// The options in force; written only by the constructor and setOptions().
  Options m_options;
};

}  // namespace mlcp
