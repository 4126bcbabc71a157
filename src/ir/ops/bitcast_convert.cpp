// stablehlo.bitcast_convert: reinterprets the bits of a tensor as another element type; a
// change of bit width adds or removes a minor dimension holding the ratio.
#include <algorithm>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The tensor with more elements (`smaller`, of the narrower element type) must have the shape
// of `larger` plus a minor dimension of the bit-width ratio (spec C1).
Status expect_split_shape(const Operation& op, const Type& smaller, const Type& larger,
                          int64_t ratio) {
  std::string pair = to_string(smaller) + " and " + to_string(larger);
  if (smaller.rank() != larger.rank() + 1) {
    return verify_error(op, "the type with the narrower element type must have rank one more "
                            "than the other, but " + pair + " have ranks " +
                            std::to_string(smaller.rank()) + " and " +
                            std::to_string(larger.rank()));
  }
  for (int64_t i = 0; i < larger.rank(); ++i) {
    int64_t a = smaller.dim(i), b = larger.dim(i);
    if (a != kDynamic && b != kDynamic && a != b) {
      return verify_error(op, "dimension " + std::to_string(i) + " differs between " + pair);
    }
  }
  int64_t minor = smaller.dim(smaller.rank() - 1);
  if (minor != kDynamic && minor != ratio) {
    return verify_error(op, "the minor dimension of " + to_string(smaller) + " must be the "
                            "bit-width ratio " + std::to_string(ratio) + ", but is " +
                            std::to_string(minor));
  }
  return ok_status();
}

Status verify_bitcast_convert(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  if (operand.element().is_complex() != result.element().is_complex()) {
    return verify_error(op, "cannot convert between real and complex types, but got " +
                                to_string(operand) + " and " + to_string(result));
  }
  int in_bits = operand.element().bit_width();
  int out_bits = result.element().bit_width();
  if (std::max(in_bits, out_bits) % std::min(in_bits, out_bits) != 0) {
    return verify_error(op, "bit widths " + std::to_string(in_bits) + " and " +
                                std::to_string(out_bits) + " of " + to_string(operand) + " and " +
                                to_string(result) + " must divide one another");
  }
  if (in_bits == out_bits) return expect_same_shape(op, operand, result, "operand and result");
  if (in_bits < out_bits) return expect_split_shape(op, operand, result, out_bits / in_bits);
  return expect_split_shape(op, result, operand, in_bits / out_bits);
}

std::vector<OpInfo> bitcast_convert_ops() {
  return {
      {.name = "stablehlo.bitcast_convert",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .format = "$operand attr-dict : functional-type",
       .verify = verify_bitcast_convert},
  };
}

KILN_REGISTER_OPS(bitcast_convert_ops);

}  // namespace

}  // namespace kiln::ir
