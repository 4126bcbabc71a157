// assign-buffers: buffer assignment. Works out when each value a kernel writes is live, places
// the values of each block in one arena (offsets reused once a value is dead, results written
// in place over an operand that dies where the op can update it), and reports the peak.
//
// What it records, for a backend to allocate by:
//   - on each op of a function body or control-flow region whose results live in memory:
//     `kiln.buffers = array<i64: ...>`, each result's byte offset in its block's arena (-1 for a
//     result that is a view of its operand, a reshape, or that lives in a loop-carried buffer);
//   - `kiln.in_place = array<i64: ...>`, per result the operand whose buffer it overwrites, or
//     -1 (only on ops that have an in-place result);
//   - on ops with regions (while/if/case): `kiln.scratch = array<i64: offset, bytes>`, the
//     part of the arena their regions' own arenas use while they run;
//   - on each function: `kiln.arena_bytes`, and on the module `kiln.peak_memory_bytes`, the
//     largest arena of any function (inputs are the caller's and not counted).
#include <algorithm>
#include <map>
#include <unordered_map>

#include "ir/op_info.h"
#include "passes/fusion_ops.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

constexpr int64_t kAlignment = 256;  // cudaMalloc's alignment; every buffer starts on one

int64_t aligned(int64_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

// The bytes of a tensor value, or -1 for tokens, tuples and dynamic shapes.
int64_t bytes_of(const ir::Value& v) {
  const ir::Type& t = v.type();
  if (!t.is_tensor() || !t.is_static()) return -1;
  int64_t n = t.num_elements().value_or(-1);
  return n < 0 ? -1 : aligned(std::max<int64_t>(1, n * t.element().storage_bytes()));
}

bool is_view(const ir::Operation& op) { return op.name() == "stablehlo.reshape"; }

bool lives_in_constants(const ir::Operation& op) { return op.id() == ir::ops::kConstant; }

// First-fit allocation in an arena of free ranges.
class Arena {
 public:
  int64_t allocate(int64_t bytes) {
    for (auto it = free_.begin(); it != free_.end(); ++it) {
      if (it->second < bytes) continue;
      int64_t offset = it->first;
      int64_t rest = it->second - bytes;
      free_.erase(it);
      if (rest) free_[offset + bytes] = rest;
      return offset;
    }
    int64_t offset = end_;
    end_ += bytes;
    peak_ = std::max(peak_, end_);
    return offset;
  }
  void release(int64_t offset, int64_t bytes) {
    auto [it, inserted] = free_.emplace(offset, bytes);
    // Merge with the neighbours.
    if (auto next = std::next(it); next != free_.end() && offset + bytes == next->first) {
      it->second += next->second;
      free_.erase(next);
    }
    if (it != free_.begin()) {
      auto prev = std::prev(it);
      if (prev->first + prev->second == it->first) {
        prev->second += it->second;
        free_.erase(it);
        it = prev;
      }
    }
    if (it->first + it->second == end_) {  // give the tail back
      end_ = it->first;
      free_.erase(it);
    }
  }
  int64_t peak() const { return peak_; }

 private:
  std::map<int64_t, int64_t> free_;  // offset -> bytes
  int64_t end_ = 0;
  int64_t peak_ = 0;
};

// An op whose result i may overwrite operand k: element-wise (or a fusion computing one shape)
// with the same bytes, reading operand k's element at the index it writes.
bool may_update_in_place(const ir::Operation& op, size_t k) {
  if (k >= op.num_operands()) return false;
  if (is_elementwise(op) || op.name() == "kiln.fusion") {
    if (op.name() == "kiln.fusion") {
      const auto* kind = op.attr_as<ir::StringAttr>("kind");
      if (!kind || kind->value != "loop") return false;
      // A loop fusion may read an input through a transpose, slice or broadcast: only an input
      // that its body reads element for element (element-wise ops of its own shape) may be
      // overwritten while the kernel runs.
      const ir::Value* arg = op.region(0).front().argument(k);
      for (const ir::Use& use : arg->uses()) {
        if (!is_elementwise(*use.user) || use.user->num_results() != 1 ||
            use.user->result(0)->type().shape() != arg->type().shape()) {
          return false;
        }
      }
    }
    return op.num_results() == 1 && op.operand(k)->type() == op.result(0)->type();
  }
  if (op.name() == "stablehlo.dynamic_update_slice" || op.name() == "stablehlo.scatter") {
    return k == 0;
  }
  return false;
}

// Whether `op` (a dynamic_update_slice or scatter in a while body) may update the loop-carried
// buffer its operand 0 is in place: operand 0 is carried value i, read by nothing else, and
// the result is what the body carries on as value i. The loop then keeps one buffer for it
// across iterations instead of copying it every step (a scan's output, a KV cache).
bool updates_carried_buffer(const ir::Operation& op, const ir::Block& block) {
  if (op.num_results() != 1 || op.num_operands() == 0 || !may_update_in_place(op, 0)) return false;
  const ir::Operation* loop = block.parent_op();
  if (!loop || loop->name() != "stablehlo.while" || loop->num_regions() != 2 ||
      &loop->region(1).front() != &block) {
    return false;
  }
  const ir::Value* carried = op.operand(0);
  if (carried->owner_block() != &block || carried->num_uses() != 1) return false;
  const ir::Operation* terminator = block.terminator();
  const ir::Value* result = op.result(0);
  if (!terminator || result->num_uses() != 1 || result->uses()[0].user != terminator) return false;
  return result->uses()[0].operand_index == carried->index();
}

class BlockPlanner {
 public:
  explicit BlockPlanner(PassContext& context) : context_(context) {}

  // Plans `block` and returns its arena's size.
  int64_t plan(ir::Block& block) {
    const auto& ops = block.operations();
    std::unordered_map<const ir::Value*, size_t> last_use;
    std::unordered_map<const ir::Value*, const ir::Value*> storage;  // views -> what they view
    auto root = [&](const ir::Value* v) {
      while (storage.count(v)) v = storage.at(v);
      return v;
    };
    for (size_t i = 0; i < ops.size(); ++i) {
      ir::Operation& op = *ops[i];
      if (is_view(op)) storage[op.result(0)] = op.operand(0);
      op.walk([&](const ir::Operation& inner) {
        for (const ir::Value* v : inner.operands()) {
          if (v) last_use[root(v)] = i;
        }
      });
    }
    // Values the block returns live to its end.
    if (const ir::Operation* t = block.terminator()) {
      for (const ir::Value* v : t->operands()) last_use[root(v)] = ops.size();
    }
    Arena arena;
    std::unordered_map<const ir::Value*, int64_t> offset;
    std::map<size_t, std::vector<const ir::Value*>> dying;  // index -> values dead after it
    for (size_t i = 0; i < ops.size(); ++i) {
      ir::Operation& op = *ops[i];
      // Control flow runs its regions' ops as kernels of their own, which get an arena; any
      // other op with regions (fusions, patterns, reductions, sorts, scatters) is one kernel
      // whose region is its body, not a list of buffers.
      if (op.name() != "stablehlo.while" && op.name() != "stablehlo.if" &&
          op.name() != "stablehlo.case") {
        assign_results(op, i, offset, last_use, arena, dying, root);
      } else {
        int64_t scratch = 0;
        for (const auto& region : op.regions()) {
          for (const auto& b : region->blocks()) scratch = std::max(scratch, plan(*b));
        }
        int64_t at = scratch ? arena.allocate(scratch) : 0;
        if (scratch) op.set_attr("kiln.scratch", ir::DenseArrayAttr{.ints = {at, scratch}});
        assign_results(op, i, offset, last_use, arena, dying, root);
        if (scratch) arena.release(at, scratch);
      }
      for (const ir::Value* v : dying[i]) {
        if (offset.count(v)) arena.release(offset.at(v), bytes_of(*v));
      }
    }
    return arena.peak();
  }

 private:
  template <class Root>
  void assign_results(ir::Operation& op, size_t i,
                      std::unordered_map<const ir::Value*, int64_t>& offset,
                      const std::unordered_map<const ir::Value*, size_t>& last_use, Arena& arena,
                      std::map<size_t, std::vector<const ir::Value*>>& dying, Root root) {
    if (op.num_results() == 0 || lives_in_constants(op) ||
        (op.info() && (op.info()->traits & ir::kTerminator))) {
      return;
    }
    if (updates_carried_buffer(op, *op.parent_block())) {
      op.set_attr("kiln.buffers", ir::DenseArrayAttr{.ints = {-1}});
      op.set_attr("kiln.in_place", ir::DenseArrayAttr{.ints = {0}});
      context_.count("loop-carried buffers updated in place");
      return;
    }
    std::vector<int64_t> offsets, in_place;
    bool any_in_place = false;
    std::vector<bool> operand_taken(op.num_operands(), false);
    for (const auto& r : op.results()) {
      int64_t bytes = bytes_of(*r);
      if (is_view(op) || bytes < 0) {
        offsets.push_back(-1);
        in_place.push_back(-1);
        continue;
      }
      int64_t at = -1, from = -1;
      for (size_t k = 0; k < op.num_operands() && at < 0; ++k) {
        const ir::Value* src = root(op.operand(k));
        auto dies = last_use.find(src);
        if (operand_taken[k] || !offset.count(src) || dies == last_use.end() || dies->second != i ||
            bytes_of(*src) != bytes || !may_update_in_place(op, k)) {
          continue;
        }
        at = offset.at(src);
        from = static_cast<int64_t>(k);
        operand_taken[k] = true;
        offset.erase(src);  // its buffer now holds the result
        context_.count("results written in place");
      }
      if (at < 0) at = arena.allocate(bytes);
      offset[r.get()] = at;
      auto dies = last_use.find(r.get());
      dying[dies == last_use.end() ? i : dies->second].push_back(r.get());
      offsets.push_back(at);
      in_place.push_back(from);
      any_in_place |= from >= 0;
    }
    op.set_attr("kiln.buffers", ir::DenseArrayAttr{.ints = offsets});
    if (any_in_place) op.set_attr("kiln.in_place", ir::DenseArrayAttr{.ints = in_place});
  }

  PassContext& context_;
};

class AssignBuffers : public Pass {
 public:
  std::string_view name() const override { return "assign-buffers"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    int64_t peak = 0;
    for (ir::Operation* f : module.functions()) {
      if (f->num_regions() == 0 || f->region(0).empty()) continue;
      BlockPlanner planner(context);
      int64_t bytes = planner.plan(f->region(0).front());
      f->set_attr("kiln.arena_bytes", ir::IntegerAttr{.value = bytes});
      peak = std::max(peak, bytes);
    }
    module.op().set_attr("kiln.peak_memory_bytes", ir::IntegerAttr{.value = peak});
    context.count("peak bytes", peak);
    return true;
  }
};

}  // namespace

KILN_REGISTER_PASS(AssignBuffers, "assign-buffers",
                   "place every value in a reused arena, in place where legal; report the peak");

}  // namespace kiln::passes
