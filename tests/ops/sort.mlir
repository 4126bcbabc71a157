// stablehlo.sort (generic form): one input, several inputs, rank 1, default attributes.
func.func @main(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

func.func @main(%k: tensor<5xi32>, %v: tensor<5xbf16>) -> (tensor<5xi32>, tensor<5xbf16>) {
  %0:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<bf16>, %d: tensor<bf16>):
    %1 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xbf16>) -> (tensor<5xi32>, tensor<5xbf16>)
  return %0#0, %0#1 : tensor<5xi32>, tensor<5xbf16>
}

// -----

// A `?` in an input or a result matches a static size of the other.
func.func @main(%x: tensor<4xf32>, %y: tensor<?xi32>) -> (tensor<?xf32>, tensor<4xi32>) {
  %0:2 = "stablehlo.sort"(%x, %y) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %e = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %e : tensor<i1>
  }) : (tensor<4xf32>, tensor<?xi32>) -> (tensor<?xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<?xf32>, tensor<4xi32>
}
