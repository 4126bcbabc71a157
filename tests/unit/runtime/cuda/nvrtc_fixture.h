// A test fixture for NVRTC compiles: skipped where NVRTC cannot be loaded, with a kernel cache
// (KILN_CACHE_DIR) of its own that is removed after each test.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "runtime/cuda/nvrtc.h"

namespace kiln::cuda {

class NvrtcWithOwnCache : public ::testing::Test {
 protected:
  void SetUp() override {
    auto v = nvrtc_version();
    if (!v.ok()) GTEST_SKIP() << "NVRTC not available: " << v.error().message();
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("kiln-") + test->test_suite_name() + "-" + std::to_string(::getpid()));
    setenv("KILN_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("KILN_CACHE_DIR");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path dir_;
};

}  // namespace kiln::cuda
