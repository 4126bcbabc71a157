// Lowerings that move no data or keep it where it is: constants (into the constants buffer),
// reshape and same-size bitcast_convert (the operand's bytes under a new type),
// optimization_barrier (its operands).
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_constant(Lowerer& l, const ir::Operation& op) {
  const auto* dense = op.attr_as<ir::DenseElementsAttr>("value");
  if (!dense) return unsupported(op, "a constant that is not a dense tensor");
  l.alias(op.result(0), l.constant(*dense));
  return ok_status();
}

// Row-major data keeps its bytes under a reshape.
Status lower_reshape(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(BufferRef r, l.ref(op.operand(0)));
  l.alias(op.result(0), r);
  return ok_status();
}

// Whether the bytes of `from` elements read as `to` elements of the same sub-byte width:
// the byte float formats read the pattern's low bits alone, unsigned integers need the upper
// bits clear (zero-extended integers, float patterns), signed ones sign-extended.
bool same_sub_byte_bytes(const ir::ElementType& from, const ir::ElementType& to) {
  if (from.bit_width() != to.bit_width() || from.is_complex() || to.is_complex() ||
      from.kind() == ir::ElementKind::kI1 || to.kind() == ir::ElementKind::kI1) {
    return false;
  }
  if (to.is_float()) return true;
  if (to.is_signed_int()) return from.is_signed_int();
  return !from.is_signed_int();
}

// Same bytes when both element types fill their storage, or hold one sub-byte element of one
// width per byte alike (same_sub_byte_bytes); else unsupported.
Status lower_bitcast_convert(Lowerer& l, const ir::Operation& op) {
  const ir::ElementType& from = op.operand(0)->type().element();
  const ir::ElementType& to = op.result(0)->type().element();
  if ((from.bit_width() != from.storage_bytes() * 8 || to.bit_width() != to.storage_bytes() * 8) &&
      !same_sub_byte_bytes(from, to)) {
    return unsupported(op, "between sub-byte types");
  }
  KILN_TRY(BufferRef r, l.ref(op.operand(0)));
  l.alias(op.result(0), r);
  return ok_status();
}

Status lower_optimization_barrier(Lowerer& l, const ir::Operation& op) {
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef r, l.ref(op.operand(i)));
    l.alias(op.result(i), r);
  }
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.constant", lower_constant);
KILN_REGISTER_CUDA_LOWERING("stablehlo.reshape", lower_reshape);
KILN_REGISTER_CUDA_LOWERING("stablehlo.bitcast_convert", lower_bitcast_convert);
KILN_REGISTER_CUDA_LOWERING("stablehlo.optimization_barrier", lower_optimization_barrier);
// Sharding annotations pass their operand through on one device.
KILN_REGISTER_CUDA_LOWERING("sdy.sharding_constraint", lower_optimization_barrier);
KILN_REGISTER_CUDA_LOWERING("sdy.reshard", lower_optimization_barrier);

}  // namespace kiln::backend::cuda
