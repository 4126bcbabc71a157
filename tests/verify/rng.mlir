// stablehlo.rng and stablehlo.rng_bit_generator: invalid programs with their errors.
func.func @main(%s: tensor<2xui64>) {
  // expected-error@+1 {{output_state tensor<3xui64> must have the shape of initial_state tensor<2xui64>}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xf32>)
  return
}

// -----

func.func @main(%s: tensor<2xi1>) {
  // expected-error@+1 {{initial_state must be a tensor of integer or float type, but is tensor<2xi1>}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xi1>) -> (tensor<2xi1>, tensor<4xf32>)
  return
}

// -----

func.func @main(%s: tensor<2xui64>) {
  // expected-error@+1 {{output must be a tensor of integer or float type, but is tensor<4xcomplex<f32>>}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xcomplex<f32>>)
  return
}

// -----

func.func @main(%s: tensor<2xui64>) {
  // expected-error@+1 {{output must have a static shape, but is tensor<?xi8>}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xi8>)
  return
}

// -----

func.func @main(%a: tensor<i32>, %b: tensor<i32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{output shape [2, 3] does not match result tensor<3x3xi32>}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  return
}

// -----

func.func @main(%a: tensor<i32>, %b: tensor<i32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{NORMAL distribution needs a float result}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<?xi64>) {
  // expected-error@+1 {{shape must be a static 1-D integer tensor, but is tensor<?xi64>}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<?xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<3xi64>) {
  // expected-error@+1 {{shape has 3 entries but the result has rank 2}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %b: tensor<f64>, %s: tensor<2xi64>) {
  // expected-error@+1 {{a and b must be rank-0 tensors of the result's element type}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<f32>, tensor<f64>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<1xf32>, %b: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{a and b must be rank-0 tensors}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<1xf32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>, %s: tensor<2xi64>) {
  // expected-error@+1 {{result must be a tensor of boolean, integer or float type}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<complex<f32>>, tensor<complex<f32>>, tensor<2xi64>) -> tensor<3x3xcomplex<f32>>
  return
}
