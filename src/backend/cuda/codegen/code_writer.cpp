// CodeWriter's lines and blocks.
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

}  // namespace kiln::backend::cuda
