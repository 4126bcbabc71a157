// emit_device_loop: the regions opened into one list of ops, the values a step stores and the
// phases that compute them (what may be written in place), the kernel's text.
#include "backend/cuda/codegen/device_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/ops/dot_general.h"
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// Above this many elements a state value's initial copy is a copy step before the kernel (a
// block alone would copy it slowly).
constexpr int64_t kInitInKernel = int64_t{1} << 16;
// Pointer parameters: 8 bytes each in CUDA's 4 KiB of kernel parameters.
constexpr size_t kMaxParams = 400;

bool is_reduction(const ir::Operation& op) {
  return op.name() == "stablehlo.reduce" || op.name() == "stablehlo.reduce_window" ||
         op.name() == "stablehlo.dot_general" || op.name() == "stablehlo.dot" ||
         op.name() == "stablehlo.convolution";
}

bool is_dense_constant(const ir::Operation& op) {
  if (op.name() != "stablehlo.constant") return false;
  const auto* dense = op.attr_as<ir::DenseElementsAttr>("value");
  return dense && !dense->splat && dense->num_elements() != 1;
}

// Whether `v` is defined inside `op` (an argument of one of its blocks or a result of an op
// nested in it, at any depth).
bool defined_within(const ir::Operation& op, const ir::Value* v) {
  const ir::Block* b = v->parent_block();
  return b && b->parent_op() && op.is_ancestor_of(b->parent_op());
}

// A kiln composite whose region stands for it: its arguments are the operands, its returned
// values the results.
bool opens(const ir::Operation& op) {
  if (!op.name().starts_with("kiln.") || op.num_regions() != 1) return false;
  if (op.region(0).blocks().size() != 1) return false;
  const ir::Block& b = op.region(0).front();
  return b.num_arguments() == op.num_operands() && b.terminator() &&
         b.terminator()->num_operands() == op.num_results();
}

// What each value of an opened composite stands for (its region's arguments: the operands;
// its results: the values its region returns).
struct Flat {
  std::unordered_map<const ir::Value*, const ir::Value*> alias;

  const ir::Value* canonical(const ir::Value* v) const {
    for (auto it = alias.find(v); it != alias.end(); it = alias.find(v)) v = it->second;
    return v;
  }
};

// `block`'s ops in order into `ops`, composites opened (their values into `f`); the reason it
// cannot, or "".
std::string flatten(const ir::Block& block, std::vector<const ir::Operation*>& ops, Flat& f,
                    const std::function<bool(const ir::Operation&)>& excluded) {
  for (const auto& op : block.operations()) {
    if (op.get() == block.terminator()) break;
    if (op->name() == "stablehlo.optimization_barrier") {
      // Its results are its operands (it only orders the program's scheduling).
      for (size_t i = 0; i < op->num_results(); ++i) f.alias[op->result(i)] = op->operand(i);
      continue;
    }
    if (opens(*op)) {
      const ir::Block& inner = op->region(0).front();
      for (size_t i = 0; i < inner.num_arguments(); ++i) {
        f.alias[inner.argument(i)] = op->operand(i);
      }
      if (std::string why = flatten(inner, ops, f, excluded); !why.empty()) return why;
      for (size_t i = 0; i < op->num_results(); ++i) {
        f.alias[op->result(i)] = inner.terminator()->operand(i);
      }
      continue;
    }
    const bool elemental =
        op->name() == "stablehlo.constant" ||
        (find_elemental_rule(op->name()) != nullptr &&
         (op->num_regions() == 0 || op->name() == "stablehlo.reduce" ||
          op->name() == "stablehlo.map" || op->name() == "stablehlo.reduce_window"));
    if (!elemental || excluded(*op)) {
      return fmt::format("'{}' is not computed element by element", op->name());
    }
    // A region (a reduction's combiner) reads nothing from outside it.
    bool captures = false;
    for (size_t r = 0; r < op->num_regions(); ++r) {
      for (const auto& b : op->region(r).blocks()) {
        for (const auto& inner : b->operations()) {
          inner->walk([&](const ir::Operation& nested) {
            for (const ir::Value* o : nested.operands()) {
              captures = captures || !defined_within(*op, o);
            }
          });
        }
      }
    }
    if (captures) return fmt::format("'{}' has a region that reads a value around it", op->name());
    ops.push_back(op.get());
  }
  return "";
}

// A stored value: computed into memory in one phase of a step.
struct Root {
  const ir::Value* value = nullptr;
  // A result that is no value of the body's own (a state value, a value from before the
  // loop): copied into a slot of its own, so that the copies back never read a state slot
  // another copy writes.
  bool copy = false;
  int state = -1;                      // written straight into this state's slot
  const ir::Operation* dus = nullptr;  // in place: a dynamic_update_slice, writing its window
  std::set<const ir::Value*> reads;    // the roots and state values it reads
  int level = 0;
  size_t param = 0;
};

int64_t elements(const ir::Value* v) { return v->type().num_elements().value_or(0); }

// Element operations computing `v` (a reduction's elements count what they reduce).
int64_t work_of(const ir::Value* v) {
  const ir::Operation* op = v->defining_op();
  const int64_t n = elements(v);
  if (!op) return n;
  if (op->name() == "stablehlo.dot_general" || op->name() == "stablehlo.dot") {
    Expected<DotDims> dims = dot_dims_of(*op);
    int64_t k = 1;
    if (dims.ok()) {
      for (int64_t d : dims->lhs_contracting) k *= op->operand(0)->type().dim(d);
    }
    return n * std::max<int64_t>(k, 1);
  }
  if (op->name() == "stablehlo.reduce") return std::max(n, elements(op->operand(0)));
  if (op->name() == "stablehlo.reduce_window") {
    int64_t w = 1;
    for (int64_t d : attr_ints(*op, "window_dimensions")) w *= d;
    return n * std::max<int64_t>(w, 1);
  }
  if (op->name() == "stablehlo.convolution")
    return n * std::max<int64_t>(elements(op->operand(1)), 1);
  return n;
}

class Planner {
 public:
  Planner(const ir::Operation& loop, Flat& flat) : loop_(loop), f_(flat) {}

  // The roots and state values `v` reads, `v` itself not counted as a root.
  void reads(const ir::Value* v, std::set<const ir::Value*>& out, bool top = true) {
    v = f_.canonical(v);
    if (!top && stored_.count(v)) {
      out.insert(v);
      return;
    }
    if (state_.count(v)) {
      out.insert(v);
      return;
    }
    if (!defined_within(loop_, v) || !seen_.insert(v).second) return;
    if (const ir::Operation* op = v->defining_op()) {
      for (const ir::Value* o : op->operands()) reads(o, out, false);
    }
  }
  std::set<const ir::Value*> reads_of(const ir::Value* v) {
    std::set<const ir::Value*> out;
    seen_.clear();
    reads(v, out);
    return out;
  }
  std::set<const ir::Value*> reads_of_window(const ir::Operation& dus) {
    std::set<const ir::Value*> out;
    seen_.clear();
    for (size_t i = 1; i < dus.num_operands(); ++i) reads(dus.operand(i), out, false);
    return out;
  }

  // The roots of a region: its stored values in order (the copies first), with what they read
  // and their levels; `next` its results (the body's), `args` its state arguments.
  std::vector<Root> roots(const std::vector<const ir::Operation*>& ops,
                          const std::vector<const ir::Value*>& next, const ir::Block& block) {
    state_.clear();
    stored_.clear();
    for (size_t i = 0; i < block.num_arguments(); ++i) state_[block.argument(i)] = i;
    std::vector<Root> out;
    std::set<const ir::Value*> inside;
    for (const ir::Operation* op : ops) {
      for (const auto& r : op->results()) inside.insert(r.get());
    }
    for (size_t i = 0; i < next.size(); ++i) {
      const ir::Value* n = next[i];
      if (n == block.argument(i) || inside.count(n)) continue;
      if (std::none_of(out.begin(), out.end(), [&](const Root& r) { return r.value == n; })) {
        out.push_back(Root{n, true});
      }
    }
    for (const ir::Operation* op : ops) {
      for (const auto& r : op->results()) {
        const bool returned = std::count(next.begin(), next.end(), r.get()) > 0;
        if (returned || (is_reduction(*op) && r->has_uses())) {
          stored_.insert(r.get());
          out.push_back(Root{r.get()});
        }
      }
    }
    for (Root& r : out) r.reads = reads_of(r.value);
    // In place: a result returned once, computed after every read of its state value and
    // without reading it (a dynamic_update_slice of it reads only its window's values).
    for (size_t k = 0; k < out.size(); ++k) {
      Root& r = out[k];
      if (r.copy || std::count(next.begin(), next.end(), r.value) != 1) continue;
      const size_t i = std::find(next.begin(), next.end(), r.value) - next.begin();
      const ir::Value* arg = block.argument(i);
      const ir::Operation* def = r.value->defining_op();
      std::set<const ir::Value*> own = r.reads;
      const ir::Operation* dus = nullptr;
      if (def->name() == "stablehlo.dynamic_update_slice" && f_.canonical(def->operand(0)) == arg) {
        dus = def;
        own = reads_of_window(*def);
      }
      if (own.count(arg)) continue;
      bool read_later = false;
      for (size_t j = k + 1; j < out.size(); ++j)
        read_later = read_later || out[j].reads.count(arg);
      if (read_later) continue;
      r.state = static_cast<int>(i);
      r.dus = dus;
    }
    // Levels: one past every root read, and an in-place root one past every earlier reader of
    // its state value.
    for (size_t k = 0; k < out.size(); ++k) {
      Root& r = out[k];
      for (size_t j = 0; j < k; ++j) {
        const bool reads_it = r.reads.count(out[j].value) > 0;
        const bool overwrites =
            r.state >= 0 && out[j].reads.count(block.argument(static_cast<size_t>(r.state)));
        if (reads_it || overwrites) r.level = std::max(r.level, out[j].level + 1);
      }
    }
    return out;
  }

 private:
  const ir::Operation& loop_;
  Flat& f_;
  std::unordered_map<const ir::Value*, size_t> state_;
  std::set<const ir::Value*> stored_;
  std::set<const ir::Value*> seen_;
};

// The kernel's text, parameters bound as they are added.
class Writer {
 public:
  Writer(const ir::Operation& loop, Flat& flat) : loop_(loop), f_(flat), e_(body_) {}

  Expected<size_t> param(DeviceLoopParam p, const ir::Type& type) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(type, &loop_));
    for (size_t i = 0; i < params_.size(); ++i) {
      const DeviceLoopParam& q = params_[i];
      if (q.kind == p.kind && q.index == p.index && q.value == p.value && types_[i] == t.storage) {
        return i;
      }
    }
    params_.push_back(p);
    types_.push_back(t.storage);
    return params_.size() - 1;
  }
  std::string name(size_t param) const { return fmt::format("p{}", param); }

  // Binds every value the ops read from before the loop, and the regions' dense constants.
  // (`returned`: what a region returns, which may be a value from before the loop too.)
  Status bind_outside(const std::vector<const ir::Operation*>& ops, const ir::Operation& returned) {
    for (const ir::Operation* op : ops) {
      if (is_dense_constant(*op)) {
        KILN_TRY(size_t p, param({DeviceLoopParam::Kind::kConstant, 0, op->result(0)},
                                 op->result(0)->type()));
        e_.bind_param(op->result(0), name(p));
      }
      for (const ir::Value* o : op->operands()) KILN_CHECK_OK(bind_if_outside(o));
    }
    for (const ir::Value* o : returned.operands()) KILN_CHECK_OK(bind_if_outside(o));
    // Opened values read as what they stand for.
    for (const auto& [from, to] : f_.alias) {
      const ir::Value* target = to;
      e_.bind_view(from, [target](Emitter& e, Index& index) { return e.emit(target, index); });
    }
    return ok_status();
  }

  Status bind_if_outside(const ir::Value* o) {
    const ir::Value* v = f_.canonical(o);
    if (defined_within(loop_, v)) return ok_status();
    KILN_TRY(size_t p, param({DeviceLoopParam::Kind::kOuter, 0, v}, v->type()));
    e_.bind_param(v, name(p));
    return ok_status();
  }

  Status bind_state(const ir::Block& block) {
    for (size_t i = 0; i < block.num_arguments(); ++i) {
      KILN_TRY(size_t p, state_param(i));
      e_.bind_param(block.argument(i), name(p));
    }
    return ok_status();
  }
  Expected<size_t> state_param(size_t i) {
    return param({DeviceLoopParam::Kind::kState, i}, loop_.result(i)->type());
  }

  // Each level's roots, a barrier after each level.
  Status phases(std::vector<Root>& roots) {
    int levels = 0;
    for (const Root& r : roots) levels = std::max(levels, r.level + 1);
    for (int lv = 0; lv < levels; ++lv) {
      for (Root& r : roots) {
        if (r.level != lv) continue;
        if (r.state >= 0) {
          KILN_TRY(r.param, state_param(static_cast<size_t>(r.state)));
        } else {
          KILN_TRY(ScalarType t, Emitter::scalar_type(r.value->type(), &loop_));
          KILN_TRY(r.param, param({DeviceLoopParam::Kind::kSlot, 0, r.value,
                                   std::max<int64_t>(elements(r.value), 1) * t.bytes},
                                  r.value->type()));
        }
        KILN_CHECK_OK(r.dus ? window(r) : whole(r));
      }
      for (const Root& r : roots) {
        if (r.level == lv && !r.copy) e_.bind_param(r.value, name(r.param));
      }
      body_.line("__syncthreads();");
    }
    return ok_status();
  }

  // The copies of results computed elsewhere into their state slots.
  Status copy_back(const std::vector<Root>& roots, const std::vector<const ir::Value*>& next,
                   const ir::Block& block) {
    bool any = false;
    for (size_t i = 0; i < next.size(); ++i) {
      if (next[i] == block.argument(i)) continue;
      auto r = std::find_if(roots.begin(), roots.end(),
                            [&](const Root& x) { return x.value == next[i]; });
      if (r == roots.end()) return Error::internal("cuda device loop: a result without a root");
      if (r->state == static_cast<int>(i)) continue;
      KILN_TRY(size_t dst, state_param(i));
      copy(name(r->param), name(dst), elements(next[i]));
      any = true;
    }
    if (any) body_.line("__syncthreads();");
    return ok_status();
  }

  void copy(const std::string& from, const std::string& to, int64_t n) {
    body_.line(fmt::format("for (i64 i = t0; i < {}; i += nt) {}[i] = {}[i];", n, to, from));
  }

  // `go`: whether the loop takes another step (every thread computes it).
  Status pred(const ir::Value* v) {
    Index scalar = Index::scalar();
    e_.push_scope();
    body_.line("bool go;");
    body_.open("");
    KILN_TRY(std::string x, e_.emit(v, scalar));
    body_.line(fmt::format("go = static_cast<bool>({});", x));
    body_.close();
    e_.pop_scope();
    return ok_status();
  }

  CodeWriter& out() { return body_; }

  // The function around the body.
  std::string text(const std::string& function) const {
    std::string sig = fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}(",
                                  kDeviceLoopMaxBlock, function);
    for (size_t i = 0; i < params_.size(); ++i) {
      sig += fmt::format("{}{}* p{}", i ? ", " : "", types_[i], i);
    }
    return function_text(sig + ") {\n", body_.text());
  }
  std::vector<DeviceLoopParam> params() const { return params_; }

 private:
  // Every element of the root, a stride of the block's threads apart.
  Status whole(const Root& r) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(r.value->type(), &loop_));
    e_.push_scope();
    body_.open(fmt::format("for (i64 i = t0; i < {}; i += nt)", elements(r.value)));
    Index index = Index::of_linear(r.value->type().shape(), "i");
    KILN_TRY(std::string x, e_.emit(r.value, index));
    body_.line(t.store(name(r.param), "i", x));
    body_.close();
    e_.pop_scope();
    return ok_status();
  }

  // A dynamic_update_slice into its own state slot: its window only (the start indices
  // clamped as the spec says).
  Status window(const Root& r) {
    const ir::Operation& op = *r.dus;
    KILN_TRY(ScalarType t, Emitter::scalar_type(r.value->type(), &loop_));
    const ir::Type& in = op.operand(0)->type();
    const ir::Type& update = op.operand(1)->type();
    e_.push_scope();
    body_.open("");
    std::vector<std::string> start;
    for (size_t k = 0; k < in.shape().size(); ++k) {
      KILN_TRY(ScalarType it, Emitter::scalar_type(op.operand(k + 2)->type(), &op));
      Index scalar = Index::scalar();
      KILN_TRY(std::string s, e_.emit(op.operand(k + 2), scalar));
      const auto dim = static_cast<int64_t>(k);
      start.push_back(e_.let("i64", fmt::format("min(max({}, 0LL), {}LL)", index_i64(it, s),
                                                in.dim(dim) - update.dim(dim))));
    }
    body_.open(fmt::format("for (i64 j = t0; j < {}; j += nt)", elements(op.operand(1))));
    e_.push_scope();
    Index at = Index::of_linear(update.shape(), "j");
    KILN_TRY(std::string u, e_.emit(op.operand(1), at));
    const std::vector<std::string>& d = e_.dims(at);
    std::string linear = "0";
    int64_t stride = 1;
    for (size_t k = in.shape().size(); k-- > 0;) {
      linear = fmt::format("({} + {}) * {}LL + {}", start[k], d[k], stride, linear);
      stride *= in.dim(static_cast<int64_t>(k));
    }
    body_.line(t.store(name(r.param), linear, u));
    e_.pop_scope();
    body_.close();
    body_.close();
    e_.pop_scope();
    return ok_status();
  }

  const ir::Operation& loop_;
  Flat& f_;
  CodeWriter body_;
  Emitter e_;
  std::vector<DeviceLoopParam> params_;
  std::vector<std::string> types_;
};

std::vector<const ir::Value*> canonical_all(const Flat& f, const ir::Operation* term) {
  std::vector<const ir::Value*> out;
  for (const ir::Value* v : term->operands()) out.push_back(f.canonical(v));
  return out;
}

Expected<DeviceLoopPlan> plan(const ir::Operation& loop, const std::function<std::string()>& name,
                              int64_t max_work,
                              const std::function<bool(const ir::Operation&)>& excluded) {
  DeviceLoopPlan out;
  if (loop.num_regions() != 2) return Error::internal("cuda device loop: a while without regions");
  const ir::Block& cond = loop.region(0).front();
  const ir::Block& body = loop.region(1).front();
  Flat f;
  std::vector<const ir::Operation*> cond_ops, body_ops;
  if (std::string why = flatten(cond, cond_ops, f, excluded); !why.empty()) {
    out.refused = why;
    return out;
  }
  if (std::string why = flatten(body, body_ops, f, excluded); !why.empty()) {
    out.refused = why;
    return out;
  }
  for (size_t i = 0; i < loop.num_results(); ++i) {
    if (!loop.result(i)->type().num_elements()) {
      out.refused = "a state value without a static shape";
      return out;
    }
  }
  Planner planner(loop, f);
  const std::vector<const ir::Value*> next = canonical_all(f, body.terminator());
  std::vector<Root> body_roots = planner.roots(body_ops, next, body);
  std::vector<Root> cond_roots = planner.roots(cond_ops, {}, cond);

  // A step's work and the block it wants.
  int64_t work = 0, widest = 1;
  for (const std::vector<Root>* roots : {&cond_roots, &body_roots}) {
    for (const Root& r : *roots) {
      const int64_t n = r.dus ? elements(r.dus->operand(1)) : elements(r.value);
      work += r.dus ? n : work_of(r.value);
      widest = std::max(widest, n);
    }
  }
  // The copies back of the results not written in place.
  for (size_t i = 0; i < next.size(); ++i) {
    const bool in_place = std::any_of(body_roots.begin(), body_roots.end(), [&](const Root& r) {
      return r.value == next[i] && r.state == static_cast<int>(i);
    });
    if (next[i] != body.argument(i) && !in_place) work += elements(next[i]);
  }
  if (work > max_work) {
    out.refused =
        fmt::format("a step computes {} element operations, more than {}", work, max_work);
    return out;
  }

  DeviceLoopKernel k;
  k.work = work;
  k.block =
      static_cast<unsigned>(std::clamp<int64_t>((widest + 31) / 32 * 32, 32, kDeviceLoopMaxBlock));
  Writer w(loop, f);
  KILN_CHECK_OK(w.bind_outside(cond_ops, *cond.terminator()));
  KILN_CHECK_OK(w.bind_outside(body_ops, *body.terminator()));
  KILN_CHECK_OK(w.bind_state(cond));
  KILN_CHECK_OK(w.bind_state(body));
  CodeWriter& code = w.out();
  code.line("const i64 t0 = threadIdx.x;");
  code.line("const i64 nt = blockDim.x;");
  // The initial state: small values copied here, large ones by the caller before.
  bool init = false;
  for (size_t i = 0; i < loop.num_results(); ++i) {
    const ir::Value* v = loop.operand(i);
    if (elements(v) > kInitInKernel) {
      k.copied_before.push_back(i);
      continue;
    }
    KILN_TRY(size_t from, w.param({DeviceLoopParam::Kind::kOuter, 0, v}, v->type()));
    KILN_TRY(size_t to, w.state_param(i));
    w.copy(w.name(from), w.name(to), elements(v));
    init = true;
  }
  if (init) code.line("__syncthreads();");
  code.open("for (;;)");
  KILN_CHECK_OK(w.phases(cond_roots));
  KILN_CHECK_OK(w.pred(f.canonical(cond.terminator()->operand(0))));
  // Nothing in the step overwrites what the condition read before every thread has read it.
  code.line("__syncthreads();");
  code.line("if (!go) break;");
  KILN_CHECK_OK(w.phases(body_roots));
  KILN_CHECK_OK(w.copy_back(body_roots, next, body));
  code.close();
  // A kernel's parameters take at most 4 KiB.
  if (w.params().size() > kMaxParams) {
    out.refused = fmt::format("{} buffers, more than a kernel's {} parameters", w.params().size(),
                              kMaxParams);
    return out;
  }
  k.function = name();
  k.text = w.text(k.function);
  k.params = w.params();
  out.kernel = std::move(k);
  return out;
}

}  // namespace

DeviceLoopPlan emit_device_loop(const ir::Operation& loop, const std::function<std::string()>& name,
                                int64_t max_work,
                                const std::function<bool(const ir::Operation&)>& excluded) {
  Expected<DeviceLoopPlan> p = plan(loop, name, max_work, excluded);
  if (p.ok()) return std::move(*p);
  // What the emitter cannot compute (an element type, an op's form): the loop runs as
  // conditional graph nodes, whose lowering reports what it cannot do either.
  DeviceLoopPlan refused;
  refused.refused = p.error().message();
  return refused;
}

}  // namespace kiln::backend::cuda
