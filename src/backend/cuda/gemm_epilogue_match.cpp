// kiln.gemm's region read as dot + bias + activation + residual (gemm_epilogue_match.h). The
// activation is checked by what it computes: its ops, evaluated in double on probe points,
// must give relu or the tanh GELU, so that any spelling of them (jax.nn.gelu's, Flax's, a
// sigmoid form) is recognised and nothing else is.
#include "backend/cuda/gemm_epilogue_match.h"

#include <cmath>
#include <map>
#include <numbers>
#include <set>

#include "interp/ops/op_helpers.h"
#include "ir/attribute.h"
#include "ir/float_format.h"
#include "kernels/cuda/op_match.h"

namespace kiln::backend::cuda {

namespace {

using ::kiln::cuda::GemmEpilogue;
using K = ir::ElementKind;

const ir::Operation* defined_by(const ir::Value* v, std::string_view name) {
  const ir::Operation* op = v->defining_op();
  return op && op->name() == name ? op : nullptr;
}

// The index of `v` among `block`'s arguments, or -1.
int argument_index(const ir::Block& block, const ir::Value* v) {
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    if (block.argument(i) == v) return static_cast<int>(i);
  }
  return -1;
}

bool epilogue_kind(K k) { return k == K::kF32 || k == K::kF16 || k == K::kBF16; }

// The value of a splat float constant (or a one-element one).
std::optional<double> splat_value(const ir::Value* v) {
  const ir::Operation* op = defined_by(v, "stablehlo.constant");
  if (!op) return std::nullopt;
  const auto* dense = op->attr_as<ir::DenseElementsAttr>("value");
  const ir::ElementType& e = v->type().element();
  if (!dense || !dense->data || !e.is_float() || (!dense->splat && dense->num_elements() != 1)) {
    return std::nullopt;
  }
  const size_t bytes = static_cast<size_t>(e.storage_bytes());
  if (bytes > 8 || dense->data->size() < bytes) return std::nullopt;
  uint64_t bits = 0;
  for (size_t i = 0; i < bytes; ++i) bits |= uint64_t{(*dense->data)[i]} << (8 * i);
  return ir::bits_to_double(e.kind(), bits);
}

// Evaluates a value as a function of `in` (= x) in double: element-wise ops keeping `in`'s
// type, splat constants and broadcasts / reshapes of constants. nullopt for anything
// else (another input, a reduction, a transpose, a convert).
class ProbeEvaluator {
 public:
  explicit ProbeEvaluator(const ir::Value* in) : in_(in) {}

  // The value at x; values shared by several ops are computed once per probe (memo).
  std::optional<double> eval(const ir::Value* v, double x) {
    if (v == in_) return x;
    if (x != memo_x_) {
      memo_.clear();
      memo_x_ = x;
    }
    if (auto it = memo_.find(v); it != memo_.end()) return it->second;
    const ir::Operation* op = v->defining_op();
    if (!op || depth_ >= 256) return std::nullopt;
    ++depth_;
    std::optional<double> r = eval_op(*op, v, x);
    --depth_;
    if (r && depends(v)) ops_.insert(op);
    memo_[v] = r;
    return r;
  }
  size_t ops() const { return ops_.size(); }

 private:
  // Whether `v` is computed from `in` (else it is a constant).
  bool depends(const ir::Value* v) {
    if (v == in_) return true;
    auto it = depends_.find(v);
    if (it != depends_.end()) return it->second;
    bool d = false;
    if (const ir::Operation* op = v->defining_op()) {
      for (const ir::Value* o : op->operands()) d = d || depends(o);
    }
    depends_[v] = d;
    return d;
  }

  std::optional<double> eval_op(const ir::Operation& op, const ir::Value* v, double x) {
    const std::string& name = op.name();
    if (name == "stablehlo.constant") return splat_value(v);
    if (name == "stablehlo.broadcast_in_dim" || name == "stablehlo.reshape") {
      // Only of constants: of x these could move elements (a transpose in disguise).
      if (depends(op.operand(0))) return std::nullopt;
      return eval(op.operand(0), x);
    }
    // What depends on x stays in the epilogue's type and shape: no converts, no reductions.
    if (depends(v) && v->type() != in_->type()) return std::nullopt;
    std::vector<double> a;
    for (const ir::Value* o : op.operands()) {
      std::optional<double> r = eval(o, x);
      if (!r) return std::nullopt;
      a.push_back(*r);
    }
    if (a.size() == 1) {
      if (name == "stablehlo.negate") return -a[0];
      if (name == "stablehlo.tanh") return std::tanh(a[0]);
      if (name == "stablehlo.exponential") return std::exp(a[0]);
      if (name == "stablehlo.logistic") return 1 / (1 + std::exp(-a[0]));
      if (name == "stablehlo.sqrt") return std::sqrt(a[0]);
      if (name == "stablehlo.rsqrt") return 1 / std::sqrt(a[0]);
      if (name == "stablehlo.abs") return std::fabs(a[0]);
    } else if (a.size() == 2) {
      if (name == "stablehlo.add") return a[0] + a[1];
      if (name == "stablehlo.subtract") return a[0] - a[1];
      if (name == "stablehlo.multiply") return a[0] * a[1];
      if (name == "stablehlo.divide") return a[0] / a[1];
      if (name == "stablehlo.maximum") return std::fmax(a[0], a[1]);
      if (name == "stablehlo.minimum") return std::fmin(a[0], a[1]);
      if (name == "stablehlo.power") return std::pow(a[0], a[1]);
    }
    return std::nullopt;
  }

  const ir::Value* in_;
  int depth_ = 0;
  double memo_x_ = std::nan("");
  std::map<const ir::Value*, std::optional<double>> memo_;
  std::set<const ir::Operation*> ops_;
  std::map<const ir::Value*, bool> depends_;
};

double activation_value(GemmEpilogue a, double x) {
  switch (a) {
    case GemmEpilogue::kRelu: return x > 0 ? x : 0;
    case GemmEpilogue::kGeluTanh: {
      const double k = std::sqrt(2 / std::numbers::pi);
      return 0.5 * x * (1 + std::tanh(k * (x + 0.044715 * x * x * x)));
    }
    case GemmEpilogue::kNone: break;
  }
  return x;
}

// The precision the region's own constants and rounding hold (bf16's sqrt(2/pi) is 0.796875).
double probe_tolerance(K k) {
  switch (k) {
    case K::kBF16: return 1.6e-2;
    case K::kF16: return 2e-3;
    default: return 1e-6;
  }
}

// Whether a broadcast chain (broadcast_in_dim and reshapes) from a block argument lays the
// argument's elements out along dimensions [first, rank) of `result` in order, each with its
// full size: the argument read flat is then the bias of each output feature.
struct BiasChain {
  const ir::Value* source = nullptr;
  std::set<const ir::Operation*> ops;
};
std::optional<BiasChain> bias_chain(const ir::Value* v, int64_t first) {
  BiasChain chain;
  std::vector<const ir::Operation*> steps;  // outermost first
  while (const ir::Operation* op = v->defining_op()) {
    if (op->name() != "stablehlo.broadcast_in_dim" && op->name() != "stablehlo.reshape") break;
    steps.push_back(op);
    chain.ops.insert(op);
    v = op->operand(0);
  }
  if (v->defining_op() != nullptr || steps.empty()) return std::nullopt;
  chain.source = v;
  // Each dimension's source dimension (the argument's, -1 where none: size 1 or broadcast).
  const ir::Type& src = v->type();
  std::vector<int64_t> tag;
  for (int64_t d = 0; d < src.rank(); ++d) tag.push_back(src.dim(d) == 1 ? -1 : d);
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    const ir::Operation& op = **it;
    const ir::Type& in = op.operand(0)->type();
    const ir::Type& out = op.result(0)->type();
    std::vector<int64_t> next(static_cast<size_t>(out.rank()), -1);
    if (op.name() == "stablehlo.reshape") {
      // Only size-1 dimensions may come or go: the others keep their order.
      std::vector<int64_t> kept, sizes_in, sizes_out;
      for (int64_t d = 0; d < in.rank(); ++d) {
        if (in.dim(d) != 1) kept.push_back(tag[static_cast<size_t>(d)]), sizes_in.push_back(in.dim(d));
      }
      for (int64_t d = 0; d < out.rank(); ++d) {
        if (out.dim(d) != 1) sizes_out.push_back(out.dim(d));
      }
      if (sizes_in != sizes_out) return std::nullopt;
      size_t j = 0;
      for (int64_t d = 0; d < out.rank(); ++d) {
        if (out.dim(d) != 1) next[static_cast<size_t>(d)] = kept[j++];
      }
    } else {
      const std::vector<int64_t> dims = interp::attr_ints(op, "broadcast_dimensions");
      if (static_cast<int64_t>(dims.size()) != in.rank()) return std::nullopt;
      for (size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] < 0 || dims[i] >= out.rank()) return std::nullopt;
        if (in.dim(static_cast<int64_t>(i)) == out.dim(dims[i])) next[static_cast<size_t>(dims[i])] = tag[i];
      }
    }
    tag = std::move(next);
  }
  // The argument's dimensions of size above 1 appear in order, all at or after `first`, and
  // every dimension there of size above 1 holds one of them.
  const ir::Type& r = steps.front()->result(0)->type();
  int64_t last = -1, seen = 0;
  for (int64_t d = 0; d < r.rank(); ++d) {
    const int64_t t = tag[static_cast<size_t>(d)];
    if (t < 0) {
      if (d >= first && r.dim(d) != 1) return std::nullopt;
      continue;
    }
    if (d < first || t <= last) return std::nullopt;
    last = t;
    ++seen;
  }
  int64_t wanted = 0;
  for (int64_t d = 0; d < src.rank(); ++d) wanted += src.dim(d) != 1;
  if (seen != wanted) return std::nullopt;
  return chain;
}

// A value computed from constants only (no argument, no op with regions).
bool is_constant_tree(const ir::Value* v) {
  const ir::Operation* op = v->defining_op();
  if (!op || op->num_regions() != 0) return false;
  for (const ir::Value* o : op->operands()) {
    if (!is_constant_tree(o)) return false;
  }
  return true;
}

std::string config_string(const ir::Operation& op, std::string_view name) {
  const ir::Attribute* a = ::kiln::kernels::config_entry(op, name);
  const auto* s = a ? a->get_if<ir::StringAttr>() : nullptr;
  return s ? s->value : "";
}

}  // namespace

bool computes_activation(const ir::Value* out, const ir::Value* in, GemmEpilogue activation,
                         size_t* ops) {
  ProbeEvaluator e(in);
  const double tol = probe_tolerance(in->type().element().kind());
  for (double x : {-6.0, -3.5, -2.2, -1.3, -0.6, -0.05, 0.0, 0.07, 0.45, 1.1, 1.9, 3.3, 7.0}) {
    std::optional<double> got = e.eval(out, x);
    const double want = activation_value(activation, x);
    if (!got || !(std::fabs(*got - want) <= tol * (1 + std::fabs(want)))) return false;
  }
  if (ops) *ops = e.ops();
  return true;
}

GemmEpilogueResult match_gemm_epilogue(const ir::Operation& op) {
  auto no = [](std::string why) { return GemmEpilogueResult{std::nullopt, std::move(why)}; };
  if (op.num_regions() != 1 || op.region(0).empty() || op.num_results() != 1) {
    return no("not one region and one result");
  }
  const ir::Block& body = op.region(0).front();
  const ir::Operation* term = body.terminator();
  if (!term || term->num_operands() != 1) return no("the region does not return one value");
  // The config's claims, which the region must bear out.
  const std::optional<bool> has_bias = ::kiln::kernels::config_bool(op, "bias");
  const std::optional<bool> has_residual = ::kiln::kernels::config_bool(op, "residual");
  const std::string act = config_string(op, "activation");
  GemmEpilogueMatch m;
  if (act == "relu") {
    m.activation = GemmEpilogue::kRelu;
  } else if (act == "gelu_tanh") {
    m.activation = GemmEpilogue::kGeluTanh;
  } else if (act != "none") {
    return no("cuBLASLt has no epilogue for activation '" + act + "'");
  }
  if (!has_bias || !has_residual) return no("the config lacks bias or residual");
  if (*has_residual && m.activation != GemmEpilogue::kNone) {
    return no("cuBLASLt adds C before its activation, the region after");
  }
  std::set<const ir::Operation*> used;
  const ir::Value* v = term->operand(0);
  const K kind = v->type().element().kind();
  if (!epilogue_kind(kind)) return no("the result is not f32, f16 or bf16");
  // [+ residual]
  if (*has_residual) {
    const ir::Operation* add = defined_by(v, "stablehlo.add");
    if (!add) return no("the config's residual add is not in the region");
    int which = -1;
    for (int i : {1, 0}) {
      const int arg = argument_index(body, add->operand(static_cast<size_t>(i)));
      if (arg >= 0 && add->operand(static_cast<size_t>(i))->type() == v->type()) {
        m.residual_arg = arg;
        which = i;
        break;
      }
    }
    if (which < 0) return no("the residual is not an argument of the result's type");
    used.insert(add);
    v = add->operand(static_cast<size_t>(1 - which));
  }
  // The dot, the one of the region, and its result in the epilogue's type.
  for (const auto& o : body.operations()) {
    if (o->name() == "stablehlo.dot_general" || o->name() == "stablehlo.dot") {
      if (m.dot) return no("two products");
      m.dot = o.get();
    }
  }
  if (!m.dot || argument_index(body, m.dot->operand(0)) < 0 ||
      argument_index(body, m.dot->operand(1)) < 0) {
    return no("the product's operands are not the composite's");
  }
  used.insert(m.dot);
  const ir::Value* pre = m.dot->result(0);
  if (pre->num_uses() == 1) {
    const ir::Operation* cv = pre->uses().front().user;
    if (cv->name() == "stablehlo.convert" && cv->result(0)->type().element().kind() == kind &&
        pre->type().element().kind() == K::kF32 &&
        m.dot->operand(0)->type().element().kind() == kind) {
      m.converted = true;
      used.insert(cv);
      pre = cv->result(0);
    }
  }
  if (pre->type() != v->type()) return no("the product's result is not the epilogue's type");
  // [+ bcast(bias)]
  const ir::Value* p = pre;
  if (*has_bias) {
    if (pre->num_uses() != 1 || pre->uses().front().user->name() != "stablehlo.add") {
      return no("the config's bias add does not follow the product");
    }
    const ir::Operation* add = pre->uses().front().user;
    const ir::Value* other = add->operand(add->operand(0) == pre ? 1 : 0);
    const int64_t rhs_free = m.dot->operand(1)->type().rank() -
                             [&] {
                               const auto* d = m.dot->attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
                               return d ? static_cast<int64_t>(d->rhs_batching.size() +
                                                               d->rhs_contracting.size())
                                        : int64_t{1};  // stablehlo.dot: rhs's first contracted
                             }();
    std::optional<BiasChain> chain = bias_chain(other, pre->type().rank() - rhs_free);
    if (!chain || chain->source->type().element().kind() != kind) {
      return no("the bias is not a vector along the output features");
    }
    m.bias_arg = argument_index(body, chain->source);
    used.insert(add);
    used.insert(chain->ops.begin(), chain->ops.end());
    p = add->result(0);
  }
  // act(p) = v
  size_t act_ops = 0;
  if (m.activation == GemmEpilogue::kNone) {
    if (p != v) return no("ops between the product and the result that the config does not name");
  } else if (!computes_activation(v, p, m.activation, &act_ops)) {
    return no("the region's activation is not " + act);
  }
  // Nothing else: every op of the region is one of these (constants of the activation aside,
  // which it read).
  size_t others = 0;
  for (const auto& o : body.operations()) {
    if (o.get() == term || used.count(o.get())) continue;
    if (o->num_results() == 1 && is_constant_tree(o->result(0))) continue;
    ++others;
  }
  if (others != act_ops) return no("the region computes more than the epilogue");
  return GemmEpilogueResult{m, ""};
}

}  // namespace kiln::backend::cuda
