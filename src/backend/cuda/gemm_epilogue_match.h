// Reading a kiln.gemm composite's region as one cuBLASLt matmul with a fused epilogue: which
// block arguments are x, W, the bias vector and the residual, and which activation the region's
// ops compute. The region is the truth; the composite's config must agree with it.
#pragma once

#include <optional>
#include <string>

#include "ir/operation.h"
#include "runtime/cuda/vendor_cublaslt.h"

namespace kiln::backend::cuda {

// A region of the form
//   r = ( act( [convert]( dot_general(x, W) ) [+ bcast(bias)] ) ) [+ residual]
// with x, W, bias and residual block arguments, nothing else in it, the epilogue's values all
// of the result's type (f32, f16 or bf16), the bias varying along the product's output
// features only (the rhs's free dimensions, in order: cuBLASLt's per-row bias in column-major
// terms), and the residual added only without an activation (cuBLASLt applies the activation
// after C).
struct GemmEpilogueMatch {
  const ir::Operation* dot = nullptr;
  // The dot's result rounded to the epilogue's type by a convert (an f32 product of f16 / bf16
  // operands): the GEMM's result is that type.
  bool converted = false;
  int bias_arg = -1;      // block argument index of the bias vector, or -1
  int residual_arg = -1;  // block argument index of the residual, or -1
  ::kiln::cuda::GemmEpilogue activation = ::kiln::cuda::GemmEpilogue::kNone;
};

// The match of `op` (a kiln.gemm) where its region and config agree and cuBLASLt computes the
// same function; else why not (for --explain-style messages and tests).
struct GemmEpilogueResult {
  std::optional<GemmEpilogueMatch> match;
  std::string why_not;
};
GemmEpilogueResult match_gemm_epilogue(const ir::Operation& op);

// Whether the ops that compute `out` from `in` (element-wise ops of `in` and splat constants
// only) are, on probe points, `activation` within the element type's precision. `ops` counts
// the ops visited.
bool computes_activation(const ir::Value* out, const ir::Value* in,
                         ::kiln::cuda::GemmEpilogue activation, size_t* ops);

}  // namespace kiln::backend::cuda
