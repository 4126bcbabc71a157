// RUN: kiln compile --pass=inline,dce --split-input-file %s | FileCheck %s

// A call chain becomes straight-line code and the private callees go.
// CHECK-LABEL: func.func @main
// CHECK-NOT: func.call
// CHECK: %[[T:.*]] = stablehlo.tanh %arg0
// CHECK: %[[A:.*]] = stablehlo.add %[[T]], %[[T]]
// CHECK: return %[[A]]
// CHECK-NOT: func.func private
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @outer(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @outer(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = func.call @inner(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = stablehlo.add %t, %t : tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func private @inner(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = stablehlo.tanh %x : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A call inside a loop body is inlined there; a callee returning its argument forwards it.
// CHECK-LABEL: func.func @in_loop
// CHECK: stablehlo.while(%[[I:[a-z0-9_]+]] = %arg0, %[[Y:[a-z0-9_]+]] = %arg1)
// CHECK: do
// CHECK-NEXT: stablehlo.constant
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = stablehlo.add %[[I]]
// CHECK-NEXT: stablehlo.return %[[N]], %[[Y]]
func.func @in_loop(%arg0: tensor<i32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %y) : tensor<i32>, tensor<2xf32>
  cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %lt = stablehlo.compare LT, %iterArg, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %r:2 = func.call @step(%iterArg, %iterArg_0) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>)
    stablehlo.return %r#0, %r#1 : tensor<i32>, tensor<2xf32>
  }
  return %0#1 : tensor<2xf32>
}
func.func private @step(%i: tensor<i32>, %y: tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.add %i, %one : tensor<i32>
  return %n, %y : tensor<i32>, tensor<2xf32>
}

// -----

// A recursive call cannot be inlined away; what can be is, and the module stays valid.
// CHECK-LABEL: func.func @main
// CHECK: func.call @rec
// CHECK: func.func private @rec
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = func.call @rec(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @rec(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @rec(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
