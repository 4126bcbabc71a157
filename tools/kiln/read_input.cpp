// Reading program text.
#include "tools/kiln/read_input.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "frontend/parser.h"

namespace kiln::tools {

Expected<std::shared_ptr<const SourceBuffer>> read_input(const std::string& path) {
  std::string text;
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
    return std::make_shared<const SourceBuffer>("<stdin>", std::move(text));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error::not_found("kiln: cannot open " + path + ": " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return Error::invalid_argument("kiln: cannot read " + path);
  return std::make_shared<const SourceBuffer>(path, ss.str());
}

std::vector<std::pair<size_t, size_t>> input_chunks(const SourceBuffer& source, bool split) {
  if (split) return frontend::split_input_file(source.text());
  return {{0, source.text().size()}};
}

}  // namespace kiln::tools
