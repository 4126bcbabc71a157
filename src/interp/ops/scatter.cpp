// stablehlo.scatter: the inputs with each update element combined into the element it
// addresses by update_computation; elements addressed outside the inputs are skipped
// (spec: scatter). Updates are applied one at a time in row-major order of the updates.
#include <algorithm>
#include <cstring>
#include <tuple>

#include "interp/combiner.h"
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduction_types.h"
#include "interp/parallel.h"

namespace kiln::interp {

namespace {

bool contains(std::span<const int64_t> v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The update dimensions split into scatter dimensions (which pick a start index) and window
// dimensions (which walk the input dimensions that are neither inserted nor batching ones).
struct ScatterPlan {
  std::vector<int64_t> scatter_dims, window_dims, window_input_dims;
  std::vector<int64_t> input_shape, indices_strides;
};

ScatterPlan plan_scatter(const Tensor& input, const Tensor& indices, const Tensor& updates,
                         const ir::ScatterDimsAttr& d) {
  ScatterPlan p;
  p.input_shape = input.shape();
  p.indices_strides = indices.strides();
  for (int64_t u = 0; u < updates.rank(); ++u) {
    (contains(d.update_window_dims, u) ? p.window_dims : p.scatter_dims).push_back(u);
  }
  for (int64_t i = 0; i < input.rank(); ++i) {
    if (!contains(d.inserted_window_dims, i) && !contains(d.input_batching_dims, i)) {
      p.window_input_dims.push_back(i);
    }
  }
  return p;
}

// full_start_index + full_batching_index of the spec for the update at `update_index`, into
// `start` (resized to the input rank); unsigned indices beyond INT64_MAX saturate, which keeps
// them out of bounds.
void scatter_start(const ScatterPlan& p, const Tensor& indices, const ir::ScatterDimsAttr& d,
                   std::span<const int64_t> update_index, std::vector<int64_t>& start) {
  const auto ivd = static_cast<size_t>(d.index_vector_dim);
  int64_t base = 0;
  for (size_t i = 0; i < p.scatter_dims.size(); ++i) {
    base += update_index[static_cast<size_t>(p.scatter_dims[i])] *
            p.indices_strides[i < ivd ? i : i + 1];
  }
  const int64_t step = ivd < p.indices_strides.size() ? p.indices_strides[ivd] : 0;
  start.assign(p.input_shape.size(), 0);
  for (size_t k = 0; k < d.scatter_dims_to_operand_dims.size(); ++k) {
    start[static_cast<size_t>(d.scatter_dims_to_operand_dims[k])] =
        index_element(indices, base + static_cast<int64_t>(k) * step);
  }
  for (size_t i = 0; i < d.input_batching_dims.size(); ++i) {
    auto s = static_cast<size_t>(d.scatter_indices_batching_dims[i]);
    auto u = static_cast<size_t>(p.scatter_dims[s < ivd ? s : s - 1]);
    start[static_cast<size_t>(d.input_batching_dims[i])] = update_index[u];
  }
}

// The flat input position that update element `update_index` addresses, or -1 when any of
// its coordinates falls outside the inputs. `index` holds the start on entry and is used up.
int64_t scatter_target(const ScatterPlan& p, std::vector<int64_t>& index,
                       std::span<const int64_t> update_index,
                       std::span<const int64_t> input_strides) {
  for (size_t k = 0; k < p.window_dims.size(); ++k) {
    auto i = static_cast<size_t>(p.window_input_dims[k]);
    int64_t w = update_index[static_cast<size_t>(p.window_dims[k])];
    // start + w without overflow: start may be a saturated huge index.
    if (index[i] >= p.input_shape[i] - w) return -1;
    index[i] += w;
  }
  int64_t flat = 0;
  for (size_t i = 0; i < index.size(); ++i) {
    if (index[i] < 0 || index[i] >= p.input_shape[i]) return -1;
    flat += index[i] * input_strides[i];
  }
  return flat;
}

// True when update_computation returns its update arguments unchanged (`x.at[i].set(y)`):
// then an update is a plain copy.
bool is_overwrite(const ir::Region& region, size_t n) {
  const ir::Block& block = region.front();
  const ir::Operation* term = block.terminator();
  if (block.operations().size() != 1 || !term || term->num_operands() != n) return false;
  for (size_t i = 0; i < n; ++i) {
    if (term->operand(i) != block.argument(n + i)) return false;
  }
  return true;
}

// Combines results[..][at] with updates[..][from] through update_computation.
Status apply_region(Interpreter& in, const ir::Operation& op, std::vector<Tensor>& results,
                    std::span<const RuntimeValue> updates, int64_t at, int64_t from) {
  const ir::Block& block = op.region(0).front();
  const size_t n = results.size();
  std::vector<RuntimeValue> args;
  args.reserve(2 * n);
  for (size_t i = 0; i < 2 * n; ++i) {
    const Tensor& src = i < n ? results[i] : updates[i - n].tensor();
    int64_t pos = i < n ? at : from;
    KILN_TRY(Tensor scalar, Tensor::allocate(block.argument(i)->type()));
    std::memcpy(scalar.raw(), src.raw() + pos * static_cast<int64_t>(src.element_bytes()),
                src.element_bytes());
    args.emplace_back(std::move(scalar));
  }
  KILN_CHECK_OK(in.check_time_limit(op));  // --timeout: the region runs once per update element
  KILN_TRY(std::vector<RuntimeValue> out, in.run_region(op.region(0), args));
  for (size_t i = 0; i < n; ++i) {
    const size_t bytes = results[i].element_bytes();
    std::memcpy(results[i].raw() + at * static_cast<int64_t>(bytes), out[i].tensor().raw(), bytes);
  }
  return ok_status();
}

// The valid range [lo, hi) of w for start + w inside [0, size), for w in [0, len); empty when
// the start (possibly a saturated huge index) leaves none.
std::pair<int64_t, int64_t> clip(int64_t start, int64_t len, int64_t size) {
  if (start >= size || start <= -len) return {0, 0};
  return {std::max<int64_t>(0, -start), std::min(len, size - start)};
}

// a K b exactly as combine(K, a, b) computes it, with K fixed so the row loops vectorise.
template <class T, Combiner K>
[[gnu::always_inline]] inline T combine_fixed(T a, T b, int bits) {
  if constexpr (kIsFloat<T> || kIsComplex<T>) {
    if constexpr (K == Combiner::kAdd) return a + b;
    else if constexpr (K == Combiner::kMul) return a * b;
    else return element_extreme(a, b, K == Combiner::kMax);
  } else {
    return combine<T>(K, a, b, bits);
  }
}

// Combines n updates src[i] into dst[i * step], in order (swapped: the update is the left
// operand). Update and result storage never overlap.
template <class T, Combiner K, bool kSwapped>
void combine_run(T* __restrict dst, const T* __restrict src, int64_t n, int64_t step, int bits) {
  auto one = [&](int64_t i) {
    dst[i] = kSwapped ? combine_fixed<T, K>(src[i], dst[i], bits)
                      : combine_fixed<T, K>(dst[i], src[i], bits);
  };
  if (step == 1) {
    // Blocks of a fixed count, which GCC's -O2 cost model vectorises; elements are
    // independent, so the bits are those of one at a time.
    constexpr int64_t kBlock = 16;
    int64_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
      for (int64_t j = 0; j < kBlock; ++j) one(i + j);
    }
    for (; i < n; ++i) one(i);
  } else {
    for (int64_t i = 0; i < n; ++i) {
      T& x = dst[i * step];
      x = kSwapped ? combine_fixed<T, K>(src[i], x, bits) : combine_fixed<T, K>(x, src[i], bits);
    }
  }
}

// Combines updates src[i] into dst[at[i]] one after another, skipping at[i] < 0.
template <class T, Combiner K, bool kSwapped>
void combine_scattered(T* __restrict dst, const T* __restrict src, const int64_t* at, int64_t n,
                       int bits) {
  for (int64_t i = 0; i < n; ++i) {
    if (at[i] < 0) continue;
    T& x = dst[at[i]];
    x = kSwapped ? combine_fixed<T, K>(src[i], x, bits) : combine_fixed<T, K>(x, src[i], bits);
  }
}

template <class T>
struct CombineFns {
  void (*run)(T*, const T*, int64_t, int64_t, int);
  void (*scattered)(T*, const T*, const int64_t*, int64_t, int);
};

template <class T>
CombineFns<T> combine_fns(Combiner k, bool swapped) {
  CombineFns<T> f{};
  with_combiner(k, [&]<Combiner K>() {
    if (swapped) {
      f = {&combine_run<T, K, true>, &combine_scattered<T, K, true>};
    } else {
      f = {&combine_run<T, K, false>, &combine_scattered<T, K, false>};
    }
  });
  return f;
}

// Rows of updates planned and applied at a time: bounds the plan's memory.
constexpr int64_t kRowBlock = 8192;

// Where one update row along a window dimension lands: update w in [lo, hi) goes to
// base + w * step, at coordinate s0 + w of the input dimension the row walks; base < 0 when
// the row is skipped.
struct RowTarget {
  int64_t base, s0, lo, hi;
};

// Applies the updates of one operand with a recognised combiner, in the same row-major order
// of the updates as the region path: a row along the last update dimension at a time, a
// contiguous clipped run when that dimension is a window dimension. Such runs are split over
// threads by the input coordinate they reach, so each input element still takes its updates
// on one thread in the updates' order, and the result is the same bits on any thread count.
template <class T>
void scatter_combine(Combiner k, bool swapped, const ScatterPlan& p, const Tensor& indices,
                     const ir::ScatterDimsAttr& d, const Tensor& updates, Tensor& result) {
  const std::vector<int64_t> strides = result.strides();
  const std::vector<int64_t>& ushape = updates.shape();
  const size_t last = ushape.size() - 1;
  const int64_t len = ushape[last];
  const int64_t rows = updates.num_elements() / len;
  const T* src = updates.data<T>();
  T* dst = result.data<T>();
  const int bits = result.element().bit_width();
  const CombineFns<T> fns = combine_fns<T>(k, swapped);
  // The input dimension the last update dimension walks, when it is a window dimension.
  auto w_it = std::find(p.window_dims.begin(), p.window_dims.end(), static_cast<int64_t>(last));
  const bool window_run = w_it != p.window_dims.end();
  const auto in_d =
      static_cast<size_t>(window_run ? p.window_input_dims[w_it - p.window_dims.begin()] : 0);
  std::vector<int64_t> ui(ushape.size(), 0), start;
  if (!window_run) {
    // Each element addresses its own start: plan a block of targets, then apply them in order.
    const int64_t total = updates.num_elements();
    std::vector<int64_t> at(static_cast<size_t>(std::min(total, kRowBlock * 8)));
    for (int64_t from = 0; from < total;) {
      const int64_t n = std::min(total - from, static_cast<int64_t>(at.size()));
      for (int64_t i = 0; i < n; ++i, next_index(ui, ushape)) {
        scatter_start(p, indices, d, ui, start);
        at[static_cast<size_t>(i)] = scatter_target(p, start, ui, strides);
      }
      fns.scattered(dst, src + from, at.data(), n, bits);
      from += n;
    }
    return;
  }
  std::vector<RowTarget> plan;
  for (int64_t r0 = 0; r0 < rows; r0 += kRowBlock) {
    const int64_t r1 = std::min(rows, r0 + kRowBlock);
    plan.resize(static_cast<size_t>(r1 - r0));
    for (int64_t r = r0; r < r1; ++r) {
      scatter_start(p, indices, d, ui, start);
      RowTarget& t = plan[static_cast<size_t>(r - r0)];
      t.s0 = start[in_d];
      std::tie(t.lo, t.hi) = clip(t.s0, len, p.input_shape[in_d]);
      start[in_d] = 0;  // checked by the clip; the rest by scatter_target
      t.base = t.lo < t.hi ? scatter_target(p, start, ui, strides) : -1;
      ui[last] = len - 1;
      next_index(ui, ushape);
    }
    const int64_t step = strides[in_d];
    const int64_t extent = p.input_shape[in_d];
    // One thread per share of the input coordinates when the block is worth handing out.
    const int64_t grain = (r1 - r0) * len >= 2 * kParallelGrain ? 1 : extent + 1;
    parallel_for(extent, grain, [&](int64_t c0, int64_t c1) {
      for (int64_t r = r0; r < r1; ++r) {
        const RowTarget& t = plan[static_cast<size_t>(r - r0)];
        if (t.base < 0) continue;
        const int64_t lo = std::max(t.lo, c0 - t.s0), hi = std::min(t.hi, c1 - t.s0);
        if (lo >= hi) continue;
        fns.run(dst + (t.base + (t.s0 + lo) * step), src + r * len + lo, hi - lo, step, bits);
      }
    });
  }
}

// The native path for one operand whose update_computation is a combiner; false when it does
// not apply.
bool scatter_native(const ir::Operation& op, const Tensor& indices, const Tensor& updates,
                    const ir::ScatterDimsAttr& d, Tensor& result) {
  bool swapped = false;
  std::optional<Combiner> k = recognise_combiner(op.region(0), &swapped);
  const ir::ElementType& e = result.element();
  if (!k || e.is_quantized() || updates.element() != e || updates.rank() == 0 ||
      updates.num_elements() == 0 || op.region(0).front().argument(0)->type().element() != e) {
    return false;
  }
  const ScatterPlan p = plan_scatter(result, indices, updates, d);
  return dispatch_dtype(e.kind(), [&]<class T>() {
    if (!combiner_supports<T>(*k)) return false;
    scatter_combine<T>(*k, swapped, p, indices, d, updates, result);
    return true;
  });
}

// The spec's constraints (C1-C17) that plan_scatter and scatter_start index with, checked since
// the interpreter does not trust the verifier: inputs, updates and results alike in shape, the
// shared index dimension numbers, update_window_dims in range and one per input window
// dimension, and the update scatter dimensions shaped as the indices' batch.
Status check_scatter(const ir::Operation& op, std::span<const RuntimeValue> inputs,
                     const Tensor& indices, std::span<const RuntimeValue> updates,
                     const ir::ScatterDimsAttr& d) {
  if (inputs.empty() || updates.size() != inputs.size() || op.num_results() != inputs.size()) {
    return op_error(op, "needs as many updates and results as inputs");
  }
  const Tensor& input = inputs[0].tensor();
  const Tensor& update = updates[0].tensor();
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].tensor().shape() != input.shape() ||
        op.result(i)->type().shape() != input.shape() ||
        updates[i].tensor().shape() != update.shape()) {
      return op_error(op, "inputs and results, and the updates, must each share one shape");
    }
  }
  KILN_TRY(std::vector<int64_t> batch,
           check_index_dims(op, input, indices,
                            {d.inserted_window_dims, d.input_batching_dims,
                             d.scatter_indices_batching_dims, d.scatter_dims_to_operand_dims,
                             d.index_vector_dim, kScatterIndexDimNames}));
  KILN_CHECK_OK(check_dims(op, "update_window_dims", d.update_window_dims, update.rank()));
  const size_t windows = static_cast<size_t>(input.rank()) - d.inserted_window_dims.size() -
                         d.input_batching_dims.size();
  KILN_CHECK_OK(check_count(op, "update_window_dims", d.update_window_dims, windows));
  std::vector<int64_t> scatter_shape;
  for (int64_t u = 0; u < update.rank(); ++u) {
    if (!contains(d.update_window_dims, u)) scatter_shape.push_back(update.shape()[static_cast<size_t>(u)]);
  }
  if (scatter_shape != batch) {
    return op_error(op, "the updates' scatter dimensions do not have the indices' batch shape");
  }
  return ok_status();
}

Expected<std::vector<RuntimeValue>> scatter(Interpreter& in, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  std::span<const RuntimeValue> inputs = operand_values(op, operands, 0);
  const Tensor& indices = operand_values(op, operands, 1)[0].tensor();
  const auto* dims = op.attr_as<ir::ScatterDimsAttr>("scatter_dimension_numbers");
  if (!dims) return op_error(op, "needs scatter_dimension_numbers");
  const auto& d = *dims;
  KILN_CHECK_OK(check_scatter(op, inputs, indices, operand_values(op, operands, 2), d));
  const size_t n = inputs.size();
  // Spec (C23, C24): update_computation and the results may have element types promoted
  // from the inputs' and updates'; the combining happens in the region's types.
  KILN_TRY(BodyOperands typed, to_body_types(op.region(0), tensors_of(inputs),
                                             tensors_of(operand_values(op, operands, 2))));
  const std::vector<RuntimeValue> typed_updates(typed.elements.begin(), typed.elements.end());
  std::span<const RuntimeValue> updates = typed_updates;
  std::vector<Tensor> results;
  for (size_t i = 0; i < n; ++i) {
    KILN_TRY(Tensor r, allocate_result(op, i));
    const Tensor& input = typed.accumulators[i];
    if (r.size_bytes()) std::memcpy(r.raw(), input.raw(), r.size_bytes());
    results.push_back(std::move(r));
  }
  const Tensor& first = updates[0].tensor();
  if (n == 1 && in.options().fast_paths && scatter_native(op, indices, first, d, results[0])) {
    return std::vector<RuntimeValue>(results.begin(), results.end());
  }
  const ScatterPlan p = plan_scatter(results[0], indices, first, d);
  const std::vector<int64_t> input_strides = results[0].strides();
  const bool overwrite = is_overwrite(op.region(0), n);
  std::vector<int64_t> update_index(static_cast<size_t>(first.rank()), 0), start;
  for (int64_t from = 0; from < first.num_elements();
       ++from, next_index(update_index, first.shape())) {
    // The start depends on the scatter dims only; recomputing it per element keeps this
    // simple and is cheap next to the region call.
    scatter_start(p, indices, d, update_index, start);
    int64_t at = scatter_target(p, start, update_index, input_strides);
    if (at < 0) continue;
    if (overwrite) {
      for (size_t i = 0; i < n; ++i) {
        const size_t bytes = results[i].element_bytes();
        std::memcpy(results[i].raw() + at * static_cast<int64_t>(bytes),
                    updates[i].tensor().raw() + from * static_cast<int64_t>(bytes), bytes);
      }
    } else {
      KILN_CHECK_OK(apply_region(in, op, results, updates, at, from));
    }
  }
  return std::vector<RuntimeValue>(results.begin(), results.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.scatter", scatter);

}  // namespace kiln::interp
