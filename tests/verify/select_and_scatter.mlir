// stablehlo.select_and_scatter: invalid programs, one per constraint, with their errors.
func.func @main(%x: tensor<4xi32>, %s: tensor<2xi32>, %i: tensor<i32>) {
  // expected-error@+1 {{result type tensor<4xi32> must be tensor<4xi64>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%x: tensor<4xi32>, %s: tensor<2xi16>, %i: tensor<i32>) {
  // expected-error@+1 {{source type tensor<2xi16> must have the windowed shape and the element type of the operand, tensor<2xi32>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<4xi32>, tensor<2xi16>, tensor<i32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%x: tensor<4xi32>, %s: tensor<2xi32>, %i: tensor<i32>) {
  // expected-error@+1 {{scatter argument #0 has type tensor<i16>, whose element type is not promotable from the init value's i32}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    stablehlo.return %a : tensor<i16>
  }) : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi16>
  return
}
