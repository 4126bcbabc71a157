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

namespace {

// The region read from its result down to the product, each step a function that says why
// the region is not the epilogue ("" where it is).
class EpilogueReader {
 public:
  EpilogueReader(const ir::Operation& op, const ir::Block& body, const ir::Value* result)
      : op_(op), body_(body), v_(result), kind_(result->type().element().kind()) {}

  // The config's claims, which the region must bear out.
  std::string read_config() {
    const std::optional<bool> bias = ::kiln::kernels::config_bool(op_, "bias");
    const std::optional<bool> residual = ::kiln::kernels::config_bool(op_, "residual");
    act_ = config_string(op_, "activation");
    if (act_ == "relu") {
      m_.activation = GemmEpilogue::kRelu;
    } else if (act_ == "gelu_tanh") {
      m_.activation = GemmEpilogue::kGeluTanh;
    } else if (act_ != "none") {
      return "cuBLASLt has no epilogue for activation '" + act_ + "'";
    }
    if (!bias || !residual) return "the config lacks bias or residual";
    has_bias_ = *bias;
    has_residual_ = *residual;
    if (has_residual_ && m_.activation != GemmEpilogue::kNone) {
      return "cuBLASLt adds C before its activation, the region after";
    }
    if (!epilogue_kind(kind_)) return "the result is not f32, f16 or bf16";
    // cuBLASLt computes the epilogue in f32 and rounds once, where the region rounds a 16-bit
    // value after each op: in a whole bf16 block (GPT-2's, Llama's on an H100) the drift
    // passed the oracle's whole-program tolerance. 16-bit results keep a generated epilogue.
    if (kind_ != ir::ElementKind::kF32 &&
        (m_.activation != GemmEpilogue::kNone || has_bias_ || has_residual_)) {
      return "cuBLASLt rounds a 16-bit epilogue once, the region after each op";
    }
    // cuBLASLt's GELU approximates tanh: measured on an H100, f32 results off by up to 8e-5
    // relative (the interpreter's tolerance is 2e-5).
    if (m_.activation == GemmEpilogue::kGeluTanh) return "cuBLASLt's GELU is not f32-accurate";
    return "";
  }

  // result = h + residual: v_ becomes h.
  std::string strip_residual() {
    if (!has_residual_) return "";
    const ir::Operation* add = defined_by(v_, "stablehlo.add");
    if (!add) return "the config's residual add is not in the region";
    for (size_t i : {size_t{1}, size_t{0}}) {
      const int arg = argument_index(body_, add->operand(i));
      if (arg >= 0 && add->operand(i)->type() == v_->type()) {
        m_.residual_arg = arg;
        used_.insert(add);
        v_ = add->operand(1 - i);
        return "";
      }
    }
    return "the residual is not an argument of the result's type";
  }

  // The region's one product of two composite operands, and its value in the epilogue's type
  // (through a convert of an f32 sum of f16 / bf16 operands).
  std::string find_product() {
    for (const auto& o : body_.operations()) {
      if (o->name() == "stablehlo.dot_general" || o->name() == "stablehlo.dot") {
        if (m_.dot) return "two products";
        m_.dot = o.get();
      }
    }
    if (!m_.dot || argument_index(body_, m_.dot->operand(0)) < 0 ||
        argument_index(body_, m_.dot->operand(1)) < 0) {
      return "the product's operands are not the composite's";
    }
    used_.insert(m_.dot);
    pre_ = m_.dot->result(0);
    if (pre_->num_uses() == 1) {
      const ir::Operation* cv = pre_->uses().front().user;
      if (cv->name() == "stablehlo.convert" && cv->result(0)->type().element().kind() == kind_ &&
          pre_->type().element().kind() == K::kF32 &&
          m_.dot->operand(0)->type().element().kind() == kind_) {
        m_.converted = true;
        used_.insert(cv);
        pre_ = cv->result(0);
      }
    }
    if (pre_->type() != v_->type()) return "the product's result is not the epilogue's type";
    return "";
  }

  // p = product + bcast(bias), the bias a vector along the output features.
  std::string strip_bias() {
    p_ = pre_;
    if (!has_bias_) return "";
    if (pre_->num_uses() != 1 || pre_->uses().front().user->name() != "stablehlo.add") {
      return "the config's bias add does not follow the product";
    }
    const ir::Operation* add = pre_->uses().front().user;
    const ir::Value* other = add->operand(add->operand(0) == pre_ ? 1 : 0);
    const auto* d = m_.dot->attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
    // stablehlo.dot contracts the rhs's first dimension and has no batch.
    const int64_t rhs_bound =
        d ? static_cast<int64_t>(d->rhs_batching.size() + d->rhs_contracting.size()) : 1;
    const int64_t rhs_free = m_.dot->operand(1)->type().rank() - rhs_bound;
    std::optional<BiasChain> chain = bias_chain(other, pre_->type().rank() - rhs_free);
    if (!chain || chain->source->type().element().kind() != kind_) {
      return "the bias is not a vector along the output features";
    }
    m_.bias_arg = argument_index(body_, chain->source);
    used_.insert(add);
    used_.insert(chain->ops.begin(), chain->ops.end());
    p_ = add->result(0);
    return "";
  }

  // v_ = act(p_), and nothing else in the region: every op is one of those read (the
  // activation's constants aside).
  std::string check_activation_and_rest() {
    size_t act_ops = 0;
    if (m_.activation == GemmEpilogue::kNone) {
      if (p_ != v_) return "ops between the product and the result that the config does not name";
    } else if (!computes_activation(v_, p_, m_.activation, &act_ops)) {
      return "the region's activation is not " + act_;
    }
    size_t others = 0;
    for (const auto& o : body_.operations()) {
      if (o.get() == body_.terminator() || used_.count(o.get())) continue;
      if (o->num_results() == 1 && is_constant_tree(o->result(0))) continue;
      ++others;
    }
    return others == act_ops ? "" : "the region computes more than the epilogue";
  }

  const GemmEpilogueMatch& match() const { return m_; }

 private:
  const ir::Operation& op_;
  const ir::Block& body_;
  const ir::Value* v_;  // the value the activation computes, once the residual is stripped
  const ir::Value* pre_ = nullptr;  // the product in the epilogue's type
  const ir::Value* p_ = nullptr;    // the activation's input
  K kind_;
  std::string act_;
  bool has_bias_ = false, has_residual_ = false;
  GemmEpilogueMatch m_;
  std::set<const ir::Operation*> used_;
};

}  // namespace

GemmEpilogueResult match_gemm_epilogue(const ir::Operation& op) {
  auto no = [](std::string why) { return GemmEpilogueResult{std::nullopt, std::move(why)}; };
  if (op.num_regions() != 1 || op.region(0).empty() || op.num_results() != 1) {
    return no("not one region and one result");
  }
  const ir::Block& body = op.region(0).front();
  const ir::Operation* term = body.terminator();
  if (!term || term->num_operands() != 1) return no("the region does not return one value");
  EpilogueReader r(op, body, term->operand(0));
  // In order, each only where the ones before held.
  using Step = std::string (EpilogueReader::*)();
  for (Step step : {&EpilogueReader::read_config, &EpilogueReader::strip_residual,
                    &EpilogueReader::find_product, &EpilogueReader::strip_bias,
                    &EpilogueReader::check_activation_and_rest}) {
    if (std::string why = (r.*step)(); !why.empty()) return no(std::move(why));
  }
  return GemmEpilogueResult{r.match(), ""};
}

}  // namespace kiln::backend::cuda
