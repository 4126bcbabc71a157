// Lowerings that move no data or keep it where it is: constants (into the constants buffer;
// a large splat is written by a kernel instead),
// reshape (the operand's bytes under a new type), optimization_barrier (its operands);
// bitcast_convert is lower_bitcast_convert.cpp.
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/tuple_layout.h"

namespace kiln::backend::cuda {

namespace {

// A splat constant larger than this is written into the arena by a kernel rather than kept
// in the constants buffer: its bytes would be held on the host, copied to the device and
// saved with the executable, one repeated element at a time (a 400 GB splat is a valid
// program whose arena allocation then fails with a clear error; its host copy would abort).
constexpr int64_t kMaxStoredSplatBytes = 4096;

Status lower_constant(Lowerer& l, const ir::Operation& op) {
  const auto* dense = op.attr_as<ir::DenseElementsAttr>("value");
  if (!dense) return unsupported(op, "a constant that is not a dense tensor");
  if (dense->splat && value_bytes(dense->type) > kMaxStoredSplatBytes) {
    const ir::Value* v = op.result(0);
    BufferRef out = l.define(v);
    return l.add_loop_kernel(LoopKernel{l.kernel_name(), {}, {v}}, {}, {out}, op);
  }
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
