// stablehlo.rng and stablehlo.rng_bit_generator.
func.func @main(%lo: tensor<f32>, %hi: tensor<f32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.rng %lo, %hi, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @main(%lo: tensor<i32>, %hi: tensor<i32>) -> tensor<i32> {
  %s = stablehlo.constant dense<> : tensor<0xi64>
  %0 = stablehlo.rng %lo, %hi, %s, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<0xi64>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @main(%state: tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>) {
  %0:2 = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4x4xui32>
}

// -----

func.func @main(%state: tensor<3xui64>) -> tensor<8xf32> {
  %0:2 = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xf32>)
  return %0#1 : tensor<8xf32>
}
