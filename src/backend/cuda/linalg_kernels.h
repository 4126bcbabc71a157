// The generated linear-algebra kernels that several ops lower to: stablehlo.cholesky and
// JAX's potrf custom calls (lower_cholesky.cpp), stablehlo.triangular_solve and JAX's trsm
// custom call (lower_triangular_solve.cpp). Each computes what the interpreter computes
// (src/interp/ops/linalg.h), op for op.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backend/cuda/lowerer.h"
#include "ir/ops/jax_linalg.h"

namespace kiln::backend::cuda {

struct CholeskyKernel {
  bool lower = true;
  // LAPACK's potrf leaves the other triangle as the operand's; stablehlo.cholesky zeroes it.
  bool keep_other = false;
  // An i32 per matrix: 0, or the 1-based order of the first leading minor that is not positive
  // definite (LAPACK's info).
  std::optional<BufferRef> info;
};

// One kernel, a block per matrix of `type` (a batch of square f32/f64/c64/c128 matrices, row-
// major), factoring `a` into `out`. Unimplemented, naming `op`, for other types.
Status add_cholesky_kernel(Lowerer& l, const ir::Operation& op, const ir::Type& type,
                           const BufferRef& a, const BufferRef& out, const CholeskyKernel& k);

struct TriangularSolveKernel {
  bool left_side = true, lower = true, unit_diagonal = false;
  int transpose = 1;  // stablehlo's Transpose values: 1 none, 2 transpose, 3 adjoint
};

// One kernel, a thread per system, solving op(a) x = b (left side) or x op(a) = b for each
// matrix of the batch: `a_type` the triangular matrices, `b_type` the right-hand sides (and x).
// Unimplemented, naming `op`, for shapes or types it does not take.
Status add_triangular_solve_kernel(Lowerer& l, const ir::Operation& op, const ir::Type& a_type,
                                   const ir::Type& b_type, const BufferRef& a, const BufferRef& b,
                                   const BufferRef& x, const TriangularSolveKernel& k);

}  // namespace kiln::backend::cuda

namespace kiln::backend::cuda {

// JAX's linear-algebra custom calls (ir/ops/jax_linalg.h), their types and layouts checked by
// lower_custom_call.cpp. kiln's buffers hold the logical (row-major) tensors: the column-major
// layouts JAX asks for mean that the routine computes on the logical matrices, so these use
// the kernels above as they are.
// A generated kernel `fn` in `text` (after ops/scalar.cuh) in a module of its own, launched as
// min(blocks, 16 per SM) blocks of `threads` over `args` (linalg_kernels.cpp).
Status add_linalg_kernel(Lowerer& l, const ir::Operation& op, const std::string& fn,
                         const std::string& text, int64_t blocks, int64_t threads,
                         std::vector<KernelArg> args);

// What a custom call's kernel over operand 0's batch of m x n matrices starts from.
struct LinalgKernelStart {
  std::vector<KernelArg> args;  // the operands' slots, then the results' (defined here)
  int64_t m = 0, n = 0;         // operand 0's last two dims
  int64_t batch = 0;            // the product of its other dims
  std::string fn;               // the kernel's name
  std::string text;             // the op's name, linalg_scalar_source(), `typedef ... T;`
};

// The start of `op`'s kernel: operand 0's element type checked (linalg_element: unimplemented,
// naming the op, for others), the operands' slots, the results' slots defined in order;
// nullopt where every result is empty (nothing to launch).
Expected<std::optional<LinalgKernelStart>> start_linalg_kernel(Lowerer& l, const ir::Operation& op);

// potrf: the Cholesky kernel keeping the other triangle, with info (lower_jax_linalg_potrf.cpp).
Status lower_jax_linalg_potrf(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call);
// trsm: the triangular-solve kernel (lower_jax_linalg_trsm.cpp).
Status lower_jax_linalg_trsm(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call);
// getrf: LU with the interpreter's pivots, a block per matrix (lower_jax_linalg_getrf.cpp).
Status lower_jax_linalg_getrf(Lowerer& l, const ir::Operation& op);
// cu_lu_pivots_to_permutation: a thread per permutation (lower_jax_linalg_getrf.cpp).
Status lower_jax_linalg_lu_pivots_to_permutation(Lowerer& l, const ir::Operation& op);
// geqrf: Householder QR, a thread per matrix (lower_jax_linalg_geqrf.cpp).
Status lower_jax_linalg_geqrf(Lowerer& l, const ir::Operation& op);
// orgqr / ungqr: Q from the reflectors, a thread per matrix (lower_jax_linalg_orgqr.cpp).
Status lower_jax_linalg_orgqr(Lowerer& l, const ir::Operation& op);
// syevd / heevd: the interpreter's Jacobi sweeps, a block per matrix (lower_jax_linalg_syevd.cpp).
Status lower_jax_linalg_syevd(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call);

}  // namespace kiln::backend::cuda
