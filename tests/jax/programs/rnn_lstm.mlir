module @jit_rnn_lstm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<12x2x8xf32>, %arg3: tensor<2x16xf32>, %arg4: tensor<2x16xf32>) -> (tensor<2x16xf32> {jax.result_info = "result[0][0]"}, tensor<2x16xf32> {jax.result_info = "result[0][1]"}, tensor<12x2x16xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12x2x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:7 = stablehlo.while(%iterArg = %arg2, %iterArg_0 = %arg0, %iterArg_1 = %arg1, %iterArg_2 = %c, %iterArg_3 = %arg3, %iterArg_4 = %arg4, %iterArg_5 = %0) : tensor<12x2x8xf32>, tensor<24x64xf32>, tensor<64xf32>, tensor<i32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<12x2x16xf32>
    cond {
      %c_6 = stablehlo.constant dense<12> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_2, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<12x2x8xf32>, tensor<i32>) -> tensor<2x8xf32>
      %3:3 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_3, %iterArg_4, %2) : (tensor<24x64xf32>, tensor<64xf32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x8xf32>) -> (tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>)
      %4 = func.call @dynamic_update_index_in_dim(%iterArg_5, %3#2, %iterArg_2) : (tensor<12x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<12x2x16xf32>
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_2, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %5, %3#0, %3#1, %4 : tensor<12x2x8xf32>, tensor<24x64xf32>, tensor<64xf32>, tensor<i32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<12x2x16xf32>
    }
    return %1#4, %1#5, %1#6 : tensor<2x16xf32>, tensor<2x16xf32>, tensor<12x2x16xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<12x2x8xf32>, %arg1: tensor<i32>) -> tensor<2x8xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 8] : (tensor<12x2x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    return %1 : tensor<2x8xf32>
  }
  func.func private @closed_call(%arg0: tensor<24x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<2x16xf32>, %arg3: tensor<2x16xf32>, %arg4: tensor<2x8xf32>) -> (tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>) {
    %0 = stablehlo.concatenate %arg4, %arg2, dim = 1 : (tensor<2x8xf32>, tensor<2x16xf32>) -> tensor<2x24xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x24xf32>, tensor<24x64xf32>) -> tensor<2x64xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<2x64xf32>
    %4 = stablehlo.add %1, %3 : tensor<2x64xf32>
    %5 = stablehlo.slice %4 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %6 = stablehlo.slice %4 [0:2, 16:32] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %7 = stablehlo.slice %4 [0:2, 32:48] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %8 = stablehlo.slice %4 [0:2, 48:64] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %9 = stablehlo.negate %6 : tensor<2x16xf32>
    %10 = stablehlo.exponential %9 : tensor<2x16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %12 = stablehlo.add %11, %10 : tensor<2x16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %14 = stablehlo.divide %13, %12 : tensor<2x16xf32>
    %15 = stablehlo.multiply %14, %arg3 : tensor<2x16xf32>
    %16 = stablehlo.negate %5 : tensor<2x16xf32>
    %17 = stablehlo.exponential %16 : tensor<2x16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %19 = stablehlo.add %18, %17 : tensor<2x16xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %21 = stablehlo.divide %20, %19 : tensor<2x16xf32>
    %22 = stablehlo.tanh %7 : tensor<2x16xf32>
    %23 = stablehlo.multiply %21, %22 : tensor<2x16xf32>
    %24 = stablehlo.add %15, %23 : tensor<2x16xf32>
    %25 = stablehlo.negate %8 : tensor<2x16xf32>
    %26 = stablehlo.exponential %25 : tensor<2x16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %28 = stablehlo.add %27, %26 : tensor<2x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %30 = stablehlo.divide %29, %28 : tensor<2x16xf32>
    %31 = stablehlo.tanh %24 : tensor<2x16xf32>
    %32 = stablehlo.multiply %30, %31 : tensor<2x16xf32>
    return %32, %24, %32 : tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<12x2x16xf32>, %arg1: tensor<2x16xf32>, %arg2: tensor<i32>) -> tensor<12x2x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<12x2x16xf32>, tensor<1x2x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<12x2x16xf32>
    return %1 : tensor<12x2x16xf32>
  }
}
