module @jit_llama_layer attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xbf16>, %arg1: tensor<64xbf16>, %arg2: tensor<176x64xbf16>, %arg3: tensor<64x176xbf16>, %arg4: tensor<64x176xbf16>, %arg5: tensor<64x16xbf16>, %arg6: tensor<64x64xbf16>, %arg7: tensor<64x64xbf16>, %arg8: tensor<64x16xbf16>, %arg9: tensor<2x16x64xbf16>) -> (tensor<2x16x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %4 = stablehlo.add %3, %2 : tensor<4xf32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %6 = stablehlo.divide %4, %5 : tensor<4xf32>
    %cst_2 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.power %7, %6 : tensor<4xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %10 = stablehlo.divide %9, %8 : tensor<4xf32>
    %11 = stablehlo.iota dim = 0 : tensor<16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x4xf32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<16x4xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<16x4xf32>
    %17 = stablehlo.concatenate %16, %16, dim = 1 : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x8xf32>
    %18 = stablehlo.cosine %17 : tensor<16x8xf32>
    %19 = stablehlo.sine %17 : tensor<16x8xf32>
    %20 = stablehlo.convert %arg9 : (tensor<2x16x64xbf16>) -> tensor<2x16x64xf32>
    %21 = chlo.square %20 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_5 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %25 = stablehlo.divide %23, %24 : tensor<2x16x1xf32>
    %cst_6 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %27 = stablehlo.add %25, %26 : tensor<2x16x1xf32>
    %28 = stablehlo.rsqrt %27 : tensor<2x16x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %30 = stablehlo.multiply %20, %29 : tensor<2x16x64xf32>
    %31 = stablehlo.convert %30 : (tensor<2x16x64xf32>) -> tensor<2x16x64xbf16>
    %32 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %34 = stablehlo.multiply %31, %33 : tensor<2x16x64xbf16>
    %35 = stablehlo.dot_general %34, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x64xbf16>) -> tensor<2x16x64xbf16>
    %36 = stablehlo.reshape %35 : (tensor<2x16x64xbf16>) -> tensor<2x16x8x8xbf16>
    %37 = stablehlo.convert %36 : (tensor<2x16x8x8xbf16>) -> tensor<2x16x8x8xf32>
    %38 = stablehlo.slice %37 [0:2, 0:16, 0:8, 0:4] : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x4xf32>
    %39 = stablehlo.slice %37 [0:2, 0:16, 0:8, 4:8] : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x4xf32>
    %40 = stablehlo.negate %39 : tensor<2x16x8x4xf32>
    %41 = stablehlo.concatenate %40, %38, dim = 3 : (tensor<2x16x8x4xf32>, tensor<2x16x8x4xf32>) -> tensor<2x16x8x8xf32>
    %42 = stablehlo.broadcast_in_dim %18, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x8x8xf32>
    %44 = stablehlo.multiply %37, %43 : tensor<2x16x8x8xf32>
    %45 = stablehlo.broadcast_in_dim %19, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x8x8xf32>
    %47 = stablehlo.multiply %41, %46 : tensor<2x16x8x8xf32>
    %48 = stablehlo.add %44, %47 : tensor<2x16x8x8xf32>
    %49 = stablehlo.convert %48 : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xbf16>
    %50 = stablehlo.dot_general %34, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x16xbf16>) -> tensor<2x16x16xbf16>
    %51 = stablehlo.reshape %50 : (tensor<2x16x16xbf16>) -> tensor<2x16x2x8xbf16>
    %52 = stablehlo.convert %51 : (tensor<2x16x2x8xbf16>) -> tensor<2x16x2x8xf32>
    %53 = stablehlo.slice %52 [0:2, 0:16, 0:2, 0:4] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4xf32>
    %54 = stablehlo.slice %52 [0:2, 0:16, 0:2, 4:8] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4xf32>
    %55 = stablehlo.negate %54 : tensor<2x16x2x4xf32>
    %56 = stablehlo.concatenate %55, %53, dim = 3 : (tensor<2x16x2x4xf32>, tensor<2x16x2x4xf32>) -> tensor<2x16x2x8xf32>
    %57 = stablehlo.broadcast_in_dim %18, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x2x8xf32>
    %59 = stablehlo.multiply %52, %58 : tensor<2x16x2x8xf32>
    %60 = stablehlo.broadcast_in_dim %19, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x2x8xf32>
    %62 = stablehlo.multiply %56, %61 : tensor<2x16x2x8xf32>
    %63 = stablehlo.add %59, %62 : tensor<2x16x2x8xf32>
    %64 = stablehlo.convert %63 : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x8xbf16>
    %65 = stablehlo.dot_general %34, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x16xbf16>) -> tensor<2x16x16xbf16>
    %66 = stablehlo.reshape %65 : (tensor<2x16x16xbf16>) -> tensor<2x16x2x8xbf16>
    %67 = stablehlo.transpose %49, dims = [0, 2, 1, 3] : (tensor<2x16x8x8xbf16>) -> tensor<2x8x16x8xbf16>
    %68 = stablehlo.transpose %64, dims = [0, 2, 1, 3] : (tensor<2x16x2x8xbf16>) -> tensor<2x2x16x8xbf16>
    %69 = stablehlo.transpose %66, dims = [0, 2, 1, 3] : (tensor<2x16x2x8xbf16>) -> tensor<2x2x16x8xbf16>
    %70 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 3, 4] : (tensor<2x2x16x8xbf16>) -> tensor<2x2x4x16x8xbf16>
    %71 = stablehlo.reshape %70 : (tensor<2x2x4x16x8xbf16>) -> tensor<2x8x16x8xbf16>
    %72 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 3, 4] : (tensor<2x2x16x8xbf16>) -> tensor<2x2x4x16x8xbf16>
    %73 = stablehlo.reshape %72 : (tensor<2x2x4x16x8xbf16>) -> tensor<2x8x16x8xbf16>
    %74 = stablehlo.dot_general %67, %71, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16x8xbf16>, tensor<2x8x16x8xbf16>) -> tensor<2x8x16x16xf32>
    %cst_7 = stablehlo.constant dense<0.353553385> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x8x16x16xf32>
    %76 = stablehlo.multiply %74, %75 : tensor<2x8x16x16xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %77 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<16x16xi1>
    %78 = call @tril(%77) : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %cst_8 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %79 = call @_where(%78, %76, %cst_8) : (tensor<16x16xi1>, tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %80 = stablehlo.reduce(%79 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %82 = stablehlo.maximum %81, %80 : tensor<2x8x16xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2] : (tensor<2x8x16xf32>) -> tensor<2x8x16x1xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<2x8x16x1xf32>) -> tensor<2x8x16x16xf32>
    %85 = stablehlo.subtract %79, %84 : tensor<2x8x16x16xf32>
    %86 = stablehlo.exponential %85 : tensor<2x8x16x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.reduce(%86 init: %cst_11) applies stablehlo.add across dimensions = [3] : (tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<2x8x16xf32>) -> tensor<2x8x16x1xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<2x8x16x1xf32>) -> tensor<2x8x16x16xf32>
    %90 = stablehlo.divide %86, %89 : tensor<2x8x16x16xf32>
    %91 = stablehlo.convert %90 : (tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xbf16>
    %92 = stablehlo.dot_general %91, %73, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16x16xbf16>, tensor<2x8x16x8xbf16>) -> tensor<2x8x16x8xbf16>
    %93 = stablehlo.transpose %92, dims = [0, 2, 1, 3] : (tensor<2x8x16x8xbf16>) -> tensor<2x16x8x8xbf16>
    %94 = stablehlo.reshape %93 : (tensor<2x16x8x8xbf16>) -> tensor<2x16x64xbf16>
    %95 = stablehlo.dot_general %94, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x64xbf16>) -> tensor<2x16x64xbf16>
    %96 = stablehlo.add %arg9, %95 : tensor<2x16x64xbf16>
    %97 = stablehlo.convert %96 : (tensor<2x16x64xbf16>) -> tensor<2x16x64xf32>
    %98 = chlo.square %97 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.reduce(%98 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_13 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %102 = stablehlo.divide %100, %101 : tensor<2x16x1xf32>
    %cst_14 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %104 = stablehlo.add %102, %103 : tensor<2x16x1xf32>
    %105 = stablehlo.rsqrt %104 : tensor<2x16x1xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %107 = stablehlo.multiply %97, %106 : tensor<2x16x64xf32>
    %108 = stablehlo.convert %107 : (tensor<2x16x64xf32>) -> tensor<2x16x64xbf16>
    %109 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %110 = stablehlo.broadcast_in_dim %109, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x16x64xbf16>
    %111 = stablehlo.multiply %108, %110 : tensor<2x16x64xbf16>
    %112 = stablehlo.dot_general %111, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x176xbf16>) -> tensor<2x16x176xbf16>
    %113 = call @silu(%112) : (tensor<2x16x176xbf16>) -> tensor<2x16x176xbf16>
    %114 = stablehlo.dot_general %111, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xbf16>, tensor<64x176xbf16>) -> tensor<2x16x176xbf16>
    %115 = stablehlo.multiply %113, %114 : tensor<2x16x176xbf16>
    %116 = stablehlo.dot_general %115, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x176xbf16>, tensor<176x64xbf16>) -> tensor<2x16x64xbf16>
    %117 = stablehlo.add %96, %116 : tensor<2x16x64xbf16>
    return %117 : tensor<2x16x64xbf16>
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
  func.func private @_where(%arg0: tensor<16x16xi1>, %arg1: tensor<2x8x16x16xf32>, %arg2: tensor<f32>) -> tensor<2x8x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<16x16xi1>) -> tensor<2x8x16x16xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x8x16x16xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x8x16x16xi1>, tensor<2x8x16x16xf32>
    return %2 : tensor<2x8x16x16xf32>
  }
  func.func private @silu(%arg0: tensor<2x16x176xbf16>) -> tensor<2x16x176xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<2x16x176xbf16>
    %1 = stablehlo.exponential %0 : tensor<2x16x176xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x16x176xbf16>
    %3 = stablehlo.add %2, %1 : tensor<2x16x176xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x16x176xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<2x16x176xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x16x176xbf16>
    return %6 : tensor<2x16x176xbf16>
  }
}
