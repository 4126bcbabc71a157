// Matching helpers of the pattern-fusion passes (fuse-softmax, fuse-gelu, ...): what op defines a
// value, splat constants within a tolerance, broadcasts of row reductions, float converts, and
// the last step every pattern shares: check that only the kernel's values escape, then outline.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "ir/attribute.h"
#include "ir/operation.h"
#include "ir/ops/kiln_ops.h"
#include "ir/rewriter.h"
#include "passes/pass.h"

namespace kiln::passes {

// The ops one match collected, in the order they were found (no duplicates).
class OpSet {
 public:
  void add(ir::Operation* op) {
    if (op && members_.insert(op).second) ops_.push_back(op);
  }
  bool contains(const ir::Operation* op) const { return members_.count(op) != 0; }
  const std::vector<ir::Operation*>& ops() const { return ops_; }
  size_t size() const { return ops_.size(); }

 private:
  std::vector<ir::Operation*> ops_;
  std::unordered_set<const ir::Operation*> members_;
};

// The op defining `v` when it is the op `name` ("stablehlo.add"); nullptr otherwise (a block
// argument, another op).
ir::Operation* defined_by(const ir::Value* v, std::string_view name);

// Whether `v` is a float splat: a stablehlo.constant whose elements are all one value, or a
// broadcast_in_dim / convert chain of one. Returns that value (as double); the broadcasts and
// converts go into `set` when given (the constant itself does not: outline copies splat
// constants into the region).
std::optional<double> splat_value(ir::Value* v, OpSet* set = nullptr);
// splat_value(v) equals `c` within a relative tolerance `rel` (absolute for c == 0), with the
// infinities equal only to themselves. A constant of a narrow float type may also be off by
// its rounding (2^-8 relative for bf16, 2^-11 for f16): jax.nn.gelu on bf16 holds 0.044677734.
bool is_splat(ir::Value* v, double c, double rel = 1e-6, OpSet* set = nullptr);

// Whether `op` is a stablehlo.convert from a float type to a float type.
bool is_float_convert(const ir::Operation* op);

// Skips stablehlo.convert ops between float types (f32 <-> bf16 <-> f16 upcasts and
// downcasts), adding them to `set`; returns the value they start from.
ir::Value* skip_float_converts(ir::Value* v, OpSet& set);

// Whether `a` and `b` are one value, or one value seen through float converts (x and
// convert(x), convert(x) and convert(convert(x))). The converts above `a` go into `set`.
bool same_up_to_converts(ir::Value* a, ir::Value* b, OpSet& set);

// A value that is a broadcast (broadcast_in_dim chains, float converts between) of `source`:
// `map[i]` is the dimension of the final value that `source`'s dimension i lands on.
struct Broadcast {
  ir::Value* source = nullptr;
  std::vector<int64_t> map;
  int broadcasts = 0;  // broadcast_in_dim, transpose and reshape ops passed (not converts)
};
// Follows broadcast_in_dim, transpose, float convert and reshape ops that only insert size-1
// dimensions from `v` back to the first other value, adding them to `set`. With none, the source is
// `v` and the map the identity.
Broadcast strip_broadcasts(ir::Value* v, OpSet& set);
// `outer` after `inner`: result[i] = outer[inner[i]]. For a matcher that walks through an
// element-wise op at a reduced shape: `inner` maps the op's source into the op's operand,
// `outer` maps the op's result into the final value.
std::vector<int64_t> compose(const std::vector<int64_t>& inner, const std::vector<int64_t>& outer);

enum class ReduceKind { kSum, kMax };
// A single-input stablehlo.reduce of `kind` (body: one add / maximum of its two arguments,
// returned; init: the constant 0 / -inf).
struct Reduction {
  ir::Operation* op = nullptr;
  ir::Value* input = nullptr;
  std::vector<int64_t> axes;  // sorted
};
std::optional<Reduction> match_reduce(ir::Value* v, ReduceKind kind);

// Whether a reduction's result, broadcast with `map` (from strip_broadcasts, composed through
// any element-wise ops between), lands on the dimensions of its input that it did not reduce, in
// order: a "keepdims" broadcast back to the input's layout. The caller checks that the final
// value has the input's shape.
bool is_row_broadcast(const Reduction& r, const std::vector<int64_t>& map);

// `v`, mapped into x's layout by `map` (v's dimensions to x's), is the row max of x over `axes`
// (reduce maximum, init -inf) broadcast back, with JAX's guards maximum(-inf, m) and
// select(is_finite(m), m, 0), float converts between. x may also be transpose(t) with the max
// taken of t (jax.nn.dot_product_attention). Adds its ops to `set`.
bool match_row_max(ir::Value* v, std::vector<int64_t> map, ir::Value* x,
                   const std::vector<int64_t>& axes, OpSet& set);

// Both operand orders of a commutative binary op: calls `try_order(a, b)` with (lhs, rhs), then
// with (rhs, lhs) when the first returns false.
template <class F>
bool either_order(ir::Operation* op, F&& try_order) {
  return try_order(op->operand(0), op->operand(1)) || try_order(op->operand(1), op->operand(0));
}

// The activations, shared by their own passes and by the ones that take them in (fuse-gemm's
// epilogue, fuse-swiglu). Each returns the activation's argument x and adds its ops to `set`.
// sigmoid(x): stablehlo.logistic(x), or 1 / (1 + exp(-x)) (jax.nn.sigmoid's form).
ir::Value* match_sigmoid(ir::Value* v, OpSet& set);
// silu(x): x * sigmoid(x) (either order), or x / (1 + exp(-x)).
ir::Value* match_silu(ir::Value* v, OpSet& set);
// gelu(x): 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))) (`approximate`), or
// 0.5 * x * (1 + erf(x / sqrt(2))) or 0.5 * x * erfc(-x / sqrt(2)) (jax.nn.gelu's erf form), the
// products and sums in any order and association.
struct Gelu {
  ir::Value* x = nullptr;
  bool approximate = false;
};
std::optional<Gelu> match_gelu(ir::Value* v, OpSet& set);

// The value of a rank-0 or splat computation of constants: constants (float, integer, bool),
// broadcast_in_dim, convert, reshape, add / subtract / multiply / divide, compare, select, sqrt,
// rsqrt and negate of such. What
// jnp.var's divisor (`n - ddof`) and its `n - ddof > 0` guard are before constant folding.
std::optional<double> constant_value(ir::Value* v);

// Whether `v` is computed from constants and iotas only (a causal mask, a position table): no
// argument, no op with regions. Its ops (not the constants) go into `set` when given.
bool computed_from_constants(ir::Value* v, OpSet* set = nullptr);

// square(a): chlo.square(a) or a * a. Returns a.
ir::Value* match_square(ir::Value* v, OpSet& set);

// mean(a) over some axes, broadcast into the final value by `map` (v's dimensions to the final
// value's): bcast(sum(a)) / n or bcast(sum(a)) * (1/n), n the number of reduced elements,
// possibly computed (constant_value). Checks that the broadcasts are row broadcasts.
std::optional<Reduction> match_mean(ir::Value* v, std::vector<int64_t> map, OpSet& set);

// LayerNorm / RMSNorm (pattern_match_norm.cpp): `root` is the last op of
//   [convert] ( data * bcast(rsqrt(stat + eps)) | data / bcast(sqrt(stat + eps)) ) [* scale] [+
//   bias]
// with the products in any order (scale may multiply the rsqrt first, as Flax does), float
// converts between. RMSNorm (`centered` false): data = x (or x - bcast(0), Flax), stat =
// mean(square(x)). LayerNorm: data = x - bcast(mean(x)); stat = mean(square(data)) (with
// jnp.var's ddof guard) or mean(square(x)) - square(mean(x)), clamped at 0 or not (Flax). All
// means over the same axes; scale and bias broadcast along them only. x = a + b of two
// same-shape tensors (a residual add) is taken in as well (`residual`).
struct NormMatch {
  OpSet set;
  ir::Value* x = nullptr;
  std::vector<int64_t> axes;
  double epsilon = 0;
  bool scale = false, bias = false, residual = false;
  std::string variance;  // LayerNorm: "centered" (mean of squared deviations) or "moments"
};
std::optional<NormMatch> match_norm(ir::Operation& root, bool centered);
// The driver both norm passes share: tries every add, multiply, divide and convert as a root,
// the last first (so the outermost op of a norm is its root), and outlines each match into
// `kind` with its config. Returns how many it fused.
Expected<int64_t> fuse_norms(ir::Module& module, bool centered, ir::KilnComposite kind,
                             PassContext& context);

// Dictionary entries for `config`.
ir::NamedAttribute config_i64(std::string name, int64_t v);
ir::NamedAttribute config_f64(std::string name, double v);
ir::NamedAttribute config_bool(std::string name, bool v);
ir::NamedAttribute config_str(std::string name, std::string v);
ir::NamedAttribute config_i64s(std::string name, std::vector<int64_t> v);
// `axis = A` for one axis, `axes = [..]` for several.
ir::NamedAttribute config_axes(const std::vector<int64_t>& axes);

// The last step of every pattern pass. Constant computations in `set` (constant_value: splat
// broadcasts, jnp.var's divisor; computed_from_constants: masks from iotas) that something outside
// the set also reads are copied for those readers, so the set's own can move into the region. Then,
// when no value of the set except `results` is used outside it and can_outline holds, outlines the
// set into the composite `kind` with `config`. Returns the new op, or nullptr when the set may not
// be outlined (the reason goes to context.explain). The composite's results are those of
// `results` used outside the set, in the order of `results`; its operands begin with those of
// `inputs` the set reads, in their order (a kernel's argument order).
Expected<ir::Operation*> fuse_matched(OpSet& set, const std::vector<ir::Value*>& results,
                                      ir::KilnComposite kind,
                                      std::vector<ir::NamedAttribute> config,
                                      ir::Rewriter& rewriter, PassContext& context,
                                      std::vector<ir::Value*> inputs = {});

// The index of `v` among op's operands, or -1: where a value ended up after outline, for the
// operand roles a pattern records in its config.
int64_t operand_index(const ir::Operation& op, const ir::Value* v);

// Every op of the module's functions (nested regions included, kiln ops' regions excluded)
// whose name is `name`, in program order: the candidate roots of a pattern pass.
std::vector<ir::Operation*> ops_named(ir::Module& module, std::string_view name);
// The ops named any of `names`, last in program order first: the roots of a pattern whose
// outermost op (an epilogue's last) must be tried before the ops inside it.
std::vector<ir::Operation*> ops_named_last_first(ir::Module& module,
                                                 std::initializer_list<std::string_view> names);
// Whether `op` now sits inside a kiln op (an earlier match took it).
bool inside_kiln_op(const ir::Operation& op);

}  // namespace kiln::passes
