// A test fixture for NVRTC compiles: skipped where NVRTC cannot be loaded, with a kernel cache
// (KILN_CACHE_DIR) of its own that is removed after each test; and what the worker tests share:
// a small kernel, a request for it, a stand-in worker.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// A kernel `name` whose loop body is `body`.
inline std::string test_kernel(const std::string& name,
                               const std::string& body = "y[i] = 2.f * y[i];") {
  return "extern \"C\" __global__ void " + name +
         "(float* y, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) " +
         body + "\n}\n";
}

// A request for sm_90a with a define and a flag.
inline CompileRequest test_request(const std::string& name, std::string source) {
  return {.name = name, .source = std::move(source), .arch = "sm_90a",
          .options = {"-DX=1", "--ftz=false"}};
}

// A stand-in worker: a shell script of `body` in the temporary folder (the caller removes it).
inline std::string script_worker(const std::string& name, const std::string& body) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("kiln-" + name + "-" + std::to_string(::getpid()));
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path.string();
}

}  // namespace kiln::cuda
