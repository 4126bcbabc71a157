// stablehlo.sort: the inputs sorted together along one dimension by the comparator region.
#include <algorithm>
#include <numeric>

#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"

namespace kiln::interp {

namespace {

// Spec: each 1-D slice along `dimension` is sorted by comparator(inputs0[i], inputs0[j],
// inputs1[i], inputs1[j], ...), which answers "i goes before j". A merge sort keeps equal
// elements in order, as is_stable asks, and is also a valid order when it is false.
Expected<std::vector<RuntimeValue>> sort(Interpreter& in, const ir::Operation& op,
                                         std::span<const RuntimeValue> operands) {
  size_t n = operands.size();
  std::vector<Tensor> inputs, results;
  for (size_t k = 0; k < n; ++k) {
    inputs.push_back(operands[k].tensor());
    KILN_TRY(Tensor r, allocate_result(op, k));
    results.push_back(std::move(r));
  }
  int64_t rank = inputs[0].rank();
  int64_t dim = attr_int(op, "dimension", -1);
  if (dim < 0) dim += rank;
  if (inputs[0].num_elements() == 0)
    return std::vector<RuntimeValue>(results.begin(), results.end());
  std::vector<int64_t> shape = inputs[0].shape(), strides = inputs[0].strides();
  int64_t length = shape[static_cast<size_t>(dim)];
  int64_t step = strides[static_cast<size_t>(dim)];
  shape[static_cast<size_t>(dim)] = 1;  // iterate over the slices' first elements
  std::vector<int64_t> idx(shape.size(), 0), order(static_cast<size_t>(length));
  std::vector<RuntimeValue> args(2 * n);
  std::optional<Error> failure;
  do {
    int64_t base = flat_index(idx, strides);
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      if (failure) return false;
      for (size_t k = 0; k < n; ++k) {
        auto x = scalar_at(inputs[k], base + a * step), y = scalar_at(inputs[k], base + b * step);
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
    for (int64_t i = 0; i < length; ++i) {
      for (size_t k = 0; k < n; ++k) {
        copy_element(inputs[k], base + order[static_cast<size_t>(i)] * step, results[k],
                     base + i * step);
      }
    }
  } while (next_index(idx, shape));
  return std::vector<RuntimeValue>(results.begin(), results.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.sort", sort);

}  // namespace kiln::interp
