// Small pieces that kernel specs share when they build problems and plans.
#pragma once

#include <fmt/format.h>

#include <string>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/spec.h"

namespace kiln::kernels {

inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// "-DNAME=value".
template <class V>
std::string define(std::string_view name, const V& value) {
  return fmt::format("-D{}={}", name, value);
}
// "-DELEM=bf16_t" (or another name) for a dtype. Never name a define T or another short
// word: NVRTC's built-in headers, compiled after the options, use such names.
inline std::string dtype_define(ElementType t, std::string_view name = "ELEM") {
  return define(name, cuda_type_name(t));
}

// "-DFAST_MATH=1" where the config's fast_math knob asks for it and the dtype is 16-bit
// (ops/elementwise.cuh): f32 results are always computed exactly.
inline Expected<std::string> fast_math_define(const Problem& p, const Config& c) {
  KILN_TRY(int64_t fast_math, c.get("fast_math"));
  return define("FAST_MATH", fast_math && p.dtype != ElementKind::kF32 ? 1 : 0);
}

// The TMA element of a 16-bit floating dtype: bf16, else f16.
inline cuda::TensorMap::Element tensor_map_element16(ElementType t) {
  return t == ElementKind::kBF16 ? cuda::TensorMap::Element::kBF16 : cuda::TensorMap::Element::kF16;
}

// `s` with every `from` replaced by `to` (for filling a table's definition bodies).
inline std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
  return s;
}

// A grid dimension, or an error when the problem needs more blocks than CUDA allows.
inline Expected<unsigned> grid_dim(int64_t blocks, int64_t limit = 2147483647) {
  if (blocks > limit)
    return Error::invalid_argument(fmt::format("kernels: {} blocks exceed the grid limit", blocks));
  return static_cast<unsigned>(blocks);
}

// A problem of `inputs` tensors and one output, all of `shape` and `dtype`, inputs drawn
// from [lo, hi).
inline Problem same_shape_problem(const Shape& shape, ElementType dtype, int inputs, double lo = -1,
                                  double hi = 1) {
  Problem p{shape, dtype, {}, {}};
  for (int i = 0; i < inputs; ++i) p.inputs.push_back({dtype, shape, lo, hi});
  p.outputs.push_back({dtype, shape});
  return p;
}

}  // namespace kiln::kernels
