// stablehlo.compare: integers by their signedness, booleans as unsigned, floats by IEEE-754
// quiet comparisons (FLOAT) or totalOrder (TOTALORDER), complex lexicographically on
// (real, imag) with FLOAT semantics, per the spec.
#include "interp/compare_order.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> compare(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  const Tensor& b = args[1].tensor();
  int direction = op.attr_as<ir::EnumAttr>("comparison_direction")->value;
  const auto* type = op.attr_as<ir::EnumAttr>("compare_type");
  bool total_order = type && type->value == kTotalOrderType;
  KILN_TRY(Tensor out, allocate_result(op));
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    zip_elements<T, bool>(a, b, out, [&](T x, T y) {
      return decide(compare_elements(x, y, total_order), direction);
    });
  });
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.compare", compare);

}  // namespace kiln::interp
