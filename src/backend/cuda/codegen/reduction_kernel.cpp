// emit_reduction_kernels: the folds of a group of threads (one thread, a warp or a block) over
// a slice of each output's reduced elements, the combine through shuffles and shared memory,
// and the sinks that join the init value and store, or store a slice's partial results.
#include "backend/cuda/codegen/reduction_kernel.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/row_reduction.h"
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// The bytes each partial result takes in scratch: the largest compute type (kg::c128).
constexpr int64_t kPartialBytes = 16;
constexpr int kWarpsPerBlock = kReductionBlock / 32;

// The reduces a kernel's roots come from (in the order their roots first appear) and their
// common operand shape and reduced dimensions.
struct KernelReduces {
  std::vector<const ir::Operation*> reduces;
  std::vector<int64_t> operand_shape, kept_shape, reduced_shape;
  std::vector<bool> reduced_dim;  // per operand dimension
  bool rows = false;
};

std::optional<KernelReduces> kernel_reduces(const LoopKernel& kernel) {
  if (kernel.roots.empty()) return std::nullopt;
  KernelReduces r;
  std::vector<int64_t> dims;
  for (const ir::Value* root : kernel.roots) {
    const ir::Operation* op = root->defining_op();
    if (!op || op->name() != "stablehlo.reduce" || op->num_regions() != 1) return std::nullopt;
    std::vector<int64_t> d = attr_ints(*op, "dimensions");
    std::sort(d.begin(), d.end());
    if (r.reduces.empty()) {
      r.operand_shape = op->operand(0)->type().shape();
      dims = d;
    } else if (op->operand(0)->type().shape() != r.operand_shape || d != dims) {
      return std::nullopt;
    }
    if (std::find(r.reduces.begin(), r.reduces.end(), op) == r.reduces.end())
      r.reduces.push_back(op);
  }
  const int64_t rank = static_cast<int64_t>(r.operand_shape.size());
  for (int64_t i = 0, next = 0; i < rank; ++i) {
    const bool reduced =
        next < static_cast<int64_t>(dims.size()) && dims[static_cast<size_t>(next)] == i;
    if (reduced) ++next;
    r.reduced_dim.push_back(reduced);
    (reduced ? r.reduced_shape : r.kept_shape).push_back(r.operand_shape[static_cast<size_t>(i)]);
  }
  r.rows = true;
  for (size_t i = 0; i < dims.size(); ++i) {
    r.rows =
        r.rows && dims[i] == rank - static_cast<int64_t>(dims.size()) + static_cast<int64_t>(i);
  }
  return r;
}

// Whether no grouping of the body's folds changes its result: it only picks among its
// arguments (max, min, argmax-style compare and select).
bool body_only_selects(const ir::Operation& reduce) {
  for (const auto& op : reduce.region(0).front().operations()) {
    const std::string& name = op->name();
    if (name != "stablehlo.maximum" && name != "stablehlo.minimum" && name != "stablehlo.compare" &&
        name != "stablehlo.select" && name != "stablehlo.and" && name != "stablehlo.or" &&
        name != "stablehlo.return") {
      return false;
    }
  }
  return true;
}

// One accumulator: result k of a reduce, held in its body's argument type.
struct Accumulator {
  const ir::Operation* reduce;
  size_t k;
  ScalarType type;
};

Expected<std::vector<Accumulator>> accumulators_of(const KernelReduces& r) {
  std::vector<Accumulator> accs;
  for (const ir::Operation* op : r.reduces) {
    const size_t n = op->num_results();
    const ir::Block& body = op->region(0).front();
    for (size_t k = 0; k < n; ++k) {
      KILN_TRY(ScalarType t, Emitter::scalar_type(body.argument(k)->type(), op));
      accs.push_back({op, k, t});
    }
  }
  return accs;
}

// The text around a body: the kernel's signature (params, roots, scratch).
Expected<std::string> kernel_text(const LoopKernel& kernel, const std::string& function,
                                  const std::string& what, const std::string& body) {
  std::string text = fmt::format("// {}\nextern \"C\" __global__ void __launch_bounds__({}) {}(",
                                 what, kReductionBlock, function);
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const ir::Value* v = kernel.params[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    text += fmt::format("const {}* __restrict__ p{}, ", t.storage, i);
  }
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    const ir::Value* v = kernel.roots[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    text += fmt::format("{}* __restrict__ o{}, ", t.storage, i);
  }
  text += "unsigned char* __restrict__ scratch) {\n";
  return function_text(std::move(text), body);
}

// One fold: work item w (an output and a slice of its reduced extent) per group of threads.
// Output-major items (w = o * splits + s) suit groups over a row; slice-major ones
// (w = s * outputs + o) put consecutive threads on consecutive outputs. Either way a slice's
// partial results lie at scratch index w.
struct Fold {
  int group = 1;
  int64_t outputs = 1, extent = 1, splits = 1, chunk = 1;
  bool slice_major = false;
};

// The accumulator-typed values of element r of output o, one per accumulator.
using FoldSource =
    std::function<Expected<std::vector<std::string>>(const std::string& o, const std::string& r)>;
// Writes what the work item found: its accumulators and whether it saw any element.
using FoldSink = std::function<Status(const std::string& o, const std::string& w,
                                      const std::vector<std::string>& acc, const std::string& has)>;

class FoldWriter {
 public:
  FoldWriter(Emitter& e, const std::vector<Accumulator>& accs)
      : e_(e), out_(e.out()), accs_(accs) {}

  Status write(const Fold& f, const FoldSource& source, const FoldSink& sink) {
    const int64_t items = f.outputs * f.splits;
    if (f.group == kReductionBlock) {
      for (size_t a = 0; a < accs_.size(); ++a) {
        out_.line(fmt::format("__shared__ __align__(16) unsigned char sh{}[{}];", a,
                              kWarpsPerBlock * kPartialBytes));
      }
      out_.line(fmt::format("__shared__ bool sh_has[{}];", kWarpsPerBlock));
      out_.line("const int lane = threadIdx.x;");
      out_.open(fmt::format("for (i64 w = blockIdx.x; w < {}; w += gridDim.x)", items));
    } else if (f.group == 32) {
      out_.line("const int lane = threadIdx.x & 31;");
      out_.open(
          fmt::format("for (i64 w = (static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x) "
                      ">> 5; w < {}; w += (static_cast<i64>(gridDim.x) * blockDim.x) >> 5)",
                      items));
    } else {
      out_.line("const int lane = 0;");
      out_.open(
          fmt::format("for (i64 w = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; "
                      "w < {}; w += static_cast<i64>(gridDim.x) * blockDim.x)",
                      items));
    }
    e_.push_scope();
    if (f.splits == 1) {
      out_.line("const i64 o = w, s = 0;");
    } else if (f.slice_major) {
      out_.line(fmt::format("const i64 s = w / {}, o = w - s * {};", f.outputs, f.outputs));
    } else {
      out_.line(fmt::format("const i64 o = w / {}, s = w - o * {};", f.splits, f.splits));
    }
    out_.line(fmt::format("const i64 begin = s * {}, end = min(begin + {}, static_cast<i64>({}));",
                          f.chunk, f.chunk, f.extent));
    out_.line("bool has = false;");
    acc_.clear();
    for (const Accumulator& a : accs_) {
      acc_.push_back(e_.fresh("acc"));
      out_.line(fmt::format("{} {} = {}();", a.type.compute, acc_.back(), a.type.compute));
    }
    // The lane's first element starts its fold; the loop over the rest has no branch, and its
    // loads (independent of the accumulators) are unrolled ahead of the combines.
    out_.line("i64 r = begin + lane;");
    out_.open("if (r < end)");
    e_.push_scope();
    KILN_TRY(std::vector<std::string> first, source("o", "r"));
    for (size_t a = 0; a < accs_.size(); ++a) out_.line(fmt::format("{} = {};", acc_[a], first[a]));
    out_.line("has = true;");
    e_.pop_scope();
    out_.close();
    out_.line("#pragma unroll 4");
    out_.open(fmt::format("for (r += {0}; r < end; r += {0})", f.group));
    e_.push_scope();
    KILN_TRY(std::vector<std::string> xs, source("o", "r"));
    KILN_CHECK_OK(combine(xs));
    e_.pop_scope();
    out_.close();
    if (f.group >= 32) KILN_CHECK_OK(shuffle_combine(16));
    if (f.group == kReductionBlock) KILN_CHECK_OK(block_combine());
    if (f.group >= 32) out_.open("if (lane == 0)");
    KILN_CHECK_OK(sink("o", "w", acc_, "has"));
    if (f.group >= 32) out_.close();
    if (f.group == kReductionBlock)
      out_.line("__syncthreads();  // sh* are read before the next item");
    e_.pop_scope();
    out_.close();
    return ok_status();
  }

 private:
  // Each reduce's body over (accumulators, other), into the accumulators.
  Status combine(const std::vector<std::string>& other) {
    std::vector<std::string> next(accs_.size());
    for (size_t a = 0; a < accs_.size();) {
      const ir::Operation* op = accs_[a].reduce;
      const size_t n = op->num_results();
      std::vector<std::string> args(acc_.begin() + static_cast<std::ptrdiff_t>(a),
                                    acc_.begin() + static_cast<std::ptrdiff_t>(a + n));
      args.insert(args.end(), other.begin() + static_cast<std::ptrdiff_t>(a),
                  other.begin() + static_cast<std::ptrdiff_t>(a + n));
      KILN_TRY(std::vector<std::string> joined, e_.emit_region(op->region(0), args));
      // Through temporaries: a variadic body reads every accumulator.
      for (size_t k = 0; k < n; ++k) next[a + k] = e_.let("auto", joined[k]);
      a += n;
    }
    for (size_t a = 0; a < accs_.size(); ++a) out_.line(fmt::format("{} = {};", acc_[a], next[a]));
    return ok_status();
  }

  Status take_or_combine(const std::vector<std::string>& other) {
    out_.open("if (!has)");
    for (size_t a = 0; a < accs_.size(); ++a) out_.line(fmt::format("{} = {};", acc_[a], other[a]));
    out_.line("has = true;");
    out_.close();
    out_.open("else");
    e_.push_scope();
    KILN_CHECK_OK(combine(other));
    e_.pop_scope();
    out_.close();
    return ok_status();
  }

  // The lanes' accumulators combined by a butterfly from offset `first` down (every lane
  // ends with the same result; lane 0's is used).
  Status shuffle_combine(int first) {
    out_.open(fmt::format("for (int off = {}; off > 0; off >>= 1)", first));
    e_.push_scope();
    out_.line("const bool other_has = kg::shfl_xor(has, off);");
    std::vector<std::string> others;
    for (size_t a = 0; a < accs_.size(); ++a) {
      others.push_back(
          e_.let(accs_[a].type.compute, fmt::format("kg::shfl_xor({}, off)", acc_[a])));
    }
    out_.open("if (other_has)");
    KILN_CHECK_OK(take_or_combine(others));
    out_.close();
    e_.pop_scope();
    out_.close();
    return ok_status();
  }

  // The warps' results through shared memory, combined by warp 0 in warp order.
  Status block_combine() {
    out_.line("const int warp = threadIdx.x >> 5;");
    out_.open("if ((threadIdx.x & 31) == 0)");
    out_.line("sh_has[warp] = has;");
    for (size_t a = 0; a < accs_.size(); ++a) {
      out_.line(fmt::format("reinterpret_cast<{}*>(sh{})[warp] = {};", accs_[a].type.compute, a,
                            acc_[a]));
    }
    out_.close();
    out_.line("__syncthreads();");
    out_.open("if (warp == 0)");
    out_.line(fmt::format("has = lane < {} && sh_has[lane];", kWarpsPerBlock));
    out_.open("if (has)");
    for (size_t a = 0; a < accs_.size(); ++a) {
      out_.line(fmt::format("{} = reinterpret_cast<const {}*>(sh{})[lane];", acc_[a],
                            accs_[a].type.compute, a));
    }
    out_.close();
    KILN_CHECK_OK(shuffle_combine(kWarpsPerBlock / 2));
    out_.close();
    return ok_status();
  }

  Emitter& e_;
  CodeWriter& out_;
  const std::vector<Accumulator>& accs_;
  std::vector<std::string> acc_;
};

// Binds the kernel's params in a fresh emitter.
void bind_params(Emitter& e, const LoopKernel& kernel) {
  for (size_t i = 0; i < kernel.params.size(); ++i)
    e.bind_param(kernel.params[i], fmt::format("p{}", i));
}

// The sink storing the roots: body(init, fold) where the item saw elements.
FoldSink store_roots(Emitter& e, const LoopKernel& kernel, const std::vector<Accumulator>& accs) {
  return
      [&e, &kernel, &accs](const std::string& o, const std::string&,
                           const std::vector<std::string>& acc, const std::string& has) -> Status {
        for (size_t a = 0; a < accs.size();) {
          const ir::Operation* op = accs[a].reduce;
          const size_t n = op->num_results();
          std::vector<std::string> inits, args;
          for (size_t k = 0; k < n; ++k) {
            Index scalar = Index::scalar();
            KILN_TRY(std::string init, e.emit(op->operand(n + k), scalar));
            inits.push_back(init);
          }
          args = inits;
          args.insert(args.end(), acc.begin() + static_cast<std::ptrdiff_t>(a),
                      acc.begin() + static_cast<std::ptrdiff_t>(a + n));
          KILN_TRY(std::vector<std::string> joined, e.emit_region(op->region(0), args));
          for (size_t i = 0; i < kernel.roots.size(); ++i) {
            if (kernel.roots[i]->defining_op() != op) continue;
            const size_t k = kernel.roots[i]->index();
            KILN_TRY(ScalarType t, Emitter::scalar_type(kernel.roots[i]->type(), op));
            e.out().line(t.store(fmt::format("o{}", i), o,
                                 fmt::format("({} ? {} : {})", has, joined[k], inits[k])));
          }
          a += n;
        }
        return ok_status();
      };
}

// Accumulator a's partials in scratch.
std::string partials(const std::vector<Accumulator>& accs, size_t a, int64_t count) {
  return fmt::format("reinterpret_cast<{}*>(scratch + {})", accs[a].type.compute,
                     static_cast<int64_t>(a) * count * kPartialBytes);
}

// The elements of a kernel's reduces (operand k of each, at output o's element r of the
// reduced dimensions), converted to the accumulators' types; their producers are emitted on
// the way.
FoldSource element_source(Emitter& e, const KernelReduces& r,
                          const std::vector<Accumulator>& accs) {
  return [&e, &r, &accs](const std::string& o,
                         const std::string& i) -> Expected<std::vector<std::string>> {
    const std::vector<int64_t>& shape = r.operand_shape;
    Index index;
    if (r.rows) {
      index =
          Index::of_linear(shape, fmt::format("{} * {} + {}", o, elements_of(r.reduced_shape), i));
    } else {
      // Kept dimensions from the output's index, reduced ones from the fold's.
      Index kept = Index::of_linear(r.kept_shape, o);
      Index red = Index::of_linear(r.reduced_shape, i);
      const std::vector<std::string> kd = e.dims(kept), rd = e.dims(red);
      std::vector<std::string> d;
      size_t nk = 0, nr = 0;
      for (size_t j = 0; j < shape.size(); ++j) d.push_back(r.reduced_dim[j] ? rd[nr++] : kd[nk++]);
      index = Index::of_dims(shape, d);
    }
    std::vector<std::string> xs;
    for (const Accumulator& a : accs) {
      KILN_TRY(std::string x, e.emit(a.reduce->operand(a.k), index));
      KILN_TRY(ScalarType from, Emitter::scalar_type(a.reduce->operand(a.k)->type(), a.reduce));
      xs.push_back(from.kind == a.type.kind ? x
                                            : e.let(a.type.compute, convert_expr(from, a.type, x)));
    }
    return xs;
  };
}

// The second pass of a split plan: each output's `plan.splits` partials (output-major for
// rows, slice-major for columns), folded in slice order by `group` threads, then the init.
Expected<std::string> emit_combine_pass(const LoopKernel& kernel,
                                        const std::vector<Accumulator>& accs,
                                        const ReductionPlan& plan, int64_t outputs, int group,
                                        const std::string& what) {
  CodeWriter body;
  Emitter e(body);
  bind_params(e, kernel);
  const int64_t splits = plan.splits, items = outputs * splits;
  const bool column = plan.strategy == ReductionStrategy::kColumnSplit;
  FoldSource slices = [&](const std::string& o,
                          const std::string& s) -> Expected<std::vector<std::string>> {
    const std::string at = column ? fmt::format("{} * {} + {}", s, outputs, o)
                                  : fmt::format("{} * {} + {}", o, splits, s);
    std::vector<std::string> xs;
    for (size_t a = 0; a < accs.size(); ++a) {
      xs.push_back(
          e.let(accs[a].type.compute, fmt::format("{}[{}]", partials(accs, a, items), at)));
    }
    return xs;
  };
  Fold fold{group, outputs, splits, 1, splits, false};
  FoldWriter writer(e, accs);
  KILN_CHECK_OK(writer.write(fold, slices, store_roots(e, kernel, accs)));
  return kernel_text(kernel, kernel.function + "_combine", what + ": the slices' combine",
                     body.text());
}

}  // namespace

Expected<std::optional<ReductionShape>> reduction_shape_of(const LoopKernel& kernel) {
  std::optional<KernelReduces> r = kernel_reduces(kernel);
  if (!r) return std::optional<ReductionShape>();
  ReductionShape s;
  s.outputs = elements_of(r->kept_shape);
  s.reduced = elements_of(r->reduced_shape);
  s.rows = r->rows;
  s.reorderable = true;
  for (const ir::Operation* op : r->reduces) {
    const ir::Block& body = op->region(0).front();
    const size_t n = op->num_results();
    const bool selects = body_only_selects(*op);
    for (size_t k = 0; k < n; ++k) {
      // A fold started from an element needs the element and accumulator types alike.
      if (body.argument(k)->type() != body.argument(n + k)->type() ||
          op->operand(k)->type().element() != body.argument(n + k)->type().element()) {
        s.reorderable = false;
      }
      KILN_TRY(ScalarType t, Emitter::scalar_type(body.argument(k)->type(), op));
      if (t.is_float && t.narrow && !selects) s.reorderable = false;
      KILN_TRY(ScalarType in, Emitter::scalar_type(op->operand(k)->type(), op));
      s.bytes += s.outputs * s.reduced * std::max(in.bits, 8) / 8;
    }
  }
  return std::optional<ReductionShape>(s);
}

Expected<std::optional<ReductionKernels>> emit_reduction_kernels(const LoopKernel& kernel,
                                                                 int sm_count) {
  KILN_TRY(std::optional<ReductionShape> shape, reduction_shape_of(kernel));
  if (!shape) return std::optional<ReductionKernels>();
  const ReductionPlan plan = choose_reduction(*shape, sm_count);
  if (plan.strategy == ReductionStrategy::kThreadPerOutput)
    return std::optional<ReductionKernels>();
  if (plan.strategy == ReductionStrategy::kGroupPerRow && plan.group == 32 && plan.splits == 1 &&
      row_reduction_of(kernel)) {
    return std::optional<ReductionKernels>();  // row_reduction's warp per row
  }
  const KernelReduces r = *kernel_reduces(kernel);
  KILN_TRY(std::vector<Accumulator> accs, accumulators_of(r));
  const bool column = plan.strategy == ReductionStrategy::kColumnSplit;
  const int64_t outputs = shape->outputs, items = outputs * plan.splits;
  const int64_t sms = sm_count > 0 ? sm_count : kDefaultSmCount;
  auto blocks_for = [&](int group, int64_t work) {
    const int64_t threads = work * group;
    return std::clamp<int64_t>((threads + kReductionBlock - 1) / kReductionBlock, 1, sms * 16);
  };
  const std::string what = fmt::format(
      "reduction: {} of {} outputs x {} elements, {} per group, {} slices",
      column ? "split columns" : "rows", outputs, shape->reduced, plan.group, plan.splits);
  ReductionKernels out;
  out.plan = plan;

  // The first pass: the operand's elements, their producers computed on the way.
  CodeWriter body;
  Emitter e(body);
  bind_params(e, kernel);
  FoldSink to_partials = [&](const std::string&, const std::string& w,
                             const std::vector<std::string>& acc, const std::string&) -> Status {
    // Every slice holds an element, so `has` is true here.
    for (size_t a = 0; a < accs.size(); ++a) {
      body.line(fmt::format("{}[{}] = {};", partials(accs, a, items), w, acc[a]));
    }
    return ok_status();
  };
  Fold first{plan.group, outputs, shape->reduced, plan.splits, plan.chunk, column};
  FoldWriter writer(e, accs);
  KILN_CHECK_OK(writer.write(first, element_source(e, r, accs),
                             plan.splits == 1 ? store_roots(e, kernel, accs) : to_partials));
  KILN_TRY(std::string text, kernel_text(kernel, kernel.function, what, body.text()));
  out.launches.push_back({kernel.function, std::move(text), blocks_for(plan.group, items)});
  if (plan.splits == 1) return std::optional<ReductionKernels>(std::move(out));

  // The second pass: each output's partials in slice order, then the init value.
  out.scratch_bytes = static_cast<int64_t>(accs.size()) * items * kPartialBytes;
  const int group = column ? 1 : kReductionBlock;
  KILN_TRY(std::string text2, emit_combine_pass(kernel, accs, plan, outputs, group, what));
  out.launches.push_back(
      {kernel.function + "_combine", std::move(text2), blocks_for(group, outputs)});
  return std::optional<ReductionKernels>(std::move(out));
}

}  // namespace kiln::backend::cuda
