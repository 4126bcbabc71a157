// stablehlo.convolution on cuDNN (convolution_layout.cpp, lower_convolution.cpp,
// run_convolution.cpp): which convolutions become a ConvolutionStep and with which [n, c,
// spatial...] dims, strides and window, which keep the elemental kernel and why (no GPU
// needed), that the JAX conv programs compile through NVRTC, and, on a GPU, results that match
// the interpreter with cuDNN computing them.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "backend/cuda/convolution_layout.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/convolution_programs.h"
#include "tests/unit/backend/cuda/convolution_runs.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::convolution_test {
namespace {

namespace rt = ::kiln::cuda;
using convolution_programs::conv_program;
using convolution_programs::ConvCase;
using convolution_programs::jax_data_gradient;
using convolution_runs::expect_matches_interpreter;
using testing::host_buffers_of;
using V = std::vector<int64_t>;

// The module's one convolution.
const ir::Operation* the_convolution(const ir::Module& module) {
  const ir::Operation* found = nullptr;
  const ir::Operation& root = module.op();
  root.walk([&](const ir::Operation& op) {
    if (op.name() == "stablehlo.convolution") found = &op;
  });
  return found;
}

// The layout of `c`'s convolution (failing the test where it is refused).
struct Read {
  std::unique_ptr<ir::Module> module;
  Expected<ConvolutionLayout> layout = Error::internal("not read");
};

Read read(const ConvCase& c) {
  Read r;
  r.module = testing::parse(conv_program(c));
  if (!r.module) return r;
  const ir::Operation* op = the_convolution(*r.module);
  EXPECT_NE(op, nullptr);
  if (op) r.layout = convolution_layout(*op);
  return r;
}

// The program's first ConvolutionStep, inside a finite guard's branch or not.
const ConvolutionStep* conv_step(const Program& p) {
  for (const Step& s : p.steps) {
    if (const auto* c = std::get_if<ConvolutionStep>(&s)) return c;
    if (const auto* c = std::get_if<CaseStep>(&s)) {
      for (const auto& b : c->branches) {
        if (const ConvolutionStep* found = conv_step(*b)) return found;
      }
    }
  }
  return nullptr;
}
const ConvolutionStep* conv_step(const LoweredProgram& p) { return conv_step(p.main); }

// JAX's default: NHWC input and result, HWIO kernel. The input and result are read and written
// in place (channels last), the kernel copied into [k, r, s, c].
TEST(CudnnConvolution, JaxNhwcReadsInPlaceAndCopiesTheHwioKernel) {
  ConvCase c;  // x 2x9x9x4, w 3x3x4x8, pad 1
  c.pad_lo = c.pad_hi = {1, 1};
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_TRUE(r.layout->channels_last);
  EXPECT_EQ(d.type, rt::ConvolutionType::kF32);
  EXPECT_EQ(d.x.dims, (V{2, 4, 9, 9}));
  EXPECT_EQ(d.x.strides, (V{324, 1, 36, 4}));
  EXPECT_EQ(d.w.dims, (V{8, 4, 3, 3}));
  EXPECT_EQ(d.w.strides, (V{36, 1, 12, 4}));  // packed [k, r, s, c]
  EXPECT_EQ(r.layout->rhs_strides, (V{1, 8, 96, 32}));  // as HWIO lies
  EXPECT_EQ(d.y.dims, (V{2, 8, 9, 9}));
  EXPECT_EQ(d.y.strides, (V{648, 1, 72, 8}));
  EXPECT_FALSE(r.layout->copy_lhs);
  EXPECT_TRUE(r.layout->copy_rhs);
  EXPECT_FALSE(r.layout->copy_result);
  EXPECT_EQ(d.pre_padding, (V{1, 1}));
  EXPECT_EQ(d.post_padding, (V{1, 1}));
}

// PyTorch's NCHW with an OIHW kernel: channels first, nothing copied.
TEST(CudnnConvolution, NchwOihwNeedsNoCopies) {
  ConvCase c;
  c.lhs_layout = "bf01";
  c.rhs_layout = "oi01";
  c.out_layout = "bf01";
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_FALSE(r.layout->channels_last);
  EXPECT_EQ(d.x.strides, (V{324, 81, 9, 1}));
  EXPECT_EQ(d.w.strides, (V{36, 9, 3, 1}));
  EXPECT_EQ(d.y.dims, (V{2, 8, 7, 7}));
  EXPECT_EQ(d.y.strides, (V{392, 49, 7, 1}));
  EXPECT_FALSE(r.layout->copy_lhs || r.layout->copy_rhs || r.layout->copy_result);
}

// A result laid out otherwise than the input's family ([f, b, 0, 1]) is written packed and
// copied out.
TEST(CudnnConvolution, ResultInAnotherLayoutIsCopiedOut) {
  ConvCase c;
  c.out_layout = "fb01";
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  EXPECT_TRUE(r.layout->channels_last);
  EXPECT_FALSE(r.layout->copy_lhs);
  EXPECT_TRUE(r.layout->copy_result);
  EXPECT_EQ(r.layout->result_strides, (V{49, 98, 7, 1}));
}

// Strides and rhs dilation carry over. Asymmetric padding: cuDNN pads both sides by the
// smaller, the input is copied with the rest of the padding as zeros.
TEST(CudnnConvolution, WindowAndAsymmetricPadding) {
  ConvCase c;
  c.in = {11, 10};
  c.pad_lo = {0, 2};
  c.pad_hi = {1, 0};
  c.stride = {2, 3};
  c.rhs_dilate = {2, 1};
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_EQ(d.pre_padding, (V{0, 0}));
  EXPECT_EQ(d.post_padding, (V{0, 0}));
  EXPECT_TRUE(r.layout->copy_lhs);
  EXPECT_EQ(r.layout->lhs_dims, (V{2, 4, 11, 10}));
  EXPECT_EQ(r.layout->lhs_pad_before, (V{0, 0, 0, 2}));
  EXPECT_EQ(d.x.dims, (V{2, 4, 12, 12}));
  EXPECT_EQ(d.x.strides, (V{576, 1, 48, 4}));
  EXPECT_EQ(d.stride, (V{2, 3}));
  EXPECT_EQ(d.dilation, (V{2, 1}));
  EXPECT_EQ(d.y.dims, (V{2, 8, 4, 4}));
  EXPECT_FALSE(d.flip);
}

// Padding (1, 2): cuDNN pads 1 on both sides, the copy 1 more after.
TEST(CudnnConvolution, UnequalPaddingKeepsTheSymmetricPartOnCudnn) {
  ConvCase c;
  c.pad_lo = {1, 2};
  c.pad_hi = {2, 2};
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_EQ(d.pre_padding, (V{1, 2}));
  EXPECT_EQ(d.post_padding, (V{1, 2}));
  EXPECT_EQ(d.x.dims, (V{2, 4, 10, 9}));
  EXPECT_EQ(r.layout->lhs_pad_before, (V{0, 0, 0, 0}));
  EXPECT_TRUE(r.layout->copy_lhs);
  EXPECT_EQ(d.y.dims, (V{2, 8, 10, 11}));
}

// feature_group_count: w's channels are x's over the groups (depthwise: one each).
TEST(CudnnConvolution, FeatureGroupsAreTheKernelsChannels) {
  ConvCase depthwise;
  depthwise.c = 4;
  depthwise.k = 8;
  depthwise.groups = 4;
  Read r = read(depthwise);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  EXPECT_EQ(r.layout->desc.x.dims[1], 4);
  EXPECT_EQ(r.layout->desc.w.dims, (V{8, 1, 3, 3}));
}

// One spatial dim goes to cuDNN as two, the second of size 1 with the window's identity; a
// reversed window is cuDNN's convolution mode.
TEST(CudnnConvolution, OneSpatialDimGetsASecondOfSizeOne) {
  ConvCase c;
  c.in = {9};
  c.window = {3};
  c.lhs_layout = "bf0";
  c.rhs_layout = "oi0";
  c.out_layout = "bf0";
  c.pad_lo = c.pad_hi = {2};
  c.reverse = true;
  Read r = read(c);
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_EQ(d.x.dims, (V{2, 4, 9, 1}));
  EXPECT_EQ(d.y.dims, (V{2, 8, 11, 1}));
  EXPECT_EQ(d.pre_padding, (V{2, 0}));
  EXPECT_EQ(d.post_padding, (V{2, 0}));
  EXPECT_EQ(d.stride, (V{1, 1}));
  EXPECT_TRUE(d.flip);
  EXPECT_FALSE(r.layout->copy_lhs || r.layout->copy_rhs || r.layout->copy_result);
}

TEST(CudnnConvolution, ThreeSpatialDimsAndSixteenBitTypes) {
  for (const char* type : {"bf16", "f16", "f64"}) {
    SCOPED_TRACE(type);
    ConvCase c;
    c.type = type;
    c.in = {5, 6, 7};
    c.window = {3, 1, 2};
    c.lhs_layout = "b012f";
    c.rhs_layout = "012io";
    c.out_layout = "b012f";
    Read r = read(c);
    ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
    EXPECT_EQ(r.layout->desc.x.dims, (V{2, 4, 5, 6, 7}));
    EXPECT_EQ(r.layout->desc.y.dims, (V{2, 8, 3, 6, 6}));
    EXPECT_EQ(rt::convolution_type_name(r.layout->desc.type), std::string(type));
  }
}

TEST(CudnnConvolution, TransposedConvolutionIsConvDgrad) {
  Read r = read(jax_data_gradient());
  ASSERT_TRUE(r.layout.ok()) << r.layout.error().message();
  const rt::ConvolutionDesc& d = r.layout->desc;
  EXPECT_TRUE(d.data_grad);
  EXPECT_EQ(d.y.dims, (V{2, 8, 4, 4}));  // the op's lhs: dy
  EXPECT_EQ(d.x.dims, (V{2, 4, 8, 8}));  // the op's result: dx
  EXPECT_EQ(d.w.dims, (V{8, 4, 3, 3}));  // [dy channels, dx channels, ...]
  EXPECT_EQ(r.layout->rhs_strides, (V{1, 8, 96, 32}));
  EXPECT_EQ(d.pre_padding, (V{1, 1}));
  EXPECT_EQ(d.post_padding, (V{1, 1}));
  EXPECT_EQ(d.stride, (V{2, 2}));
  EXPECT_TRUE(d.flip);
  EXPECT_FALSE(r.layout->copy_lhs || r.layout->copy_result);
  EXPECT_TRUE(r.layout->copy_rhs);
}

// A transposed convolution goes to cuDNN's conv_dgrad, guarded (convolution_guard_test.cpp):
// the holes where the spec multiplies zeros into the kernel are what conv_dgrad skips
// (tests/e2e/stablehlo_ops/convolution.mlir has a kernel holding inf).
TEST(CudnnConvolution, TransposedConvolutionGoesToCudnn) {
  auto module = testing::parse(conv_program(jax_data_gradient()));
  ASSERT_TRUE(module);
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const ConvolutionStep* s = conv_step(*p);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->desc.data_grad);
  EXPECT_EQ(p->convolution_count, 1);
}

// What keeps the elemental kernel, and the reason the layout reader gives.
TEST(CudnnConvolution, RefusedCasesSayWhy) {
  struct Refused {
    ConvCase c;
    const char* reason;
  };
  std::vector<Refused> cases;
  ConvCase strided_transposed;
  strided_transposed.lhs_dilate = {2, 2};
  strided_transposed.stride = {2, 2};
  cases.push_back({strided_transposed, "lhs_dilation [2, 2] with window strides [2, 2]"});
  ConvCase unequal_transposed;
  unequal_transposed.lhs_dilate = {2, 2};
  unequal_transposed.pad_lo = {1, 1};
  cases.push_back({unequal_transposed, "lhs_dilation with padding [1, 0] in spatial dim 0"});
  ConvCase wgrad;
  wgrad.n = 4;
  wgrad.batch_groups = 2;
  cases.push_back({wgrad, "batch_group_count 2"});
  ConvCase ints;
  ints.type = "i32";
  cases.push_back({ints, "element types i32"});
  ConvCase negative;
  negative.pad_lo = {-1, 0};
  cases.push_back({negative, "negative padding"});
  ConvCase empty;
  empty.n = 0;
  cases.push_back({empty, "an empty tensor"});
  ConvCase four;
  four.in = {3, 3, 3, 3};
  four.window = {2, 2, 2, 2};
  four.lhs_layout = "b0123f";
  four.rhs_layout = "0123io";
  four.out_layout = "b0123f";
  cases.push_back({four, "4 spatial dimensions"});
  for (const Refused& r : cases) {
    SCOPED_TRACE(r.reason);
    Read got = read(r.c);
    ASSERT_FALSE(got.layout.ok());
    EXPECT_EQ(got.layout.error().kind(), ErrorKind::kUnimplemented);
    EXPECT_NE(got.layout.error().message().find(r.reason), std::string::npos)
        << got.layout.error().message();
  }
}

// Mixed types (bf16 operands into an f32 result, as preferred_element_type gives) stay with the
// elemental kernel.
TEST(CudnnConvolution, MixedTypesKeepTheElementalKernel) {
  const std::string text =
      "func.func @main(%x: tensor<1x5x5x2xbf16>, %w: tensor<3x3x2x4xbf16>) -> "
      "tensor<1x3x3x4xf32> {\n  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, "
      "f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, "
      "feature_group_count = 1 : i64} : (tensor<1x5x5x2xbf16>, tensor<3x3x2x4xbf16>) -> "
      "tensor<1x3x3x4xf32>\n  return %r : tensor<1x3x3x4xf32>\n}\n";
  auto module = testing::parse(text);
  ASSERT_TRUE(module);
  Expected<ConvolutionLayout> l = convolution_layout(*the_convolution(*module));
  ASSERT_FALSE(l.ok());
  EXPECT_NE(l.error().message().find("bf16, bf16 -> f32"), std::string::npos)
      << l.error().message();
}

// The service's own checks, on descriptions no op gives.
TEST(CudnnConvolution, DescriptionsTheServiceRefuses) {
  rt::ConvolutionDesc d;
  d.x = {{1, 4, 5, 5}, {100, 25, 5, 1}};
  d.w = {{6, 3, 3, 3}, {27, 9, 3, 1}};
  d.y = {{1, 6, 3, 3}, {54, 9, 3, 1}};
  d.pre_padding = d.post_padding = {0, 0};
  d.stride = d.dilation = {1, 1};
  EXPECT_NE(rt::convolution_unsupported_reason(d).find("do not divide x's 4"), std::string::npos);
  d.w.dims[1] = 2;  // two groups of 2 channels: 6 outputs divide
  EXPECT_EQ(rt::convolution_unsupported_reason(d), "");
  d.y.dims[2] = 4;
  EXPECT_NE(rt::convolution_unsupported_reason(d).find("the window gives 3"), std::string::npos);
}

// Lowered: one ConvolutionStep with its fallback (the elemental kernel) and a note; a refused
// convolution one kernel and a note saying why; KILN_CUDNN_CONVOLUTION=0 keeps every one.
TEST(CudnnConvolution, LoweringAddsTheStepTheFallbackAndANote) {
  ConvCase c;
  c.pad_lo = c.pad_hi = {1, 1};
  auto module = testing::parse(conv_program(c));
  ASSERT_TRUE(module);
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->convolution_count, 1);
  const ConvolutionStep* s = conv_step(*p);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->before->steps.size(), 1u);  // the kernel's copy
  EXPECT_TRUE(s->after->steps.empty());
  ASSERT_EQ(s->fallback->steps.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<KernelStep>(s->fallback->steps[0]));
  ASSERT_EQ(p->notes.size(), 1u);
  EXPECT_NE(p->notes[0].find("cuDNN convolution, channels last"), std::string::npos)
      << p->notes[0];
  EXPECT_NE(p->notes[0].find("copying the kernel"), std::string::npos) << p->notes[0];

  ConvCase wgrad;
  wgrad.n = 4;
  wgrad.batch_groups = 2;
  auto refused = testing::parse(conv_program(wgrad));
  ASSERT_TRUE(refused);
  auto q = testing::lower_main(*refused);
  ASSERT_TRUE(q.ok()) << q.error().message();
  EXPECT_EQ(q->convolution_count, 0);
  EXPECT_EQ(q->kernel_count, 1);
  ASSERT_EQ(q->notes.size(), 1u);
  EXPECT_NE(q->notes[0].find("its elemental kernel (batch_group_count 2"), std::string::npos)
      << q->notes[0];

  setenv("KILN_CUDNN_CONVOLUTION", "0", 1);
  auto off = testing::lower_main(*module);
  unsetenv("KILN_CUDNN_CONVOLUTION");
  ASSERT_TRUE(off.ok()) << off.error().message();
  EXPECT_EQ(off->convolution_count, 0);
  ASSERT_EQ(off->notes.size(), 1u);
  EXPECT_NE(off->notes[0].find("KILN_CUDNN_CONVOLUTION=0"), std::string::npos) << off->notes[0];
}

// A convolution that the optimizer fuses with its bias and relu is still cuDNN's: the fusion
// lowers it on its own and the rest in a generated kernel.
TEST(CudnnConvolution, FusedConvolutionStaysOnCudnn) {
  const std::string text =
      "func.func @main(%x: tensor<2x8x8x4xf32>, %w: tensor<3x3x4x8xf32>, %b: tensor<8xf32>) -> "
      "tensor<2x8x8x8xf32> {\n"
      "  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, "
      "f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = "
      "1 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x8x8x8xf32>\n"
      "  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<8xf32>) -> "
      "tensor<2x8x8x8xf32>\n"
      "  %s = stablehlo.add %c, %bb : tensor<2x8x8x8xf32>\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<2x8x8x8xf32>\n"
      "  %r = stablehlo.maximum %s, %z : tensor<2x8x8x8xf32>\n"
      "  return %r : tensor<2x8x8x8xf32>\n}\n";
  auto module = testing::parse(text);
  ASSERT_TRUE(module);
  auto report = passes::optimize(*module, 2);
  ASSERT_TRUE(report.ok()) << report.error().message();
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->convolution_count, 1) << fmt::format("{}", fmt::join(p->notes, "\n"));
}

std::unique_ptr<ir::Module> jax_program(const char* name, int level) {
  const std::string path =
      ::kiln::testing::source_dir() + "/tests/jax/programs/" + name + ".mlir";
  auto module = testing::parse(::kiln::testing::read_file(path), name);
  if (!module) return nullptr;
  auto report = passes::optimize(*module, level);
  EXPECT_TRUE(report.ok()) << report.error().message();
  return report.ok() ? std::move(module) : nullptr;
}

int64_t count_convolutions(const ir::Module& module) {
  int64_t n = 0;
  const ir::Operation& root = module.op();
  root.walk([&](const ir::Operation& op) { n += op.name() == "stablehlo.convolution"; });
  return n;
}

// Without a GPU: the JAX conv programs compile (NVRTC, the fallbacks' kernels included), every
// convolution on cuDNN (cuDNN is only opened at the first run).
TEST(CudnnConvolution, JaxConvProgramsCompileWithEveryConvolutionOnCudnn) {
  for (const char* name : {"conv_net", "resnet"}) {
    for (int level : {0, 2}) {
      SCOPED_TRACE(fmt::format("{} O{}", name, level));
      auto module = jax_program(name, level);
      ASSERT_TRUE(module);
      const int64_t convs = count_convolutions(*module);
      ASSERT_GT(convs, 0);
      auto exe = compile_cuda(*module, {});
      ASSERT_TRUE(exe.ok()) << exe.error().message();
      EXPECT_EQ((*exe)->program().convolution_count, convs)
          << fmt::format("{}", fmt::join((*exe)->program().notes, "\n"));
    }
  }
}

// The next index of `dims` in row-major order; false after the last.
bool next_conv_index(V& idx, const V& dims) {
  for (size_t i = idx.size(); i-- > 0;) {
    if (++idx[i] < dims[i]) return true;
    idx[i] = 0;
  }
  return false;
}

int64_t conv_offset(const V& idx, const V& strides) {
  int64_t o = 0;
  for (size_t i = 0; i < idx.size(); ++i) o += idx[i] * strides[i];
  return o;
}

// cuDNN's convolution as its documentation defines it (fprop: cross-correlation, or with the
// window reversed in convolution mode; dgrad: its adjoint), on the host in double, given x (or
// y for dgrad) and w as cuDNN reads them (packed by desc's strides); returns the output packed
// by desc's strides.
std::vector<double> cudnn_semantics(const rt::ConvolutionDesc& d, const std::vector<double>& in,
                                    const std::vector<double>& w) {
  const rt::ConvolutionTensor& out_t = d.data_grad ? d.x : d.y;
  const rt::ConvolutionTensor& in_t = d.data_grad ? d.y : d.x;
  const size_t spatial = d.x.dims.size() - 2;
  int64_t count = 1;
  for (int64_t n : out_t.dims) count *= n;
  std::vector<double> out(static_cast<size_t>(count), 0.0);
  const int64_t groups = d.x.dims[1] / d.w.dims[1], per_group = d.w.dims[0] / groups;
  V o(out_t.dims.size(), 0), wi(d.w.dims.size(), 0);
  do {
    double sum = 0;
    std::fill(wi.begin(), wi.end(), 0);
    do {  // every filter element [k, c, r...]
      V xi(d.x.dims.size(), 0), yi(d.y.dims.size(), 0), wr = wi;
      bool inside = true;
      // fprop: o is y [n, k, ...]; dgrad: o is x [n, c, ...].
      const int64_t k = d.data_grad ? wi[0] : o[1];
      const int64_t c = d.data_grad ? o[1] : wi[1] + k / per_group * d.w.dims[1];
      if (d.data_grad ? wi[1] != o[1] : wi[0] != o[1]) continue;
      xi[0] = yi[0] = o[0];
      xi[1] = c;
      yi[1] = k;
      for (size_t s = 0; s < spatial; ++s) {
        if (d.flip) wr[2 + s] = d.w.dims[2 + s] - 1 - wi[2 + s];
        const int64_t tap = wi[2 + s] * d.dilation[s] - d.pre_padding[s];
        if (d.data_grad) {  // x index o = y index * stride + tap
          const int64_t num = o[2 + s] - tap;
          inside = inside && num >= 0 && num % d.stride[s] == 0 &&
                   num / d.stride[s] < d.y.dims[2 + s];
          yi[2 + s] = inside ? num / d.stride[s] : 0;
        } else {
          const int64_t at = o[2 + s] * d.stride[s] + tap;
          inside = inside && at >= 0 && at < d.x.dims[2 + s];
          xi[2 + s] = inside ? at : 0;
        }
      }
      if (!inside) continue;
      const V& read_at = d.data_grad ? yi : xi;
      sum += in[static_cast<size_t>(conv_offset(read_at, in_t.strides))] *
             w[static_cast<size_t>(conv_offset(wr, d.w.strides))];
    } while (next_conv_index(wi, d.w.dims));
    out[static_cast<size_t>(conv_offset(o, out_t.strides))] = sum;
  } while (next_conv_index(o, out_t.dims));
  return out;
}

// The layout's description, computed by cudnn_semantics from the op's operands read through
// the layout (the copies' strides and explicit padding included), equals the interpreter's
// result read through the layout's result strides: the layout reader's mapping holds for every
// GPU case, without a GPU.
void expect_layout_computes_the_op(const ConvCase& c) {
  auto module = testing::parse(conv_program(c));
  ASSERT_TRUE(module);
  const ir::Operation* op = the_convolution(*module);
  Expected<ConvolutionLayout> layout = convolution_layout(*op);
  ASSERT_TRUE(layout.ok()) << layout.error().message();
  const rt::ConvolutionDesc& d = layout->desc;
  auto inputs = oracle::random_inputs(std::vector<ir::Type>{op->operand(0)->type(),
                                                            op->operand(1)->type()}, 13);
  ASSERT_TRUE(inputs.ok());
  auto want = oracle::reference_run(*module, *inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  auto as_doubles = [](const interp::Tensor& t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.num_elements(); ++i) v.push_back(t.data<float>()[i]);
    return v;
  };
  const std::vector<double> lhs = as_doubles((*inputs)[0]), rhs = as_doubles((*inputs)[1]);
  const std::vector<double> result = as_doubles((*want)[0]);
  // The input as cuDNN reads it: the lhs moved by the explicit padding, zeros around.
  const rt::ConvolutionTensor& in_t = d.data_grad ? d.y : d.x;
  const rt::ConvolutionTensor& out_t = d.data_grad ? d.x : d.y;
  int64_t in_count = 1, w_count = 1;
  for (int64_t n : in_t.dims) in_count *= n;
  for (int64_t n : d.w.dims) w_count *= n;
  std::vector<double> in(static_cast<size_t>(in_count), 0.0), w(static_cast<size_t>(w_count));
  V i(in_t.dims.size(), 0);
  do {
    V src = i;
    bool inside = true;
    for (size_t a = 0; a < src.size(); ++a) {
      src[a] -= layout->lhs_pad_before[a];
      inside = inside && src[a] >= 0 && src[a] < layout->lhs_dims[a];
    }
    if (inside) {
      in[static_cast<size_t>(conv_offset(i, in_t.strides))] =
          lhs[static_cast<size_t>(conv_offset(src, layout->lhs_strides))];
    }
  } while (next_conv_index(i, in_t.dims));
  V j(d.w.dims.size(), 0);
  do {
    w[static_cast<size_t>(conv_offset(j, d.w.strides))] =
        rhs[static_cast<size_t>(conv_offset(j, layout->rhs_strides))];
  } while (next_conv_index(j, d.w.dims));
  const std::vector<double> got = cudnn_semantics(d, in, w);
  V o(out_t.dims.size(), 0);
  int64_t bad = 0;
  do {
    const double g = got[static_cast<size_t>(conv_offset(o, out_t.strides))];
    const double e = result[static_cast<size_t>(conv_offset(o, layout->result_strides))];
    if (std::abs(g - e) > 1e-4 + 1e-4 * std::abs(e) && bad++ < 3) {
      ADD_FAILURE() << fmt::format("at [{}]: cuDNN's definition {} the op {}", fmt::join(o, ","),
                                   g, e);
    }
  } while (next_conv_index(o, out_t.dims));
  EXPECT_EQ(bad, 0);
}

// The GPU cases: layouts, windows, groups and types.
std::vector<std::pair<std::string, ConvCase>> gpu_conv_cases() {
  std::vector<std::pair<std::string, ConvCase>> out;
  for (const char* type : {"f32", "bf16", "f16", "f64"}) {
    auto add = [&](std::string name, ConvCase c) {
      c.type = type;
      out.push_back({fmt::format("{} {}", type, name), c});
    };
    ConvCase nhwc;
    nhwc.pad_lo = nhwc.pad_hi = {1, 1};
    add("nhwc hwio pad 1", nhwc);
    ConvCase nchw;
    nchw.lhs_layout = nchw.out_layout = "bf01";
    nchw.rhs_layout = "oi01";
    nchw.c = 16;
    nchw.k = 32;
    nchw.in = {17, 13};
    nchw.stride = {2, 2};
    add("nchw oihw stride 2", nchw);
    ConvCase asym;
    asym.in = {16, 15};
    asym.pad_lo = {0, 2};
    asym.pad_hi = {1, 0};
    asym.stride = {2, 1};
    add("asymmetric padding", asym);
    ConvCase dilated;
    dilated.rhs_dilate = {2, 3};
    dilated.in = {14, 15};
    dilated.pad_lo = dilated.pad_hi = {2, 3};
    add("rhs dilation", dilated);
    ConvCase depthwise;
    depthwise.c = 8;
    depthwise.k = 16;
    depthwise.groups = 8;
    depthwise.pad_lo = depthwise.pad_hi = {1, 1};
    add("depthwise", depthwise);
    ConvCase grouped;
    grouped.c = 8;
    grouped.k = 12;
    grouped.groups = 2;
    add("2 groups", grouped);
    ConvCase one_d;
    one_d.in = {33};
    one_d.window = {5};
    one_d.lhs_layout = one_d.out_layout = "b0f";
    one_d.rhs_layout = "0io";
    one_d.pad_lo = {2};
    one_d.pad_hi = {3};
    add("1-d", one_d);
    ConvCase three_d;
    three_d.in = {6, 7, 5};
    three_d.window = {3, 3, 3};
    three_d.lhs_layout = three_d.out_layout = "b012f";
    three_d.rhs_layout = "012io";
    three_d.pad_lo = three_d.pad_hi = {1, 1, 1};
    add("3-d", three_d);
    ConvCase reversed;
    reversed.reverse = true;
    reversed.pad_lo = {2, 0};
    reversed.pad_hi = {0, 2};
    add("reversed window", reversed);
    ConvCase odd;
    odd.out_layout = "f01b";
    odd.lhs_layout = "fb01";
    add("odd layouts (copies)", odd);
    add("transposed (JAX's data gradient)", jax_data_gradient());
    ConvCase reversed_transposed = jax_data_gradient();
    reversed_transposed.reverse = true;
    add("transposed, window reversed", reversed_transposed);
    ConvCase dilated_transposed = jax_data_gradient();
    dilated_transposed.lhs_dilate = {3, 2};
    dilated_transposed.rhs_dilate = {2, 1};
    dilated_transposed.in = {5, 4};
    dilated_transposed.pad_lo = {3, 1};
    dilated_transposed.pad_hi = {4, 2};
    add("transposed, rhs dilation", dilated_transposed);
  }
  return out;
}

TEST(CudnnConvolution, EveryGpuCasesLayoutComputesTheOp) {
  for (const auto& [name, c] : gpu_conv_cases()) {
    if (c.type != "f32") continue;
    SCOPED_TRACE(name);
    expect_layout_computes_the_op(c);
  }
}

// Without a GPU: every GPU case verifies, compiles through NVRTC (copies and fallback
// included) and goes to cuDNN.
TEST(CudnnConvolution, EveryGpuCaseCompilesOnCudnn) {
  for (const auto& [name, c] : gpu_conv_cases()) {
    SCOPED_TRACE(name);
    auto module = testing::parse(conv_program(c));
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    EXPECT_EQ((*exe)->program().convolution_count, 1)
        << fmt::format("{}", fmt::join((*exe)->program().notes, "\n"));
  }
}

// On a GPU: every case on cuDNN against the interpreter. f32 within f32's program tolerance
// (TF32 would miss it by far); f64 may be refused by cuDNN (its elemental kernel runs then,
// said on standard error), every other case must run on cuDNN.
TEST(CudnnConvolution, EveryCaseMatchesTheInterpreterOnCudnn) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const auto& [name, c] : gpu_conv_cases()) {
    SCOPED_TRACE(name);
    auto module = testing::parse(conv_program(c));
    ASSERT_TRUE(module);
    const int64_t on_cudnn = expect_matches_interpreter(*module, *module, 11);
    if (c.type == "f64") {
      std::cout << fmt::format("[conv] {}: {}\n", name, on_cudnn ? "cuDNN" : "elemental kernel");
    } else {
      EXPECT_EQ(on_cudnn, 1) << "cuDNN did not run it (its reason is on standard error)";
    }
  }
}

// On a GPU: the JAX conv programs (optimized) against the interpreter (the program as
// exported), every convolution on cuDNN.
TEST(CudnnConvolution, JaxConvProgramsMatchTheInterpreterOnCudnn) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const char* name : {"conv_net", "resnet"}) {
    SCOPED_TRACE(name);
    auto reference = jax_program(name, 0);
    auto module = jax_program(name, 2);
    ASSERT_TRUE(reference && module);
    const int64_t on_cudnn = expect_matches_interpreter(*module, *reference, 5);
    EXPECT_EQ(on_cudnn, count_convolutions(*module));
  }
}

// On a GPU, for the lead's figures (asserts only that both run): a ResNet-sized f32 and bf16
// convolution ([32, 56, 56, 64] * 3x3x64x64, NHWC) on cuDNN and on its elemental kernel
// (KILN_CUDNN_CONVOLUTION=0), each step's time from CudaExecutable::profile on standard output.
TEST(CudnnConvolution, TimesCudnnAgainstTheElementalKernel) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const char* type : {"f32", "bf16"}) {
    ConvCase c;
    c.type = type;
    c.n = 32;
    c.c = c.k = 64;
    c.in = {56, 56};
    c.pad_lo = c.pad_hi = {1, 1};
    for (const char* cudnn : {"1", "0"}) {
      setenv("KILN_CUDNN_CONVOLUTION", cudnn, 1);
      auto module = testing::parse(conv_program(c));
      ASSERT_TRUE(module);
      auto exe = compile_cuda(*module, {});
      unsetenv("KILN_CUDNN_CONVOLUTION");
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
        std::cout << fmt::format("  [{} {}] {:11} {:8.3f} ms  {}\n", type,
                                 *cudnn == '1' ? "cudnn" : "elemental", t.kind, t.ms, t.what);
      }
      std::cout << fmt::format("[convolution timing] {} {}: {:.3f} ms in all\n", type,
                               *cudnn == '1' ? "cuDNN" : "elemental", total);
    }
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::convolution_test
