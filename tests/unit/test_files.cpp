// Finding the repository's test programs.
#include "tests/unit/test_files.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace kiln::testing {

std::string source_dir() { return KILN_SOURCE_DIR; }

std::vector<std::string> mlir_files(const std::vector<std::string>& folders) {
  std::vector<std::string> out;
  for (const std::string& folder : folders) {
    std::filesystem::path root = std::filesystem::path(KILN_SOURCE_DIR) / folder;
    if (!std::filesystem::exists(root)) continue;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.is_regular_file() && entry.path().extension() == ".mlir") {
        out.push_back(entry.path().string());
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string test_name(const std::string& path) {
  std::string rel = std::filesystem::relative(path, KILN_SOURCE_DIR).string();
  for (char& c : rel) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return rel;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string interpreter_skip_reason(const std::string& text) {
  if (text.find("@lapack_") != std::string::npos) {
    return "calls LAPACK through custom_call (CPU-specific lowering; linalg_portable covers it)";
  }
  return "";
}

}  // namespace kiln::testing
