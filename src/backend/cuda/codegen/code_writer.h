// CodeWriter: CUDA C++ text with indentation, for the code generator.
#pragma once

#include <string>
#include <string_view>

namespace kiln::backend::cuda {

class CodeWriter {
 public:
  // Appends one line at the current indentation.
  void line(std::string_view text);
  // `text {` and one level deeper; close() ends it with `}`.
  void open(std::string_view text);
  void close(std::string_view suffix = "");
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  int depth_ = 0;
};

// A function's text: `head` (its signature up to and with the opening brace's line), `body`
// one level deeper, the closing brace.
std::string function_text(std::string head, std::string_view body);

}  // namespace kiln::backend::cuda
