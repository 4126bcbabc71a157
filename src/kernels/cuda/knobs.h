// Typed knobs: a kernel's tunable parameters (their allowed values and defaults, per element
// type where that differs) and a Config of knob values read with errors as values.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernels/cuda/element_types.h"
#include "support/error.h"

namespace kiln::kernels {

// A tunable parameter and its allowed values.
struct Knob {
  std::string name;
  std::vector<int64_t> values;
  int64_t default_value = 0;
  std::string help;
  // Defaults for particular element types, where they differ from default_value.
  std::vector<std::pair<ElementType, int64_t>> dtype_defaults = {};

  // The default for problems of element type `t`.
  int64_t default_for(const ElementType& t) const;
  bool allows(int64_t value) const;
  // Where a tuner starts when it sets the hand-picked defaults and tuning tables aside
  // (`kiln tune --start neutral`), one rule for every knob of the library: 0 where 0 is
  // allowed (the knobs' convention for "by shape": the plan's own rule decides), else the
  // smallest allowed value (the fewest threads, packs, items or rows; 1 for a multiplier that
  // allows it). A knob without values has 0.
  int64_t neutral() const;
};

// Knob values by name, ordered by name. Reading a knob that is not set is an error value.
class Config {
 public:
  using Map = std::map<std::string, int64_t>;
  Config() = default;
  Config(std::initializer_list<Map::value_type> values) : values_(values) {}

  // The value of knob `name`; not_found naming it when it is not set.
  Expected<int64_t> get(std::string_view name) const;
  // Sets (or replaces) a knob's value.
  void set(std::string name, int64_t value) { values_[std::move(name)] = value; }
  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
  bool empty() const { return values_.empty(); }
  size_t size() const { return values_.size(); }
  Map::const_iterator begin() const { return values_.begin(); }
  Map::const_iterator end() const { return values_.end(); }
  const Map& values() const { return values_; }
  bool operator==(const Config&) const = default;

 private:
  Map values_;
};

// The config with every knob in `knobs`, for problems of element type `dtype`: given values
// checked against the allowed ones, the rest at their defaults for `dtype`. Errors name
// `kernel` and the knob (not_found for an unknown knob, invalid_argument for a value).
Expected<Config> complete_knobs(std::string_view kernel, const std::vector<Knob>& knobs,
                                const Config& given, const ElementType& dtype);

}  // namespace kiln::kernels
