// stablehlo.sort (generic form only): inputs of one shape sorted along `dimension` by a
// comparator that takes two rank-0 values per input and returns tensor<i1>.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_sort(const Operation& op) {
  if (op.num_operands() == 0) return verify_error(op, "needs at least one input");
  std::vector<Type> types = value_types(op.operands());
  std::vector<Type> results;
  for (const auto& r : op.results()) results.push_back(r->type());
  // (C1)-(C2) results have the inputs' types, where `?` matches any size.
  if (!all_compatible(results, types)) {
    return verify_error(op, "results " + types_string(results) + " must have the inputs' types " +
                                types_string(types));
  }
  for (const Type& t : types) {
    KILN_CHECK_OK(expect_tensor(op, t, "input"));
    KILN_CHECK_OK(expect_same_shape(op, types[0], t, "inputs"));
  }
  int64_t rank = types[0].rank();
  int64_t dim = -1;
  if (const auto* d = op.attr_as<IntegerAttr>("dimension")) dim = d->value;
  if (dim < -rank || dim >= rank || (rank == 0 && dim != -1 && dim != 0)) {
    return verify_error(op, "dimension " + std::to_string(dim) + " is out of range for rank " +
                                std::to_string(rank));
  }
  std::vector<Type> args;
  for (const Type& t : types) {
    args.push_back(Type::tensor({}, t.element()));
    args.push_back(Type::tensor({}, t.element()));
  }
  KILN_CHECK_OK(expect_region_args(op, op.region(0), args, "comparator"));
  return expect_region_returns(op, op.region(0), {Type::tensor({}, ElementKind::kI1)},
                               "comparator");
}

std::vector<OpInfo> sort_ops() {
  return {
      {.name = "stablehlo.sort",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"dimension", AttrKind::kI64, true}, {"is_stable", AttrKind::kBool, true}},
       .regions = {"comparator"},
       .verify = verify_sort},
  };
}

KILN_REGISTER_OPS(sort_ops);

}  // namespace

}  // namespace kiln::ir
