#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// One documented parameter of a scene.
struct SceneParameterInfo {
  std::string key;           ///< e.g. "count"
  std::string defaultValue;  ///< as text, e.g. "10"
  std::string description;   ///< with unit, e.g. "number of boxes"
};

/// The key=value parameters given to a scene ("count=10", "mu=0.8"), checked against the scene's
/// documented keys. Values not given take the documented default.
class SceneParameters {
 public:
  /// @param[in] known the scene's documented parameters
  /// @param[in] assignments "key=value" strings
  /// @throws std::invalid_argument for a string without '=', an unknown key (the message lists the
  ///         known ones) or a key given twice
  SceneParameters(std::vector<SceneParameterInfo> known,
                  const std::vector<std::string>& assignments);

  /// The value as a finite double. @throws std::invalid_argument naming the key when it is not one
  double number(std::string_view key) const;
  /// number() that must also be > 0. @throws std::invalid_argument naming the key
  double positive(std::string_view key) const;
  /// The value as an integer within [min, max]. @throws std::invalid_argument naming the key
  int integer(std::string_view key, int min, int max) const;
  /// The value as text.
  std::string text(std::string_view key) const;

  /// "key=value" for every parameter (defaults included), in documented order.
  std::string summary() const;

 private:
  const std::string& raw(std::string_view key) const;

  std::vector<SceneParameterInfo> m_known;
  std::map<std::string, std::string, std::less<>> m_values;
};

}  // namespace mlcp::dynamics
