// New-kernel mode (new_kernel.h, generated_plan.h): a spec derived from a StableHLO definition
// alone — shapes, problem, formulas, knobs, the generated plan (compiled by NVRTC, no GPU
// needed) — its error paths, and, on a GPU, one round of the loop on it.
#include "tune/new_kernel.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "tune/loop.h"
#include "tune/search_proposer.h"

namespace kiln::tune {
namespace {

constexpr const char* kFma = R"(func.func @main(%a: tensor<{D0}x{D1}x{T}>, %b: tensor<{D0}x{D1}x{T}>) -> tensor<{D0}x{D1}x{T}> {
  %0 = stablehlo.multiply %a, %b : tensor<{D0}x{D1}x{T}>
  %1 = stablehlo.add %0, %a : tensor<{D0}x{D1}x{T}>
  return %1 : tensor<{D0}x{D1}x{T}>
}
)";

// A sum of squares per row: fused with its prologue, the reduction takes its init inline.
constexpr const char* kRowSumOfSquares = R"(func.func @main(%x: tensor<{D0}x{D1}xf32>) -> tensor<{D0}xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sq = stablehlo.multiply %x, %x : tensor<{D0}x{D1}xf32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{D0}x{D1}xf32>, tensor<f32>) -> tensor<{D0}xf32>
  return %s : tensor<{D0}xf32>
}
)";

// A bare reduce is lowered on its own, reading its init from the constants buffer.
constexpr const char* kBareRowSum = R"(func.func @main(%x: tensor<{D0}x{D1}xf32>) -> tensor<{D0}xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{D0}x{D1}xf32>, tensor<f32>) -> tensor<{D0}xf32>
  return %s : tensor<{D0}xf32>
}
)";

constexpr const char* kStaticExp = R"(func.func @main(%x: tensor<1000xf16>) -> tensor<1000xf16> {
  %0 = stablehlo.exponential %x : tensor<1000xf16>
  return %0 : tensor<1000xf16>
}
)";

constexpr const char* kMatmul = R"(func.func @main(%a: tensor<{D0}x{D1}xf32>, %b: tensor<{D1}x{D0}xf32>) -> tensor<{D0}x{D0}xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{D0}x{D1}xf32>, tensor<{D1}x{D0}xf32>) -> tensor<{D0}x{D0}xf32>
  return %0 : tensor<{D0}x{D0}xf32>
}
)";

NewKernelRequest request(const char* definition, std::string shape, std::string dtype = "") {
  return {"my_kernel", definition, "def.mlir", std::move(dtype), std::move(shape)};
}

std::string error_of(const NewKernelRequest& r) {
  auto s = new_kernel_spec(r);
  return s.ok() ? std::string("accepted") : s.error().message();
}

TEST(NewKernelShapes, SmallAndRaggedVersionsOfTheShape) {
  using S = kernels::Shape;
  EXPECT_EQ(derived_check_shapes({4096, 4096}),
            (std::vector<S>{{1, 1}, {3, 3}, {37, 37}, {3, 4096}}));
  EXPECT_EQ(derived_check_shapes({1 << 20}), (std::vector<S>{{1}, {3}, {37}, {16411}}));
  EXPECT_EQ(derived_check_shapes({8, 2, 100000}),
            (std::vector<S>{{1, 1, 1}, {3, 2, 3}, {8, 2, 37}, {3, 2, 5471}}));
  EXPECT_EQ(derived_check_shapes({2, 3}), (std::vector<S>{{1, 1}}));  // the rest is the shape
}

TEST(NewKernelSpec, DerivedFromADefinitionWithPlaceholders) {
  auto s = new_kernel_spec(request(kFma, "4096x4096", "bf16"));
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(s->name, "my_kernel");
  EXPECT_EQ(s->group, "generated");
  EXPECT_EQ(s->dtypes, (std::vector<kernels::ElementType>{ir::ElementKind::kBF16}));
  EXPECT_EQ(s->bench_shapes, (std::vector<kernels::Shape>{{4096, 4096}}));
  EXPECT_EQ(s->check_shapes, derived_check_shapes({4096, 4096}));
  EXPECT_TRUE(s->baselines.empty());
  ASSERT_EQ(s->knobs.size(), 2u);
  EXPECT_EQ(s->knobs[0].name, "block");
  EXPECT_EQ(s->knobs[1].name, "blocks_per_sm");
  auto p = s->make_problem({4096, 4096}, ir::ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 2u);
  ASSERT_EQ(p->outputs.size(), 1u);
  EXPECT_EQ(p->inputs[1].shape, (kernels::Shape{4096, 4096}));
  EXPECT_EQ(p->outputs[0].dtype, ir::ElementKind::kBF16);
  EXPECT_EQ(kernels::problem_bytes(*s, *p), 3.0 * 4096 * 4096 * 2);  // two in, one out
  EXPECT_EQ(kernels::problem_flops(*s, *p), 2.0 * 4096 * 4096);      // multiply, add
}

TEST(NewKernelSpec, OneFusedKernelWhoseKnobsSetItsLaunch) {
  auto s = new_kernel_spec(request(kFma, "4096x4096", "f32"));
  ASSERT_TRUE(s.ok()) << s.error().message();
  auto p = s->make_problem({4096, 4096}, ir::ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  auto plan = kernels::plan_kernel(*s, *p, {});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);  // multiply and add fused
  const cuda::Launch& l = plan->launches[0];
  EXPECT_TRUE(l.name.starts_with("my_kernel.")) << l.name;
  EXPECT_NE(l.source.find(l.function), std::string::npos);
  EXPECT_EQ(l.block[0], 256u);
  EXPECT_EQ(l.args, (std::vector<cuda::Arg>{cuda::Arg::input(0), cuda::Arg::input(1),
                                            cuda::Arg::output(0)}));
  EXPECT_TRUE(plan->scratch_bytes.empty());
  auto small = kernels::plan_kernel(*s, *p, {{"block", 64}, {"blocks_per_sm", 2}});
  ASSERT_TRUE(small.ok()) << small.error().message();
  EXPECT_EQ(small->launches[0].block[0], 64u);
  EXPECT_LE(small->launches[0].grid[0], 132u * 2);  // the H100's SMs
  auto cubins = cuda::compile_plan(*small, "sm_90a");
  EXPECT_TRUE(cubins.ok()) << cubins.error().message();
}

TEST(NewKernelSpec, ReductionFlopsCountItsBodyPerOperandElement) {
  auto s = new_kernel_spec(request(kRowSumOfSquares, "1024x4096"));
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(s->dtypes, (std::vector<kernels::ElementType>{ir::ElementKind::kF32}));
  auto p = s->make_problem({1024, 4096}, ir::ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->outputs[0].shape, (kernels::Shape{1024}));
  EXPECT_EQ(kernels::problem_flops(*s, *p), 2.0 * 1024 * 4096);  // multiply, and the add
  auto plan = kernels::plan_kernel(*s, *p, {});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_FALSE(plan->launches.empty());
  EXPECT_TRUE(cuda::compile_plan(*plan, "sm_90a").ok());
}

TEST(NewKernelSpec, StaticDefinitionTakesItsOwnShapeAndType) {
  auto s = new_kernel_spec(request(kStaticExp, ""));
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(s->dtypes, (std::vector<kernels::ElementType>{ir::ElementKind::kF16}));
  EXPECT_EQ(s->bench_shapes, (std::vector<kernels::Shape>{{1000}}));
  // Other shapes do not fit its types: only the shape itself is checked.
  EXPECT_EQ(s->check_shapes, (std::vector<kernels::Shape>{{1000}}));
  EXPECT_NE(error_of(request(kStaticExp, "2000")).find("--shape 2000 but def.mlir has fixed shapes"),
            std::string::npos)
      << error_of(request(kStaticExp, "2000"));
  EXPECT_NE(error_of(request(kStaticExp, "", "bf16")).find("--dtype bf16 but def.mlir computes on f16"),
            std::string::npos);
}

TEST(NewKernelSpec, ErrorsSayWhy) {
  auto clash = NewKernelRequest{"exp", kFma, "def.mlir", "", "64x64"};
  EXPECT_NE(error_of(clash).find("--new exp: the kernel library has a kernel of that "
                                 "name: pick another"),
            std::string::npos)
      << error_of(clash);
  EXPECT_NE(error_of(request(kFma, "")).find("has shape placeholders ({D0}, ...): give the bench "
                                             "shape with --shape"),
            std::string::npos)
      << error_of(request(kFma, ""));
  EXPECT_NE(error_of(request(kMatmul, "256x128")).find("cuBLASLt GEMM"), std::string::npos)
      << error_of(request(kMatmul, "256x128"));
  EXPECT_NE(error_of(request(kBareRowSum, "64x64")).find("reads the constants buffer"),
            std::string::npos)
      << error_of(request(kBareRowSum, "64x64"));
  std::string bad = error_of(request("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                                     "  %0 = stablehlo.frobnicate %x : tensor<4xf32>\n"
                                     "  return %0 : tensor<4xf32>\n}\n",
                                     ""));
  EXPECT_NE(bad.find("def.mlir:2:"), std::string::npos) << bad;
  EXPECT_NE(error_of(request(kFma, "64x64", "q8")).find("unknown dtype 'q8'"), std::string::npos);
}

TEST(NewKernelSpec, MissingDefinitionFileIsAnError) {
  auto r = read_new_kernel_request("k", "/no/such/def.mlir", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find(
                "--new k: cannot read the definition '/no/such/def.mlir'"),
            std::string::npos)
      << r.error().message();
}

TEST(NewKernelSpec, ReadsTheDefinitionFile) {
  auto path = std::filesystem::temp_directory_path() /
              ("kiln_new_kernel_" + std::to_string(::getpid()) + ".mlir");
  std::ofstream(path) << kFma;
  auto r = read_new_kernel_request("k", path.string(), "bf16", "64x64");
  std::filesystem::remove(path);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->definition, kFma);
  EXPECT_EQ(r->file, path.string());
}

TEST(TuneOnGpu, NewKernelFromADefinitionRunsTheLoop) {
  auto device = cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  NewKernelRequest r = request(kFma, "2048x2048", "bf16");
  r.name = "fma_generated_gpu_test";
  auto spec = new_kernel_spec(r);
  ASSERT_TRUE(spec.ok()) << spec.error().message();
  auto dir = std::filesystem::temp_directory_path() / ("kiln_tune_new_" + std::to_string(::getpid()));
  TuneOptions o;
  o.rounds = 2;
  o.budget_minutes = 3;
  o.results = dir.string();
  o.baselines = "none";
  o.iters = 20;
  o.verify_iters = 50;
  o.ncu = false;
  std::vector<std::unique_ptr<bench::BaselinePlugin>> plugins;
  SearchProposer search;
  auto out = tune_kernel(*device, *spec, o, plugins, bench::Ceilings{}, search,
                         [](const std::string&) {});
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_GT(out->start_ms, 0);
  EXPECT_GE(out->tries, 1);
  EXPECT_EQ(out->lineage, "fma_generated_gpu_test");
}

}  // namespace
}  // namespace kiln::tune
