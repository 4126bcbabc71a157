// stablehlo.custom_call: the targets whose meaning the interpreter defines on one device
// (src/interp/ops/custom_call.cpp). Placement and sharding annotations pass their operands
// through (aliases); X64SplitLow / X64SplitHigh take the low or high 32 bits of each 64-bit
// pattern and X64Combine joins two halves, in a generated kernel; @check.* run on the host
// (test programs); JAX's potrf and trsm targets use the cholesky and triangular_solve kernels,
// getrf, geqrf, orgqr and syevd generated kernels of their own (lower_jax_linalg_*.cpp). Any other target is a clear error naming it.
#include <fmt/format.h>

#include "backend/cuda/codegen/stand_in.h"
#include "backend/cuda/linalg_kernels.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "interp/ops/check.h"

namespace kiln::backend::cuda {

namespace {

// The stand-in ops' names: rules of this file only (no such op exists in any program).
constexpr const char* kSplitLow = "kiln.cuda.x64_split_low";
constexpr const char* kSplitHigh = "kiln.cuda.x64_split_high";
constexpr const char* kCombine = "kiln.cuda.x64_combine";

// The element's bit pattern as a u64 expression, from its compute type.
std::string pattern_of(const ScalarType& t, const std::string& x) {
  if (t.kind == ir::ElementKind::kF64) return fmt::format("static_cast<u64>(__double_as_longlong({}))", x);
  if (t.kind == ir::ElementKind::kF32) return fmt::format("static_cast<u64>(__float_as_uint({}))", x);
  return fmt::format("static_cast<u64>({})", x);
}

// A compute-type value of `t` from a pattern of its width (a u64 expression).
std::string from_pattern(const ScalarType& t, const std::string& bits) {
  if (t.kind == ir::ElementKind::kF64) return fmt::format("__longlong_as_double(static_cast<i64>({}))", bits);
  if (t.kind == ir::ElementKind::kF32) return fmt::format("__uint_as_float(static_cast<u32>({}))", bits);
  return fmt::format("static_cast<{}>({})", t.compute, bits);
}

// Types the rules take: 32- and 64-bit integers and floats, whose compute type holds the
// pattern.
bool holds_pattern(const ScalarType& t, int bits) {
  return t.bits == bits && (t.is_int || t.kind == ir::ElementKind::kF32 || t.kind == ir::ElementKind::kF64);
}

Expected<std::string> emit_x64(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType out, result_type(e, op));
  std::vector<std::string> bits;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(ScalarType in, operand_type(e, op, i));
    KILN_TRY(std::string x, operand_at(e, op, i, index));
    bits.push_back(pattern_of(in, x));
  }
  std::string pattern;
  if (op.name() == kCombine) {
    pattern = fmt::format("(({} & 0xffffffffULL) | ({} << 32))", bits[0], bits[1]);
  } else {
    pattern = op.name() == kSplitHigh ? fmt::format("({} >> 32)", bits[0])
                                      : fmt::format("({} & 0xffffffffULL)", bits[0]);
  }
  return e.let(out.compute, from_pattern(out, pattern));
}

// X64SplitLow / X64SplitHigh / X64Combine in one generated kernel over a stand-in op.
Status lower_x64(Lowerer& l, const ir::Operation& op, const std::string& target) {
  const bool combine = target == "X64Combine";
  if (op.num_results() != 1 || op.num_operands() != (combine ? 2u : 1u)) {
    return unsupported(op, "custom_call @" + target + " with these operands and results");
  }
  std::vector<ir::Type> operands;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(ScalarType t, scalar_type_of(v->type().element()));
    if (!holds_pattern(t, combine ? 32 : 64) || v->type().shape() != op.result(0)->type().shape()) {
      return unsupported(op, "custom_call @" + target + " on " + ir::to_string(v->type()));
    }
    operands.push_back(v->type());
  }
  KILN_TRY(ScalarType out, scalar_type_of(op.result(0)->type().element()));
  if (!holds_pattern(out, combine ? 64 : 32)) {
    return unsupported(op, "custom_call @" + target + " to " + ir::to_string(op.result(0)->type()));
  }
  StandInOp stand_in(combine ? kCombine : target == "X64SplitHigh" ? kSplitHigh : kSplitLow, op,
                     operands, {op.result(0)->type()});
  LoopKernel kernel{l.kernel_name(), {}, {stand_in.op().result(0)}};
  std::vector<BufferRef> params;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef r, l.ref(op.operand(i)));
    kernel.params.push_back(stand_in.operand(i));
    params.push_back(r);
  }
  // The kernel's text is written here, while the stand-in lives.
  return l.add_loop_kernel(std::move(kernel), params, {l.define(op.result(0))}, op);
}

// JAX's linear-algebra targets, their types and layouts checked first (what the interpreter
// checks before it runs them).
Status lower_jax_linalg(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call) {
  KILN_CHECK_OK(ir::verify_jax_linalg_call(op, call));
  KILN_CHECK_OK(ir::check_jax_linalg_layouts(op, call));
  switch (call.target.kind) {
    case ir::JaxLinalgKind::kPotrf: return lower_jax_linalg_potrf(l, op, call);
    case ir::JaxLinalgKind::kTrsm: return lower_jax_linalg_trsm(l, op, call);
    case ir::JaxLinalgKind::kGetrf: return lower_jax_linalg_getrf(l, op);
    case ir::JaxLinalgKind::kLuPivotsToPermutation:
      return lower_jax_linalg_lu_pivots_to_permutation(l, op);
    case ir::JaxLinalgKind::kGeqrf: return lower_jax_linalg_geqrf(l, op);
    case ir::JaxLinalgKind::kOrgqr: return lower_jax_linalg_orgqr(l, op);
    case ir::JaxLinalgKind::kSyevd: return lower_jax_linalg_syevd(l, op, call);
  }
  return unsupported(op, "custom_call with this JAX linear-algebra target");
}

Status lower_custom_call(Lowerer& l, const ir::Operation& op) {
  const auto* name = op.attr_as<ir::StringAttr>("call_target_name");
  const std::string target = name ? name->value : "";
  if (interp::is_identity_custom_call(target) && op.num_operands() == op.num_results()) {
    for (size_t i = 0; i < op.num_operands(); ++i) {
      KILN_TRY(BufferRef r, l.ref(op.operand(i)));
      l.alias(op.result(i), r);
    }
    return ok_status();
  }
  if (target == "X64SplitLow" || target == "X64SplitHigh" || target == "X64Combine") {
    return lower_x64(l, op, target);
  }
  if (interp::is_check_custom_call(target)) return lower_host_check(l, op);
  KILN_TRY(std::optional<ir::JaxLinalgCall> linalg, ir::read_jax_linalg_call(op));
  if (linalg) return lower_jax_linalg(l, op, *linalg);
  // What the cpu backend (the interpreter) does too: a target without a defined meaning is an
  // opaque external function that neither backend has.
  return unsupported(op, "custom_call @" + target +
                             ": an unknown target, refused by the cpu backend too; kiln runs the "
                             "check.*, sharding and placement, X64 and JAX linear-algebra "
                             "targets");
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.custom_call", lower_custom_call);
KILN_REGISTER_CUDA_ELEMENTAL(kSplitLow, emit_x64);
KILN_REGISTER_CUDA_ELEMENTAL(kSplitHigh, emit_x64);
KILN_REGISTER_CUDA_ELEMENTAL(kCombine, emit_x64);

}  // namespace kiln::backend::cuda
