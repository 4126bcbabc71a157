// Warm marks in the kernel cache folder: set, read, and never outside the folder.
#include "runtime/cuda/warm_marks.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace kiln::cuda {
namespace {

class WarmMarks : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("kiln-warm-marks-" + std::to_string(::getpid()));
    ::setenv("KILN_CACHE_DIR", (dir_ / "cache").c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("KILN_CACHE_DIR");
    std::filesystem::remove_all(dir_);
  }
  std::filesystem::path dir_;
};

TEST_F(WarmMarks, AMarkIsReadBackAndIsAFileInTheCacheFolder) {
  EXPECT_FALSE(is_marked_warm("0123abcd0123abcd"));
  mark_warm("0123abcd0123abcd");
  EXPECT_TRUE(is_marked_warm("0123abcd0123abcd"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir_ / "cache" / "warm" / "0123abcd0123abcd"));
  EXPECT_FALSE(is_marked_warm("0123abcd0123abce"));
  mark_warm("0123abcd0123abcd");  // again: still one mark
  EXPECT_TRUE(is_marked_warm("0123abcd0123abcd"));
}

TEST_F(WarmMarks, KeysThatAreNoPlainFileNameAreNeverMarked) {
  for (const char* key : {"", ".", "..", "../outside", "a/b", "a\\b"}) {
    mark_warm(key);
    EXPECT_FALSE(is_marked_warm(key)) << key;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_ / "outside"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "cache" / "warm" / "a"));
}

TEST_F(WarmMarks, WithoutACacheNothingIsMarked) {
  ::setenv("KILN_CACHE_DIR", "off", 1);
  mark_warm("0123abcd0123abcd");
  EXPECT_FALSE(is_marked_warm("0123abcd0123abcd"));
  EXPECT_FALSE(std::filesystem::exists(dir_));
}

}  // namespace
}  // namespace kiln::cuda
