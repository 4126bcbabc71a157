// stablehlo.while (pretty), stablehlo.if and stablehlo.case (generic).
func.func @main(%n: tensor<i64>, %x: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %0:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i64>, tensor<f32>
  cond {
    %c = stablehlo.constant dense<10> : tensor<i64>
    %1 = stablehlo.compare LT, %i, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.add %i, %c : tensor<i64>
    %2 = stablehlo.multiply %acc, %acc : tensor<f32>
    stablehlo.return %1, %2 : tensor<i64>, tensor<f32>
  }
  return %0#0, %0#1 : tensor<i64>, tensor<f32>
}

// -----

func.func @main(%x: tensor<3xui8>) -> tensor<3xui8> {
  %0 = stablehlo.while(%v = %x) : tensor<3xui8> attributes {mhlo.frontend_attributes = {tag = "a"}}
  cond {
    %t = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %v : tensor<3xui8>
  }
  return %0 : tensor<3xui8>
}

// -----

func.func @main() {
  stablehlo.while()
  cond {
    %t = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return
  }
  return
}

// -----

func.func @main(%p: tensor<i1>, %a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.negate %a : tensor<2x2xf64>
    stablehlo.return %1 : tensor<2x2xf64>
  }, {
    stablehlo.return %a : tensor<2x2xf64>
  }) : (tensor<i1>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @main(%i: tensor<i32>, %a: tensor<6xf32>) -> tensor<6xf32> {
  %0 = "stablehlo.case"(%i) ({
    %1 = stablehlo.sine %a : tensor<6xf32>
    stablehlo.return %1 : tensor<6xf32>
  }, {
    %1 = stablehlo.cosine %a : tensor<6xf32>
    stablehlo.return %1 : tensor<6xf32>
  }, {
    stablehlo.return %a : tensor<6xf32>
  }) : (tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @main(%i: tensor<i32>) {
  "stablehlo.case"(%i) ({
    stablehlo.return
  }) : (tensor<i32>) -> ()
  return
}

// -----

// A while whose region arguments and result have `?` where the operand is static: the pretty
// form cannot state their types, so it prints in the generic form.
func.func @main(%x: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<?xf32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<?xf32>):
    %n = stablehlo.negate %a : tensor<?xf32>
    stablehlo.return %n : tensor<?xf32>
  }) : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
