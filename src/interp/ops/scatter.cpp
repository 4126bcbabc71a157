// stablehlo.scatter: the inputs with each update element combined into the element it
// addresses by update_computation; elements addressed outside the inputs are skipped
// (spec: scatter). Updates are applied one at a time in row-major order of the updates.
#include <algorithm>
#include <cstring>

#include "interp/ops/op_helpers.h"

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

// full_start_index + full_batching_index of the spec for the update at `update_index`;
// unsigned indices beyond INT64_MAX saturate, which keeps them out of bounds.
std::vector<int64_t> scatter_start(const ScatterPlan& p, const Tensor& indices,
                                   const ir::ScatterDimsAttr& d,
                                   std::span<const int64_t> update_index) {
  const auto ivd = static_cast<size_t>(d.index_vector_dim);
  int64_t base = 0;
  for (size_t i = 0; i < p.scatter_dims.size(); ++i) {
    base += update_index[static_cast<size_t>(p.scatter_dims[i])] *
            p.indices_strides[i < ivd ? i : i + 1];
  }
  const int64_t step = ivd < p.indices_strides.size() ? p.indices_strides[ivd] : 0;
  std::vector<int64_t> start(p.input_shape.size(), 0);
  for (size_t k = 0; k < d.scatter_dims_to_operand_dims.size(); ++k) {
    start[static_cast<size_t>(d.scatter_dims_to_operand_dims[k])] =
        index_element(indices, base + static_cast<int64_t>(k) * step);
  }
  for (size_t i = 0; i < d.input_batching_dims.size(); ++i) {
    auto s = static_cast<size_t>(d.scatter_indices_batching_dims[i]);
    auto u = static_cast<size_t>(p.scatter_dims[s < ivd ? s : s - 1]);
    start[static_cast<size_t>(d.input_batching_dims[i])] = update_index[u];
  }
  return start;
}

// The flat input position that update element `update_index` addresses, or -1 when any of
// its coordinates falls outside the inputs.
int64_t scatter_target(const ScatterPlan& p, std::span<const int64_t> start,
                       std::span<const int64_t> update_index,
                       std::span<const int64_t> input_strides) {
  std::vector<int64_t> index(start.begin(), start.end());
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
  KILN_TRY(std::vector<RuntimeValue> out, in.run_region(op.region(0), args));
  for (size_t i = 0; i < n; ++i) {
    const size_t bytes = results[i].element_bytes();
    std::memcpy(results[i].raw() + at * static_cast<int64_t>(bytes), out[i].tensor().raw(), bytes);
  }
  return ok_status();
}

// update_computation receives rank-0 tensors of the inputs' element types; promoted types
// (spec C6 allows wider ones) would need a conversion this interpreter does not make.
Status check_region(const ir::Operation& op, std::span<const RuntimeValue> inputs) {
  const ir::Block& block = op.region(0).front();
  const size_t n = inputs.size();
  for (size_t i = 0; i < 2 * n; ++i) {
    const ir::Type& t = block.argument(i)->type();
    if (!t.is_tensor() || t.rank() != 0 ||
        !(t.element().storage_type() == inputs[i % n].tensor().element().storage_type())) {
      return op_error(op,
                      "update_computation with element types other than the inputs' is "
                      "unsupported");
    }
  }
  return ok_status();
}

Expected<std::vector<RuntimeValue>> scatter(Interpreter& in, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  std::span<const RuntimeValue> inputs = operand_values(op, operands, 0);
  const Tensor& indices = operand_values(op, operands, 1)[0].tensor();
  std::span<const RuntimeValue> updates = operand_values(op, operands, 2);
  const auto& d = *op.attr_as<ir::ScatterDimsAttr>("scatter_dimension_numbers");
  const size_t n = inputs.size();
  KILN_CHECK_OK(check_region(op, inputs));
  std::vector<Tensor> results;
  for (size_t i = 0; i < n; ++i) {
    KILN_TRY(Tensor r, allocate_result(op, i));
    if (r.size_bytes()) std::memcpy(r.raw(), inputs[i].tensor().raw(), r.size_bytes());
    results.push_back(std::move(r));
  }
  const Tensor& first = updates[0].tensor();
  const ScatterPlan p = plan_scatter(results[0], indices, first, d);
  const std::vector<int64_t> input_strides = results[0].strides();
  const bool overwrite = is_overwrite(op.region(0), n);
  std::vector<int64_t> update_index(static_cast<size_t>(first.rank()), 0);
  for (int64_t from = 0; from < first.num_elements();
       ++from, next_index(update_index, first.shape())) {
    // The start depends on the scatter dims only; recomputing it per element keeps this
    // simple and is cheap next to the region call.
    std::vector<int64_t> start = scatter_start(p, indices, d, update_index);
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
