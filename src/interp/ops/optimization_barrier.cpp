// stablehlo.optimization_barrier: the identity on its operands; it only constrains
// compilers, which may not move operations across it.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> optimization_barrier(Interpreter&, const ir::Operation&,
                                                         std::span<const RuntimeValue> operands) {
  return std::vector<RuntimeValue>(operands.begin(), operands.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.optimization_barrier", optimization_barrier);

}  // namespace kiln::interp
