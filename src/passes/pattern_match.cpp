// Matching helpers of the pattern-fusion passes: splats, broadcasts, reductions, outlining.
#include "passes/pattern_match.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "ir/float_format.h"
#include "passes/outline.h"

namespace kiln::passes {

namespace {

const ir::Attribute* attr_of(const ir::Operation* op, std::string_view name) {
  return op ? op->attr(name) : nullptr;
}

std::vector<int64_t> i64_array(const ir::Operation* op, std::string_view name) {
  const ir::Attribute* a = attr_of(op, name);
  if (!a) return {};
  if (const auto* d = a->get_if<ir::DenseArrayAttr>()) return d->ints;
  return {};
}

bool is_float_tensor(const ir::Value* v) {
  return v->type().is_tensor() && v->type().element().is_float();
}

}  // namespace

bool is_float_convert(const ir::Operation* op) {
  return op && op->name() == "stablehlo.convert" && is_float_tensor(op->operand(0)) &&
         is_float_tensor(op->result(0));
}

namespace {

// The reduce body is `return op(arg0, arg1)` (either order) with op named `combiner`.
bool body_is(const ir::Operation& reduce, std::string_view combiner) {
  if (reduce.num_regions() != 1 || reduce.region(0).blocks().size() != 1) return false;
  const ir::Block& body = reduce.region(0).front();
  if (body.num_arguments() != 2 || body.operations().size() != 2) return false;
  const ir::Operation& op = *body.operations()[0];
  const ir::Operation& ret = *body.operations()[1];
  if (op.name() != combiner || op.num_operands() != 2 || ret.num_operands() != 1 ||
      ret.operand(0) != op.result(0)) {
    return false;
  }
  const ir::Value* a = body.argument(0);
  const ir::Value* b = body.argument(1);
  return (op.operand(0) == a && op.operand(1) == b) || (op.operand(0) == b && op.operand(1) == a);
}

}  // namespace

ir::Operation* defined_by(const ir::Value* v, std::string_view name) {
  ir::Operation* op = v ? v->defining_op() : nullptr;
  return op && op->name() == name ? op : nullptr;
}

namespace {

// The relative rounding error of a float kind (half its epsilon), for the narrow ones.
double rounding_of(ir::ElementKind kind) {
  switch (kind) {
    case ir::ElementKind::kBF16:
      return 1.0 / 256;
    case ir::ElementKind::kF16:
      return 1.0 / 2048;
    default:
      return 0;
  }
}

}  // namespace

std::optional<double> splat_value(ir::Value* v, OpSet* set) {
  std::vector<ir::Operation*> path;
  ir::Operation* op = v->defining_op();
  while (op && (op->name() == "stablehlo.broadcast_in_dim" || op->name() == "stablehlo.reshape" ||
                is_float_convert(op))) {
    path.push_back(op);
    op = op->operand(0)->defining_op();
  }
  if (!op || op->id() != ir::ops::kConstant) return std::nullopt;
  const auto* value = op->attr_as<ir::DenseElementsAttr>("value");
  if (!value || !value->type.element().is_float() ||
      !(value->splat || value->num_elements() == 1)) {
    return std::nullopt;
  }
  double x = ir::bits_to_double(value->type.element().kind(), value->element_bits(0));
  if (set) {
    for (ir::Operation* p : path) set->add(p);
  }
  return x;
}

bool is_splat(ir::Value* v, double c, double rel, OpSet* set) {
  std::optional<double> x = splat_value(v, nullptr);
  if (!x) return false;
  if (c != 0) rel = std::max(rel, rounding_of(v->type().element().kind()));
  bool equal = std::isinf(c) ? *x == c
               : c == 0      ? std::fabs(*x) <= rel
                             : std::fabs(*x - c) <= rel * std::fabs(c);
  if (equal && set) (void)splat_value(v, set);
  return equal;
}

ir::Value* skip_float_converts(ir::Value* v, OpSet& set) {
  while (is_float_convert(v->defining_op())) {
    set.add(v->defining_op());
    v = v->defining_op()->operand(0);
  }
  return v;
}

bool same_up_to_converts(ir::Value* a, ir::Value* b, OpSet& set) {
  if (a == b) return true;
  OpSet local, ignored;
  if (skip_float_converts(a, local) != skip_float_converts(b, ignored)) return false;
  for (ir::Operation* op : local.ops()) set.add(op);
  return true;
}

namespace {

// A reshape that only inserts size-1 dimensions: operand dimension i lands on map[i].
std::optional<std::vector<int64_t>> reshape_map(const ir::Operation& op) {
  const std::vector<int64_t>& in = op.operand(0)->type().shape();
  const std::vector<int64_t>& out = op.result(0)->type().shape();
  std::vector<int64_t> map;
  size_t j = 0;
  for (int64_t d : in) {
    while (j < out.size() && out[j] != d && out[j] == 1) ++j;
    if (j == out.size() || out[j] != d) return std::nullopt;
    map.push_back(static_cast<int64_t>(j++));
  }
  for (; j < out.size(); ++j) {
    if (out[j] != 1) return std::nullopt;
  }
  return map;
}

}  // namespace

Broadcast strip_broadcasts(ir::Value* v, OpSet& set) {
  Broadcast b;
  for (int64_t i = 0; i < v->type().rank(); ++i) b.map.push_back(i);
  for (ir::Operation* op = v->defining_op(); op; op = v->defining_op()) {
    if (is_float_convert(op)) {
      set.add(op);
      v = op->operand(0);
      continue;
    }
    std::vector<int64_t> dims;
    if (op->name() == "stablehlo.broadcast_in_dim") {
      dims = i64_array(op, "broadcast_dimensions");
    } else if (op->name() == "stablehlo.reshape" && reshape_map(*op)) {
      dims = *reshape_map(*op);
    } else if (op->name() == "stablehlo.transpose") {
      // Result dimension i is operand dimension perm[i].
      std::vector<int64_t> perm = i64_array(op, "permutation");
      dims.assign(perm.size(), 0);
      for (size_t i = 0; i < perm.size(); ++i)
        dims[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    } else {
      break;
    }
    std::vector<int64_t> map;
    for (int64_t d : dims) map.push_back(b.map[static_cast<size_t>(d)]);
    b.map = std::move(map);
    ++b.broadcasts;
    set.add(op);
    v = op->operand(0);
  }
  b.source = v;
  return b;
}

std::vector<int64_t> compose(const std::vector<int64_t>& inner, const std::vector<int64_t>& outer) {
  std::vector<int64_t> out;
  for (int64_t d : inner) out.push_back(outer[static_cast<size_t>(d)]);
  return out;
}

std::optional<Reduction> match_reduce(ir::Value* v, ReduceKind kind) {
  ir::Operation* op = defined_by(v, "stablehlo.reduce");
  if (!op || op->num_operands() != 2 || op->num_results() != 1) return std::nullopt;
  bool sum = kind == ReduceKind::kSum;
  if (!body_is(*op, sum ? "stablehlo.add" : "stablehlo.maximum")) return std::nullopt;
  if (!is_splat(op->operand(1), sum ? 0.0 : -INFINITY, 0.0)) return std::nullopt;
  Reduction r{op, op->operand(0), i64_array(op, "dimensions")};
  std::sort(r.axes.begin(), r.axes.end());
  return r;
}

bool is_row_broadcast(const Reduction& r, const std::vector<int64_t>& map) {
  std::vector<int64_t> kept;
  for (int64_t d = 0; d < r.input->type().rank(); ++d) {
    if (!std::binary_search(r.axes.begin(), r.axes.end(), d)) kept.push_back(d);
  }
  return map == kept;
}

// x = transpose(t) and r the row max of t: jax.nn.dot_product_attention takes the max of the
// scores and subtracts it from their transpose. The max's axes and kept dimensions, carried
// through the permutation, must be `axes` and `map`.
static bool transposed_row_max(const Reduction& r, const std::vector<int64_t>& map, ir::Value* x,
                               const std::vector<int64_t>& axes, OpSet& set) {
  ir::Operation* t = defined_by(x, "stablehlo.transpose");
  if (!t || t->operand(0) != r.input) return false;
  const auto* perm = t->attr_as<ir::DenseArrayAttr>("permutation");
  if (!perm) return false;
  std::vector<int64_t> where(perm->ints.size());  // t's dimension d is x's dimension where[d]
  for (size_t i = 0; i < perm->ints.size(); ++i) {
    where[static_cast<size_t>(perm->ints[i])] = static_cast<int64_t>(i);
  }
  std::vector<int64_t> x_axes, kept;
  for (int64_t d = 0; d < r.input->type().rank(); ++d) {
    bool reduced = std::binary_search(r.axes.begin(), r.axes.end(), d);
    (reduced ? x_axes : kept).push_back(where[static_cast<size_t>(d)]);
  }
  std::sort(x_axes.begin(), x_axes.end());
  if (x_axes != axes || kept != map) return false;
  set.add(t);
  return true;
}

// `v` (mapped into the final value by `map`) is the row max of `x` over `axes`, with JAX's
// guards. Adds its ops to `set`.
bool match_row_max(ir::Value* v, std::vector<int64_t> map, ir::Value* x,
                   const std::vector<int64_t>& axes, OpSet& set) {
  OpSet local;
  for (;;) {
    Broadcast b = strip_broadcasts(v, local);
    map = compose(b.map, map);
    v = b.source;
    if (ir::Operation* m = defined_by(v, "stablehlo.maximum")) {
      ir::Value* other = nullptr;
      either_order(m, [&](ir::Value* a, ir::Value* c) {
        if (!is_splat(a, -INFINITY, 0.0, &local)) return false;
        other = c;
        return true;
      });
      if (!other) return false;
      local.add(m);
      v = other;
      continue;
    }
    if (ir::Operation* s = defined_by(v, "stablehlo.select")) {
      ir::Operation* finite = defined_by(s->operand(0), "stablehlo.is_finite");
      if (!finite || finite->operand(0) != s->operand(1) ||
          !is_splat(s->operand(2), 0.0, 0.0, &local)) {
        return false;
      }
      local.add(s);
      local.add(finite);
      v = s->operand(1);
      continue;
    }
    break;
  }
  std::optional<Reduction> r = match_reduce(v, ReduceKind::kMax);
  if (!r) return false;
  if (same_up_to_converts(r->input, x, local)) {
    if (r->axes != axes || !is_row_broadcast(*r, map)) return false;
  } else if (!transposed_row_max(*r, map, x, axes, local)) {
    return false;
  }
  local.add(r->op);
  for (ir::Operation* op : local.ops()) set.add(op);
  return true;
}

ir::NamedAttribute config_i64(std::string name, int64_t v) {
  return {std::move(name), ir::i64_attr(v)};
}
ir::NamedAttribute config_f64(std::string name, double v) {
  return {std::move(name), ir::FloatAttr{v, ir::ElementKind::kF64}};
}
ir::NamedAttribute config_bool(std::string name, bool v) {
  return {std::move(name), ir::BoolAttr{v}};
}
ir::NamedAttribute config_str(std::string name, std::string v) {
  return {std::move(name), ir::StringAttr{std::move(v)}};
}
ir::NamedAttribute config_i64s(std::string name, std::vector<int64_t> v) {
  return {std::move(name), ir::dense_i64_array(std::move(v))};
}
ir::NamedAttribute config_axes(const std::vector<int64_t>& axes) {
  if (axes.size() == 1) return config_i64("axis", axes[0]);
  return config_i64s("axes", axes);
}

namespace {}  // namespace

bool computed_from_constants(ir::Value* v, OpSet* set) {
  ir::Operation* op = v->defining_op();
  if (!op || op->num_regions() != 0 || op->num_results() != 1) return false;
  if (op->id() == ir::ops::kConstant) return true;
  if (op->name() != "stablehlo.iota") {
    for (ir::Value* operand : op->operands()) {
      if (!computed_from_constants(operand, set)) return false;
    }
  }
  if (set) set->add(op);
  return true;
}

namespace {

// An op computing a constant scalar or splat (a broadcast constant, jnp.var's n - ddof): the
// set may have its own copy.
bool is_constant_computation(const ir::Operation* op) {
  return op->id() != ir::ops::kConstant && op->num_results() == 1 && op->num_regions() == 0 &&
         (constant_value(op->result(0)).has_value() || computed_from_constants(op->result(0)));
}

// Gives the outside readers of a constant computation in the set their own copy, so the set's
// stays private. Last op first: a copy reads the originals of its operands, which thereby get
// an outside reader and are copied in turn (each copy just after its original).
void privatize_constants(const OpSet& set, ir::Rewriter& rewriter) {
  std::vector<ir::Operation*> ops = set.ops();
  ir::Block* block = ops.empty() ? nullptr : ops.front()->parent_block();
  if (!block) return;
  for (ir::Operation* op : ops) {
    if (op->parent_block() != block) return;  // can_outline refuses it anyway
  }
  std::sort(ops.begin(), ops.end(),
            [&](auto* a, auto* b) { return block->index_of(a) > block->index_of(b); });
  for (ir::Operation* op : ops) {
    if (!is_constant_computation(op)) continue;
    ir::Value* v = op->result(0);
    bool outside = false;
    for (const ir::Use& use : v->uses()) outside |= !set.contains(use.user);
    if (!outside || !rewriter.set_insertion_point_after(*op).ok()) continue;
    ir::ValueMap map;
    ir::Operation* copy = rewriter.clone(*op, map);
    v->replace_uses_if(copy->result(0), [&](const ir::Use& use) {
      return !set.contains(use.user) && use.user != copy;
    });
  }
}

}  // namespace

Expected<ir::Operation*> fuse_matched(OpSet& set, const std::vector<ir::Value*>& results,
                                      ir::KilnComposite kind,
                                      std::vector<ir::NamedAttribute> config,
                                      ir::Rewriter& rewriter, PassContext& context,
                                      std::vector<ir::Value*> inputs) {
  std::string name(ir::kKilnCompositeNames[static_cast<size_t>(kind)]);
  privatize_constants(set, rewriter);
  for (ir::Operation* op : set.ops()) {
    for (const auto& r : op->results()) {
      if (std::find(results.begin(), results.end(), r.get()) != results.end()) continue;
      for (const ir::Use& use : r->uses()) {
        if (!set.contains(use.user)) {
          context.explain(name + ": not fused: " + op->name() + " is used outside the pattern");
          return nullptr;
        }
      }
    }
  }
  if (!can_outline(set.ops())) {
    context.explain(name + ": not fused: a result is used between the pattern's ops");
    return nullptr;
  }
  std::vector<ir::NamedAttribute> attrs;
  attrs.push_back({"config", ir::DictionaryAttr{std::move(config)}});
  return outline(set.ops(), ir::kiln_composite_id(kind), std::move(attrs), rewriter, results,
                 std::move(inputs));
}

int64_t operand_index(const ir::Operation& op, const ir::Value* v) {
  for (size_t i = 0; i < op.num_operands(); ++i) {
    if (op.operand(i) == v) return static_cast<int64_t>(i);
  }
  return -1;
}

bool inside_kiln_op(const ir::Operation& op) {
  for (const ir::Operation* p = op.parent_op(); p; p = p->parent_op()) {
    if (ir::is_kiln_op(p->id())) return true;
  }
  return false;
}

namespace {

// The ops named any of `names`, in program order (kiln ops' regions not searched).
std::vector<ir::Operation*> ops_named_any(ir::Module& module,
                                          std::initializer_list<std::string_view> names) {
  std::vector<ir::Operation*> out;
  std::function<void(ir::Operation&)> visit = [&](ir::Operation& op) {
    if (std::find(names.begin(), names.end(), op.name()) != names.end()) out.push_back(&op);
    if (ir::is_kiln_op(op.id())) return;
    for (const auto& region : op.regions()) {
      for (const auto& block : region->blocks()) {
        for (const auto& inner : block->operations()) visit(*inner);
      }
    }
  };
  for (ir::Operation* f : module.functions()) visit(*f);
  return out;
}

}  // namespace

std::vector<ir::Operation*> ops_named(ir::Module& module, std::string_view name) {
  return ops_named_any(module, {name});
}

std::vector<ir::Operation*> ops_named_last_first(ir::Module& module,
                                                 std::initializer_list<std::string_view> names) {
  std::vector<ir::Operation*> out = ops_named_any(module, names);
  std::reverse(out.begin(), out.end());
  return out;
}


}  // namespace kiln::passes
