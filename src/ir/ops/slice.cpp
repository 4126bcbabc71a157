// stablehlo.slice: its table entry, verifier, and the printing of `[start:limit:stride, ...]`.
#include <algorithm>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Spec C1-C5: same element type; one start, limit and stride per operand dimension;
// 0 <= start <= limit <= dim; strides positive; result dim = ceil((limit - start) / stride).
Status verify_slice(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  const auto& start = op.attr_as<DenseArrayAttr>("start_indices")->ints;
  const auto& limit = op.attr_as<DenseArrayAttr>("limit_indices")->ints;
  const auto& strides = op.attr_as<DenseArrayAttr>("strides")->ints;
  KILN_CHECK_OK(expect_entry_per_dim(op, {start, limit, strides},
                                     "start_indices, limit_indices and strides", operand, result));
  auto rank = static_cast<size_t>(operand.rank());
  for (size_t i = 0; i < rank; ++i) {
    int64_t size = operand.dim(static_cast<int64_t>(i));
    std::string at = " in dimension " + std::to_string(i);
    if (start[i] < 0 || start[i] > limit[i] || (size != kDynamic && limit[i] > size)) {
      return verify_error(op, "slice " + std::to_string(start[i]) + ":" +
                                  std::to_string(limit[i]) + at +
                                  " must satisfy 0 <= start <= limit <= " +
                                  dim_size_string(size));
    }
    if (strides[i] <= 0) {
      return verify_error(op, "stride " + std::to_string(strides[i]) + at + " must be positive");
    }
    int64_t expected = ceil_div(limit[i] - start[i], strides[i]);
    if (!dim_sizes_compatible(result.dim(static_cast<int64_t>(i)), expected)) {
      return verify_error(op, "result " + to_string(result) + " must have size " +
                                  std::to_string(expected) + at);
    }
  }
  return ok_status();
}

// `[0:2, 1:4:2]`; a stride of 1 is not written.
void print_slice_ranges(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  const auto* start = op.attr_as<DenseArrayAttr>("start_indices");
  const auto* limit = op.attr_as<DenseArrayAttr>("limit_indices");
  const auto* strides = op.attr_as<DenseArrayAttr>("strides");
  p.token("[");
  // Unverified IR may lack an attribute; print what is consistent rather than crash.
  size_t n = start && limit && strides
                 ? std::min({start->ints.size(), limit->ints.size(), strides->ints.size()})
                 : 0;
  for (size_t i = 0; i < n; ++i) {
    if (i) p.token(",");
    std::string range = std::to_string(start->ints[i]) + ":" + std::to_string(limit->ints[i]);
    if (strides->ints[i] != 1) range += ":" + std::to_string(strides->ints[i]);
    p.word(range);
  }
  p.token("]", true);
}

KILN_REGISTER_PRINT_DIRECTIVE("SliceRanges", print_slice_ranges);

std::vector<OpInfo> slice_ops() {
  return {
      {.name = "stablehlo.slice",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"start_indices", AttrKind::kDenseI64Array},
                 {"limit_indices", AttrKind::kDenseI64Array},
                 {"strides", AttrKind::kDenseI64Array}},
       .format = "$operand custom<SliceRanges>($start_indices,$limit_indices,$strides) attr-dict "
                 ": functional-type",
       .verify = verify_slice},
  };
}

KILN_REGISTER_OPS(slice_ops);

}  // namespace

}  // namespace kiln::ir
