// Parallel compiles in worker processes (nvrtc_parallel.h): the request's encoding and its
// malformed forms, the worker's exit statuses, a worker's cubin equal to this process's, NVRTC's
// errors through a worker, a worker that cannot start or load (compiled here) or that crashes
// (an error), and compile_all's order and cache.
// NVRTC runs without a GPU.
#include "runtime/cuda/nvrtc_parallel.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/unit/runtime/cuda/nvrtc_fixture.h"

namespace kiln::cuda {
namespace {

// The worker beside the test binary (a GPU bundle), else the one built with the tests.
const std::string kWorker =
    nvrtc_worker_path().empty() ? KILN_NVRTC_WORKER_FOR_TESTS : nvrtc_worker_path();

std::string kernel(const std::string& name, const std::string& body = "y[i] = 2.f * y[i];") {
  return "extern \"C\" __global__ void " + name +
         "(float* y, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) " +
         body + "\n}\n";
}

CompileRequest request(const std::string& name, std::string source) {
  return {.name = name, .source = std::move(source), .arch = "sm_90a", .options = {"-DX=1", "--ftz=false"}};
}

using NvrtcParallel = NvrtcWithOwnCache;

TEST(NvrtcRequest, RoundTripsThroughItsBytes) {
  CompileRequest r = request("k0", "line one\nline two\n\0 and a NUL");
  r.source.push_back('\0');
  auto back = decode_request(encode_request(r));
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->name, r.name);
  EXPECT_EQ(back->arch, r.arch);
  EXPECT_EQ(back->options, r.options);
  EXPECT_EQ(back->source, r.source);
}

TEST(NvrtcRequest, MalformedRequestsSayWhy) {
  const std::string good = encode_request(request("k0", "abc"));
  auto expect_error = [](const std::string& bytes, const std::string& why) {
    auto r = decode_request(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find(why), std::string::npos) << r.error().message();
  };
  expect_error("", "no 'kiln-nvrtc 1' header");
  expect_error("kiln-nvrtc 1\nk0\n", "ends in its header");
  expect_error("kiln-nvrtc 1\nk0\nsm_90a\nmany\n", "option count is not a number");
  expect_error("kiln-nvrtc 1\nk0\nsm_90a\n3\n-DX\n", "fewer options");
  expect_error(good.substr(0, good.size() - 1), "a source of 2 bytes where 3 were announced");
  expect_error(good + "d", "a source of 4 bytes where 3 were announced");
}

TEST_F(NvrtcParallel, WorkerMainCompilesRefusesAndRejects) {
  std::istringstream in(encode_request(request("k0", kernel("k0"))));
  std::ostringstream out, err;
  EXPECT_EQ(run_nvrtc_worker(in, out, err), 0) << err.str();
  EXPECT_EQ(out.str().substr(1, 3), "ELF");

  std::istringstream bad_source(encode_request(request("k1", kernel("k1", "y[i] = ;"))));
  std::ostringstream out1, err1;
  EXPECT_EQ(run_nvrtc_worker(bad_source, out1, err1), 1);
  EXPECT_NE(err1.str().find("cuda::nvrtc: k1"), std::string::npos) << err1.str();
  EXPECT_TRUE(out1.str().empty());

  std::istringstream garbage("hello");
  std::ostringstream out2, err2;
  EXPECT_EQ(run_nvrtc_worker(garbage, out2, err2), 2);
  EXPECT_NE(err2.str().find("malformed request"), std::string::npos) << err2.str();
}

TEST_F(NvrtcParallel, AWorkerCompilesWhatThisProcessWould) {
  ASSERT_TRUE(std::filesystem::exists(kWorker)) << kWorker;
  const CompileRequest r = request("k0", kernel("k0"));
  auto here = compile_uncached(r);
  auto there = compile_in_worker(kWorker, r);
  ASSERT_TRUE(here.ok()) << here.error().message();
  ASSERT_TRUE(there.ok()) << there.error().message();
  EXPECT_EQ(here->image, there->image);
}

TEST_F(NvrtcParallel, NvrtcErrorsComeBackThroughTheWorker) {
  auto r = compile_in_worker(kWorker, request("k2", kernel("k2", "y[i] = undeclared;")));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(r.error().message().find("cuda::nvrtc: k2"), std::string::npos) << r.error().message();
  EXPECT_NE(r.error().message().find("undeclared"), std::string::npos) << r.error().message();
}

TEST_F(NvrtcParallel, AWorkerThatCannotStartLeavesTheCompileHere) {
  auto r = compile_in_worker("/nonexistent/kiln-nvrtc", request("k0", kernel("k0")));
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(std::string(r->image.data() + 1, 3), "ELF");
}

// A stand-in worker: a shell script that prints `message` on standard error and exits `status`.
std::string script_worker(const std::string& name, const std::string& message, int status) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     fmt::format("kiln-{}-{}", name, ::getpid());
  std::ofstream(path) << fmt::format("#!/bin/sh\necho '{}' >&2\nexit {}\n", message, status);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path.string();
}

TEST_F(NvrtcParallel, AWorkerThatCrashesIsReportedNotRetried) {
  const std::string worker = script_worker("crashing-worker", "AddressSanitizer: boom", 5);
  auto r = compile_in_worker(worker, request("k0", kernel("k0")));
  std::filesystem::remove(worker);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(r.error().message().find("exited with status 5: AddressSanitizer: boom"),
            std::string::npos)
      << r.error().message();
}

TEST_F(NvrtcParallel, AWorkerThatCannotLoadLeavesTheCompileHere) {
  // 127: what a worker's loader answers when a shared library is missing.
  const std::string worker = script_worker("unloadable-worker", "libnvrtc.so: not found", 127);
  auto r = compile_in_worker(worker, request("k0", kernel("k0")));
  std::filesystem::remove(worker);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(std::string(r->image.data() + 1, 3), "ELF");
}

TEST_F(NvrtcParallel, CompileAllKeepsOrderCachesAndNamesTheFailure) {
  std::vector<CompileRequest> requests;
  for (int i = 0; i < 4; ++i) {
    const std::string name = "k" + std::to_string(i);
    // Sources of different lengths: the longest compile first, the results in order.
    requests.push_back(request(name, kernel(name, std::string(i * 40, ' ') + "y[i] += 1.f;")));
  }
  auto results = compile_all(requests, 3, kWorker);
  ASSERT_EQ(results.size(), 4u);
  for (size_t i = 0; i < results.size(); ++i) {
    ASSERT_TRUE(results[i].ok()) << results[i].error().message();
    EXPECT_FALSE(results[i]->from_cache);
    EXPECT_EQ(results[i]->image, compile_uncached(requests[i])->image) << i;
    EXPECT_GT(results[i]->milliseconds, 0);
  }
  auto again = compile_all(requests, 3, kWorker);
  for (auto& r : again) {
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->from_cache);
  }
  requests.push_back(request("k9", kernel("k9", "oops")));
  auto with_error = compile_all(requests, 2, kWorker);
  ASSERT_FALSE(with_error.back().ok());
  EXPECT_NE(with_error.back().error().message().find("cuda::nvrtc: k9"), std::string::npos);
}

}  // namespace
}  // namespace kiln::cuda
