// RUN: not kiln compile --pass=refine-shapes %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not kiln compile --pass=refine-shapes %S/inputs/growing_loop.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not kiln compile --pass=refine-shapes %S/inputs/contradiction.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONTRADICTION
// RUN: not kiln compile --pass=refine-shapes %S/inputs/dynamic_call.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=CALL

// A shape operand computed from an argument's values (not its shape) does not fold: the op
// cannot be refined, and the error names it and its location.
// CHECK: errors.mlir:[[# @LINE + 3]]:8: error: refine-shapes cannot refine 'stablehlo.dynamic_iota' (its output_shape is not a constant)
func.func @main(%arg0: tensor<1xi32>) -> tensor<?xf32> {
  %0 = stablehlo.abs %arg0 : tensor<1xi32>
  %r = stablehlo.dynamic_iota %0, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// LOOP: growing_loop.mlir:6:10: error: refine-shapes cannot refine 'stablehlo.while' (carried value 1 enters as tensor<1xf32> but the body returns tensor<2xf32>: its shape changes with the iteration)
// CONTRADICTION: contradiction.mlir:7:8: error: refine-shapes: 'stablehlo.dynamic_reshape' computes the type tensor<3x2xi32>, which does not fit its result type tensor<2x?xi32>
// CALL: dynamic_call.mlir:3:8: error: refine-shapes cannot refine 'func.call' (its callee returns dynamic shapes; inline it first)
