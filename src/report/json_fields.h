// Typed fields of the JSON objects kiln report reads, with errors that name the file (and line)
// the object came from.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "support/error.h"

namespace kiln::report {

// Reads fields of one JSON object. `where` names it in errors: "results/sm_90a/exp.json" or
// "results/tune/h100/exp.jsonl:12". Keys may be dotted paths into nested objects
// ("time.median_ms"). A field that is absent or null takes the fallback when one is given, else
// is an error; a field of the wrong type is always an error ("WHERE: error: 'time.median_ms' is
// not a number"). The object must outlive the reader.
class JsonFields {
 public:
  JsonFields(const nlohmann::json& object, std::string where)
      : object_(object), where_(std::move(where)) {}

  Expected<double> number(std::string_view key, std::optional<double> fallback = {}) const;
  Expected<std::string> string(std::string_view key,
                               std::optional<std::string> fallback = {}) const;
  Expected<bool> boolean(std::string_view key, std::optional<bool> fallback = {}) const;
  // The field itself (null when absent): for arrays and objects the caller walks.
  const nlohmann::json& any(std::string_view key) const;

  const std::string& where() const { return where_; }
  // "WHERE: error: MESSAGE", invalid_argument.
  Error error(std::string_view message) const;

 private:
  const nlohmann::json& object_;
  std::string where_;
};

// "block=256 vec=4" for a JSON object of knob values ("" for anything else or an empty one).
std::string knobs_text(const nlohmann::json& knobs);

}  // namespace kiln::report
