// fuse-rope: rotary position embeddings into kiln.rope, in the two layouts models use:
//   half (GPT-NeoX, LLaMA): x * cos + rotate_half(x) * sin,
//     rotate_half(x) = concatenate(-x[..., d/2:], x[..., :d/2]) along the last dimension
//   interleaved (GPT-J): pairs (x[2i], x[2i+1]) -> (x0 cos - x1 sin, x0 sin + x1 cos), from
//     stride-2 slices, stacked on a new last dimension and reshaped back
// The cos / sin tables are any tensors broadcast to x's shape, or constants of x's shape (fold
// expands a small broadcast of a computed table into one); tables computed from iotas and
// constants go into the region (each match its own copy), others are operands.
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

struct RopeMatch {
  OpSet set;
  std::string style;
  bool tables_computed = false;
  ir::Value* x = nullptr;
  std::vector<ir::Value*> tables;  // what cos and sin are broadcast from
};

std::vector<int64_t> rope_ints(const ir::Operation& op, std::string_view name) {
  const auto* a = op.attr_as<ir::DenseArrayAttr>(name);
  return a ? a->ints : std::vector<int64_t>{};
}

// `v` = slice of x along its last dimension from `start` to `limit` by `stride`, whole elsewhere.
bool is_last_dim_slice(ir::Value* v, ir::Value* x, int64_t start, int64_t limit, int64_t stride) {
  ir::Operation* slice = defined_by(v, "stablehlo.slice");
  if (!slice || slice->operand(0) != x) return false;
  const std::vector<int64_t>& shape = x->type().shape();
  std::vector<int64_t> lo = rope_ints(*slice, "start_indices"),
                       hi = rope_ints(*slice, "limit_indices"), st = rope_ints(*slice, "strides");
  size_t last = shape.size() - 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    bool ok = d == last ? lo[d] == start && hi[d] == limit && st[d] == stride
                        : lo[d] == 0 && hi[d] == shape[d] && st[d] == 1;
    if (!ok) return false;
  }
  return true;
}

// A table: a broadcast of something, or a constant (its broadcasts into the set, and its
// computation when it is made of iotas and constants).
bool add_table(ir::Value* t, RopeMatch& m) {
  OpSet probe;
  Broadcast b = strip_broadcasts(t, probe);
  if (b.broadcasts == 0 && !defined_by(t, "stablehlo.constant")) return false;
  for (ir::Operation* op : probe.ops()) m.set.add(op);
  m.tables.push_back(b.source);
  OpSet computed;
  if (computed_from_constants(b.source, &computed)) {
    for (ir::Operation* op : computed.ops()) m.set.add(op);
    m.tables_computed = true;
  }
  return true;
}

// a * b with a == x: returns b (the table), else nullptr.
ir::Value* times(ir::Value* product, ir::Value* x, OpSet& set) {
  ir::Operation* mul = defined_by(product, "stablehlo.multiply");
  if (!mul) return nullptr;
  ir::Value* t = nullptr;
  either_order(mul, [&](ir::Value* a, ir::Value* b) { return a == x && (t = b); });
  if (t) set.add(mul);
  return t;
}

std::optional<RopeMatch> match_half(ir::Operation& add) {
  std::optional<RopeMatch> out;
  either_order(&add, [&](ir::Value* xc, ir::Value* rs) {
    RopeMatch m;
    ir::Operation* mul = defined_by(xc, "stablehlo.multiply");
    ir::Operation* mul2 = defined_by(rs, "stablehlo.multiply");
    if (!mul || !mul2) return false;
    for (int k = 0; k < 2; ++k) {
      ir::Value* x = mul->operand(static_cast<size_t>(k));
      ir::Value* cos = mul->operand(static_cast<size_t>(1 - k));
      for (int j = 0; j < 2; ++j) {
        ir::Value* rot = mul2->operand(static_cast<size_t>(j));
        ir::Value* sin = mul2->operand(static_cast<size_t>(1 - j));
        ir::Operation* cat = defined_by(rot, "stablehlo.concatenate");
        int64_t last = x->type().rank() - 1;
        int64_t d = last >= 0 ? x->type().dim(last) : 0;
        const auto* dim = cat ? cat->attr_as<ir::IntegerAttr>("dimension") : nullptr;
        if (!dim || dim->value != last || cat->num_operands() != 2 || d % 2 != 0) continue;
        ir::Operation* neg = defined_by(cat->operand(0), "stablehlo.negate");
        if (!neg || !is_last_dim_slice(neg->operand(0), x, d / 2, d, 1) ||
            !is_last_dim_slice(cat->operand(1), x, 0, d / 2, 1)) {
          continue;
        }
        if (!add_table(cos, m) || !add_table(sin, m)) return false;
        for (ir::Operation* op : {mul, mul2, cat, neg, neg->operand(0)->defining_op(),
                                  cat->operand(1)->defining_op(), &add}) {
          m.set.add(op);
        }
        m.style = "half";
        m.x = x;
        out = std::move(m);
        return true;
      }
    }
    return false;
  });
  return out;
}

// The stacked half of the interleaved form: bcast(v) adding a trailing size-1 dimension.
ir::Value* unstack(ir::Value* v, OpSet& set) {
  ir::Operation* b = defined_by(v, "stablehlo.broadcast_in_dim");
  if (!b || b->result(0)->type().dim(b->result(0)->type().rank() - 1) != 1) return nullptr;
  std::vector<int64_t> dims = rope_ints(*b, "broadcast_dimensions");
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != static_cast<int64_t>(i)) return nullptr;
  }
  if (static_cast<int64_t>(dims.size()) + 1 != b->result(0)->type().rank()) return nullptr;
  set.add(b);
  return b->operand(0);
}

std::optional<RopeMatch> match_interleaved(ir::Operation& reshape) {
  RopeMatch m;
  ir::Operation* cat = defined_by(reshape.operand(0), "stablehlo.concatenate");
  const auto* dim = cat ? cat->attr_as<ir::IntegerAttr>("dimension") : nullptr;
  if (!dim || cat->num_operands() != 2 || dim->value != cat->result(0)->type().rank() - 1) {
    return std::nullopt;
  }
  ir::Value* r0 = unstack(cat->operand(0), m.set);
  ir::Value* r1 = unstack(cat->operand(1), m.set);
  ir::Operation* sub = r0 ? defined_by(r0, "stablehlo.subtract") : nullptr;
  ir::Operation* add = r1 ? defined_by(r1, "stablehlo.add") : nullptr;
  if (!sub || !add) return std::nullopt;
  // x_even * cos - x_odd * sin, from the slices of one x.
  ir::Operation* even_mul = defined_by(sub->operand(0), "stablehlo.multiply");
  if (!even_mul) return std::nullopt;
  for (int k = 0; k < 2; ++k) {
    ir::Value* even = even_mul->operand(static_cast<size_t>(k));
    ir::Value* cos = even_mul->operand(static_cast<size_t>(1 - k));
    ir::Operation* slice = defined_by(even, "stablehlo.slice");
    if (!slice) continue;
    ir::Value* x = slice->operand(0);
    int64_t d = x->type().dim(x->type().rank() - 1);
    if (!is_last_dim_slice(even, x, 0, d, 2)) continue;
    OpSet local;
    ir::Operation* odd_mul = defined_by(sub->operand(1), "stablehlo.multiply");
    ir::Value* odd = nullptr;
    ir::Value* sin = nullptr;
    if (odd_mul) {
      either_order(odd_mul, [&](ir::Value* a, ir::Value* b) {
        return is_last_dim_slice(a, x, 1, d, 2) && (odd = a) && (sin = b);
      });
    }
    if (!odd) continue;
    // x_even * sin + x_odd * cos, either order.
    bool second = either_order(add, [&](ir::Value* a, ir::Value* b) {
      return times(a, even, local) == sin && times(b, odd, local) == cos;
    });
    if (!second || !add_table(cos, m) || !add_table(sin, m)) continue;
    for (ir::Operation* op : local.ops()) m.set.add(op);
    for (ir::Operation* op :
         {even_mul, odd_mul, sub, add, slice, odd->defining_op(), cat, &reshape}) {
      m.set.add(op);
    }
    m.style = "interleaved";
    m.x = x;
    return m;
  }
  return std::nullopt;
}

class FuseRope : public Pass {
 public:
  std::string_view name() const override { return "fuse-rope"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (std::string_view root : {"stablehlo.add", "stablehlo.reshape"}) {
      for (ir::Operation* op : ops_named(module, root)) {
        if (inside_kiln_op(*op)) continue;
        std::optional<RopeMatch> m =
            root == "stablehlo.add" ? match_half(*op) : match_interleaved(*op);
        if (!m) continue;
        std::vector<ir::NamedAttribute> config = {
            config_str("style", m->style), config_i64("axis", op->result(0)->type().rank() - 1),
            config_bool("tables_computed", m->tables_computed)};
        KILN_TRY(ir::Operation * f, fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kRope,
                                                 config, rewriter, context));
        if (!f) continue;
        // Operand roles, known once outline has ordered the operands (-1: inside the region).
        config.push_back(config_i64("input", operand_index(*f, m->x)));
        config.push_back(config_i64("cos", operand_index(*f, m->tables[0])));
        config.push_back(config_i64("sin", operand_index(*f, m->tables[1])));
        f->set_attr("config", ir::DictionaryAttr{std::move(config)});
        ++fused;
      }
    }
    context.count("ropes fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseRope, "fuse-rope",
                   "rotary embeddings (half rotation and interleaved) into kiln.rope");

}  // namespace kiln::passes
