// Parsing a convolution program and running it on the GPU against the interpreter, for the
// cuDNN convolution tests (convolution_test.cpp, convolution_guard_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <span>
#include <vector>

#include "backend/cuda/executable.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/reference.h"

namespace kiln::backend::cuda::convolution_runs {

// `text` parsed and verified (null, failing the test, where it does not).
inline std::unique_ptr<ir::Module> parse_conv(const std::string& text,
                                              const char* name = "conv.mlir") {
  auto module = frontend::parse_module_text(text, name);
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message() << "\n" << text;
  return v.ok() ? std::move(*module) : nullptr;
}

inline std::vector<Buffer> conv_buffers_of(const std::vector<interp::Tensor>& inputs) {
  std::vector<Buffer> out;
  for (const interp::Tensor& t : inputs) {
    auto b = Buffer::host_copy(t.type(), std::span<const std::byte>(t.raw(), t.size_bytes()));
    EXPECT_TRUE(b.ok());
    if (b.ok()) out.push_back(std::move(*b));
  }
  return out;
}

// Runs `exe` on `inputs`: profiled (step by step), then twice more (the first captures a CUDA
// graph, or replays one captured before; the second replays it), each result compared with
// the interpreter's on `reference` within the program tolerance. Returns how many steps cuDNN
// ran in the profiled run (steps of kind "convolution"), -1 where nothing ran.
inline int64_t expect_runs_match(const CudaExecutable& exe, const ir::Module& reference,
                                 const std::vector<interp::Tensor>& inputs) {
  auto want = oracle::reference_run(reference, inputs);
  EXPECT_TRUE(want.ok()) << want.error().message();
  if (!want.ok()) return -1;
  std::vector<Buffer> buffers = conv_buffers_of(inputs);
  auto timings = exe.profile(buffers);
  EXPECT_TRUE(timings.ok()) << timings.error().message();
  if (!timings.ok()) return -1;
  int64_t on_cudnn = 0;
  for (const StepTiming& t : *timings) on_cudnn += t.kind == "convolution";
  for (int run = 0; run < 2; ++run) {
    auto results = exe.run(buffers);
    EXPECT_TRUE(results.ok()) << results.error().message();
    if (!results.ok()) return on_cudnn;
    std::vector<interp::Tensor> got;
    for (const Buffer& b : results->outputs()) {
      auto t = interp::Tensor::allocate(b.type());
      EXPECT_TRUE(t.ok());
      if (!t.ok()) return on_cudnn;
      std::memcpy(t->raw(), b.host_bytes().data(), t->size_bytes());
      got.push_back(std::move(*t));
    }
    oracle::CompareReport report = oracle::compare_outputs(got, *want, oracle::program_tolerance);
    EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
  }
  return on_cudnn;
}

}  // namespace kiln::backend::cuda::convolution_runs
