module @jit_gpt2_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256xbf16>, %arg1: tensor<64xbf16>, %arg2: tensor<64xbf16>, %arg3: tensor<192xbf16>, %arg4: tensor<64xbf16>, %arg5: tensor<64xbf16>, %arg6: tensor<64xbf16>, %arg7: tensor<64xbf16>, %arg8: tensor<64x256xbf16>, %arg9: tensor<64x64xbf16>, %arg10: tensor<256x64xbf16>, %arg11: tensor<64x192xbf16>, %arg12: tensor<2x16x64xbf16>) -> (tensor<2x16x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg12 : (tensor<2x16x64xbf16>) -> tensor<2x16x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<2x16x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = call @_var(%0, %c) : (tensor<2x16x64xf32>, tensor<i32>) -> tensor<2x16x1xf32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<2x16x64xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %9 = stablehlo.add %5, %8 : tensor<2x16x1xf32>
    %10 = stablehlo.rsqrt %9 : tensor<2x16x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %12 = stablehlo.multiply %7, %11 : tensor<2x16x64xf32>
    %13 = stablehlo.convert %12 : (tensor<2x16x64xf32>) -> tensor<2x16x64xbf16>
    %14 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %16 = stablehlo.multiply %13, %15 : tensor<2x16x64xbf16>
    %17 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %19 = stablehlo.add %16, %18 : tensor<2x16x64xbf16>
    %20 = stablehlo.dot_general %19, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x192xbf16>) -> tensor<2x16x192xbf16>
    %21 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<192xbf16>) -> tensor<1x1x192xbf16>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x192xbf16>) -> tensor<2x16x192xbf16>
    %23 = stablehlo.add %20, %22 : tensor<2x16x192xbf16>
    %24 = stablehlo.slice %23 [0:2, 0:16, 0:64] : (tensor<2x16x192xbf16>) -> tensor<2x16x64xbf16>
    %25 = stablehlo.slice %23 [0:2, 0:16, 64:128] : (tensor<2x16x192xbf16>) -> tensor<2x16x64xbf16>
    %26 = stablehlo.slice %23 [0:2, 0:16, 128:192] : (tensor<2x16x192xbf16>) -> tensor<2x16x64xbf16>
    %27 = stablehlo.reshape %24 : (tensor<2x16x64xbf16>) -> tensor<2x16x4x16xbf16>
    %28 = stablehlo.transpose %27, dims = [0, 2, 1, 3] : (tensor<2x16x4x16xbf16>) -> tensor<2x4x16x16xbf16>
    %29 = stablehlo.reshape %25 : (tensor<2x16x64xbf16>) -> tensor<2x16x4x16xbf16>
    %30 = stablehlo.transpose %29, dims = [0, 2, 1, 3] : (tensor<2x16x4x16xbf16>) -> tensor<2x4x16x16xbf16>
    %31 = stablehlo.reshape %26 : (tensor<2x16x64xbf16>) -> tensor<2x16x4x16xbf16>
    %32 = stablehlo.transpose %31, dims = [0, 2, 1, 3] : (tensor<2x16x4x16xbf16>) -> tensor<2x4x16x16xbf16>
    %33 = stablehlo.dot_general %28, %30, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xbf16>, tensor<2x4x16x16xbf16>) -> tensor<2x4x16x16xf32>
    %cst_2 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<2x4x16x16xf32>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %36 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i1>) -> tensor<16x16xi1>
    %37 = call @tril(%36) : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %cst_4 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %38 = call @_where_0(%37, %35, %cst_4) : (tensor<16x16xi1>, tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16x16xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_5) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %41 = stablehlo.maximum %40, %39 : tensor<2x4x16xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %44 = stablehlo.subtract %38, %43 : tensor<2x4x16x16xf32>
    %45 = stablehlo.exponential %44 : tensor<2x4x16x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %49 = stablehlo.divide %45, %48 : tensor<2x4x16x16xf32>
    %50 = stablehlo.convert %49 : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xbf16>
    %51 = stablehlo.dot_general %50, %32, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xbf16>, tensor<2x4x16x16xbf16>) -> tensor<2x4x16x16xbf16>
    %52 = stablehlo.transpose %51, dims = [0, 2, 1, 3] : (tensor<2x4x16x16xbf16>) -> tensor<2x16x4x16xbf16>
    %53 = stablehlo.reshape %52 : (tensor<2x16x4x16xbf16>) -> tensor<2x16x64xbf16>
    %54 = stablehlo.dot_general %53, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x64xbf16>) -> tensor<2x16x64xbf16>
    %55 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %57 = stablehlo.add %54, %56 : tensor<2x16x64xbf16>
    %58 = stablehlo.add %arg12, %57 : tensor<2x16x64xbf16>
    %59 = stablehlo.convert %58 : (tensor<2x16x64xbf16>) -> tensor<2x16x64xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%59 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_9 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %63 = stablehlo.divide %61, %62 : tensor<2x16x1xf32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %64 = call @_var(%59, %c_10) : (tensor<2x16x64xf32>, tensor<i32>) -> tensor<2x16x1xf32>
    %65 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %66 = stablehlo.subtract %59, %65 : tensor<2x16x64xf32>
    %cst_11 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %68 = stablehlo.add %64, %67 : tensor<2x16x1xf32>
    %69 = stablehlo.rsqrt %68 : tensor<2x16x1xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %71 = stablehlo.multiply %66, %70 : tensor<2x16x64xf32>
    %72 = stablehlo.convert %71 : (tensor<2x16x64xf32>) -> tensor<2x16x64xbf16>
    %73 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %75 = stablehlo.multiply %72, %74 : tensor<2x16x64xbf16>
    %76 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %78 = stablehlo.add %75, %77 : tensor<2x16x64xbf16>
    %79 = stablehlo.dot_general %78, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x256xbf16>) -> tensor<2x16x256xbf16>
    %80 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x16x256xbf16>
    %82 = stablehlo.add %79, %81 : tensor<2x16x256xbf16>
    %83 = stablehlo.multiply %82, %82 : tensor<2x16x256xbf16>
    %84 = stablehlo.multiply %83, %82 : tensor<2x16x256xbf16>
    %cst_12 = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %85 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<bf16>) -> tensor<2x16x256xbf16>
    %86 = stablehlo.multiply %85, %84 : tensor<2x16x256xbf16>
    %87 = stablehlo.add %82, %86 : tensor<2x16x256xbf16>
    %cst_13 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %88 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<2x16x256xbf16>
    %89 = stablehlo.multiply %88, %87 : tensor<2x16x256xbf16>
    %90 = stablehlo.tanh %89 : tensor<2x16x256xbf16>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %91 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<bf16>) -> tensor<2x16x256xbf16>
    %92 = stablehlo.add %91, %90 : tensor<2x16x256xbf16>
    %cst_15 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %93 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<2x16x256xbf16>
    %94 = stablehlo.multiply %93, %92 : tensor<2x16x256xbf16>
    %95 = stablehlo.multiply %82, %94 : tensor<2x16x256xbf16>
    %96 = stablehlo.dot_general %95, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x256xbf16>, tensor<256x64xbf16>) -> tensor<2x16x64xbf16>
    %97 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %99 = stablehlo.add %96, %98 : tensor<2x16x64xbf16>
    %100 = stablehlo.add %58, %99 : tensor<2x16x64xbf16>
    return %100 : tensor<2x16x64xbf16>
  }
  func.func private @_var(%arg0: tensor<2x16x64xf32>, %arg1: tensor<i32>) -> tensor<2x16x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x16x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x16x64xf32>
    %6 = chlo.square %5 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x16x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16x1xf32>
    return %14 : tensor<2x16x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x16x1xf32>, %arg2: tensor<f32>) -> tensor<2x16x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x16x1xf32>
    return %2 : tensor<2x16x1xf32>
  }
  func.func private @tril(%arg0: tensor<16x16xi1>) -> tensor<16x16xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<16x16xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
    %2 = stablehlo.add %0, %1 : tensor<16x16xi32>
    %3 = stablehlo.iota dim = 1 : tensor<16x16xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<16x16xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<16x16xi1>, tensor<16x16xi1>
    return %6 : tensor<16x16xi1>
  }
  func.func private @_where_0(%arg0: tensor<16x16xi1>, %arg1: tensor<2x4x16x16xf32>, %arg2: tensor<f32>) -> tensor<2x4x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<16x16xi1>) -> tensor<2x4x16x16xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
    return %2 : tensor<2x4x16x16xf32>
  }
}
