// canonicalize: one form for each JAX idiom that later passes match on. chlo ops decomposed
// into StableHLO where that is exact (the rest kept as named ops; src/passes/README.md lists
// each), dynamic_slice at constant starts as slice, constant dynamic slice starts clamped as
// the spec clamps them, fori_loop trip counts recorded on the while, dot as dot_general, and
// constants second in commutative ops and compares.
#include <algorithm>
#include <array>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "interp/tensor.h"
#include "ir/ops/chlo_broadcast.h"
#include "ir/rewriter.h"
#include "passes/pass.h"

// A namespace of its own: unity builds compile the passes in one translation unit.
namespace kiln::passes::canonicalize {

namespace {

using ir::Operation;
using ir::Value;

// A round rewrites every op it can; rules feed each other (a chlo.constant becomes the
// constant a dynamic_slice start needs), so rounds repeat until one changes nothing.
constexpr int kMaxRounds = 8;

bool is(const Operation& op, std::string_view name) { return op.name() == name; }

bool is_static_tensor(const Value* v) { return v->type().is_tensor() && v->type().is_static(); }

const ir::DenseElementsAttr* constant_of(const Value* v) {
  const Operation* def = v->defining_op();
  if (!def || def->id() != ir::ops::kConstant) return nullptr;
  return def->attr_as<ir::DenseElementsAttr>("value");
}

// A constant, or a constant broadcast (JAX writes `2.0 * x` as a broadcast scalar times x).
bool is_constant_like(const Value* v) {
  if (constant_of(v)) return true;
  const Operation* def = v->defining_op();
  return def && is(*def, "stablehlo.broadcast_in_dim") && constant_of(def->operand(0));
}

// The integer held by a rank-0 integer constant, read as the interpreter reads a start index:
// signed types sign-extended, unsigned values beyond int64 saturated.
std::optional<int64_t> constant_index(const Value* v) {
  const ir::DenseElementsAttr* c = constant_of(v);
  if (!c || c->type.rank() != 0) return std::nullopt;
  const ir::ElementType& e = c->type.element();
  if (!e.is_int() && !e.is_index()) return std::nullopt;
  uint64_t bits = c->element_bits(0);
  int width = e.bit_width();
  if (e.is_unsigned_int()) {
    if (width < 64) bits &= (uint64_t{1} << width) - 1;
    return bits > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(bits);
  }
  if (width < 64) {
    uint64_t sign = uint64_t{1} << (width - 1);
    bits &= (sign << 1) - 1;
    bits = (bits ^ sign) - sign;
  }
  return static_cast<int64_t>(bits);
}

// A splat of `type` whose every element has the raw bits `bits`.
ir::DenseElementsAttr splat_bits(const ir::Type& type, uint64_t bits) {
  const ir::ElementType& e = type.element();
  if (int w = e.bit_width(); w < 8) bits &= (uint64_t{1} << w) - 1;
  auto data = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(e.storage_bytes()));
  for (size_t i = 0; i < data->size(); ++i) (*data)[i] = static_cast<uint8_t>(bits >> (8 * i));
  return ir::DenseElementsAttr{type, std::move(data), true};
}

// --- chlo ----------------------------------------------------------------------------------

// x broadcast to `shape` as the interpreter broadcasts chlo operands: the operand the
// attribute maps (`mapped`: ir::chlo_broadcast_dimensions_map) to broadcast_dimensions when
// given, else to the trailing dimensions; size-1 dimensions stretch. nullopt when x cannot
// broadcast (an op the verifier let through; it is left alone).
std::optional<std::vector<int64_t>> broadcast_dims(const Value* x,
                                                   const std::vector<int64_t>& shape,
                                                   const ir::DenseArrayAttr* attr, bool mapped) {
  const ir::Type& t = x->type();
  auto rank = static_cast<int64_t>(shape.size());
  if (t.rank() > rank) return std::nullopt;
  std::vector<int64_t> dims(static_cast<size_t>(t.rank()));
  if (attr && !attr->ints.empty() && mapped) {
    dims = attr->ints;
  } else {
    std::iota(dims.begin(), dims.end(), rank - t.rank());
  }
  if (static_cast<int64_t>(dims.size()) != t.rank()) return std::nullopt;
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] < 0 || dims[k] >= rank) return std::nullopt;
    int64_t size = t.dim(static_cast<int64_t>(k));
    if (size != 1 && size != shape[static_cast<size_t>(dims[k])]) return std::nullopt;
  }
  return dims;
}

// The operands of a broadcasting chlo op, each broadcast to the result's shape (where its
// shape differs), created before op; empty when some operand cannot be.
std::vector<Value*> broadcast_operands(Operation& op, ir::Rewriter& rw, bool use_dims) {
  const std::vector<int64_t>& shape = op.result(0)->type().shape();
  // broadcast_select has no broadcast_dimensions: numpy's rule only.
  const auto* attr = use_dims ? op.attr_as<ir::DenseArrayAttr>("broadcast_dimensions") : nullptr;
  std::vector<std::optional<std::vector<int64_t>>> dims;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    Value* v = op.operand(i);
    if (!is_static_tensor(v)) return {};
    dims.push_back(broadcast_dims(v, shape, attr, ir::chlo_broadcast_dimensions_map(op, i)));
    if (!dims.back()) return {};
  }
  std::vector<Value*> out;
  std::vector<int64_t> identity(shape.size());
  std::iota(identity.begin(), identity.end(), 0);
  for (size_t i = 0; i < op.num_operands(); ++i) {
    Value* v = op.operand(i);
    if (v->type().shape() == shape && *dims[i] == identity) {
      out.push_back(v);
      continue;
    }
    ir::Type type = ir::Type::tensor(shape, v->type().element());
    out.push_back(rw.create("stablehlo.broadcast_in_dim", {v}, {type},
                            {{"broadcast_dimensions", ir::dense_i64_array(*dims[i])}}, 0,
                            op.location())
                      ->result(0));
  }
  return out;
}

// The value name of a `#chlo<kind VALUE>` attribute or an enum attribute of `kind`.
std::optional<int> chlo_enum(const Operation& op, std::string_view name, ir::EnumKind kind) {
  const ir::Attribute* a = op.attr(name);
  if (!a) return std::nullopt;
  if (const auto* e = a->get_if<ir::EnumAttr>()) {
    return e->kind == kind ? std::optional<int>(e->value) : std::nullopt;
  }
  const auto* text = a->get_if<ir::OpaqueAttr>();
  if (!text || !text->text.ends_with(">")) return std::nullopt;
  size_t space = text->text.rfind(' ');
  if (space == std::string::npos) return std::nullopt;
  std::string_view word(text->text);
  word = word.substr(space + 1, word.size() - space - 2);
  return ir::enum_value_from_name(kind, word);
}

// The stablehlo op each broadcasting chlo op applies after broadcasting.
std::optional<std::string> broadcast_target(std::string_view chlo) {
  static constexpr std::array<std::string_view, 19> kOps = {
      "add", "subtract", "multiply", "divide", "maximum", "minimum", "power", "remainder",
      "atan2", "and", "or", "xor", "shift_left", "shift_right_arithmetic", "shift_right_logical",
      "complex", "next_after", "polygamma", "zeta"};
  constexpr std::string_view kPrefix = "chlo.broadcast_";
  if (!chlo.starts_with(kPrefix)) return std::nullopt;
  std::string_view rest = chlo.substr(kPrefix.size());
  for (std::string_view o : kOps) {
    if (o != rest) continue;
    bool chlo_math = o == "next_after" || o == "polygamma" || o == "zeta";
    return std::string(chlo_math ? "chlo." : "stablehlo.") + std::string(o);
  }
  return std::nullopt;
}

Status replace(Operation& op, Value* v, ir::Rewriter& rw) { return rw.replace_op(op, {v}); }

Expected<bool> decompose_broadcast(Operation& op, ir::Rewriter& rw) {
  if (!is_static_tensor(op.result(0))) return false;
  const bool select = is(op, "chlo.broadcast_select");
  const bool compare = is(op, "chlo.broadcast_compare");
  std::optional<std::string> target = broadcast_target(op.name());
  if (!select && !compare && !target) return false;
  std::vector<ir::NamedAttribute> attrs;
  if (compare) {
    std::optional<int> dir = chlo_enum(op, "comparison_direction", ir::EnumKind::kComparisonDirection);
    if (!dir) return false;
    attrs.push_back({"comparison_direction", ir::EnumAttr{ir::EnumKind::kComparisonDirection, *dir}});
    if (op.attr("compare_type")) {
      std::optional<int> type = chlo_enum(op, "compare_type", ir::EnumKind::kComparisonType);
      if (!type) return false;
      attrs.push_back({"compare_type", ir::EnumAttr{ir::EnumKind::kComparisonType, *type}});
    }
  }
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  std::vector<Value*> operands = broadcast_operands(op, rw, !select);
  if (operands.empty()) return false;
  std::string name = select ? "stablehlo.select" : compare ? "stablehlo.compare" : *target;
  Operation* out = rw.create(name, operands, {op.result(0)->type()}, attrs, 0, op.location());
  KILN_CHECK_OK(replace(op, out->result(0), rw));
  return true;
}

// +inf for the float types that have one (f8 formats without infinities are left alone).
std::optional<uint64_t> infinity_bits(const ir::ElementType& e, bool negative) {
  switch (e.kind()) {
    case ir::ElementKind::kF16: return negative ? 0xFC00 : 0x7C00;
    case ir::ElementKind::kBF16: return negative ? 0xFF80 : 0x7F80;
    case ir::ElementKind::kF32: return negative ? 0xFF800000u : 0x7F800000u;
    case ir::ElementKind::kF64:
      return negative ? 0xFFF0000000000000ull : 0x7FF0000000000000ull;
    default: return std::nullopt;
  }
}

// is_inf: |x| == +inf; is_pos_inf: x == +inf; is_neg_inf: x == -inf.
Expected<bool> decompose_is_inf(Operation& op, ir::Rewriter& rw) {
  Value* x = op.operand(0);
  if (!is_static_tensor(x)) return false;
  bool negative = is(op, "chlo.is_neg_inf");
  std::optional<uint64_t> inf = infinity_bits(x->type().element(), negative);
  if (!inf) return false;
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  rw.set_location(op.location());
  Value* lhs = is(op, "chlo.is_inf") ? rw.elementwise("stablehlo.abs", {x}) : x;
  Value* bound = rw.constant(splat_bits(x->type(), *inf));
  int eq = *ir::enum_value_from_name(ir::EnumKind::kComparisonDirection, "EQ");
  Operation* cmp = rw.create("stablehlo.compare", {lhs, bound}, {op.result(0)->type()},
                             {{"comparison_direction",
                               ir::EnumAttr{ir::EnumKind::kComparisonDirection, eq}}});
  KILN_CHECK_OK(replace(op, cmp->result(0), rw));
  return true;
}

// conj: the operand itself for real numbers, complex(real(x), -imag(x)) for complex ones.
Expected<bool> decompose_conj(Operation& op, ir::Rewriter& rw) {
  Value* x = op.operand(0);
  if (!x->type().is_tensor() || x->type() != op.result(0)->type()) return false;
  if (!x->type().element().is_complex()) {
    KILN_CHECK_OK(replace(op, x, rw));
    return true;
  }
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  rw.set_location(op.location());
  ir::Type part = x->type().with_element(x->type().element().complex_part());
  Value* re = rw.create("stablehlo.real", {x}, {part})->result(0);
  Value* im = rw.create("stablehlo.imag", {x}, {part})->result(0);
  Value* neg = rw.elementwise("stablehlo.negate", {im});
  Value* out = rw.create("stablehlo.complex", {re, neg}, {x->type()})->result(0);
  KILN_CHECK_OK(replace(op, out, rw));
  return true;
}

// constant_like: a splat constant of the result's type holding the value the interpreter
// gives `value` in that type (it rounds or wraps it).
Expected<bool> decompose_constant_like(Operation& op, ir::Rewriter& rw, ir::Module& module) {
  const ir::Type& type = op.result(0)->type();
  if (!type.is_tensor() || !type.is_static()) return false;
  interp::InterpFn fn = interp::lookup_interp(op.id());
  if (!fn) return false;
  Operation scalar(op.id(), op.location());  // the same op with a rank-0 result
  scalar.add_result(ir::Type::tensor({}, type.element()));
  for (const ir::NamedAttribute& a : op.attributes()) scalar.set_attr(a.name, a.value);
  interp::Interpreter in(module);
  Expected<std::vector<interp::RuntimeValue>> got = fn(in, scalar, {});
  if (!got.ok() || got->size() != 1 || !(*got)[0].is_tensor()) return false;
  ir::DenseElementsAttr value = interp::to_dense((*got)[0].tensor());
  value.type = type;
  value.splat = true;
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  rw.set_location(op.location());
  KILN_CHECK_OK(replace(op, rw.constant(std::move(value)), rw));
  return true;
}

Expected<bool> canonicalize_chlo(Operation& op, ir::Rewriter& rw, ir::Module& module) {
  if (is(op, "chlo.constant")) {
    KILN_CHECK_OK(rw.set_insertion_point_before(op));
    rw.set_location(op.location());
    Value* c = rw.constant(*op.attr_as<ir::DenseElementsAttr>("value"));
    KILN_CHECK_OK(replace(op, c, rw));
    return true;
  }
  if (is(op, "chlo.constant_like")) return decompose_constant_like(op, rw, module);
  if (is(op, "chlo.square") || is(op, "chlo.tan")) {
    Value* x = op.operand(0);
    // Complex squares stay: the interpreter's follows C++'s complex product, whose recovery
    // of infinities stablehlo.multiply does not have.
    if (is(op, "chlo.square") && !x->type().element().is_float()) return false;
    KILN_CHECK_OK(rw.set_insertion_point_before(op));
    rw.set_location(op.location());
    Value* out = is(op, "chlo.tan") ? rw.elementwise("stablehlo.tan", {x})
                                    : rw.elementwise("stablehlo.multiply", {x, x});
    KILN_CHECK_OK(replace(op, out, rw));
    return true;
  }
  if (is(op, "chlo.is_inf") || is(op, "chlo.is_pos_inf") || is(op, "chlo.is_neg_inf")) {
    return decompose_is_inf(op, rw);
  }
  if (is(op, "chlo.conj")) return decompose_conj(op, rw);
  return decompose_broadcast(op, rw);
}

// --- slices --------------------------------------------------------------------------------

// A start index clamped to [0, dim - size], as the spec clamps dynamic_slice and
// dynamic_update_slice starts.
int64_t clamp_start(int64_t start, int64_t dim, int64_t size) {
  return std::clamp<int64_t>(start, 0, dim - size);
}

// Replaces each constant start index that lies outside [0, dim - size] by its clamped value.
// `first` is the index of the first start operand; sizes[d] the extent along dimension d.
bool clamp_constant_starts(Operation& op, size_t first, const std::vector<int64_t>& sizes,
                           ir::Rewriter& rw) {
  const ir::Type& operand = op.operand(0)->type();
  bool changed = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    Value* index = op.operand(first + d);
    std::optional<int64_t> start = constant_index(index);
    if (!start || operand.dim(static_cast<int64_t>(d)) < sizes[d]) continue;
    int64_t clamped = clamp_start(*start, operand.dim(static_cast<int64_t>(d)), sizes[d]);
    if (clamped == *start) continue;
    (void)rw.set_insertion_point_before(op);
    rw.set_location(index->location());
    op.set_operand(first + d, rw.constant(splat_bits(index->type(), static_cast<uint64_t>(clamped))));
    changed = true;
  }
  return changed;
}

Expected<bool> canonicalize_dynamic_slice(Operation& op, ir::Rewriter& rw) {
  if (!is_static_tensor(op.operand(0))) return false;
  const auto* sizes_attr = op.attr_as<ir::DenseArrayAttr>("slice_sizes");
  const ir::Type& operand = op.operand(0)->type();
  if (!sizes_attr || static_cast<int64_t>(sizes_attr->ints.size()) != operand.rank() ||
      op.num_operands() != sizes_attr->ints.size() + 1) {
    return false;
  }
  const std::vector<int64_t>& sizes = sizes_attr->ints;
  std::vector<int64_t> start, limit;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > operand.dim(static_cast<int64_t>(d))) return false;
    std::optional<int64_t> s = constant_index(op.operand(d + 1));
    if (!s) return clamp_constant_starts(op, 1, sizes, rw);
    start.push_back(clamp_start(*s, operand.dim(static_cast<int64_t>(d)), sizes[d]));
    limit.push_back(start.back() + sizes[d]);
  }
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  Operation* slice = rw.create("stablehlo.slice", {op.operand(0)}, {op.result(0)->type()},
                               {{"start_indices", ir::dense_i64_array(start)},
                                {"limit_indices", ir::dense_i64_array(limit)},
                                {"strides", ir::dense_i64_array(std::vector<int64_t>(sizes.size(), 1))}},
                               0, op.location());
  KILN_CHECK_OK(replace(op, slice->result(0), rw));
  return true;
}

Expected<bool> canonicalize_dynamic_update_slice(Operation& op, ir::Rewriter& rw) {
  if (!is_static_tensor(op.operand(0)) || !is_static_tensor(op.operand(1))) return false;
  const std::vector<int64_t>& sizes = op.operand(1)->type().shape();
  if (op.num_operands() != sizes.size() + 2) return false;
  return clamp_constant_starts(op, 2, sizes, rw);
}

// --- while trip counts ---------------------------------------------------------------------

// The constant a value of a while's cond block always holds: a constant op's, or the
// constant operand of a carried value the body returns unchanged.
std::optional<int64_t> loop_constant(const Value* v, const Operation& loop) {
  if (std::optional<int64_t> c = constant_index(v)) return c;
  const ir::Block* owner = v->owner_block();
  if (!owner || owner->parent_op() != &loop) return std::nullopt;
  const ir::Block& body = loop.region(1).front();
  const Operation* ret = body.terminator();
  size_t i = v->index();
  if (!ret || i >= ret->num_operands() || i >= loop.num_operands() ||
      ret->operand(i) != body.argument(i)) {
    return std::nullopt;
  }
  return constant_index(loop.operand(i));
}

// The trip count of a JAX fori_loop: a counter i of si32/si64 starting at constant c0, a cond
// returning `i < B` (or `B > i`) for a constant B, compared SIGNED (or with no type), and a body
// returning i + 1. Since i < B <= max before each increment, i + 1 never wraps and the loop
// runs max(0, B - c0) times.
std::optional<int64_t> trip_count(const Operation& loop) {
  if (loop.num_regions() != 2 || loop.region(0).empty() || loop.region(1).empty()) {
    return std::nullopt;
  }
  const ir::Block& cond = loop.region(0).front();
  const ir::Block& body = loop.region(1).front();
  const Operation* cond_ret = cond.terminator();
  if (!cond_ret || cond_ret->num_operands() != 1) return std::nullopt;
  const Operation* cmp = cond_ret->operand(0)->defining_op();
  if (!cmp || !is(*cmp, "stablehlo.compare") || cmp->parent_block() != &cond) return std::nullopt;
  const auto* dir = cmp->attr_as<ir::EnumAttr>("comparison_direction");
  if (const auto* type = cmp->attr_as<ir::EnumAttr>("compare_type");
      type && type->value != *ir::enum_value_from_name(ir::EnumKind::kComparisonType, "SIGNED")) {
    return std::nullopt;
  }
  const int lt = *ir::enum_value_from_name(ir::EnumKind::kComparisonDirection, "LT");
  const int gt = *ir::enum_value_from_name(ir::EnumKind::kComparisonDirection, "GT");
  const Value* counter = nullptr;
  const Value* bound = nullptr;
  if (dir && dir->value == lt) counter = cmp->operand(0), bound = cmp->operand(1);
  if (dir && dir->value == gt) counter = cmp->operand(1), bound = cmp->operand(0);
  if (!counter || counter->owner_block() != &cond) return std::nullopt;
  const ir::Type& t = counter->type();
  if (!t.is_tensor() || t.rank() != 0 ||
      (t.element().kind() != ir::ElementKind::kSI32 && t.element().kind() != ir::ElementKind::kSI64)) {
    return std::nullopt;
  }
  const size_t i = counter->index();
  if (i >= loop.num_operands() || i >= body.num_arguments()) return std::nullopt;
  std::optional<int64_t> b = loop_constant(bound, loop);
  std::optional<int64_t> c0 = constant_index(loop.operand(i));
  const Operation* body_ret = body.terminator();
  if (!b || !c0 || !body_ret || i >= body_ret->num_operands()) return std::nullopt;
  // The body's new counter is add(i, 1) or add(1, i).
  const Operation* add = body_ret->operand(i)->defining_op();
  if (!add || !is(*add, "stablehlo.add")) return std::nullopt;
  const Value* arg = body.argument(i);
  const Value* step = add->operand(0) == arg ? add->operand(1)
                      : add->operand(1) == arg ? add->operand(0)
                                               : nullptr;
  if (!step || constant_index(step) != std::optional<int64_t>(1)) return std::nullopt;
  if (*b <= *c0) return 0;
  __int128 n = static_cast<__int128>(*b) - *c0;
  if (n > INT64_MAX) return std::nullopt;
  return static_cast<int64_t>(n);
}

bool record_trip_count(Operation& loop) {
  std::optional<int64_t> n = trip_count(loop);
  if (!n) return false;
  ir::Attribute attr = ir::i64_attr(*n);
  if (const ir::Attribute* old = loop.attr("kiln.trip_count"); old && *old == attr) return false;
  loop.set_attr("kiln.trip_count", attr);
  return true;
}

// --- operand order and dot -----------------------------------------------------------------

bool is_commutative(const Operation& op) {
  static constexpr std::array<std::string_view, 7> kOps = {
      "stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum",
      "stablehlo.and", "stablehlo.or", "stablehlo.xor"};
  return std::find(kOps.begin(), kOps.end(), op.name()) != kOps.end();
}

// The direction d' with (a d b) == (b d' a).
std::optional<int> mirrored_direction(const ir::EnumAttr& dir) {
  static constexpr std::array<std::array<std::string_view, 2>, 6> kMirror = {
      {{"EQ", "EQ"}, {"NE", "NE"}, {"GE", "LE"}, {"GT", "LT"}, {"LE", "GE"}, {"LT", "GT"}}};
  const std::vector<std::string_view>& names = ir::enum_value_names(dir.kind);
  if (dir.value < 0 || static_cast<size_t>(dir.value) >= names.size()) return std::nullopt;
  for (const auto& [from, to] : kMirror) {
    if (names[static_cast<size_t>(dir.value)] == from) return ir::enum_value_from_name(dir.kind, to);
  }
  return std::nullopt;
}

// A constant (or broadcast constant) first operand of a commutative op or a compare goes
// second; a compare's direction is mirrored (a < b is b > a, also for NaN and totalOrder).
bool constant_second(Operation& op) {
  bool compare = is(op, "stablehlo.compare");
  if ((!compare && !is_commutative(op)) || op.num_operands() != 2) return false;
  if (!is_constant_like(op.operand(0)) || is_constant_like(op.operand(1))) return false;
  if (compare) {
    const auto* dir = op.attr_as<ir::EnumAttr>("comparison_direction");
    std::optional<int> mirrored = dir ? mirrored_direction(*dir) : std::nullopt;
    if (!mirrored) return false;
    op.set_attr("comparison_direction", ir::EnumAttr{dir->kind, *mirrored});
  }
  Value* lhs = op.operand(0);
  op.set_operand(0, op.operand(1));
  op.set_operand(1, lhs);
  return true;
}

// dot: the dot_general contracting lhs's last dimension with rhs's first.
Expected<bool> dot_as_dot_general(Operation& op, ir::Rewriter& rw) {
  const ir::Type& lhs = op.operand(0)->type();
  if (!lhs.is_tensor()) return false;
  ir::DotDimsAttr dims;
  dims.lhs_contracting = {lhs.rank() - 1};
  dims.rhs_contracting = {0};
  std::vector<ir::NamedAttribute> attrs = {{"dot_dimension_numbers", dims}};
  if (const ir::Attribute* p = op.attr("precision_config")) attrs.push_back({"precision_config", *p});
  KILN_CHECK_OK(rw.set_insertion_point_before(op));
  Operation* general = rw.create("stablehlo.dot_general", {op.operand(0), op.operand(1)},
                                 {op.result(0)->type()}, attrs, 0, op.location());
  KILN_CHECK_OK(replace(op, general->result(0), rw));
  return true;
}

// --- the pass ------------------------------------------------------------------------------

class Canonicalize : public Pass {
 public:
  std::string_view name() const override { return "canonicalize"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rw(module.body());
    int64_t total = 0;
    for (int round = 0; round < kMaxRounds; ++round) {
      std::vector<Operation*> ops;
      module.op().walk([&](Operation& op) { ops.push_back(&op); });
      int64_t changed = 0;
      // Each rule erases at most the op it rewrites, which holds no regions, so the pointers
      // collected for later ops stay valid.
      for (Operation* op : ops) {
        KILN_TRY(bool done, rewrite(*op, rw, module, context));
        changed += done;
      }
      total += changed;
      if (changed == 0) break;
    }
    return total > 0;
  }

 private:
  static Expected<bool> rewrite(Operation& op, ir::Rewriter& rw, ir::Module& module,
                                PassContext& context) {
    auto counted = [&](bool done, const char* statistic) {
      if (done) context.count(statistic);
      return done;
    };
    const std::string& name = op.name();
    if (name.starts_with("chlo.")) {
      KILN_TRY(bool done, canonicalize_chlo(op, rw, module));
      return counted(done, "chlo ops decomposed");
    }
    if (name == "stablehlo.dynamic_slice") {
      KILN_TRY(bool done, canonicalize_dynamic_slice(op, rw));
      return counted(done, "dynamic slices made static or clamped");
    }
    if (name == "stablehlo.dynamic_update_slice") {
      KILN_TRY(bool done, canonicalize_dynamic_update_slice(op, rw));
      return counted(done, "dynamic update slice starts clamped");
    }
    if (name == "stablehlo.while") return counted(record_trip_count(op), "trip counts found");
    if (name == "stablehlo.dot") {
      KILN_TRY(bool done, dot_as_dot_general(op, rw));
      return counted(done, "dots as dot_general");
    }
    return counted(constant_second(op), "operands reordered");
  }
};

}  // namespace

KILN_REGISTER_PASS(Canonicalize, "canonicalize",
                   "one form per idiom: chlo decomposed, constant slices static, fori_loop trip "
                   "counts, dot as dot_general, constants second");

}  // namespace kiln::passes::canonicalize
