// flash_attention's match: a kiln.attention composite read back from its region (the layout
// of its products, GQA's repeat, the mask) and its config (scale, mask, operand roles).
#include "kernels/cuda/flash_attention_match.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ir/attribute.h"
#include "ir/ops/kiln_ops.h"
#include "kernels/cuda/op_match.h"

namespace kiln::kernels {

namespace {

using Dims = std::vector<int64_t>;

bool is_float_convert(const ir::Operation* op) {
  return op && op->name() == "stablehlo.convert" && op->operand(0)->type().element().is_float() &&
         op->result(0)->type().element().is_float();
}

const ir::Value* skip_converts(const ir::Value* v) {
  while (is_float_convert(v->defining_op())) v = v->defining_op()->operand(0);
  return v;
}

// Whether `v` is computed from constants alone (a scale's factor).
bool from_constants(const ir::Value* v) {
  const ir::Operation* op = v->defining_op();
  return op && std::all_of(op->operands().begin(), op->operands().end(), from_constants);
}

// The value a multiply or divide by a constant scales, or null.
const ir::Value* scaled_value(const ir::Operation& op) {
  if (op.name() != "stablehlo.multiply" && op.name() != "stablehlo.divide") return nullptr;
  if (from_constants(op.operand(1))) return op.operand(0);
  if (op.name() == "stablehlo.multiply" && from_constants(op.operand(0))) return op.operand(1);
  return nullptr;
}

// jnp.repeat of KV heads: reshape(broadcast_in_dim(narrow [B, Hkv, S, D], dims [0, 1, 3, 4])
// -> [B, Hkv, G, S, D]) -> [B, Hkv G, S, D], so that head h reads KV head h / G. The narrow
// value, or null.
const ir::Value* repeated_heads(const ir::Value* wide) {
  const ir::Operation* reshape = wide->defining_op();
  if (!reshape || reshape->name() != "stablehlo.reshape") return nullptr;
  const ir::Operation* b = reshape->operand(0)->defining_op();
  if (!b || b->name() != "stablehlo.broadcast_in_dim") return nullptr;
  const auto* dims = b->attr_as<ir::DenseArrayAttr>("broadcast_dimensions");
  if (!dims || dims->ints != Dims{0, 1, 3, 4} || wide->type().rank() != 4) return nullptr;
  return b->operand(0);
}

// The index of the region argument `v` reads, through float converts, scales by constants
// (q's) and, where `repeat`, GQA's repeat; -1 where it is computed otherwise.
int64_t source_argument(const ir::Value* v, bool repeat) {
  for (;;) {
    const ir::Operation* op = v->defining_op();
    if (!op) return v->index();
    if (is_float_convert(op)) {
      v = op->operand(0);
    } else if (const ir::Value* s = scaled_value(*op)) {
      v = s;
    } else if (const ir::Value* narrow = repeat ? repeated_heads(v) : nullptr) {
      v = narrow;
      repeat = false;
    } else {
      return -1;
    }
  }
}

bool has_dims(const ir::Operation& dot, const Dims& lhs_contracting, const Dims& rhs_contracting) {
  const auto* d = dot.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  return d && d->lhs_batching == Dims{0, 1} && d->rhs_batching == Dims{0, 1} &&
         d->lhs_contracting == lhs_contracting && d->rhs_contracting == rhs_contracting;
}

// The q·kᵀ product under the softmax's operand: through float converts, scales and a mask's
// select (its kept side); null where something else lies between.
const ir::Operation* scores_product(const ir::Value* s) {
  for (;;) {
    const ir::Operation* op = s->defining_op();
    if (!op) return nullptr;
    if (op->name() == "stablehlo.dot_general") return op;
    if (is_float_convert(op)) {
      s = op->operand(0);
    } else if (const ir::Value* x = scaled_value(*op)) {
      s = x;
    } else if (op->name() == "stablehlo.select") {
      s = op->operand(1);
    } else {
      return nullptr;
    }
  }
}

// Does the region compute q·kᵀ and P·V in the kernel's layout, reading q, k, v as arguments
// 0, 1, 2 (k and v through GQA's repeat where `repeat`)?
bool region_in_layout(const ir::Operation& op, bool repeat) {
  const ir::Block& body = op.region(0).front();
  for (const auto& o : body.operations()) {
    if (o->name() == "stablehlo.transpose") return false;
  }
  const ir::Operation* ret = body.terminator();
  if (!ret || ret->num_operands() != 1) return false;
  const ir::Operation* pv = skip_converts(ret->operand(0))->defining_op();
  if (!pv || pv->name() != "stablehlo.dot_general" || !has_dims(*pv, {3}, {2})) return false;
  if (source_argument(pv->operand(1), repeat) != 2) return false;
  const ir::Operation* softmax = skip_converts(pv->operand(0))->defining_op();
  if (!softmax || ir::kiln_composite_of(softmax->id()) != ir::KilnComposite::kSoftmax ||
      !config_over_last_axis(*softmax)) {
    return false;
  }
  const ir::Operation* qk = scores_product(softmax->operand(0));
  return qk && has_dims(*qk, {3}, {3}) && source_argument(qk->operand(0), false) == 0 &&
         source_argument(qk->operand(1), repeat) == 1;
}

}  // namespace

std::optional<AttentionInLayout> attention_in_layout(const ir::Operation& op, bool causal) {
  if (op.num_operands() != 3 || op.num_results() != 1 || op.num_regions() != 1 ||
      op.region(0).empty()) {
    return std::nullopt;
  }
  const ir::Attribute* mask = config_entry(op, "mask");
  const auto* mask_kind = mask ? mask->get_if<ir::StringAttr>() : nullptr;
  const ir::Attribute* scale = config_entry(op, "scale");
  const auto* scale_value = scale ? scale->get_if<ir::FloatAttr>() : nullptr;
  if (!mask_kind || mask_kind->value != (causal ? "causal" : "none") || !scale_value) {
    return std::nullopt;
  }
  if (config_int(op, "q") != 0 || config_int(op, "k") != 1 || config_int(op, "v") != 2) {
    return std::nullopt;
  }
  auto ins = static_operand_types(op);
  auto outs = static_result_types(op);
  if (!ins || !outs) return std::nullopt;
  const ir::Type &q = (*ins)[0], &k = (*ins)[1], &v = (*ins)[2], &o = (*outs)[0];
  if (q.rank() != 4 || k.rank() != 4 || k != v || o != q) return std::nullopt;
  if (k.element() != q.element()) return std::nullopt;
  const Dims &qs = q.shape(), &ks = k.shape();
  if (ks[0] != qs[0] || ks[3] != qs[3]) return std::nullopt;
  if (causal && qs[2] != ks[2]) return std::nullopt;
  const bool repeat = config_bool(op, "kv_repeated").value_or(false);
  // Without the repeat K and V have Hq heads (with it, Hq is a multiple: make_problem checks).
  if (!repeat && ks[1] != qs[1]) return std::nullopt;
  if (!region_in_layout(op, repeat)) return std::nullopt;
  return AttentionInLayout{{qs[0], qs[1], ks[1], qs[2], ks[2], qs[3]}, q.element(),
                           scale_value->value};
}

std::optional<Problem> flash_attention_match(const KernelSpec& spec, const ir::Operation& op,
                                             bool causal) {
  std::optional<AttentionInLayout> a = attention_in_layout(op, causal);
  if (!a) return std::nullopt;
  auto p = fitting_problem(spec, op, a->dims, a->dtype);
  if (!p) return std::nullopt;
  p->scale = a->scale;
  return p;
}

}  // namespace kiln::kernels
