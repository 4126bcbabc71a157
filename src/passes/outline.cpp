// outline: move a set of ops together, wrap them, copy splat constants in.
#include "passes/outline.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace kiln::passes {

namespace {

using Positions = std::unordered_map<const ir::Operation*, size_t>;

Positions positions_in(const ir::Block& block) {
  Positions position;
  for (size_t i = 0; i < block.operations().size(); ++i) {
    position[block.operations()[i].get()] = i;
  }
  return position;
}

// The set sorted by position in its block; empty when the ops are not all in one block.
std::vector<ir::Operation*> in_block_order(std::span<ir::Operation* const> ops,
                                           const Positions& position) {
  if (ops.empty() || !ops.front()->parent_block()) return {};
  ir::Block* block = ops.front()->parent_block();
  std::vector<ir::Operation*> sorted(ops.begin(), ops.end());
  for (ir::Operation* op : sorted) {
    if (op->parent_block() != block) return {};
  }
  std::sort(sorted.begin(), sorted.end(),
            [&](auto* a, auto* b) { return position.at(a) < position.at(b); });
  return sorted;
}

bool is_splat_constant(const ir::Value* v) {
  const ir::Operation* def = v->defining_op();
  if (!def || def->id() != ir::ops::kConstant) return false;
  const auto* value = def->attr_as<ir::DenseElementsAttr>("value");
  return value && (value->splat || value->num_elements() == 1);
}

// Replaces the outlined op's operands that are splat constants by copies inside its region.
void sink_splat_constants(ir::Operation& op, ir::Rewriter& rewriter) {
  ir::Block& body = op.region(0).front();
  for (size_t i = op.num_operands(); i-- > 0;) {
    ir::Value* outer = op.operand(i);
    if (!is_splat_constant(outer)) continue;
    ir::ValueMap map;
    rewriter.set_insertion_point_to_start(body);
    ir::Operation* copy = rewriter.clone(*outer->defining_op(), map);
    body.argument(i)->replace_all_uses_with(copy->result(0));
    op.erase_operand(i);
    (void)body.erase_argument(i);  // no uses left
  }
}

}  // namespace

namespace {

bool can_outline_at(std::span<ir::Operation* const> ops, const Positions& position) {
  std::vector<ir::Operation*> sorted = in_block_order(ops, position);
  if (sorted.empty()) return false;
  std::unordered_set<const ir::Operation*> members(sorted.begin(), sorted.end());
  ir::Block* block = sorted.front()->parent_block();
  size_t last = position.at(sorted.back());
  for (ir::Operation* op : sorted) {
    for (const auto& result : op->results()) {
      for (const ir::Use& use : result->uses()) {
        // The user, or the op of this block that holds it.
        const ir::Operation* user = use.user;
        while (user && user->parent_block() != block) user = user->parent_op();
        if (!user || members.count(user)) continue;
        if (position.at(user) < last) return false;
      }
    }
  }
  return true;
}

}  // namespace

bool can_outline(std::span<ir::Operation* const> ops) {
  if (ops.empty() || !ops.front()->parent_block()) return false;
  return can_outline_at(ops, positions_in(*ops.front()->parent_block()));
}

Expected<ir::Operation*> outline(std::span<ir::Operation* const> ops, ir::OpId name,
                                 std::vector<ir::NamedAttribute> attributes,
                                 ir::Rewriter& rewriter,
                                 std::vector<ir::Value*> leading_results,
                                 std::vector<ir::Value*> leading_operands) {
  if (ops.empty() || !ops.front()->parent_block()) {
    return Error::invalid_argument("passes: outline: no ops, or ops in no block");
  }
  Positions position = positions_in(*ops.front()->parent_block());
  if (!can_outline_at(ops, position)) {
    return Error::invalid_argument("passes: outline: the ops are not in one block, or a value "
                                   "they define is used before the last of them");
  }
  std::vector<ir::Operation*> sorted = in_block_order(ops, position);
  ir::Operation* last = sorted.back();
  for (size_t i = 0; i + 1 < sorted.size(); ++i) KILN_CHECK_OK(rewriter.move_before(*sorted[i], *last));
  ir::WrapOptions options;
  options.op = name;
  options.attributes = std::move(attributes);
  options.leading_results = std::move(leading_results);
  options.leading_operands = std::move(leading_operands);
  KILN_TRY(ir::Operation * wrapped, rewriter.wrap_in_region(*sorted.front(), *last, options));
  sink_splat_constants(*wrapped, rewriter);
  return wrapped;
}

}  // namespace kiln::passes
