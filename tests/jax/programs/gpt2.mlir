module @jit_gpt2 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<192xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x256xf32>, %arg9: tensor<64x64xf32>, %arg10: tensor<256x64xf32>, %arg11: tensor<64x192xf32>, %arg12: tensor<256xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<192xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64x256xf32>, %arg21: tensor<64x64xf32>, %arg22: tensor<256x64xf32>, %arg23: tensor<64x192xf32>, %arg24: tensor<256xf32>, %arg25: tensor<64xf32>, %arg26: tensor<64xf32>, %arg27: tensor<192xf32>, %arg28: tensor<64xf32>, %arg29: tensor<64xf32>, %arg30: tensor<64xf32>, %arg31: tensor<64xf32>, %arg32: tensor<64x256xf32>, %arg33: tensor<64x64xf32>, %arg34: tensor<256x64xf32>, %arg35: tensor<64x192xf32>, %arg36: tensor<256xf32>, %arg37: tensor<64xf32>, %arg38: tensor<64xf32>, %arg39: tensor<192xf32>, %arg40: tensor<64xf32>, %arg41: tensor<64xf32>, %arg42: tensor<64xf32>, %arg43: tensor<64xf32>, %arg44: tensor<64x256xf32>, %arg45: tensor<64x64xf32>, %arg46: tensor<256x64xf32>, %arg47: tensor<64x192xf32>, %arg48: tensor<64xf32>, %arg49: tensor<64xf32>, %arg50: tensor<32x64xf32>, %arg51: tensor<256x64xf32>, %arg52: tensor<2x32xi32>) -> (tensor<2x32x256xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x32xi32>
    %1 = stablehlo.compare LT, %arg52, %0, SIGNED : (tensor<2x32xi32>, tensor<2x32xi32>) -> tensor<2x32xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x32xi32>
    %3 = stablehlo.add %arg52, %2 : tensor<2x32xi32>
    %4 = stablehlo.select %1, %3, %arg52 : tensor<2x32xi1>, tensor<2x32xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x32xi32>) -> tensor<2x32x1xi32>
    %6 = "stablehlo.gather"(%arg51, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<2x32x1xi32>) -> tensor<2x32x64xf32>
    %7 = stablehlo.iota dim = 0 : tensor<32xi32>
    %8 = call @_take(%arg50, %7) : (tensor<32x64xf32>, tensor<32xi32>) -> tensor<32x64xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1, 2] : (tensor<32x64xf32>) -> tensor<1x32x64xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x32x64xf32>) -> tensor<2x32x64xf32>
    %11 = stablehlo.add %6, %10 : tensor<2x32x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %15 = stablehlo.divide %13, %14 : tensor<2x32x1xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %16 = call @_var(%11, %c_2) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %18 = stablehlo.subtract %11, %17 : tensor<2x32x64xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %20 = stablehlo.add %16, %19 : tensor<2x32x1xf32>
    %21 = stablehlo.rsqrt %20 : tensor<2x32x1xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %23 = stablehlo.multiply %18, %22 : tensor<2x32x64xf32>
    %24 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %26 = stablehlo.multiply %23, %25 : tensor<2x32x64xf32>
    %27 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %29 = stablehlo.add %26, %28 : tensor<2x32x64xf32>
    %30 = stablehlo.dot_general %29, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x192xf32>) -> tensor<2x32x192xf32>
    %31 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<2x32x192xf32>
    %33 = stablehlo.add %30, %32 : tensor<2x32x192xf32>
    %34 = stablehlo.slice %33 [0:2, 0:32, 0:64] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %35 = stablehlo.slice %33 [0:2, 0:32, 64:128] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %36 = stablehlo.slice %33 [0:2, 0:32, 128:192] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %37 = stablehlo.reshape %34 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %38 = stablehlo.transpose %37, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %39 = stablehlo.reshape %35 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %40 = stablehlo.transpose %39, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %41 = stablehlo.reshape %36 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %42 = stablehlo.transpose %41, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %43 = stablehlo.dot_general %38, %40, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x32xf32>
    %cst_4 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x4x32x32xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<2x4x32x32xf32>
    %c_5 = stablehlo.constant dense<true> : tensor<i1>
    %46 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %47 = call @tril(%46) : (tensor<32x32xi1>) -> tensor<32x32xi1>
    %cst_6 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %48 = call @_where_1(%47, %45, %cst_6) : (tensor<32x32xi1>, tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32x32xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x4x32xf32>
    %51 = stablehlo.maximum %50, %49 : tensor<2x4x32xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %54 = stablehlo.subtract %48, %53 : tensor<2x4x32x32xf32>
    %55 = stablehlo.exponential %54 : tensor<2x4x32x32xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %59 = stablehlo.divide %55, %58 : tensor<2x4x32x32xf32>
    %60 = stablehlo.dot_general %59, %42, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x16xf32>
    %61 = stablehlo.transpose %60, dims = [0, 2, 1, 3] : (tensor<2x4x32x16xf32>) -> tensor<2x32x4x16xf32>
    %62 = stablehlo.reshape %61 : (tensor<2x32x4x16xf32>) -> tensor<2x32x64xf32>
    %63 = stablehlo.dot_general %62, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x64xf32>) -> tensor<2x32x64xf32>
    %64 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %66 = stablehlo.add %63, %65 : tensor<2x32x64xf32>
    %67 = stablehlo.add %11, %66 : tensor<2x32x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_11 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %71 = stablehlo.divide %69, %70 : tensor<2x32x1xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %72 = call @_var(%67, %c_12) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %73 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %74 = stablehlo.subtract %67, %73 : tensor<2x32x64xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %76 = stablehlo.add %72, %75 : tensor<2x32x1xf32>
    %77 = stablehlo.rsqrt %76 : tensor<2x32x1xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %79 = stablehlo.multiply %74, %78 : tensor<2x32x64xf32>
    %80 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %82 = stablehlo.multiply %79, %81 : tensor<2x32x64xf32>
    %83 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %85 = stablehlo.add %82, %84 : tensor<2x32x64xf32>
    %86 = stablehlo.dot_general %85, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x256xf32>) -> tensor<2x32x256xf32>
    %87 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<2x32x256xf32>
    %89 = stablehlo.add %86, %88 : tensor<2x32x256xf32>
    %90 = stablehlo.multiply %89, %89 : tensor<2x32x256xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<2x32x256xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %93 = stablehlo.multiply %92, %91 : tensor<2x32x256xf32>
    %94 = stablehlo.add %89, %93 : tensor<2x32x256xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<2x32x256xf32>
    %97 = stablehlo.tanh %96 : tensor<2x32x256xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %99 = stablehlo.add %98, %97 : tensor<2x32x256xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %101 = stablehlo.multiply %100, %99 : tensor<2x32x256xf32>
    %102 = stablehlo.multiply %89, %101 : tensor<2x32x256xf32>
    %103 = stablehlo.dot_general %102, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x256xf32>, tensor<256x64xf32>) -> tensor<2x32x64xf32>
    %104 = stablehlo.add %67, %103 : tensor<2x32x64xf32>
    %105 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %107 = stablehlo.add %104, %106 : tensor<2x32x64xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_18) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_19 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %111 = stablehlo.divide %109, %110 : tensor<2x32x1xf32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %112 = call @_var(%107, %c_20) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %113 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %114 = stablehlo.subtract %107, %113 : tensor<2x32x64xf32>
    %cst_21 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %116 = stablehlo.add %112, %115 : tensor<2x32x1xf32>
    %117 = stablehlo.rsqrt %116 : tensor<2x32x1xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %119 = stablehlo.multiply %114, %118 : tensor<2x32x64xf32>
    %120 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %122 = stablehlo.multiply %119, %121 : tensor<2x32x64xf32>
    %123 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %125 = stablehlo.add %122, %124 : tensor<2x32x64xf32>
    %126 = stablehlo.dot_general %125, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x192xf32>) -> tensor<2x32x192xf32>
    %127 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %128 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<2x32x192xf32>
    %129 = stablehlo.add %126, %128 : tensor<2x32x192xf32>
    %130 = stablehlo.slice %129 [0:2, 0:32, 0:64] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %131 = stablehlo.slice %129 [0:2, 0:32, 64:128] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %132 = stablehlo.slice %129 [0:2, 0:32, 128:192] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %133 = stablehlo.reshape %130 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %134 = stablehlo.transpose %133, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %135 = stablehlo.reshape %131 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %136 = stablehlo.transpose %135, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %137 = stablehlo.reshape %132 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %138 = stablehlo.transpose %137, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %139 = stablehlo.dot_general %134, %136, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x32xf32>
    %cst_22 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x4x32x32xf32>
    %141 = stablehlo.multiply %139, %140 : tensor<2x4x32x32xf32>
    %c_23 = stablehlo.constant dense<true> : tensor<i1>
    %142 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %143 = call @tril(%142) : (tensor<32x32xi1>) -> tensor<32x32xi1>
    %cst_24 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %144 = call @_where_1(%143, %141, %cst_24) : (tensor<32x32xi1>, tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32x32xf32>
    %cst_25 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %145 = stablehlo.reduce(%144 init: %cst_25) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %cst_26 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x4x32xf32>
    %147 = stablehlo.maximum %146, %145 : tensor<2x4x32xf32>
    %148 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %149 = stablehlo.broadcast_in_dim %148, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %150 = stablehlo.subtract %144, %149 : tensor<2x4x32x32xf32>
    %151 = stablehlo.exponential %150 : tensor<2x4x32x32xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.reduce(%151 init: %cst_27) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %155 = stablehlo.divide %151, %154 : tensor<2x4x32x32xf32>
    %156 = stablehlo.dot_general %155, %138, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x16xf32>
    %157 = stablehlo.transpose %156, dims = [0, 2, 1, 3] : (tensor<2x4x32x16xf32>) -> tensor<2x32x4x16xf32>
    %158 = stablehlo.reshape %157 : (tensor<2x32x4x16xf32>) -> tensor<2x32x64xf32>
    %159 = stablehlo.dot_general %158, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x64xf32>) -> tensor<2x32x64xf32>
    %160 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %161 = stablehlo.broadcast_in_dim %160, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %162 = stablehlo.add %159, %161 : tensor<2x32x64xf32>
    %163 = stablehlo.add %107, %162 : tensor<2x32x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.reduce(%163 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_29 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %167 = stablehlo.divide %165, %166 : tensor<2x32x1xf32>
    %c_30 = stablehlo.constant dense<0> : tensor<i32>
    %168 = call @_var(%163, %c_30) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %169 = stablehlo.broadcast_in_dim %167, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %170 = stablehlo.subtract %163, %169 : tensor<2x32x64xf32>
    %cst_31 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %172 = stablehlo.add %168, %171 : tensor<2x32x1xf32>
    %173 = stablehlo.rsqrt %172 : tensor<2x32x1xf32>
    %174 = stablehlo.broadcast_in_dim %173, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %175 = stablehlo.multiply %170, %174 : tensor<2x32x64xf32>
    %176 = stablehlo.broadcast_in_dim %arg19, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %177 = stablehlo.broadcast_in_dim %176, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %178 = stablehlo.multiply %175, %177 : tensor<2x32x64xf32>
    %179 = stablehlo.broadcast_in_dim %arg18, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %180 = stablehlo.broadcast_in_dim %179, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %181 = stablehlo.add %178, %180 : tensor<2x32x64xf32>
    %182 = stablehlo.dot_general %181, %arg20, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x256xf32>) -> tensor<2x32x256xf32>
    %183 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<2x32x256xf32>
    %185 = stablehlo.add %182, %184 : tensor<2x32x256xf32>
    %186 = stablehlo.multiply %185, %185 : tensor<2x32x256xf32>
    %187 = stablehlo.multiply %186, %185 : tensor<2x32x256xf32>
    %cst_32 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %189 = stablehlo.multiply %188, %187 : tensor<2x32x256xf32>
    %190 = stablehlo.add %185, %189 : tensor<2x32x256xf32>
    %cst_33 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %192 = stablehlo.multiply %191, %190 : tensor<2x32x256xf32>
    %193 = stablehlo.tanh %192 : tensor<2x32x256xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %195 = stablehlo.add %194, %193 : tensor<2x32x256xf32>
    %cst_35 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %197 = stablehlo.multiply %196, %195 : tensor<2x32x256xf32>
    %198 = stablehlo.multiply %185, %197 : tensor<2x32x256xf32>
    %199 = stablehlo.dot_general %198, %arg22, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x256xf32>, tensor<256x64xf32>) -> tensor<2x32x64xf32>
    %200 = stablehlo.add %163, %199 : tensor<2x32x64xf32>
    %201 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %202 = stablehlo.broadcast_in_dim %201, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %203 = stablehlo.add %200, %202 : tensor<2x32x64xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %204 = stablehlo.reduce(%203 init: %cst_36) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %205 = stablehlo.broadcast_in_dim %204, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_37 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %207 = stablehlo.divide %205, %206 : tensor<2x32x1xf32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %208 = call @_var(%203, %c_38) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %209 = stablehlo.broadcast_in_dim %207, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %210 = stablehlo.subtract %203, %209 : tensor<2x32x64xf32>
    %cst_39 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %212 = stablehlo.add %208, %211 : tensor<2x32x1xf32>
    %213 = stablehlo.rsqrt %212 : tensor<2x32x1xf32>
    %214 = stablehlo.broadcast_in_dim %213, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %215 = stablehlo.multiply %210, %214 : tensor<2x32x64xf32>
    %216 = stablehlo.broadcast_in_dim %arg29, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %217 = stablehlo.broadcast_in_dim %216, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %218 = stablehlo.multiply %215, %217 : tensor<2x32x64xf32>
    %219 = stablehlo.broadcast_in_dim %arg28, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %221 = stablehlo.add %218, %220 : tensor<2x32x64xf32>
    %222 = stablehlo.dot_general %221, %arg35, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x192xf32>) -> tensor<2x32x192xf32>
    %223 = stablehlo.broadcast_in_dim %arg27, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<2x32x192xf32>
    %225 = stablehlo.add %222, %224 : tensor<2x32x192xf32>
    %226 = stablehlo.slice %225 [0:2, 0:32, 0:64] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %227 = stablehlo.slice %225 [0:2, 0:32, 64:128] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %228 = stablehlo.slice %225 [0:2, 0:32, 128:192] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %229 = stablehlo.reshape %226 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %230 = stablehlo.transpose %229, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %231 = stablehlo.reshape %227 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %232 = stablehlo.transpose %231, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %233 = stablehlo.reshape %228 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %234 = stablehlo.transpose %233, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %235 = stablehlo.dot_general %230, %232, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x32xf32>
    %cst_40 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x4x32x32xf32>
    %237 = stablehlo.multiply %235, %236 : tensor<2x4x32x32xf32>
    %c_41 = stablehlo.constant dense<true> : tensor<i1>
    %238 = stablehlo.broadcast_in_dim %c_41, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %239 = call @tril(%238) : (tensor<32x32xi1>) -> tensor<32x32xi1>
    %cst_42 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %240 = call @_where_1(%239, %237, %cst_42) : (tensor<32x32xi1>, tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32x32xf32>
    %cst_43 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %241 = stablehlo.reduce(%240 init: %cst_43) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %cst_44 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<2x4x32xf32>
    %243 = stablehlo.maximum %242, %241 : tensor<2x4x32xf32>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %245 = stablehlo.broadcast_in_dim %244, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %246 = stablehlo.subtract %240, %245 : tensor<2x4x32x32xf32>
    %247 = stablehlo.exponential %246 : tensor<2x4x32x32xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.reduce(%247 init: %cst_45) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %249 = stablehlo.broadcast_in_dim %248, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %250 = stablehlo.broadcast_in_dim %249, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %251 = stablehlo.divide %247, %250 : tensor<2x4x32x32xf32>
    %252 = stablehlo.dot_general %251, %234, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x16xf32>
    %253 = stablehlo.transpose %252, dims = [0, 2, 1, 3] : (tensor<2x4x32x16xf32>) -> tensor<2x32x4x16xf32>
    %254 = stablehlo.reshape %253 : (tensor<2x32x4x16xf32>) -> tensor<2x32x64xf32>
    %255 = stablehlo.dot_general %254, %arg33, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x64xf32>) -> tensor<2x32x64xf32>
    %256 = stablehlo.broadcast_in_dim %arg25, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %257 = stablehlo.broadcast_in_dim %256, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %258 = stablehlo.add %255, %257 : tensor<2x32x64xf32>
    %259 = stablehlo.add %203, %258 : tensor<2x32x64xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%259 init: %cst_46) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_47 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %263 = stablehlo.divide %261, %262 : tensor<2x32x1xf32>
    %c_48 = stablehlo.constant dense<0> : tensor<i32>
    %264 = call @_var(%259, %c_48) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %265 = stablehlo.broadcast_in_dim %263, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %266 = stablehlo.subtract %259, %265 : tensor<2x32x64xf32>
    %cst_49 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %268 = stablehlo.add %264, %267 : tensor<2x32x1xf32>
    %269 = stablehlo.rsqrt %268 : tensor<2x32x1xf32>
    %270 = stablehlo.broadcast_in_dim %269, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %271 = stablehlo.multiply %266, %270 : tensor<2x32x64xf32>
    %272 = stablehlo.broadcast_in_dim %arg31, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %273 = stablehlo.broadcast_in_dim %272, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %274 = stablehlo.multiply %271, %273 : tensor<2x32x64xf32>
    %275 = stablehlo.broadcast_in_dim %arg30, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %277 = stablehlo.add %274, %276 : tensor<2x32x64xf32>
    %278 = stablehlo.dot_general %277, %arg32, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x256xf32>) -> tensor<2x32x256xf32>
    %279 = stablehlo.broadcast_in_dim %arg24, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %280 = stablehlo.broadcast_in_dim %279, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<2x32x256xf32>
    %281 = stablehlo.add %278, %280 : tensor<2x32x256xf32>
    %282 = stablehlo.multiply %281, %281 : tensor<2x32x256xf32>
    %283 = stablehlo.multiply %282, %281 : tensor<2x32x256xf32>
    %cst_50 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %285 = stablehlo.multiply %284, %283 : tensor<2x32x256xf32>
    %286 = stablehlo.add %281, %285 : tensor<2x32x256xf32>
    %cst_51 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %288 = stablehlo.multiply %287, %286 : tensor<2x32x256xf32>
    %289 = stablehlo.tanh %288 : tensor<2x32x256xf32>
    %cst_52 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %291 = stablehlo.add %290, %289 : tensor<2x32x256xf32>
    %cst_53 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %292 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %293 = stablehlo.multiply %292, %291 : tensor<2x32x256xf32>
    %294 = stablehlo.multiply %281, %293 : tensor<2x32x256xf32>
    %295 = stablehlo.dot_general %294, %arg34, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x256xf32>, tensor<256x64xf32>) -> tensor<2x32x64xf32>
    %296 = stablehlo.add %259, %295 : tensor<2x32x64xf32>
    %297 = stablehlo.broadcast_in_dim %arg26, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %298 = stablehlo.broadcast_in_dim %297, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %299 = stablehlo.add %296, %298 : tensor<2x32x64xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %300 = stablehlo.reduce(%299 init: %cst_54) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %301 = stablehlo.broadcast_in_dim %300, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_55 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %303 = stablehlo.divide %301, %302 : tensor<2x32x1xf32>
    %c_56 = stablehlo.constant dense<0> : tensor<i32>
    %304 = call @_var(%299, %c_56) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %305 = stablehlo.broadcast_in_dim %303, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %306 = stablehlo.subtract %299, %305 : tensor<2x32x64xf32>
    %cst_57 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %308 = stablehlo.add %304, %307 : tensor<2x32x1xf32>
    %309 = stablehlo.rsqrt %308 : tensor<2x32x1xf32>
    %310 = stablehlo.broadcast_in_dim %309, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %311 = stablehlo.multiply %306, %310 : tensor<2x32x64xf32>
    %312 = stablehlo.broadcast_in_dim %arg41, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %313 = stablehlo.broadcast_in_dim %312, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %314 = stablehlo.multiply %311, %313 : tensor<2x32x64xf32>
    %315 = stablehlo.broadcast_in_dim %arg40, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %316 = stablehlo.broadcast_in_dim %315, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %317 = stablehlo.add %314, %316 : tensor<2x32x64xf32>
    %318 = stablehlo.dot_general %317, %arg47, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x192xf32>) -> tensor<2x32x192xf32>
    %319 = stablehlo.broadcast_in_dim %arg39, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %320 = stablehlo.broadcast_in_dim %319, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<2x32x192xf32>
    %321 = stablehlo.add %318, %320 : tensor<2x32x192xf32>
    %322 = stablehlo.slice %321 [0:2, 0:32, 0:64] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %323 = stablehlo.slice %321 [0:2, 0:32, 64:128] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %324 = stablehlo.slice %321 [0:2, 0:32, 128:192] : (tensor<2x32x192xf32>) -> tensor<2x32x64xf32>
    %325 = stablehlo.reshape %322 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %326 = stablehlo.transpose %325, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %327 = stablehlo.reshape %323 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %328 = stablehlo.transpose %327, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %329 = stablehlo.reshape %324 : (tensor<2x32x64xf32>) -> tensor<2x32x4x16xf32>
    %330 = stablehlo.transpose %329, dims = [0, 2, 1, 3] : (tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
    %331 = stablehlo.dot_general %326, %328, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x32xf32>
    %cst_58 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<2x4x32x32xf32>
    %333 = stablehlo.multiply %331, %332 : tensor<2x4x32x32xf32>
    %c_59 = stablehlo.constant dense<true> : tensor<i1>
    %334 = stablehlo.broadcast_in_dim %c_59, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %335 = call @tril(%334) : (tensor<32x32xi1>) -> tensor<32x32xi1>
    %cst_60 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %336 = call @_where_1(%335, %333, %cst_60) : (tensor<32x32xi1>, tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32x32xf32>
    %cst_61 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %337 = stablehlo.reduce(%336 init: %cst_61) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %cst_62 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<2x4x32xf32>
    %339 = stablehlo.maximum %338, %337 : tensor<2x4x32xf32>
    %340 = stablehlo.broadcast_in_dim %339, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %341 = stablehlo.broadcast_in_dim %340, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %342 = stablehlo.subtract %336, %341 : tensor<2x4x32x32xf32>
    %343 = stablehlo.exponential %342 : tensor<2x4x32x32xf32>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %344 = stablehlo.reduce(%343 init: %cst_63) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %345 = stablehlo.broadcast_in_dim %344, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %346 = stablehlo.broadcast_in_dim %345, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x32xf32>
    %347 = stablehlo.divide %343, %346 : tensor<2x4x32x32xf32>
    %348 = stablehlo.dot_general %347, %330, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xf32>, tensor<2x4x32x16xf32>) -> tensor<2x4x32x16xf32>
    %349 = stablehlo.transpose %348, dims = [0, 2, 1, 3] : (tensor<2x4x32x16xf32>) -> tensor<2x32x4x16xf32>
    %350 = stablehlo.reshape %349 : (tensor<2x32x4x16xf32>) -> tensor<2x32x64xf32>
    %351 = stablehlo.dot_general %350, %arg45, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x64xf32>) -> tensor<2x32x64xf32>
    %352 = stablehlo.broadcast_in_dim %arg37, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %353 = stablehlo.broadcast_in_dim %352, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %354 = stablehlo.add %351, %353 : tensor<2x32x64xf32>
    %355 = stablehlo.add %299, %354 : tensor<2x32x64xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %356 = stablehlo.reduce(%355 init: %cst_64) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %357 = stablehlo.broadcast_in_dim %356, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_65 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %359 = stablehlo.divide %357, %358 : tensor<2x32x1xf32>
    %c_66 = stablehlo.constant dense<0> : tensor<i32>
    %360 = call @_var(%355, %c_66) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %361 = stablehlo.broadcast_in_dim %359, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %362 = stablehlo.subtract %355, %361 : tensor<2x32x64xf32>
    %cst_67 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %364 = stablehlo.add %360, %363 : tensor<2x32x1xf32>
    %365 = stablehlo.rsqrt %364 : tensor<2x32x1xf32>
    %366 = stablehlo.broadcast_in_dim %365, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %367 = stablehlo.multiply %362, %366 : tensor<2x32x64xf32>
    %368 = stablehlo.broadcast_in_dim %arg43, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %369 = stablehlo.broadcast_in_dim %368, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %370 = stablehlo.multiply %367, %369 : tensor<2x32x64xf32>
    %371 = stablehlo.broadcast_in_dim %arg42, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %372 = stablehlo.broadcast_in_dim %371, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %373 = stablehlo.add %370, %372 : tensor<2x32x64xf32>
    %374 = stablehlo.dot_general %373, %arg44, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x256xf32>) -> tensor<2x32x256xf32>
    %375 = stablehlo.broadcast_in_dim %arg36, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %376 = stablehlo.broadcast_in_dim %375, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<2x32x256xf32>
    %377 = stablehlo.add %374, %376 : tensor<2x32x256xf32>
    %378 = stablehlo.multiply %377, %377 : tensor<2x32x256xf32>
    %379 = stablehlo.multiply %378, %377 : tensor<2x32x256xf32>
    %cst_68 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %381 = stablehlo.multiply %380, %379 : tensor<2x32x256xf32>
    %382 = stablehlo.add %377, %381 : tensor<2x32x256xf32>
    %cst_69 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %384 = stablehlo.multiply %383, %382 : tensor<2x32x256xf32>
    %385 = stablehlo.tanh %384 : tensor<2x32x256xf32>
    %cst_70 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %386 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %387 = stablehlo.add %386, %385 : tensor<2x32x256xf32>
    %cst_71 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<2x32x256xf32>
    %389 = stablehlo.multiply %388, %387 : tensor<2x32x256xf32>
    %390 = stablehlo.multiply %377, %389 : tensor<2x32x256xf32>
    %391 = stablehlo.dot_general %390, %arg46, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x256xf32>, tensor<256x64xf32>) -> tensor<2x32x64xf32>
    %392 = stablehlo.add %355, %391 : tensor<2x32x64xf32>
    %393 = stablehlo.broadcast_in_dim %arg38, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %394 = stablehlo.broadcast_in_dim %393, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %395 = stablehlo.add %392, %394 : tensor<2x32x64xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %396 = stablehlo.reduce(%395 init: %cst_72) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %397 = stablehlo.broadcast_in_dim %396, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_73 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %398 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %399 = stablehlo.divide %397, %398 : tensor<2x32x1xf32>
    %c_74 = stablehlo.constant dense<0> : tensor<i32>
    %400 = call @_var(%395, %c_74) : (tensor<2x32x64xf32>, tensor<i32>) -> tensor<2x32x1xf32>
    %401 = stablehlo.broadcast_in_dim %399, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %402 = stablehlo.subtract %395, %401 : tensor<2x32x64xf32>
    %cst_75 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %403 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %404 = stablehlo.add %400, %403 : tensor<2x32x1xf32>
    %405 = stablehlo.rsqrt %404 : tensor<2x32x1xf32>
    %406 = stablehlo.broadcast_in_dim %405, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %407 = stablehlo.multiply %402, %406 : tensor<2x32x64xf32>
    %408 = stablehlo.broadcast_in_dim %arg49, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %409 = stablehlo.broadcast_in_dim %408, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %410 = stablehlo.multiply %407, %409 : tensor<2x32x64xf32>
    %411 = stablehlo.broadcast_in_dim %arg48, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %412 = stablehlo.broadcast_in_dim %411, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x32x64xf32>
    %413 = stablehlo.add %410, %412 : tensor<2x32x64xf32>
    %414 = stablehlo.transpose %arg51, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %415 = stablehlo.dot_general %413, %414, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32x64xf32>, tensor<64x256xf32>) -> tensor<2x32x256xf32>
    return %415 : tensor<2x32x256xf32>
  }
  func.func private @_take(%arg0: tensor<32x64xf32>, %arg1: tensor<32xi32>) -> tensor<32x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %c_0 = stablehlo.constant dense<32> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<32xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<32xi1>, tensor<32xi32>, tensor<32xi32>) -> tensor<32xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<32xi32>) -> tensor<32x1xi32>
    %c_1 = stablehlo.constant dense<31> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<32x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<32x1xi32>, tensor<32x1xi32>) -> tensor<32x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<32x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<32x1xi32>, tensor<32x1xi32>) -> tensor<32x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<32x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<32x1xi1>, tensor<i1>) -> tensor<32xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<32x64xf32>, tensor<32x1xi32>) -> tensor<32x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<32xi1>) -> tensor<32x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<32x64xi1>, tensor<32x64xf32>
    return %16 : tensor<32x64xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<32xi32>, %arg2: tensor<32xi32>) -> tensor<32xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32xi1>, tensor<32xi32>
    return %0 : tensor<32xi32>
  }
  func.func private @_var(%arg0: tensor<2x32x64xf32>, %arg1: tensor<i32>) -> tensor<2x32x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x32x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x32x64xf32>
    %6 = chlo.square %5 : tensor<2x32x64xf32> -> tensor<2x32x64xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x32xf32>) -> tensor<2x32x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x32x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where_0(%13, %12, %cst_4) : (tensor<i1>, tensor<2x32x1xf32>, tensor<f32>) -> tensor<2x32x1xf32>
    return %14 : tensor<2x32x1xf32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<2x32x1xf32>, %arg2: tensor<f32>) -> tensor<2x32x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x32x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x32x1xf32>
    return %2 : tensor<2x32x1xf32>
  }
  func.func private @tril(%arg0: tensor<32x32xi1>) -> tensor<32x32xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<32x32xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<32x32xi32>
    %2 = stablehlo.add %0, %1 : tensor<32x32xi32>
    %3 = stablehlo.iota dim = 1 : tensor<32x32xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<32x32xi32>, tensor<32x32xi32>) -> tensor<32x32xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<32x32xi1>, tensor<32x32xi1>
    return %6 : tensor<32x32xi1>
  }
  func.func private @_where_1(%arg0: tensor<32x32xi1>, %arg1: tensor<2x4x32x32xf32>, %arg2: tensor<f32>) -> tensor<2x4x32x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<32x32xi1>) -> tensor<2x4x32x32xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4x32x32xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x4x32x32xi1>, tensor<2x4x32x32xf32>
    return %2 : tensor<2x4x32x32xf32>
  }
}
