// attention_layout on the interpreter, no GPU needed: for each attention it sends to cuDNN, the
// attention its description defines (q, k, v and the mask read through its [b, h, s, d] dims
// and strides, computed here in double, as cuDNN's graph defines it) equals what the
// composite's region computes on the same random operands, read back through the output's
// layout. So the roles, strides, GQA heads, scale, mask and causal flag are the region's.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "backend/cuda/attention_layout.h"
#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/tensor.h"
#include "ir/attribute.h"
#include "ir/float_format.h"
#include "oracle/random.h"
#include "passes/pipeline.h"
#include "tests/unit/backend/cuda/attention_programs.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::attention_layout_test {
namespace {

namespace rt = ::kiln::cuda;

double element(const interp::Tensor& t, int64_t i) {
  const ir::ElementKind kind = t.type().element().kind();
  const int bytes = t.type().element().storage_bytes();
  uint64_t bits = 0;
  std::memcpy(&bits, t.raw() + i * bytes, static_cast<size_t>(bytes));
  return ir::bits_to_double(kind, bits);
}

double at(const interp::Tensor& t, const rt::AttentionTensor& v, int64_t b, int64_t h,
          int64_t s, int64_t d) {
  auto idx = [&](int i, int64_t x) { return v.dims[i] == 1 ? 0 : x * v.strides[i]; };
  return element(t, idx(0, b) + idx(1, h) + idx(2, s) + idx(3, d));
}

// The description's attention at (b, h, query i, head dim e), in double.
double reference(const rt::AttentionDesc& d, const std::vector<interp::Tensor>& ops,
                 const AttentionLayout& l, int64_t b, int64_t h, int64_t i, int64_t e) {
  const int64_t s_kv = d.k.dims[2], d_qk = d.q.dims[3];
  const int64_t hk = h / (d.q.dims[1] / d.k.dims[1]);
  std::vector<double> p(static_cast<size_t>(s_kv));
  double mx = -std::numeric_limits<double>::infinity();
  for (int64_t j = 0; j < s_kv; ++j) {
    double s = 0;
    for (int64_t c = 0; c < d_qk; ++c) {
      s += at(ops[l.q], d.q, b, h, i, c) * at(ops[l.k], d.k, b, hk, j, c);
    }
    s *= d.scale;
    if (d.has_bias) s += at(ops[l.bias], d.bias, b, h, i, j);
    if (d.causal && j > i) s = -std::numeric_limits<double>::infinity();
    p[static_cast<size_t>(j)] = s;
    mx = std::max(mx, s);
  }
  double sum = 0, out = 0;
  for (double& x : p) sum += (x = std::exp(x - mx));
  for (int64_t j = 0; j < s_kv; ++j) out += p[static_cast<size_t>(j)] / sum * at(ops[l.v], d.v, b, hk, j, e);
  return out;
}

void expect_layout_matches_region(const std::string& text, const std::string& name) {
  auto module = frontend::parse_module_text(text, name);
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(passes::optimize(**module, 2).ok());
  const ir::Operation* op = nullptr;
  for (const auto& o : (*module)->lookup_function("main")->region(0).front().operations()) {
    if (o->name() == "kiln.attention") op = o.get();
  }
  ASSERT_NE(op, nullptr) << "no kiln.attention";
  Expected<AttentionLayout> layout = attention_layout(*op);
  ASSERT_TRUE(layout.ok()) << layout.error().message();
  const rt::AttentionDesc& d = layout->desc;
  std::vector<ir::Type> types;
  for (const ir::Value* v : op->operands()) types.push_back(v->type());
  auto inputs = oracle::random_inputs(types, 11);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  // A constant operand (a folded causal mask) keeps its value: the pass judged it by that.
  for (size_t i = 0; i < op->num_operands(); ++i) {
    const ir::Operation* def = op->operand(i)->defining_op();
    const auto* dense = def ? def->attr_as<ir::DenseElementsAttr>("value") : nullptr;
    if (!dense) continue;
    auto t = interp::Tensor::from_dense(*dense);
    ASSERT_TRUE(t.ok()) << t.error().message();
    (*inputs)[i] = std::move(*t);
  }
  interp::Interpreter interpreter(**module);
  std::vector<interp::RuntimeValue> operands(inputs->begin(), inputs->end());
  auto region = interp::lookup_interp(op->name())(interpreter, *op, operands);
  ASSERT_TRUE(region.ok()) << region.error().message();
  const interp::Tensor& got = (*region)[0].tensor();
  rt::AttentionTensor o = d.o;
  if (layout->relayout) o.strides = layout->result_strides;
  int bad = 0;
  for (int64_t b = 0; b < d.o.dims[0]; ++b) {
    for (int64_t h = 0; h < d.o.dims[1]; ++h) {
      for (int64_t i = 0; i < d.o.dims[2]; ++i) {
        for (int64_t e = 0; e < d.o.dims[3]; ++e) {
          const double want = reference(d, *inputs, *layout, b, h, i, e);
          const double region_value = at(got, o, b, h, i, e);
          // bf16 / f16 rounding of the region's steps: a few units of 2^-8 on values of O(1).
          if (std::fabs(region_value - want) > 0.05 + 0.05 * std::fabs(want) && bad++ < 5) {
            ADD_FAILURE() << fmt::format("{} at b {} h {} query {} dim {}: region {} description {}",
                                         name, b, h, i, e, region_value, want);
          }
        }
      }
    }
  }
  EXPECT_EQ(bad, 0);
}

// The JAX pattern corpus's attentions in bf16 (their f32 text with the types renamed).
TEST(AttentionLayout, PatternCorpusInBf16MatchesItsRegion) {
  for (const char* f : {"attention_hand", "attention_jax_nn", "attention_jax_nn_causal",
                        "attention_flax_linen", "attention_flax_nnx", "attention_gqa_repeat",
                        "attention_causal_iota", "attention_causal_tril",
                        "attention_additive_mask", "attention_bf16_f32_softmax"}) {
    SCOPED_TRACE(f);
    const std::string path = kiln::testing::source_dir() + "/tests/jax/patterns/" + f + ".mlir";
    std::string text = kiln::testing::read_file(path);
    for (auto [from, to] : {std::pair<std::string, std::string>{"0xFF800000", "0xFF80"},
                            {"f32", "bf16"}}) {
      for (size_t p = text.find(from); p != std::string::npos; p = text.find(from, p + to.size())) {
        text.replace(p, from.size(), to);
      }
    }
    expect_layout_matches_region(text, f);
  }
}

// The backend tests' programs: GQA, an additive [1, h, s, t] mask, causal with s_q != s_kv,
// V·P's layout, f16.
TEST(AttentionLayout, GeneratedProgramsMatchTheirRegion) {
  using attention_programs::Shape;
  Shape gqa, additive, cross_causal, v_first, f16;
  gqa.h = 8;
  gqa.h_kv = 2;
  gqa.s = 24;
  gqa.t = 40;
  gqa.d = gqa.d_v = 16;
  additive.mask = "additive";
  additive.f32_scores = false;
  additive.s = additive.t = 20;
  additive.d = additive.d_v = 16;
  cross_causal.mask = "causal";
  cross_causal.s = 21;
  cross_causal.t = 13;
  cross_causal.d = cross_causal.d_v = 8;
  v_first.v_first = true;
  v_first.s = 12;
  v_first.t = 20;
  v_first.d = 16;
  v_first.d_v = 24;
  f16.type = "f16";
  f16.s = f16.t = 16;
  f16.d = f16.d_v = 16;
  const std::pair<const char*, Shape> cases[] = {{"gqa", gqa},
                                                 {"additive", additive},
                                                 {"causal s_q 21 s_kv 13", cross_causal},
                                                 {"v first", v_first},
                                                 {"f16", f16}};
  for (const auto& [name, shape] : cases) {
    SCOPED_TRACE(name);
    expect_layout_matches_region(attention_programs::program(shape), name);
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::attention_layout_test
