#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace mlcp {

/// The one way an options struct checks its fields (after Ceres Solver's Solver::Options::
/// IsValid()): each require() states one constraint; the first one violated is kept as the
/// message "<Owner>::<field> = <value>. Violated constraint: <constraint>", written to *why
/// (when why is not null), and ok() turns false. Later requirements are then skipped, so that
/// the message names the first field that is wrong.
///
///     OptionCheck check("PgsOptions", why);
///     check.require(relaxation > 0.0 && relaxation < 2.0, "relaxation", relaxation,
///                   "0 < relaxation < 2");
///     return check.ok();
class OptionCheck {
 public:
  /// @param owner the struct's name (as the message shows it), kept by reference
  /// @param why where the message of the first violation goes; may be null
  OptionCheck(std::string_view owner, std::string* why) : m_owner(owner), m_why(why) {}

  /// Records a violation of `constraint` by the field `name` of value `value` unless `holds`.
  /// Returns *this.
  OptionCheck& require(bool holds,
                       std::string_view name,
                       double value,
                       std::string_view constraint);
  /// As require() for a double, for an integer field.
  OptionCheck& require(bool holds, std::string_view name, int value, std::string_view constraint);
  /// As require() for a double, for a field given as text (an enumerator's name).
  OptionCheck& require(bool holds,
                       std::string_view name,
                       std::string_view value,
                       std::string_view constraint);

  /// True while no requirement failed.
  bool ok() const { return m_ok; }
  /// Throws std::invalid_argument with the message of the first violated requirement, if any.
  void throwIfViolated() const {
    if (!m_ok) throw std::invalid_argument(m_message);
  }

 private:
  void fail(std::string_view name, const std::string& value, std::string_view constraint);

  std::string_view m_owner;
  std::string* m_why;
  std::string m_message;
  bool m_ok = true;
};

/// Throws std::invalid_argument with the message of options.isValid() when the options are not
/// valid: what every setOptions() and constructor taking options does first.
template <class Options>
void requireValid(const Options& options) {
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument(why);
}

}  // namespace mlcp
