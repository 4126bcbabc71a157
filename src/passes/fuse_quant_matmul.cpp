// fuse-quant-matmul: a matrix product with weights dequantized from packed codes, as JAX
// writes x @ dequant(W)ᵀ, into kiln.quant_matmul:
//   q  = (broadcast(words [N, K / P]) >> j * B) & (2^B - 1)    j < P codes per ui32 word
//   w  = reshape((reshape(convert(q) -> [N, K / g, g]) - broadcast(zeros [N, K / g]))
//                * broadcast(scales [N, K / g]) -> [N, K])
//   y  = dot_general(x [M, K], w) contracting K of both (or of transpose(w) [K, N])
// with B * P = 32 (4-bit codes 8 a word, 8-bit codes 4 a word: the library's gemv_w4 /
// gemv_w8 layout, src/kernels/cuda/quant_gemv.cpp), float converts of x, the scales, the
// zero points, w and y taken in. The shifts may be an iota times B, or the constant fold
// makes of one. The composite's operands are x, the words, the scales and the zero points in
// that order; its config records bits, group and those roles.
#include <algorithm>
#include <optional>
#include <vector>

#include "ir/dense_ints.h"
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

using Lanes = std::vector<int64_t>;

// The values of the integer tensor `v`, computed from constants and iotas, along its dimension
// `dim` where `v` is the same along every other one (one value where `dim` is -1: the same
// everywhere); nullopt where it is not, or is computed otherwise.
std::optional<Lanes> lanes_along(const ir::Value* v, int64_t dim);

// Two lane lists combined element by element (a single value stands for every lane).
std::optional<Lanes> combine_lanes(const std::optional<Lanes>& a, const std::optional<Lanes>& b,
                                   bool multiply) {
  if (!a || !b) return std::nullopt;
  const size_t n = std::max(a->size(), b->size());
  if ((a->size() != n && a->size() != 1) || (b->size() != n && b->size() != 1)) return std::nullopt;
  Lanes out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = (*a)[a->size() == 1 ? 0 : i], y = (*b)[b->size() == 1 ? 0 : i];
    out[i] = multiply ? x * y : x + y;
  }
  return out;
}

std::optional<Lanes> constant_lanes(const ir::DenseElementsAttr& a, const ir::Type& type,
                                    int64_t dim) {
  const std::vector<int64_t>& shape = type.shape();
  if (a.splat || a.num_elements() == 1) return Lanes{ir::dense_int(a, 0)};
  const int64_t n = dim < 0 ? 1 : shape[static_cast<size_t>(dim)];
  int64_t stride = 1;
  for (size_t d = static_cast<size_t>(dim) + 1; dim >= 0 && d < shape.size(); ++d) stride *= shape[d];
  Lanes out(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) out[static_cast<size_t>(j)] = ir::dense_int(a, j * stride);
  for (int64_t i = 0; i < a.num_elements(); ++i) {
    if (ir::dense_int(a, i) != out[static_cast<size_t>(i / stride % n)]) return std::nullopt;
  }
  return out;
}

std::optional<Lanes> lanes_along(const ir::Value* v, int64_t dim) {
  const ir::Operation* op = v->defining_op();
  if (!op || !v->type().element().is_int()) return std::nullopt;
  const std::vector<int64_t>& shape = v->type().shape();
  const std::string_view name = op->name();
  if (name == "stablehlo.constant") {
    const auto* a = op->attr_as<ir::DenseElementsAttr>("value");
    return a ? constant_lanes(*a, v->type(), dim) : std::nullopt;
  }
  if (name == "stablehlo.iota") {
    const auto* d = op->attr_as<ir::IntegerAttr>("iota_dimension");
    if (!d) return std::nullopt;
    if (shape[static_cast<size_t>(d->value)] == 1) return Lanes{0};
    if (d->value != dim) return std::nullopt;
    Lanes out(static_cast<size_t>(shape[static_cast<size_t>(dim)]));
    for (size_t j = 0; j < out.size(); ++j) out[j] = static_cast<int64_t>(j);
    return out;
  }
  if (name == "stablehlo.broadcast_in_dim") {
    const auto* dims = op->attr_as<ir::DenseArrayAttr>("broadcast_dimensions");
    if (!dims) return std::nullopt;
    auto it = std::find(dims->ints.begin(), dims->ints.end(), dim);
    if (dim < 0 || it == dims->ints.end()) return lanes_along(op->operand(0), -1);
    return lanes_along(op->operand(0), it - dims->ints.begin());
  }
  if (name == "stablehlo.reshape") {
    // Only reshapes that insert or drop unit dimensions: `dim` is the k-th non-unit one.
    const std::vector<int64_t>& from = op->operand(0)->type().shape();
    std::vector<int64_t> kept_to, kept_from;
    for (int64_t s : shape) if (s != 1) kept_to.push_back(s);
    for (int64_t s : from) if (s != 1) kept_from.push_back(s);
    if (kept_to != kept_from) return std::nullopt;
    if (dim < 0 || shape[static_cast<size_t>(dim)] == 1) return lanes_along(op->operand(0), -1);
    const int64_t k = std::count_if(shape.begin(), shape.begin() + dim, [](int64_t s) { return s != 1; });
    int64_t seen = 0;
    for (size_t d = 0; d < from.size(); ++d) {
      if (from[d] != 1 && seen++ == k) return lanes_along(op->operand(0), static_cast<int64_t>(d));
    }
    return std::nullopt;
  }
  if (name == "stablehlo.convert") return lanes_along(op->operand(0), dim);
  if (name == "stablehlo.multiply" || name == "stablehlo.add") {
    return combine_lanes(lanes_along(op->operand(0), dim), lanes_along(op->operand(1), dim),
                         name == "stablehlo.multiply");
  }
  return std::nullopt;
}

// Every op computing `v` (the shifts: constants and iotas only).
void add_computation(ir::Value* v, OpSet& set) {
  ir::Operation* op = v->defining_op();
  if (!op || set.contains(op)) return;
  set.add(op);
  for (ir::Value* operand : op->operands()) add_computation(operand, set);
}

struct QuantMatmulMatch {
  OpSet set;
  ir::Value* x = nullptr;
  ir::Value* codes = nullptr;  // ui32 words [N, K / P]
  ir::Value* scales = nullptr;
  ir::Value* zeros = nullptr;
  int64_t bits = 0, group = 0;
  ir::Operation* dot = nullptr;
  ir::Operation* shift = nullptr;  // shift_right_logical(words, shifts)
};

// A value broadcast from an [N, G] tensor along the group's elements: that tensor, or null.
ir::Value* group_vector(ir::Value* v, int64_t n, int64_t groups, OpSet& set) {
  OpSet local;
  Broadcast b = strip_broadcasts(v, local);
  if (b.map != std::vector<int64_t>{0, 1} ||
      b.source->type().shape() != std::vector<int64_t>{n, groups}) {
    return nullptr;
  }
  for (ir::Operation* op : local.ops()) set.add(op);
  return b.source;
}

// `qg` [N, G, g] = reshape(convert(codes unpacked)): the packed words, with m.bits set.
bool match_unpacked_codes(ir::Value* qg, QuantMatmulMatch& m) {
  ir::Operation* reshape = defined_by(qg, "stablehlo.reshape");
  ir::Operation* convert = reshape ? defined_by(reshape->operand(0), "stablehlo.convert") : nullptr;
  if (!convert || !convert->result(0)->type().element().is_float()) return false;
  ir::Operation* mask = defined_by(convert->operand(0), "stablehlo.and");
  if (!mask) return false;
  const std::vector<int64_t>& unpacked = convert->operand(0)->type().shape();
  // Rows stay rows: the words' row n holds the codes of the weights' row n.
  if (unpacked.size() != 3 || unpacked[0] != qg->type().shape()[0] ||
      convert->operand(0)->type().element() != ir::ElementKind::kUI32) {
    return false;
  }
  const int64_t per_word = unpacked[2];
  if (per_word != 4 && per_word != 8) return false;
  const int64_t bits = 32 / per_word;
  return either_order(mask, [&](ir::Value* shifted, ir::Value* ones) {
    std::optional<double> mask_value = constant_value(ones);
    ir::Operation* shift = defined_by(shifted, "stablehlo.shift_right_logical");
    if (!mask_value || *mask_value != static_cast<double>((int64_t{1} << bits) - 1) || !shift) {
      return false;
    }
    std::optional<Lanes> amounts = lanes_along(shift->operand(1), 2);
    if (!amounts || amounts->size() != static_cast<size_t>(per_word)) return false;
    for (int64_t j = 0; j < per_word; ++j) {
      if ((*amounts)[static_cast<size_t>(j)] != j * bits) return false;
    }
    OpSet local;
    Broadcast words = strip_broadcasts(shift->operand(0), local);
    if (words.map != std::vector<int64_t>{0, 1} ||
        words.source->type().shape() != std::vector<int64_t>{unpacked[0], unpacked[1]}) {
      return false;
    }
    for (ir::Operation* op : local.ops()) m.set.add(op);
    // The shifts (constants and iotas, lanes_along checked) join the region whole, constants
    // too (a table fold made is no splat that outline would copy in); the mask's broadcasts
    // join it, its splat constant is copied in.
    add_computation(shift->operand(1), m.set);
    computed_from_constants(ones, &m.set);
    for (ir::Operation* op : {reshape, convert, mask, shift}) m.set.add(op);
    m.codes = words.source;
    m.bits = bits;
    m.shift = shift;
    return true;
  });
}

// `w` [N, K] = reshape((qg - zeros) * scales): sets the codes, scales, zeros and group of m.
bool match_dequantized(ir::Value* w, QuantMatmulMatch& m) {
  ir::Operation* reshape = defined_by(w, "stablehlo.reshape");
  if (!reshape || w->type().rank() != 2) return false;
  const std::vector<int64_t>& grouped = reshape->operand(0)->type().shape();
  const int64_t n = w->type().shape()[0];
  if (grouped.size() != 3 || grouped[0] != n) return false;
  ir::Operation* mul = defined_by(reshape->operand(0), "stablehlo.multiply");
  if (!mul) return false;
  return either_order(mul, [&](ir::Value* centred, ir::Value* scale) {
    ir::Operation* sub = defined_by(centred, "stablehlo.subtract");
    if (!sub) return false;
    QuantMatmulMatch trial;
    trial.scales = group_vector(scale, n, grouped[1], trial.set);
    trial.zeros = group_vector(sub->operand(1), n, grouped[1], trial.set);
    if (!trial.scales || !trial.zeros || !match_unpacked_codes(sub->operand(0), trial)) {
      return false;
    }
    for (ir::Operation* op : trial.set.ops()) m.set.add(op);
    for (ir::Operation* op : {reshape, mul, sub}) m.set.add(op);
    m.codes = trial.codes;
    m.scales = trial.scales;
    m.zeros = trial.zeros;
    m.bits = trial.bits;
    m.shift = trial.shift;
    m.group = grouped[2];
    return true;
  });
}

// `root` is the dot_general, or a float convert of it.
std::optional<QuantMatmulMatch> match_quant_matmul(ir::Operation& root) {
  ir::Operation* dot = &root;
  if (is_float_convert(&root)) dot = defined_by(root.operand(0), "stablehlo.dot_general");
  if (!dot || dot->name() != "stablehlo.dot_general") return std::nullopt;
  const auto* dims = dot->attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!dims || !dims->lhs_batching.empty() || !dims->rhs_batching.empty() ||
      dims->lhs_contracting != std::vector<int64_t>{1} || dot->operand(0)->type().rank() != 2) {
    return std::nullopt;
  }
  QuantMatmulMatch m;
  ir::Value* w = dot->operand(1);
  if (dims->rhs_contracting == std::vector<int64_t>{0}) {
    // x @ wᵀ written with a transpose of w [N, K].
    ir::Operation* t = defined_by(w, "stablehlo.transpose");
    const auto* perm = t ? t->attr_as<ir::DenseArrayAttr>("permutation") : nullptr;
    if (!perm || perm->ints != std::vector<int64_t>{1, 0}) return std::nullopt;
    m.set.add(t);
    w = t->operand(0);
  } else if (dims->rhs_contracting != std::vector<int64_t>{1}) {
    return std::nullopt;
  }
  if (!match_dequantized(skip_float_converts(w, m.set), m)) return std::nullopt;
  m.set.add(dot);
  m.set.add(&root);
  m.dot = dot;
  m.x = skip_float_converts(dot->operand(0), m.set);
  return m;
}

// Gives `user` its own copy of the op defining its operand `i` where other ops read that op's
// result too (a convert of x that several projections share; a shift table that CSE made one
// for several weights), so that the match can move it into its region.
void own_copy(ir::Operation& user, size_t i, ir::Rewriter& rewriter) {
  ir::Operation* def = user.operand(i)->defining_op();
  if (!def || def->num_results() != 1 || def->result(0)->num_uses() == 1) return;
  if (!rewriter.set_insertion_point_before(user).ok()) return;
  ir::ValueMap map;
  user.set_operand(i, rewriter.clone(*def, map)->result(0));
}

// own_copy of the whole computation of `user`'s operand `i` (the shifts, which CSE may have
// made one for several weights: a constant table, its broadcasts).
void own_computation(ir::Operation& user, size_t i, ir::Rewriter& rewriter) {
  own_copy(user, i, rewriter);
  ir::Operation* def = user.operand(i)->defining_op();
  if (!def) return;
  for (size_t k = 0; k < def->num_operands(); ++k) own_computation(*def, k, rewriter);
}

class FuseQuantMatmul : public Pass {
 public:
  std::string_view name() const override { return "fuse-quant-matmul"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (ir::Operation* op :
         ops_named_last_first(module, {"stablehlo.convert", "stablehlo.dot_general"})) {
      if (inside_kiln_op(*op)) continue;
      std::optional<QuantMatmulMatch> m = match_quant_matmul(*op);
      if (!m) continue;
      // What other matches may share, copied for this one, then the match again over the copies.
      if (is_float_convert(m->dot->operand(0)->defining_op())) own_copy(*m->dot, 0, rewriter);
      own_computation(*m->shift, 1, rewriter);
      m = match_quant_matmul(*op);
      if (!m) continue;
      KILN_TRY(ir::Operation * f,
               fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kQuantMatmul, {},
                            rewriter, context, {m->x, m->codes, m->scales, m->zeros}));
      if (!f) continue;
      f->set_attr("config",
                  ir::DictionaryAttr{{config_i64("bits", m->bits), config_i64("group", m->group),
                                      config_i64("x", operand_index(*f, m->x)),
                                      config_i64("codes", operand_index(*f, m->codes)),
                                      config_i64("scales", operand_index(*f, m->scales)),
                                      config_i64("zeros", operand_index(*f, m->zeros))}});
      ++fused;
    }
    context.count("quantized matmuls fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseQuantMatmul, "fuse-quant-matmul",
                   "x @ dequant(W)ᵀ of packed 4- or 8-bit codes with per-group scales and zero "
                   "points into kiln.quant_matmul");

}  // namespace kiln::passes
