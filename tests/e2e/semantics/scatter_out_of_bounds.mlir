// Scatter skips each out-of-bounds update element on its own (spec: scatter); XLA skips the
// whole window of an update that does not fit and gives [0, 0, 0, 1, 1, 1, 1, 0, 0, 0] here
// (docs/semantics.md, "Out-of-bounds scatter").
func.func @main() {
  %x = stablehlo.constant dense<0.0> : tensor<10xf32>
  %i = stablehlo.constant dense<[[8], [-1], [3]]> : tensor<3x1xi32>
  %u = stablehlo.constant dense<1.0> : tensor<3x4xf32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10xf32>
  check.expect_eq_const %r, dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0]> : tensor<10xf32>
  func.return
}
