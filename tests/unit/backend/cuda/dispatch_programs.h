// The programs the dispatch tests lower (dispatch_test.cpp, without a GPU) and run
// (dispatch_gpu_test.cpp): dots in the library gemm's layouts and [b, h, s, d] attentions.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "tests/unit/backend/cuda/attention_programs.h"
#include "tests/unit/backend/cuda/gemm_test_programs.h"

namespace kiln::backend::cuda::dispatch_programs {

// x [batch,] m x k @ W [batch,] k x n in `type`, the result in `type` (a plain dot_general;
// batch 0: no batch dimension).
inline std::string dot(int64_t m, int64_t n, int64_t k, const std::string& type = "bf16",
                       int64_t batch = 0) {
  testing::Dense d;
  d.type = type;
  d.m = m;
  d.n = n;
  d.k = k;
  d.batch = batch;
  return testing::dense_program(d);
}

// x [m, k] times W [n, k] contracted over both last dimensions in bf16: gemm_nt's layout.
inline std::string dot_nt(int64_t m, int64_t n, int64_t k) {
  return testing::one_op_program(
      fmt::format("%x: tensor<{}x{}xbf16>, %w: tensor<{}x{}xbf16>", m, k, n, k),
      fmt::format("tensor<{}x{}xbf16>", m, n),
      fmt::format("%r = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : "
                  "(tensor<{0}x{2}xbf16>, tensor<{1}x{2}xbf16>) -> tensor<{0}x{1}xbf16>",
                  m, n, k));
}

// A bf16 attention of 4 query heads over `h_kv` kv heads (jnp.repeat's GQA where fewer: k and
// v repeated before q·kᵀ reads q), `s` queries and `t` keys, the scale on the scores.
inline std::string attention(bool causal, int64_t s, int64_t t, int64_t h_kv) {
  attention_programs::BhsdAttention a;
  a.causal = causal;
  a.s = s;
  a.t = t;
  a.h = 4;
  a.h_kv = h_kv;
  return attention_programs::bhsd_program(a);
}

}  // namespace kiln::backend::cuda::dispatch_programs
