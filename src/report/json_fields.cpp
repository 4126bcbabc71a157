// Typed JSON fields with located errors.
#include "report/json_fields.h"

#include <fmt/format.h>

namespace kiln::report {

namespace {

const nlohmann::json& null_json() {
  static const nlohmann::json kNull;
  return kNull;
}

}  // namespace

const nlohmann::json& JsonFields::any(std::string_view key) const {
  const nlohmann::json* at = &object_;
  size_t start = 0;
  while (true) {
    size_t dot = key.find('.', start);
    std::string part(key.substr(start, dot == std::string_view::npos ? key.npos : dot - start));
    if (!at->is_object()) return null_json();
    auto it = at->find(part);
    if (it == at->end()) return null_json();
    at = &*it;
    if (dot == std::string_view::npos) return *at;
    start = dot + 1;
  }
}

Error JsonFields::error(std::string_view message) const {
  return Error::invalid_argument(fmt::format("{}: error: {}", where_, message));
}

Expected<double> JsonFields::number(std::string_view key, std::optional<double> fallback) const {
  const nlohmann::json& j = any(key);
  if (j.is_null()) {
    if (fallback) return *fallback;
    return error(fmt::format("missing number '{}'", key));
  }
  if (!j.is_number()) return error(fmt::format("'{}' is not a number", key));
  return j.get<double>();
}

Expected<std::string> JsonFields::string(std::string_view key,
                                         std::optional<std::string> fallback) const {
  const nlohmann::json& j = any(key);
  if (j.is_null()) {
    if (fallback) return *fallback;
    return error(fmt::format("missing string '{}'", key));
  }
  if (!j.is_string()) return error(fmt::format("'{}' is not a string", key));
  return j.get<std::string>();
}

Expected<bool> JsonFields::boolean(std::string_view key, std::optional<bool> fallback) const {
  const nlohmann::json& j = any(key);
  if (j.is_null()) {
    if (fallback) return *fallback;
    return error(fmt::format("missing true/false '{}'", key));
  }
  if (!j.is_boolean()) return error(fmt::format("'{}' is not true or false", key));
  return j.get<bool>();
}

std::string knobs_text(const nlohmann::json& knobs) {
  if (!knobs.is_object()) return "";
  std::string s;
  for (const auto& [name, value] : knobs.items()) {
    if (!s.empty()) s += ' ';
    s += name + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
  }
  return s;
}

}  // namespace kiln::report
