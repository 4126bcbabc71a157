// Knob defaults and configs.
#include "kernels/cuda/knobs.h"

#include <fmt/format.h>

#include <algorithm>

namespace kiln::kernels {

int64_t Knob::default_for(const ElementType& t) const {
  for (const auto& [type, value] : dtype_defaults) {
    if (type == t) return value;
  }
  return default_value;
}

bool Knob::allows(int64_t value) const {
  return std::find(values.begin(), values.end(), value) != values.end();
}

int64_t Knob::neutral() const {
  if (values.empty() || allows(0)) return 0;
  return *std::min_element(values.begin(), values.end());
}

Expected<int64_t> Config::get(std::string_view name) const {
  auto it = values_.find(std::string(name));
  if (it == values_.end()) {
    return Error::not_found(fmt::format("kernels: no value for knob '{}'", name));
  }
  return it->second;
}

Expected<Config> complete_knobs(std::string_view kernel, const std::vector<Knob>& knobs,
                                const Config& given, const ElementType& dtype) {
  Config out;
  for (const auto& [name, value] : given) {
    auto knob =
        std::find_if(knobs.begin(), knobs.end(), [&](const Knob& k) { return k.name == name; });
    if (knob == knobs.end()) {
      return Error::not_found(fmt::format("kernel '{}' has no knob '{}'", kernel, name));
    }
    if (!knob->allows(value)) {
      return Error::invalid_argument(fmt::format("kernel '{}': knob '{}' = {} is not one of {}",
                                                 kernel, name, value,
                                                 fmt::join(knob->values, ", ")));
    }
    out.set(name, value);
  }
  for (const auto& k : knobs) {
    if (!out.has(k.name)) out.set(k.name, k.default_for(dtype));
  }
  return out;
}

}  // namespace kiln::kernels
