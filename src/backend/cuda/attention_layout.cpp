// A kiln.attention region read as cuDNN's fused attention: each dimension of q, k, v, the
// output and the mask gets its role (a batch pair of the q·kᵀ product, queries, keys, head
// dims), followed from the q·kᵀ product through the scores' chain, the softmax and P·V.
#include "backend/cuda/attention_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "ir/attribute.h"
#include "ir/ops/kiln_ops.h"

namespace kiln::backend::cuda {

namespace {

namespace rt = ::kiln::cuda;

// A dimension's role: batch pair i of q·kᵀ (0 <= i < kQuery), or one of these.
constexpr int kQuery = 100, kKey = 101, kHeadQK = 102, kHeadV = 103, kUnit = 104;
using Roles = std::vector<int>;

Error refuse(const std::string& why) { return Error::unimplemented(why); }

const ir::Attribute* config_entry(const ir::Operation& op, std::string_view key) {
  const auto* config = op.attr_as<ir::DictionaryAttr>("config");
  return config ? config->find(key) : nullptr;
}

bool is_op(const ir::Value* v, std::string_view name) {
  return v->defining_op() && v->defining_op()->name() == name;
}

bool is_float_convert(const ir::Operation* op) {
  return op && op->name() == "stablehlo.convert" && op->operand(0)->type().element().is_float() &&
         op->result(0)->type().element().is_float();
}

// Whether `v` is computed from constants alone inside the region (a scale's factor).
bool from_constants(const ir::Value* v) {
  const ir::Operation* op = v->defining_op();
  if (!op) return false;
  return std::all_of(op->operands().begin(), op->operands().end(), from_constants);
}

// `v` through float converts that widen (exact: cuDNN computes in f32 from the narrow values).
const ir::Value* skip_widening(const ir::Value* v) {
  while (is_float_convert(v->defining_op())) {
    const ir::ElementType& from = v->defining_op()->operand(0)->type().element();
    if (from != v->type().element() && from.bit_width() >= v->type().element().bit_width()) break;
    v = v->defining_op()->operand(0);
  }
  return v;
}

// `v` through multiplies and divides by constants (a scale on q, in the config's scale).
const ir::Value* skip_scale(const ir::Value* v) {
  for (;;) {
    v = skip_widening(v);
    const ir::Operation* op = v->defining_op();
    if (!op || (op->name() != "stablehlo.multiply" && op->name() != "stablehlo.divide")) return v;
    if (from_constants(op->operand(1))) {
      v = op->operand(0);
    } else if (op->name() == "stablehlo.multiply" && from_constants(op->operand(0))) {
      v = op->operand(1);
    } else {
      return v;
    }
  }
}

// The free dimensions of a dot operand: their roles (kUnit for size 1, else `role`), at most
// one of size > 1.
Expected<Roles> free_roles(const ir::Type& t, const std::vector<int64_t>& batching,
                           const std::vector<int64_t>& contracting, int role, const char* what) {
  Roles out;
  int non_unit = 0;
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (std::count(batching.begin(), batching.end(), d) ||
        std::count(contracting.begin(), contracting.end(), d)) {
      continue;
    }
    bool unit = t.shape()[static_cast<size_t>(d)] == 1;
    non_unit += unit ? 0 : 1;
    out.push_back(unit ? kUnit : role);
  }
  if (non_unit > 1) return refuse(fmt::format("the {} span {} dimensions", what, non_unit));
  return out;
}

// An operand's roles from the dot's dimension numbers: batch pair i, the contraction, the free.
Roles operand_roles(const ir::Type& t, const std::vector<int64_t>& batching,
                    const std::vector<int64_t>& contracting, int contracted_role,
                    const Roles& free) {
  Roles roles(static_cast<size_t>(t.rank()), kUnit);
  for (size_t i = 0; i < batching.size(); ++i) roles[static_cast<size_t>(batching[i])] = int(i);
  for (int64_t c : contracting) roles[static_cast<size_t>(c)] = contracted_role;
  size_t f = 0;
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (std::count(batching.begin(), batching.end(), d) ||
        std::count(contracting.begin(), contracting.end(), d)) {
      continue;
    }
    roles[static_cast<size_t>(d)] = free[f++];
  }
  return roles;
}

// A reshape that only inserts or removes dimensions of size 1: the roles carried over.
Expected<Roles> reshape_roles(const ir::Type& from, const ir::Type& to, const Roles& roles) {
  std::vector<std::pair<int64_t, int>> kept;
  for (size_t d = 0; d < roles.size(); ++d) {
    if (from.shape()[d] != 1) kept.push_back({from.shape()[d], roles[d]});
  }
  Roles out;
  size_t next = 0;
  for (int64_t size : to.shape()) {
    if (size == 1) {
      out.push_back(kUnit);
    } else if (next < kept.size() && kept[next].first == size) {
      out.push_back(kept[next++].second);
    } else {
      return refuse("a reshape of the scores that merges dimensions");
    }
  }
  return out;
}

struct Scores {
  const ir::Operation* qk = nullptr;
  const ir::Operation* add = nullptr;  // the additive mask
  size_t add_level = 0;                // its place in `chain` (ops from the softmax down)
  std::vector<const ir::Operation*> chain;
};

// From the softmax's operand down to q·kᵀ: converts, transposes, unit reshapes, the scale,
// the mask (an add, or the causal select).
Expected<Scores> walk_scores(const ir::Value* s) {
  Scores out;
  bool scaled = false;
  for (;;) {
    const ir::Operation* op = s->defining_op();
    if (!op) return refuse("the scores are not a product of q and k");
    const std::string& name = op->name();
    if (name == "stablehlo.dot_general") {
      out.qk = op;
      return out;
    }
    out.chain.push_back(op);
    if (is_float_convert(op) || name == "stablehlo.transpose" || name == "stablehlo.reshape") {
      s = op->operand(0);
    } else if (name == "stablehlo.multiply" || name == "stablehlo.divide") {
      scaled = true;
      if (from_constants(op->operand(1))) {
        s = op->operand(0);
      } else if (name == "stablehlo.multiply" && from_constants(op->operand(0))) {
        s = op->operand(1);
      } else {
        return refuse("a product of the scores with a non-constant");
      }
    } else if (name == "stablehlo.add" && !out.add) {
      // cuDNN scales the product, then adds the mask: a scale above the add (nearer the
      // softmax) multiplies the mask too.
      if (scaled) return refuse("the scale applies to the additive mask too");
      out.add = op;
      out.add_level = out.chain.size() - 1;
      // The mask side is a broadcast of a region argument (or the argument itself).
      const ir::Value* m = op->operand(1);
      while (is_op(m, "stablehlo.broadcast_in_dim")) m = m->defining_op()->operand(0);
      s = m->defining_op() == nullptr ? op->operand(0) : op->operand(1);
    } else if (name == "stablehlo.select") {
      s = op->operand(1);
    } else {
      return refuse(fmt::format("{} between the product and the softmax", name));
    }
  }
}

// The roles of an op's result from its (chain) operand's.
Expected<Roles> up(const ir::Operation& op, const Roles& in) {
  if (op.name() == "stablehlo.transpose") {
    Roles out;
    for (int64_t p : op.attr_as<ir::DenseArrayAttr>("permutation")->ints) {
      out.push_back(in[static_cast<size_t>(p)]);
    }
    return out;
  }
  if (op.name() == "stablehlo.reshape") {
    return reshape_roles(op.operand(0)->type(), op.result(0)->type(), in);
  }
  return in;
}

// The mask argument's roles: its dimensions through its broadcasts into the scores (`roles`
// at the add); a dimension broadcast from size 1 has none (kUnit).
Expected<std::pair<const ir::Value*, Roles>> mask_roles(const ir::Operation& add,
                                                        const Roles& roles) {
  for (size_t side = 0; side < 2; ++side) {
    const ir::Value* m = add.operand(side);
    std::vector<int64_t> to_scores;
    for (int64_t d = 0; d < m->type().rank(); ++d) to_scores.push_back(d);
    while (is_op(m, "stablehlo.broadcast_in_dim")) {
      const auto& dims = m->defining_op()->attr_as<ir::DenseArrayAttr>("broadcast_dimensions")->ints;
      const ir::Value* from = m->defining_op()->operand(0);
      std::vector<int64_t> next;
      for (size_t d = 0; d < dims.size(); ++d) {
        next.push_back(from->type().shape()[d] == 1 && m->type().shape()[static_cast<size_t>(dims[d])] != 1
                           ? -1
                           : (to_scores[static_cast<size_t>(dims[d])]));
      }
      to_scores = std::move(next);
      m = from;
    }
    if (m->defining_op() != nullptr) continue;
    Roles out;
    for (int64_t d : to_scores) out.push_back(d < 0 ? kUnit : roles[static_cast<size_t>(d)]);
    return std::make_pair(m, out);
  }
  return refuse("the additive mask is not a region argument");
}

// GQA by jnp.repeat: reshape(broadcast_in_dim(narrow)) repeating dimension j in place (head i
// of the wide tensor reads narrow head i / group). Returns narrow and j.
std::optional<std::pair<const ir::Value*, int64_t>> repeat_of(const ir::Value* wide) {
  if (!is_op(wide, "stablehlo.reshape")) return std::nullopt;
  const ir::Value* b = wide->defining_op()->operand(0);
  if (!is_op(b, "stablehlo.broadcast_in_dim")) return std::nullopt;
  const ir::Value* narrow = b->defining_op()->operand(0);
  const auto& dims = b->defining_op()->attr_as<ir::DenseArrayAttr>("broadcast_dimensions")->ints;
  const int64_t r = narrow->type().rank();
  if (b->type().rank() != r + 1 || wide->type().rank() != r) return std::nullopt;
  for (int64_t j = 0; j < r; ++j) {
    std::vector<int64_t> want;
    for (int64_t d = 0; d <= r; ++d) {
      if (d != j + 1) want.push_back(d);
    }
    if (dims != want) continue;
    std::vector<int64_t> shape = narrow->type().shape();
    shape[static_cast<size_t>(j)] *= b->type().shape()[static_cast<size_t>(j + 1)];
    if (shape != wide->type().shape()) return std::nullopt;
    return std::make_pair(narrow, j);
  }
  return std::nullopt;
}

}  // namespace

namespace attention_detail {

// The [b, h, s, d] view of `v` whose dimensions have `roles`, `want` the role of each of the
// four (-1: none). A dimension of size 1 may have any role; a role not found is a dim of 1.
Expected<rt::AttentionTensor> view(const ir::Value& v, const Roles& roles,
                                   const std::array<int, 4>& want, const char* what) {
  const auto& shape = v.type().shape();
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * std::max<int64_t>(shape[d], 1);
  const int64_t outer = shape.empty() ? 1 : strides[0] * std::max<int64_t>(shape[0], 1);
  rt::AttentionTensor t;
  std::array<bool, 4> found{};
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    auto it = std::find(want.begin(), want.end(), roles[d]);
    if (it == want.end() || roles[d] == kUnit) {
      return refuse(fmt::format("dimension {} of {} has no place in [b, h, s, d]", d, what));
    }
    const size_t i = static_cast<size_t>(it - want.begin());
    if (found[i]) return refuse(fmt::format("{} has two dimensions of one role", what));
    found[i] = true;
    t.dims[i] = shape[d];
    t.strides[i] = strides[d];
  }
  for (size_t i = 0; i < 4; ++i) {
    if (!found[i]) {
      t.dims[i] = 1;
      t.strides[i] = i == 3 ? 1 : outer;
    }
  }
  return t;
}

}  // namespace attention_detail

bool cudnn_attention_enabled() {
  const char* v = std::getenv("KILN_CUDNN_ATTENTION");
  return !(v && std::string_view(v) == "0");
}

std::array<int64_t, 4> packed_strides(const std::array<int64_t, 4>& dims) {
  std::array<int64_t, 4> s{};
  s[3] = 1;
  for (size_t i = 3; i-- > 0;) s[i] = s[i + 1] * std::max<int64_t>(dims[i + 1], 1);
  return s;
}

Expected<AttentionLayout> attention_layout(const ir::Operation& op) {
  using attention_detail::view;
  const ir::Attribute* mask = config_entry(op, "mask");
  const std::string mask_kind =
      mask && mask->is<ir::StringAttr>() ? mask->get<ir::StringAttr>().value : "none";
  if (mask_kind != "none" && mask_kind != "additive" && mask_kind != "causal") {
    return refuse("a " + mask_kind + " mask (cuDNN takes none, causal and additive masks)");
  }
  const ir::Attribute* scale = config_entry(op, "scale");
  const ir::Attribute* repeated = config_entry(op, "kv_repeated");
  const bool kv_repeated = repeated && repeated->is<ir::BoolAttr>() && repeated->get<ir::BoolAttr>().value;
  const ir::Block& block = op.region(0).front();
  if (op.num_results() != 1 || !block.terminator()) return refuse("not one result");
  const ir::Value* root = block.terminator()->operand(0);
  const ir::Operation* pv = root->defining_op();
  if (!pv || pv->name() != "stablehlo.dot_general") return refuse("the result is not P·V");
  const auto* pv_dims = pv->attr_as<ir::DotDimsAttr>("dot_dimension_numbers");

  // P: the softmax (through converts) on one side of P·V.
  size_t p_side = 0;
  const ir::Operation* softmax = nullptr;
  for (size_t side = 0; side < 2 && !softmax; ++side) {
    const ir::Value* p = pv->operand(side);
    while (is_float_convert(p->defining_op())) p = p->defining_op()->operand(0);
    const ir::Operation* s = p->defining_op();
    if (s && ir::kiln_composite_of(s->id()) == ir::KilnComposite::kSoftmax) {
      softmax = s;
      p_side = side;
    }
  }
  if (!softmax || !pv_dims) return refuse("no softmax on a side of P·V");
  KILN_TRY(Scores scores, walk_scores(softmax->operand(0)));
  const auto* qk_dims = scores.qk->attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!qk_dims || qk_dims->lhs_contracting.size() != 1) return refuse("q·kᵀ contracts not one dim");

  // Roles of q·kᵀ's result: batch pairs, the queries (q's free dims), the keys (k's).
  const ir::Value* q_in = scores.qk->operand(0);
  const ir::Value* k_in = scores.qk->operand(1);
  KILN_TRY(Roles q_free, free_roles(q_in->type(), qk_dims->lhs_batching, qk_dims->lhs_contracting,
                                    kQuery, "queries"));
  KILN_TRY(Roles k_free, free_roles(k_in->type(), qk_dims->rhs_batching, qk_dims->rhs_contracting,
                                    kKey, "keys"));
  Roles roles;
  for (size_t i = 0; i < qk_dims->lhs_batching.size(); ++i) roles.push_back(int(i));
  roles.insert(roles.end(), q_free.begin(), q_free.end());
  roles.insert(roles.end(), k_free.begin(), k_free.end());
  // Up the chain to the softmax's operand; the mask's roles where it is added.
  std::optional<std::pair<const ir::Value*, Roles>> bias;
  for (size_t l = scores.chain.size(); l-- > 0;) {
    KILN_TRY(roles, up(*scores.chain[l], roles));
    if (scores.add && l == scores.add_level) {
      KILN_TRY(bias, mask_roles(*scores.add, roles));
    }
  }
  if (mask_kind == "additive" && !bias) return refuse("no additive mask found");
  // The softmax's result: its operand's layout, or the transposed one it declares.
  if (const ir::Attribute* perm = config_entry(*softmax, "input_permutation");
      perm && perm->is<ir::DenseArrayAttr>()) {
    Roles t;
    for (int64_t p : perm->get<ir::DenseArrayAttr>().ints) t.push_back(roles[static_cast<size_t>(p)]);
    roles = std::move(t);
  }
  const ir::Attribute* axis = config_entry(*softmax, "axis");
  if (!axis || !axis->is<ir::IntegerAttr>() ||
      roles[static_cast<size_t>(axis->get<ir::IntegerAttr>().value)] != kKey) {
    return refuse("the softmax is not over the keys");
  }

  // P·V: P contracts the keys; V's free dim is its head dim.
  const auto& p_batching = p_side == 0 ? pv_dims->lhs_batching : pv_dims->rhs_batching;
  const auto& p_contracting = p_side == 0 ? pv_dims->lhs_contracting : pv_dims->rhs_contracting;
  const auto& v_batching = p_side == 0 ? pv_dims->rhs_batching : pv_dims->lhs_batching;
  const auto& v_contracting = p_side == 0 ? pv_dims->rhs_contracting : pv_dims->lhs_contracting;
  if (p_contracting.size() != 1 || roles[static_cast<size_t>(p_contracting[0])] != kKey) {
    return refuse("P·V does not contract the keys");
  }
  const ir::Value* v_in = pv->operand(1 - p_side);
  KILN_TRY(Roles v_free, free_roles(v_in->type(), v_batching, v_contracting, kHeadV, "v heads"));
  Roles v_roles = operand_roles(v_in->type(), v_batching, v_contracting, kKey, v_free);
  Roles o_roles, p_free;
  for (size_t i = 0; i < p_batching.size(); ++i) {
    const int r = roles[static_cast<size_t>(p_batching[i])];
    v_roles[static_cast<size_t>(v_batching[i])] = r;
    o_roles.push_back(r);
  }
  for (size_t d = 0; d < roles.size(); ++d) {
    if (std::count(p_batching.begin(), p_batching.end(), int64_t(d)) || int64_t(d) == p_contracting[0]) continue;
    if (roles[d] != kQuery && roles[d] != kUnit) return refuse("P·V keeps a batch dim free");
    p_free.push_back(roles[d]);
  }
  if (p_side == 0) {
    o_roles.insert(o_roles.end(), p_free.begin(), p_free.end());
    o_roles.insert(o_roles.end(), v_free.begin(), v_free.end());
  } else {
    o_roles.insert(o_roles.end(), v_free.begin(), v_free.end());
    o_roles.insert(o_roles.end(), p_free.begin(), p_free.end());
  }

  // q and k as the region reads them; GQA's repeat of k and v.
  Roles q_roles = operand_roles(q_in->type(), qk_dims->lhs_batching, qk_dims->lhs_contracting,
                                kHeadQK, q_free);
  Roles k_roles = operand_roles(k_in->type(), qk_dims->rhs_batching, qk_dims->rhs_contracting,
                                kHeadQK, k_free);
  const ir::Value* q = skip_scale(q_in);
  const ir::Value* k = skip_widening(k_in);
  const ir::Value* v = skip_widening(v_in);
  int h_role = -1;
  if (kv_repeated) {
    auto kr = repeat_of(k), vr = repeat_of(v);
    if (!kr || !vr) return refuse("kv_repeated without the repeat of k and v");
    if (k_roles[static_cast<size_t>(kr->second)] != v_roles[static_cast<size_t>(vr->second)] ||
        k_roles[static_cast<size_t>(kr->second)] >= kQuery) {
      return refuse("k and v are repeated over different dims");
    }
    h_role = k_roles[static_cast<size_t>(kr->second)];
    k = skip_widening(kr->first);
    v = skip_widening(vr->first);
  }
  for (const ir::Value* x : {q, k, v}) {
    if (x->defining_op() != nullptr) return refuse("q, k or v is computed inside the region");
  }

  // The batch pairs of size > 1 become b and h (h: the repeated one under GQA).
  std::vector<int> batch;
  const auto& scores_shape = scores.qk->result(0)->type().shape();
  for (size_t i = 0; i < qk_dims->lhs_batching.size(); ++i) {
    if (scores_shape[i] != 1) batch.push_back(int(i));
  }
  if (batch.size() > 2) return refuse(fmt::format("{} batch dims (cuDNN: b and h)", batch.size()));
  if (h_role < 0 && !batch.empty()) h_role = batch.back();
  int b_role = -1;
  for (int r : batch) {
    if (r != h_role) b_role = r;
  }

  AttentionLayout out;
  rt::AttentionDesc& d = out.desc;
  const ir::ElementType& et = q->type().element();
  if (et.kind() == ir::ElementKind::kBF16) {
    d.type = rt::FloatType::kBF16;
  } else if (et.kind() == ir::ElementKind::kF16) {
    d.type = rt::FloatType::kF16;
  } else {
    return refuse("q of type " + ir::to_string(et) + " (cuDNN: f16, bf16)");
  }
  for (const ir::Value* x : {k, v, root}) {
    if (x->type().element() != et) {
      return refuse("q, k, v and the output differ in type (" + ir::to_string(x->type().element()) + ")");
    }
  }
  KILN_TRY(d.q, view(*q, q_roles, {b_role, h_role, kQuery, kHeadQK}, "q"));
  KILN_TRY(d.k, view(*k, k_roles, {b_role, h_role, kKey, kHeadQK}, "k"));
  KILN_TRY(d.v, view(*v, v_roles, {b_role, h_role, kKey, kHeadV}, "v"));
  KILN_TRY(d.o, view(*root, o_roles, {b_role, h_role, kQuery, kHeadV}, "the output"));
  if (bias) {
    if (bias->first->type().element() != et) {
      return refuse("an additive mask of type " + ir::to_string(bias->first->type().element()) +
                    " (cuDNN: q's type)");
    }
    d.has_bias = true;
    KILN_TRY(d.bias, view(*bias->first, bias->second, {b_role, h_role, kQuery, kKey}, "the mask"));
    out.bias = bias->first->index();
  }
  if (d.o.strides[3] != 1) {
    out.relayout = true;
    out.result_strides = d.o.strides;
    d.o.strides = packed_strides(d.o.dims);
  }
  d.scale = scale && scale->is<ir::FloatAttr>() ? float(scale->get<ir::FloatAttr>().value) : 1.0f;
  d.causal = mask_kind == "causal";
  out.q = q->index();
  out.k = k->index();
  out.v = v->index();
  if (std::string why = rt::attention_unsupported_reason(d); !why.empty()) return refuse(why);
  return out;
}

}  // namespace kiln::backend::cuda
