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
  KILN_CHECK_OK(expect_element_classes(op, out, kBoolElements | kIntegerElements | kFloatElements,
                                       "result"));
  for (const Type* t : {&a, &b}) {  // (C1)
    if (!t->is_tensor() || t->rank() != 0 || t->element() != out.element()) {
      return verify_error(op, "a and b must be rank-0 tensors of the result's element type, "
                              "but a is " + to_string(a) + " and b is " + to_string(b));
    }
  }
  // (C3) shape is a static 1-D integer tensor with an entry per result dimension.
  if (!shape.is_tensor() || shape.rank() != 1 || !shape.element().is_int() ||
      shape.dim(0) == kDynamic) {
    return verify_error(op, "shape must be a static 1-D integer tensor, but is " +
                                to_string(shape));
  }
  if (shape.dim(0) != out.rank()) {
    return verify_error(op, "shape has " + std::to_string(shape.dim(0)) +
                                " entries but the result has rank " + std::to_string(out.rank()));
  }
  KILN_CHECK_OK(expect_output_shape(op, 2, out));
  if (op.attr_as<EnumAttr>("rng_distribution")->value == 1 && !out.element().is_float()) {  // (C2)
    return verify_error(op, "NORMAL distribution needs a float result, but it is " +
                                to_string(out));
  }
  return ok_status();
}

// The spec asks for ui64[2] (THREE_FRY) or ui64[2 or 3] (PHILOX) states of one type (C1-C2);
// the reference verifier accepts any integer or float state, and an output state of a
// compatible shape, so kiln does too (the interpreter reads the state's bits).
Status verify_rng_bit_generator(const Operation& op) {
  const Type& state = op.operand(0)->type();
  const Type& out_state = op.result(0)->type();
  const Type& out = op.result(1)->type();
  KILN_CHECK_OK(expect_element_classes(op, state, kIntegerElements | kFloatElements,
                                       "initial_state"));
  KILN_CHECK_OK(expect_element_classes(op, out_state, kIntegerElements | kFloatElements,
                                       "output_state"));
  if (!shapes_compatible(state, out_state)) {  // (C1)
    return verify_error(op, "output_state " + to_string(out_state) +
                                " must have the shape of initial_state " + to_string(state));
  }
  KILN_CHECK_OK(expect_element_classes(op, out, kIntegerElements | kFloatElements, "output"));
  if (!out.is_static()) {
    return verify_error(op, "output must have a static shape, but is " + to_string(out));
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
