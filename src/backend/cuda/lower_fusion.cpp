// kiln.fusion and the named composites without a library kernel: the region's ops become
// as few generated kernels as keep every element computed once per kernel. A value is stored
// (materialised) when the region returns it, when an op that is not element-wise reads it, or
// when it is a reduction (which a broadcast would otherwise recompute per element); every
// other value is computed inside the kernel of the stored value that reads it. Stored values
// at the same depth of the dependences between them share one kernel (a multi-output fusion's
// outputs), except reductions a cooperative strategy takes, which share one of their own.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/reduction_kernel.h"
#include "backend/cuda/convolution_layout.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/dot_general.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "ir/ops/kiln_ops.h"

namespace kiln::backend::cuda {

namespace {

bool is_splat_constant(const ir::Operation& op) {
  if (op.name() != "stablehlo.constant") return false;
  const auto* dense = op.attr_as<ir::DenseElementsAttr>("value");
  return dense && (dense->splat || dense->num_elements() == 1);
}

// Whether `op` is computed inside generated kernels (else it is lowered on its own).
bool is_elemental(const ir::Operation& op, const LowerOptions& options) {
  if (op.name() == "stablehlo.constant") return is_splat_constant(op);
  if (dot_uses_gemm(op, options)) return false;  // a cuBLASLt GEMM of stored operands
  if (convolution_uses_cudnn(op)) return false;  // cuDNN's, of stored operands
  if (runs_on_grid(op, options)) return false;   // a step of the grid, on stored values
  return find_elemental_rule(op.name()) != nullptr && op.num_regions() <= 1 &&
         (op.num_regions() == 0 || op.name() == "stablehlo.reduce" || op.name() == "stablehlo.map" ||
          op.name() == "stablehlo.reduce_window");
}

bool is_reduction(const ir::Operation& op) {
  return op.name() == "stablehlo.reduce" || op.name() == "stablehlo.reduce_window" ||
         op.name() == "stablehlo.dot_general" || op.name() == "stablehlo.dot" ||
         op.name() == "stablehlo.convolution";
}

// The stored values `v` reads (through values computed in the kernel), into `params`.
void collect_params(const ir::Value* v, const std::set<const ir::Value*>& stored,
                    std::set<const ir::Value*>& seen, std::vector<const ir::Value*>& params) {
  if (!seen.insert(v).second) return;
  if (stored.count(v)) {
    params.push_back(v);
    return;
  }
  const ir::Operation* op = v->defining_op();
  if (!op) return;
  for (const ir::Value* o : op->operands()) collect_params(o, stored, seen, params);
  // Values a region reads from outside (a reduce body captures nothing in StableHLO, but a
  // map's may not either); nothing to collect.
}

// A stored value computed by a generated kernel, and the stored values it reads.
struct PendingRoot {
  const ir::Value* root;
  std::vector<const ir::Value*> deps;
};

// What a reduction root shares with the roots it may join in a cooperative kernel (its
// operand shape and reduced dimensions), or "" for any other root.
std::string reduction_key(const ir::Value* v) {
  const ir::Operation* op = v->defining_op();
  if (!op || op->name() != "stablehlo.reduce") return "";
  std::vector<int64_t> dims = attr_ints(*op, "dimensions");
  std::sort(dims.begin(), dims.end());
  return fmt::format("{} / {}", fmt::join(op->operand(0)->type().shape(), "x"),
                     fmt::join(dims, ","));
}

// The kernels of `pending`, in an order that computes every value before its readers. A value's
// level is one past the deepest pending value it reads, so the values of one level never read
// each other and share a kernel (a multi-output fusion's outputs, the mean and the variance
// of one tensor). Reductions of one operand shape and dimensions that a cooperative strategy
// spreads over the GPU (codegen/reduction_kernel.h, which wants reductions as every root) take
// a kernel of their own beside the level's other values.
std::vector<std::vector<const PendingRoot*>> kernel_groups(const std::vector<PendingRoot>& pending,
                                                           const LowerOptions& options) {
  std::map<const ir::Value*, int> level;
  int levels = 0;
  for (const PendingRoot& p : pending) {
    int lv = 0;
    for (const ir::Value* d : p.deps) {
      if (auto it = level.find(d); it != level.end()) lv = std::max(lv, it->second + 1);
    }
    level[p.root] = lv;
    levels = std::max(levels, lv + 1);
  }
  std::vector<std::vector<const PendingRoot*>> kernels;
  for (int lv = 0; lv < levels; ++lv) {
    // Groups by reduction key, in order of first appearance; "" first.
    std::vector<std::pair<std::string, std::vector<const PendingRoot*>>> groups{{"", {}}};
    for (const PendingRoot& p : pending) {
      if (level[p.root] != lv) continue;
      const std::string key = reduction_key(p.root);
      auto it =
          std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
      if (it == groups.end()) it = groups.insert(groups.end(), {key, {}});
      it->second.push_back(&p);
    }
    // A group of reductions without a cooperative plan joins the others.
    for (size_t g = 1; g < groups.size();) {
      LoopKernel probe{"", {}, {}};
      for (const PendingRoot* p : groups[g].second) probe.roots.push_back(p->root);
      Expected<std::optional<ReductionShape>> shape = reduction_shape_of(probe);
      const bool own = shape.ok() && *shape &&
                       choose_reduction(**shape, options.device.sm_count).strategy !=
                           ReductionStrategy::kThreadPerOutput;
      if (own) {
        ++g;
        continue;
      }
      groups[0].second.insert(groups[0].second.end(), groups[g].second.begin(),
                              groups[g].second.end());
      groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(g));
    }
    for (auto& [key, roots] : groups) {
      if (roots.empty()) continue;
      // Roots in the block's order within the kernel.
      std::sort(roots.begin(), roots.end());
      kernels.push_back(std::move(roots));
    }
  }
  return kernels;
}

}  // namespace

// Lowers `block` (a fusion's body or a composite's decomposition) with its arguments at
// `args`; returns the slots of the values it returns (owned by the caller).
Expected<std::vector<BufferRef>> lower_fused_block(Lowerer& l, const ir::Block& block,
                                                   const std::vector<BufferRef>& args,
                                                   const ir::Operation& owner) {
  std::set<const ir::Value*> stored;
  std::map<const ir::Value*, BufferRef> slot;
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    stored.insert(block.argument(i));
    slot[block.argument(i)] = args.at(i);
  }
  const ir::Operation* term = block.terminator();
  for (const ir::Value* v : term->operands()) stored.insert(v);
  for (const auto& op : block.operations()) {
    if (op.get() == term) continue;
    if (!is_elemental(*op, l.options())) {
      for (const ir::Value* o : op->operands()) stored.insert(o);
      for (const auto& r : op->results()) stored.insert(r.get());
    } else if (is_reduction(*op)) {
      for (const auto& r : op->results()) {
        if (r->has_uses()) stored.insert(r.get());
      }
    }
  }
  // The stored values since the last op lowered on its own, each with the stored values it
  // reads; flush() gives them kernels.
  std::vector<PendingRoot> pending;
  std::vector<BufferRef> owned;  // slots this function defined, released at the end
  auto flush = [&]() -> Status {
    for (const std::vector<const PendingRoot*>& group : kernel_groups(pending, l.options())) {
      LoopKernel kernel{l.kernel_name(), {}, {}};
      std::vector<BufferRef> params, roots;
      for (const PendingRoot* p : group) {
        for (const ir::Value* d : p->deps) {
          if (std::find(kernel.params.begin(), kernel.params.end(), d) != kernel.params.end())
            continue;
          kernel.params.push_back(d);
          params.push_back(slot.at(d));
        }
      }
      for (const PendingRoot* p : group) {
        BufferRef out = l.define(p->root);
        slot[p->root] = out;
        owned.push_back(out);
        kernel.roots.push_back(p->root);
        roots.push_back(out);
      }
      KILN_CHECK_OK(l.add_loop_kernel(std::move(kernel), params, roots, owner));
    }
    pending.clear();
    return ok_status();
  };
  for (const auto& op : block.operations()) {
    if (op.get() == term) break;
    if (!is_elemental(*op, l.options())) {
      KILN_CHECK_OK(flush());
      for (const ir::Value* o : op->operands()) {
        if (!slot.count(o)) return Error::internal("cuda lowering: an unstored operand");
        l.alias(o, slot[o]);
        owned.push_back(slot[o]);
      }
      // Run the op as in any block: through the Lowerer's dispatch on a one-op view.
      KILN_TRY(auto results, l.lower_single(*op));
      for (size_t i = 0; i < results.size(); ++i) {
        slot[op->result(i)] = results[i];
        owned.push_back(results[i]);
      }
      continue;
    }
    for (const auto& r : op->results()) {
      if (!stored.count(r.get()) || slot.count(r.get())) continue;
      std::set<const ir::Value*> seen;
      PendingRoot p{r.get(), {}};
      // Start below the root itself, which is stored.
      for (const ir::Value* o : op->operands()) collect_params(o, stored, seen, p.deps);
      pending.push_back(std::move(p));
    }
  }
  KILN_CHECK_OK(flush());
  std::vector<BufferRef> results;
  for (const ir::Value* v : term->operands()) {
    auto it = slot.find(v);
    if (it == slot.end()) {
      // A returned splat constant (or a value only the kernel computed): compute it now.
      LoopKernel k{l.kernel_name(), {}, {v}};
      BufferRef out = l.define(v);
      KILN_CHECK_OK(l.add_loop_kernel(std::move(k), {}, {out}, owner));
      slot[v] = out;
      owned.push_back(out);
      it = slot.find(v);
    }
    l.alias(v, it->second);
    results.push_back(it->second);
  }
  for (const BufferRef& r : owned) l.release(r);
  return results;
}

Expected<std::vector<BufferRef>> lower_region_into(Lowerer& l, const ir::Operation& op,
                                                   const std::vector<BufferRef>& args,
                                                   Program& fallback) {
  Program* main = l.redirect(&fallback);
  Expected<std::vector<BufferRef>> out = lower_fused_block(l, op.region(0).front(), args, op);
  l.redirect(main);
  return out;
}

Status lower_kiln_region(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(std::vector<BufferRef> args, l.operand_refs(op));
  // A slot wished for a result goes to the value the region returns for it, when the region
  // computes that value itself and returns it once.
  const ir::Operation* term = op.region(0).front().terminator();
  std::vector<const ir::Value*> passed;
  for (size_t i = 0; i < op.num_results() && i < term->num_operands(); ++i) {
    const ir::Value* v = term->operand(i);
    if (v->defining_op() == nullptr ||
        std::count(term->operands().begin(), term->operands().end(), v) != 1) {
      continue;
    }
    l.pass_preference(op.result(i), v);
    passed.push_back(v);
  }
  Expected<std::vector<BufferRef>> lowered = lower_fused_block(l, op.region(0).front(), args, op);
  for (const ir::Value* v : passed) l.drop_preference(v);
  if (!lowered.ok()) return lowered.take_error();
  std::vector<BufferRef> results = std::move(*lowered);
  for (size_t i = 0; i < results.size(); ++i) {
    l.alias(op.result(i), results[i]);
    l.release(results[i]);
  }
  return ok_status();
}

// The composites go to a library kernel where one matches (lower_library.cpp).
KILN_REGISTER_CUDA_LOWERING(ir::kKilnFusionName, lower_kiln_region);

}  // namespace kiln::backend::cuda
