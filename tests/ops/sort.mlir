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
