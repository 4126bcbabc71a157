func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4xcomplex<f64>>, %arg2: tensor<bf16>) -> tensor<2x3xf32> {
  %0 = stablehlo.cbrt %arg0 : tensor<2x3xf32>
  %1 = stablehlo.cbrt %arg1 : tensor<4xcomplex<f64>>
  %2 = stablehlo.cbrt %arg2 : tensor<bf16>
  %3 = stablehlo.cosine %arg0 : tensor<2x3xf32>
  %4 = stablehlo.cosine %arg1 : tensor<4xcomplex<f64>>
  %5 = stablehlo.cosine %arg2 : tensor<bf16>
  %6 = stablehlo.exponential %arg0 : tensor<2x3xf32>
  %7 = stablehlo.exponential %arg1 : tensor<4xcomplex<f64>>
  %8 = stablehlo.exponential %arg2 : tensor<bf16>
  %9 = stablehlo.exponential_minus_one %arg0 : tensor<2x3xf32>
  %10 = stablehlo.exponential_minus_one %arg1 : tensor<4xcomplex<f64>>
  %11 = stablehlo.exponential_minus_one %arg2 : tensor<bf16>
  %12 = stablehlo.log %arg0 : tensor<2x3xf32>
  %13 = stablehlo.log %arg1 : tensor<4xcomplex<f64>>
  %14 = stablehlo.log %arg2 : tensor<bf16>
  %15 = stablehlo.log_plus_one %arg0 : tensor<2x3xf32>
  %16 = stablehlo.log_plus_one %arg1 : tensor<4xcomplex<f64>>
  %17 = stablehlo.log_plus_one %arg2 : tensor<bf16>
  %18 = stablehlo.logistic %arg0 : tensor<2x3xf32>
  %19 = stablehlo.logistic %arg1 : tensor<4xcomplex<f64>>
  %20 = stablehlo.logistic %arg2 : tensor<bf16>
  %21 = stablehlo.rsqrt %arg0 : tensor<2x3xf32>
  %22 = stablehlo.rsqrt %arg1 : tensor<4xcomplex<f64>>
  %23 = stablehlo.rsqrt %arg2 : tensor<bf16>
  %24 = stablehlo.sine %arg0 : tensor<2x3xf32>
  %25 = stablehlo.sine %arg1 : tensor<4xcomplex<f64>>
  %26 = stablehlo.sine %arg2 : tensor<bf16>
  %27 = stablehlo.sqrt %arg0 : tensor<2x3xf32>
  %28 = stablehlo.sqrt %arg1 : tensor<4xcomplex<f64>>
  %29 = stablehlo.sqrt %arg2 : tensor<bf16>
  %30 = stablehlo.tan %arg0 : tensor<2x3xf32>
  %31 = stablehlo.tan %arg1 : tensor<4xcomplex<f64>>
  %32 = stablehlo.tan %arg2 : tensor<bf16>
  %33 = stablehlo.tanh %arg0 : tensor<2x3xf32>
  %34 = stablehlo.tanh %arg1 : tensor<4xcomplex<f64>>
  %35 = stablehlo.tanh %arg2 : tensor<bf16>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<8xf32>
  %1 = stablehlo.tanh %0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<8xf32>
  %2 = stablehlo.log %1 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

func.func @main(%arg0: tensor<5xf64>, %arg1: tensor<f16>, %arg2: tensor<2x2xf8E4M3FN>) -> tensor<5xf64> {
  %0 = stablehlo.ceil %arg0 : tensor<5xf64>
  %1 = stablehlo.floor %0 : tensor<5xf64>
  %2 = stablehlo.round_nearest_afz %1 : tensor<5xf64>
  %3 = stablehlo.round_nearest_even %2 : tensor<5xf64>
  %4 = stablehlo.floor %arg1 : tensor<f16>
  %5 = stablehlo.ceil %arg2 : tensor<2x2xf8E4M3FN>
  return %3 : tensor<5xf64>
}

// -----

func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<ui8>, %arg2: tensor<2x2xi64>) -> tensor<4xi32> {
  %0 = stablehlo.count_leading_zeros %arg0 : tensor<4xi32>
  %1 = stablehlo.popcnt %0 : tensor<4xi32>
  %2 = stablehlo.count_leading_zeros %arg1 : tensor<ui8>
  %3 = stablehlo.popcnt %arg2 : tensor<2x2xi64>
  %4 = stablehlo.not %1 : tensor<4xi32>
  %5 = stablehlo.not %arg1 : tensor<ui8>
  return %4 : tensor<4xi32>
}

// -----

func.func @main(%arg0: tensor<3xi1>, %arg1: tensor<i1>) -> tensor<3xi1> {
  %0 = stablehlo.not %arg0 : tensor<3xi1>
  %1 = stablehlo.not %arg1 : tensor<i1>
  return %0 : tensor<3xi1>
}

// -----

func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<2x3xf32>, %arg2: tensor<complex<f32>>) -> tensor<4xi32> {
  %0 = stablehlo.abs %arg0 : tensor<4xi32>
  %1 = stablehlo.negate %0 : tensor<4xi32>
  %2 = stablehlo.sign %1 : tensor<4xi32>
  %3 = stablehlo.abs %arg1 : tensor<2x3xf32>
  %4 = stablehlo.negate %arg1 : tensor<2x3xf32>
  %5 = stablehlo.sign %arg1 : tensor<2x3xf32>
  %6 = stablehlo.abs %arg2 : (tensor<complex<f32>>) -> tensor<f32>
  %7 = stablehlo.negate %arg2 : tensor<complex<f32>>
  %8 = stablehlo.sign %arg2 : tensor<complex<f32>>
  return %2 : tensor<4xi32>
}

// -----

func.func @main(%arg0: tensor<10xcomplex<f32>>, %arg1: tensor<3xf64>, %arg2: tensor<complex<f64>>) -> (tensor<10xf32>, tensor<10xf32>) {
  %0 = stablehlo.real %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
  %1 = stablehlo.imag %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
  %2 = stablehlo.real %arg1 : tensor<3xf64>
  %3 = stablehlo.imag %arg1 : tensor<3xf64>
  %4 = stablehlo.real %arg2 : (tensor<complex<f64>>) -> tensor<f64>
  return %0, %1 : tensor<10xf32>, tensor<10xf32>
}

// -----

func.func @main(%arg0: tensor<4x6xf32>, %arg1: tensor<f64>, %arg2: tensor<?xbf16>) -> tensor<4x6xi1> {
  %0 = stablehlo.is_finite %arg0 : (tensor<4x6xf32>) -> tensor<4x6xi1>
  %1 = stablehlo.is_finite %arg1 : (tensor<f64>) -> tensor<i1>
  %2 = stablehlo.is_finite %arg2 : (tensor<?xbf16>) -> tensor<?xi1>
  return %0 : tensor<4x6xi1>
}

// -----

func.func @main(%arg0: tensor<?x3xf32>, %arg1: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.sqrt %arg0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.abs %arg1 : (tensor<4xf32>) -> tensor<?xf32>
  %2 = stablehlo.negate %arg0 {some.attr = "kept"} : tensor<?x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// result_accuracy: zero tolerances with DEFAULT or HIGHEST, any non-negative ones with TOLERANCE.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  %1 = stablehlo.tanh %0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 1.000000e-03, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %2 = stablehlo.log %1 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return %2 : tensor<4xf32>
}
