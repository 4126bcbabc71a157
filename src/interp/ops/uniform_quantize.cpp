// stablehlo.uniform_quantize and stablehlo.uniform_dequantize, per-tensor and per-axis, each
// step rounded to the expressed type as the spec's quantize/dequantize functions compute
// (interp/quantized.h).
#include "interp/ops/op_helpers.h"
#include "interp/quantized.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;

// A quantized operand is requantized through its expressed values.
Results uniform_quantize(Interpreter&, const ir::Operation& op,
                         std::span<const RuntimeValue> operands) {
  auto out = quantize(operands[0].tensor(), op.result(0)->type().element());
  if (!out.ok()) return op_error(op, out.error().message());
  return std::vector<RuntimeValue>{std::move(*out)};
}

Results uniform_dequantize(Interpreter&, const ir::Operation& op,
                           std::span<const RuntimeValue> operands) {
  auto out = dequantize(operands[0].tensor());
  if (!out.ok()) return op_error(op, out.error().message());
  return std::vector<RuntimeValue>{std::move(*out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.uniform_quantize", uniform_quantize);
KILN_REGISTER_INTERP("stablehlo.uniform_dequantize", uniform_dequantize);

}  // namespace kiln::interp
