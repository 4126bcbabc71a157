module @jit_quant_matmul_w4_wrong_mask attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x256xbf16>, %arg1: tensor<48x32xui32>, %arg2: tensor<48x8xbf16>, %arg3: tensor<48x8xbf16>) -> (tensor<4x48xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<48x32xui32>) -> tensor<48x32x1xui32>
    %1 = stablehlo.iota dim = 0 : tensor<8xui32>
    %c = stablehlo.constant dense<4> : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %3 = stablehlo.multiply %1, %2 : tensor<8xui32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [2] : (tensor<8xui32>) -> tensor<1x1x8xui32>
    %5 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<48x32x1xui32>) -> tensor<48x32x8xui32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<1x1x8xui32>) -> tensor<48x32x8xui32>
    %7 = stablehlo.shift_right_logical %5, %6 : tensor<48x32x8xui32>
    %c_0 = stablehlo.constant dense<7> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<48x32x8xui32>
    %9 = stablehlo.and %7, %8 : tensor<48x32x8xui32>
    %10 = stablehlo.convert %9 : (tensor<48x32x8xui32>) -> tensor<48x32x8xf32>
    %11 = stablehlo.reshape %10 : (tensor<48x32x8xf32>) -> tensor<48x8x32xf32>
    %12 = stablehlo.convert %arg3 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %15 = stablehlo.subtract %11, %14 : tensor<48x8x32xf32>
    %16 = stablehlo.convert %arg2 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %19 = stablehlo.multiply %15, %18 : tensor<48x8x32xf32>
    %20 = stablehlo.reshape %19 : (tensor<48x8x32xf32>) -> tensor<48x256xf32>
    %21 = stablehlo.convert %arg0 : (tensor<4x256xbf16>) -> tensor<4x256xf32>
    %22 = stablehlo.transpose %20, dims = [1, 0] : (tensor<48x256xf32>) -> tensor<256x48xf32>
    %23 = stablehlo.dot_general %21, %22, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256xf32>, tensor<256x48xf32>) -> tensor<4x48xf32>
    %24 = stablehlo.convert %23 : (tensor<4x48xf32>) -> tensor<4x48xbf16>
    return %24 : tensor<4x48xbf16>
  }
}
