// Shared pieces of op implementations: result allocation, attribute access, element loops.
#pragma once

#include <span>
#include <vector>

#include "interp/interpreter.h"
#include "interp/parallel.h"
#include "interp/scalar_types.h"
#include "interp/tensor.h"
#include "ir/op_info.h"

namespace kiln::interp {

// A zero-filled tensor of the op's i-th result type.
inline Expected<Tensor> allocate_result(const ir::Operation& op, size_t i = 0) {
  return Tensor::allocate(op.result(i)->type());
}

// An attribute's i64 list (DenseArrayAttr or integer DenseElementsAttr), or empty.
std::vector<int64_t> attr_ints(const ir::Operation& op, std::string_view name);
// A single integer attribute, or `fallback`.
int64_t attr_int(const ir::Operation& op, std::string_view name, int64_t fallback = 0);

// The integer value of element i of an integer or boolean tensor, as int64 (unsigned
// 64-bit values keep their bits).
int64_t int_element(const Tensor& t, int64_t i);

// Elements per thread before element-wise loops are split across cores.
inline constexpr int64_t kParallelGrain = 1 << 15;

// out[i] = fn(a[i]) with the element types In and Out, threaded on large tensors.
template <class In, class Out, class Fn>
void map_elements(const Tensor& a, Tensor& out, Fn fn) {
  const In* src = a.data<In>();
  Out* dst = out.data<Out>();
  parallel_for(a.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dst[i] = fn(src[i]);
  });
}

// out[i] = fn(a[i], b[i]).
template <class In, class Out, class Fn>
void zip_elements(const Tensor& a, const Tensor& b, Tensor& out, Fn fn) {
  const In* x = a.data<In>();
  const In* y = b.data<In>();
  Out* dst = out.data<Out>();
  parallel_for(a.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dst[i] = fn(x[i], y[i]);
  });
}

}  // namespace kiln::interp
