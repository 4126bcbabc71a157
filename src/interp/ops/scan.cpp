// chlo.scan: runs the body once per step along `dimension` (backwards with is_reverse),
// on each input's slice at that step and the carried values; the body returns the outputs'
// slices for that step and the new carried values.
#include <cstring>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// Bytes of one step's slice of `t` as [outer][steps][inner] blocks along `dim`.
struct StepLayout {
  int64_t outer = 1, steps = 1;
  size_t inner_bytes = 0;
};

StepLayout layout(const ir::Type& t, int64_t dim, size_t element_bytes) {
  StepLayout l;
  int64_t inner = 1;
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (d < dim) l.outer *= t.dim(d);
    else if (d > dim) inner *= t.dim(d);
  }
  l.steps = t.dim(dim);
  l.inner_bytes = static_cast<size_t>(inner) * element_bytes;
  return l;
}

ir::Type slice_type(const ir::Type& t, int64_t dim) {
  std::vector<int64_t> shape = t.shape();
  shape.erase(shape.begin() + dim);
  return ir::Type::tensor(std::move(shape), t.element());
}

// Copies step `i` of `whole` into `slice` (to_slice) or back (!to_slice).
void copy_step(Tensor& whole, Tensor& slice, const StepLayout& l, int64_t i, bool to_slice) {
  for (int64_t o = 0; o < l.outer; ++o) {
    std::byte* w = whole.raw() + static_cast<size_t>(o * l.steps + i) * l.inner_bytes;
    std::byte* s = slice.raw() + static_cast<size_t>(o) * l.inner_bytes;
    if (l.inner_bytes == 0) continue;
    if (to_slice) std::memcpy(s, w, l.inner_bytes);
    else std::memcpy(w, s, l.inner_bytes);
  }
}

Expected<std::vector<RuntimeValue>> scan(Interpreter& in, const ir::Operation& op,
                                         std::span<const RuntimeValue> operands) {
  const int64_t dim = attr_int(op, "dimension");
  const size_t n_inputs = ir::operand_group(op, 0).size();
  const size_t n_outputs = ir::result_group(op, 0).size();
  bool reverse = false;
  if (const auto* b = op.attr_as<ir::BoolAttr>("is_reverse")) reverse = b->value;
  std::vector<Tensor> outputs;
  for (size_t r = 0; r < n_outputs; ++r) {
    KILN_TRY(Tensor t, allocate_result(op, r));
    outputs.push_back(std::move(t));
  }
  std::vector<RuntimeValue> carries(operands.begin() + static_cast<long>(n_inputs), operands.end());
  // Every input and output is sliced along `dim` with the same number of steps; the verifier
  // may not have checked that, and a bad `dim` would index past a shape.
  std::vector<ir::Type> sliced;
  for (size_t j = 0; j < n_inputs; ++j) sliced.push_back(operands[j].tensor().type());
  for (const Tensor& t : outputs) sliced.push_back(t.type());
  for (const ir::Type& t : sliced) {
    KILN_CHECK_OK(check_dims(op, "dimension", std::span<const int64_t>(&dim, 1), t.rank()));
    if (t.dim(dim) != sliced[0].dim(dim)) {
      return op_error(op, "inputs and outputs do not all have the same size along dimension");
    }
  }
  const int64_t steps = sliced.empty() ? 0 : sliced[0].dim(dim);
  for (int64_t k = 0; k < steps; ++k) {
    int64_t i = reverse ? steps - 1 - k : k;
    std::vector<RuntimeValue> args;
    for (size_t j = 0; j < n_inputs; ++j) {
      Tensor whole = operands[j].tensor();
      KILN_TRY(Tensor slice, Tensor::allocate(slice_type(whole.type(), dim)));
      copy_step(whole, slice, layout(whole.type(), dim, whole.element_bytes()), i, true);
      args.emplace_back(std::move(slice));
    }
    args.insert(args.end(), carries.begin(), carries.end());
    KILN_TRY(std::vector<RuntimeValue> returned, in.run_region(op.region(0), args));
    if (returned.size() != n_outputs + carries.size()) {
      return op_error(op, "body returned " + std::to_string(returned.size()) + " values");
    }
    for (size_t r = 0; r < n_outputs; ++r) {
      Tensor slice = returned[r].tensor();
      copy_step(outputs[r], slice, layout(outputs[r].type(), dim, outputs[r].element_bytes()), i,
                false);
    }
    carries.assign(returned.begin() + static_cast<long>(n_outputs), returned.end());
  }
  std::vector<RuntimeValue> results(outputs.begin(), outputs.end());
  results.insert(results.end(), carries.begin(), carries.end());
  return results;
}

}  // namespace

KILN_REGISTER_INTERP("chlo.scan", scan);

}  // namespace kiln::interp
