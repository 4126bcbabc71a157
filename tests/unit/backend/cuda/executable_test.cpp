// The cuda backend's executable: which programs are captured into a CUDA graph (no GPU
// needed), and, on a GPU, graph replays with new inputs that match the cpu backend, and
// per-step profiles.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstring>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"

// A named namespace: a unity batch puts this file beside dot_general_test.cpp, whose
// file-local helpers have the same names.
namespace kiln::backend::cuda::executable_test {
namespace {

using testing::have_gpu;

// A GEMM, a generated kernel after it, and a constant: straight-line device work.
const char* const kStraightLine = R"(
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %k = stablehlo.constant dense<0.5> : tensor<8x4xf32>
  %m = stablehlo.multiply %d, %k : tensor<8x4xf32>
  %r = stablehlo.tanh %m : tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
)";

// A loop the host drives (it reads the predicate back each iteration).
const char* const kWhileLoop = R"(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %lim = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %i2, %w : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}
)";

TEST(GraphCapturable, StraightLineProgramIs) {
  auto p = testing::lower_program_text(kStraightLine);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_TRUE(graph_capturable(p->main));
}

// Loops and branches whose trip counts and branches depend on the inputs, nested: the while
// runs min(max(n, 0), 5) times around an if on the sign of an element and a case on an
// index (out of range: the last branch), with an inner loop of two steps.
const char* const kDataDependentControlFlow = R"(
func.func @main(%x: tensor<4xf32>, %nin: tensor<i32>, %sel: tensor<i32>) -> (tensor<4xf32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %n = stablehlo.clamp %zero, %nin, %five : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %e = stablehlo.slice %v [0:1] : (tensor<4xf32>) -> tensor<1xf32>
    %e0 = stablehlo.reshape %e : (tensor<1xf32>) -> tensor<f32>
    %fz = stablehlo.constant dense<0.0> : tensor<f32>
    %pos = stablehlo.compare GT, %e0, %fz : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a = "stablehlo.if"(%pos) ({
      %h = stablehlo.constant dense<0.5> : tensor<4xf32>
      %m = stablehlo.multiply %v, %h : tensor<4xf32>
      stablehlo.return %m : tensor<4xf32>
    }, {
      %t = stablehlo.constant dense<1.25> : tensor<4xf32>
      %m = stablehlo.add %v, %t : tensor<4xf32>
      stablehlo.return %m : tensor<4xf32>
    }) : (tensor<i1>) -> tensor<4xf32>
    %b = "stablehlo.case"(%sel) ({
      %m = stablehlo.negate %a : tensor<4xf32>
      stablehlo.return %m : tensor<4xf32>
    }, {
      %m = stablehlo.sine %a : tensor<4xf32>
      stablehlo.return %m : tensor<4xf32>
    }, {
      stablehlo.return %a : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    %in:2 = stablehlo.while(%j = %zero, %w = %b) : tensor<i32>, tensor<4xf32>
     cond {
      %two = stablehlo.constant dense<2> : tensor<i32>
      %q = stablehlo.compare LT, %j, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %one1 = stablehlo.constant dense<1> : tensor<i32>
      %j2 = stablehlo.add %j, %one1 : tensor<i32>
      %w2 = stablehlo.cosine %w : tensor<4xf32>
      stablehlo.return %j2, %w2 : tensor<i32>, tensor<4xf32>
    }
    stablehlo.return %i2, %in#1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1, %r#0 : tensor<4xf32>, tensor<i32>
}
)";

TEST(GraphCapturable, DeviceLoopsAndBranchesAre) {
  for (const char* text : {kWhileLoop, kDataDependentControlFlow}) {
    auto p = testing::lower_program_text(text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    EXPECT_TRUE(graph_capturable(p->main));
  }
}

TEST(GraphCapturable, HostCheckIsNot) {
  Program p;
  p.steps.push_back(CopyStep{});
  p.steps.push_back(HostCheckStep{});
  EXPECT_FALSE(graph_capturable(p));
}

// A program of one loop whose body is `inner`.
Program loop_around(Step inner) {
  auto body = std::make_shared<Program>();
  body->steps.push_back(std::move(inner));
  WhileStep w;
  w.cond = std::make_shared<Program>();
  w.body = body;
  w.condition_module = 0;
  Program p;
  p.steps.push_back(std::move(w));
  return p;
}

TEST(GraphCapturable, LoopAroundAHostCheckIsNot) {
  EXPECT_FALSE(graph_capturable(loop_around(HostCheckStep{})));
}

// cuFFT's transforms are captured in the main program, not into a conditional node's body.
TEST(GraphCapturable, FftInTheMainProgramIsButNotInALoopBody) {
  Program top;
  top.steps.push_back(CopyStep{});
  top.steps.push_back(FftStep{});
  EXPECT_TRUE(graph_capturable(top));
  EXPECT_FALSE(graph_capturable(loop_around(FftStep{})));
}

TEST(GraphCapturable, EmptyProgramIsNot) { EXPECT_FALSE(graph_capturable(Program{})); }

// KILN_CUDA_GRAPHS as a test sets it (null: unset), put back as it was when this goes out of
// scope, however the test ends.
class GraphsVariable {
 public:
  GraphsVariable() : had_(std::getenv(kName) != nullptr), old_(had_ ? std::getenv(kName) : "") {}
  ~GraphsVariable() { set(had_ ? old_.c_str() : nullptr); }
  void set(const char* value) { value ? setenv(kName, value, 1) : unsetenv(kName); }

 private:
  static constexpr const char* kName = "KILN_CUDA_GRAPHS";
  bool had_;
  std::string old_;
};

TEST(GraphsEnabled, OffOnlyWhenTheVariableIsZero) {
  GraphsVariable graphs;
  graphs.set(nullptr);
  EXPECT_TRUE(graphs_enabled());
  graphs.set("0");
  EXPECT_FALSE(graphs_enabled());
  graphs.set("1");
  EXPECT_TRUE(graphs_enabled());
}

// Runs `exe` on random inputs from `seed` and compares the outputs with the cpu backend's.
void expect_run_matches_cpu(const CudaExecutable& exe, const ir::Module& module, uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  auto inputs = oracle::random_inputs(exe.input_types(), seed);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  auto want = oracle::reference_run(module, *inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  auto results = exe.run(testing::host_buffers_of(*inputs));
  ASSERT_TRUE(results.ok()) << results.error().message();
  std::vector<interp::Tensor> got;
  for (const Buffer& b : results->outputs()) {
    auto t = interp::Tensor::from_storage(b.type(), b.host_storage());
    ASSERT_TRUE(t.ok()) << t.error().message();
    got.push_back(std::move(*t));
  }
  oracle::CompareReport report = oracle::compare_outputs(got, *want);
  EXPECT_TRUE(report.passed) << report.message();
}

// The first run captures, the later ones replay the graph with new inputs.
TEST(CudaGraph, ReplayWithNewInputsMatchesTheCpuBackend) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  if (!graphs_enabled()) GTEST_SKIP() << "KILN_CUDA_GRAPHS=0";
  testing::Compiled c = testing::compile_text(kStraightLine);
  ASSERT_TRUE(c.exe);
  expect_run_matches_cpu(*c.exe, *c.module, 1);
  EXPECT_FALSE(c.exe->replayed_graph());
  expect_run_matches_cpu(*c.exe, *c.module, 2);
  EXPECT_TRUE(c.exe->replayed_graph());
  expect_run_matches_cpu(*c.exe, *c.module, 3);
  EXPECT_TRUE(c.exe->replayed_graph());
}

// Loops and branches become conditional graph nodes: replays with new inputs take other trip
// counts and branches and still match the cpu backend.
TEST(CudaGraph, LoopsAndBranchesReplayAsConditionalNodes) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  if (!graphs_enabled()) GTEST_SKIP() << "KILN_CUDA_GRAPHS=0";
  for (const char* text : {kWhileLoop, kDataDependentControlFlow}) {
    testing::Compiled c = testing::compile_text(text);
    ASSERT_TRUE(c.exe);
    expect_run_matches_cpu(*c.exe, *c.module, 1);
    EXPECT_FALSE(c.exe->replayed_graph());
    for (uint64_t seed = 2; seed < 12; ++seed) {
      expect_run_matches_cpu(*c.exe, *c.module, seed);
      EXPECT_TRUE(c.exe->replayed_graph());
    }
  }
}

// The entry's inputs are read where the run has them: no arena slot, no copy step.
TEST(CudaInputs, AreRefsToTheRunsInputs) {
  auto p = testing::lower_program_text(kStraightLine);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(p->inputs[i].space, BufferRef::Space::kInput);
    EXPECT_EQ(p->inputs[i].input, i);
    EXPECT_EQ(p->input_offsets[i] % 256, 0);
  }
  EXPECT_EQ(p->input_offsets[1], 512);  // 8x16 f32 = 512 bytes
  EXPECT_EQ(p->input_block_bytes, 512 + 256);
}

// The outputs of run_on_device for `inputs` (device tensors) read back as tensors.
std::vector<interp::Tensor> run_device(const CudaExecutable& exe, const std::vector<Buffer>& inputs) {
  std::vector<interp::Tensor> out;
  auto results = exe.run_on_device(inputs);
  EXPECT_TRUE(results.ok()) << results.error().message();
  if (!results.ok()) return out;
  for (const Buffer& b : results->outputs()) {
    auto host = b.to_host();
    EXPECT_TRUE(host.ok()) << host.error().message();
    auto t = interp::Tensor::from_storage(host->type(), host->host_storage());
    EXPECT_TRUE(t.ok());
    out.push_back(std::move(*t));
  }
  return out;
}

// Device inputs bound in place: the graph replays while they stay where they were, is captured
// again when they move, and after a few moves the inputs are copied into the input block so
// that one graph serves every run. The outputs match the cpu backend's throughout.
TEST(CudaInputs, DeviceInputsAreReadInPlaceAndTheGraphFollowsThem) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  if (!graphs_enabled()) GTEST_SKIP() << "KILN_CUDA_GRAPHS=0";
  for (const char* text : {kStraightLine, kWhileLoop}) {
    testing::Compiled c = testing::compile_text(text);
    ASSERT_TRUE(c.exe);
    // Six sets of inputs, each on the device.
    std::vector<std::vector<Buffer>> device_inputs;
    std::vector<std::vector<interp::Tensor>> wants;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      auto inputs = oracle::random_inputs(c.exe->input_types(), seed);
      ASSERT_TRUE(inputs.ok());
      auto want = oracle::reference_run(*c.module, *inputs);
      ASSERT_TRUE(want.ok()) << want.error().message();
      wants.push_back(std::move(*want));
      std::vector<Buffer> on_device;
      for (const Buffer& b : testing::host_buffers_of(*inputs)) {
        auto d = c.exe->to_device(b);
        ASSERT_TRUE(d.ok()) << d.error().message();
        on_device.push_back(std::move(*d));
      }
      device_inputs.push_back(std::move(on_device));
    }
    auto check = [&](size_t k, bool replayed, const char* when) {
      SCOPED_TRACE(std::string(when) + ", inputs " + std::to_string(k));
      oracle::CompareReport report =
          oracle::compare_outputs(run_device(*c.exe, device_inputs[k]), wants[k]);
      EXPECT_TRUE(report.passed) << report.message();
      EXPECT_EQ(c.exe->replayed_graph(), replayed);
    };
    check(0, false, "first run");
    check(0, true, "same inputs");
    check(1, false, "inputs moved: captured again");
    check(1, true, "same again");
    // The fourth capture for moved inputs switches to copying them; the next run, with the
    // input block's addresses, captures once more.
    for (size_t k = 2; k < 6; ++k) check(k, false, "moving every run");
    check(2, true, "copied into the input block: one graph for all");
    check(0, true, "copied into the input block: one graph for all");
  }
}

TEST(CudaGraph, WithGraphsOffLoopsRunFromTheHost) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  GraphsVariable graphs;
  graphs.set("0");
  testing::Compiled c = testing::compile_text(kDataDependentControlFlow);
  ASSERT_TRUE(c.exe);
  expect_run_matches_cpu(*c.exe, *c.module, 1);
  expect_run_matches_cpu(*c.exe, *c.module, 2);
  EXPECT_FALSE(c.exe->replayed_graph());
}

// `exe` profiled on random inputs.
Expected<std::vector<StepTiming>> profiled(const CudaExecutable& exe) {
  auto inputs = oracle::random_inputs(exe.input_types(), 5);
  if (!inputs.ok()) return inputs.error();
  return exe.profile(testing::host_buffers_of(*inputs));
}

// One timing per device step, the GEMM's with its FLOPs; the steps of a loop's body once per
// iteration.
TEST(Profile, TimesEveryDeviceStep) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  testing::Compiled c = testing::compile_text(kStraightLine);
  ASSERT_TRUE(c.exe);
  auto timings = profiled(*c.exe);
  ASSERT_TRUE(timings.ok()) << timings.error().message();
  ASSERT_EQ(timings->size(), c.exe->program().main.steps.size());
  int gemms = 0;
  for (const StepTiming& t : *timings) {
    EXPECT_EQ(t.calls, 1) << t.what;
    EXPECT_GE(t.ms, 0) << t.what;
    if (t.kind == "gemm") {
      ++gemms;
      EXPECT_EQ(t.flops, 2 * 8 * 16 * 4) << t.what;
      EXPECT_EQ(t.bytes, (8 * 16 + 16 * 4 + 8 * 4) * 4) << t.what;
    }
  }
  EXPECT_EQ(gemms, 1);
}

TEST(Profile, CountsEachIterationOfAHostDrivenLoop) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  testing::Compiled c = testing::compile_text(kWhileLoop);
  ASSERT_TRUE(c.exe);
  auto timings = profiled(*c.exe);
  ASSERT_TRUE(timings.ok()) << timings.error().message();
  int64_t most = 0;
  for (const StepTiming& t : *timings) most = std::max(most, t.calls);
  EXPECT_GE(most, 3);  // the body's steps, or the condition's (4 times)
}

}  // namespace
}  // namespace kiln::backend::cuda::executable_test
