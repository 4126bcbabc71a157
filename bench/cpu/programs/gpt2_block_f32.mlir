module @jit_gpt2_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<128x768xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<768x2304xf32>, %arg4: tensor<2304xf32>, %arg5: tensor<768x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<768xf32>, %arg8: tensor<768xf32>, %arg9: tensor<768x3072xf32>, %arg10: tensor<3072xf32>, %arg11: tensor<3072x768xf32>, %arg12: tensor<768xf32>) -> (tensor<128x768xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_0 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<128x768xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<128x768xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_2 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<128x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<128x768xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<128x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<128x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<128x768xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<128x768xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %23 = stablehlo.add %20, %22 : tensor<128x768xf32>
    %24 = stablehlo.dot_general %23, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x768xf32>, tensor<768x2304xf32>) -> tensor<128x2304xf32>
    %25 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<2304xf32>) -> tensor<1x2304xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1] : (tensor<1x2304xf32>) -> tensor<128x2304xf32>
    %27 = stablehlo.add %24, %26 : tensor<128x2304xf32>
    %28 = stablehlo.slice %27 [0:128, 0:768] : (tensor<128x2304xf32>) -> tensor<128x768xf32>
    %29 = stablehlo.slice %27 [0:128, 768:1536] : (tensor<128x2304xf32>) -> tensor<128x768xf32>
    %30 = stablehlo.slice %27 [0:128, 1536:2304] : (tensor<128x2304xf32>) -> tensor<128x768xf32>
    %31 = stablehlo.reshape %28 : (tensor<128x768xf32>) -> tensor<128x12x64xf32>
    %32 = stablehlo.transpose %31, dims = [1, 0, 2] : (tensor<128x12x64xf32>) -> tensor<12x128x64xf32>
    %33 = stablehlo.reshape %29 : (tensor<128x768xf32>) -> tensor<128x12x64xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0, 2] : (tensor<128x12x64xf32>) -> tensor<12x128x64xf32>
    %35 = stablehlo.reshape %30 : (tensor<128x768xf32>) -> tensor<128x12x64xf32>
    %36 = stablehlo.transpose %35, dims = [1, 0, 2] : (tensor<128x12x64xf32>) -> tensor<12x128x64xf32>
    %37 = stablehlo.transpose %34, dims = [0, 2, 1] : (tensor<12x128x64xf32>) -> tensor<12x64x128xf32>
    %38 = stablehlo.dot_general %32, %37, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x128x64xf32>, tensor<12x64x128xf32>) -> tensor<12x128x128xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %39 = stablehlo.sqrt %cst_4 : tensor<f32>
    %40 = stablehlo.convert %39 : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<12x128x128xf32>
    %42 = stablehlo.divide %38, %41 : tensor<12x128x128xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %43 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %44 = call @tril(%43) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %45 = call @_where(%44, %42, %cst_5) : (tensor<128x128xi1>, tensor<12x128x128xf32>, tensor<f32>) -> tensor<12x128x128xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_6) applies stablehlo.maximum across dimensions = [2] : (tensor<12x128x128xf32>, tensor<f32>) -> tensor<12x128xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<12x128xf32>
    %48 = stablehlo.maximum %47, %46 : tensor<12x128xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1] : (tensor<12x128xf32>) -> tensor<12x128x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2] : (tensor<12x128x1xf32>) -> tensor<12x128x128xf32>
    %51 = stablehlo.subtract %45, %50 : tensor<12x128x128xf32>
    %52 = stablehlo.exponential %51 : tensor<12x128x128xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<12x128x128xf32>, tensor<f32>) -> tensor<12x128xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<12x128xf32>) -> tensor<12x128x1xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<12x128x1xf32>) -> tensor<12x128x128xf32>
    %56 = stablehlo.divide %52, %55 : tensor<12x128x128xf32>
    %57 = stablehlo.dot_general %56, %36, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x128x128xf32>, tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
    %58 = stablehlo.transpose %57, dims = [1, 0, 2] : (tensor<12x128x64xf32>) -> tensor<128x12x64xf32>
    %59 = stablehlo.reshape %58 : (tensor<128x12x64xf32>) -> tensor<128x768xf32>
    %60 = stablehlo.dot_general %59, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x768xf32>, tensor<768x768xf32>) -> tensor<128x768xf32>
    %61 = stablehlo.add %arg0, %60 : tensor<128x768xf32>
    %62 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %64 = stablehlo.add %61, %63 : tensor<128x768xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_10 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %68 = stablehlo.divide %66, %67 : tensor<128x1xf32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %70 = stablehlo.subtract %64, %69 : tensor<128x768xf32>
    %71 = stablehlo.multiply %70, %70 : tensor<128x768xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.reduce(%71 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_12 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %75 = stablehlo.divide %73, %74 : tensor<128x1xf32>
    %76 = stablehlo.broadcast_in_dim %68, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %77 = stablehlo.subtract %64, %76 : tensor<128x768xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %79 = stablehlo.add %75, %78 : tensor<128x1xf32>
    %80 = stablehlo.rsqrt %79 : tensor<128x1xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x768xf32>
    %82 = stablehlo.multiply %77, %81 : tensor<128x768xf32>
    %83 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %85 = stablehlo.multiply %82, %84 : tensor<128x768xf32>
    %86 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %88 = stablehlo.add %85, %87 : tensor<128x768xf32>
    %89 = stablehlo.dot_general %88, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x768xf32>, tensor<768x3072xf32>) -> tensor<128x3072xf32>
    %90 = stablehlo.broadcast_in_dim %arg10, dims = [1] : (tensor<3072xf32>) -> tensor<1x3072xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1] : (tensor<1x3072xf32>) -> tensor<128x3072xf32>
    %92 = stablehlo.add %89, %91 : tensor<128x3072xf32>
    %93 = stablehlo.multiply %92, %92 : tensor<128x3072xf32>
    %94 = stablehlo.multiply %93, %92 : tensor<128x3072xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<128x3072xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<128x3072xf32>
    %97 = stablehlo.add %92, %96 : tensor<128x3072xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<128x3072xf32>
    %99 = stablehlo.multiply %98, %97 : tensor<128x3072xf32>
    %100 = stablehlo.tanh %99 : tensor<128x3072xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<128x3072xf32>
    %102 = stablehlo.add %101, %100 : tensor<128x3072xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<128x3072xf32>
    %104 = stablehlo.multiply %103, %102 : tensor<128x3072xf32>
    %105 = stablehlo.multiply %92, %104 : tensor<128x3072xf32>
    %106 = stablehlo.dot_general %105, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x3072xf32>, tensor<3072x768xf32>) -> tensor<128x768xf32>
    %107 = stablehlo.add %64, %106 : tensor<128x768xf32>
    %108 = stablehlo.broadcast_in_dim %arg12, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<128x768xf32>
    %110 = stablehlo.add %107, %109 : tensor<128x768xf32>
    return %110 : tensor<128x768xf32>
  }
  func.func private @tril(%arg0: tensor<128x128xi1>) -> tensor<128x128xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<128x128xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<128x128xi32>
    %2 = stablehlo.add %0, %1 : tensor<128x128xi32>
    %3 = stablehlo.iota dim = 1 : tensor<128x128xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<128x128xi1>, tensor<128x128xi1>
    return %6 : tensor<128x128xi1>
  }
  func.func private @_where(%arg0: tensor<128x128xi1>, %arg1: tensor<12x128x128xf32>, %arg2: tensor<f32>) -> tensor<12x128x128xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<128x128xi1>) -> tensor<12x128x128xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<12x128x128xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<12x128x128xi1>, tensor<12x128x128xf32>
    return %3 : tensor<12x128x128xf32>
  }
}
