// reduce_groups' typed native path: bodies that are one combiner, or compare/select logic over
// one or two operands (JAX's argmax/argmin), folded in the same order as the region path.
#include <algorithm>

#include "interp/combiner.h"
#include "interp/compare_order.h"
#include "interp/ops/reduce.h"

namespace kiln::interp {

namespace {

// Outputs per thread before the fold is split across cores (each output folds a group).
constexpr int64_t kOutputGrain = 64;

// Calls visit(e) for each input position e of output o's group, in fold order (-1: padding).
// Through `layout` when given (no list is built), else through `gather` into `scratch`.
template <class Visit>
inline void for_each_element(const GatherFn& gather, const GroupLayout* layout, int64_t o,
                             std::vector<int64_t>& scratch, Visit&& visit) {
  if (layout) {
    const int64_t base = layout->base_of(o);
    if (layout->contiguous) {
      const int64_t n = static_cast<int64_t>(layout->offsets.size());
      for (int64_t i = 0; i < n; ++i) visit(base + i);
    } else {
      for (int64_t off : layout->offsets) visit(base + off);
    }
    return;
  }
  scratch.clear();
  gather(o, scratch);
  for (int64_t e : scratch) visit(e);
}

bool reduce_combiner(Combiner k, bool swapped, const Tensor& input, const Tensor& init,
                     Tensor& result, const GatherFn& gather, const GroupLayout* layout) {
  const ir::ElementType& e = result.element();
  return dispatch_dtype(e.kind(), [&]<class T>() {
    if (!combiner_supports<T>(k)) return false;
    const T* src = input.data<T>();
    const T start = init.data<T>()[0];
    T* dst = result.data<T>();
    int bits = e.bit_width();
    with_combiner(k, [&]<Combiner K>() {
      parallel_for(result.num_elements(), kOutputGrain, [&](int64_t begin, int64_t end) {
        std::vector<int64_t> elems;
        int64_t o = begin;
        if (layout && layout->contiguous && !swapped) {
          // kRows rows at once, each folded left to right as below: independent chains that
          // the core overlaps, instead of one chain waiting on each step's latency.
          constexpr int64_t kRows = 8;
          const int64_t width = static_cast<int64_t>(layout->offsets.size());
          for (; o + kRows <= end; o += kRows) {
            const T* row[kRows];
            T acc[kRows];
            for (int64_t r = 0; r < kRows; ++r) {
              row[r] = src + layout->base_of(o + r);
              acc[r] = start;
            }
            for (int64_t i = 0; i < width; ++i) {
              for (int64_t r = 0; r < kRows; ++r) acc[r] = combine<T>(K, acc[r], row[r][i], bits);
            }
            for (int64_t r = 0; r < kRows; ++r) dst[o + r] = acc[r];
          }
        }
        for (; o < end; ++o) {
          T acc = start;
          for_each_element(gather, layout, o, elems, [&](int64_t i) {
            T x = i < 0 ? start : src[i];
            acc = swapped ? combine<T>(K, x, acc, bits) : combine<T>(K, acc, x, bits);
          });
          dst[o] = acc;
        }
      });
    });
    return true;
  });
}

// The body's choices for every combination of comparison outcomes. Each distinct pair of
// compared arguments has four outcomes (lt, eq, gt, unordered), so the logic is evaluated once
// per combination up front and each step of the fold is a few compares and one look-up.
struct PickTable {
  struct Pair {
    unsigned lhs, rhs;
    bool total_order;
    // Which operand, and which of [acc, element] each side is: worked out once, so that the
    // per-element loop divides nothing.
    unsigned operand, lhs_slot, rhs_slot;
  };
  std::vector<Pair> pairs;
  std::vector<uint8_t> picks;  // bit k set: result k takes the element's value, else the acc's
};
constexpr size_t kMaxPairs = 5;

std::optional<PickTable> pick_table(const RegionLogic& logic, unsigned n) {
  PickTable t;
  std::vector<int> pair_of(logic.nodes.size(), -1);
  for (size_t i = 0; i < logic.nodes.size(); ++i) {
    const BoolNode& c = logic.nodes[i];
    if (c.kind != BoolNode::kCompare) continue;
    for (size_t p = 0; p < t.pairs.size() && pair_of[i] < 0; ++p) {
      const PickTable::Pair& q = t.pairs[p];
      if (q.lhs == c.lhs.arg && q.rhs == c.rhs.arg && q.total_order == c.total_order)
        pair_of[i] = static_cast<int>(p);
    }
    if (pair_of[i] >= 0) continue;
    pair_of[i] = static_cast<int>(t.pairs.size());
    t.pairs.push_back(
        {c.lhs.arg, c.rhs.arg, c.total_order, c.lhs.arg % n, c.lhs.arg / n, c.rhs.arg / n});
  }
  if (t.pairs.size() > kMaxPairs) return std::nullopt;
  t.picks.resize(size_t{1} << (2 * t.pairs.size()));
  bool values[kMaxLogicNodes];
  for (size_t combo = 0; combo < t.picks.size(); ++combo) {
    logic.evaluate(values, [&](const BoolNode& c) {
      size_t code = (combo >> (2 * pair_of[static_cast<size_t>(&c - logic.nodes.data())])) & 3;
      return decide(Order{code == 0, code == 1, code == 2}, c.direction);
    });
    uint8_t bits = 0;
    for (unsigned k = 0; k < n; ++k) {
      const LogicResult& r = logic.results[k];
      unsigned pick = r.is_select ? (values[r.node] ? r.if_true : r.if_false) : r.if_true;
      if (pick / n == 1) bits = static_cast<uint8_t>(bits | (1u << k));
    }
    t.picks[combo] = bits;
  }
  return t;
}

// The outcome code of pick_table: 0 lt, 1 eq, 2 gt, 3 unordered.
inline size_t outcome(Order o) { return o.lt ? 0 : o.eq ? 1 : o.gt ? 2 : 3; }

// The pick table re-indexed by what a step of the fold can observe when every compared pair
// is quiet (not totalOrder) and within one operand: operand 0's accumulator a against its
// element b (0 a < b, 1 a == b, 2 a > b, 3 only a NaN, 4 only b NaN, 5 both NaN) and operand
// 1's (0 lt, 1 eq, 2 gt; integers). Every pair's outcome follows from these two codes, so a
// step is two compares and one look-up instead of a compare per pair.
struct StepTable {
  uint8_t picks[6 * 3];
};

std::optional<StepTable> step_table(const PickTable& table) {
  StepTable out{};
  for (const PickTable::Pair& q : table.pairs) {
    if (q.total_order) return std::nullopt;
  }
  for (unsigned v = 0; v < 6; ++v) {
    for (unsigned i = 0; i < 3; ++i) {
      size_t combo = 0;
      for (size_t p = 0; p < table.pairs.size(); ++p) {
        const PickTable::Pair& q = table.pairs[p];
        const unsigned code = q.operand == 0 ? v : i;
        const bool nan[2] = {code == 3 || code == 5, code == 4 || code == 5};
        size_t o;  // 0 lt, 1 eq, 2 gt, 3 unordered
        if (q.lhs_slot == q.rhs_slot) {
          o = nan[q.lhs_slot] ? 3 : 1;
        } else if (code >= 3) {
          o = 3;
        } else {
          o = q.lhs_slot == 0 ? code : 2 - code;  // element against accumulator: reversed
        }
        combo |= o << (2 * p);
      }
      out.picks[v * 3 + i] = table.picks[combo];
    }
  }
  return out;
}

// The step code of step_table for the accumulator a and the element b.
template <class T>
inline unsigned step_code(T a, T b) {
  if (a < b) return 0;
  if (a == b) return 1;
  if (b < a) return 2;
  if constexpr (std::is_floating_point_v<T>) {
    const bool an = a != a, bn = b != b;
    return an ? (bn ? 5 : 3) : 4;
  }
  return 1;  // unreachable for integers
}

// Whether T's quiet comparison is the built-in one (native floats, integers, bool), so that
// step_code matches compare_elements.
template <class T>
constexpr bool kStepType = std::is_floating_point_v<T> || std::is_integral_v<T>;

// Folds with the body's logic through its pick table. T1 is operand 1's type (ignored with
// one operand). Argument a of the body is operand a % n: the accumulator when a < n.
template <class T0, class T1>
void reduce_logic(const PickTable& table, std::span<const Tensor> inputs,
                  std::span<const Tensor> inits, std::span<Tensor> results,
                  const GatherFn& gather, const GroupLayout* layout) {
  const unsigned n = static_cast<unsigned>(inputs.size());
  const T0* src0 = inputs[0].data<T0>();
  const T1* src1 = n > 1 ? inputs[1].data<T1>() : nullptr;
  const T0 init0 = inits[0].data<T0>()[0];
  const T1 init1 = n > 1 ? inits[1].data<T1>()[0] : T1{};
  T0* dst0 = results[0].data<T0>();
  T1* dst1 = n > 1 ? results[1].data<T1>() : nullptr;
  std::optional<StepTable> steps;
  if constexpr (kStepType<T0>) steps = step_table(table);
  parallel_for(results[0].num_elements(), kOutputGrain, [&](int64_t begin, int64_t end) {
    std::vector<int64_t> elems;
    for (int64_t o = begin; o < end; ++o) {
      T0 v0[2] = {init0, init0};  // [acc, element]
      T1 v1[2] = {init1, init1};
      if constexpr (kStepType<T0>) {
        if (steps) {
          for_each_element(gather, layout, o, elems, [&](int64_t e) {
            const T0 x = e < 0 ? init0 : src0[e];
            const T1 y = n > 1 ? (e < 0 ? init1 : src1[e]) : T1{};
            const unsigned ic = n > 1 ? step_code(v1[0], y) : 0;
            const uint8_t bits = steps->picks[step_code(v0[0], x) * 3 + ic];
            if (bits & 1) v0[0] = x;
            if (bits & 2) v1[0] = y;
          });
          dst0[o] = v0[0];
          if (n > 1) dst1[o] = v1[0];
          continue;
        }
      }
      for_each_element(gather, layout, o, elems, [&](int64_t e) {
        v0[1] = e < 0 ? init0 : src0[e];
        if (n > 1) v1[1] = e < 0 ? init1 : src1[e];
        size_t combo = 0;
        for (size_t p = 0; p < table.pairs.size(); ++p) {
          const PickTable::Pair& q = table.pairs[p];
          Order ord = q.operand == 0
                          ? compare_elements(v0[q.lhs_slot], v0[q.rhs_slot], q.total_order)
                          : compare_elements(v1[q.lhs_slot], v1[q.rhs_slot], q.total_order);
          combo |= outcome(ord) << (2 * p);
        }
        uint8_t bits = table.picks[combo];
        if (bits & 1) v0[0] = v0[1];
        if (bits & 2) v1[0] = v1[1];
      });
      dst0[o] = v0[0];
      if (n > 1) dst1[o] = v1[0];
    }
  });
}

// Whether logic recognised with ArgLayout::kBlocks is a body of n operands: result k selects
// between arguments of operand k only, and every comparison compares arguments of one operand.
bool is_reduce_body(const RegionLogic& logic, unsigned n) {
  if (logic.results.size() != n) return false;
  for (unsigned k = 0; k < n; ++k) {
    const LogicResult& r = logic.results[k];
    if (r.if_true % n != k || (r.is_select && r.if_false % n != k)) return false;
    if (!r.is_select && r.node >= 0) return false;
  }
  for (const BoolNode& c : logic.nodes) {
    if (c.kind == BoolNode::kCompare &&
        (!c.lhs.transform.identity() || !c.rhs.transform.identity()))
      return false;
  }
  return true;
}

template <class T>
constexpr bool kLogicType = !kIsComplex<T>;

bool reduce_by_logic(const ir::Region& body, std::span<const Tensor> inputs,
                     std::span<const Tensor> inits, std::span<Tensor> results,
                     const GatherFn& gather, const GroupLayout* layout) {
  const unsigned n = static_cast<unsigned>(inputs.size());
  if (n > 2) return false;
  std::optional<RegionLogic> logic = recognise_logic(body, ArgLayout::kBlocks, n);
  if (!logic || !is_reduce_body(*logic, n)) return false;
  std::optional<PickTable> table = pick_table(*logic, n);
  if (!table) return false;
  ir::ElementKind k1 = n > 1 ? results[1].element().kind() : ir::ElementKind::kSI32;
  return dispatch_dtype(results[0].element().kind(), [&]<class T0>() {
    if constexpr (!kLogicType<T0>) {
      return false;
    } else {
      // The second operand of argmax/argmin is an index: instantiate the common index types.
      return dispatch_dtype(k1, [&]<class T1>() {
        if constexpr (std::is_same_v<T1, int32_t> || std::is_same_v<T1, int64_t> ||
                      std::is_same_v<T1, uint32_t> || std::is_same_v<T1, uint64_t>) {
          reduce_logic<T0, T1>(*table, inputs, inits, results, gather, layout);
          return true;
        } else {
          return false;
        }
      });
    }
  });
}

// Outputs of one tile of a run: their accumulators stay in L1 across the whole fold.
constexpr int64_t kRunTile = 512;

template <class T>
void fold_runs(Combiner k, bool swapped, const T* src, T start, T* dst, int64_t outputs,
               int64_t run, std::span<const int64_t> offsets,
               const std::function<int64_t(int64_t)>& base_of, int bits) {
  const int64_t tiles = (run + kRunTile - 1) / kRunTile;
  const int64_t work = std::max<int64_t>(1, static_cast<int64_t>(offsets.size()) * kRunTile);
  parallel_for((outputs / run) * tiles, std::max<int64_t>(1, kParallelGrain / work),
               [&](int64_t begin, int64_t end) {
                 with_combiner(k, [&]<Combiner K>() {
                   T acc[kRunTile];
                   for (int64_t t = begin; t < end; ++t) {
                     const int64_t o = (t / tiles) * run + (t % tiles) * kRunTile;
                     const int64_t width = std::min(kRunTile, run - (t % tiles) * kRunTile);
                     const int64_t base = base_of(o);
                     std::fill(acc, acc + width, start);
                     for (int64_t off : offsets) {
                       const T* x = src + base + off;
                       if (swapped) {
                         for (int64_t b = 0; b < width; ++b)
                           acc[b] = combine<T>(K, x[b], acc[b], bits);
                       } else {
                         for (int64_t b = 0; b < width; ++b)
                           acc[b] = combine<T>(K, acc[b], x[b], bits);
                       }
                     }
                     std::copy(acc, acc + width, dst + o);
                   }
                 });
               });
}

}  // namespace

bool reduce_runs(const ir::Region& body, const Tensor& input, const Tensor& init, Tensor& result,
                 int64_t run, std::span<const int64_t> offsets,
                 const std::function<int64_t(int64_t)>& base_of) {
  bool swapped = false;
  std::optional<Combiner> k = recognise_combiner(body, &swapped);
  const ir::ElementType& e = result.element();
  if (!k || run <= 0 || e.is_quantized() || input.element() != e || init.element() != e ||
      body.front().argument(0)->type().element() != e) {
    return false;
  }
  return dispatch_dtype(e.kind(), [&]<class T>() {
    if (!combiner_supports<T>(*k)) return false;
    fold_runs<T>(*k, swapped, input.data<T>(), init.data<T>()[0], result.data<T>(),
                 result.num_elements(), run, offsets, base_of, e.bit_width());
    return true;
  });
}

bool reduce_native(const ir::Region& body, std::span<const Tensor> inputs,
                   std::span<const Tensor> inits, std::span<Tensor> results,
                   const GatherFn& gather, const GroupLayout* layout) {
  for (size_t k = 0; k < inputs.size(); ++k) {
    const ir::ElementType& e = results[k].element();
    if (e.is_quantized() || inputs[k].element() != e || inits[k].element() != e ||
        body.front().argument(k)->type().element() != e) {
      return false;
    }
  }
  if (inputs.size() == 1) {
    bool swapped = false;
    if (std::optional<Combiner> k = recognise_combiner(body, &swapped)) {
      return reduce_combiner(*k, swapped, inputs[0], inits[0], results[0], gather, layout);
    }
  }
  return reduce_by_logic(body, inputs, inits, results, gather, layout);
}

}  // namespace kiln::interp
