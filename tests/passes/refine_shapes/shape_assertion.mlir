// RUN: kiln compile --pass=refine-shapes --split-input-file %s | FileCheck %s
// RUN: not kiln compile --pass=refine-shapes %S/inputs/failed_assertion.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILED

// JAX's shape assertion (jax.export with symbolic shapes) is checked once its predicate folds
// and then erased.
// CHECK-LABEL: func.func @main
// CHECK-NOT: shape_assertion
// CHECK: return
func.func @main(%arg0: tensor<4xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %ok = stablehlo.compare GE, %n, %two, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ok, %n) {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 2 for dimension variable 'b'. Using the following polymorphic shapes specifications: x.shape = (b,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension x.shape[0] (= {0}), .", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %r = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// FAILED: failed_assertion.mlir:7:3: error: shape assertion failed: Expected value >= 8 for dimension variable 'b'. Obtained 'b' = 4 for dimension x.shape[0] (= 4).
