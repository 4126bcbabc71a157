// Warm marks: files <cache_dir()>/warm/<key>.
#include "runtime/cuda/warm_marks.h"

#include <filesystem>
#include <fstream>
#include <string>

#include "runtime/cuda/nvrtc.h"

namespace kiln::cuda {

namespace {

// The mark's path, or "" where there is no cache or the key could leave the folder.
std::string mark_path(std::string_view key) {
  const std::string dir = cache_dir();
  if (dir.empty() || key.empty() || key.find_first_of("/\\") != std::string_view::npos ||
      key == "." || key == "..") {
    return "";
  }
  return dir + "/warm/" + std::string(key);
}

}  // namespace

bool is_marked_warm(std::string_view key) {
  const std::string path = mark_path(key);
  std::error_code ec;
  return !path.empty() && std::filesystem::is_regular_file(path, ec);
}

void mark_warm(std::string_view key) {
  const std::string path = mark_path(key);
  if (path.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (!ec) std::ofstream(path, std::ios::binary | std::ios::trunc);
}

}  // namespace kiln::cuda
