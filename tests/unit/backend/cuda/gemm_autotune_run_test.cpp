// --autotune on the cuda backend: the flag reaches the lowered program; on a GPU the first run
// times cuBLASLt's candidates, writes one cache entry per GEMM beside the kernel cache, and
// later executables (with or without the flag) reuse it; a corrupt cache is ignored.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "runtime/cuda/gemm_autotune.h"
#include "tests/unit/backend/cuda/gemm_test_programs.h"

namespace kiln::backend::cuda {
namespace {

namespace fs = std::filesystem;

TEST(GemmAutotune, FlagReachesTheProgram) {
  auto module = testing::parse(testing::dense_program({.bias = true, .act = "relu"}));
  ASSERT_TRUE(module);
  CompileOptions options;
  options.autotune = true;
  auto exe = compile_cuda(*module, options);
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_TRUE((*exe)->program().autotune_gemms);
  auto plain = compile_cuda(*module, {});
  ASSERT_TRUE(plain.ok()) << plain.error().message();
  EXPECT_FALSE((*plain)->program().autotune_gemms);
}

// KILN_CACHE_DIR pointed at a fresh folder for the test's life.
class ScopedAutotuneCacheDir {
 public:
  ScopedAutotuneCacheDir() {
    dir_ = fs::temp_directory_path() / ("kiln_autotune_run_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    if (const char* old = std::getenv("KILN_CACHE_DIR")) old_ = old;
    ::setenv("KILN_CACHE_DIR", dir_.c_str(), 1);
  }
  ~ScopedAutotuneCacheDir() {
    if (old_) {
      ::setenv("KILN_CACHE_DIR", old_->c_str(), 1);
    } else {
      ::unsetenv("KILN_CACHE_DIR");
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

 private:
  fs::path dir_;
  std::optional<std::string> old_;
};

TEST(GemmAutotune, ChoosesCachesAndReuses) {
  std::string why;
  if (!testing::have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  ScopedAutotuneCacheDir dir;
  const std::string path = ::kiln::cuda::GemmChoiceCache::default_path();
  // Two distinct GEMMs: an epilogue one and a batched plain one.
  const std::string epilogue = testing::dense_program({.m = 37, .k = 29, .n = 53, .bias = true, .act = "relu"});
  const std::string batched = testing::dense_program({.batch = 3, .m = 64, .k = 32, .n = 48});
  CompileOptions tune;
  tune.autotune = true;
  testing::expect_optimized_matches_interpreter(epilogue, true, tune);
  testing::expect_optimized_matches_interpreter(batched, true, tune);
  const auto entries = ::kiln::cuda::GemmChoiceCache(path).load();
  ASSERT_EQ(entries.size(), 2u) << path;
  for (const auto& [key, choice] : entries) {
    EXPECT_GE(choice.index, 0) << key;
    EXPECT_LT(choice.index, ::kiln::cuda::kAutotuneCandidates) << key;
    EXPECT_GT(choice.ms, 0) << key;
  }
  // Later executables, without the flag, take the cached choices and leave the file as it is.
  testing::expect_optimized_matches_interpreter(epilogue);
  testing::expect_optimized_matches_interpreter(batched, true, tune);
  EXPECT_EQ(::kiln::cuda::GemmChoiceCache(path).load(), entries);
  // A damaged cache is read past: the runs stay right, and a tuning run rewrites it whole.
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << "kiln-gemm-v1\tgarbage\n\xff\xfe\n";
  }
  testing::expect_optimized_matches_interpreter(epilogue);
  testing::expect_optimized_matches_interpreter(epilogue, true, tune);
  EXPECT_EQ(::kiln::cuda::GemmChoiceCache(path).load().size(), 1u);
}

}  // namespace
}  // namespace kiln::backend::cuda
