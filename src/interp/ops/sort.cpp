// stablehlo.sort: the inputs sorted together along one dimension by the comparator region;
// comparators made of comparisons of the operands (what JAX emits) run as native code.
#include <algorithm>
#include <numeric>
#include <thread>

#include "interp/compare_order.h"
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"
#include "interp/region_body.h"

namespace kiln::interp {

namespace {

// The 1-D slices along the sort dimension: slice s holds elements bases[s] + i * step.
struct Slices {
  std::vector<int64_t> bases;
  int64_t length = 0, step = 0;
};

Slices slices_of(const Tensor& t, int64_t dim) {
  Slices s;
  std::vector<int64_t> shape = t.shape(), strides = t.strides();
  s.length = shape[static_cast<size_t>(dim)];
  s.step = strides[static_cast<size_t>(dim)];
  shape[static_cast<size_t>(dim)] = 1;  // iterate over the slices' first elements
  std::vector<int64_t> idx(shape.size(), 0);
  do s.bases.push_back(flat_index(idx, strides));
  while (next_index(idx, shape));
  return s;
}

// results[k][base + i * step] = inputs[k][base + order[i] * step].
void permute_slice(std::span<const Tensor> inputs, std::span<Tensor> results, const Slices& s,
                   int64_t base, std::span<const int64_t> order) {
  for (size_t k = 0; k < inputs.size(); ++k) {
    for (int64_t i = 0; i < s.length; ++i) {
      copy_element(inputs[k], base + order[static_cast<size_t>(i)] * s.step, results[k],
                   base + i * s.step);
    }
  }
}

// Spec: each 1-D slice along `dimension` is sorted by comparator(inputs0[i], inputs0[j],
// inputs1[i], inputs1[j], ...), which answers "i goes before j". A merge sort keeps equal
// elements in order, as is_stable asks, and is also a valid order when it is false.
Status sort_by_region(Interpreter& in, const ir::Operation& op, std::span<const Tensor> inputs,
                      std::span<Tensor> results, const Slices& s) {
  size_t n = inputs.size();
  std::vector<int64_t> order(static_cast<size_t>(s.length));
  std::vector<RuntimeValue> args(2 * n);
  std::optional<Error> failure;
  int64_t calls = 0;
  for (int64_t base : s.bases) {
    KILN_CHECK_OK(in.check_time_limit(op));  // --timeout: once per slice and per 4096 calls
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      if (failure) return false;
      if ((++calls & 4095) == 0) {
        if (Status limit = in.check_time_limit(op); !limit.ok()) {
          failure = limit.take_error();
          return false;
        }
      }
      for (size_t k = 0; k < n; ++k) {
        auto x = scalar_at(inputs[k], base + a * s.step);
        auto y = scalar_at(inputs[k], base + b * s.step);
        if (!x.ok() || !y.ok()) {
          failure = (x.ok() ? y : x).take_error();
          return false;
        }
        args[2 * k] = std::move(*x);
        args[2 * k + 1] = std::move(*y);
      }
      auto r = in.run_region(op.region(0), args);
      if (!r.ok()) {
        failure = r.take_error();
        return false;
      }
      if (r->size() != 1 || !(*r)[0].is_tensor()) {
        failure = op_error(op, "comparator must return one i1");
        return false;
      }
      return (*r)[0].tensor().data<bool>()[0];
    });
    if (failure) return std::move(*failure);
    permute_slice(inputs, results, s, base, order);
  }
  return ok_status();
}

// Marks a value no comparison by value orders (NaN) in a key array.
constexpr int64_t kUnordered = INT64_MIN;

// The float of type T whose bit pattern is the low bits of `bits`.
template <class T>
T float_from_bits(uint64_t bits) {
  if constexpr (is_narrow_float<T>::value)
    return T::from_bits(bits);
  else if constexpr (std::is_same_v<T, float>)
    return std::bit_cast<float>(static_cast<uint32_t>(bits));
  else
    return std::bit_cast<double>(bits);
}

// keys[i]: an integer whose order is the order compare sees for element i of `t` after
// `transform` (kUnordered for NaN when not by totalOrder). False for complex and quantized.
bool compute_keys(const Tensor& t, const KeyTransform& transform, bool total_order,
                  std::vector<int64_t>& keys) {
  if (t.element().is_quantized()) return false;
  keys.resize(static_cast<size_t>(t.num_elements()));
  return dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (kIsComplex<T>) {
      return false;
    } else {
      const T* src = t.data<T>();
      parallel_for(t.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
          T v = src[i];
          int64_t& key = keys[static_cast<size_t>(i)];
          if constexpr (kIsFloat<T>) {
            double d = to_double(v);
            if (transform.has_zero && d == 0) v = float_from_bits<T>(transform.zero_bits);
            if (transform.has_nan && std::isnan(d)) v = float_from_bits<T>(transform.nan_bits);
            d = to_double(v);
            if (total_order)
              key = total_order_key(v);
            else
              key = std::isnan(d) ? kUnordered : total_order_key(d == 0 ? 0.0 : d);
          } else if constexpr (std::is_same_v<T, uint64_t>) {
            key = static_cast<int64_t>(v ^ (uint64_t{1} << 63));
          } else {
            key = static_cast<int64_t>(v);
          }
        }
      });
      return true;
    }
  });
}

// The key arrays a comparator reads: one per (operand, transform, order).
struct KeySet {
  struct Array {
    unsigned operand;
    KeyTransform transform;
    bool total_order;
    std::vector<int64_t> keys;
    // Floats compared by value: kUnordered marks a NaN (for other types it is a value).
    bool may_be_unordered = false;
  };
  std::vector<Array> arrays;

  // The index of the array for `ref` of a sort comparator, computed on first use; -1 when
  // the operand's keys cannot be computed.
  int find(std::span<const Tensor> inputs, const ArgRef& ref, bool total_order) {
    for (size_t i = 0; i < arrays.size(); ++i) {
      const Array& a = arrays[i];
      if (a.operand == ref.arg / 2 && a.transform == ref.transform && a.total_order == total_order)
        return static_cast<int>(i);
    }
    Array a{ref.arg / 2, ref.transform, total_order, {}, false};
    a.may_be_unordered = !total_order && inputs[a.operand].element().is_float();
    if (!compute_keys(inputs[a.operand], a.transform, total_order, a.keys)) return -1;
    arrays.push_back(std::move(a));
    return static_cast<int>(arrays.size()) - 1;
  }
};

// Sorts [first, first + n) by `less` (a strict weak order) on several threads: chunks sorted
// in parallel, then merged pairwise. With a total order the result is the one sorted order.
template <class Less>
void parallel_sort(int64_t* first, int64_t n, const Less& less) {
  const int64_t cores = worker_threads();
  int64_t chunks = 1;
  while (chunks < cores && n / (2 * chunks) >= (int64_t{1} << 13)) chunks *= 2;
  auto bound = [&](int64_t c) { return std::min(n, c * ((n + chunks - 1) / chunks)); };
  parallel_for(chunks, 1, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) std::sort(first + bound(c), first + bound(c + 1), less);
  });
  std::vector<int64_t> buffer(static_cast<size_t>(n));
  int64_t* src = first;
  int64_t* dst = buffer.data();
  for (int64_t width = 1; width < chunks; width *= 2) {
    parallel_for(chunks / (2 * width), 1, [&](int64_t begin, int64_t end) {
      for (int64_t p = begin; p < end; ++p) {
        int64_t lo = bound(2 * p * width), mid = bound((2 * p + 1) * width);
        int64_t hi = bound((2 * p + 2) * width);
        std::merge(src + lo, src + mid, src + mid, src + hi, dst + lo, less);
      }
    });
    std::swap(src, dst);
  }
  if (src != first) std::copy(src, src + n, first);
}

}  // namespace

namespace {

// A comparator recognised as comparison logic, over precomputed keys.
class NativeComparator {
 public:
  // False when the region is not recognised or an operand's keys cannot be computed.
  bool prepare(const ir::Operation& op, std::span<const Tensor> inputs) {
    logic_ = recognise_logic(op.region(0), ArgLayout::kPairs, static_cast<unsigned>(inputs.size()));
    if (!logic_ || logic_->results.size() != 1 || logic_->results[0].node < 0 ||
        logic_->results[0].is_select) {
      return false;
    }
    leaves_.resize(logic_->nodes.size());
    for (size_t i = 0; i < logic_->nodes.size(); ++i) {
      const BoolNode& n = logic_->nodes[i];
      if (n.kind != BoolNode::kCompare) continue;
      Leaf& l = leaves_[i];
      l = {set_.find(inputs, n.lhs, n.total_order), set_.find(inputs, n.rhs, n.total_order)};
      if (l.lhs < 0 || l.rhs < 0) return false;
      l.by_value = set_.arrays[static_cast<size_t>(l.lhs)].may_be_unordered;
    }
    if (auto keys = lexicographic_keys(*logic_)) {
      for (const LexKey& k : *keys) {
        const auto& a = set_.arrays[static_cast<size_t>(
            set_.find(inputs, ArgRef{2 * k.operand, k.transform}, k.total_order))];
        if (a.may_be_unordered && std::count(a.keys.begin(), a.keys.end(), kUnordered) > 0) {
          lex_.clear();  // a NaN compared by value: not a strict weak order
          break;
        }
        lex_.push_back({a.keys.data(), k.descending});
      }
    }
    return true;
  }

  // Sorts slice `base` into `order`: a lexicographic comparator that is a strict weak order on
  // these inputs sorts by its keys and then the index (the one stable order; on several threads
  // when `parallel`); any other runs the region path's merge sort with the same answers.
  void sort_slice(const Slices& s, int64_t base, std::vector<int64_t>& order, bool parallel) const {
    std::iota(order.begin(), order.end(), int64_t{0});
    if (!lex_.empty()) {
      auto less = [&](int64_t i, int64_t j) {
        for (const Lex& k : lex_) {
          int64_t a = k.keys[base + i * s.step], b = k.keys[base + j * s.step];
          if (a != b) return k.descending ? a > b : a < b;
        }
        return i < j;
      };
      if (parallel)
        parallel_sort(order.data(), s.length, less);
      else
        std::sort(order.begin(), order.end(), less);
      return;
    }
    bool values[kMaxLogicNodes];
    const int root = logic_->results[0].node;
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
      logic_->evaluate(values, [&](const BoolNode& n) {
        const Leaf& l = leaves_[static_cast<size_t>(&n - logic_->nodes.data())];
        int64_t a =
            set_.arrays[static_cast<size_t>(l.lhs)].keys[base + (n.lhs.arg % 2 ? j : i) * s.step];
        int64_t b =
            set_.arrays[static_cast<size_t>(l.rhs)].keys[base + (n.rhs.arg % 2 ? j : i) * s.step];
        if (l.by_value && (a == kUnordered || b == kUnordered)) return decide({}, n.direction);
        return decide(order_of(a, b), n.direction);
      });
      return values[root];
    });
  }

 private:
  // Per node: the key arrays of lhs and rhs, and whether a NaN may leave them unordered.
  struct Leaf {
    int lhs = -1, rhs = -1;
    bool by_value = false;
  };
  struct Lex {
    const int64_t* keys;
    bool descending;
  };
  std::optional<RegionLogic> logic_;
  KeySet set_;
  std::vector<Leaf> leaves_;
  std::vector<Lex> lex_;  // non-empty: the comparator is this strict weak order
};

// Sorts every slice natively, slices on several threads; false when not recognised.
bool sort_native(const ir::Operation& op, std::span<const Tensor> inputs, std::span<Tensor> results,
                 const Slices& s) {
  NativeComparator comparator;
  if (!comparator.prepare(op, inputs)) return false;
  const int64_t count = static_cast<int64_t>(s.bases.size());
  parallel_for(count, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, s.length)),
               [&](int64_t begin, int64_t end) {
                 std::vector<int64_t> order(static_cast<size_t>(s.length));
                 for (int64_t i = begin; i < end; ++i) {
                   int64_t base = s.bases[static_cast<size_t>(i)];
                   comparator.sort_slice(s, base, order, count == 1);
                   permute_slice(inputs, results, s, base, order);
                 }
               });
  return true;
}

Expected<std::vector<RuntimeValue>> sort(Interpreter& in, const ir::Operation& op,
                                         std::span<const RuntimeValue> operands) {
  std::vector<Tensor> inputs, results;
  for (size_t k = 0; k < operands.size(); ++k) {
    inputs.push_back(operands[k].tensor());
    KILN_TRY(Tensor r, allocate_result(op, k));
    results.push_back(std::move(r));
  }
  int64_t dim = attr_int(op, "dimension", -1);
  // Spec (C4): -rank <= dimension < rank; a negative one counts from the back.
  if (dim < 0) dim += inputs[0].rank();
  KILN_CHECK_OK(check_dims(op, "dimension", std::span<const int64_t>(&dim, 1), inputs[0].rank()));
  // Slices are taken from inputs[0]'s shape and applied to every input and result.
  for (size_t k = 0; k < inputs.size(); ++k) {
    KILN_CHECK_OK(check_result_shape(op, results[k], inputs[0].shape()));
    if (inputs[k].shape() != inputs[0].shape()) {
      return op_error(op, "inputs do not all have the same shape");
    }
  }
  if (inputs[0].num_elements() > 0) {
    Slices s = slices_of(inputs[0], dim);
    if (!in.options().fast_paths || !sort_native(op, inputs, results, s)) {
      KILN_CHECK_OK(sort_by_region(in, op, inputs, results, s));
    }
  }
  return std::vector<RuntimeValue>(results.begin(), results.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.sort", sort);

}  // namespace kiln::interp
