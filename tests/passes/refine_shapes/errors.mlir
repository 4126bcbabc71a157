// RUN: not kiln compile --pass=refine-shapes %s -o /dev/null 2>&1 | FileCheck %s

// A shape operand computed from an argument's values (not its shape) does not fold: the op
// cannot be refined, and the error names it and its location.
// CHECK: errors.mlir:[[# @LINE + 3]]:8: error: refine-shapes cannot refine 'stablehlo.dynamic_iota' (its output_shape is not a constant)
func.func @main(%arg0: tensor<1xi32>) -> tensor<?xf32> {
  %0 = stablehlo.abs %arg0 : tensor<1xi32>
  %r = stablehlo.dynamic_iota %0, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
