// simplify's data-movement rules: slices of slices, reshapes of reshapes and transposes of
// transposes become one op, and a slice, pad, reshape or transpose that moves nothing goes.
#include <vector>

#include "passes/simplify_rules.h"

namespace kiln::passes::simplify {

namespace {

const std::vector<int64_t>* ints(const ir::Operation& op, std::string_view attr) {
  const auto* a = op.attr_as<ir::DenseArrayAttr>(attr);
  return a ? &a->ints : nullptr;
}

// slice(x) of x's own type takes every element in order (a result as long as its operand
// along a dimension starts there at 0 with stride 1, or the dimension has at most one
// element) -> x. slice(slice(x)) -> one slice: element j of the outer slice along a dimension
// is element s2 + j*t2 of the inner one, which is element s1 + (s2 + j*t2)*t1 of x.
Expected<bool> slice(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* x = op.operand(0);
  if (x->type() == op.result(0)->type()) return rewrite.replace(op, x, "slice(x)=x");
  ir::Operation* inner = defined_by(x, "stablehlo.slice");
  const ir::Type& result = op.result(0)->type();
  if (!inner || !result.is_static() || !inner->operand(0)->type().is_static()) return false;
  const auto* s1 = ints(*inner, "start_indices");
  const auto* t1 = ints(*inner, "strides");
  const auto* s2 = ints(op, "start_indices");
  const auto* t2 = ints(op, "strides");
  if (!s1 || !t1 || !s2 || !t2) return false;
  const std::vector<int64_t>& dims = inner->operand(0)->type().shape();
  std::vector<int64_t> start, limit, stride;
  for (size_t d = 0; d < dims.size(); ++d) {
    const int64_t n = result.shape()[d];
    const int64_t step = (*t1)[d] * (*t2)[d];
    const int64_t first = std::min((*s1)[d] + (*s2)[d] * (*t1)[d], dims[d]);
    start.push_back(first);
    limit.push_back(n == 0 ? first : first + (n - 1) * step + 1);
    stride.push_back(step);
  }
  KILN_CHECK_OK(rewrite.build_before(op));
  ir::Operation* merged =
      rewrite.rewriter().create("stablehlo.slice", {inner->operand(0)}, {result},
                                {{"start_indices", ir::dense_i64_array(start)},
                                 {"limit_indices", ir::dense_i64_array(limit)},
                                 {"strides", ir::dense_i64_array(stride)}});
  return rewrite.replace(op, merged->result(0), "slice(slice(x))");
}

// pad(x, v) with no padding at all -> x.
Expected<bool> pad(ir::Operation& op, Rewrite& rewrite) {
  for (std::string_view attr : {"edge_padding_low", "edge_padding_high", "interior_padding"}) {
    const auto* amounts = ints(op, attr);
    if (!amounts) return false;
    for (int64_t a : *amounts) {
      if (a != 0) return false;
    }
  }
  return rewrite.replace(op, op.operand(0), "pad by nothing");
}

// reshape(x) to x's type -> x; reshape(reshape(x)) -> reshape(x) (row-major order is kept by
// both, so only the last shape matters).
Expected<bool> reshape(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* x = op.operand(0);
  if (x->type() == op.result(0)->type()) return rewrite.replace(op, x, "reshape(x)=x");
  ir::Operation* inner = defined_by(x, "stablehlo.reshape");
  if (!inner || x->type().element().is_quantized()) return false;
  ir::Value* source = inner->operand(0);
  if (source->type() == op.result(0)->type()) {
    return rewrite.replace(op, source, "reshape(reshape(x))=x");
  }
  KILN_CHECK_OK(rewrite.build_before(op));
  ir::Operation* merged =
      rewrite.rewriter().create("stablehlo.reshape", {source}, {op.result(0)->type()});
  return rewrite.replace(op, merged->result(0), "reshape(reshape(x))");
}

bool is_identity(const std::vector<int64_t>& permutation) {
  for (size_t i = 0; i < permutation.size(); ++i) {
    if (permutation[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}

// transpose with the identity permutation -> x; transpose(transpose(x, p1), p2) ->
// transpose(x, p) with p[i] = p1[p2[i]] (result dimension i is dimension p2[i] of the inner
// result, which is dimension p1[p2[i]] of x), or x when p is the identity.
Expected<bool> transpose(ir::Operation& op, Rewrite& rewrite) {
  const auto* p2 = ints(op, "permutation");
  if (!p2) return false;
  if (is_identity(*p2)) return rewrite.replace(op, op.operand(0), "identity transpose");
  ir::Operation* inner = defined_by(op.operand(0), "stablehlo.transpose");
  const auto* p1 = inner ? ints(*inner, "permutation") : nullptr;
  if (!p1 || p1->size() != p2->size() || op.result(0)->type().element().is_quantized()) {
    return false;
  }
  std::vector<int64_t> p;
  for (int64_t i : *p2) p.push_back((*p1)[static_cast<size_t>(i)]);
  ir::Value* source = inner->operand(0);
  if (is_identity(p)) return rewrite.replace(op, source, "transpose(transpose(x))=x");
  KILN_CHECK_OK(rewrite.build_before(op));
  ir::Operation* merged =
      rewrite.rewriter().create("stablehlo.transpose", {source}, {op.result(0)->type()},
                                {{"permutation", ir::dense_i64_array(p)}});
  return rewrite.replace(op, merged->result(0), "transpose(transpose(x))");
}

}  // namespace

Expected<bool> simplify_shape(ir::Operation& op, Rewrite& rewrite) {
  const std::string& name = op.name();
  if (name == "stablehlo.slice") return slice(op, rewrite);
  if (name == "stablehlo.pad") return pad(op, rewrite);
  if (name == "stablehlo.reshape") return reshape(op, rewrite);
  if (name == "stablehlo.transpose") return transpose(op, rewrite);
  return false;
}

}  // namespace kiln::passes::simplify
