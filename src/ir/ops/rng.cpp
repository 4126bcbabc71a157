// stablehlo.rng (`%a, %b, %shape, distribution = UNIFORM`) and stablehlo.rng_bit_generator
// (`%state, algorithm = DEFAULT`): table entries and the spec's type rules.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_rng(const Operation& op) {
  const Type& a = op.operand(0)->type();
  const Type& b = op.operand(1)->type();
  const Type& shape = op.operand(2)->type();
  const Type& out = op.result(0)->type();
  for (const Type* t : {&a, &b}) {
    if (!t->is_tensor() || t->rank() != 0 || t->element() != out.element()) {
      return verify_error(op, "a and b must be rank-0 tensors of the result's element type, "
                              "but a is " + to_string(a) + " and b is " + to_string(b));
    }
  }
  if (!shape.is_tensor() || shape.rank() != 1 || !shape.element().is_int()) {
    return verify_error(op, "shape must be a 1-D integer tensor, but is " + to_string(shape));
  }
  if (shape.dim(0) != kDynamic && shape.dim(0) != out.rank()) {
    return verify_error(op, "shape has " + std::to_string(shape.dim(0)) +
                                " entries but the result has rank " + std::to_string(out.rank()));
  }
  if (op.attr_as<EnumAttr>("rng_distribution")->value == 1 && !out.element().is_float()) {
    return verify_error(op, "NORMAL distribution needs a float result, but it is " +
                                to_string(out));
  }
  return ok_status();
}

Status verify_rng_bit_generator(const Operation& op) {
  const Type& state = op.operand(0)->type();
  if (op.result(0)->type() != state) {
    return verify_error(op, "output_state type " + to_string(op.result(0)->type()) +
                                " must equal the initial state type " + to_string(state));
  }
  if (!state.is_tensor() || state.rank() != 1 || !state.element().is_int()) {
    return verify_error(op, "initial_state must be a 1-D integer tensor, but is " +
                                to_string(state));
  }
  const Type& out = op.result(1)->type();
  if (!out.is_tensor() || !(out.element().is_int() || out.element().is_float())) {
    return verify_error(op, "output must be an integer or float tensor, but is " +
                                to_string(out));
  }
  return ok_status();
}

std::vector<OpInfo> rng_ops() {
  return {
      {.name = "stablehlo.rng",
       .operands = {{"a"}, {"b"}, {"shape"}},
       .results = {{"result"}},
       .attrs = {{"rng_distribution", AttrKind::kEnum, false, EnumKind::kRngDistribution}},
       .format = "$a , $b , $shape , distribution = $rng_distribution attr-dict : "
                 "functional-type",
       .verify = verify_rng},
      {.name = "stablehlo.rng_bit_generator",
       .operands = {{"initial_state"}},
       .results = {{"output_state"}, {"output"}},
       .attrs = {{"rng_algorithm", AttrKind::kEnum, false, EnumKind::kRngAlgorithm}},
       .format = "$initial_state , algorithm = $rng_algorithm attr-dict : functional-type",
       .verify = verify_rng_bit_generator},
  };
}

KILN_REGISTER_OPS(rng_ops);

}  // namespace

}  // namespace kiln::ir
