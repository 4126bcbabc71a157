// Command-line value checks with messages in words (CLI11's own say "not in range 0.000000 to
// 1.797...e308" or "Could not convert").
#include "tools/kiln/flags.h"

#include <charconv>
#include <cmath>
#include <string>

namespace kiln::tools {

CLI::Validator whole_number(int64_t lo, int64_t hi) {
  std::string range = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        int64_t value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec == std::errc() && end == text.data() + text.size() && value >= lo && value <= hi) {
          return "";
        }
        return "must be " + range + " (got '" + text + "')";
      },
      range);
}

CLI::Validator unsigned_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        uint64_t value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec == std::errc() && end == text.data() + text.size()) return "";
        return "must be a whole number from 0 to 18446744073709551615 (got '" + text + "')";
      },
      "a whole number from 0 to 2^64 - 1");
}

CLI::Validator seconds_up_to(double most) {
  std::string range = "a number of seconds above 0 and at most " + std::to_string(int64_t(most));
  return CLI::Validator(
      [most, range](std::string& text) -> std::string {
        double value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec == std::errc() && end == text.data() + text.size() && std::isfinite(value) &&
            value > 0 && value <= most) {
          return "";
        }
        return "must be " + range + " (got '" + text + "')";
      },
      range);
}

CLI::Validator non_empty(const char* what) {
  std::string message = std::string("must name ") + what + ", not an empty string";
  return CLI::Validator(
      [message](std::string& text) -> std::string { return text.empty() ? message : ""; },
      "not empty");
}

}  // namespace kiln::tools
