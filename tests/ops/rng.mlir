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

// -----

// The reference verifier takes any integer or float state whose size suits the algorithm's
// implementation, and an output state of a compatible shape.
func.func @main(%s: tensor<3xui32>, %t: tensor<2x2xf32>, %u: tensor<2xui64>) -> (tensor<4xf32>, tensor<4xi8>, tensor<?xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui32>) -> (tensor<3xui32>, tensor<4xf32>)
  %1:2 = stablehlo.rng_bit_generator %t, algorithm = PHILOX : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<4xi8>)
  %2:2 = stablehlo.rng_bit_generator %u, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<?xui64>, tensor<4xi8>)
  return %0#1, %1#1, %2#0 : tensor<4xf32>, tensor<4xi8>, tensor<?xui64>
}

// -----

// rng of booleans and unsigned integers; a constant shape that fills a `?` result dimension.
func.func @main(%a: tensor<i1>, %b: tensor<i1>, %s: tensor<2xi32>, %c: tensor<ui8>, %d: tensor<f32>) -> (tensor<3x3xi1>, tensor<3x3xui8>, tensor<?x3xf32>) {
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<2xi32>) -> tensor<3x3xi1>
  %1 = stablehlo.rng %c, %c, %s, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<2xi32>) -> tensor<3x3xui8>
  %k = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %2 = stablehlo.rng %d, %d, %k, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0, %1, %2 : tensor<3x3xi1>, tensor<3x3xui8>, tensor<?x3xf32>
}
