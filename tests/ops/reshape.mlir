func.func @main(%arg0: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}
// -----
func.func @main(%arg0: tensor<1xui32>) -> tensor<ui32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1xui32>) -> tensor<ui32>
  func.return %0 : tensor<ui32>
}
// -----
func.func @main(%arg0: tensor<i8>) -> tensor<1x1x1xi8> {
  %0 = stablehlo.reshape %arg0 : (tensor<i8>) -> tensor<1x1x1xi8>
  func.return %0 : tensor<1x1x1xi8>
}
// -----
func.func @main(%arg0: tensor<0x4xf32>) -> tensor<2x0xf32> {
  %0 = "stablehlo.reshape"(%arg0) : (tensor<0x4xf32>) -> tensor<2x0xf32>
  func.return %0 : tensor<2x0xf32>
}

// -----

// A result may have one bounded dynamic dimension; a bounded operand may reshape to a static
// result (its size is checked at run time).
func.func @main(%x: tensor<2x4xf32>, %y: tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> (tensor<?x2xf32, #stablehlo.bounds<4, ?>>, tensor<?xf32, #stablehlo.bounds<12>>, tensor<12xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x4xf32>) -> tensor<?x2xf32, #stablehlo.bounds<4, ?>>
  %1 = stablehlo.reshape %y : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<?xf32, #stablehlo.bounds<12>>
  %2 = stablehlo.reshape %y : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<12xf32>
  return %0, %1, %2 : tensor<?x2xf32, #stablehlo.bounds<4, ?>>, tensor<?xf32, #stablehlo.bounds<12>>, tensor<12xf32>
}
