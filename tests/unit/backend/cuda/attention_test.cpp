// kiln.attention on cuDNN's fused attention (lower_attention.cpp, attention_layout.cpp,
// run_attention.cpp): which attentions become an AttentionStep and with which [b, h, s, d]
// dims and strides, which keep their region and why (no GPU needed), that every case compiles
// through NVRTC, and, on a GPU, results that match the cpu backend with cuDNN computing them.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/attention_checks.h"
#include "tests/unit/backend/cuda/attention_programs.h"

namespace kiln::backend::cuda::attention_test {
namespace {

namespace rt = ::kiln::cuda;

using attention_checks::Lowered;
using attention_programs::program;
using attention_programs::Shape;
using testing::host_buffers_of;
using testing::tensors_of;

std::unique_ptr<ir::Module> parse(const std::string& text) {
  return attention_checks::parse(text, "attention.mlir");
}

std::unique_ptr<ir::Module> optimized(const Shape& c) {
  return attention_checks::optimized(program(c), "attention.mlir");
}

Lowered lowered(const Shape& c) { return attention_checks::lowered(program(c), "attention.mlir"); }


const AttentionStep* attention_step(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* a = std::get_if<AttentionStep>(&s)) return a;
  }
  return nullptr;
}

using Dims = std::array<int64_t, 4>;

// [b, s, h, d] in memory read as [b, h, s, d]: no transposes.
TEST(Attention, BshdTensorsGoToCudnnAsStrides) {
  Shape c;
  Lowered l = lowered(c);
  ASSERT_TRUE(l.program.ok());
  EXPECT_EQ(l.program->attention_count, 1);
  const AttentionStep* a = attention_step(*l.program);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->desc.type, rt::FloatType::kBF16);
  EXPECT_EQ(a->desc.q.dims, (Dims{2, 4, 64, 64}));
  EXPECT_EQ(a->desc.q.strides, (Dims{64 * 4 * 64, 64, 4 * 64, 1}));
  EXPECT_EQ(a->desc.k.strides, (Dims{64 * 4 * 64, 64, 4 * 64, 1}));
  // The output is P·V's [b, h, s, d] (the transpose to [b, s, h, d] stays outside).
  EXPECT_EQ(a->desc.o.dims, (Dims{2, 4, 64, 64}));
  EXPECT_EQ(a->desc.o.strides, (Dims{4 * 64 * 64, 64 * 64, 64, 1}));
  EXPECT_FALSE(a->desc.causal);
  EXPECT_FALSE(a->desc.has_bias);
  EXPECT_FLOAT_EQ(a->desc.scale, 0.125f);
  ASSERT_TRUE(a->fallback);
  ASSERT_FALSE(a->fallback->steps.empty());
  EXPECT_TRUE(std::holds_alternative<CopyStep>(a->fallback->steps.back()));
  ASSERT_EQ(l.program->notes.size(), 1u);
  EXPECT_NE(l.program->notes[0].find("cuDNN fused attention"), std::string::npos)
      << l.program->notes[0];
}

// V·P ([b, h, d, s], jax.nn.dot_product_attention's order): cuDNN writes a packed output and a
// copy lays it out as the region's result (in the fallback too).
TEST(Attention, VTimesPIsLaidOutAfterCudnn) {
  Shape c;
  c.v_first = true;
  c.s = c.t = 48;
  Lowered l = lowered(c);
  ASSERT_TRUE(l.program.ok());
  const auto& steps = l.program->main.steps;
  auto it = std::find_if(steps.begin(), steps.end(),
                         [](const Step& s) { return std::holds_alternative<AttentionStep>(s); });
  ASSERT_NE(it, steps.end()) << fmt::format("{}", fmt::join(l.program->notes, "\n"));
  const AttentionStep& a = std::get<AttentionStep>(*it);
  EXPECT_EQ(a.desc.o.dims, (Dims{2, 4, 48, 64}));
  EXPECT_EQ(a.desc.o.strides, (Dims{4 * 48 * 64, 48 * 64, 64, 1}));
  ASSERT_NE(it + 1, steps.end());
  const auto* copy = std::get_if<KernelStep>(&*(it + 1));
  ASSERT_NE(copy, nullptr);
  EXPECT_NE(copy->function.find("attention_relayout"), std::string::npos);
  EXPECT_EQ(copy->args.at(0).buffer, a.o);
  ASSERT_TRUE(std::holds_alternative<KernelStep>(a.fallback->steps.back()));
}

TEST(Attention, CausalMaskIsCudnnsTopLeftCausal) {
  Shape c;
  c.mask = "causal";
  c.s = 77;
  c.t = 77;
  Lowered l = lowered(c);
  ASSERT_TRUE(l.program.ok());
  const AttentionStep* a = attention_step(*l.program);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->desc.causal);
  EXPECT_EQ(a->desc.q.dims, (Dims{2, 4, 77, 64}));
}

TEST(Attention, GqaReadsTheNarrowKeysAndValues) {
  Shape c;
  c.h = 8;
  c.h_kv = 2;
  Lowered l = lowered(c);
  ASSERT_TRUE(l.program.ok());
  const AttentionStep* a = attention_step(*l.program);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->desc.q.dims, (Dims{2, 8, 64, 64}));
  EXPECT_EQ(a->desc.k.dims, (Dims{2, 2, 64, 64}));
  EXPECT_EQ(a->desc.k.strides, (Dims{64 * 2 * 64, 64, 2 * 64, 1}));
  EXPECT_EQ(a->desc.v.dims, (Dims{2, 2, 64, 64}));
}

TEST(Attention, AdditiveMaskIsCudnnsBias) {
  Shape c;
  c.mask = "additive";
  c.f32_scores = false;
  Lowered l = lowered(c);
  ASSERT_TRUE(l.program.ok());
  const AttentionStep* a = attention_step(*l.program);
  ASSERT_NE(a, nullptr) << fmt::format("{}", fmt::join(l.program->notes, "\n"));
  ASSERT_TRUE(a->desc.has_bias);
  EXPECT_EQ(a->desc.bias.dims, (Dims{1, 4, 64, 64}));
  EXPECT_EQ(a->desc.bias.strides[1], 64 * 64);
  EXPECT_EQ(a->desc.bias.strides[2], 64);
}

// Cases cuDNN does not compute keep their region; the note says why.
TEST(Attention, UnsupportedCasesKeepTheirRegionAndSayWhy) {
  struct Refused {
    Shape shape;
    const char* reason;  // a part of the note
  };
  Shape f32, odd_head, ragged_v;
  f32.type = "f32";
  odd_head.d = 20;
  odd_head.d_v = 20;
  Shape additive_f32 = Shape{};
  additive_f32.mask = "additive";  // f32 scores: the mask is added in f32
  const Refused cases[] = {
      {f32, "f32"},
      {odd_head, "head dim 20"},
      {additive_f32, "type f32"},
  };
  for (const Refused& r : cases) {
    SCOPED_TRACE(r.reason);
    Lowered l = lowered(r.shape);
    ASSERT_TRUE(l.program.ok());
    EXPECT_EQ(l.program->attention_count, 0);
    EXPECT_EQ(attention_step(*l.program), nullptr);
    ASSERT_EQ(l.program->notes.size(), 1u);
    EXPECT_NE(l.program->notes[0].find("its region"), std::string::npos) << l.program->notes[0];
    EXPECT_NE(l.program->notes[0].find(r.reason), std::string::npos) << l.program->notes[0];
  }
}

// The GPU cases: bf16 and f16, head dims 64 and 128, causal, GQA, additive, ragged lengths.
std::vector<std::pair<std::string, Shape>> gpu_cases() {
  std::vector<std::pair<std::string, Shape>> out;
  for (const char* type : {"bf16", "f16"}) {
    for (int64_t d : {64, 128}) {
      Shape c;
      c.type = type;
      c.d = c.d_v = d;
      out.push_back({fmt::format("{} d{}", type, d), c});
      Shape causal = c;
      causal.mask = "causal";
      out.push_back({fmt::format("{} d{} causal", type, d), causal});
    }
    Shape gqa;
    gqa.type = type;
    gqa.h = 8;
    gqa.h_kv = 2;
    out.push_back({fmt::format("{} gqa 8/2", type), gqa});
    Shape additive;
    additive.type = type;
    additive.mask = "additive";
    additive.f32_scores = false;
    out.push_back({fmt::format("{} additive", type), additive});
    Shape ragged;
    ragged.type = type;
    ragged.s = ragged.t = 77;
    ragged.mask = "causal";
    out.push_back({fmt::format("{} s 77 causal", type), ragged});
    Shape cross;
    cross.type = type;
    cross.s = 77;
    cross.t = 50;
    out.push_back({fmt::format("{} s_q 77 s_kv 50", type), cross});
    Shape v_first = cross;
    v_first.v_first = true;
    out.push_back({fmt::format("{} v·P s_q 77 s_kv 50", type), v_first});
    Shape cross_causal = cross;
    cross_causal.mask = "causal";
    out.push_back({fmt::format("{} s_q 77 s_kv 50 causal", type), cross_causal});
  }
  return out;
}

// NVRTC compiles every GPU case (the fallback's kernels), without a GPU.
TEST(Attention, EveryCaseCompiles) {
  for (const auto& [name, c] : gpu_cases()) {
    SCOPED_TRACE(name);
    auto module = optimized(c);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    EXPECT_EQ((*exe)->program().attention_count, 1) << fmt::format("{}", fmt::join((*exe)->program().notes, "\n"));
  }
}

// On a GPU: each case on cuDNN (a profiled step of kind "attention": cuDNN ran it, not the
// fallback) against the unoptimised program on the cpu backend, within the program tolerance
// (cuDNN keeps the scores and the softmax in f32 and rounds P once; the interpreter rounds
// after every op of the program's types).
TEST(Attention, EveryCaseMatchesTheCpuBackendOnCudnn) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const auto& [name, c] : gpu_cases()) {
    SCOPED_TRACE(name);
    auto reference = parse(program(c));
    auto module = optimized(c);
    ASSERT_TRUE(reference && module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    auto inputs = oracle::random_inputs((*exe)->input_types(), 7);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = oracle::reference_run(*reference, *inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    std::vector<Buffer> buffers = host_buffers_of(*inputs);
    auto timings = (*exe)->profile(buffers);
    ASSERT_TRUE(timings.ok()) << timings.error().message();
    bool on_cudnn = false;
    for (const StepTiming& t : *timings) on_cudnn |= t.kind == "attention";
    EXPECT_TRUE(on_cudnn) << "cuDNN did not run it (its reason is on standard error)";
    for (int run = 0; run < 2; ++run) {  // the second replays the CUDA graph
      auto results = (*exe)->run(buffers);
      ASSERT_TRUE(results.ok()) << results.error().message();
      std::vector<interp::Tensor> got = tensors_of(results->outputs());
      oracle::CompareReport report = oracle::compare_outputs(got, *want, oracle::program_tolerance);
      EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
    }
  }
}

// On a GPU, for the lead's figures (asserts only that both run): a GPT-2-sized causal bf16
// attention ([4, 1024, 12, 64]) on cuDNN and on its region (KILN_CUDNN_ATTENTION=0), each step's
// time from CudaExecutable::profile on standard output.
TEST(Attention, TimesCudnnAgainstTheRegion) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  Shape c;
  c.b = 4;
  c.s = c.t = 1024;
  c.h = c.h_kv = 12;
  c.mask = "causal";
  for (const char* cudnn : {"1", "0"}) {
    setenv("KILN_CUDNN_ATTENTION", cudnn, 1);
    auto module = optimized(c);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    unsetenv("KILN_CUDNN_ATTENTION");
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    auto inputs = oracle::random_inputs((*exe)->input_types(), 3);
    ASSERT_TRUE(inputs.ok());
    std::vector<Buffer> buffers = host_buffers_of(*inputs);
    ASSERT_TRUE((*exe)->profile(buffers).ok());  // warm: plans, NVRTC modules
    auto timings = (*exe)->profile(buffers);
    ASSERT_TRUE(timings.ok()) << timings.error().message();
    double total = 0;
    for (const StepTiming& t : *timings) {
      total += t.ms;
      std::cout << fmt::format("  [{}] {:9} {:8.3f} ms  {}\n", *cudnn == '1' ? "cudnn" : "region",
                               t.kind, t.ms, t.what);
    }
    std::cout << fmt::format("[attention timing] {}: {:.3f} ms in all\n",
                             *cudnn == '1' ? "cuDNN" : "region", total);
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::attention_test
