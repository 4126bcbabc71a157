// Parallel compiles in worker processes (nvrtc_parallel.h): the request's encoding and its
// malformed forms, the serving worker's frames and replies (and their malformed forms), its
// loop, the worker's exit statuses, a worker's cubin equal to this process's, NVRTC's
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

using NvrtcParallel = NvrtcWithOwnCache;

TEST(NvrtcRequest, RoundTripsThroughItsBytes) {
  CompileRequest r = test_request("k0", "line one\nline two\n\0 and a NUL");
  r.source.push_back('\0');
  auto back = decode_request(encode_request(r));
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->name, r.name);
  EXPECT_EQ(back->arch, r.arch);
  EXPECT_EQ(back->options, r.options);
  EXPECT_EQ(back->source, r.source);
}

TEST(NvrtcRequest, MalformedRequestsSayWhy) {
  const std::string good = encode_request(test_request("k0", "abc"));
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

TEST(NvrtcFrame, RoundTripsInOrderAndEndsCleanly) {
  const std::string second(300, '\0');
  std::istringstream in(encode_frame("one\ntwo") + encode_frame("") + encode_frame(second));
  for (const std::string& want : {std::string("one\ntwo"), std::string(), second}) {
    auto frame = read_frame(in);
    ASSERT_TRUE(frame.ok()) << frame.error().message();
    ASSERT_TRUE(frame->has_value());
    EXPECT_EQ(**frame, want);
  }
  auto end = read_frame(in);
  ASSERT_TRUE(end.ok()) << end.error().message();
  EXPECT_FALSE(end->has_value());
}

TEST(NvrtcFrame, MalformedFramesSayWhy) {
  auto expect_error = [](const std::string& bytes, const std::string& why) {
    std::istringstream in(bytes);
    auto r = read_frame(in);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind(), ErrorKind::kInvalidArgument);
    EXPECT_NE(r.error().message().find(why), std::string::npos) << r.error().message();
  };
  expect_error("abc", "a header of 3 bytes, not 8");
  expect_error(encode_frame("abcdef").substr(0, 11), "3 bytes where 6 were announced");
  expect_error(std::string(8, '\xff'), "announces 18446744073709551615 bytes (at most");
  EXPECT_EQ(*decode_frame_header(encode_frame(std::string(5, 'x')).substr(0, 8)), 5u);
  EXPECT_FALSE(decode_frame_header(encode_frame("").substr(0, 7)).ok());
}

TEST(NvrtcReply, RoundTripsThroughItsBytes) {
  const std::string cubin(
      "\x7f"
      "ELF\0\n\n",
      7);
  const WorkerReply r{.status = 0, .cubin = cubin, .log = "warn\n"};
  auto back = decode_reply(encode_reply(r));
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->status, 0);
  EXPECT_EQ(back->cubin, r.cubin);
  EXPECT_EQ(back->log, r.log);
  auto failed = decode_reply(encode_reply({.status = 1, .cubin = "", .log = "cuda::nvrtc: k"}));
  ASSERT_TRUE(failed.ok());
  EXPECT_EQ(failed->status, 1);
  EXPECT_EQ(failed->log, "cuda::nvrtc: k");
}

TEST(NvrtcReply, MalformedRepliesSayWhy) {
  auto expect_error = [](const std::string& bytes, const std::string& why) {
    auto r = decode_reply(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find(why), std::string::npos) << r.error().message();
  };
  expect_error("", "no 'kiln-nvrtc reply 1' header");
  expect_error("kiln-nvrtc reply 1\n0\n", "ends in its header");
  expect_error("kiln-nvrtc reply 1\n7\n0\n", "a status '7'");
  expect_error("kiln-nvrtc reply 1\nzero\n0\n", "a status 'zero'");
  expect_error("kiln-nvrtc reply 1\n0\n9\nabc", "a cubin of '9' bytes in 3 left");
}

TEST_F(NvrtcParallel, ServingWorkerAnswersEachFrameUntilTheEnd) {
  std::istringstream in(
      encode_frame(encode_request(test_request("k0", test_kernel("k0")))) +
      encode_frame(encode_request(test_request("k1", test_kernel("k1", "y[i] = ;")))) +
      encode_frame("hello") + encode_frame(encode_request(test_request("k2", test_kernel("k2")))));
  std::ostringstream out, err;
  EXPECT_EQ(serve_nvrtc_worker(in, out, err), 0) << err.str();
  std::istringstream replies(out.str());
  std::vector<WorkerReply> got;
  for (auto frame = read_frame(replies); frame.ok() && frame->has_value();
       frame = read_frame(replies)) {
    auto reply = decode_reply(**frame);
    ASSERT_TRUE(reply.ok()) << reply.error().message();
    got.push_back(*reply);
  }
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0].status, 0);
  auto here = compile_uncached(test_request("k0", test_kernel("k0")));
  ASSERT_TRUE(here.ok()) << here.error().message();
  EXPECT_EQ(got[0].cubin, std::string(here->image.begin(), here->image.end()));
  EXPECT_EQ(got[1].status, 1);
  EXPECT_NE(got[1].log.find("cuda::nvrtc: k1"), std::string::npos) << got[1].log;
  EXPECT_EQ(got[2].status, 2);
  EXPECT_NE(got[2].log.find("malformed request"), std::string::npos) << got[2].log;
  EXPECT_EQ(got[3].status, 0);
  EXPECT_EQ(got[3].cubin.substr(1, 3), "ELF");
}

TEST_F(NvrtcParallel, ServingWorkerStopsAtAFrameCutShort) {
  const std::string frame = encode_frame(encode_request(test_request("k0", test_kernel("k0"))));
  std::istringstream in(frame + frame.substr(0, frame.size() - 5));
  std::ostringstream out, err;
  EXPECT_EQ(serve_nvrtc_worker(in, out, err), 2);
  EXPECT_NE(err.str().find("malformed frame"), std::string::npos) << err.str();
  std::istringstream replies(out.str());
  auto first = read_frame(replies);  // the whole frame before it was answered
  ASSERT_TRUE(first.ok() && first->has_value());
  EXPECT_EQ(decode_reply(**first)->status, 0);
  EXPECT_FALSE(read_frame(replies)->has_value());
}

TEST_F(NvrtcParallel, WorkerMainCompilesRefusesAndRejects) {
  std::istringstream in(encode_request(test_request("k0", test_kernel("k0"))));
  std::ostringstream out, err;
  EXPECT_EQ(run_nvrtc_worker(in, out, err), 0) << err.str();
  EXPECT_EQ(out.str().substr(1, 3), "ELF");

  std::istringstream bad_source(encode_request(test_request("k1", test_kernel("k1", "y[i] = ;"))));
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
  const CompileRequest r = test_request("k0", test_kernel("k0"));
  auto here = compile_uncached(r);
  auto there = compile_in_worker(kWorker, r);
  ASSERT_TRUE(here.ok()) << here.error().message();
  ASSERT_TRUE(there.ok()) << there.error().message();
  EXPECT_EQ(here->image, there->image);
}

TEST_F(NvrtcParallel, NvrtcErrorsComeBackThroughTheWorker) {
  auto r = compile_in_worker(kWorker, test_request("k2", test_kernel("k2", "y[i] = undeclared;")));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(r.error().message().find("cuda::nvrtc: k2"), std::string::npos) << r.error().message();
  EXPECT_NE(r.error().message().find("undeclared"), std::string::npos) << r.error().message();
}

TEST_F(NvrtcParallel, AWorkerThatCannotStartLeavesTheCompileHere) {
  auto r = compile_in_worker("/nonexistent/kiln-nvrtc", test_request("k0", test_kernel("k0")));
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(std::string(r->image.data() + 1, 3), "ELF");
}

// A stand-in worker that prints `message` on standard error and exits `status`.
std::string failing_worker(const std::string& name, const std::string& message, int status) {
  return script_worker(name, fmt::format("echo '{}' >&2\nexit {}", message, status));
}

TEST_F(NvrtcParallel, AWorkerThatCrashesIsReportedNotRetried) {
  const std::string worker = failing_worker("crashing-worker", "AddressSanitizer: boom", 5);
  auto r = compile_in_worker(worker, test_request("k0", test_kernel("k0")));
  std::filesystem::remove(worker);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(r.error().message().find("exited with status 5: AddressSanitizer: boom"),
            std::string::npos)
      << r.error().message();
}

TEST_F(NvrtcParallel, AWorkerThatCannotLoadLeavesTheCompileHere) {
  // 127: what a worker's loader answers when a shared library is missing.
  const std::string worker = failing_worker("unloadable-worker", "libnvrtc.so: not found", 127);
  auto r = compile_in_worker(worker, test_request("k0", test_kernel("k0")));
  std::filesystem::remove(worker);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(std::string(r->image.data() + 1, 3), "ELF");
}

TEST_F(NvrtcParallel, CompileAllKeepsOrderCachesAndNamesTheFailure) {
  std::vector<CompileRequest> requests;
  for (int i = 0; i < 4; ++i) {
    const std::string name = "k" + std::to_string(i);
    // Sources of different lengths: the longest compile first, the results in order.
    requests.push_back(
        test_request(name, test_kernel(name, std::string(i * 40, ' ') + "y[i] += 1.f;")));
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
  requests.push_back(test_request("k9", test_kernel("k9", "oops")));
  auto with_error = compile_all(requests, 2, kWorker);
  ASSERT_FALSE(with_error.back().ok());
  EXPECT_NE(with_error.back().error().message().find("cuda::nvrtc: k9"), std::string::npos);
}

}  // namespace
}  // namespace kiln::cuda
