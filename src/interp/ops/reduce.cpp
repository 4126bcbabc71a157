// stablehlo.reduce, and the body-driven reduction that reduce_window and select_and_scatter
// share with it.
#include "interp/ops/reduce.h"

#include <cstring>

#include "interp/ops/op_helpers.h"
#include "interp/ops/reduction_types.h"

namespace kiln::interp {

Expected<Tensor> scalar_at(const Tensor& t, int64_t i) {
  KILN_TRY(Tensor s, Tensor::allocate(ir::Type::tensor({}, t.element())));
  std::memcpy(s.raw(), t.raw() + i * static_cast<int64_t>(t.element_bytes()), t.element_bytes());
  return s;
}

void copy_element(const Tensor& src, int64_t i, Tensor& dst, int64_t j) {
  size_t n = src.element_bytes();
  std::memcpy(dst.raw() + j * static_cast<int64_t>(n), src.raw() + i * static_cast<int64_t>(n), n);
}

Status reduce_groups(Interpreter& in, const ir::Operation& op, const ir::Region& body,
                     std::span<const Tensor> inputs, std::span<const Tensor> inits,
                     std::span<Tensor> results, const GatherFn& gather,
                     const GroupLayout* layout) {
  // Spec: the body computes in its own element types, promotable from the inputs' and inits'.
  KILN_TRY(BodyOperands typed, to_body_types(body, inits, inputs));
  const size_t n = inputs.size();
  // Padding elements are init values passed as elements, in the elements' type.
  std::vector<Tensor> pads;
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(Tensor pad, to_body_arg(body, n + k, inits[k]));
    pads.push_back(std::move(pad));
  }
  inits = typed.accumulators;
  inputs = typed.elements;
  if (in.options().fast_paths && reduce_native(body, inputs, inits, results, gather, layout)) {
    return ok_status();
  }
  std::vector<int64_t> elems;
  std::vector<RuntimeValue> args(2 * n);
  for (int64_t o = 0; o < results[0].num_elements(); ++o) {
    // --timeout: a region run per element can take long; one clock read per output element.
    KILN_CHECK_OK(in.check_time_limit(op));
    elems.clear();
    gather(o, elems);
    for (size_t k = 0; k < n; ++k) args[k] = inits[k];
    int64_t runs = 0;
    for (int64_t e : elems) {
      // A group may be the whole input (a reduction to one value): check within it too.
      if ((++runs & 4095) == 0) KILN_CHECK_OK(in.check_time_limit(op));
      for (size_t k = 0; k < n; ++k) {
        if (e < 0) {
          args[n + k] = pads[k];
          continue;
        }
        KILN_TRY(args[n + k], scalar_at(inputs[k], e));
      }
      KILN_TRY(auto out, in.run_region(body, args));
      if (out.size() != n) return op_error(op, "body returned the wrong number of values");
      for (size_t k = 0; k < n; ++k) {
        if (!out[k].is_tensor()) return op_error(op, "body returned a non-tensor");
        args[k] = std::move(out[k]);
      }
    }
    for (size_t k = 0; k < n; ++k) copy_element(args[k].tensor(), 0, results[k], o);
  }
  return ok_status();
}

namespace {

// Spec: results[j] = the reduction of the inputs' elements that share all indices outside
// `dimensions`; the schedule is implementation-defined, here row-major order.
Expected<std::vector<RuntimeValue>> reduce(Interpreter& in, const ir::Operation& op,
                                           std::span<const RuntimeValue> operands) {
  size_t n = operands.size() / 2;
  std::vector<Tensor> inputs, inits, results;
  for (size_t k = 0; k < n; ++k) {
    inputs.push_back(operands[k].tensor());
    inits.push_back(operands[n + k].tensor());
    KILN_TRY(Tensor r, allocate_result(op, k));
    results.push_back(std::move(r));
  }
  const std::vector<int64_t>& shape = inputs[0].shape();
  std::vector<int64_t> strides = inputs[0].strides();
  const std::vector<int64_t> dimensions = attr_ints(op, "dimensions");
  // Spec (C4): dimensions are distinct and in range; they index `reduced` below.
  KILN_CHECK_OK(check_dims(op, "dimensions", dimensions, inputs[0].rank()));
  std::vector<bool> reduced(shape.size(), false);
  for (int64_t d : dimensions) reduced[static_cast<size_t>(d)] = true;
  std::vector<int64_t> kept_shape, kept_strides, red_shape, red_strides;
  for (size_t d = 0; d < shape.size(); ++d) {
    (reduced[d] ? red_shape : kept_shape).push_back(shape[d]);
    (reduced[d] ? red_strides : kept_strides).push_back(strides[d]);
  }
  // Every input is read through inputs[0]'s strides, every result through kept_shape, and
  // each init value is one element.
  for (size_t k = 0; k < n; ++k) {
    if (inputs[k].shape() != shape) return op_error(op, "inputs do not all have the same shape");
    if (inits[k].rank() != 0) return op_error(op, "init values must be rank-0 tensors");
    KILN_CHECK_OK(check_result_shape(op, results[k], kept_shape));
  }
  // The offsets of one group's elements from its first, in row-major order.
  std::vector<int64_t> offsets;
  if (inputs[0].num_elements() > 0) {
    std::vector<int64_t> idx(red_shape.size(), 0);
    do offsets.push_back(flat_index(idx, red_strides));
    while (next_index(idx, red_shape));
  }
  auto base_of = [&](int64_t out) {
    int64_t base = 0;
    for (size_t d = kept_shape.size(); d-- > 0;) {
      base += (out % kept_shape[d]) * kept_strides[d];
      out /= kept_shape[d];
    }
    return base;
  };
  // With the last dimension kept, outputs along it read consecutive elements.
  if (n == 1 && in.options().fast_paths && !shape.empty() && !reduced.back() &&
      reduce_runs(op.region(0), inputs[0], inits[0], results[0], shape.back(), offsets, base_of)) {
    return std::vector<RuntimeValue>(results.begin(), results.end());
  }
  GatherFn gather = [&](int64_t out, std::vector<int64_t>& elems) {
    int64_t base = base_of(out);
    for (int64_t off : offsets) elems.push_back(base + off);
  };
  GroupLayout layout{offsets, base_of};
  layout.contiguous = true;
  for (size_t i = 0; i < offsets.size() && layout.contiguous; ++i) {
    layout.contiguous = offsets[i] == static_cast<int64_t>(i);
  }
  KILN_CHECK_OK(reduce_groups(in, op, op.region(0), inputs, inits, results, gather, &layout));
  return std::vector<RuntimeValue>(results.begin(), results.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.reduce", reduce);

}  // namespace kiln::interp
