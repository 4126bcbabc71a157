// plan_fusions: backwards growth of fusion groups under the cost model.
#include "passes/fusion_plan.h"

#include <unordered_map>
#include <unordered_set>

#include "ir/builder.h"
#include "ir/rewriter.h"
#include "passes/fusion_ops.h"

namespace kiln::passes {

namespace {

// The op of `block` that is `op` or holds it; nullptr when op is not inside block.
ir::Operation* ancestor_in(ir::Operation* op, const ir::Block& block) {
  while (op && op->parent_block() != &block) op = op->parent_op();
  return op;
}

int64_t elements_of(const ir::Value* v) { return v->type().num_elements().value_or(-1); }

// A transpose that moves the minor dimension.
bool moves_minor_dimension(const ir::Operation& op) {
  if (op.name() != "stablehlo.transpose") return false;
  const auto* perm = op.attr_as<ir::DenseArrayAttr>("permutation");
  return perm && !perm->ints.empty() &&
         perm->ints.back() != static_cast<int64_t>(perm->ints.size()) - 1;
}

class Planner {
 public:
  Planner(ir::Block& block, const FusionBudget& budget, PassContext& context)
      : block_(block), budget_(budget), context_(context) {
    for (size_t i = 0; i < block.operations().size(); ++i) {
      position_[block.operations()[i].get()] = i;
    }
  }

  std::vector<FusionGroup> run() {
    std::vector<FusionGroup> groups;
    const auto& ops = block_.operations();
    for (size_t i = ops.size(); i-- > 0;) {
      ir::Operation* op = ops[i].get();
      if (group_of_.count(op) || !(loop_fusible(*op) || is_fusible_reduce(*op))) continue;
      FusionGroup group = grow(op);
      if (keep(group)) groups.push_back(std::move(group));
    }
    return groups;
  }

 private:
  FusionGroup grow(ir::Operation* root) {
    FusionGroup group;
    group.root = root;
    add(group, root, is_fusible_reduce(*root));
    std::vector<ir::Operation*> work = {root};
    while (!work.empty()) {
      ir::Operation* member = work.back();
      work.pop_back();
      for (ir::Value* v : member->operands()) {
        ir::Operation* producer = v->defining_op();
        if (!producer || producer->parent_block() != &block_ || group_of_.count(producer)) {
          continue;
        }
        // Built only when asked for (--explain-fusion): two descriptions and a few
        // allocations an edge, for lines PassContext::explain would drop.
        const bool explain = context_.options().explain;
        if (std::string why = refuse(group, *member, *producer); !why.empty()) {
          if (explain && !why.starts_with("-")) {
            context_.explain("not fused: " + describe_op(*producer) + " into the fusion of " +
                             describe_op(*root) + ": " + why);
          }
          continue;
        }
        if (explain) {
          context_.explain("fused: " + describe_op(*producer) + " into the fusion of " +
                           describe_op(*root));
        }
        add(group, producer, prologue_.count(member) > 0 || is_fusible_reduce(*member));
        work.push_back(producer);
      }
    }
    return group;
  }

  void add(FusionGroup& group, ir::Operation* op, bool prologue) {
    group.ops.push_back(op);
    group_of_[op] = group.root;
    members_.insert(op);
    if (is_fusible_reduce(*op)) {
      if (group.reduce) group.row_length = row_length(*op);
      group.reduce = op;
      for (const ir::Operation* m : group.ops) {
        if (elements_of(m->result(0)) > elements_of(op->result(0))) {
          group.row_length = row_length(*op);
        }
      }
    }
    if (prologue && !is_fusible_reduce(*op)) prologue_.insert(op);
  }

  // Why `producer` may not join the group (empty: it may). Reasons starting with '-' are not
  // worth explaining (ops that are never fused).
  std::string refuse(const FusionGroup& group, const ir::Operation& member,
                     ir::Operation& producer) {
    bool reduce = is_fusible_reduce(producer);
    if (!reduce && !loop_fusible(producer)) {
      return (producer.num_regions() && !is_fusible_reduce_window(producer)) ||
                     producer.id() == ir::ops::kConstant
                 ? "-"
                 : "it is not fusible (a kernel or library call of its own)";
    }
    if (std::string why = check_users(group, producer); !why.empty()) return why;
    if (reduce) {
      if (std::string why = check_reduce(group, producer); !why.empty()) return why;
    }
    if (is_fusible_reduce_window(member) && has_overlapping_windows(member) &&
        !is_cheap_to_duplicate(producer)) {
      return "the windows reading it overlap (fusing would compute it once per window)";
    }
    bool in_prologue = prologue_.count(&member) > 0 || is_fusible_reduce(member);
    if (in_prologue && moves_minor_dimension(producer)) {
      return "a transpose of the minor dimension before a reduction (the reduction would read "
             "it uncoalesced)";
    }
    if (size_t max_ops = ops_budget(group, producer); group.ops.size() + 1 > max_ops) {
      return "the fusion already holds " + std::to_string(group.ops.size()) + " ops (budget " +
             std::to_string(max_ops) + ")";
    }
    if (size_t inputs = count_inputs(group, &producer); inputs > budget_.max_inputs) {
      return "the fusion would read " + std::to_string(inputs) + " tensors (budget " +
             std::to_string(budget_.max_inputs) + ")";
    }
    return "";
  }

  // Why the producer's other users keep it out (empty: they do not).
  std::string check_users(const FusionGroup& group, const ir::Operation& producer) const {
    size_t root_index = position_.at(group.root);
    for (const auto& r : producer.results()) {
      for (const ir::Use& use : r->uses()) {
        ir::Operation* user = ancestor_in(use.user, block_);
        if (user && members_.count(user) && group_of_.at(user) == group.root) continue;
        bool after_root = user && position_.at(user) > root_index;
        const bool multi_output = budget_.multi_output || small_results(producer);
        if (multi_output && after_root && !is_fusible_reduce(producer)) continue;
        return "its result is also used by " + (user ? describe_op(*user) : std::string("?")) +
               (multi_output ? " before the fusion's end" : "") +
               " (fusing would compute it twice)";
      }
    }
    return "";
  }

  // How many ops the group may hold once `producer` joins it.
  size_t ops_budget(const FusionGroup& group, const ir::Operation& producer) const {
    if (budget_.small_max_ops <= budget_.max_ops || !small_results(producer))
      return budget_.max_ops;
    for (const ir::Operation* op : group.ops) {
      if (!small_results(*op)) return budget_.max_ops;
    }
    return budget_.small_max_ops;
  }

  // is_loop_fusible, and at the levels with the small-value rule a dynamic_slice or
  // dynamic_update_slice whose values are that small (tiny values cost their kernel's launch,
  // not their bytes: an unrolled RNN's per-step dynamic_update_slice joins the step's fusion,
  // which then writes the whole small buffer instead of a kernel updating it in place).
  bool loop_fusible(const ir::Operation& op) const {
    if (is_loop_fusible(op)) return true;
    if (op.name() != "stablehlo.dynamic_slice" && op.name() != "stablehlo.dynamic_update_slice") {
      return false;
    }
    for (const ir::Value* v : op.operands()) {
      if (!v->type().is_tensor() || !v->type().is_static() || v->type().element().is_quantized()) {
        return false;
      }
    }
    return budget_.small_multi_output_elements > 0 && small_results(op);
  }

  // Whether every result of op holds at most budget_.small_multi_output_elements elements.
  bool small_results(const ir::Operation& op) const {
    for (const auto& r : op.results()) {
      const int64_t n = elements_of(r.get());
      if (n < 0 || n > budget_.small_multi_output_elements) return false;
    }
    return true;
  }

  // Why the reduction `producer` may not join (empty: it may); sets nothing.
  std::string check_reduce(const FusionGroup& group, const ir::Operation& producer) const {
    int64_t reduced = elements_of(producer.result(0));
    bool broadcast_back = false;
    for (const ir::Operation* op : group.ops) {
      if (elements_of(op->result(0)) > reduced) broadcast_back = true;
    }
    bool same_rows = true;
    for (const ir::Operation* op : group.ops) {
      if (is_fusible_reduce(*op) && !same_row_layout(*op, producer)) same_rows = false;
    }
    if (group.reduce && !same_rows) return "the fusion already holds a reduction of other rows";
    if (!broadcast_back && !group.reduce) return "";
    int64_t row = row_length(producer);
    if (row == 0) {
      return "its result is broadcast back to a larger shape and it is not a row reduction "
             "(fusing would recompute the reduction for every element)";
    }
    if (row > budget_.max_row_length) {
      return "its rows of " + std::to_string(row) +
             " elements are longer than a fusion may "
             "keep on chip (budget " +
             std::to_string(budget_.max_row_length) + ")";
    }
    int64_t input = elements_of(producer.operand(0));
    for (const ir::Operation* op : group.ops) {
      if (elements_of(op->result(0)) > input) {
        return "the fusion computes more elements than the rows it reduces";
      }
    }
    return "";
  }

  static bool same_row_layout(const ir::Operation& a, const ir::Operation& b) {
    return a.operand(0)->type().shape() == b.operand(0)->type().shape() &&
           *a.attr("dimensions") == *b.attr("dimensions") && row_length(a) > 0;
  }

  // The distinct non-constant values the group reads from outside, with `extra` added.
  size_t count_inputs(const FusionGroup& group, const ir::Operation* extra) const {
    std::unordered_set<const ir::Operation*> in(group.ops.begin(), group.ops.end());
    in.insert(extra);
    std::unordered_set<const ir::Value*> inputs;
    for (const ir::Operation* op : in) {
      for (const ir::Value* v : op->operands()) {
        const ir::Operation* def = v->defining_op();
        if (def && (in.count(def) || def->id() == ir::ops::kConstant)) continue;
        inputs.insert(v);
      }
    }
    return inputs.size();
  }

  static bool keep(const FusionGroup& group) {
    size_t real = 0;
    for (const ir::Operation* op : group.ops) real += op->id() != ir::ops::kConstant;
    return real >= 2;
  }

  ir::Block& block_;
  const FusionBudget& budget_;
  PassContext& context_;
  std::unordered_map<const ir::Operation*, const ir::Operation*> group_of_;  // op -> its root
  std::unordered_set<const ir::Operation*> members_;
  std::unordered_set<const ir::Operation*> prologue_;
  std::unordered_map<const ir::Operation*, size_t> position_;  // in the block, before any edit
};

}  // namespace

FusionBudget FusionBudget::for_options(const PassOptions& options) {
  if (options.aggressive) {
    return {.max_ops = 256, .max_inputs = 32, .max_row_length = 32768, .multi_output = true};
  }
  return {};
}

std::vector<FusionGroup> plan_fusions(ir::Block& block, const FusionBudget& budget,
                                      PassContext& context) {
  return Planner(block, budget, context).run();
}

int64_t duplicate_cheap_producers(ir::Block& block) {
  int64_t copies = 0;
  ir::Rewriter rewriter(block);
  std::vector<ir::Operation*> cheap;
  for (const auto& op : block.operations()) {
    if (is_cheap_to_duplicate(*op) && op->num_results() == 1 && op->result(0)->num_uses() > 1) {
      cheap.push_back(op.get());
    }
  }
  for (ir::Operation* op : cheap) {
    ir::Value* value = op->result(0);
    std::vector<ir::Use> uses = value->uses();
    for (size_t k = 1; k < uses.size(); ++k) {
      ir::Operation* user = ancestor_in(uses[k].user, block);
      if (!user || !(is_loop_fusible(*user) || is_fusible_reduce(*user))) continue;
      // The copy goes right before the user, after everything the original reads.
      if (!rewriter.set_insertion_point_before(*user).ok()) continue;
      ir::ValueMap map;
      ir::Operation* copy = rewriter.clone(*op, map);
      uses[k].user->set_operand(uses[k].operand_index, copy->result(0));
      ++copies;
    }
  }
  return copies;
}

std::vector<ir::Block*> fusion_blocks(ir::Module& module) {
  std::vector<ir::Block*> out;
  std::vector<ir::Block*> work;
  for (ir::Operation* f : module.functions()) {
    for (const auto& region : f->regions()) {
      for (const auto& b : region->blocks()) work.push_back(b.get());
    }
  }
  static const std::unordered_set<std::string_view> kControlFlow = {
      "stablehlo.while", "stablehlo.if", "stablehlo.case"};
  while (!work.empty()) {
    ir::Block* b = work.front();
    work.erase(work.begin());
    out.push_back(b);
    for (const auto& op : b->operations()) {
      if (!kControlFlow.count(op->name())) continue;
      for (const auto& region : op->regions()) {
        for (const auto& inner : region->blocks()) work.push_back(inner.get());
      }
    }
  }
  return out;
}

std::string describe_op(const ir::Operation& op) {
  const Location& loc = op.location();
  if (loc.known()) {
    auto [line, col] = loc.buffer->line_col(loc.offset);
    return op.name() + " at " + loc.buffer->name() + ":" + std::to_string(line) + ":" +
           std::to_string(col);
  }
  return op.name() + " (" + ir::describe_position(op) + ")";
}

}  // namespace kiln::passes
