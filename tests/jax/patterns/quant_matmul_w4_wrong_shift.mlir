module @jit_quant_matmul_w4_wrong_shift attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x256xbf16>, %arg1: tensor<48x32xui32>, %arg2: tensor<48x8xbf16>, %arg3: tensor<48x8xbf16>) -> (tensor<4x48xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x256xbf16>) -> tensor<4x256xf32>
    %1 = stablehlo.iota dim = 0 : tensor<8xui32>
    %c = stablehlo.constant dense<4> : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %3 = stablehlo.multiply %1, %2 : tensor<8xui32>
    %c_0 = stablehlo.constant dense<1> : tensor<ui32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %5 = stablehlo.add %3, %4 : tensor<8xui32>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<48x32xui32>) -> tensor<48x32x1xui32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [2] : (tensor<8xui32>) -> tensor<1x1x8xui32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<48x32x1xui32>) -> tensor<48x32x8xui32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x1x8xui32>) -> tensor<48x32x8xui32>
    %10 = stablehlo.shift_right_logical %8, %9 : tensor<48x32x8xui32>
    %c_1 = stablehlo.constant dense<15> : tensor<ui32>
    %11 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<48x32x8xui32>
    %12 = stablehlo.and %10, %11 : tensor<48x32x8xui32>
    %13 = stablehlo.convert %12 : (tensor<48x32x8xui32>) -> tensor<48x32x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<48x32x8xf32>) -> tensor<48x8x32xf32>
    %15 = stablehlo.convert %arg3 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %18 = stablehlo.subtract %14, %17 : tensor<48x8x32xf32>
    %19 = stablehlo.convert %arg2 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %22 = stablehlo.multiply %18, %21 : tensor<48x8x32xf32>
    %23 = stablehlo.reshape %22 : (tensor<48x8x32xf32>) -> tensor<48x256xf32>
    %24 = stablehlo.transpose %23, dims = [1, 0] : (tensor<48x256xf32>) -> tensor<256x48xf32>
    %25 = stablehlo.dot_general %0, %24, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256xf32>, tensor<256x48xf32>) -> tensor<4x48xf32>
    %26 = stablehlo.convert %25 : (tensor<4x48xf32>) -> tensor<4x48xbf16>
    return %26 : tensor<4x48xbf16>
  }
}
