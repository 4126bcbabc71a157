// stablehlo.reduce: table entry, the spec's shape and body rules, and its two printed forms:
// the compact `applies stablehlo.add` when the body is one binary op, else `reducer(...) {}`.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/reduction_body.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

Status verify_reduce(const Operation& op) {
  auto inputs = operand_group(op, 0);
  auto inits = operand_group(op, 1);
  if (inputs.empty()) return verify_error(op, "needs at least one input");
  if (op.num_results() != inputs.size()) {
    return verify_error(op, "has " + std::to_string(inputs.size()) + " inputs but " +
                                std::to_string(op.num_results()) + " results");
  }
  for (Value* v : inputs) KILN_CHECK_OK(expect_tensor(op, v->type(), "input"));
  for (Value* v : inputs) {
    KILN_CHECK_OK(expect_same_shape(op, inputs[0]->type(), v->type(), "inputs"));
  }
  const Type& in = inputs[0]->type();
  const auto& dims = op.attr_as<DenseArrayAttr>("dimensions")->ints;
  KILN_CHECK_OK(expect_dims_in_range(op, dims, in.rank(), "dimensions"));
  // (I2) init values are rank-0. The spec's (C2), one element type for inputs and init values,
  // is left to the body's promotion rule, as the reference verifier does.
  std::vector<Type> init_types = value_types(inits);
  KILN_CHECK_OK(expect_rank0_inits(op, init_types));
  KILN_TRY(std::vector<ElementType> body_elements,
           expect_reduction_body(op, op.region(0), element_types(value_types(inputs)),
                                 element_types(init_types)));  // (C6)
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < in.rank(); ++d) {
    bool reduced = false;
    for (int64_t r : dims) reduced = reduced || r == d;
    if (!reduced) shape.push_back(in.dim(d));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type expected = Type::tensor(shape, body_elements[i]);  // (C7), (C8)
    if (!types_compatible(expected, op.result(i)->type())) {
      return verify_error(op, "result " + std::to_string(i) + " has type " +
                                  to_string(op.result(i)->type()) + " but must be " +
                                  to_string(expected));
    }
  }
  return ok_status();
}

// The body's single binary op when it can print as `applies <op>`: one input of the init
// value's element type (the compact form's body takes it), the op takes the two block
// arguments in order, has no attributes or regions, and its result is returned.
const Operation* compact_body_op(const Operation& op) {
  if (op.num_regions() != 1 || op.region(0).blocks().size() != 1 || op.num_operands() != 2) {
    return nullptr;
  }
  const Block& block = op.region(0).front();
  if (block.num_arguments() != 2 || block.operations().size() != 2) return nullptr;
  const Operation& inner = *block.operations()[0];
  const Operation& ret = *block.operations()[1];
  const Type& t = op.operand(1)->type();
  bool ok = inner.num_operands() == 2 && inner.operand(0) == block.argument(0) &&
            inner.operand(1) == block.argument(1) && inner.num_results() == 1 &&
            inner.attributes().empty() && inner.num_regions() == 0 &&
            inner.name().starts_with("stablehlo.") && ret.id() == ops::kReturn &&
            ret.num_operands() == 1 && ret.operand(0) == inner.result(0) &&
            ret.attributes().empty() && block.argument(0)->type() == t &&
            block.argument(1)->type() == t && inner.result(0)->type() == t &&
            op.operand(0)->type().element() == t.element() &&
            inner.source_loc().empty() && ret.source_loc().empty();
  return ok ? &inner : nullptr;
}

void print_reduce(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  auto inputs = operand_group(op, 0);
  auto inits = operand_group(op, 1);
  std::string& out = p.out();
  for (size_t i = 0; i < inputs.size(); ++i) {
    out += i ? ", (" : "(";
    out += p.name_of(inputs[i]) + " init: " +
           (i < inits.size() ? p.name_of(inits[i]) : std::string("<<missing>>")) + ")";
  }
  const Operation* compact = compact_body_op(op);
  if (compact) p.word("applies " + compact->name());
  p.word("across dimensions =");
  if (const Attribute* d = op.attr(args.at(2))) {
    p.pretty_attr(*d, AttrSpec{"dimensions", AttrKind::kDenseI64Array});
  }
  p.attr_dict(op, {args.at(2)});
  p.token(":");
  p.functional_type(op);
  if (compact || op.num_regions() != 1 || op.region(0).empty()) return;
  const Block& block = op.region(0).front();
  p.bind_block_args(block);
  out += "\n" + std::string(static_cast<size_t>(p.indent) * 2, ' ') + " reducer";
  size_t n = block.num_arguments() / 2;
  for (size_t i = 0; i < n; ++i) {
    const Value* a = block.argument(i);
    const Value* b = block.argument(n + i);
    out += "(" + p.name_of(a) + ": " + to_string(a->type()) + ", " + p.name_of(b) + ": " +
           to_string(b->type()) + ") ";
  }
  out += " ";
  p.region(op.region(0), false);
}

KILN_REGISTER_PRINT_DIRECTIVE("Reduce", print_reduce);

std::vector<OpInfo> reduce_ops() {
  return {
      {.name = "stablehlo.reduce",
       .operands = {{"inputs", Arity::kVariadic}, {"init_values", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"dimensions", AttrKind::kDenseI64Array}},
       .regions = {"body"},
       .format = "custom<Reduce>($inputs,$init_values,$dimensions)",
       .verify = verify_reduce,
       },
  };
}

KILN_REGISTER_OPS(reduce_ops);

}  // namespace

}  // namespace kiln::ir
