// Finding the repository's test programs.
#include "tests/unit/test_files.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace kiln::testing {

// The folder baked in at build time, unless $KILN_SOURCE_DIR names another; a binary carried to
// another machine (kiln_cuda_tests on the GPU machine) that finds neither runs from the
// repository's root, as scripts/gpu_session.sh does.
std::string source_dir() {
  static const std::string dir = [] {
    if (const char* env = std::getenv("KILN_SOURCE_DIR"); env && *env) return std::string(env);
    if (std::filesystem::exists(std::filesystem::path(KILN_SOURCE_DIR) / "tests")) {
      return std::string(KILN_SOURCE_DIR);
    }
    return std::filesystem::current_path().string();
  }();
  return dir;
}

std::vector<std::string> mlir_files(const std::vector<std::string>& folders) {
  std::vector<std::string> out;
  for (const std::string& folder : folders) {
    std::filesystem::path root = std::filesystem::path(source_dir()) / folder;
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
  std::string rel = std::filesystem::relative(path, source_dir()).string();
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

}  // namespace kiln::testing
