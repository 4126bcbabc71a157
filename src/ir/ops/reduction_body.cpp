// The reduction regions shared by the reducing ops, and the spec's is_promotable.
#include "ir/ops/reduction_body.h"

#include "ir/ops/type_constraints.h"

namespace kiln::ir {

bool is_promotable(const ElementType& from, const ElementType& to) {
  auto integral = [](const ElementType& e) { return e.is_int() || e.is_bool(); };
  if (from.is_float() && to.is_float()) return true;
  bool same_class = (integral(from) && integral(to)) || (from.is_complex() && to.is_complex());
  if (from.is_quantized() && to.is_quantized()) {
    same_class = from.quant().expressed == to.quant().expressed;
  }
  return same_class && from.bit_width() <= to.bit_width();
}

std::vector<ElementType> element_types(const std::vector<Type>& types) {
  std::vector<ElementType> out;
  for (const Type& t : types) out.push_back(t.element());
  return out;
}

Status expect_rank0_inits(const Operation& op, const std::vector<Type>& init_types) {
  for (const Type& t : init_types) {
    if (!t.is_tensor() || t.rank() != 0) {
      return verify_error(op, "init values must be rank-0 tensors, but one is " + to_string(t));
    }
  }
  return ok_status();
}

namespace {

Status expect_rank0_arg(const Operation& op, const Type& t, size_t index, std::string_view what) {
  if (t.is_tensor() && t.rank() == 0) return ok_status();
  return verify_error(op, std::string(what) + " argument #" + std::to_string(index) +
                              " must be a rank-0 tensor, but is " + to_string(t));
}

Status expect_promotable(const Operation& op, const ElementType& from, const Type& to,
                         const std::string& which, std::string_view from_what) {
  if (is_promotable(from, to.element())) return ok_status();
  return verify_error(op, which + " has type " + to_string(to) + ", whose element type is not " +
                              "promotable from the " + std::string(from_what) + "'s " +
                              to_string(from));
}

}  // namespace

Expected<std::vector<ElementType>> expect_reduction_body(
    const Operation& op, const Region& region, const std::vector<ElementType>& input_elements,
    const std::vector<ElementType>& init_elements, const ReductionNames& names) {
  const std::string_view what = names.what;
  const size_t n = init_elements.size();
  const Block& block = region.front();
  if (block.num_arguments() != 2 * n) {
    return verify_error(op, std::string(what) + " must take " + std::to_string(2 * n) +
                                " arguments, but takes " + std::to_string(block.num_arguments()));
  }
  const Operation* term = block.terminator();
  if (!term || term->id() != ops::kReturn) {
    return verify_error(op, std::string(what) + " must end with stablehlo.return");
  }
  if (term->num_operands() != n) {
    return verify_error(op, std::string(what) + " must return " + std::to_string(n) +
                                (n == 1 ? " value" : " values") + ", but returns " +
                                std::to_string(term->num_operands()));
  }
  std::vector<ElementType> out;
  for (size_t i = 0; i < n; ++i) {
    const Type& acc = block.argument(i)->type();
    const Type& ret = term->operand(i)->type();
    const Type& x = block.argument(n + i)->type();
    KILN_CHECK_OK(expect_rank0_arg(op, acc, i, what));
    KILN_CHECK_OK(expect_rank0_arg(op, x, n + i, what));
    if (acc != ret) {
      return verify_error(op, std::string(what) + " returns " + to_string(ret) + " at #" +
                                  std::to_string(i) + " but its accumulator argument is " +
                                  to_string(acc));
    }
    std::string arg = std::string(what) + " argument #";
    KILN_CHECK_OK(
        expect_promotable(op, init_elements[i], acc, arg + std::to_string(i), names.init));
    KILN_CHECK_OK(
        expect_promotable(op, input_elements[i], x, arg + std::to_string(n + i), names.input));
    out.push_back(acc.element());
  }
  return out;
}

}  // namespace kiln::ir
