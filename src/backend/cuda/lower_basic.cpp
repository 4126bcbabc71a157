// Lowerings that move no data or keep it where it is: constants (into the constants buffer),
// reshape (the operand's bytes under a new type), optimization_barrier (its operands);
// bitcast_convert is lower_bitcast_convert.cpp.
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

Status lower_optimization_barrier(Lowerer& l, const ir::Operation& op) {
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef r, l.ref(op.operand(i)));
    l.alias(op.result(i), r);
  }
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.constant", lower_constant);
KILN_REGISTER_CUDA_LOWERING("chlo.constant", lower_constant);
KILN_REGISTER_CUDA_LOWERING("stablehlo.reshape", lower_reshape);
KILN_REGISTER_CUDA_LOWERING("stablehlo.optimization_barrier", lower_optimization_barrier);
// Sharding annotations pass their operand through on one device.
KILN_REGISTER_CUDA_LOWERING("sdy.sharding_constraint", lower_optimization_barrier);
KILN_REGISTER_CUDA_LOWERING("sdy.reshard", lower_optimization_barrier);

}  // namespace kiln::backend::cuda
