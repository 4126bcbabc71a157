// Attention programs as JAX writes them, for the cuDNN attention tests (attention_test.cpp on
// the backend, attention_layout_test.cpp on the interpreter).
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace kiln::backend::cuda::attention_programs {

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

inline std::string tensor(std::initializer_list<int64_t> dims, const std::string& type) {
  std::string s = "tensor<";
  for (int64_t d : dims) s += std::to_string(d) + "x";
  return s + type + ">";
}

inline std::string neg_inf(const std::string& type) {
  return type == "f32" ? "0xFF800000" : type == "bf16" ? "0xFF80" : "0xFC00";
}

// The program's text. GQA (h_kv < h) repeats k and v with jnp.repeat's broadcast + reshape.
inline std::string program(const Shape& c) {
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

// An attention on [b, h, s, d] tensors (bhsd_program).
struct BhsdAttention {
  int64_t b = 2, h = 4, h_kv = 4, s = 16, t = 16, d = 64;
  bool causal = false;
  double scale = 0.125;
  bool scale_q = false;  // q scaled before the product (Flax), else the scores
};

// softmax(scale q·kᵀ [causal, top-left as JAX writes it]) · v on [b, h, s, d] tensors in bf16,
// the scores in f32; GQA by jnp.repeat of k and v over the heads: the layout the library's
// flash_attention and decode_attention read (flash_attention_match_test.cpp, dispatch_test.cpp,
// decode_attention_test.cpp).
inline std::string bhsd_program(const BhsdAttention& a) {
  const std::string q_t = tensor({a.b, a.h, a.s, a.d}, "bf16");
  const std::string k_t = tensor({a.b, a.h_kv, a.t, a.d}, "bf16");
  const std::string kw_t = tensor({a.b, a.h, a.t, a.d}, "bf16");
  const std::string kb_t = tensor({a.b, a.h_kv, a.h / a.h_kv, a.t, a.d}, "bf16");
  const std::string s_t = tensor({a.b, a.h, a.s, a.t}, "f32");
  const std::string r_t = tensor({a.b, a.h, a.s}, "f32");
  std::string text =
      fmt::format("func.func @main(%q: {0}, %k: {1}, %v: {1}) -> {0} {{\n", q_t, k_t);
  std::string q = "%q", k = "%k", v = "%v";
  if (a.scale_q) {
    text += fmt::format(
        "  %cq = stablehlo.constant dense<{1}> : {0}\n"
        "  %qs = stablehlo.multiply %q, %cq : {0}\n",
        q_t, a.scale);
    q = "%qs";
  }
  if (a.h != a.h_kv) {
    text += fmt::format(
        "  %kb = stablehlo.broadcast_in_dim %k, dims = [0, 1, 3, 4] : ({0}) -> {1}\n"
        "  %kw = stablehlo.reshape %kb : ({1}) -> {2}\n"
        "  %vb = stablehlo.broadcast_in_dim %v, dims = [0, 1, 3, 4] : ({0}) -> {1}\n"
        "  %vw = stablehlo.reshape %vb : ({1}) -> {2}\n",
        k_t, kb_t, kw_t);
    k = "%kw";
    v = "%vw";
  }
  text += fmt::format(
      "  %s = stablehlo.dot_general {0}, {1}, batching_dims = [0, 1] x [0, 1], contracting_dims = "
      "[3] x [3] : ({2}, {3}) -> {4}\n",
      q, k, q_t, kw_t, s_t);
  std::string x = "%s";
  if (!a.scale_q) {
    text += fmt::format(
        "  %c = stablehlo.constant dense<{1}> : {0}\n"
        "  %x0 = stablehlo.multiply %s, %c : {0}\n",
        s_t, a.scale);
    x = "%x0";
  }
  if (a.causal) {
    const std::string i_t = tensor({a.s, a.t}, "i32");
    text += fmt::format(
        "  %qi = stablehlo.iota dim = 0 : {0}\n"
        "  %ki = stablehlo.iota dim = 1 : {0}\n"
        "  %pr = stablehlo.compare GE, %qi, %ki, SIGNED : ({0}, {0}) -> {1}\n"
        "  %pb = stablehlo.broadcast_in_dim %pr, dims = [2, 3] : ({1}) -> {2}\n"
        "  %ninfs = stablehlo.constant dense<0xFF800000> : {3}\n"
        "  %x1 = stablehlo.select %pb, {4}, %ninfs : {2}, {3}\n",
        i_t, tensor({a.s, a.t}, "i1"), tensor({a.b, a.h, a.s, a.t}, "i1"), s_t, x);
    x = "%x1";
  }
  text += fmt::format(
      "  %ni = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %mx = stablehlo.reduce({0} init: %ni) applies stablehlo.maximum across dimensions = [3] "
      ": ({1}, tensor<f32>) -> {2}\n"
      "  %mb = stablehlo.broadcast_in_dim %mx, dims = [0, 1, 2] : ({2}) -> {1}\n"
      "  %sh = stablehlo.subtract {0}, %mb : {1}\n"
      "  %ex = stablehlo.exponential %sh : {1}\n"
      "  %zr = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %sm = stablehlo.reduce(%ex init: %zr) applies stablehlo.add across dimensions = [3] : "
      "({1}, tensor<f32>) -> {2}\n"
      "  %sb = stablehlo.broadcast_in_dim %sm, dims = [0, 1, 2] : ({2}) -> {1}\n"
      "  %p = stablehlo.divide %ex, %sb : {1}\n"
      "  %pc = stablehlo.convert %p : ({1}) -> {3}\n"
      "  %o = stablehlo.dot_general %pc, {4}, batching_dims = [0, 1] x [0, 1], contracting_dims = "
      "[3] x [2] : ({3}, {5}) -> {6}\n"
      "  return %o : {6}\n}}\n",
      x, s_t, r_t, tensor({a.b, a.h, a.s, a.t}, "bf16"), v, kw_t, q_t);
  return text;
}

}  // namespace kiln::backend::cuda::attention_programs
