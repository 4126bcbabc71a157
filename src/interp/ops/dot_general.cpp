// stablehlo.dot_general and stablehlo.dot: operands converted to the accumulation type
// (gemm_operands.h), gathered into [batch, M, K] x [batch, K, N], multiplied by gemm (BLAS or
// a typed blocked loop) or gemm_reference, and rounded once to the result type.
#include "interp/ops/dot_general.h"

#include <numeric>

#include "interp/ops/convert.h"
#include "interp/ops/gemm.h"
#include "interp/ops/gemm_operands.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

Expected<Tensor> permute_dims(const Tensor& t, std::span<const int64_t> perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity = identity && perm[i] == static_cast<int64_t>(i);
  if (identity) return t;
  std::vector<int64_t> shape, src_strides, in_strides = t.strides();
  for (int64_t p : perm) {
    shape.push_back(t.shape()[static_cast<size_t>(p)]);
    src_strides.push_back(in_strides[static_cast<size_t>(p)]);
  }
  KILN_TRY(Tensor out, Tensor::allocate(ir::Type::tensor(shape, t.element())));
  copy_strided(shape, t.element_bytes(), t.raw(), 0, src_strides, out.raw(), 0, out.strides());
  return out;
}

namespace {

// A dot as `batch` products of [m, k] and [k, n] matrices, and the operand dimension orders
// that lay the operands out so.
struct DotLayout {
  int64_t batch = 1, m = 1, k = 1, n = 1;
  std::vector<int64_t> lperm, rperm;
};

DotLayout dot_layout(const Tensor& lhs, const Tensor& rhs, const ir::DotDimsAttr& d) {
  auto free_dims = [](const Tensor& t, const std::vector<int64_t>& x,
                      const std::vector<int64_t>& y) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < t.rank(); ++i) {
      if (std::find(x.begin(), x.end(), i) == x.end() &&
          std::find(y.begin(), y.end(), i) == y.end())
        out.push_back(i);
    }
    return out;
  };
  auto size_of = [](const Tensor& t, const std::vector<int64_t>& dims) {
    int64_t s = 1;
    for (int64_t i : dims) s *= t.shape()[static_cast<size_t>(i)];
    return s;
  };
  std::vector<int64_t> lf = free_dims(lhs, d.lhs_batching, d.lhs_contracting);
  std::vector<int64_t> rf = free_dims(rhs, d.rhs_batching, d.rhs_contracting);
  DotLayout l{size_of(lhs, d.lhs_batching), size_of(lhs, lf), size_of(lhs, d.lhs_contracting),
              size_of(rhs, rf), d.lhs_batching, d.rhs_batching};
  l.lperm.insert(l.lperm.end(), lf.begin(), lf.end());
  l.lperm.insert(l.lperm.end(), d.lhs_contracting.begin(), d.lhs_contracting.end());
  l.rperm.insert(l.rperm.end(), d.rhs_contracting.begin(), d.rhs_contracting.end());
  l.rperm.insert(l.rperm.end(), rf.begin(), rf.end());
  return l;
}

// The operands as the products see them: each operand's components (one, unless an
// algorithm splits them) and which lhs x rhs component products to sum.
struct DotOperands {
  std::vector<Tensor> lhs, rhs;
  std::vector<std::pair<int64_t, int64_t>> products{{0, 0}};
};

// Spec: an algorithm's lhs/rhs_precision_type is the type the operands are rounded to; several
// primitive operations split them into parts of that type (bf16 x3/x6/x9, tf32 x3).
// allow_imprecise_accumulation permits, and does not require, a less exact sum: kiln sums
// exactly in accumulation_type either way.
Expected<DotOperands> split_operands(const ir::Operation& op, const Tensor& a, const Tensor& b) {
  DotOperands o{{a}, {b}};
  const auto* alg = op.attr_as<ir::DotAlgorithmAttr>("algorithm");
  if (alg == nullptr) return o;
  if (!a.element().is_float() || !alg->lhs_precision_type.is_float() ||
      !alg->rhs_precision_type.is_float()) {
    return op_unsupported(op, "supports algorithms on real floats only");
  }
  auto products = component_products(*alg);
  if (!products.ok()) return op_error(op, products.error().message());
  o.products = std::move(products->pairs);
  auto split = [](const Tensor& t, const ir::ElementType& p, int64_t n) {
    return n == 1 && p == t.element() ? Expected<std::vector<Tensor>>(std::vector<Tensor>{t})
                                      : split_components(t, p, n);
  };
  KILN_TRY(o.lhs, split(a, alg->lhs_precision_type, products->lhs_count));
  KILN_TRY(o.rhs, split(b, alg->rhs_precision_type, products->rhs_count));
  return o;
}

// acc[batch] = sum of the chosen component products, smallest first, each a GEMM.
void multiply(bool fast, const DotLayout& l, const DotOperands& o, Tensor& acc) {
  const ir::ElementType& e = acc.element();
  const auto bytes = static_cast<int64_t>(acc.element_bytes());
  for (int64_t bi = 0; bi < l.batch; ++bi) {
    for (size_t p = o.products.size(); p-- > 0;) {
      const Tensor& a = o.lhs[static_cast<size_t>(o.products[p].first)];
      const Tensor& b = o.rhs[static_cast<size_t>(o.products[p].second)];
      GemmShape s{l.m, l.n, l.k, l.k, l.n, l.n, p + 1 < o.products.size()};
      const std::byte* x = a.raw() + bi * l.m * l.k * bytes;
      const std::byte* y = b.raw() + bi * l.k * l.n * bytes;
      std::byte* z = acc.raw() + bi * l.m * l.n * bytes;
      (fast ? gemm : gemm_reference)(e.kind(), e.bit_width(), s, x, y, z);
    }
  }
}

// The spec's constraints on the dimension numbers (C1-C12) that dot_layout indexes with, checked
// since the interpreter does not trust the verifier: batching and contracting dimensions in
// range and distinct per operand, paired with dimensions of the same size, and the result
// shaped [batch..., lhs free..., rhs free...].
Status check_dot_dims(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                      const ir::DotDimsAttr& d, const Tensor& result) {
  KILN_CHECK_OK(check_count(op, "rhs_batching_dimensions", d.rhs_batching, d.lhs_batching.size()));
  KILN_CHECK_OK(
      check_count(op, "rhs_contracting_dimensions", d.rhs_contracting, d.lhs_contracting.size()));
  auto joined = [](const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    std::vector<int64_t> all = a;
    all.insert(all.end(), b.begin(), b.end());
    return all;
  };
  const std::vector<int64_t> l = joined(d.lhs_batching, d.lhs_contracting);
  const std::vector<int64_t> r = joined(d.rhs_batching, d.rhs_contracting);
  KILN_CHECK_OK(check_dims(op, "lhs batching and contracting dimensions", l, lhs.rank()));
  KILN_CHECK_OK(check_dims(op, "rhs batching and contracting dimensions", r, rhs.rank()));
  for (size_t i = 0; i < l.size(); ++i) {
    if (lhs.shape()[static_cast<size_t>(l[i])] != rhs.shape()[static_cast<size_t>(r[i])]) {
      return op_error(op, "lhs dimension " + std::to_string(l[i]) + " and rhs dimension " +
                              std::to_string(r[i]) + " are paired but differ in size");
    }
  }
  std::vector<int64_t> implied;
  for (int64_t b : d.lhs_batching) implied.push_back(lhs.shape()[static_cast<size_t>(b)]);
  for (const auto& [t, used] : {std::pair{&lhs, &l}, std::pair{&rhs, &r}}) {
    for (int64_t i = 0; i < t->rank(); ++i) {
      if (std::find(used->begin(), used->end(), i) == used->end()) {
        implied.push_back(t->shape()[static_cast<size_t>(i)]);
      }
    }
  }
  return check_result_shape(op, result, implied);
}

Expected<std::vector<RuntimeValue>> dot_dims(const Interpreter& in, const ir::Operation& op,
                                             const Tensor& lhs, const Tensor& rhs,
                                             const ir::DotDimsAttr& d) {
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_CHECK_OK(check_dot_dims(op, lhs, rhs, d, result));
  const auto* alg = op.attr_as<ir::DotAlgorithmAttr>("algorithm");
  const ir::ElementType acc_type = alg ? alg->accumulation_type
                                       : accumulation_type(lhs.element(), rhs.element(),
                                                           result.element());
  DotLayout l = dot_layout(lhs, rhs, d);
  // A sum over no products is zero, which the zero-filled result already holds.
  if (result.num_elements() == 0 || l.k == 0) return std::vector<RuntimeValue>{result};
  KILN_TRY(Tensor a, convert_operand(lhs, acc_type));
  KILN_TRY(Tensor b, convert_operand(rhs, acc_type));
  KILN_TRY(a, permute_dims(a, l.lperm));
  KILN_TRY(b, permute_dims(b, l.rperm));
  KILN_TRY(DotOperands o, split_operands(op, a, b));
  Tensor acc = result;
  if (acc_type != result.element()) {
    KILN_TRY(acc, Tensor::allocate(ir::Type::tensor(result.shape(), acc_type)));
  }
  multiply(in.options().fast_paths, l, o, acc);
  // Rounded once to the result type, after the whole sum.
  KILN_TRY(result, convert_elements(acc, result.element()));
  return std::vector<RuntimeValue>{result};
}

Expected<std::vector<RuntimeValue>> dot_general(Interpreter& in, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  const auto* d = op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!d) return op_error(op, "has no dot_dimension_numbers");
  return dot_dims(in, op, operands[0].tensor(), operands[1].tensor(), *d);
}

// stablehlo.dot contracts lhs's last dimension with rhs's first.
Expected<std::vector<RuntimeValue>> dot(Interpreter& in, const ir::Operation& op,
                                        std::span<const RuntimeValue> operands) {
  ir::DotDimsAttr d;
  d.lhs_contracting = {operands[0].tensor().rank() - 1};
  d.rhs_contracting = {0};
  return dot_dims(in, op, operands[0].tensor(), operands[1].tensor(), d);
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.dot_general", dot_general);
KILN_REGISTER_INTERP("stablehlo.dot", dot);

}  // namespace kiln::interp
