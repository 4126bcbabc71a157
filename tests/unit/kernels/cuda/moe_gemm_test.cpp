// The mixture-of-experts grouped GEMM's specs (kernels/cuda/moe_gemm.cpp) without a GPU: the
// problems its shapes imply, its plans (defines, the persistent grid, shared memory), its match
// of chlo.ragged_dot, its StableHLO definition (the oracle of the GPU tests) against the grouped
// product computed here in double with empty groups, groups cut off at T and rows past the
// groups, and its NVRTC compile for sm_90a at every knob.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "bench/reference.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::kernels::moe_gemm_test {
namespace {

const KernelSpec& spec(const std::string& name) {
  auto s = find_kernel(name);
  EXPECT_TRUE(s.ok()) << name;
  return **s;
}

bool has_define(const Launch& l, const std::string& define) {
  return std::find(l.defines.begin(), l.defines.end(), define) != l.defines.end();
}

TEST(MoeGemmProblem, TensorsFollowTheShape) {
  auto p = spec("moe_gemm").make_problem({8, 300, 136, 72}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 3u);
  EXPECT_EQ(p->inputs[0].shape, (Shape{300, 72}));
  EXPECT_EQ(p->inputs[1].shape, (Shape{8, 72, 136}));
  EXPECT_EQ(p->inputs[2].shape, (Shape{8}));
  EXPECT_EQ(p->inputs[2].dtype, ElementType(ElementKind::kSI32));
  // Sizes from [0, 2T/E]: T/E rows an expert on average.
  EXPECT_EQ(p->inputs[2].lo, 0.0);
  EXPECT_EQ(p->inputs[2].hi, 76.0);
  ASSERT_EQ(p->outputs.size(), 1u);
  EXPECT_EQ(p->outputs[0].shape, (Shape{300, 136}));
  EXPECT_EQ(problem_flops(spec("moe_gemm"), *p), 2.0 * 300 * 136 * 72);
  auto nt = spec("moe_gemm_nt").make_problem({8, 300, 136, 72}, ElementKind::kF16);
  ASSERT_TRUE(nt.ok());
  EXPECT_EQ(nt->inputs[1].shape, (Shape{8, 136, 72}));
}

TEST(MoeGemmProblem, OtherShapesAreErrors) {
  for (const Shape& bad : {Shape{300, 136, 72}, Shape{-1, 300, 136, 72},
                           Shape{2, int64_t{1} << 31, 8, 8}}) {
    auto p = spec("moe_gemm").make_problem(bad, ElementKind::kBF16);
    ASSERT_FALSE(p.ok()) << shape_string(bad);
    EXPECT_NE(p.error().message().find("moe_gemm"), std::string::npos);
  }
}

Expected<Plan> moe_plan(const std::string& name, const Shape& shape, const Config& given = {},
                        const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  KILN_TRY(Problem p, spec(name).make_problem(shape, ElementKind::kBF16));
  return plan_kernel(spec(name), p, given, device);
}

// One launch of 256 threads, two blocks per SM (the tiles outnumber them), the inputs and output
// then T, N, K and E by value; aligned rows take cp.async.
TEST(MoeGemmPlan, OnePersistentLaunchForEveryExpert) {
  auto plan = moe_plan("moe_gemm", {8, 4096, 14336, 4096});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);
  const Launch& l = plan->launches[0];
  EXPECT_EQ(l.function, "moe_gemm");
  EXPECT_EQ(l.block[0], 256u);
  EXPECT_EQ(l.grid[0], 264u);
  EXPECT_TRUE(has_define(l, "-DBLOCK_M=128") && has_define(l, "-DSTAGES=3"));
  EXPECT_TRUE(has_define(l, "-DW_K_MAJOR=0") && has_define(l, "-DALIGNED=1"));
  EXPECT_TRUE(has_define(l, "-DMIN_BLOCKS=2") && has_define(l, "-DELEM=bf16_t"));
  // Three stages of X (128 x 40) and W (32 x 136) tiles, 32 partial sums, 2 x 10 starts.
  EXPECT_EQ(l.shared_bytes, 3u * (128 * 40 + 32 * 136) * 2 + 32 * 8 + 2 * 10 * 4);
  ASSERT_EQ(l.args.size(), 8u);
  EXPECT_EQ(l.args[2].kind, cuda::Arg::Kind::kInput);
  EXPECT_EQ(l.args[2].i, 2);
  EXPECT_EQ(l.args[3].kind, cuda::Arg::Kind::kOutput);
  EXPECT_EQ(l.args[4].i, 4096);
  EXPECT_EQ(l.args[5].i, 14336);
  EXPECT_EQ(l.args[6].i, 4096);
  EXPECT_EQ(l.args[7].kind, cuda::Arg::Kind::kI32);
  EXPECT_EQ(l.args[7].i, 8);
}

// Few tiles: no more blocks than the most tiles the groups can make, (ceil(T / block_m) + E + 1)
// x ceil(N / 128); no tokens launch nothing (the launcher skips an empty grid).
TEST(MoeGemmPlan, GridIsTheFewerOfTilesAndSlots) {
  auto small = moe_plan("moe_gemm", {4, 64, 200, 16}, {{"block_m", 64}});
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->launches[0].grid[0], (1u + 4 + 1) * 2);
  auto one = moe_plan("moe_gemm", {8, 4096, 2048, 2048}, {{"blocks_per_sm", 1}});
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->launches[0].grid[0], 132u);
  EXPECT_TRUE(has_define(one->launches[0], "-DMIN_BLOCKS=1"));
  auto empty = moe_plan("moe_gemm", {4, 0, 8, 8});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->launches[0].grid[0], 0u);
}

// Rows not 16-byte aligned (K, or moe_gemm's N, not a multiple of 8) go element by element;
// moe_gemm_nt reads W [N, K] rows, so only K counts for it.
TEST(MoeGemmPlan, UnalignedRowsTakeScalarLoads) {
  auto odd_k = moe_plan("moe_gemm", {3, 130, 72, 33});
  ASSERT_TRUE(odd_k.ok());
  EXPECT_TRUE(has_define(odd_k->launches[0], "-DALIGNED=0"));
  auto odd_n = moe_plan("moe_gemm", {3, 130, 70, 32});
  ASSERT_TRUE(odd_n.ok());
  EXPECT_TRUE(has_define(odd_n->launches[0], "-DALIGNED=0"));
  auto nt = moe_plan("moe_gemm_nt", {3, 130, 70, 32});
  ASSERT_TRUE(nt.ok());
  EXPECT_TRUE(has_define(nt->launches[0], "-DALIGNED=1"));
  EXPECT_TRUE(has_define(nt->launches[0], "-DW_K_MAJOR=1"));
  // W [N, K] tiles: 128 rows of 40.
  EXPECT_EQ(nt->launches[0].shared_bytes, 3u * (128 * 40 + 128 * 40) * 2 + 32 * 8 + 2 * 5 * 4);
}

TEST(MoeGemmPlan, SharedMemoryPastTheDeviceIsAnError) {
  auto many = moe_plan("moe_gemm", {40000, 64, 128, 64});
  ASSERT_FALSE(many.ok());
  EXPECT_NE(many.error().message().find("shared memory"), std::string::npos);
  cuda::DeviceProperties small = cuda::DeviceProperties::h100_sxm();
  small.shared_memory_per_block_optin = 48 * 1024;
  auto deep = moe_plan("moe_gemm", {8, 64, 128, 64}, {{"stages", 4}}, small);
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message().find("stages=4"), std::string::npos);
}

// ---- match --------------------------------------------------------------------------------

std::unique_ptr<ir::Module> ragged_dot_module(const std::string& x, const std::string& w,
                                              const std::string& g, const std::string& out,
                                              const std::string& dims) {
  const std::string text = "func.func @main(%x: " + x + ", %w: " + w + ", %g: " + g + ") -> " +
                           out + " {\n  %r = \"chlo.ragged_dot\"(%x, %w, %g) <{" +
                           "ragged_dot_dimension_numbers = #chlo.ragged_dot<" + dims + ">}> : (" +
                           x + ", " + w + ", " + g + ") -> " + out + "\n  return %r : " + out +
                           "\n}\n";
  auto module = frontend::parse_module_text(text, "ragged_dot.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message() << "\n" << text;
  return v.ok() ? std::move(*module) : nullptr;
}

const char* const kNonContracting =
    "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = "
    "[1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = "
    "[0]";
const char* const kNonContractingNt =
    "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = "
    "[1], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [0], rhs_group_dimensions = "
    "[0]";

const ir::Operation& ragged_dot_op(const ir::Module& m) {
  return *m.lookup_function("main")->region(0).front().operations().front();
}

// The kernels that compute the module's ragged_dot, by name.
std::vector<std::string> matching(const ir::Module& m) {
  std::vector<std::string> names;
  for (const KernelMatch& k : find_kernels(ragged_dot_op(m))) names.push_back(k.spec->name);
  return names;
}

TEST(MoeGemmMatch, JaxLayoutIsMoeGemmAndNKWeightsMoeGemmNt) {
  auto jax = ragged_dot_module("tensor<40x16xbf16>", "tensor<4x16x24xbf16>", "tensor<4xi32>",
                               "tensor<40x24xbf16>", kNonContracting);
  ASSERT_TRUE(jax);
  ASSERT_EQ(matching(*jax), (std::vector<std::string>{"moe_gemm"}));
  const KernelMatch m = find_kernels(ragged_dot_op(*jax)).front();
  EXPECT_EQ(m.problem.shape, (Shape{4, 40, 24, 16}));
  EXPECT_EQ(m.problem.dtype, ElementType(ElementKind::kBF16));
  auto nt = ragged_dot_module("tensor<40x16xf16>", "tensor<4x24x16xf16>", "tensor<4xi32>",
                              "tensor<40x24xf16>", kNonContractingNt);
  ASSERT_TRUE(nt);
  EXPECT_EQ(matching(*nt), (std::vector<std::string>{"moe_gemm_nt"}));
}

// What the kernels do not compute: f32, mixed element types, int64 group sizes, the ragged
// dimension contracting, a batch dimension.
TEST(MoeGemmMatch, OtherRaggedDotsAreNotMatched) {
  auto f32 = ragged_dot_module("tensor<40x16xf32>", "tensor<4x16x24xf32>", "tensor<4xi32>",
                               "tensor<40x24xf32>", kNonContracting);
  auto mixed = ragged_dot_module("tensor<40x16xf32>", "tensor<4x16x24xbf16>", "tensor<4xi32>",
                                 "tensor<40x24xbf16>", kNonContracting);
  auto i64 = ragged_dot_module("tensor<40x16xbf16>", "tensor<4x16x24xbf16>", "tensor<4xi64>",
                               "tensor<40x24xbf16>", kNonContracting);
  auto contracting = ragged_dot_module(
      "tensor<16x40xbf16>", "tensor<40x24xbf16>", "tensor<4xi32>", "tensor<4x16x24xbf16>",
      "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = "
      "[1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions "
      "= []");
  auto batched = ragged_dot_module(
      "tensor<2x11x5xbf16>", "tensor<3x2x5x7xbf16>", "tensor<2x3xi32>", "tensor<2x11x7xbf16>",
      "lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions "
      "= [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], "
      "rhs_group_dimensions = [0]");
  for (const auto* m : {&f32, &mixed, &i64, &contracting, &batched}) {
    ASSERT_TRUE(*m);
    EXPECT_TRUE(matching(**m).empty());
  }
}

// ---- The definition against the grouped product in double ---------------------------------

float bf16_value(uint16_t bits) {
  const uint32_t u = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// out [T, N] of random X and W and the given group sizes, by the definition on the
// interpreter, against sum_k X[r, k] W[e(r), k, n] in double (zero for rows past the groups).
void expect_definition_is_the_grouped_product(const std::string& name, const Shape& shape,
                                              const std::vector<int32_t>& sizes) {
  const KernelSpec& s = spec(name);
  const bool nt = name == "moe_gemm_nt";
  auto p = s.make_problem(shape, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto in = bench::random_inputs(*p, 11);
  ASSERT_TRUE(in.ok()) << in.error().message();
  ASSERT_EQ(sizes.size(), static_cast<size_t>(shape[0]));
  for (size_t i = 0; i < sizes.size(); ++i) (*in)[2].data<int32_t>()[i] = sizes[i];
  auto out = bench::reference_outputs(s, *p, *in);
  ASSERT_TRUE(out.ok()) << out.error().message();
  const int64_t t = shape[1], n = shape[2], k = shape[3];
  const uint16_t* x = (*in)[0].data<uint16_t>();
  const uint16_t* w = (*in)[1].data<uint16_t>();
  const uint16_t* got = (*out)[0].data<uint16_t>();
  std::vector<int64_t> group(static_cast<size_t>(t), -1);
  int64_t row = 0;
  for (size_t e = 0; e < sizes.size(); ++e) {
    for (int32_t i = 0; i < sizes[e] && row < t; ++i) group[static_cast<size_t>(row++)] = static_cast<int64_t>(e);
  }
  for (int64_t r = 0; r < t; ++r) {
    for (int64_t c = 0; c < n; ++c) {
      double want = 0;
      const int64_t e = group[static_cast<size_t>(r)];
      for (int64_t j = 0; e >= 0 && j < k; ++j) {
        const int64_t wi = nt ? (e * n + c) * k + j : (e * k + j) * n + c;
        want += static_cast<double>(bf16_value(x[r * k + j])) * bf16_value(w[wi]);
      }
      const double have = bf16_value(got[r * n + c]);
      EXPECT_NEAR(have, want, 1e-2 * (1 + std::abs(want))) << name << " row " << r << " col " << c;
    }
  }
}

TEST(MoeGemmDefinition, EmptyGroupsAndRowsPastTheGroups) {
  // 3 + 0 + 6 = 9 of 12 rows: an empty expert, then three zero rows.
  expect_definition_is_the_grouped_product("moe_gemm", {3, 12, 5, 7}, {3, 0, 6});
  expect_definition_is_the_grouped_product("moe_gemm_nt", {3, 12, 5, 7}, {3, 0, 6});
}

TEST(MoeGemmDefinition, GroupsCutOffAtT) {
  // 4 + 9 + 5 = 18 > 10 rows: the second group ends at T, the third is empty.
  expect_definition_is_the_grouped_product("moe_gemm", {3, 10, 6, 4}, {4, 9, 5});
}

// ---- NVRTC ----------------------------------------------------------------------------------

// Both layouts, both dtypes, every block_m, aligned and not; the deepest ring and one block
// an SM once each (the GPU tests run every knob).
TEST(MoeGemmCompile, EveryVariantCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  struct Variant {
    const char* name;
    ElementKind dtype;
    Shape shape;
    Config knobs;
  };
  const std::vector<Variant> variants = {
      {"moe_gemm", ElementKind::kBF16, {4, 300, 136, 72}, {{"block_m", 128}}},
      {"moe_gemm", ElementKind::kF16, {4, 300, 136, 72}, {{"block_m", 64}}},
      {"moe_gemm", ElementKind::kBF16, {3, 130, 70, 33}, {{"stages", 4}}},
      {"moe_gemm_nt", ElementKind::kF16, {4, 300, 136, 72}, {{"block_m", 128}}},
      {"moe_gemm_nt", ElementKind::kBF16, {4, 300, 136, 72}, {{"block_m", 64}, {"stages", 2}}},
      {"moe_gemm_nt", ElementKind::kBF16, {3, 130, 70, 33}, {{"blocks_per_sm", 1}}},
  };
  for (const Variant& v : variants) {
    auto p = spec(v.name).make_problem(v.shape, v.dtype);
    ASSERT_TRUE(p.ok());
    auto plan = plan_kernel(spec(v.name), *p, v.knobs);
    ASSERT_TRUE(plan.ok()) << plan.error().message();
    auto cubins = cuda::compile_plan(*plan, "sm_90a");
    EXPECT_TRUE(cubins.ok()) << v.name << " " << shape_string(v.shape) << ": "
                             << (cubins.ok() ? "" : cubins.error().message());
  }
}

}  // namespace
}  // namespace kiln::kernels::moe_gemm_test
