// The cuda backend's warm marks: a compile of a program parsed from text marks its key in the
// kernel cache, and prepare() of a marked key starts no NVRTC worker pool (of an unmarked one,
// the opt-in pool). NVRTC runs without a GPU.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "backend/backend.h"
#include "kiln/kiln.h"
#include "runtime/cuda/nvrtc.h"
#include "runtime/cuda/nvrtc_pool.h"
#include "runtime/cuda/warm_marks.h"

namespace kiln::backend::cuda {
namespace {

namespace rt = ::kiln::cuda;

constexpr const char* kProgram =
    "func.func @main(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {\n"
    "  %0 = stablehlo.multiply %x, %y : tensor<64xf32>\n"
    "  %1 = stablehlo.exponential %0 : tensor<64xf32>\n"
    "  return %1 : tensor<64xf32>\n}\n";

class WarmPrepare : public ::testing::Test {
 protected:
  void SetUp() override {
    auto v = rt::nvrtc_version();
    if (!v.ok()) GTEST_SKIP() << "NVRTC not available: " << v.error().message();
    dir_ = std::filesystem::temp_directory_path() /
           ("kiln-warm-prepare-" + std::to_string(::getpid()));
    ::setenv("KILN_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("KILN_CACHE_DIR");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  size_t marks() const {
    std::error_code ec;
    size_t n = 0;
    for (auto it = std::filesystem::directory_iterator(dir_ / "warm", ec);
         !ec && it != std::filesystem::directory_iterator(); ++it) {
      ++n;
    }
    return n;
  }
  std::filesystem::path dir_;
};

TEST_F(WarmPrepare, ACompileMarksItsProgramsKeyAndAnotherLevelIsAnotherKey) {
  Expected<::kiln::Module> module = ::kiln::Source::from_text(kProgram, "warm.mlir").parse();
  ASSERT_TRUE(module.ok()) << module.error().message();
  EXPECT_EQ(marks(), 0u);
  Expected<::kiln::Executable> exe = ::kiln::compile(*module, {.backend = "cuda", .opt_level = 2});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(marks(), 1u);
  CompileOptions options;
  options.opt_level = 2;
  EXPECT_TRUE(rt::is_marked_warm(compile_key(kProgram, options)));
  exe = ::kiln::compile(*module, {.backend = "cuda", .opt_level = 2});  // the same key: still one
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(marks(), 1u);
  exe = ::kiln::compile(*module, {.backend = "cuda", .opt_level = 0});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(marks(), 2u);
}

// Each in a process of its own: the process's pool starts once.
TEST_F(WarmPrepare, AMarkedKeyStartsNoPoolAnUnmarkedOneDoes) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path sleeper = dir_ / "sleeping-worker";
  std::filesystem::create_directories(dir_);
  std::ofstream(sleeper) << "#!/bin/sh\nexec sleep 60\n";
  std::filesystem::permissions(sleeper, std::filesystem::perms::owner_all);
  ::setenv("KILN_NVRTC_WORKER", sleeper.c_str(), 1);
  ::setenv("KILN_NVRTC_POOL", "2", 1);
  const Backend* cuda = *find_backend("cuda");
  rt::mark_warm("00000000000000aa");
  EXPECT_EXIT(
      {
        cuda->prepare("00000000000000aa");
        std::exit(rt::process_nvrtc_pool() == nullptr ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        cuda->prepare("00000000000000bb");
        std::exit(rt::process_nvrtc_pool() != nullptr ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  ::unsetenv("KILN_NVRTC_POOL");
  ::unsetenv("KILN_NVRTC_WORKER");
}

}  // namespace
}  // namespace kiln::backend::cuda
