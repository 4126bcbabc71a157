// stablehlo.constant: the value of its dense literal.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> constant(Interpreter&, const ir::Operation& op,
                                             std::span<const RuntimeValue>) {
  const auto* value = op.attr_as<ir::DenseElementsAttr>("value");
  if (!value) return op_error(op, "has no dense value");
  KILN_TRY(Tensor t, Tensor::from_dense(*value));
  // The literal's type may differ from the result's only in quantization details.
  return std::vector<RuntimeValue>{t.with_type(op.result(0)->type())};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.constant", constant);

}  // namespace kiln::interp
