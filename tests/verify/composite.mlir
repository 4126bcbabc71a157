// stablehlo.composite: invalid programs with the error each must give.

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "foo" must be a namespaced op name}}
  %0 = stablehlo.composite "foo" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name ".foo" must be a namespaced op name}}
  %0 = stablehlo.composite ".foo" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "foo." must be a namespaced op name}}
  %0 = stablehlo.composite "foo." %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "foo..bar" must be a namespaced op name}}
  %0 = stablehlo.composite "foo..bar" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "1a.b" must be a namespaced op name}}
  %0 = stablehlo.composite "1a.b" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "a.b-c" must be a namespaced op name}}
  %0 = stablehlo.composite "a.b-c" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) {
  // expected-error@+1 {{name "_a.b" must be a namespaced op name}}
  %0 = stablehlo.composite "_a.b" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return
}
