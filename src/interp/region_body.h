// Region bodies recognised as typed native code: a single combiner (reduce, scatter), and
// boolean logic over comparisons of the block arguments with selects of them (sort
// comparators, argmax/argmin bodies, select_and_scatter's select). Ops recognise their region
// once per run, never per element; anything not recognised runs through the interpreter.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/operation.h"

namespace kiln::interp {

// `^bb(%a, %b): %r = stablehlo.<op> %a, %b; return %r`, the arguments in either order;
// `swapped` (when given) is set when the op takes them as (%b, %a), which decides whose NaN
// payload a sum of two NaNs keeps.
enum class Combiner { kAdd, kMul, kMax, kMin, kAnd, kOr, kXor };
std::optional<Combiner> recognise_combiner(const ir::Region& body, bool* swapped = nullptr);

// What JAX puts before a float sort comparison: zeros (either sign) become the float whose
// bits are `zero_bits`, NaNs (any payload) the NaN whose bits are `nan_bits`
// (select(compare EQ x, 0), 0, x) and select(compare NE x, x), nan, x)).
struct KeyTransform {
  bool has_zero = false, has_nan = false;
  uint64_t zero_bits = 0, nan_bits = 0;
  bool operator==(const KeyTransform&) const = default;
  bool identity() const { return !has_zero && !has_nan; }
};

// A block argument as a comparison sees it.
struct ArgRef {
  unsigned arg = 0;
  KeyTransform transform;
  bool operator==(const ArgRef&) const = default;
};

// A node of a boolean expression; children come before their parents.
struct BoolNode {
  enum Kind { kCompare, kAnd, kOr, kXor, kNot, kConst } kind = kConst;
  int a = -1, b = -1;  // children (kAnd, kOr, kXor: both; kNot: a)
  bool value = false;  // kConst
  // kCompare: stablehlo.compare `direction` (CompareDirection) of lhs and rhs, TOTALORDER or not.
  ArgRef lhs, rhs;
  int direction = 0;
  bool total_order = false;
};

// What one result of the region is: a boolean node, or select(node, arg_true, arg_false), or
// an argument as it is (node = -1).
struct LogicResult {
  int node = -1;
  bool is_select = false;
  unsigned if_true = 0, if_false = 0;
};

// A region whose body is constants, compare, and/or/xor/not and select of its arguments only.
struct RegionLogic {
  std::vector<BoolNode> nodes;
  std::vector<LogicResult> results;

  // Evaluates every node into `out` (nodes.size() entries); `compare(node)` answers a
  // kCompare node.
  template <class CompareFn>
  void evaluate(bool* out, CompareFn&& compare) const {
    for (size_t i = 0; i < nodes.size(); ++i) {
      const BoolNode& n = nodes[i];
      switch (n.kind) {
        case BoolNode::kCompare:
          out[i] = compare(n);
          break;
        case BoolNode::kAnd:
          out[i] = out[n.a] && out[n.b];
          break;
        case BoolNode::kOr:
          out[i] = out[n.a] || out[n.b];
          break;
        case BoolNode::kXor:
          out[i] = out[n.a] != out[n.b];
          break;
        case BoolNode::kNot:
          out[i] = !out[n.a];
          break;
        case BoolNode::kConst:
          out[i] = n.value;
          break;
      }
    }
  }
};
// The most nodes a recognised region may have (evaluation keeps them on the stack).
inline constexpr size_t kMaxLogicNodes = 64;

// How a region's arguments belong to its op's operands: sort comparators take operand k's
// pair as arguments (2k, 2k+1); reduce bodies of n operands take the accumulators first, so
// operand k's are (k, n + k).
enum class ArgLayout { kPairs, kBlocks };

// The region as logic, or nullopt when it holds anything else. Each comparison must compare
// two arguments of one operand (by `layout` over `num_operands`). Key transforms are accepted
// only on float arguments.
std::optional<RegionLogic> recognise_logic(const ir::Region& body, ArgLayout layout,
                                           unsigned num_operands);

// One key of a lexicographic comparator: operand `operand` compared (after `transform`) by
// totalOrder or by value, ascending (LT) or descending (GT).
struct LexKey {
  unsigned operand = 0;
  KeyTransform transform;
  bool total_order = false;
  bool descending = false;
};
// The keys when a sort comparator (ArgLayout::kPairs) is lexicographic: `LT k0` or `LT k0 | (EQ k0
// & rest)` with rest again lexicographic, either operand order, GT for descending. Such a
// comparator is a strict weak order once no key compared by value holds a NaN.
std::optional<std::vector<LexKey>> lexicographic_keys(const RegionLogic& logic);

}  // namespace kiln::interp
