// Elemental rule of dot_general and dot: one thread sums its result element's products over the
// contracting dimensions in row-major order, in the accumulation type (f32 for bf16 and f16,
// integers wrapping at the result's width), and rounds once to the result type, as the
// interpreter does. The lowering (lower_dot_general.cpp) sends what cuBLASLt can compute there;
// this rule is every other dot's, and every element type's.
#include "backend/cuda/ops/dot_general.h"

#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/ops/gemm_operands.h"

namespace kiln::backend::cuda {

Expected<DotDims> dot_dims_of(const ir::Operation& op) {
  const ir::Type& lhs = op.operand(0)->type();
  if (op.name() == "stablehlo.dot") {
    // lhs's last dimension with rhs's first (a vector-vector dot is rank 0).
    if (lhs.rank() < 1 || op.operand(1)->type().rank() < 1) {
      return unsupported(op, "an operand of rank 0");
    }
    return DotDims{{}, {}, {lhs.rank() - 1}, {0}};
  }
  const auto* d = op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!d) return unsupported(op, "no dot_dimension_numbers");
  return DotDims{d->lhs_batching, d->rhs_batching, d->lhs_contracting, d->rhs_contracting};
}

std::vector<int64_t> dot_free_dims(int64_t rank, const std::vector<int64_t>& batching,
                                   const std::vector<int64_t>& contracting) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < rank; ++i) {
    if (std::find(batching.begin(), batching.end(), i) == batching.end() &&
        std::find(contracting.begin(), contracting.end(), i) == contracting.end()) {
      out.push_back(i);
    }
  }
  return out;
}

namespace {

// The accumulator, and where an `algorithm` asks for it, how the operands are rounded and split
// (spec: lhs/rhs_precision_type; bf16 x3/x6/x9 and tf32 x3 sum products of components, as
// interp::split_components and component_products define them).
struct DotArithmetic {
  ScalarType acc;
  std::string round_lhs = "{}", round_rhs = "{}";  // a format of one accumulator value
  int64_t lhs_count = 1, rhs_count = 1;
  std::vector<std::pair<int64_t, int64_t>> products{{0, 0}};
};

// `x` rounded to nearest even in tf32 (10 fraction bits); infinities and NaN kept.
constexpr const char* kRoundTf32 =
    "(isfinite({0}) ? __uint_as_float((__float_as_uint({0}) + 0xFFFu + "
    "((__float_as_uint({0}) >> 13) & 1u)) & ~0x1FFFu) : {0})";

// The rounding of an operand of `operand`'s type, converted to the accumulator, to `precision`.
Expected<std::string> precision_rounding(const ir::Operation& op, const ScalarType& acc,
                                         const ir::ElementType& precision,
                                         const ir::ElementType& operand) {
  using K = ir::ElementKind;
  // Rounding to the operand's own type, or to one as wide as the accumulator, changes nothing.
  if (precision == operand || precision.kind() == acc.kind ||
      (precision.kind() == K::kF64 && acc.kind == K::kF32)) {
    return std::string("{}");
  }
  if (acc.kind == K::kF32) {
    if (precision.kind() == K::kBF16) return std::string("kg::round_bf16({})");
    if (precision.kind() == K::kF16) return std::string("kg::round_f16({})");
    if (precision.kind() == K::kTF32) return std::string(kRoundTf32);
    KILN_TRY(ScalarType p, scalar_type_of(precision));
    if (!p.format.empty()) return "kg::round_f8<" + p.format + ">({})";
  }
  return unsupported(op, "a dot algorithm of precision " + ir::to_string(precision) +
                             " with accumulation in " + ir::to_string(ir::ElementType(acc.kind)));
}

Expected<DotArithmetic> dot_arithmetic(Emitter& e, const ir::Operation& op) {
  DotArithmetic a;
  const auto* alg = op.attr_as<ir::DotAlgorithmAttr>("algorithm");
  if (!alg) {
    KILN_TRY(a.acc, gemm_accumulator(e, op));
    return a;
  }
  KILN_TRY(a.acc, e.scalar_type(ir::Type::tensor({}, alg->accumulation_type), &op));
  if (!a.acc.is_float || !alg->lhs_precision_type.is_float() ||
      !alg->rhs_precision_type.is_float()) {
    return unsupported(op, "an algorithm on other than real floats");
  }
  Expected<interp::ComponentProducts> products = interp::component_products(*alg);
  if (!products.ok()) return unsupported(op, products.error().message());
  a.lhs_count = products->lhs_count;
  a.rhs_count = products->rhs_count;
  a.products = products->pairs;
  KILN_TRY(a.round_lhs,
           precision_rounding(op, a.acc, alg->lhs_precision_type, op.operand(0)->type().element()));
  KILN_TRY(a.round_rhs,
           precision_rounding(op, a.acc, alg->rhs_precision_type, op.operand(1)->type().element()));
  return a;
}

// The components of `x` (an accumulator value): x_0 = round(x), x_i = round(x - x_0 - ...);
// one component is round(x) alone.
std::vector<std::string> components(Emitter& e, const ScalarType& acc, const std::string& x,
                                    const std::string& round, int64_t count) {
  std::vector<std::string> out;
  std::string rest = x;
  for (int64_t i = 0; i < count; ++i) {
    out.push_back(e.let(acc.compute, fmt::format(fmt::runtime(round), rest)));
    if (i + 1 < count) rest = e.let(acc.compute, fmt::format("{} - {}", rest, out.back()));
  }
  return out;
}

Expected<std::string> emit_dot_general(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(DotDims d, dot_dims_of(op));
  KILN_TRY(DotArithmetic arith, dot_arithmetic(e, op));
  KILN_TRY(ScalarType lt, operand_type(e, op, 0));
  KILN_TRY(ScalarType rt, operand_type(e, op, 1));
  KILN_TRY(ScalarType out_t, result_type(e, op));
  const ScalarType& acc_t = arith.acc;
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const std::vector<int64_t> lf = dot_free_dims(lhs.rank(), d.lhs_batching, d.lhs_contracting);
  const std::vector<int64_t> rf = dot_free_dims(rhs.rank(), d.rhs_batching, d.rhs_contracting);
  const std::vector<std::string> out = e.dims(index);
  const std::string acc = e.fresh("acc");
  e.out().line(fmt::format("{} {} = {};", acc_t.compute, acc, acc_t.literal_double(0)));
  std::vector<int64_t> contracted;
  int64_t count = 1;
  for (int64_t c : d.lhs_contracting) {
    contracted.push_back(lhs.dim(c));
    count *= lhs.dim(c);
  }
  // A sum over no products is zero (spec; the interpreter's zero-filled result).
  if (count > 0) {
    const std::string r = e.fresh("r");
    e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", r, count));
    e.push_scope();
    Index ci = Index::of_linear(contracted, r);
    const std::vector<std::string> cd = e.dims(ci);
    // Result dimensions: [batch..., lhs free..., rhs free...] (spec: dot_general).
    std::vector<std::string> ld(static_cast<size_t>(lhs.rank())),
        rd(static_cast<size_t>(rhs.rank()));
    size_t next = 0;
    for (size_t i = 0; i < d.lhs_batching.size(); ++i, ++next) {
      ld[static_cast<size_t>(d.lhs_batching[i])] = out[next];
      rd[static_cast<size_t>(d.rhs_batching[i])] = out[next];
    }
    for (int64_t f : lf) ld[static_cast<size_t>(f)] = out[next++];
    for (int64_t f : rf) rd[static_cast<size_t>(f)] = out[next++];
    for (size_t i = 0; i < d.lhs_contracting.size(); ++i) {
      ld[static_cast<size_t>(d.lhs_contracting[i])] = cd[i];
      rd[static_cast<size_t>(d.rhs_contracting[i])] = cd[i];
    }
    Index li = Index::of_dims(lhs.shape(), std::move(ld));
    Index ri = Index::of_dims(rhs.shape(), std::move(rd));
    KILN_TRY(std::string x, e.emit(op.operand(0), li));
    KILN_TRY(std::string y, e.emit(op.operand(1), ri));
    const std::vector<std::string> a =
        components(e, acc_t, e.let(acc_t.compute, gemm_convert(lt, acc_t, x)), arith.round_lhs,
                   arith.lhs_count);
    const std::vector<std::string> b =
        components(e, acc_t, e.let(acc_t.compute, gemm_convert(rt, acc_t, y)), arith.round_rhs,
                   arith.rhs_count);
    // The smallest products first, as the interpreter adds them.
    for (size_t p = arith.products.size(); p-- > 0;) {
      const auto [i, j] = arith.products[p];
      e.out().line(
          gemm_multiply_add(acc_t, acc, a[static_cast<size_t>(i)], b[static_cast<size_t>(j)]));
    }
    e.pop_scope();
    e.out().close();
  }
  // Rounded once to the result type, after the whole sum.
  return e.let(out_t.compute, gemm_convert(acc_t, out_t, acc));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.dot_general", emit_dot_general);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.dot", emit_dot_general);

}  // namespace kiln::backend::cuda
