// RUN: kiln compile --pass=fuse-reductions --explain-fusion %s -o /dev/null 2>&1 | FileCheck %s --allow-empty
// RUN: kiln compile --pass=fuse-reductions %s | FileCheck %s --check-prefix=IR

// A function without a reduction is not planned at all: no group of it could hold one, and
// fuse-loops plans it anyway (planning it here cost as much as fuse-loops itself on JAX's
// unrolled random-number programs). So fuse-reductions explains nothing about it.
// CHECK-NOT: fused
// IR-LABEL: func.func @chain
// IR-NOT: kiln.fusion
func.func @chain(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = stablehlo.exponential %arg0 : tensor<4x8xf32>
  %l = stablehlo.log %e : tensor<4x8xf32>
  return %l : tensor<4x8xf32>
}
