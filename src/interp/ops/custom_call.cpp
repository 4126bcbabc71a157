// stablehlo.custom_call: the check.* targets of StableHLO's test data, the targets JAX emits
// for one device whose meaning is defined (sharding annotations, SPMD shape changes, the x64
// split/combine pair), JAX's linear-algebra targets (jax_linalg_*.cpp), and a clear error for
// every other target.
#include <algorithm>
#include <array>
#include <cstring>

#include "interp/ops/check.h"
#include "interp/ops/jax_linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;

// Targets that only annotate placement or sharding. On one process each shard is the whole
// tensor, so they pass their operands through unchanged.
constexpr std::array<std::string_view, 12> kIdentityTargets = {
    "Sharding",          "SPMDFullToShardShape",        "SPMDShardToFullShape",
    "mhlo.sharding",     "annotate_device_placement",   "MoveToHost",
    "MoveToDevice",      "LayoutConstraint",            "xla.sdy.GlobalToLocalShape",
    "xla.sdy.LocalToGlobalShape", "xla.sdy.FuncResultSharding", "local_sharding_constraint"};

bool is_identity_target(std::string_view target) {
  return std::find(kIdentityTargets.begin(), kIdentityTargets.end(), target) !=
         kIdentityTargets.end();
}

Results identity(const ir::Operation& op, std::string_view target,
                 std::span<const RuntimeValue> operands) {
  if (op.num_operands() != op.num_results()) {
    return op_error(op, "custom_call target '@" + std::string(target) + "' must have as many "
                        "results as operands to pass them through");
  }
  for (size_t i = 0; i < op.num_operands(); ++i) {
    if (op.operand(i)->type() != op.result(i)->type()) {
      return op_error(op, "custom_call target '@" + std::string(target) + "' changes type " +
                              ir::to_string(op.operand(i)->type()) + " to " +
                              ir::to_string(op.result(i)->type()) +
                              ", which needs a sharded run on several devices");
    }
  }
  return std::vector<RuntimeValue>(operands.begin(), operands.end());
}

// X64SplitLow / X64SplitHigh: the low or high 32 bits of each 64-bit element;
// X64Combine: a 64-bit element from its low and high halves (the old TPU emulation of x64).
Results x64_split(const ir::Operation& op, std::span<const RuntimeValue> operands, bool high) {
  const Tensor& in = operands[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  if (in.element_bytes() != 8 || out.element_bytes() != 4) {
    return op_error(op, "X64Split needs a 64-bit operand and a 32-bit result");
  }
  for (int64_t i = 0; i < in.num_elements(); ++i) {
    uint64_t v;
    std::memcpy(&v, in.raw() + i * 8, 8);
    auto half = static_cast<uint32_t>(high ? v >> 32 : v);
    std::memcpy(out.raw() + i * 4, &half, 4);
  }
  return std::vector<RuntimeValue>{out};
}

Results x64_combine(const ir::Operation& op, std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor out, allocate_result(op));
  if (operands.size() != 2 || operands[0].tensor().element_bytes() != 4 ||
      operands[1].tensor().element_bytes() != 4 || out.element_bytes() != 8) {
    return op_error(op, "X64Combine needs two 32-bit operands and a 64-bit result");
  }
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    uint32_t lo, hi;
    std::memcpy(&lo, operands[0].tensor().raw() + i * 4, 4);
    std::memcpy(&hi, operands[1].tensor().raw() + i * 4, 4);
    uint64_t v = lo | (static_cast<uint64_t>(hi) << 32);
    std::memcpy(out.raw() + i * 8, &v, 8);
  }
  return std::vector<RuntimeValue>{out};
}

// JAX's linear-algebra targets (ir/ops/jax_linalg.h), once their types and layouts are checked
// (the interpreter does not trust the verifier with what it indexes).
Results jax_linalg(const ir::Operation& op, const ir::JaxLinalgCall& call,
                   std::span<const RuntimeValue> operands) {
  KILN_CHECK_OK(ir::verify_jax_linalg_call(op, call));
  KILN_CHECK_OK(ir::check_jax_linalg_layouts(op, call));
  switch (call.target.kind) {
    case ir::JaxLinalgKind::kPotrf: return jax_linalg_potrf(op, call, operands);
    case ir::JaxLinalgKind::kTrsm: return jax_linalg_trsm(op, call, operands);
    case ir::JaxLinalgKind::kGetrf: return jax_linalg_getrf(op, operands);
    case ir::JaxLinalgKind::kLuPivotsToPermutation:
      return jax_linalg_lu_pivots_to_permutation(op, operands);
    case ir::JaxLinalgKind::kGeqrf: return jax_linalg_geqrf(op, operands);
    case ir::JaxLinalgKind::kOrgqr: return jax_linalg_orgqr(op, operands);
    case ir::JaxLinalgKind::kSyevd: return jax_linalg_syevd(op, call, operands);
  }
  return op_error(op, "has an unknown linear-algebra target");
}

Results custom_call(Interpreter& in, const ir::Operation& op,
                    std::span<const RuntimeValue> operands) {
  const auto* name = op.attr_as<ir::StringAttr>("call_target_name");
  const std::string target = name ? name->value : "";
  if (is_check_custom_call(target)) return run_check_custom_call(in, op, operands);
  if (is_identity_target(target)) return identity(op, target, operands);
  if (target == "X64SplitLow" || target == "X64SplitHigh") {
    return x64_split(op, operands, target == "X64SplitHigh");
  }
  if (target == "X64Combine") return x64_combine(op, operands);
  KILN_TRY(std::optional<ir::JaxLinalgCall> linalg, ir::read_jax_linalg_call(op));
  if (linalg) return jax_linalg(op, *linalg, operands);
  return op_unsupported(op, "custom_call target '@" + target + "' is not supported: the interpreter "
                      "runs only the check.* targets, the single-device targets with a "
                      "defined meaning (Sharding, SPMDFullToShardShape, SPMDShardToFullShape, "
                      "annotate_device_placement, X64SplitLow/High, X64Combine, ...) and JAX's "
                      "linear-algebra targets (lapack_?potrf_ffi, lapack_?trsm_ffi, "
                      "lapack_?getrf_ffi, cusolver_potrf_ffi, cusolver_getrf_ffi, "
                      "cu_lu_pivots_to_permutation)");
}

}  // namespace

bool is_identity_custom_call(std::string_view target) { return is_identity_target(target); }

KILN_REGISTER_INTERP("stablehlo.custom_call", custom_call);

}  // namespace kiln::interp
