// The rewriter's edits: replacing, erasing, moving, wrapping and cloning operations.
#include "ir/rewriter.h"

#include <algorithm>
#include <unordered_set>

#include "ir/op_info.h"

namespace kiln::ir {

namespace {

// The op of `block` that is or encloses `op`, or nullptr when op is not inside the block.
const Operation* ancestor_in(const Block& block, const Operation* op) {
  for (; op; op = op->parent_op()) {
    if (op->parent_block() == &block) return op;
  }
  return nullptr;
}

// The op that defines v, or whose region holds the block v is an argument of.
const Operation* definer(const Value& v) {
  if (v.defining_op()) return v.defining_op();
  return v.owner_block() ? v.owner_block()->parent_op() : nullptr;
}

// A use of v by an op outside `root`, if any.
const Use* outside_use(const Operation& root, const Value& v) {
  for (const Use& u : v.uses()) {
    if (!root.is_ancestor_of(u.user)) return &u;
  }
  return nullptr;
}

// A use, by an op outside `root`, of a value defined in the regions of `op` (nested in root).
const Use* escaping_use(const Operation& root, const Operation& op) {
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) {
      for (const auto& arg : block->arguments()) {
        if (const Use* u = outside_use(root, *arg)) return u;
      }
      for (const auto& nested : block->operations()) {
        for (const auto& r : nested->results()) {
          if (const Use* u = outside_use(root, *r)) return u;
        }
        if (const Use* u = escaping_use(root, *nested)) return u;
      }
    }
  }
  return nullptr;
}

std::string uses_phrase(size_t n) { return std::to_string(n) + (n == 1 ? " use" : " uses"); }

// Whether op can be destroyed without leaving a use behind; `results_rewired` skips its
// results (replace_op rewires them first).
Status check_erasable(const Operation& op, bool results_rewired) {
  if (!op.parent_block()) return verify_error(op, "cannot be erased: it is in no block");
  for (size_t i = 0; !results_rewired && i < op.num_results(); ++i) {
    const Value& r = *op.result(i);
    if (const Use* u = outside_use(op, r)) {
      return verify_error(op, "cannot be erased: result #" + std::to_string(i) + " still has " +
                                  uses_phrase(r.num_uses()) + " (by '" + u->user->name() + "')");
    }
  }
  if (const Use* u = escaping_use(op, op)) {
    return verify_error(op, "cannot be erased: a value defined in its regions is still used by '" +
                                u->user->name() + "' outside it");
  }
  return ok_status();
}

struct OpRange {
  Block* block;
  size_t begin;  // index of the first op
  size_t end;    // one past the last op
};

Expected<OpRange> range_of(Operation& first, Operation& last) {
  Block* block = first.parent_block();
  if (!block) return verify_error(first, "cannot be moved: it is in no block");
  if (last.parent_block() != block) {
    return verify_error(last, "is not in the same block as '" + first.name() + "'");
  }
  size_t begin = block->index_of(&first), end = block->index_of(&last) + 1;
  if (end <= begin) return verify_error(last, "comes before '" + first.name() + "' in its block");
  return OpRange{block, begin, end};
}

bool range_holds(const OpRange& range, const Operation* op) {
  const Operation* top = op ? ancestor_in(*range.block, op) : nullptr;
  if (!top) return false;
  size_t index = range.block->index_of(top);
  return index >= range.begin && index < range.end;
}

}  // namespace

std::unique_ptr<Operation> clone_op(const Operation& op, ValueMap& map) {
  auto copy = std::make_unique<Operation>(op.id(), op.location());
  copy->set_source_loc(op.source_loc());
  for (Value* v : op.operands()) {
    auto it = map.find(v);
    copy->add_operand(it == map.end() ? v : it->second);
  }
  for (const auto& r : op.results()) {
    Value* nr = copy->add_result(r->type());
    nr->set_name_hint(r->name_hint());
    map[r.get()] = nr;
  }
  for (const NamedAttribute& a : op.attributes()) copy->set_attr(a.name, a.value);
  for (const auto& region : op.regions()) {
    Region* new_region = copy->add_region();
    for (const auto& block : region->blocks()) {
      Block* new_block = new_region->add_block();
      for (const auto& arg : block->arguments()) {
        Value* na = new_block->add_argument(arg->type());
        na->set_name_hint(arg->name_hint());
        na->set_location(arg->location());
        map[arg.get()] = na;
      }
      for (const auto& nested : block->operations()) new_block->append(clone_op(*nested, map));
    }
  }
  return copy;
}

Status Rewriter::replace_op(Operation& op, const std::vector<Value*>& values) {
  if (values.size() != op.num_results()) {
    return verify_error(op, "cannot be replaced by " + std::to_string(values.size()) +
                                " values: it has " + std::to_string(op.num_results()) + " results");
  }
  for (const Value* v : values) {
    if (!v) return verify_error(op, "cannot be replaced by a null value");
    if (op.is_ancestor_of(definer(*v))) {
      return verify_error(op, "cannot be replaced by a value it defines");
    }
  }
  KILN_CHECK_OK(check_erasable(op, /*results_rewired=*/true));
  for (size_t i = 0; i < values.size(); ++i) op.result(i)->replace_all_uses_with(values[i]);
  return erase_op(op);
}

Status Rewriter::erase_op(Operation& op) {
  KILN_CHECK_OK(check_erasable(op, /*results_rewired=*/false));
  // Keep the insertion point out of what goes away.
  Operation* holder = block_->parent_op();
  if (anchor_ == &op || (holder && op.is_ancestor_of(holder))) {
    KILN_CHECK_OK(set_insertion_point_after(op));
  }
  // The destructor drops every operand reference inside op before freeing anything.
  op.parent_block()->take(&op).reset();
  return ok_status();
}

Status Rewriter::move_before(Operation& op, Operation& anchor) {
  return move_range_before(op, op, anchor);
}

Status Rewriter::move_after(Operation& op, Operation& anchor) {
  return move_range_after(op, op, anchor);
}

Status Rewriter::move_to_end(Operation& op, Block& block) {
  return move_range_to_end(op, op, block);
}

Status Rewriter::move_range_before(Operation& first, Operation& last, Operation& anchor) {
  if (!anchor.parent_block()) return verify_error(anchor, "cannot anchor a move: it is in no block");
  return move_ops(first, last, *anchor.parent_block(), &anchor, &anchor);
}

Status Rewriter::move_range_after(Operation& first, Operation& last, Operation& anchor) {
  Block* block = anchor.parent_block();
  if (!block) return verify_error(anchor, "cannot anchor a move: it is in no block");
  size_t next = block->index_of(&anchor) + 1;
  Operation* before = next < block->operations().size() ? block->operations()[next].get() : nullptr;
  return move_ops(first, last, *block, before, &anchor);
}

Status Rewriter::move_range_to_end(Operation& first, Operation& last, Block& block) {
  return move_ops(first, last, block, nullptr, nullptr);
}

Status Rewriter::move_ops(Operation& first, Operation& last, Block& dest, Operation* before,
                          const Operation* anchor) {
  KILN_TRY(OpRange range, range_of(first, last));
  if (anchor && range_holds(range, anchor)) {
    return verify_error(*anchor, "cannot anchor a move of itself or of an op around it");
  }
  if (range_holds(range, dest.parent_op())) {
    return verify_error(first, "cannot be moved into its own regions");
  }
  // Just after the op before the range: the range stays where it is.
  if (before && range_holds(range, before)) return ok_status();
  std::vector<std::unique_ptr<Operation>> taken = range.block->take_range(range.begin, range.end);
  dest.insert(before ? dest.index_of(before) : dest.operations().size(), std::move(taken));
  follow_anchor();
  return ok_status();
}

void Rewriter::follow_anchor() {
  // An anchor that moved takes the insertion point with it.
  if (anchor_ && anchor_->parent_block() && anchor_->parent_block() != block_) {
    block_ = anchor_->parent_block();
  }
}

namespace {

// The values a range uses from outside it, in order of first use, and those of its results
// used after it, in order.
struct RangeBoundary {
  std::vector<Value*> captures;
  std::vector<Value*> escapes;
};

RangeBoundary boundary_of(const OpRange& range) {
  RangeBoundary out;
  std::unordered_set<const Value*> seen;
  const auto& ops = range.block->operations();
  for (size_t k = range.begin; k < range.end; ++k) {
    ops[k]->walk([&](const Operation& op) {
      for (Value* v : op.operands()) {
        if (v && !range_holds(range, definer(*v)) && seen.insert(v).second) {
          out.captures.push_back(v);
        }
      }
    });
  }
  for (size_t k = range.begin; k < range.end; ++k) {
    for (const auto& r : ops[k]->results()) {
      for (const Use& u : r->uses()) {
        if (!range_holds(range, u.user)) {
          out.escapes.push_back(r.get());
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace

Expected<Operation*> Rewriter::wrap_in_region(Operation& first, Operation& last,
                                              const WrapOptions& options) {
  KILN_TRY(OpRange range, range_of(first, last));
  Operation& back = *range.block->operations()[range.end - 1];
  if (&back == range.block->terminator() && back.info() && (back.info()->traits & kTerminator)) {
    return verify_error(back, "cannot be wrapped into a region: it ends its block");
  }
  RangeBoundary boundary = boundary_of(range);
  // The leading values first, in their order; the rest keep their order.
  auto lead = [](std::vector<Value*>& values, const std::vector<Value*>& leading) {
    auto rank = [&](const Value* v) {
      return std::find(leading.begin(), leading.end(), v) - leading.begin();
    };
    std::stable_sort(values.begin(), values.end(),
                     [&](const Value* a, const Value* b) { return rank(a) < rank(b); });
  };
  lead(boundary.escapes, options.leading_results);
  lead(boundary.captures, options.leading_operands);
  auto wrapper = std::make_unique<Operation>(options.op, options.loc.value_or(first.location()));
  for (const NamedAttribute& a : options.attributes) wrapper->set_attr(a.name, a.value);
  if (options.capture_as_arguments) {
    for (Value* v : boundary.captures) wrapper->add_operand(v);
  }
  for (Value* v : boundary.escapes) wrapper->add_result(v->type())->set_name_hint(v->name_hint());
  Block* body = wrapper->add_region()->add_block();
  std::vector<std::unique_ptr<Operation>> moved = range.block->take_range(range.begin, range.end);
  Operation* w = range.block->insert(range.begin, std::move(wrapper));
  body->insert(0, std::move(moved));
  if (options.capture_as_arguments) {
    for (Value* v : boundary.captures) {
      Value* arg = body->add_argument(v->type());
      arg->set_name_hint(v->name_hint());
      v->replace_uses_if(arg, [w](const Use& u) { return u.user != w && w->is_ancestor_of(u.user); });
    }
  }
  auto terminator = std::make_unique<Operation>(options.terminator, w->location());
  for (Value* v : boundary.escapes) terminator->add_operand(v);
  body->append(std::move(terminator));
  for (size_t i = 0; i < boundary.escapes.size(); ++i) {
    boundary.escapes[i]->replace_uses_if(
        w->result(i), [w](const Use& u) { return !w->is_ancestor_of(u.user); });
  }
  follow_anchor();
  return w;
}

}  // namespace kiln::ir
