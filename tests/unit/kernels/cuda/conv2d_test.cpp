// conv2d's spec without a GPU: the problems its shapes imply, its plans (tiles, stages, the
// element-wise paths), its StableHLO definition (the oracle of the GPU tests) against a
// convolution computed here in double, and its match of stablehlo.convolution.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "bench/reference.h"
#include "frontend/parser.h"
#include "ir/float_format.h"
#include "kernels/cuda/conv2d_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "tests/unit/backend/cuda/convolution_programs.h"

namespace kiln::kernels::conv2d_test {
namespace {

using backend::cuda::convolution_programs::conv_program;
using backend::cuda::convolution_programs::ConvCase;

const KernelSpec& spec() {
  auto s = find_kernel("conv2d");
  EXPECT_TRUE(s.ok());
  return **s;
}

bool has_define(const Launch& l, const std::string& define) {
  return std::find(l.defines.begin(), l.defines.end(), define) != l.defines.end();
}

TEST(Conv2d, ProblemLaysOutNhwcHwioAndTheOutputSize) {
  // JAX's SAME at stride 2 on 16 x 14: padding (0, 1), 8 x 7 out.
  auto p = spec().make_problem({2, 16, 14, 32, 40, 3, 3, 2, 0, 1, 0, 1}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 2u);
  EXPECT_EQ(p->inputs[0].shape, (Shape{2, 16, 14, 32}));
  EXPECT_EQ(p->inputs[1].shape, (Shape{3, 3, 32, 40}));
  ASSERT_EQ(p->outputs.size(), 1u);
  EXPECT_EQ(p->outputs[0].shape, (Shape{2, 8, 7, 40}));
}

TEST(Conv2d, WindowLargerThanThePaddedInputGivesAnEmptyOutput) {
  auto p = spec().make_problem({1, 2, 2, 8, 8, 3, 3, 1, 0, 0, 0, 0}, ElementKind::kF16);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->outputs[0].shape, (Shape{1, 0, 0, 8}));
}

TEST(Conv2d, ProblemRefusesShapesTheKernelLacks) {
  for (const Shape& bad :
       {Shape{1, 8, 8, 8, 8, 3, 3, 1}, Shape{1, 8, 8, 0, 8, 3, 3, 1, 1, 1, 1, 1},
        Shape{1, 8, 8, 8, 8, 3, 3, 0, 1, 1, 1, 1}, Shape{1, 8, 8, 8, 8, 3, 3, 1, -1, 1, 1, 1}}) {
    auto p = spec().make_problem(bad, ElementKind::kBF16);
    ASSERT_FALSE(p.ok()) << shape_string(bad);
    EXPECT_NE(p.error().message().find("conv2d"), std::string::npos);
  }
}

TEST(Conv2d, FlopsCountEveryTapOfEveryOutput) {
  auto p = spec().make_problem({32, 56, 56, 64, 64, 3, 3, 1, 1, 1, 1, 1}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  EXPECT_DOUBLE_EQ(problem_flops(spec(), *p), 2.0 * 32 * 56 * 56 * 64 * 9 * 64);
}

Expected<Plan> plan_of(const Shape& shape, const Config& given = {},
                       const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  KILN_TRY(Problem p, spec().make_problem(shape, ElementKind::kBF16));
  return plan_kernel(spec(), p, given, device);
}

Launch launch_of(const Shape& shape, const Config& given = {}) {
  auto plan = plan_of(shape, given);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  return plan.ok() && plan->launches.size() == 1 ? plan->launches[0] : Launch{};
}

TEST(Conv2d, DefaultTilesFollowTheOutputChannels) {
  Launch k64 = launch_of({32, 56, 56, 64, 64, 3, 3, 1, 1, 1, 1, 1});
  EXPECT_TRUE(has_define(k64, "-DBLOCK_M=128") && has_define(k64, "-DBLOCK_N=64"));
  EXPECT_TRUE(has_define(k64, "-DBLOCK_K=32") && has_define(k64, "-DSTAGES=4"));
  EXPECT_TRUE(has_define(k64, "-DWARPS_M=2") && has_define(k64, "-DWARPS_N=2"));
  EXPECT_TRUE(has_define(k64, "-DVEC_A=1") && has_define(k64, "-DVEC_B=1"));
  EXPECT_EQ(k64.grid, (std::array<unsigned, 3>{32 * 56 * 56 / 128, 1, 1}));
  EXPECT_EQ(k64.block[0], 128u);
  EXPECT_EQ(k64.shared_bytes, 4u * (128 * 40 + 32 * 72) * 2);
  Launch k256 = launch_of({32, 14, 14, 256, 256, 3, 3, 1, 1, 1, 1, 1});
  EXPECT_TRUE(has_define(k256, "-DBLOCK_N=128"));
  EXPECT_EQ(k256.grid, (std::array<unsigned, 3>{49, 2, 1}));
}

TEST(Conv2d, OddChannelsTakeTheElementWisePaths) {
  Launch l = launch_of({1, 17, 17, 3, 7, 3, 3, 2, 1, 1, 1, 1});
  EXPECT_TRUE(has_define(l, "-DVEC_A=0") && has_define(l, "-DVEC_B=0"));
  EXPECT_TRUE(has_define(l, "-DOUT_P=9") && has_define(l, "-DOUT_Q=9"));
}

TEST(Conv2d, EightWarpsSplitTheLongerSide) {
  Launch tall = launch_of({32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1}, {{"block_m", 256}});
  EXPECT_TRUE(has_define(tall, "-DWARPS_M=4") && has_define(tall, "-DWARPS_N=2"));
  EXPECT_EQ(tall.block[0], 256u);
  Launch wide =
      launch_of({32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1}, {{"block_m", 64}, {"warps", 8}});
  EXPECT_TRUE(has_define(wide, "-DWARPS_M=2") && has_define(wide, "-DWARPS_N=4"));
}

TEST(Conv2d, WarpTilesPast64x64AreRefused) {
  auto plan =
      plan_of({32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1}, {{"block_m", 256}, {"warps", 4}});
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("warps of 128 x 64"), std::string::npos);
}

TEST(Conv2d, SmallSharedMemoryTakesFewerStagesOrRefuses) {
  cuda::DeviceProperties small = cuda::DeviceProperties::h100_sxm();
  small.shared_memory_per_block_optin = 64 * 1024;
  // 128 x 128 x 32: 18,944 bytes a stage; three fit in 64 KiB, four do not.
  auto plan = plan_of({32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1}, {}, small);
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_TRUE(has_define(plan->launches[0], "-DSTAGES=3"));
  auto refused = plan_of({32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1}, {{"stages", 5}}, small);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message().find("shared memory"), std::string::npos);
}

// ---- The definition against a convolution in double -----------------------------------------

double element(const interp::Tensor& t, int64_t i) {
  const int bytes = t.element().storage_bytes();
  uint64_t bits = 0;
  std::memcpy(&bits, t.raw() + i * bytes, static_cast<size_t>(bytes));
  return ir::bits_to_double(t.element().kind(), bits);
}

std::vector<double> conv_in_double(const Problem& p, const std::vector<interp::Tensor>& in) {
  const Conv2dDims d = conv2d_dims(p.shape);
  std::vector<double> y(static_cast<size_t>(d.n * d.p * d.q * d.k), 0.0);
  for (int64_t n = 0; n < d.n; ++n)
    for (int64_t oh = 0; oh < d.p; ++oh)
      for (int64_t ow = 0; ow < d.q; ++ow)
        for (int64_t k = 0; k < d.k; ++k) {
          double sum = 0;
          for (int64_t r = 0; r < d.r; ++r)
            for (int64_t s = 0; s < d.s; ++s) {
              const int64_t h = oh * d.stride - d.pad_top + r, w = ow * d.stride - d.pad_left + s;
              if (h < 0 || h >= d.h || w < 0 || w >= d.w) continue;
              for (int64_t c = 0; c < d.c; ++c) {
                sum += element(in[0], ((n * d.h + h) * d.w + w) * d.c + c) *
                       element(in[1], ((r * d.s + s) * d.c + c) * d.k + k);
              }
            }
          y[static_cast<size_t>(((n * d.p + oh) * d.q + ow) * d.k + k)] = sum;
        }
  return y;
}

class Conv2dDefinition : public ::testing::TestWithParam<Shape> {};

TEST_P(Conv2dDefinition, MatchesAConvolutionInDouble) {
  auto p = spec().make_problem(GetParam(), ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto in = bench::random_inputs(*p, 5);
  ASSERT_TRUE(in.ok());
  auto out = bench::reference_outputs(spec(), *p, *in);
  ASSERT_TRUE(out.ok()) << out.error().message();
  const std::vector<double> want = conv_in_double(*p, *in);
  ASSERT_EQ((*out)[0].num_elements(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) {
    // Rounded to bf16 once: 2^-9 relative, plus the f32 sum's own error.
    ASSERT_NEAR(element((*out)[0], static_cast<int64_t>(i)), want[i],
                std::abs(want[i]) / 256 + 1e-5)
        << "element " << i;
  }
}

// Padding on both sides, stride 2 with SAME's uneven padding, C = 3, 1x1 at stride 2.
INSTANTIATE_TEST_SUITE_P(Shapes, Conv2dDefinition,
                         ::testing::Values(Shape{1, 5, 7, 8, 8, 3, 3, 1, 1, 1, 1, 1},
                                           Shape{2, 8, 6, 4, 5, 3, 3, 2, 0, 1, 0, 1},
                                           Shape{1, 9, 9, 3, 4, 3, 3, 2, 1, 1, 1, 1},
                                           Shape{1, 9, 9, 8, 4, 1, 1, 2, 0, 0, 0, 0}),
                         [](const ::testing::TestParamInfo<Shape>& info) {
                           return shape_string(info.param);
                         });

// ---- The match -----------------------------------------------------------------------------

class Conv2dMatch : public ::testing::Test {
 protected:
  // The conv2d problems find_kernels gives for the convolution of `c` (or of a program's text).
  std::vector<Problem> conv2d_problems(const ConvCase& c) { return conv2d_problems(conv_program(c)); }
  std::vector<Problem> conv2d_problems(const std::string& text) {
    auto m = frontend::parse_module_text(text, "conv.mlir");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message());
    std::vector<Problem> out;
    if (!m.ok()) return out;
    module_ = std::move(*m);
    for (const auto& o : module_->lookup_function("main")->region(0).front().operations()) {
      if (o->name() != "stablehlo.convolution") continue;
      for (const KernelMatch& k : find_kernels(*o)) {
        if (k.spec->name == "conv2d") out.push_back(k.problem);
      }
    }
    return out;
  }
  static ConvCase nhwc_bf16() {
    ConvCase c;
    c.type = "bf16";
    c.n = 2, c.c = 16, c.k = 24;
    c.in = {16, 14};
    c.stride = {2, 2};
    c.pad_lo = {0, 0};
    c.pad_hi = {1, 1};
    return c;
  }
  std::unique_ptr<ir::Module> module_;
};

TEST_F(Conv2dMatch, JaxNhwcHwioFindsTheKernelWithItsPadding) {
  auto found = conv2d_problems(nhwc_bf16());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].shape, (Shape{2, 16, 14, 16, 24, 3, 3, 2, 0, 1, 0, 1}));
  EXPECT_EQ(found[0].dtype, ElementType(ElementKind::kBF16));
}

// jax.jit(lambda x, w: lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=("NHWC",
// "HWIO", "NHWC"))).lower(x, w).as_text(), jax 0.10.2, bf16 x [2, 16, 14, 16], w [3, 3, 16, 24].
constexpr const char* kJaxSameStride2 = R"(module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16x14x16xbf16>, %arg1: tensor<3x3x16x24xbf16>) -> (tensor<2x8x7x24xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x14x16xbf16>, tensor<3x3x16x24xbf16>) -> tensor<2x8x7x24xbf16>
    return %0 : tensor<2x8x7x24xbf16>
  }
}
)";

TEST_F(Conv2dMatch, JaxExportedSameConvolutionFindsTheKernel) {
  auto found = conv2d_problems(std::string(kJaxSameStride2));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].shape, (Shape{2, 16, 14, 16, 24, 3, 3, 2, 0, 1, 0, 1}));
}

// preferred_element_type=f32: the f32 result is not the kernel's (it rounds to the input type).
TEST_F(Conv2dMatch, F32ResultOfBf16OperandsFindsNone) {
  std::string text = kJaxSameStride2;
  text = text.substr(0, text.find("    return"));
  for (size_t at = text.find("tensor<2x8x7x24xbf16>"); at != std::string::npos;
       at = text.find("tensor<2x8x7x24xbf16>", at)) {
    text.replace(at, 21, "tensor<2x8x7x24xf32>");
  }
  text += "    return %0 : tensor<2x8x7x24xf32>\n  }\n}\n";
  EXPECT_TRUE(conv2d_problems(text).empty());
}

TEST_F(Conv2dMatch, NoWindowAttributesMeanStrideOneAndNoPadding) {
  ConvCase c = nhwc_bf16();
  c.type = "f16";
  c.stride.clear();
  c.pad_lo.clear();
  c.pad_hi.clear();
  auto found = conv2d_problems(c);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].shape, (Shape{2, 16, 14, 16, 24, 3, 3, 1, 0, 0, 0, 0}));
}

TEST_F(Conv2dMatch, OtherLayoutsAndWindowsFindNone) {
  ConvCase nchw = nhwc_bf16();
  nchw.lhs_layout = nchw.out_layout = "bf01";
  ConvCase oihw = nhwc_bf16();
  oihw.rhs_layout = "oi01";
  ConvCase dilated = nhwc_bf16();
  dilated.rhs_dilate = {2, 2};
  ConvCase transposed = nhwc_bf16();
  transposed.lhs_dilate = {2, 2};
  ConvCase strides = nhwc_bf16();
  strides.stride = {1, 2};
  ConvCase grouped = nhwc_bf16();
  grouped.groups = 2;
  ConvCase f32 = nhwc_bf16();
  f32.type = "f32";
  ConvCase reversed = nhwc_bf16();
  reversed.reverse = true;
  ConvCase cropped = nhwc_bf16();
  cropped.pad_lo = {-1, -1};
  for (const ConvCase& c :
       {nchw, oihw, dilated, transposed, strides, grouped, f32, reversed, cropped}) {
    EXPECT_TRUE(conv2d_problems(c).empty()) << conv_program(c);
  }
}

}  // namespace
}  // namespace kiln::kernels::conv2d_test
