// What the cuBLASLt lowering of dot_general (lower_dot_general.cpp) shares with kiln.gemm's
// (lower_gemm.cpp): the plan of a dot as one GEMM, and the steps that run it.
#pragma once

#include <optional>
#include <vector>

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

// A dot as (batches of) one cuBLASLt product: its description and the row-major sizes.
struct DotGemm {
  ::kiln::cuda::GemmDesc desc;
  int64_t batch = 1, m = 1, n = 1, k = 1;
  int64_t elem_bytes = 4, out_bytes = 4;  // of an operand's element, of a result's
  // The dimension orders the operands are copied into first; empty: used as they lie.
  std::vector<int64_t> lhs_order, rhs_order;
};

// The plan of `op` (a dot_general or dot) as one GEMM, or nullopt where the elemental rule
// computes it (types cuBLASLt lacks, an algorithm, an empty contraction, int8 / fp8 sizes off
// cuBLASLt's alignment).
std::optional<DotGemm> plan_dot_gemm(const ir::Operation& op);
// The same, nullopt too for a dot small enough that `options` gives it to generated code
// (LowerOptions::elemental_dot_macs).
std::optional<DotGemm> plan_dot_gemm(const ir::Operation& op, const LowerOptions& options);

// The alignment every batch's matrices keep (256 bytes, less where a batch's bytes are not a
// multiple of it): GemmDesc::alignment.
int64_t batch_alignment(const DotGemm& g);

// The description of `g`'s GemmStep: g.desc, the whole batch as one strided call where its
// count fits cuBLASLt's 32 bits (else one call per batch, the step's strides apart).
::kiln::cuda::GemmDesc gemm_step_desc(const DotGemm& g);

// What a GEMM step reads and writes besides the operands: the result `out` (defined by the
// caller), and the epilogue's bias and residual where `g.desc` has them.
struct GemmBuffers {
  BufferRef lhs, rhs, out;
  BufferRef bias, residual;
};

// `op`'s result (a dot_general, or a kiln.gemm computing nothing but the product rounded to
// its operands' 16-bit type) as the product `g` of `lhs` and `rhs` on the kernel library's
// gemm (B [K, N]) or gemm_nt (B [N, K]) where choose_implementation (dispatch.h) picks the
// library, the operands lie as the kernel reads them (no permuted copy) and its plan takes
// the problem; the choice and its reason go to the notes where the library could compute it.
// False, with nothing added, where the vendor's GemmStep computes it.
Expected<bool> lower_dot_on_library(Lowerer& l, const DotGemm& g, const ir::Operation& op,
                                    const BufferRef& lhs, const BufferRef& rhs);

// Appends the operands' permuted copies (where `g` asks for them) and the GemmStep, described
// as `what`. Nothing where the result is empty.
void add_dot_gemm(Lowerer& l, const DotGemm& g, const ir::Operation& dot, GemmBuffers io,
                  const std::string& what);

}  // namespace kiln::backend::cuda
