// Source buffers and locations in them, and MLIR-style diagnostics with a caret.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "support/error.h"

namespace kiln {

// The text of one input file (or standard input), kept alive by every location in it.
class SourceBuffer {
 public:
  SourceBuffer(std::string name, std::string text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  // 1-based line and column of a byte offset.
  std::pair<uint32_t, uint32_t> line_col(size_t offset) const;
  // The text of a 1-based line without its newline.
  std::string_view line_text(uint32_t line) const;

 private:
  std::string name_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

// A position in a source buffer. A default-constructed location is unknown.
struct Location {
  std::shared_ptr<const SourceBuffer> buffer;
  size_t offset = 0;

  bool known() const { return buffer != nullptr; }
};

// "file:line:col: error: message", then the source line and a caret under the column.
// With an unknown location, "error: message".
std::string format_diagnostic(const Location& loc, std::string_view message,
                              std::string_view severity = "error");

inline Error error_at(const Location& loc, std::string_view message) {
  return Error::invalid_argument(format_diagnostic(loc, message));
}

}  // namespace kiln
