// The shape-polymorphic program that the refine-shapes tests (passes/refine_shapes_test.cpp)
// and the cuda backend's specialization tests (backend/cuda/specialize_test.cpp) share.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "ir/type.h"

namespace kiln::testing {

// x * iota(rows of x) + x, the iota's shape computed from x's: what JAX exports for a
// shape-polymorphic batch dimension.
inline constexpr const char* kPolymorphic = R"(
func.func @main(%x: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xi32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %three = stablehlo.constant dense<3> : tensor<1xi32>
  %s = stablehlo.concatenate %n1, %three, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x3xi32>
  %y = stablehlo.multiply %x, %i : tensor<?x3xi32>
  %z = stablehlo.add %y, %x : tensor<?x3xi32>
  return %z : tensor<?x3xi32>
}
)";

// An i32 tensor type of `shape` (ir::kDynamic for a `?`).
inline ir::Type i32(std::vector<int64_t> shape) {
  return ir::Type::tensor(std::move(shape), ir::ElementKind::kSI32);
}

}  // namespace kiln::testing
