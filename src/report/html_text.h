// Text made safe for HTML and SVG, and the number formats of the report.
#pragma once

#include <string>
#include <string_view>

namespace kiln::report {

// `text` with &, <, >, " and ' replaced by character references: safe in element content and
// in quoted attribute values.
std::string escape_html(std::string_view text);

// Numbers as the page shows them: "0.1234" (ms, 4 decimals), "87.5%" (a fraction), "1.85×".
std::string ms_text(double ms);
std::string percent_text(double fraction);
std::string speedup_text(double speedup);

}  // namespace kiln::report
