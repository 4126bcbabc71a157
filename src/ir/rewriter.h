// The rewriter: the one way passes edit IR. Replace uses, replace and erase ops, move ops and
// ranges of ops, wrap a range into a new op's region (the fusion step), clone with a value map.
#pragma once

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "ir/builder.h"
#include "ir/op_id.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::ir {

// Values of an original mapped to the values that stand for them in a copy.
using ValueMap = std::unordered_map<const Value*, Value*>;

// A deep copy of `op`, regions included, in no block (the caller places it). Each operand is
// replaced by its entry in `map` and kept as it is when it has none; every result and nested
// block argument of the original is entered in `map` with its copy, so ops cloned later in
// the same map use the copies. Attributes, locations and name hints are copied.
std::unique_ptr<Operation> clone_op(const Operation& op, ValueMap& map);

// What wrap_in_region builds around a range of ops.
struct WrapOptions {
  OpId op;                                // the new op's name
  std::vector<NamedAttribute> attributes;
  OpId terminator = ops::kReturn;         // ends the body, returning the values used after it
  // true: every value the range uses from outside becomes an operand of the new op and an
  // argument of its block, and the body reads the arguments (self-contained, like an op
  // isolated from above: what a fusion compiles into one kernel). false: the body keeps
  // reading those values directly (StableHLO regions may capture values from above) and the
  // new op has no operands; the caller adds any the op needs (stablehlo.case's index).
  bool capture_as_arguments = true;
  // The new op's location; the first wrapped op's when absent.
  std::optional<Location> loc;
  // Values of the range that, where they are used after it, lead the new op's results in this
  // order (a pattern's declared results: kiln.attention_grad's dq, dk, dv); the others follow
  // in the order their definers appear.
  std::vector<Value*> leading_results;
  // Values read from outside that, where the range reads them, lead the new op's operands (and
  // its block's arguments) in this order (a pattern's declared inputs: kiln.quant_matmul's x,
  // codes, scales, zero points); the others follow in the order they are first read.
  std::vector<Value*> leading_operands;
};

// Edits IR through its Builder insertion point and the operations below. Every operation
// either succeeds completely or returns an error and leaves the IR as it was. Edits do not
// verify: run ir::verify after a rewrite (dominance included). Not thread-safe.
class Rewriter : public Builder {
 public:
  using Builder::Builder;

  // Makes every user of `from` use `to`.
  void replace_all_uses_with(Value* from, Value* to) { from->replace_all_uses_with(to); }

  // Rewires the uses of op's results to `values` (one per result) and erases op. A count
  // that does not match, or a value defined by op or inside it, is an invalid-argument error.
  Status replace_op(Operation& op, const std::vector<Value*>& values);

  // Destroys op with its regions, dropping the uses it holds. An op whose results are still
  // used (other than inside op itself), one whose regions define a value used outside it, and
  // an op in no block are invalid-argument errors naming the op and its location (or its
  // position, for an op built in memory).
  Status erase_op(Operation& op);

  // Moves op, with its operands and uses unchanged, to just before / after `anchor` (an op
  // in any block), or to the end of `block`. Moving an op into its own regions, or an op or
  // anchor in no block, is an invalid-argument error.
  Status move_before(Operation& op, Operation& anchor);
  Status move_after(Operation& op, Operation& anchor);
  Status move_to_end(Operation& op, Block& block);
  // The same for the ops first..last of one block (first not after last), kept in order.
  // An anchor inside the range is an invalid-argument error.
  Status move_range_before(Operation& first, Operation& last, Operation& anchor);
  Status move_range_after(Operation& first, Operation& last, Operation& anchor);
  Status move_range_to_end(Operation& first, Operation& last, Block& block);

  // Moves the ops first..last of one block into the single block of a new op, created where
  // the range was. Values of the range used after it become the new op's results (returned by
  // a `terminator` ending its body: options.leading_results first, then in the order their
  // definers appear) and their later uses
  // read the results; values the range uses from outside are captured as `options` says.
  // Returns the new op. A range not in one block, or one holding its block's terminator, is an
  // invalid-argument error.
  Expected<Operation*> wrap_in_region(Operation& first, Operation& last,
                                      const WrapOptions& options);

  // clone_op(op, map) placed at the insertion point.
  Operation* clone(const Operation& op, ValueMap& map) { return insert(clone_op(op, map)); }

 private:
  // Moves first..last into `dest` before `before` (nullptr: its end); `anchor` is the op the
  // caller named, which must not be one of the moved ops.
  Status move_ops(Operation& first, Operation& last, Block& dest, Operation* before,
                  const Operation* anchor);
  void follow_anchor();
};

}  // namespace kiln::ir
