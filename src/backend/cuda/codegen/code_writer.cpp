// CodeWriter's lines and blocks, and a function's text around a body.
#include "backend/cuda/codegen/code_writer.h"

namespace kiln::backend::cuda {

void CodeWriter::line(std::string_view text) {
  text_.append(static_cast<size_t>(depth_) * 2, ' ');
  text_.append(text);
  text_ += '\n';
}

void CodeWriter::open(std::string_view text) {
  line(std::string(text) + " {");
  ++depth_;
}

void CodeWriter::close(std::string_view suffix) {
  --depth_;
  line("}" + std::string(suffix));
}

std::string function_text(std::string head, std::string_view body) {
  for (size_t pos = 0; pos < body.size();) {
    const size_t end = body.find('\n', pos);
    head += "  ";
    head += body.substr(pos, end - pos);
    head += "\n";
    pos = end == std::string_view::npos ? body.size() : end + 1;
  }
  return head + "}\n";
}

}  // namespace kiln::backend::cuda
