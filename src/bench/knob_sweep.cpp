// Knob settings and sweeps from the command line.
#include "bench/knob_sweep.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <optional>

namespace kiln::bench {

namespace {

// The integers of "V1,V2,...", or nullopt if one is not an integer.
std::optional<std::vector<int64_t>> parse_values(const std::string& text) {
  std::vector<int64_t> values;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || errno == ERANGE) return std::nullopt;
    values.push_back(v);
    if (comma == std::string::npos) return values;
    start = comma + 1;
  }
}

}  // namespace

Expected<std::vector<kernels::Config>> parse_knob_sweep(const std::vector<std::string>& args) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> knobs;  // in argument order
  for (const auto& arg : args) {
    size_t eq = arg.find('=');
    auto values =
        eq == std::string::npos || eq == 0 ? std::nullopt : parse_values(arg.substr(eq + 1));
    if (!values) {
      return Error::invalid_argument(
          fmt::format("bad --knob '{}': expected NAME=INTEGER or NAME=INTEGER,INTEGER,...", arg));
    }
    std::string name = arg.substr(0, eq);
    std::erase_if(knobs, [&](const auto& k) { return k.first == name; });
    knobs.emplace_back(std::move(name), std::move(*values));
  }
  std::vector<kernels::Config> configs{{}};
  for (const auto& [name, values] : knobs) {
    std::vector<kernels::Config> next;
    for (const auto& c : configs) {
      for (int64_t v : values) {
        kernels::Config with = c;
        with.set(name, v);
        next.push_back(std::move(with));
      }
    }
    configs = std::move(next);
  }
  return configs;
}

std::string config_text(const kernels::Config& config) {
  std::string s;
  for (const auto& [name, value] : config) {
    s += fmt::format("{}{}={}", s.empty() ? "" : " ", name, value);
  }
  return s;
}

}  // namespace kiln::bench
