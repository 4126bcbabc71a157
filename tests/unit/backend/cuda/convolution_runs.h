// Compiling a convolution program and running it on the GPU against the interpreter, for the
// cuDNN convolution tests (convolution_test.cpp, convolution_guard_test.cpp,
// finite_guard_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/executable.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::convolution_runs {

// A program's steps that the finite guard of cuDNN's convolutions makes, by what they are.
struct GuardSteps {
  std::vector<const KernelStep*> checks;  // the finite checks' launches, in order
  std::vector<const CaseStep*> guards;    // the ifs between cuDNN and the elemental kernel
  std::vector<const ConvolutionStep*> convs;  // cuDNN steps of the program itself (unguarded)
};

inline GuardSteps guard_steps(const Program& p) {
  GuardSteps out;
  for (const Step& s : p.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s);
        k && k->what.find("(finite check") != std::string::npos) {
      out.checks.push_back(k);
    } else if (const auto* g = std::get_if<CaseStep>(&s)) {
      out.guards.push_back(g);
    } else if (const auto* conv = std::get_if<ConvolutionStep>(&s)) {
      out.convs.push_back(conv);
    }
  }
  return out;
}

// Random inputs of `exe`'s entry (empty, failing the test, where they cannot be made).
inline std::vector<interp::Tensor> random_conv_inputs(const CudaExecutable& exe, uint64_t seed) {
  auto inputs = oracle::random_inputs(exe.input_types(), seed);
  EXPECT_TRUE(inputs.ok()) << inputs.error().message();
  return inputs.ok() ? std::move(*inputs) : std::vector<interp::Tensor>{};
}

// Runs `exe` on `inputs`: profiled (step by step), then twice more (the first captures a CUDA
// graph, or replays one captured before; the second replays it), each result compared with
// the interpreter's on `reference` within the program tolerance (times `loosen`, for chains of
// convolutions whose rounding differences grow). Returns how many steps cuDNN ran in the
// profiled run (steps of kind "convolution"), -1 where nothing ran.
inline int64_t expect_runs_match(const CudaExecutable& exe, const ir::Module& reference,
                                 const std::vector<interp::Tensor>& inputs, double loosen = 1) {
  auto want = oracle::reference_run(reference, inputs);
  EXPECT_TRUE(want.ok()) << want.error().message();
  if (!want.ok()) return -1;
  std::vector<Buffer> buffers = testing::host_buffers_of(inputs);
  auto timings = exe.profile(buffers);
  EXPECT_TRUE(timings.ok()) << timings.error().message();
  if (!timings.ok()) return -1;
  int64_t on_cudnn = 0;
  for (const StepTiming& t : *timings) on_cudnn += t.kind == "convolution";
  for (int run = 0; run < 2; ++run) {
    auto results = exe.run(buffers);
    EXPECT_TRUE(results.ok()) << results.error().message();
    if (!results.ok()) return on_cudnn;
    std::vector<interp::Tensor> got = testing::tensors_of(results->outputs());
    oracle::CompareReport report =
        oracle::compare_outputs(got, *want, [loosen](const ir::ElementType& t) {
          oracle::Tolerance tol = oracle::program_tolerance(t);
          return oracle::Tolerance{.atol = tol.atol * loosen, .rtol = tol.rtol * loosen};
        });
    EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
  }
  return on_cudnn;
}

// Runs `module` (compiled as is) on the GPU against `reference` on the interpreter, on fresh
// random inputs. Returns how many steps cuDNN ran (-1 where nothing ran).
inline int64_t expect_matches_interpreter(const ir::Module& module, const ir::Module& reference,
                                          uint64_t seed) {
  std::unique_ptr<CudaExecutable> exe = testing::compile_module(module);
  if (!exe) return -1;
  std::vector<interp::Tensor> inputs = random_conv_inputs(*exe, seed);
  if (inputs.size() != exe->input_types().size()) return -1;
  return expect_runs_match(*exe, reference, inputs);
}

}  // namespace kiln::backend::cuda::convolution_runs
