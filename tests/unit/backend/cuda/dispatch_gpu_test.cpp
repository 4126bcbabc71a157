// On a GPU, programs run through kiln's own kernels with the dispatch forced to the library
// (CompileOptions::dispatch = "library"): bf16 dot_generals on gemm / gemm_nt — exact tiles,
// batched, ragged in M, N and K, the rhs as [N, K] — and attentions on flash_attention, with
// and without the causal mask and GQA, each against the interpreter on random inputs, run
// twice (the second replays the CUDA graph that captured the encoded TMA descriptors); and
// cuDNN's attention steps on their flash-kernel fallback where cuDNN is missing. Skipped,
// saying so, without a GPU.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "backend/cuda/cuda_backend.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/dispatch_programs.h"

namespace kiln::backend::cuda::dispatch_gpu_test {
namespace {

struct Case {
  std::string name;
  std::string text;
  std::string kernel;  // the library module's stem that must run ("gemm.", ...)
};

using dispatch_programs::attention;
using dispatch_programs::dot;
using dispatch_programs::dot_nt;

std::vector<Case> cases() {
  return {
      {"dot_256x384x128", dot(256, 384, 128), "gemm."},
      {"dot_batched_3x65x70x40", dot(65, 70, 40, "bf16", 3), "gemm."},
      {"dot_ragged_130x70x33", dot(130, 70, 33), "gemm."},
      {"dot_ragged_257x129x200", dot(257, 129, 200), "gemm."},
      {"dot_nt_200x136x72", dot_nt(200, 136, 72), "gemm_nt."},
      {"attention", attention(false, 100, 130, 4), "flash_attention."},
      {"attention_causal", attention(true, 130, 130, 4), "flash_attention_causal."},
      // GQA as JAX writes it: k and v (their repeat) read before q; fuse-attention still puts
      // q first, so flash_attention takes it.
      {"attention_gqa", attention(false, 64, 96, 2), "flash_attention."},
  };
}

TEST(DispatchGpu, LibraryKernelsMatchTheInterpreter) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    auto reference = testing::parse(c.text);
    auto module = testing::parse(c.text);
    ASSERT_TRUE(reference && module);
    ASSERT_TRUE(passes::optimize(*module, 2).ok());
    CompileOptions options;
    options.dispatch = "library";
    auto exe = compile_cuda(*module, options);
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    bool on_library = false;
    for (const KernelModule& m : (*exe)->program().modules) {
      on_library |= m.library && m.name.starts_with(c.kernel);
    }
    ASSERT_TRUE(on_library) << fmt::format("{}", fmt::join((*exe)->program().notes, "\n"));
    auto inputs = oracle::random_inputs((*exe)->input_types(), 11);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = oracle::reference_run(*reference, *inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    for (int run = 0; run < 3; ++run) {  // step by step, then captured, then replayed
      auto got = testing::run_on_cuda(**exe, *inputs);
      ASSERT_TRUE(got.ok()) << got.error().message();
      oracle::CompareReport report =
          oracle::compare_outputs(*got, *want, oracle::program_tolerance);
      EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
    }
  }
}

// Where cuDNN is missing at run time (KILN_CUDNN_LIBRARY naming no library, set in a child
// process so that no cuDNN this process loaded remains), cuDNN's attention steps run their
// fallback: the library's flash kernel where it takes the attention. Against the interpreter,
// twice (step by step, then captured). Returns what failed, or "".
std::string run_attention_without_cudnn() {
  setenv("KILN_CUDNN_LIBRARY", "/nonexistent/libcudnn.so.9", 1);
  for (bool causal : {false, true}) {
    const std::string text = attention(causal, 128, 128, 4);
    auto reference = testing::parse(text);
    auto module = testing::parse(text);
    if (!reference || !module || !passes::optimize(*module, 2).ok()) return "parse / optimize";
    auto exe = compile_cuda(*module, {});
    if (!exe.ok()) return exe.error().message();
    const std::string notes = fmt::format("{}", fmt::join((*exe)->program().notes, "\n"));
    if (notes.find("without cuDNN: the library's flash kernel") == std::string::npos) {
      return "the fallback is not the flash kernel: " + notes;
    }
    auto inputs = oracle::random_inputs((*exe)->input_types(), 5);
    if (!inputs.ok()) return inputs.error().message();
    auto want = oracle::reference_run(*reference, *inputs);
    if (!want.ok()) return want.error().message();
    for (int run = 0; run < 2; ++run) {
      auto got = testing::run_on_cuda(**exe, *inputs);
      if (!got.ok()) return got.error().message();
      oracle::CompareReport report =
          oracle::compare_outputs(*got, *want, oracle::program_tolerance);
      if (!report.passed) return fmt::format("causal {} run {}: {}", causal, run, report.message());
    }
  }
  return "";
}

TEST(DispatchGpu, WithoutCudnnAttentionRunsTheFlashKernel) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh process: cuDNN not loaded yet
  EXPECT_EXIT(
      {
        const std::string failed = run_attention_without_cudnn();
        std::fprintf(stderr, "%s\n", failed.empty() ? "all matched" : failed.c_str());
        std::exit(failed.empty() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "cuDNN unavailable.*running its fallback");
}

}  // namespace
}  // namespace kiln::backend::cuda::dispatch_gpu_test
