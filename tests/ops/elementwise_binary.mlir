func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>, %arg2: tensor<4xcomplex<f32>>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>
  %1 = stablehlo.add %arg1, %arg1 : tensor<i32>
  %2 = stablehlo.add %arg2, %arg2 : tensor<4xcomplex<f32>>
  %3 = stablehlo.divide %arg0, %arg0 : tensor<2x3xf32>
  %4 = stablehlo.divide %arg1, %arg1 : tensor<i32>
  %5 = stablehlo.divide %arg2, %arg2 : tensor<4xcomplex<f32>>
  %6 = stablehlo.maximum %arg0, %arg0 : tensor<2x3xf32>
  %7 = stablehlo.maximum %arg1, %arg1 : tensor<i32>
  %8 = stablehlo.minimum %arg0, %arg0 : tensor<2x3xf32>
  %9 = stablehlo.minimum %arg1, %arg1 : tensor<i32>
  %10 = stablehlo.multiply %arg0, %arg0 : tensor<2x3xf32>
  %11 = stablehlo.multiply %arg1, %arg1 : tensor<i32>
  %12 = stablehlo.multiply %arg2, %arg2 : tensor<4xcomplex<f32>>
  %13 = stablehlo.power %arg0, %arg0 : tensor<2x3xf32>
  %14 = stablehlo.power %arg1, %arg1 : tensor<i32>
  %15 = stablehlo.power %arg2, %arg2 : tensor<4xcomplex<f32>>
  %16 = stablehlo.remainder %arg0, %arg0 : tensor<2x3xf32>
  %17 = stablehlo.remainder %arg1, %arg1 : tensor<i32>
  %18 = stablehlo.remainder %arg2, %arg2 : tensor<4xcomplex<f32>>
  %19 = stablehlo.subtract %arg0, %arg0 : tensor<2x3xf32>
  %20 = stablehlo.subtract %arg1, %arg1 : tensor<i32>
  %21 = stablehlo.subtract %arg2, %arg2 : tensor<4xcomplex<f32>>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @main(%arg0: tensor<16xui8>, %arg1: tensor<3x2xi64>, %arg2: tensor<i1>) -> tensor<16xui8> {
  %0 = stablehlo.and %arg0, %arg0 : tensor<16xui8>
  %1 = stablehlo.and %arg1, %arg1 : tensor<3x2xi64>
  %2 = stablehlo.and %arg2, %arg2 : tensor<i1>
  %3 = stablehlo.or %arg0, %arg0 : tensor<16xui8>
  %4 = stablehlo.or %arg1, %arg1 : tensor<3x2xi64>
  %5 = stablehlo.or %arg2, %arg2 : tensor<i1>
  %6 = stablehlo.xor %arg0, %arg0 : tensor<16xui8>
  %7 = stablehlo.xor %arg1, %arg1 : tensor<3x2xi64>
  %8 = stablehlo.xor %arg2, %arg2 : tensor<i1>
  %9 = stablehlo.shift_left %arg0, %arg0 : tensor<16xui8>
  %10 = stablehlo.shift_left %arg1, %arg1 : tensor<3x2xi64>
  %11 = stablehlo.shift_right_arithmetic %arg0, %arg0 : tensor<16xui8>
  %12 = stablehlo.shift_right_arithmetic %arg1, %arg1 : tensor<3x2xi64>
  %13 = stablehlo.shift_right_logical %arg0, %arg0 : tensor<16xui8>
  %14 = stablehlo.shift_right_logical %arg1, %arg1 : tensor<3x2xi64>
  return %0 : tensor<16xui8>
}

// -----

func.func @main(%arg0: tensor<i1>, %arg1: tensor<8xbf16>) -> tensor<i1> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<i1>
  %1 = stablehlo.multiply %0, %arg0 : tensor<i1>
  %2 = stablehlo.maximum %1, %arg0 : tensor<i1>
  %3 = stablehlo.minimum %2, %arg0 : tensor<i1>
  %4 = stablehlo.atan2 %arg1, %arg1 : tensor<8xbf16>
  %5 = stablehlo.add %4, %arg1 {some.attr = 1 : i32} : tensor<8xbf16>
  return %3 : tensor<i1>
}

// -----

func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xcomplex<f64>>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg1 : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.subtract %arg1, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  %2 = stablehlo.atan2 %arg2, %arg2 : tensor<4xcomplex<f64>>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<f64>, %arg2: tensor<?x2xf32>) -> tensor<10xcomplex<f32>> {
  %0 = stablehlo.complex %arg0, %arg0 : tensor<10xcomplex<f32>>
  %1 = stablehlo.complex %arg1, %arg1 : tensor<complex<f64>>
  %2 = stablehlo.complex %arg2, %arg2 : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<3x2xcomplex<f32>>
  %3 = stablehlo.complex %arg2, %arg2 : tensor<?x2xcomplex<f32>>
  return %0 : tensor<10xcomplex<f32>>
}

// -----

// Bounded dynamic dimensions (#stablehlo.bounds) match static sizes up to the bound and any
// other bounded size.
func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<3xf32>, %z: tensor<?xf32, #stablehlo.bounds<8>>) -> (tensor<3xf32>, tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<2>>) {
  %0 = stablehlo.add %x, %y : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.add %x, %z : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  %2 = stablehlo.abs %x : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<2>>
  return %0, %1, %2 : tensor<3xf32>, tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<2>>
}
