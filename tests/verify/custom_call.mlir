// stablehlo.custom_call: invalid programs (the checks of the reference verifier; the spec
// states none), with the error each must give.

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{operand_layouts and result_layouts must be given together}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{operand layout #0 [1, 1] repeats dimension 1}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{operand layout #0 [1, 0, 2] must be a permutation of [0, 2) for tensor<2x3xf32>}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0, 2]> : tensor<3xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result layout #0 [2, 0] has a dimension out of range [0, 2)}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[2, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{has 1 operands but 2 operand_layouts}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[0]> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{operand layout #0 must be a 1-D tensor of index}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xi64>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases names operand 1, out of range [0, 1)}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases names operand -1, out of range [0, 1)}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = -1, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases pairs operand part tensor<2x3xf32> with output part tensor<3x2xf32> of another type}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases pairs operand part tensor<2x3xf32> with output part tensor<?x3xf32> of another type}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases' output_tuple_indices [0] are out of bounds}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{output_operand_aliases' operand_tuple_indices [0] are out of bounds}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [0]>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{backend_config must be a dictionary for api_version 4, but is "x"}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 4 : i32, backend_config = "x"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{backend_config must be a string for api_version 2, but is {a = 1 : i32}}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 2 : i32, backend_config = {a = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{backend_config must be a string for api_version 1}}
  %0 = stablehlo.custom_call @foo(%x) {backend_config = {a = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{backend_config must be a string for api_version 0}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 0 : i32, backend_config = {a = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{api_version must be 0 to 4, but is 5}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 5 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
