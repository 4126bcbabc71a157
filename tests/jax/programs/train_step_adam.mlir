module @jit_train_step_adam attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf32>, %arg1: tensor<32xf32>, %arg2: tensor<10xf32>, %arg3: tensor<32x10xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32x64xf32>, %arg9: tensor<64x32xf32>, %arg10: tensor<32x32xf32>, %arg11: tensor<32x96xf32>, %arg12: tensor<64xf32>, %arg13: tensor<32xf32>, %arg14: tensor<10xf32>, %arg15: tensor<32x10xf32>, %arg16: tensor<32xf32>, %arg17: tensor<32xf32>, %arg18: tensor<32xf32>, %arg19: tensor<32xf32>, %arg20: tensor<32x64xf32>, %arg21: tensor<64x32xf32>, %arg22: tensor<32x32xf32>, %arg23: tensor<32x96xf32>, %arg24: tensor<64xf32>, %arg25: tensor<32xf32>, %arg26: tensor<10xf32>, %arg27: tensor<32x10xf32>, %arg28: tensor<32xf32>, %arg29: tensor<32xf32>, %arg30: tensor<32xf32>, %arg31: tensor<32xf32>, %arg32: tensor<32x64xf32>, %arg33: tensor<64x32xf32>, %arg34: tensor<32x32xf32>, %arg35: tensor<32x96xf32>, %arg36: tensor<i32>, %arg37: tensor<4x8x32xf32>, %arg38: tensor<4xi32>) -> (tensor<64xf32> {jax.result_info = "result[0]['b1']"}, tensor<32xf32> {jax.result_info = "result[0]['b2']"}, tensor<10xf32> {jax.result_info = "result[0]['head_b']"}, tensor<32x10xf32> {jax.result_info = "result[0]['head_w']"}, tensor<32xf32> {jax.result_info = "result[0]['ln1_b']"}, tensor<32xf32> {jax.result_info = "result[0]['ln1_g']"}, tensor<32xf32> {jax.result_info = "result[0]['ln2_b']"}, tensor<32xf32> {jax.result_info = "result[0]['ln2_g']"}, tensor<32x64xf32> {jax.result_info = "result[0]['w1']"}, tensor<64x32xf32> {jax.result_info = "result[0]['w2']"}, tensor<32x32xf32> {jax.result_info = "result[0]['wo']"}, tensor<32x96xf32> {jax.result_info = "result[0]['wqkv']"}, tensor<64xf32> {jax.result_info = "result[1]['b1']"}, tensor<32xf32> {jax.result_info = "result[1]['b2']"}, tensor<10xf32> {jax.result_info = "result[1]['head_b']"}, tensor<32x10xf32> {jax.result_info = "result[1]['head_w']"}, tensor<32xf32> {jax.result_info = "result[1]['ln1_b']"}, tensor<32xf32> {jax.result_info = "result[1]['ln1_g']"}, tensor<32xf32> {jax.result_info = "result[1]['ln2_b']"}, tensor<32xf32> {jax.result_info = "result[1]['ln2_g']"}, tensor<32x64xf32> {jax.result_info = "result[1]['w1']"}, tensor<64x32xf32> {jax.result_info = "result[1]['w2']"}, tensor<32x32xf32> {jax.result_info = "result[1]['wo']"}, tensor<32x96xf32> {jax.result_info = "result[1]['wqkv']"}, tensor<64xf32> {jax.result_info = "result[2]['b1']"}, tensor<32xf32> {jax.result_info = "result[2]['b2']"}, tensor<10xf32> {jax.result_info = "result[2]['head_b']"}, tensor<32x10xf32> {jax.result_info = "result[2]['head_w']"}, tensor<32xf32> {jax.result_info = "result[2]['ln1_b']"}, tensor<32xf32> {jax.result_info = "result[2]['ln1_g']"}, tensor<32xf32> {jax.result_info = "result[2]['ln2_b']"}, tensor<32xf32> {jax.result_info = "result[2]['ln2_g']"}, tensor<32x64xf32> {jax.result_info = "result[2]['w1']"}, tensor<64x32xf32> {jax.result_info = "result[2]['w2']"}, tensor<32x32xf32> {jax.result_info = "result[2]['wo']"}, tensor<32x96xf32> {jax.result_info = "result[2]['wqkv']"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg37 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x8x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_var(%arg37, %c) : (tensor<4x8x32xf32>, tensor<i32>) -> tensor<4x8x1xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %6 = stablehlo.subtract %arg37, %5 : tensor<4x8x32xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %8 = stablehlo.add %4, %7 : tensor<4x8x1xf32>
    %9 = stablehlo.rsqrt %8 : tensor<4x8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %11 = stablehlo.multiply %6, %10 : tensor<4x8x32xf32>
    %12 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %14 = stablehlo.multiply %11, %13 : tensor<4x8x32xf32>
    %15 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %17 = stablehlo.add %14, %16 : tensor<4x8x32xf32>
    %18 = stablehlo.dot_general %17, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<32x96xf32>) -> tensor<4x8x96xf32>
    %19 = stablehlo.slice %18 [0:4, 0:8, 0:32] : (tensor<4x8x96xf32>) -> tensor<4x8x32xf32>
    %20 = stablehlo.slice %18 [0:4, 0:8, 32:64] : (tensor<4x8x96xf32>) -> tensor<4x8x32xf32>
    %21 = stablehlo.slice %18 [0:4, 0:8, 64:96] : (tensor<4x8x96xf32>) -> tensor<4x8x32xf32>
    %22 = stablehlo.reshape %19 : (tensor<4x8x32xf32>) -> tensor<4x8x4x8xf32>
    %23 = stablehlo.transpose %22, dims = [0, 2, 1, 3] : (tensor<4x8x4x8xf32>) -> tensor<4x4x8x8xf32>
    %24 = stablehlo.reshape %20 : (tensor<4x8x32xf32>) -> tensor<4x8x4x8xf32>
    %25 = stablehlo.transpose %24, dims = [0, 2, 1, 3] : (tensor<4x8x4x8xf32>) -> tensor<4x4x8x8xf32>
    %26 = stablehlo.reshape %21 : (tensor<4x8x32xf32>) -> tensor<4x8x4x8xf32>
    %27 = stablehlo.transpose %26, dims = [0, 2, 1, 3] : (tensor<4x8x4x8xf32>) -> tensor<4x4x8x8xf32>
    %28 = stablehlo.dot_general %23, %25, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %cst_2 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x4x8x8xf32>
    %30 = stablehlo.divide %28, %29 : tensor<4x4x8x8xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_3) applies stablehlo.maximum across dimensions = [3] : (tensor<4x4x8x8xf32>, tensor<f32>) -> tensor<4x4x8xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x4x8xf32>
    %33 = stablehlo.maximum %32, %31 : tensor<4x4x8xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<4x4x8xf32>) -> tensor<4x4x8x1xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2, 3] : (tensor<4x4x8x1xf32>) -> tensor<4x4x8x8xf32>
    %36 = stablehlo.subtract %30, %35 : tensor<4x4x8x8xf32>
    %37 = stablehlo.exponential %36 : tensor<4x4x8x8xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_5) applies stablehlo.add across dimensions = [3] : (tensor<4x4x8x8xf32>, tensor<f32>) -> tensor<4x4x8xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2] : (tensor<4x4x8xf32>) -> tensor<4x4x8x1xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<4x4x8x1xf32>) -> tensor<4x4x8x8xf32>
    %41 = stablehlo.divide %37, %40 : tensor<4x4x8x8xf32>
    %42 = stablehlo.multiply %39, %39 : tensor<4x4x8x1xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x4x8x1xf32>
    %44 = stablehlo.divide %43, %42 : tensor<4x4x8x1xf32>
    %45 = stablehlo.dot_general %41, %27, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %46 = stablehlo.transpose %45, dims = [0, 2, 1, 3] : (tensor<4x4x8x8xf32>) -> tensor<4x8x4x8xf32>
    %47 = stablehlo.reshape %46 : (tensor<4x8x4x8xf32>) -> tensor<4x8x32xf32>
    %48 = stablehlo.dot_general %47, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<32x32xf32>) -> tensor<4x8x32xf32>
    %49 = stablehlo.add %arg37, %48 : tensor<4x8x32xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %cst_8 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %53 = stablehlo.divide %51, %52 : tensor<4x8x1xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %54:4 = call @_var_0(%49, %c_9) : (tensor<4x8x32xf32>, tensor<i32>) -> (tensor<4x8x1xf32>, tensor<4x8x32xf32>, tensor<f32>, tensor<i1>)
    %55 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %56 = stablehlo.subtract %49, %55 : tensor<4x8x32xf32>
    %cst_10 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %58 = stablehlo.add %54#0, %57 : tensor<4x8x1xf32>
    %59 = stablehlo.rsqrt %58 : tensor<4x8x1xf32>
    %60 = stablehlo.divide %59, %58 : tensor<4x8x1xf32>
    %cst_11 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %62 = stablehlo.multiply %61, %60 : tensor<4x8x1xf32>
    %63 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %64 = stablehlo.multiply %56, %63 : tensor<4x8x32xf32>
    %65 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %67 = stablehlo.multiply %64, %66 : tensor<4x8x32xf32>
    %68 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %70 = stablehlo.add %67, %69 : tensor<4x8x32xf32>
    %71 = stablehlo.dot_general %70, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<32x64xf32>) -> tensor<4x8x64xf32>
    %72 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<4x8x64xf32>
    %74 = stablehlo.add %71, %73 : tensor<4x8x64xf32>
    %75 = stablehlo.multiply %74, %74 : tensor<4x8x64xf32>
    %76 = stablehlo.multiply %75, %74 : tensor<4x8x64xf32>
    %77 = stablehlo.multiply %74, %74 : tensor<4x8x64xf32>
    %cst_12 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %79 = stablehlo.multiply %78, %77 : tensor<4x8x64xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %81 = stablehlo.multiply %80, %76 : tensor<4x8x64xf32>
    %82 = stablehlo.add %74, %81 : tensor<4x8x64xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<4x8x64xf32>
    %85 = stablehlo.tanh %84 : tensor<4x8x64xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %87 = stablehlo.subtract %86, %85 : tensor<4x8x64xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %89 = stablehlo.add %88, %85 : tensor<4x8x64xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<4x8x64xf32>
    %92 = stablehlo.multiply %74, %91 : tensor<4x8x64xf32>
    %93 = stablehlo.dot_general %92, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<64x32xf32>) -> tensor<4x8x32xf32>
    %94 = stablehlo.add %49, %93 : tensor<4x8x32xf32>
    %95 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %97 = stablehlo.add %94, %96 : tensor<4x8x32xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %98 = stablehlo.reduce(%97 init: %cst_18) applies stablehlo.add across dimensions = [1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x32xf32>
    %cst_19 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %100 = stablehlo.divide %98, %99 : tensor<4x32xf32>
    %101 = stablehlo.dot_general %100, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
    %102 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %104 = stablehlo.add %101, %103 : tensor<4x10xf32>
    %105:3 = call @log_softmax(%104) : (tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>)
    %106 = stablehlo.broadcast_in_dim %arg38, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %107:2 = call @take_along_axis(%105#0, %106) : (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107#0 init: %cst_20) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_21 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %109 = stablehlo.divide %108, %cst_21 : tensor<f32>
    %110 = stablehlo.negate %109 : tensor<f32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %111 = stablehlo.negate %cst_22 : tensor<f32>
    %cst_23 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %112 = stablehlo.divide %111, %cst_23 : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %114 = call @take_along_axis_2(%107#1, %113) : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %115 = call @log_softmax_3(%105#1, %105#2, %114) : (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%115 init: %cst_24) applies stablehlo.add across dimensions = [0] : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %117 = stablehlo.reshape %116 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%117 init: %cst_25) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %119 = stablehlo.dot_general %115, %100, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<4x32xf32>) -> tensor<10x32xf32>
    %120 = stablehlo.transpose %119, dims = [1, 0] : (tensor<10x32xf32>) -> tensor<32x10xf32>
    %121 = stablehlo.dot_general %115, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<32x10xf32>) -> tensor<4x32xf32>
    %cst_26 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %123 = stablehlo.divide %121, %122 : tensor<4x32xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 2] : (tensor<4x32xf32>) -> tensor<4x8x32xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.reduce(%124 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %126 = stablehlo.reshape %125 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %127 = stablehlo.reduce(%126 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %128 = stablehlo.dot_general %124, %92, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<4x8x64xf32>) -> tensor<32x64xf32>
    %129 = stablehlo.transpose %128, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %130 = stablehlo.dot_general %124, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<64x32xf32>) -> tensor<4x8x64xf32>
    %131 = stablehlo.multiply %74, %130 : tensor<4x8x64xf32>
    %132 = stablehlo.multiply %130, %91 : tensor<4x8x64xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %134 = stablehlo.multiply %133, %131 : tensor<4x8x64xf32>
    %135 = stablehlo.multiply %134, %87 : tensor<4x8x64xf32>
    %136 = stablehlo.multiply %135, %85 : tensor<4x8x64xf32>
    %137 = stablehlo.add %135, %136 : tensor<4x8x64xf32>
    %cst_30 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %139 = stablehlo.multiply %138, %137 : tensor<4x8x64xf32>
    %140 = stablehlo.add %132, %139 : tensor<4x8x64xf32>
    %cst_31 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4x8x64xf32>
    %142 = stablehlo.multiply %141, %139 : tensor<4x8x64xf32>
    %143 = stablehlo.multiply %142, %79 : tensor<4x8x64xf32>
    %144 = stablehlo.add %140, %143 : tensor<4x8x64xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.reduce(%144 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %146 = stablehlo.reshape %145 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %147 = stablehlo.reduce(%146 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %148 = stablehlo.dot_general %144, %70, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<4x8x32xf32>) -> tensor<64x32xf32>
    %149 = stablehlo.transpose %148, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %150 = stablehlo.dot_general %144, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<32x64xf32>) -> tensor<4x8x32xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.reduce(%150 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %152 = stablehlo.reshape %151 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %153 = stablehlo.reduce(%152 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %154 = stablehlo.multiply %64, %150 : tensor<4x8x32xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %155 = stablehlo.reduce(%154 init: %cst_36) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %156 = stablehlo.reshape %155 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %157 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<4x8x32xf32>
    %158 = stablehlo.multiply %150, %157 : tensor<4x8x32xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %159 = stablehlo.reduce(%156 init: %cst_37) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %160 = stablehlo.multiply %56, %158 : tensor<4x8x32xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %161 = stablehlo.reduce(%160 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %162 = stablehlo.reshape %161 : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %163 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %164 = stablehlo.multiply %158, %163 : tensor<4x8x32xf32>
    %165 = stablehlo.multiply %162, %62 : tensor<4x8x1xf32>
    %166 = stablehlo.negate %164 : tensor<4x8x32xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %167 = stablehlo.reduce(%166 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %168 = stablehlo.reshape %167 : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %169 = stablehlo.add %124, %164 : tensor<4x8x32xf32>
    %170 = call @_var_4(%54#1, %54#2, %54#3, %165) : (tensor<4x8x32xf32>, tensor<f32>, tensor<i1>, tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %171 = stablehlo.add %169, %170 : tensor<4x8x32xf32>
    %cst_40 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %173 = stablehlo.divide %168, %172 : tensor<4x8x1xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %174 = stablehlo.reduce(%173 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<4x8x1xf32>, tensor<f32>) -> tensor<4x8xf32>
    %175 = stablehlo.broadcast_in_dim %174, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x32xf32>
    %176 = stablehlo.add %171, %175 : tensor<4x8x32xf32>
    %177 = stablehlo.dot_general %176, %47, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<4x8x32xf32>) -> tensor<32x32xf32>
    %178 = stablehlo.transpose %177, dims = [1, 0] : (tensor<32x32xf32>) -> tensor<32x32xf32>
    %179 = stablehlo.dot_general %176, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32xf32>, tensor<32x32xf32>) -> tensor<4x8x32xf32>
    %180 = stablehlo.reshape %179 : (tensor<4x8x32xf32>) -> tensor<4x8x4x8xf32>
    %181 = stablehlo.transpose %180, dims = [0, 2, 1, 3] : (tensor<4x8x4x8xf32>) -> tensor<4x4x8x8xf32>
    %182 = stablehlo.dot_general %181, %41, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %183 = stablehlo.transpose %182, dims = [0, 1, 3, 2] : (tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %184 = stablehlo.dot_general %181, %27, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %185 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<4x4x8x1xf32>) -> tensor<4x4x8x8xf32>
    %186 = stablehlo.multiply %184, %185 : tensor<4x4x8x8xf32>
    %187 = stablehlo.multiply %186, %37 : tensor<4x4x8x8xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %188 = stablehlo.reduce(%187 init: %cst_42) applies stablehlo.add across dimensions = [3] : (tensor<4x4x8x8xf32>, tensor<f32>) -> tensor<4x4x8xf32>
    %189 = stablehlo.reshape %188 : (tensor<4x4x8xf32>) -> tensor<4x4x8x1xf32>
    %190 = stablehlo.negate %189 : tensor<4x4x8x1xf32>
    %191 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<4x4x8x1xf32>) -> tensor<4x4x8x8xf32>
    %192 = stablehlo.divide %184, %191 : tensor<4x4x8x8xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %193 = stablehlo.reduce(%190 init: %cst_43) applies stablehlo.add across dimensions = [3] : (tensor<4x4x8x1xf32>, tensor<f32>) -> tensor<4x4x8xf32>
    %194 = stablehlo.broadcast_in_dim %193, dims = [0, 1, 2] : (tensor<4x4x8xf32>) -> tensor<4x4x8x8xf32>
    %195 = stablehlo.add %192, %194 : tensor<4x4x8x8xf32>
    %196 = stablehlo.multiply %195, %37 : tensor<4x4x8x8xf32>
    %cst_44 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4x4x8x8xf32>
    %198 = stablehlo.divide %196, %197 : tensor<4x4x8x8xf32>
    %199 = stablehlo.dot_general %198, %23, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %200 = stablehlo.dot_general %198, %25, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %201 = stablehlo.transpose %183, dims = [0, 2, 1, 3] : (tensor<4x4x8x8xf32>) -> tensor<4x8x4x8xf32>
    %202 = stablehlo.reshape %201 : (tensor<4x8x4x8xf32>) -> tensor<4x8x32xf32>
    %203 = stablehlo.transpose %199, dims = [0, 2, 1, 3] : (tensor<4x4x8x8xf32>) -> tensor<4x8x4x8xf32>
    %204 = stablehlo.reshape %203 : (tensor<4x8x4x8xf32>) -> tensor<4x8x32xf32>
    %205 = stablehlo.transpose %200, dims = [0, 2, 1, 3] : (tensor<4x4x8x8xf32>) -> tensor<4x8x4x8xf32>
    %206 = stablehlo.reshape %205 : (tensor<4x8x4x8xf32>) -> tensor<4x8x32xf32>
    %207 = stablehlo.concatenate %206, %204, %202, dim = 2 : (tensor<4x8x32xf32>, tensor<4x8x32xf32>, tensor<4x8x32xf32>) -> tensor<4x8x96xf32>
    %208 = stablehlo.dot_general %207, %17, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x96xf32>, tensor<4x8x32xf32>) -> tensor<96x32xf32>
    %209 = stablehlo.transpose %208, dims = [1, 0] : (tensor<96x32xf32>) -> tensor<32x96xf32>
    %210 = stablehlo.dot_general %207, %arg11, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x96xf32>, tensor<32x96xf32>) -> tensor<4x8x32xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %211 = stablehlo.reduce(%210 init: %cst_45) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %212 = stablehlo.reshape %211 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %213 = stablehlo.reduce(%212 init: %cst_46) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %214 = stablehlo.multiply %11, %210 : tensor<4x8x32xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %215 = stablehlo.reduce(%214 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %216 = stablehlo.reshape %215 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %217 = stablehlo.reduce(%216 init: %cst_48) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %218 = stablehlo.convert %arg36 : (tensor<i32>) -> tensor<f32>
    %cst_49 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %220 = stablehlo.multiply %219, %arg12 : tensor<64xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %222 = stablehlo.multiply %221, %147 : tensor<64xf32>
    %223 = stablehlo.add %220, %222 : tensor<64xf32>
    %cst_51 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %225 = stablehlo.multiply %224, %arg13 : tensor<32xf32>
    %cst_52 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %227 = stablehlo.multiply %226, %127 : tensor<32xf32>
    %228 = stablehlo.add %225, %227 : tensor<32xf32>
    %cst_53 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %230 = stablehlo.multiply %229, %arg14 : tensor<10xf32>
    %cst_54 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %232 = stablehlo.multiply %231, %118 : tensor<10xf32>
    %233 = stablehlo.add %230, %232 : tensor<10xf32>
    %cst_55 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %235 = stablehlo.multiply %234, %arg15 : tensor<32x10xf32>
    %cst_56 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %237 = stablehlo.multiply %236, %120 : tensor<32x10xf32>
    %238 = stablehlo.add %235, %237 : tensor<32x10xf32>
    %cst_57 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %240 = stablehlo.multiply %239, %arg16 : tensor<32xf32>
    %cst_58 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %242 = stablehlo.multiply %241, %213 : tensor<32xf32>
    %243 = stablehlo.add %240, %242 : tensor<32xf32>
    %cst_59 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %244 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %245 = stablehlo.multiply %244, %arg17 : tensor<32xf32>
    %cst_60 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %247 = stablehlo.multiply %246, %217 : tensor<32xf32>
    %248 = stablehlo.add %245, %247 : tensor<32xf32>
    %cst_61 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %249 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %250 = stablehlo.multiply %249, %arg18 : tensor<32xf32>
    %cst_62 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %252 = stablehlo.multiply %251, %153 : tensor<32xf32>
    %253 = stablehlo.add %250, %252 : tensor<32xf32>
    %cst_63 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %255 = stablehlo.multiply %254, %arg19 : tensor<32xf32>
    %cst_64 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %256 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %257 = stablehlo.multiply %256, %159 : tensor<32xf32>
    %258 = stablehlo.add %255, %257 : tensor<32xf32>
    %cst_65 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %260 = stablehlo.multiply %259, %arg20 : tensor<32x64xf32>
    %cst_66 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %262 = stablehlo.multiply %261, %149 : tensor<32x64xf32>
    %263 = stablehlo.add %260, %262 : tensor<32x64xf32>
    %cst_67 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %265 = stablehlo.multiply %264, %arg21 : tensor<64x32xf32>
    %cst_68 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %267 = stablehlo.multiply %266, %129 : tensor<64x32xf32>
    %268 = stablehlo.add %265, %267 : tensor<64x32xf32>
    %cst_69 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %269 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %270 = stablehlo.multiply %269, %arg22 : tensor<32x32xf32>
    %cst_70 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %272 = stablehlo.multiply %271, %178 : tensor<32x32xf32>
    %273 = stablehlo.add %270, %272 : tensor<32x32xf32>
    %cst_71 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %275 = stablehlo.multiply %274, %arg23 : tensor<32x96xf32>
    %cst_72 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %277 = stablehlo.multiply %276, %209 : tensor<32x96xf32>
    %278 = stablehlo.add %275, %277 : tensor<32x96xf32>
    %cst_73 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %280 = stablehlo.multiply %279, %arg24 : tensor<64xf32>
    %cst_74 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %282 = stablehlo.multiply %281, %147 : tensor<64xf32>
    %283 = stablehlo.multiply %282, %147 : tensor<64xf32>
    %284 = stablehlo.add %280, %283 : tensor<64xf32>
    %cst_75 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %285 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %286 = stablehlo.multiply %285, %arg25 : tensor<32xf32>
    %cst_76 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %288 = stablehlo.multiply %287, %127 : tensor<32xf32>
    %289 = stablehlo.multiply %288, %127 : tensor<32xf32>
    %290 = stablehlo.add %286, %289 : tensor<32xf32>
    %cst_77 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %292 = stablehlo.multiply %291, %arg26 : tensor<10xf32>
    %cst_78 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %294 = stablehlo.multiply %293, %118 : tensor<10xf32>
    %295 = stablehlo.multiply %294, %118 : tensor<10xf32>
    %296 = stablehlo.add %292, %295 : tensor<10xf32>
    %cst_79 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %298 = stablehlo.multiply %297, %arg27 : tensor<32x10xf32>
    %cst_80 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %300 = stablehlo.multiply %299, %120 : tensor<32x10xf32>
    %301 = stablehlo.multiply %300, %120 : tensor<32x10xf32>
    %302 = stablehlo.add %298, %301 : tensor<32x10xf32>
    %cst_81 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %304 = stablehlo.multiply %303, %arg28 : tensor<32xf32>
    %cst_82 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %305 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %306 = stablehlo.multiply %305, %213 : tensor<32xf32>
    %307 = stablehlo.multiply %306, %213 : tensor<32xf32>
    %308 = stablehlo.add %304, %307 : tensor<32xf32>
    %cst_83 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %310 = stablehlo.multiply %309, %arg29 : tensor<32xf32>
    %cst_84 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %312 = stablehlo.multiply %311, %217 : tensor<32xf32>
    %313 = stablehlo.multiply %312, %217 : tensor<32xf32>
    %314 = stablehlo.add %310, %313 : tensor<32xf32>
    %cst_85 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %316 = stablehlo.multiply %315, %arg30 : tensor<32xf32>
    %cst_86 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %317 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %318 = stablehlo.multiply %317, %153 : tensor<32xf32>
    %319 = stablehlo.multiply %318, %153 : tensor<32xf32>
    %320 = stablehlo.add %316, %319 : tensor<32xf32>
    %cst_87 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %321 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %322 = stablehlo.multiply %321, %arg31 : tensor<32xf32>
    %cst_88 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %323 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %324 = stablehlo.multiply %323, %159 : tensor<32xf32>
    %325 = stablehlo.multiply %324, %159 : tensor<32xf32>
    %326 = stablehlo.add %322, %325 : tensor<32xf32>
    %cst_89 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %327 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %328 = stablehlo.multiply %327, %arg32 : tensor<32x64xf32>
    %cst_90 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %329 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %330 = stablehlo.multiply %329, %149 : tensor<32x64xf32>
    %331 = stablehlo.multiply %330, %149 : tensor<32x64xf32>
    %332 = stablehlo.add %328, %331 : tensor<32x64xf32>
    %cst_91 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %334 = stablehlo.multiply %333, %arg33 : tensor<64x32xf32>
    %cst_92 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %336 = stablehlo.multiply %335, %129 : tensor<64x32xf32>
    %337 = stablehlo.multiply %336, %129 : tensor<64x32xf32>
    %338 = stablehlo.add %334, %337 : tensor<64x32xf32>
    %cst_93 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %339 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %340 = stablehlo.multiply %339, %arg34 : tensor<32x32xf32>
    %cst_94 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %342 = stablehlo.multiply %341, %178 : tensor<32x32xf32>
    %343 = stablehlo.multiply %342, %178 : tensor<32x32xf32>
    %344 = stablehlo.add %340, %343 : tensor<32x32xf32>
    %cst_95 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %345 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %346 = stablehlo.multiply %345, %arg35 : tensor<32x96xf32>
    %cst_96 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %348 = stablehlo.multiply %347, %209 : tensor<32x96xf32>
    %349 = stablehlo.multiply %348, %209 : tensor<32x96xf32>
    %350 = stablehlo.add %346, %349 : tensor<32x96xf32>
    %cst_97 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %351 = stablehlo.power %cst_97, %218 : tensor<f32>
    %cst_98 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %352 = stablehlo.subtract %cst_98, %351 : tensor<f32>
    %cst_99 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %353 = stablehlo.power %cst_99, %218 : tensor<f32>
    %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %354 = stablehlo.subtract %cst_100, %353 : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %356 = stablehlo.divide %223, %355 : tensor<64xf32>
    %cst_101 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %358 = stablehlo.multiply %357, %356 : tensor<64xf32>
    %359 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %360 = stablehlo.divide %284, %359 : tensor<64xf32>
    %361 = stablehlo.sqrt %360 : tensor<64xf32>
    %cst_102 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %362 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %363 = stablehlo.add %361, %362 : tensor<64xf32>
    %364 = stablehlo.divide %358, %363 : tensor<64xf32>
    %365 = stablehlo.subtract %arg0, %364 : tensor<64xf32>
    %366 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %367 = stablehlo.divide %228, %366 : tensor<32xf32>
    %cst_103 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %369 = stablehlo.multiply %368, %367 : tensor<32xf32>
    %370 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %371 = stablehlo.divide %290, %370 : tensor<32xf32>
    %372 = stablehlo.sqrt %371 : tensor<32xf32>
    %cst_104 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %373 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %374 = stablehlo.add %372, %373 : tensor<32xf32>
    %375 = stablehlo.divide %369, %374 : tensor<32xf32>
    %376 = stablehlo.subtract %arg1, %375 : tensor<32xf32>
    %377 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %378 = stablehlo.divide %233, %377 : tensor<10xf32>
    %cst_105 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %380 = stablehlo.multiply %379, %378 : tensor<10xf32>
    %381 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %382 = stablehlo.divide %296, %381 : tensor<10xf32>
    %383 = stablehlo.sqrt %382 : tensor<10xf32>
    %cst_106 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %384 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %385 = stablehlo.add %383, %384 : tensor<10xf32>
    %386 = stablehlo.divide %380, %385 : tensor<10xf32>
    %387 = stablehlo.subtract %arg2, %386 : tensor<10xf32>
    %388 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %389 = stablehlo.divide %238, %388 : tensor<32x10xf32>
    %cst_107 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %390 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %391 = stablehlo.multiply %390, %389 : tensor<32x10xf32>
    %392 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %393 = stablehlo.divide %302, %392 : tensor<32x10xf32>
    %394 = stablehlo.sqrt %393 : tensor<32x10xf32>
    %cst_108 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %395 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %396 = stablehlo.add %394, %395 : tensor<32x10xf32>
    %397 = stablehlo.divide %391, %396 : tensor<32x10xf32>
    %398 = stablehlo.subtract %arg3, %397 : tensor<32x10xf32>
    %399 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %400 = stablehlo.divide %243, %399 : tensor<32xf32>
    %cst_109 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %401 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %402 = stablehlo.multiply %401, %400 : tensor<32xf32>
    %403 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %404 = stablehlo.divide %308, %403 : tensor<32xf32>
    %405 = stablehlo.sqrt %404 : tensor<32xf32>
    %cst_110 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %406 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %407 = stablehlo.add %405, %406 : tensor<32xf32>
    %408 = stablehlo.divide %402, %407 : tensor<32xf32>
    %409 = stablehlo.subtract %arg4, %408 : tensor<32xf32>
    %410 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %411 = stablehlo.divide %248, %410 : tensor<32xf32>
    %cst_111 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %412 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %413 = stablehlo.multiply %412, %411 : tensor<32xf32>
    %414 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %415 = stablehlo.divide %314, %414 : tensor<32xf32>
    %416 = stablehlo.sqrt %415 : tensor<32xf32>
    %cst_112 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %417 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %418 = stablehlo.add %416, %417 : tensor<32xf32>
    %419 = stablehlo.divide %413, %418 : tensor<32xf32>
    %420 = stablehlo.subtract %arg5, %419 : tensor<32xf32>
    %421 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %422 = stablehlo.divide %253, %421 : tensor<32xf32>
    %cst_113 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %423 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %424 = stablehlo.multiply %423, %422 : tensor<32xf32>
    %425 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %426 = stablehlo.divide %320, %425 : tensor<32xf32>
    %427 = stablehlo.sqrt %426 : tensor<32xf32>
    %cst_114 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %429 = stablehlo.add %427, %428 : tensor<32xf32>
    %430 = stablehlo.divide %424, %429 : tensor<32xf32>
    %431 = stablehlo.subtract %arg6, %430 : tensor<32xf32>
    %432 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %433 = stablehlo.divide %258, %432 : tensor<32xf32>
    %cst_115 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %434 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %435 = stablehlo.multiply %434, %433 : tensor<32xf32>
    %436 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %437 = stablehlo.divide %326, %436 : tensor<32xf32>
    %438 = stablehlo.sqrt %437 : tensor<32xf32>
    %cst_116 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %440 = stablehlo.add %438, %439 : tensor<32xf32>
    %441 = stablehlo.divide %435, %440 : tensor<32xf32>
    %442 = stablehlo.subtract %arg7, %441 : tensor<32xf32>
    %443 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %444 = stablehlo.divide %263, %443 : tensor<32x64xf32>
    %cst_117 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %445 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %446 = stablehlo.multiply %445, %444 : tensor<32x64xf32>
    %447 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %448 = stablehlo.divide %332, %447 : tensor<32x64xf32>
    %449 = stablehlo.sqrt %448 : tensor<32x64xf32>
    %cst_118 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %451 = stablehlo.add %449, %450 : tensor<32x64xf32>
    %452 = stablehlo.divide %446, %451 : tensor<32x64xf32>
    %453 = stablehlo.subtract %arg8, %452 : tensor<32x64xf32>
    %454 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %455 = stablehlo.divide %268, %454 : tensor<64x32xf32>
    %cst_119 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %456 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %457 = stablehlo.multiply %456, %455 : tensor<64x32xf32>
    %458 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %459 = stablehlo.divide %338, %458 : tensor<64x32xf32>
    %460 = stablehlo.sqrt %459 : tensor<64x32xf32>
    %cst_120 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %461 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %462 = stablehlo.add %460, %461 : tensor<64x32xf32>
    %463 = stablehlo.divide %457, %462 : tensor<64x32xf32>
    %464 = stablehlo.subtract %arg9, %463 : tensor<64x32xf32>
    %465 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %466 = stablehlo.divide %273, %465 : tensor<32x32xf32>
    %cst_121 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %467 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %468 = stablehlo.multiply %467, %466 : tensor<32x32xf32>
    %469 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %470 = stablehlo.divide %344, %469 : tensor<32x32xf32>
    %471 = stablehlo.sqrt %470 : tensor<32x32xf32>
    %cst_122 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %473 = stablehlo.add %471, %472 : tensor<32x32xf32>
    %474 = stablehlo.divide %468, %473 : tensor<32x32xf32>
    %475 = stablehlo.subtract %arg10, %474 : tensor<32x32xf32>
    %476 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %477 = stablehlo.divide %278, %476 : tensor<32x96xf32>
    %cst_123 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %479 = stablehlo.multiply %478, %477 : tensor<32x96xf32>
    %480 = stablehlo.broadcast_in_dim %354, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %481 = stablehlo.divide %350, %480 : tensor<32x96xf32>
    %482 = stablehlo.sqrt %481 : tensor<32x96xf32>
    %cst_124 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %483 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %484 = stablehlo.add %482, %483 : tensor<32x96xf32>
    %485 = stablehlo.divide %479, %484 : tensor<32x96xf32>
    %486 = stablehlo.subtract %arg11, %485 : tensor<32x96xf32>
    return %365, %376, %387, %398, %409, %420, %431, %442, %453, %464, %475, %486, %223, %228, %233, %238, %243, %248, %253, %258, %263, %268, %273, %278, %284, %290, %296, %302, %308, %314, %320, %326, %332, %338, %344, %350, %110 : tensor<64xf32>, tensor<32xf32>, tensor<10xf32>, tensor<32x10xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>, tensor<32x96xf32>, tensor<64xf32>, tensor<32xf32>, tensor<10xf32>, tensor<32x10xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>, tensor<32x96xf32>, tensor<64xf32>, tensor<32xf32>, tensor<10xf32>, tensor<32x10xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>, tensor<32x96xf32>, tensor<f32>
  }
  func.func private @_var(%arg0: tensor<4x8x32xf32>, %arg1: tensor<i32>) -> tensor<4x8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x8x32xf32>
    %6 = chlo.square %5 : tensor<4x8x32xf32> -> tensor<4x8x32xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<4x8x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<4x8x1xf32>, tensor<f32>) -> tensor<4x8x1xf32>
    return %14 : tensor<4x8x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x8x1xf32>, %arg2: tensor<f32>) -> tensor<4x8x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x8x1xf32>
    return %2 : tensor<4x8x1xf32>
  }
  func.func private @_var_0(%arg0: tensor<4x8x32xf32>, %arg1: tensor<i32>) -> (tensor<4x8x1xf32>, tensor<4x8x32xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x8x1xf32>) -> tensor<4x8x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x8x32xf32>
    %6 = chlo.square %5 : tensor<4x8x32xf32> -> tensor<4x8x32xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<4x8x32xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<4x8x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where_1(%15, %14, %cst_5) : (tensor<i1>, tensor<4x8x1xf32>, tensor<f32>) -> tensor<4x8x1xf32>
    return %16, %8, %10, %15 : tensor<4x8x1xf32>, tensor<4x8x32xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<4x8x1xf32>, %arg2: tensor<f32>) -> tensor<4x8x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x8x1xf32>
    return %2 : tensor<4x8x1xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x10xf32>
    %6 = stablehlo.exponential %5 : tensor<4x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x10xf32>
    return %11, %6, %8 : tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15, %5 : tensor<4x1xf32>, tensor<4x1x1xi32>
  }
  func.func private @take_along_axis_2(%arg0: tensor<4x1x1xi32>, %arg1: tensor<4x1xf32>) -> tensor<4x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x10xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    return %1 : tensor<4x10xf32>
  }
  func.func private @log_softmax_3(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x10xf32>) -> tensor<4x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<4x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<4x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<4x10xf32>
    return %7 : tensor<4x10xf32>
  }
  func.func private @_var_4(%arg0: tensor<4x8x32xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<4x8x1xf32>) -> tensor<4x8x32xf32> {
    %0 = call @_where_5(%arg2, %arg3) : (tensor<i1>, tensor<4x8x1xf32>) -> tensor<4x8x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4x8x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x8x1xf32>, tensor<f32>) -> tensor<4x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x32xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<4x8x32xf32>
    %6 = stablehlo.negate %5 : tensor<4x8x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<4x8x32xf32>, tensor<f32>) -> tensor<4x8xf32>
    %8 = stablehlo.reshape %7 : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x8x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x8x1xf32>, tensor<f32>) -> tensor<4x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x32xf32>
    %13 = stablehlo.add %5, %12 : tensor<4x8x32xf32>
    return %13 : tensor<4x8x32xf32>
  }
  func.func private @_where_5(%arg0: tensor<i1>, %arg1: tensor<4x8x1xf32>) -> tensor<4x8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x1xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<4x8x1xf32>
    return %1 : tensor<4x8x1xf32>
  }
}
