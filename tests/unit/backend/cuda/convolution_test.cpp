// stablehlo.convolution on cuDNN (convolution_layout.cpp, lower_convolution.cpp,
// run_convolution.cpp): which convolutions become a ConvolutionStep and with which [n, c,
// spatial...] dims, strides and window, which keep the elemental kernel and why (no GPU
// needed), that the JAX conv programs compile through NVRTC, and, on a GPU, results that match
// the interpreter with cuDNN computing them.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

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
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::convolution_test {
namespace {

namespace rt = ::kiln::cuda;
using convolution_programs::conv_program;
using convolution_programs::ConvCase;
using V = std::vector<int64_t>;

std::unique_ptr<ir::Module> parse_conv(const std::string& text, const char* name = "conv.mlir") {
  auto module = frontend::parse_module_text(text, name);
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message() << "\n" << text;
  return v.ok() ? std::move(*module) : nullptr;
}

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
  r.module = parse_conv(conv_program(c));
  if (!r.module) return r;
  const ir::Operation* op = the_convolution(*r.module);
  EXPECT_NE(op, nullptr);
  if (op) r.layout = convolution_layout(*op);
  return r;
}

Expected<LoweredProgram> lower_conv(const ir::Module& module) {
  KILN_TRY(const ir::Operation* entry, find_entry(module, ""));
  return lower_module(module, *entry, LowerOptions{});
}

const ConvolutionStep* conv_step(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* c = std::get_if<ConvolutionStep>(&s)) return c;
  }
  return nullptr;
}

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

// What keeps the elemental kernel, and the reason the layout reader gives.
TEST(CudnnConvolution, RefusedCasesSayWhy) {
  struct Refused {
    ConvCase c;
    const char* reason;
  };
  std::vector<Refused> cases;
  ConvCase transposed;
  transposed.lhs_dilate = {2, 2};
  cases.push_back({transposed, "lhs_dilation [2, 2] (a transposed convolution"});
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
  auto module = parse_conv(text);
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
  auto module = parse_conv(conv_program(c));
  ASSERT_TRUE(module);
  auto p = lower_conv(*module);
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

  ConvCase transposed;
  transposed.lhs_dilate = {2, 2};
  auto refused = parse_conv(conv_program(transposed));
  ASSERT_TRUE(refused);
  auto q = lower_conv(*refused);
  ASSERT_TRUE(q.ok()) << q.error().message();
  EXPECT_EQ(q->convolution_count, 0);
  EXPECT_EQ(q->kernel_count, 1);
  ASSERT_EQ(q->notes.size(), 1u);
  EXPECT_NE(q->notes[0].find("its elemental kernel (lhs_dilation"), std::string::npos)
      << q->notes[0];

  setenv("KILN_CUDNN_CONVOLUTION", "0", 1);
  auto off = lower_conv(*module);
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
  auto module = parse_conv(text);
  ASSERT_TRUE(module);
  auto report = passes::optimize(*module, 2);
  ASSERT_TRUE(report.ok()) << report.error().message();
  auto p = lower_conv(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->convolution_count, 1) << fmt::format("{}", fmt::join(p->notes, "\n"));
}

std::unique_ptr<ir::Module> jax_program(const char* name, int level) {
  const std::string path =
      ::kiln::testing::source_dir() + "/tests/jax/programs/" + name + ".mlir";
  auto module = parse_conv(::kiln::testing::read_file(path), name);
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
  }
  return out;
}

std::vector<Buffer> conv_buffers_of(const std::vector<interp::Tensor>& inputs) {
  std::vector<Buffer> out;
  for (const interp::Tensor& t : inputs) {
    auto b = Buffer::host_copy(t.type(), std::span<const std::byte>(t.raw(), t.size_bytes()));
    EXPECT_TRUE(b.ok());
    if (b.ok()) out.push_back(std::move(*b));
  }
  return out;
}

// Runs `module` (compiled as is) on the GPU against `reference` on the interpreter, on fresh
// random inputs, within the program tolerance; twice (the second replays the CUDA graph).
// Returns how many steps cuDNN ran (profiled steps of kind "convolution").
int64_t expect_matches_interpreter(const ir::Module& module, const ir::Module& reference,
                                   uint64_t seed) {
  auto exe = compile_cuda(module, {});
  EXPECT_TRUE(exe.ok()) << exe.error().message();
  if (!exe.ok()) return 0;
  auto inputs = oracle::random_inputs((*exe)->input_types(), seed);
  EXPECT_TRUE(inputs.ok()) << inputs.error().message();
  if (!inputs.ok()) return 0;
  auto want = oracle::reference_run(reference, *inputs);
  EXPECT_TRUE(want.ok()) << want.error().message();
  if (!want.ok()) return 0;
  std::vector<Buffer> buffers = conv_buffers_of(*inputs);
  auto timings = (*exe)->profile(buffers);
  EXPECT_TRUE(timings.ok()) << timings.error().message();
  if (!timings.ok()) return 0;
  int64_t on_cudnn = 0;
  for (const StepTiming& t : *timings) on_cudnn += t.kind == "convolution";
  for (int run = 0; run < 2; ++run) {
    auto results = (*exe)->run(buffers);
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

// On a GPU: every case on cuDNN against the interpreter. f32 within f32's program tolerance
// (TF32 would miss it by far); f64 may be refused by cuDNN (its elemental kernel runs then,
// said on standard error), every other case must run on cuDNN.
TEST(CudnnConvolution, EveryCaseMatchesTheInterpreterOnCudnn) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const auto& [name, c] : gpu_conv_cases()) {
    SCOPED_TRACE(name);
    auto module = parse_conv(conv_program(c));
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
      auto module = parse_conv(conv_program(c));
      ASSERT_TRUE(module);
      auto exe = compile_cuda(*module, {});
      unsetenv("KILN_CUDNN_CONVOLUTION");
      ASSERT_TRUE(exe.ok()) << exe.error().message();
      auto inputs = oracle::random_inputs((*exe)->input_types(), 3);
      ASSERT_TRUE(inputs.ok());
      std::vector<Buffer> buffers = conv_buffers_of(*inputs);
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
