// kiln.attention on cuDNN's fused attention (lower_attention.cpp, attention_layout.cpp,
// run_attention.cpp): which attentions become an AttentionStep and with which [b, h, s, d]
// dims and strides, which keep their region and why (no GPU needed), that every case compiles
// through NVRTC, and, on a GPU, results that match the cpu backend with cuDNN computing them.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
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

namespace kiln::backend::cuda::attention_test {
namespace {

namespace rt = ::kiln::cuda;

// An attention as JAX writes it on [batch, seq, heads, head_dim] tensors:
// softmax(scale q·kᵀ [+ mask | causal]) · v, the softmax by hand (as jax.nn.softmax lowers).
// The additive mask has the scores' type.
struct Shape {
  std::string type = "bf16";  // of q, k, v and the output
  int64_t b = 2, s = 64, t = 64, h = 4, h_kv = 4, d = 64, d_v = 64;
  std::string mask = "none";  // none, causal, additive (a [1, h, s, t] tensor)
  bool f32_scores = true;     // q·kᵀ and the softmax in f32 (else in `type`)
  bool v_first = false;       // V·P as jax.nn.dot_product_attention writes it: [b, h, d, s]
};

std::string tensor(std::initializer_list<int64_t> dims, const std::string& type) {
  std::string s = "tensor<";
  for (int64_t d : dims) s += std::to_string(d) + "x";
  return s + type + ">";
}

std::string neg_inf(const std::string& type) {
  return type == "f32" ? "0xFF800000" : type == "bf16" ? "0xFF80" : "0xFC00";
}

// The program's text. GQA (h_kv < h) repeats k and v with jnp.repeat's broadcast + reshape.
std::string program(const Shape& c) {
  const std::string& io = c.type;
  const std::string sc = c.f32_scores ? "f32" : io;
  const int64_t g = c.h / c.h_kv;
  const std::string q_t = tensor({c.b, c.s, c.h, c.d}, io);
  const std::string k_t = tensor({c.b, c.t, c.h_kv, c.d}, io);
  const std::string v_t = tensor({c.b, c.t, c.h_kv, c.d_v}, io);
  const std::string kw_t = tensor({c.b, c.t, c.h, c.d}, io);
  const std::string vw_t = tensor({c.b, c.t, c.h, c.d_v}, io);
  const std::string s_t = tensor({c.b, c.h, c.s, c.t}, sc);
  const std::string r_t = tensor({c.b, c.h, c.s}, sc);
  const std::string o_t = tensor({c.b, c.h, c.s, c.d_v}, io);
  const std::string m_t = tensor({1, c.h, c.s, c.t}, sc);  // added to the scores
  std::string args = fmt::format("%q: {}, %k: {}, %v: {}", q_t, k_t, v_t);
  if (c.mask == "additive") args += ", %m: " + m_t;
  std::string t = fmt::format("module {{\nfunc.func public @main({}) -> {} {{\n", args,
                              tensor({c.b, c.s, c.h, c.d_v}, io));
  std::string k = "%k", v = "%v";
  if (g > 1) {
    t += fmt::format(
        "  %kb = stablehlo.broadcast_in_dim %k, dims = [0, 1, 2, 4] : ({}) -> {}\n"
        "  %kw = stablehlo.reshape %kb : ({}) -> {}\n"
        "  %vb = stablehlo.broadcast_in_dim %v, dims = [0, 1, 2, 4] : ({}) -> {}\n"
        "  %vw = stablehlo.reshape %vb : ({}) -> {}\n",
        k_t, tensor({c.b, c.t, c.h_kv, g, c.d}, io), tensor({c.b, c.t, c.h_kv, g, c.d}, io), kw_t,
        v_t, tensor({c.b, c.t, c.h_kv, g, c.d_v}, io), tensor({c.b, c.t, c.h_kv, g, c.d_v}, io),
        vw_t);
    k = "%kw";
    v = "%vw";
  }
  t += fmt::format(
      "  %s = stablehlo.dot_general %q, {}, batching_dims = [0, 2] x [0, 2], contracting_dims = "
      "[3] x [3] : ({}, {}) -> {}\n",
      k, q_t, kw_t, s_t);
  t += fmt::format(
      "  %c = stablehlo.constant dense<{}> : tensor<{}>\n"
      "  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<{}>) -> {}\n"
      "  %x0 = stablehlo.multiply %s, %cb : {}\n",
      1.0 / std::sqrt(double(c.d)), sc, sc, s_t, s_t);
  std::string x = "%x0";
  if (c.mask == "additive") {
    t += fmt::format(
        "  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2, 3] : ({}) -> {}\n"
        "  %x1 = stablehlo.add %x0, %mb : {}\n",
        m_t, s_t, s_t);
    x = "%x1";
  } else if (c.mask == "causal") {
    const std::string i_t = tensor({c.s, c.t}, "i32"), p_t = tensor({c.s, c.t}, "i1");
    t += fmt::format(
        "  %qi = stablehlo.iota dim = 0 : {}\n"
        "  %ki = stablehlo.iota dim = 1 : {}\n"
        "  %pr = stablehlo.compare GE, %qi, %ki, SIGNED : ({}, {}) -> {}\n"
        "  %pb = stablehlo.broadcast_in_dim %pr, dims = [2, 3] : ({}) -> {}\n"
        "  %fc = stablehlo.constant dense<{}> : tensor<{}>\n"
        "  %fb = stablehlo.broadcast_in_dim %fc, dims = [] : (tensor<{}>) -> {}\n"
        "  %x1 = stablehlo.select %pb, %x0, %fb : {}, {}\n",
        i_t, i_t, i_t, i_t, p_t, p_t, tensor({c.b, c.h, c.s, c.t}, "i1"), neg_inf(sc), sc, sc,
        s_t, tensor({c.b, c.h, c.s, c.t}, "i1"), s_t);
    x = "%x1";
  }
  t += fmt::format(
      "  %ni = stablehlo.constant dense<{0}> : tensor<{1}>\n"
      "  %mx = stablehlo.reduce({2} init: %ni) applies stablehlo.maximum across dimensions = [3] "
      ": ({3}, tensor<{1}>) -> {4}\n"
      "  %nb = stablehlo.broadcast_in_dim %ni, dims = [] : (tensor<{1}>) -> {4}\n"
      "  %mg = stablehlo.maximum %nb, %mx : {4}\n"
      "  %m1 = stablehlo.broadcast_in_dim %mg, dims = [0, 1, 2] : ({4}) -> {5}\n"
      "  %m2 = stablehlo.broadcast_in_dim %m1, dims = [0, 1, 2, 3] : ({5}) -> {3}\n"
      "  %sh = stablehlo.subtract {2}, %m2 : {3}\n"
      "  %ex = stablehlo.exponential %sh : {3}\n"
      "  %zr = stablehlo.constant dense<0.000000e+00> : tensor<{1}>\n"
      "  %sm = stablehlo.reduce(%ex init: %zr) applies stablehlo.add across dimensions = [3] : "
      "({3}, tensor<{1}>) -> {4}\n"
      "  %s1 = stablehlo.broadcast_in_dim %sm, dims = [0, 1, 2] : ({4}) -> {5}\n"
      "  %s2 = stablehlo.broadcast_in_dim %s1, dims = [0, 1, 2, 3] : ({5}) -> {3}\n"
      "  %p = stablehlo.divide %ex, %s2 : {3}\n",
      neg_inf(sc), sc, x, s_t, r_t, tensor({c.b, c.h, c.s, 1}, sc));
  std::string p = "%p";
  if (sc != io) {
    t += fmt::format("  %pc = stablehlo.convert %p : ({}) -> {}\n", s_t,
                     tensor({c.b, c.h, c.s, c.t}, io));
    p = "%pc";
  }
  const std::string out_t = tensor({c.b, c.s, c.h, c.d_v}, io);
  if (c.v_first) {
    const std::string vo_t = tensor({c.b, c.h, c.d_v, c.s}, io);
    t += fmt::format(
        "  %o = stablehlo.dot_general {}, {}, batching_dims = [0, 2] x [0, 1], contracting_dims = "
        "[1] x [3] : ({}, {}) -> {}\n"
        "  %ot = stablehlo.transpose %o, dims = [0, 3, 1, 2] : ({}) -> {}\n",
        v, p, vw_t, tensor({c.b, c.h, c.s, c.t}, io), vo_t, vo_t, out_t);
  } else {
    t += fmt::format(
        "  %o = stablehlo.dot_general {}, {}, batching_dims = [0, 1] x [0, 2], contracting_dims = "
        "[3] x [1] : ({}, {}) -> {}\n"
        "  %ot = stablehlo.transpose %o, dims = [0, 2, 1, 3] : ({}) -> {}\n",
        p, v, tensor({c.b, c.h, c.s, c.t}, io), vw_t, o_t, o_t, out_t);
  }
  t += fmt::format("  return %ot : {}\n}}\n}}\n", out_t);
  return t;
}

std::unique_ptr<ir::Module> parse(const std::string& text) {
  auto module = frontend::parse_module_text(text, "attention.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message();
  return v.ok() ? std::move(*module) : nullptr;
}

std::unique_ptr<ir::Module> optimized(const Shape& c) {
  auto module = parse(program(c));
  if (!module) return nullptr;
  auto report = passes::optimize(*module, 2);
  EXPECT_TRUE(report.ok()) << report.error().message();
  return report.ok() ? std::move(module) : nullptr;
}

Expected<LoweredProgram> lower(const ir::Module& module) {
  KILN_TRY(const ir::Operation* entry, find_entry(module, ""));
  return lower_module(module, *entry, LowerOptions{});
}

const AttentionStep* attention_step(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* a = std::get_if<AttentionStep>(&s)) return a;
  }
  return nullptr;
}

// The lowered program's one attention step (failing the test where there is none).
struct Lowered {
  std::unique_ptr<ir::Module> module;
  Expected<LoweredProgram> program = Error::internal("not lowered");
};

Lowered lowered(const Shape& c) {
  Lowered l;
  l.module = optimized(c);
  if (l.module) l.program = lower(*l.module);
  EXPECT_TRUE(l.program.ok()) << l.program.error().message();
  return l;
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

std::vector<Buffer> buffers_of(const std::vector<interp::Tensor>& inputs) {
  std::vector<Buffer> out;
  for (const interp::Tensor& t : inputs) {
    auto b = Buffer::host_copy(t.type(), std::span<const std::byte>(t.raw(), t.size_bytes()));
    EXPECT_TRUE(b.ok());
    if (b.ok()) out.push_back(std::move(*b));
  }
  return out;
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
    std::vector<Buffer> buffers = buffers_of(*inputs);
    auto timings = (*exe)->profile(buffers);
    ASSERT_TRUE(timings.ok()) << timings.error().message();
    bool on_cudnn = false;
    for (const StepTiming& t : *timings) on_cudnn |= t.kind == "attention";
    EXPECT_TRUE(on_cudnn) << "cuDNN did not run it (its reason is on standard error)";
    for (int run = 0; run < 2; ++run) {  // the second replays the CUDA graph
      auto results = (*exe)->run(buffers);
      ASSERT_TRUE(results.ok()) << results.error().message();
      std::vector<interp::Tensor> got;
      for (const Buffer& b : results->outputs()) {
        auto t = interp::Tensor::allocate(b.type());
        ASSERT_TRUE(t.ok());
        std::memcpy(t->raw(), b.host_bytes().data(), t->size_bytes());
        got.push_back(std::move(*t));
      }
      oracle::CompareReport report = oracle::compare_outputs(got, *want, oracle::program_tolerance);
      EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
    }
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::attention_test
