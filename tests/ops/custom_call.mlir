// stablehlo.custom_call: bare and quoted targets, no operands, extra attributes as JAX emits.
func.func @main(%a: tensor<6x6xf32>, %b: tensor<6x3xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<6x6xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @main(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<i1>) {
  %0:2 = stablehlo.custom_call @"my-target"(%a) {api_version = 4 : i32, backend_config = {k = 1 : i64}, has_side_effect = true} : (tensor<3xi32>) -> (tensor<3xi32>, tensor<i1>)
  stablehlo.custom_call @sync() : () -> ()
  return %0#0, %0#1 : tensor<3xi32>, tensor<i1>
}

// -----

// Layouts of a token (empty) and of a single tuple result's elements; an alias into an
// operand's tuple and into one of several results; backend_config by api_version.
func.func @main(%x: tensor<2x3xf32>, %t: !stablehlo.token, %p: tuple<tensor<2x3xf32>, tensor<i32>>) -> tensor<i32> {
  %0 = stablehlo.custom_call @foo(%x, %t) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>, !stablehlo.token) -> tuple<tensor<2x3xf32>>
  %1 = stablehlo.custom_call @foo(%p) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<2x3xf32>, tensor<i32>>) -> tensor<i32>
  %2:2 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>)
  %3 = stablehlo.custom_call @foo(%x) {api_version = 4 : i32, backend_config = {a = 1 : i32}} : (tensor<2x3xf32>) -> tensor<f32>
  %4 = stablehlo.custom_call @foo(%x) {api_version = 3 : i32, backend_config = "cfg"} : (tensor<2x3xf32>) -> tensor<f32>
  return %1 : tensor<i32>
}
