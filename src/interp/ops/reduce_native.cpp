// reduce_groups' typed native path: bodies that are one combiner, or compare/select logic over
// one or two operands (JAX's argmax/argmin), folded in the same order as the region path.
#include "interp/combiner.h"
#include "interp/compare_order.h"
#include "interp/ops/reduce.h"

namespace kiln::interp {

namespace {

// Outputs per thread before the fold is split across cores (each output folds a group).
constexpr int64_t kOutputGrain = 64;

bool reduce_combiner(Combiner k, bool swapped, const Tensor& input, const Tensor& init, Tensor& result,
                     const GatherFn& gather) {
  const ir::ElementType& e = result.element();
  return dispatch_dtype(e.kind(), [&]<class T>() {
    if (!combiner_supports<T>(k)) return false;
    const T* src = input.data<T>();
    const T start = init.data<T>()[0];
    T* dst = result.data<T>();
    int bits = e.bit_width();
    parallel_for(result.num_elements(), kOutputGrain, [&](int64_t begin, int64_t end) {
      std::vector<int64_t> elems;
      for (int64_t o = begin; o < end; ++o) {
        elems.clear();
        gather(o, elems);
        T acc = start;
        for (int64_t i : elems) {
          T x = i < 0 ? start : src[i];
          acc = swapped ? combine<T>(k, x, acc, bits) : combine<T>(k, acc, x, bits);
        }
        dst[o] = acc;
      }
    });
    return true;
  });
}

// The body's arguments for one step: accumulators, then the element's values.
template <class T0, class T1>
struct Step {
  T0 v0[2];  // [acc, element] of operand 0
  T1 v1[2];  // of operand 1 (unused with one operand)
};

// Folds with the body's logic: comparisons of (acc_k, x_k) pairs, results select(acc_k, x_k).
// T1 is operand 1's type (ignored when there is one operand).
template <class T0, class T1>
void reduce_logic(const RegionLogic& logic, std::span<const Tensor> inputs,
                  std::span<const Tensor> inits, std::span<Tensor> results,
                  const GatherFn& gather) {
  const unsigned n = static_cast<unsigned>(inputs.size());
  const T0* src0 = inputs[0].data<T0>();
  const T1* src1 = n > 1 ? inputs[1].data<T1>() : nullptr;
  const T0 init0 = inits[0].data<T0>()[0];
  const T1 init1 = n > 1 ? inits[1].data<T1>()[0] : T1{};
  T0* dst0 = results[0].data<T0>();
  T1* dst1 = n > 1 ? results[1].data<T1>() : nullptr;
  parallel_for(results[0].num_elements(), kOutputGrain, [&](int64_t begin, int64_t end) {
    std::vector<int64_t> elems;
    bool values[kMaxLogicNodes];
    for (int64_t o = begin; o < end; ++o) {
      elems.clear();
      gather(o, elems);
      Step<T0, T1> s{{init0, init0}, {init1, init1}};
      for (int64_t e : elems) {
        s.v0[1] = e < 0 ? init0 : src0[e];
        if (n > 1) s.v1[1] = e < 0 ? init1 : src1[e];
        logic.evaluate(values, [&](const BoolNode& c) {
          // Argument a is operand a % n, the accumulator when a < n.
          // Recognised with ArgLayout::kBlocks: both sides are of one operand.
          unsigned ka = c.lhs.arg % n;
          size_t ia = c.lhs.arg / n, ib = c.rhs.arg / n;
          Order ord = ka == 0 ? compare_elements(s.v0[ia], s.v0[ib], c.total_order)
                              : compare_elements(s.v1[ia], s.v1[ib], c.total_order);
          return decide(ord, c.direction);
        });
        Step<T0, T1> next = s;
        for (unsigned k = 0; k < n; ++k) {
          const LogicResult& r = logic.results[k];
          unsigned pick = r.is_select ? (values[r.node] ? r.if_true : r.if_false) : r.if_true;
          if (k == 0) next.v0[0] = s.v0[pick / n];
          else next.v1[0] = s.v1[pick / n];
        }
        s = next;
      }
      dst0[o] = s.v0[0];
      if (n > 1) dst1[o] = s.v1[0];
    }
  });
}

// Whether logic recognised with ArgLayout::kBlocks is a body of n operands: result k selects between
// arguments of operand k only, and every comparison compares arguments of one operand.
bool is_reduce_body(const RegionLogic& logic, unsigned n) {
  if (logic.results.size() != n) return false;
  for (unsigned k = 0; k < n; ++k) {
    const LogicResult& r = logic.results[k];
    if (r.if_true % n != k || (r.is_select && r.if_false % n != k)) return false;
    if (!r.is_select && r.node >= 0) return false;
  }
  for (const BoolNode& c : logic.nodes) {
    if (c.kind == BoolNode::kCompare && (!c.lhs.transform.identity() || !c.rhs.transform.identity()))
      return false;
  }
  return true;
}

template <class T>
constexpr bool kLogicType = !kIsComplex<T>;

bool reduce_by_logic(const ir::Region& body, std::span<const Tensor> inputs,
                     std::span<const Tensor> inits, std::span<Tensor> results,
                     const GatherFn& gather) {
  const unsigned n = static_cast<unsigned>(inputs.size());
  if (n > 2) return false;
  std::optional<RegionLogic> logic = recognise_logic(body, ArgLayout::kBlocks, n);
  if (!logic || !is_reduce_body(*logic, n)) return false;
  ir::ElementKind k1 = n > 1 ? results[1].element().kind() : ir::ElementKind::kSI32;
  return dispatch_dtype(results[0].element().kind(), [&]<class T0>() {
    if constexpr (!kLogicType<T0>) {
      return false;
    } else {
      // The second operand of argmax/argmin is an index: instantiate the common index types.
      return dispatch_dtype(k1, [&]<class T1>() {
        if constexpr (std::is_same_v<T1, int32_t> || std::is_same_v<T1, int64_t> ||
                      std::is_same_v<T1, uint32_t> || std::is_same_v<T1, uint64_t>) {
          reduce_logic<T0, T1>(*logic, inputs, inits, results, gather);
          return true;
        } else {
          return false;
        }
      });
    }
  });
}

}  // namespace

bool reduce_native(const ir::Region& body, std::span<const Tensor> inputs,
                   std::span<const Tensor> inits, std::span<Tensor> results,
                   const GatherFn& gather) {
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
      return reduce_combiner(*k, swapped, inputs[0], inits[0], results[0], gather);
    }
  }
  return reduce_by_logic(body, inputs, inits, results, gather);
}

}  // namespace kiln::interp
