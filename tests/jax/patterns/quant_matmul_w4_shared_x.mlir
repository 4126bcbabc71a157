module @jit_quant_matmul_w4_shared_x attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x256xbf16>, %arg1: tensor<48x32xui32>, %arg2: tensor<48x8xbf16>, %arg3: tensor<48x8xbf16>, %arg4: tensor<48x32xui32>, %arg5: tensor<48x8xbf16>, %arg6: tensor<48x8xbf16>) -> (tensor<4x48xbf16> {jax.result_info = "result[0]"}, tensor<4x48xbf16> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x256xbf16>) -> tensor<4x256xf32>
    %1 = stablehlo.iota dim = 0 : tensor<8xui32>
    %c = stablehlo.constant dense<4> : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %3 = stablehlo.multiply %1, %2 : tensor<8xui32>
    %c_0 = stablehlo.constant dense<0> : tensor<ui32>
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
    %27 = stablehlo.iota dim = 0 : tensor<8xui32>
    %c_2 = stablehlo.constant dense<4> : tensor<ui32>
    %28 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %29 = stablehlo.multiply %27, %28 : tensor<8xui32>
    %c_3 = stablehlo.constant dense<0> : tensor<ui32>
    %30 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %31 = stablehlo.add %29, %30 : tensor<8xui32>
    %32 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<48x32xui32>) -> tensor<48x32x1xui32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [2] : (tensor<8xui32>) -> tensor<1x1x8xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<48x32x1xui32>) -> tensor<48x32x8xui32>
    %35 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<1x1x8xui32>) -> tensor<48x32x8xui32>
    %36 = stablehlo.shift_right_logical %34, %35 : tensor<48x32x8xui32>
    %c_4 = stablehlo.constant dense<15> : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<48x32x8xui32>
    %38 = stablehlo.and %36, %37 : tensor<48x32x8xui32>
    %39 = stablehlo.convert %38 : (tensor<48x32x8xui32>) -> tensor<48x32x8xf32>
    %40 = stablehlo.reshape %39 : (tensor<48x32x8xf32>) -> tensor<48x8x32xf32>
    %41 = stablehlo.convert %arg6 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %44 = stablehlo.subtract %40, %43 : tensor<48x8x32xf32>
    %45 = stablehlo.convert %arg5 : (tensor<48x8xbf16>) -> tensor<48x8xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<48x8xf32>) -> tensor<48x8x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<48x8x1xf32>) -> tensor<48x8x32xf32>
    %48 = stablehlo.multiply %44, %47 : tensor<48x8x32xf32>
    %49 = stablehlo.reshape %48 : (tensor<48x8x32xf32>) -> tensor<48x256xf32>
    %50 = stablehlo.transpose %49, dims = [1, 0] : (tensor<48x256xf32>) -> tensor<256x48xf32>
    %51 = stablehlo.dot_general %0, %50, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256xf32>, tensor<256x48xf32>) -> tensor<4x48xf32>
    %52 = stablehlo.convert %51 : (tensor<4x48xf32>) -> tensor<4x48xbf16>
    return %26, %52 : tensor<4x48xbf16>, tensor<4x48xbf16>
  }
}
