// HTML escaping and number formats.
#include "report/html_text.h"

#include <fmt/format.h>

namespace kiln::report {

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string ms_text(double ms) { return fmt::format("{:.4f}", ms); }
std::string percent_text(double fraction) { return fmt::format("{:.1f}%", 100 * fraction); }
std::string speedup_text(double speedup) { return fmt::format("{:.2f}\u00d7", speedup); }

}  // namespace kiln::report
