// Source buffers and MLIR-style diagnostics.
#include "support/source.h"

#include <algorithm>

namespace kiln {

SourceBuffer::SourceBuffer(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

std::pair<uint32_t, uint32_t> SourceBuffer::line_col(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
  size_t col = offset - line_starts_[line - 1] + 1;
  return {static_cast<uint32_t>(line), static_cast<uint32_t>(col)};
}

std::string_view SourceBuffer::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
  std::string_view view(text_.data() + begin, end - begin);
  if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
  return view;
}

std::string format_diagnostic(const Location& loc, std::string_view message,
                              std::string_view severity) {
  std::string out;
  if (!loc.known()) {
    out.append(severity).append(": ").append(message);
    return out;
  }
  auto [line, col] = loc.buffer->line_col(loc.offset);
  out.append(loc.buffer->name()).append(":").append(std::to_string(line)).append(":");
  out.append(std::to_string(col)).append(": ").append(severity).append(": ").append(message);
  std::string_view text = loc.buffer->line_text(line);
  // Very long lines (hex blobs) are cut around the column so the caret stays readable.
  size_t start = 0;
  constexpr size_t kWidth = 160;
  if (text.size() > kWidth && col > kWidth / 2) start = col - kWidth / 2;
  std::string_view shown = text.substr(std::min(start, text.size()), kWidth);
  out.append("\n").append(shown).append("\n");
  size_t caret = col - 1 - start;
  for (size_t i = 0; i < caret && i < shown.size(); ++i) out.push_back(shown[i] == '\t' ? '\t' : ' ');
  out.append("^");
  return out;
}

}  // namespace kiln
