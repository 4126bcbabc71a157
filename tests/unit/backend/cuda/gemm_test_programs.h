// Programs and checks the cuda backend's GEMM tests share (gemm_epilogue_test.cpp,
// dot_general_types_test.cpp, gemm_autotune_run_test.cpp): dense layers written out as JAX
// lowers them, lowering them, and comparing a GPU run with the interpreter's.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::testing {

// `text` lowered as written (its kiln ops as they are).
inline Expected<LoweredProgram> lower_text(const std::string& text) {
  auto module = parse(text);
  if (!module) return Error::invalid_argument("does not parse");
  return lower_main(*module);
}

// `text` optimised at O2 (fuse-gemm makes the kiln.gemm), then lowered.
inline Expected<LoweredProgram> lower_optimized(const std::string& text) {
  auto module = parse(text);
  if (!module) return Error::invalid_argument("does not parse");
  KILN_CHECK_OK(passes::optimize(*module, 2));
  return lower_main(*module);
}

inline const GemmStep* first_gemm(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* g = std::get_if<GemmStep>(&s)) return g;
  }
  return nullptr;
}

// A dense layer: act(x @ W [+ b]) [+ r], x [batch,] m x k, W [batch,] k x n. With `acc`, the
// product is summed into that type and converted back (JAX's preferred_element_type).
struct Dense {
  std::string type = "f32";
  std::string acc;
  int64_t batch = 0;  // 0: no batch dimension
  int64_t m = 4, k = 16, n = 32;
  bool bias = false;
  std::string act = "none";  // relu, gelu_tanh, gelu_erf, silu
  bool residual = false;
};

inline std::string dense_program(const Dense& d) {
  const std::string b = d.batch ? fmt::format("{}x", d.batch) : "";
  const std::string t = d.type;
  const std::string x = fmt::format("tensor<{}{}x{}x{}>", b, d.m, d.k, t);
  const std::string w = fmt::format("tensor<{}{}x{}x{}>", b, d.k, d.n, t);
  const std::string o = fmt::format("tensor<{}{}x{}x{}>", b, d.m, d.n, t);
  const std::string dot_t = fmt::format("tensor<{}{}x{}x{}>", b, d.m, d.n, d.acc.empty() ? t : d.acc);
  const int64_t rank = d.batch ? 3 : 2;
  std::string args = fmt::format("%x: {}, %w: {}", x, w);
  if (d.bias) args += fmt::format(", %b: tensor<{}x{}>", d.n, t);
  if (d.residual) args += fmt::format(", %r: {}", o);
  std::string body = fmt::format(
      "  %d = stablehlo.dot_general %x, %w, {}contracting_dims = [{}] x [{}] : ({}, {}) -> {}\n",
      d.batch ? "batching_dims = [0] x [0], " : "", rank - 1, rank - 2, x, w, dot_t);
  std::string h = "%d";
  if (!d.acc.empty()) {
    body += fmt::format("  %dc = stablehlo.convert %d : ({}) -> {}\n", dot_t, o);
    h = "%dc";
  }
  if (d.bias) {
    body += fmt::format("  %bb = stablehlo.broadcast_in_dim %b, dims = [{}] : (tensor<{}x{}>) -> {}\n",
                        rank - 1, d.n, t, o);
    body += fmt::format("  %s = stablehlo.add {}, %bb : {}\n", h, o);
    h = "%s";
  }
  auto c = [&](const char* name, const char* v) {
    body += fmt::format("  %{} = stablehlo.constant dense<{}> : {}\n", name, v, o);
  };
  auto op = [&](const std::string& line) { body += "  " + line + " : " + o + "\n"; };
  if (d.act == "relu") {
    c("zero", "0.0");
    op("%a = stablehlo.maximum " + h + ", %zero");
  } else if (d.act == "gelu_tanh") {  // jax.nn.gelu(approximate=True)
    op("%g0 = stablehlo.multiply " + h + ", " + h);
    op("%g1 = stablehlo.multiply %g0, " + h);
    c("g2", "4.471500e-02");
    op("%g3 = stablehlo.multiply %g2, %g1");
    op("%g4 = stablehlo.add " + h + ", %g3");
    c("g5", "0.797884583");
    op("%g6 = stablehlo.multiply %g5, %g4");
    op("%g7 = stablehlo.tanh %g6");
    c("g8", "1.0");
    op("%g9 = stablehlo.add %g8, %g7");
    c("g10", "0.5");
    op("%g11 = stablehlo.multiply %g10, %g9");
    op("%a = stablehlo.multiply " + h + ", %g11");
  } else if (d.act == "gelu_erf") {  // jax.nn.gelu(approximate=False)
    c("e0", "0.5");
    op("%e1 = stablehlo.multiply %e0, " + h);
    c("e2", "1.41421354");
    op("%e3 = stablehlo.divide " + h + ", %e2");
    body += fmt::format("  %e4 = chlo.erf %e3 : {} -> {}\n", o, o);
    c("e5", "1.0");
    op("%e6 = stablehlo.add %e5, %e4");
    op("%a = stablehlo.multiply %e1, %e6");
  } else if (d.act == "silu") {  // x / (1 + exp(-x))
    op("%s0 = stablehlo.negate " + h);
    op("%s1 = stablehlo.exponential %s0");
    c("s2", "1.0");
    op("%s3 = stablehlo.add %s2, %s1");
    op("%a = stablehlo.divide " + h + ", %s3");
  }
  if (d.act != "none") h = "%a";
  if (d.residual) {
    op("%out = stablehlo.add " + h + ", %r");
    h = "%out";
  }
  return fmt::format("func.func @main({}) -> {} {{\n{}  return {} : {}\n}}\n", args, o, body, h, o);
}

// W [16, 4, 8] with its two free dimensions and a bias of `bias_shape` broadcast along `dims`.
inline std::string feature_bias_program(const std::string& bias_shape, const std::string& dims) {
  return fmt::format(R"(
func.func @main(%x: tensor<6x16xf32>, %w: tensor<16x4x8xf32>, %b: tensor<{0}xf32>) -> tensor<6x4x8xf32> {{
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x16xf32>, tensor<16x4x8xf32>) -> tensor<6x4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [{1}] : (tensor<{0}xf32>) -> tensor<6x4x8xf32>
  %s = stablehlo.add %d, %bb : tensor<6x4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<6x4x8xf32>
  %a = stablehlo.maximum %s, %zero : tensor<6x4x8xf32>
  return %a : tensor<6x4x8xf32>
}}
)",
                     bias_shape, dims);
}
inline std::string partial_bias_program() { return feature_bias_program("8", "2"); }
inline std::string two_feature_dims_program() { return feature_bias_program("4x8", "1, 2"); }

// A kiln.gemm written out with `config` over a region x @ W + bcast(b) then `form`: "relu"
// (max with 0), "relu_negated" (-min(-s, 0)), "leaky" (max(s, 0) - 0.01 s) or "doubling"
// (s doubled 80 times by y + y: a DAG whose paths are 2^80 many).
inline std::string handwritten_gemm(const std::string& config, const std::string& form) {
  const std::string t = "tensor<4x32xf32>";
  std::string act;
  if (form == "relu") {
    act = "      %a = stablehlo.maximum %s, %zero : " + t + "\n";
  } else if (form == "relu_negated") {
    act = "      %n = stablehlo.negate %s : " + t + "\n      %m = stablehlo.minimum %zero, %n : " + t +
          "\n      %a = stablehlo.negate %m : " + t + "\n";
  } else if (form == "doubling") {
    std::string prev = "%s";
    for (int i = 0; i < 80; ++i) {
      act += fmt::format("      %y{0} = stablehlo.add {1}, {1} : {2}\n", i, prev, t);
      prev = fmt::format("%y{}", i);
    }
    act += "      %a = stablehlo.maximum " + prev + ", %zero : " + t + "\n";
  } else {
    act = "      %r = stablehlo.maximum %s, %zero : " + t +
          "\n      %c = stablehlo.constant dense<0.01> : " + t +
          "\n      %l = stablehlo.multiply %c, %s : " + t + "\n      %a = stablehlo.subtract %r, %l : " + t + "\n";
  }
  return fmt::format(R"(
func.func @main(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> {0} {{
  %g = kiln.gemm(%x, %w, %b) {{config = {1}}} ({{
    ^bb0(%p: tensor<4x16xf32>, %q: tensor<16x32xf32>, %v: tensor<32xf32>):
      %d = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> {0}
      %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<32xf32>) -> {0}
      %s = stablehlo.add %d, %vb : {0}
      %zero = stablehlo.constant dense<0.0> : {0}
{2}      stablehlo.return %a : {0}
  }}) : (tensor<4x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> {0}
  return %g : {0}
}}
)",
                     t, config, act);
}

// The epilogues on ragged (37 x 29 times 29 x 53) and batched shapes, in each float type, and
// the cases that keep their region.
inline std::vector<Dense> epilogue_cases() {
  const int64_t m = 37, k = 29, n = 53;
  return {
      {.m = m, .k = k, .n = n, .bias = true, .act = "relu"},
      {.m = m, .k = k, .n = n, .act = "relu"},
      {.m = m, .k = k, .n = n, .bias = true, .act = "gelu_tanh"},
      {.m = m, .k = k, .n = n, .act = "gelu_tanh"},
      {.m = m, .k = k, .n = n, .bias = true},
      {.m = m, .k = k, .n = n, .bias = true, .residual = true},
      {.m = m, .k = k, .n = n, .residual = true},
      {.batch = 3, .m = m, .k = k, .n = n, .bias = true, .act = "relu"},
      {.batch = 3, .m = m, .k = k, .n = n, .bias = true, .residual = true},
      {.type = "bf16", .m = m, .k = k, .n = n, .bias = true, .act = "relu"},
      {.type = "bf16", .acc = "f32", .m = m, .k = k, .n = n, .bias = true, .act = "gelu_tanh"},
      {.type = "f16", .m = m, .k = k, .n = n, .bias = true, .residual = true},
      {.type = "bf16", .acc = "f32", .batch = 2, .m = 64, .k = 32, .n = 48, .bias = true, .act = "relu"},
      // Their regions: the GEMM, then a generated epilogue.
      {.m = m, .k = k, .n = n, .bias = true, .act = "silu"},
      {.m = m, .k = k, .n = n, .bias = true, .act = "gelu_erf"},
      {.m = m, .k = k, .n = n, .bias = true, .act = "relu", .residual = true},
  };
}

// 16-bit float results: the region rounds after each op where cuBLASLt's epilogue rounds once,
// so they agree within the program tolerance (as the library's kernels do); others within the
// per-type default.
inline oracle::Tolerance gemm_tolerance(const ir::ElementType& e) {
  const bool narrow = e.kind() == ir::ElementKind::kBF16 || e.kind() == ir::ElementKind::kF16;
  return narrow ? oracle::program_tolerance(e) : oracle::default_tolerance(e);
}

// On a GPU: `text` at O2 (or as written, `optimize` false) on the cuda backend against `text`
// as written on the interpreter, on random inputs.
inline void expect_optimized_matches_interpreter(const std::string& text, bool optimize = true,
                                                 CompileOptions options = {}) {
  SCOPED_TRACE(text);
  auto reference = parse(text);
  auto compiled = parse(text);
  ASSERT_TRUE(reference && compiled);
  if (optimize) {
    ASSERT_TRUE(passes::optimize(*compiled, 2).ok());
  }
  auto exe = compile_cuda(*compiled, options);
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto inputs = oracle::random_inputs((*exe)->input_types(), 11);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  auto want = oracle::reference_run(*reference, *inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  for (int run = 0; run < 2; ++run) {  // the first run, then the CUDA graph's replay
    auto got = run_on_cuda(**exe, *inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    oracle::CompareReport report = oracle::compare_outputs(*got, *want, gemm_tolerance);
    EXPECT_TRUE(report.passed) << "run " << run << ": " << report.message();
  }
}

}  // namespace kiln::backend::cuda::testing
