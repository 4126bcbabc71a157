// Elemental rules of chlo.top_k, chlo.mulhi and chlo.constant_like, as the interpreter
// (src/interp/ops/chlo.cpp).
// top_k: the element of rank i of its row, ranked in descending total order (ties in index
// order, as a stable sort), and its index; each output element counts every pair of its row:
// O(n^2), for short rows. mulhi: the high half of the double-width product.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

// The interpreter's total-order key of `x` (held in t's compute type), as an i64 expression:
// integers themselves, floats by their pattern's sign and magnitude.
std::string total_key(const ScalarType& t, const std::string& x) {
  if (t.is_int && !t.is_signed && t.bits == 64) {
    return fmt::format("static_cast<i64>({} ^ 0x8000000000000000ULL)", x);  // order kept
  }
  if (!t.is_float) return fmt::format("static_cast<i64>({})", x);
  if (t.format.empty()) return fmt::format("static_cast<i64>(kg::total_order_key({}))", x);
  const int sign = 1 << (ir::float_format(t.kind)->total_bits() - 1);
  return fmt::format("kg::pattern_total_key(kg::float_to_f8<{}>({}), {})", t.format, x, sign);
}

Expected<std::string> emit_top_k(Emitter& e, const ir::Operation& op, size_t result, Index& index) {
  KILN_TRY(ScalarType t, operand_type(e, op, 0));
  if (t.is_complex || t.is_bool) return unsupported(op, "on " + t.compute);
  const ir::Type& in = op.operand(0)->type();
  const int64_t n = in.shape().back();
  std::vector<std::string> d = e.dims(index);
  const std::string slot = d.back();
  auto at = [&](const std::string& j) -> Expected<std::string> {
    std::vector<std::string> dj = d;
    dj.back() = j;
    Index operand = Index::of_dims(in.shape(), dj);
    return e.emit(op.operand(0), operand);
  };
  const std::string chosen = e.fresh("sel");
  e.out().line(fmt::format("i64 {} = 0;", chosen));
  const std::string j = e.fresh("j"), l = e.fresh("l"), rank = e.fresh("rank");
  e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", j, n));
  e.push_scope();
  KILN_TRY(std::string xj, at(j));
  const std::string kj = e.let("i64", total_key(t, xj));
  e.out().line(fmt::format("i64 {} = 0;", rank));
  e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", l, n));
  e.push_scope();
  KILN_TRY(std::string xl, at(l));
  const std::string kl = e.let("i64", total_key(t, xl));
  e.out().line(fmt::format("{} += ({} > {} || ({} == {} && {} < {})) ? 1 : 0;", rank, kl, kj, kl, kj, l, j));
  e.pop_scope();
  e.out().close();
  e.out().line(fmt::format("if ({} == {}) {{ {} = {}; break; }}", rank, slot, chosen, j));
  e.pop_scope();
  e.out().close();
  KILN_TRY(std::string value, at(chosen));
  const std::string v = e.let(t.compute, value);
  const std::string i = e.let("s32", fmt::format("static_cast<s32>({})", chosen));
  e.remember(op.result(result == 0 ? 1 : 0), index, result == 0 ? i : v);
  return result == 0 ? v : i;
}

Expected<std::string> emit_mulhi(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  if (!t.is_int) return unsupported(op, "on " + t.compute);
  KILN_TRY(std::string a, operand_at(e, op, 0, index));
  KILN_TRY(std::string b, operand_at(e, op, 1, index));
  if (t.bits == 64) {
    return e.let(t.compute, fmt::format("static_cast<{}>({}({}, {}))", t.compute,
                                        t.is_signed ? "__mul64hi" : "__umul64hi", a, b));
  }
  // Both factors fit 32 bits: their product fits 64, shifted arithmetically where signed.
  const char* wide = t.is_signed ? "i64" : "u64";
  return e.let(t.compute, t.round(fmt::format("static_cast<{0}>((static_cast<{1}>({2}) * static_cast<{1}>({3})) >> {4})",
                                              t.compute, wide, a, b, t.bits)));
}

// constant_like: the scalar `value` in the result's type, as the interpreter converts it
// (integers wrap; floats round once).
Expected<std::string> emit_constant_like(Emitter& e, const ir::Operation& op, size_t, Index&) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const ir::Attribute* value = op.attr("value");
  const auto* i = value ? value->get_if<ir::IntegerAttr>() : nullptr;
  const auto* f = value ? value->get_if<ir::FloatAttr>() : nullptr;
  if (!i && !f) return unsupported(op, "a value that is neither an integer nor a float");
  if (t.is_bool) return i ? (i->value != 0 ? "true" : "false") : t.literal_double(f->value);
  if (t.is_int) {
    if (i) return t.literal_bits(static_cast<uint64_t>(i->value));
    return unsupported(op, "a float value for an integer result");
  }
  const double v = i ? static_cast<double>(i->value) : f->value;
  if (t.narrow) return t.literal_bits(ir::double_to_bits(t.kind, v));
  return t.literal_double(v);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("chlo.constant_like", emit_constant_like);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.top_k", emit_top_k);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.mulhi", emit_mulhi);

}  // namespace kiln::backend::cuda
