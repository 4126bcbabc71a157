// stablehlo.map: applies a scalar computation element-wise across its inputs. Only the generic
// form exists (`"stablehlo.map"(...) <{dimensions = ...}> ({...})`).
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// (C2) the computation takes one rank-0 tensor per input, of that input's element type, and
// returns one rank-0 tensor of the result's element type.
Status verify_computation(const Operation& op, std::span<Value* const> inputs,
                          const Type& result) {
  if (op.num_regions() == 0 || op.region(0).empty()) return ok_status();
  const Block& body = op.region(0).front();
  if (body.num_arguments() != inputs.size()) {
    return verify_error(op, "computation must take " + std::to_string(inputs.size()) +
                                " arguments, one per input, but takes " +
                                std::to_string(body.num_arguments()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type expected = Type::tensor({}, inputs[i]->type().element());
    if (body.argument(i)->type() != expected) {
      return verify_error(op, "computation argument " + std::to_string(i) + " must be " +
                                  to_string(expected) + ", but is " +
                                  to_string(body.argument(i)->type()));
    }
  }
  const Operation* ret = body.terminator();
  if (!ret) return ok_status();
  Type expected = Type::tensor({}, result.element());
  if (ret->num_operands() != 1 || ret->operand(0)->type() != expected) {
    return verify_error(op, "computation must return one value of type " + to_string(expected));
  }
  return ok_status();
}

// (C1) inputs share one shape, (C3) dimensions = [0, rank), (C4) the result has that shape.
Status verify_map(const Operation& op) {
  std::span<Value* const> inputs = op.operands();
  if (inputs.empty()) return verify_error(op, "must have at least one input");
  const Type& first = inputs[0]->type();
  for (size_t i = 0; i < inputs.size(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, inputs[i]->type(), "input " + std::to_string(i)));
    KILN_CHECK_OK(expect_same_shape(op, first, inputs[i]->type(), "inputs"));
  }
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_shape(op, first, result, "inputs and result"));
  const auto& dims = op.attr_as<DenseArrayAttr>("dimensions")->ints;
  bool identity = static_cast<int64_t>(dims.size()) == first.rank();
  for (size_t i = 0; identity && i < dims.size(); ++i) {
    identity = dims[i] == static_cast<int64_t>(i);
  }
  if (!identity) {
    return verify_error(op, "dimensions must be [0, ..., rank - 1] for inputs of rank " +
                                std::to_string(first.rank()) + ", but are " + dims_string(dims));
  }
  return verify_computation(op, inputs, result);
}

std::vector<OpInfo> map_ops() {
  return {
      {.name = "stablehlo.map",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"result"}},
       .attrs = {{"dimensions", AttrKind::kDenseI64Array}},
       .regions = {"computation"},
       .verify = verify_map},
  };
}

KILN_REGISTER_OPS(map_ops);

}  // namespace

}  // namespace kiln::ir
