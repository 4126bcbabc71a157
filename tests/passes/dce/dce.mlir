// RUN: kiln compile --pass=dce --split-input-file %s | FileCheck %s

// An unused chain goes, in one sweep; what is returned stays.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT: return %[[A]]
func.func @chain(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %1 = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
  %2 = stablehlo.exponential %1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Ops with effects stay even when unused: a custom_call with has_side_effect, an outfeed.
// CHECK-LABEL: func.func @effects
// CHECK: stablehlo.custom_call @log_it
// CHECK: stablehlo.outfeed
// CHECK-NOT: stablehlo.negate
func.func @effects(%arg0: tensor<4xf32>, %tok: !stablehlo.token) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @log_it(%arg0) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.outfeed"(%arg0, %tok) {outfeed_config = ""} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %2 = stablehlo.negate %arg0 : tensor<4xf32>
  return %arg0 : tensor<4xf32>
}

// -----

// Dead ops inside a region go; the region's op stays while it is used.
// CHECK-LABEL: func.func @in_region
// CHECK: stablehlo.while
// CHECK-NOT: stablehlo.sine
// CHECK: stablehlo.add
func.func @in_region(%arg0: tensor<i32>) -> tensor<i32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.while(%i = %arg0) : tensor<i32>
  cond {
    %lt = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %f = stablehlo.constant dense<1.0> : tensor<f32>
    %s = stablehlo.sine %f : tensor<f32>
    %n = stablehlo.add %i, %c : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// A private function nothing calls goes; one that is called stays, and so does a public one.
// CHECK-LABEL: func.func @main
// CHECK: func.func private @used
// CHECK-NOT: @unused
// CHECK: func.func @public_unused
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = func.call @used(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @used(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
func.func private @unused(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
func.func @public_unused(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

// -----

// stablehlo.rng draws from state: two unused draws are not removed.
// CHECK-LABEL: func.func @rng
// CHECK: stablehlo.rng
func.func @rng(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  return %a : tensor<f32>
}
