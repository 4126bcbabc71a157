module @jit_qr attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x3xf32>, %arg1: tensor<3x3xcomplex<f32>>) -> (tensor<2x5x3xf32> {jax.result_info = "result[0].Q"}, tensor<2x3x3xf32> {jax.result_info = "result[0].R"}, tensor<5x5xf32> {jax.result_info = "result[1].Q"}, tensor<5x3xf32> {jax.result_info = "result[1].R"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[2].Q"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[2].R"}) {
    %0:2 = call @qr(%arg0) : (tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3x3xf32>)
    %1 = stablehlo.slice %arg0 [0:1, 0:5, 0:3] : (tensor<2x5x3xf32>) -> tensor<1x5x3xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x5x3xf32>) -> tensor<5x3xf32>
    %3:2 = call @qr_0(%2) : (tensor<5x3xf32>) -> (tensor<5x5xf32>, tensor<5x3xf32>)
    %4:2 = call @qr_1(%arg1) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
    return %0#0, %0#1, %3#0, %3#1, %4#0, %4#1 : tensor<2x5x3xf32>, tensor<2x3x3xf32>, tensor<5x5xf32>, tensor<5x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
  }
  func.func private @qr(%arg0: tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3x3xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n]) {i=2, j=5, k=3, l=5, m=3, n=3}, custom>} : (tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xf32>)
    %1 = stablehlo.custom_call @lapack_sorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l])->([i, m, n]) {i=2, j=5, k=3, l=3, m=5, n=3}, custom>} : (tensor<2x5x3xf32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
    %2 = stablehlo.slice %0#0 [0:2, 0:3, 0:3] : (tensor<2x5x3xf32>) -> tensor<2x3x3xf32>
    %3 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %5 = stablehlo.add %3, %4 : tensor<3x3xi32>
    %6 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1, 2] : (tensor<3x3xi1>) -> tensor<2x3x3xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x3xf32>
    %10 = stablehlo.select %8, %9, %2 : tensor<2x3x3xi1>, tensor<2x3x3xf32>
    return %1, %10 : tensor<2x5x3xf32>, tensor<2x3x3xf32>
  }
  func.func private @qr_0(%arg0: tensor<5x3xf32>) -> (tensor<5x5xf32>, tensor<5x3xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=5, j=3, k=5, l=3, m=3}, custom>} : (tensor<5x3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.pad %0#0, %cst, low = [0, 0], high = [0, 2], interior = [0, 0] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5x5xf32>
    %2 = stablehlo.custom_call @lapack_sorgqr_ffi(%1, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=5, j=5, k=3, l=5, m=5}, custom>} : (tensor<5x5xf32>, tensor<3xf32>) -> tensor<5x5xf32>
    %3 = stablehlo.iota dim = 0 : tensor<5x3xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x3xi32>
    %5 = stablehlo.add %3, %4 : tensor<5x3xi32>
    %6 = stablehlo.iota dim = 1 : tensor<5x3xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<5x3xi32>, tensor<5x3xi32>) -> tensor<5x3xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %9 = stablehlo.select %7, %8, %0#0 : tensor<5x3xi1>, tensor<5x3xf32>
    return %2, %9 : tensor<5x5xf32>, tensor<5x3xf32>
  }
  func.func private @qr_1(%arg0: tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
    %0:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=3, j=3, k=3, l=3, m=3}, custom>} : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>)
    %1 = stablehlo.custom_call @lapack_cungqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=3, j=3, k=3, l=3, m=3}, custom>} : (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %2 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %4 = stablehlo.add %2, %3 : tensor<3x3xi32>
    %5 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
    %8 = stablehlo.select %6, %7, %0#0 : tensor<3x3xi1>, tensor<3x3xcomplex<f32>>
    return %1, %8 : tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
  }
}
