// chlo.scan: a loop along one dimension of its inputs, carrying values from step to step.
// Its operand and result groups are sized by operandSegmentSizes / resultSegmentSizes.
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// The type of one step's slice of `t`: `t` without dimension `dim`.
Type slice_type(const Type& t, int64_t dim) {
  std::vector<int64_t> shape = t.shape();
  shape.erase(shape.begin() + dim);
  return Type::tensor(std::move(shape), t.element());
}

Status verify_scan(const Operation& op) {
  const auto* seg = op.attr_as<DenseArrayAttr>("operandSegmentSizes");
  const auto* res = op.attr_as<DenseArrayAttr>("resultSegmentSizes");
  if (!seg || seg->ints.size() != 2 || !res || res->ints.size() != 2) {
    return verify_error(op, "needs operandSegmentSizes and resultSegmentSizes of two entries");
  }
  auto inputs = operand_group(op, 0);
  auto inits = operand_group(op, 1);
  auto outputs = result_group(op, 0);
  auto carries = result_group(op, 1);
  if (static_cast<int64_t>(inputs.size() + inits.size()) != seg->ints[0] + seg->ints[1] ||
      static_cast<int64_t>(inputs.size() + inits.size()) != static_cast<int64_t>(op.num_operands()) ||
      static_cast<int64_t>(outputs.size() + carries.size()) != static_cast<int64_t>(op.num_results())) {
    return verify_error(op, "segment sizes do not add up to the operand and result counts");
  }
  if (carries.size() != inits.size()) {
    return verify_error(op, "has " + std::to_string(inits.size()) + " initial values but " +
                                std::to_string(carries.size()) + " carried results");
  }
  int64_t dim = op.attr_as<IntegerAttr>("dimension")->value;
  std::vector<Type> args;
  for (Value* v : inputs) {
    if (dim < 0 || dim >= v->type().rank()) {
      return verify_error(op, "dimension " + std::to_string(dim) + " is out of range for " +
                                  to_string(v->type()));
    }
    args.push_back(slice_type(v->type(), dim));
  }
  for (Value* v : inits) args.push_back(v->type());
  std::vector<Type> returns;
  for (const auto& r : outputs) {
    if (dim >= r->type().rank()) return verify_error(op, "outputs must have the scanned dimension");
    returns.push_back(slice_type(r->type(), dim));
  }
  // Every input and output has the same number of steps along `dimension`.
  int64_t steps = kDynamic;
  auto same_steps = [&](const Type& t) -> Status {
    int64_t n = t.dim(dim);
    if (n == kDynamic) return ok_status();
    if (steps != kDynamic && n != steps) {
      return verify_error(op, "inputs and outputs must have the same size along dimension " +
                                  std::to_string(dim) + ", but " + to_string(t) + " has " +
                                  std::to_string(n) + " and an earlier one " + std::to_string(steps));
    }
    steps = n;
    return ok_status();
  };
  for (Value* v : inputs) KILN_CHECK_OK(same_steps(v->type()));
  for (const auto& r : outputs) KILN_CHECK_OK(same_steps(r->type()));
  for (size_t i = 0; i < carries.size(); ++i) {
    if (carries[i]->type() != inits[i]->type()) {
      return verify_error(op, "carried result " + std::to_string(i) + " has type " +
                                  to_string(carries[i]->type()) + " but its initial value " +
                                  to_string(inits[i]->type()));
    }
    returns.push_back(carries[i]->type());
  }
  KILN_CHECK_OK(expect_region_args(op, op.region(0), args, "body"));
  return expect_region_returns(op, op.region(0), returns, "body");
}

// The segment sizes are implied by the pretty form: nothing to print.
void print_scan_segments(AsmPrinter&, const Operation&, const std::vector<std::string>&) {}

KILN_REGISTER_PRINT_DIRECTIVE("ScanSegments", print_scan_segments);

std::vector<OpInfo> scan_ops() {
  return {{.name = "chlo.scan",
           .operands = {{"inputs", Arity::kVariadic}, {"inits", Arity::kVariadic}},
           .results = {{"outputs", Arity::kVariadic}, {"carries", Arity::kVariadic}},
           .attrs = {{"dimension", AttrKind::kI64},
                     {"operandSegmentSizes", AttrKind::kAny},
                     {"resultSegmentSizes", AttrKind::kAny},
                     {"is_reverse", AttrKind::kAny, true},
                     {"is_associative", AttrKind::kAny, true}},
           .regions = {"body"},
           // Other attributes (is_reverse, ...) come after `attributes` (what MLIR prints).
           .format = "^( $inputs ) inits ^( $inits ) dimension = $dimension "
                     "attr-dict-with-keyword $body : functional-type "
                     "custom<ScanSegments>($operandSegmentSizes,$resultSegmentSizes)",
           .verify = verify_scan}};
}

KILN_REGISTER_OPS(scan_ops);

}  // namespace

}  // namespace kiln::ir
