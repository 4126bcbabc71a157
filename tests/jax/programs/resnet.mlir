module @jit_resnet attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<3x3x16x16xf32>, %arg9: tensor<3x3x16x16xf32>, %arg10: tensor<32xf32>, %arg11: tensor<32xf32>, %arg12: tensor<32xf32>, %arg13: tensor<32xf32>, %arg14: tensor<32xf32>, %arg15: tensor<32xf32>, %arg16: tensor<32xf32>, %arg17: tensor<32xf32>, %arg18: tensor<32xf32>, %arg19: tensor<32xf32>, %arg20: tensor<32xf32>, %arg21: tensor<32xf32>, %arg22: tensor<3x3x16x32xf32>, %arg23: tensor<3x3x32x32xf32>, %arg24: tensor<1x1x16x32xf32>, %arg25: tensor<32xf32>, %arg26: tensor<32xf32>, %arg27: tensor<32xf32>, %arg28: tensor<32xf32>, %arg29: tensor<32xf32>, %arg30: tensor<32xf32>, %arg31: tensor<32xf32>, %arg32: tensor<32xf32>, %arg33: tensor<3x3x32x32xf32>, %arg34: tensor<3x3x32x32xf32>, %arg35: tensor<16xf32>, %arg36: tensor<16xf32>, %arg37: tensor<16xf32>, %arg38: tensor<16xf32>, %arg39: tensor<10xf32>, %arg40: tensor<32x10xf32>, %arg41: tensor<3x3x3x16xf32>, %arg42: tensor<2x16x16x3xf32>) -> (tensor<2x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg42, %arg41) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x3xf32>, tensor<3x3x3x16xf32>) -> tensor<2x16x16x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg36, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %3 = stablehlo.subtract %0, %2 : tensor<2x16x16x16xf32>
    %cst = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.add %arg38, %4 : tensor<16xf32>
    %6 = stablehlo.rsqrt %5 : tensor<16xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %9 = stablehlo.multiply %3, %8 : tensor<2x16x16x16xf32>
    %10 = stablehlo.broadcast_in_dim %arg37, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<2x16x16x16xf32>
    %13 = stablehlo.broadcast_in_dim %arg35, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %15 = stablehlo.add %12, %14 : tensor<2x16x16x16xf32>
    %16 = call @relu(%15) : (tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
    %17 = stablehlo.convolution(%16, %arg8) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x16x16x16xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %20 = stablehlo.subtract %17, %19 : tensor<2x16x16x16xf32>
    %cst_0 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %22 = stablehlo.add %arg3, %21 : tensor<16xf32>
    %23 = stablehlo.rsqrt %22 : tensor<16xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %26 = stablehlo.multiply %20, %25 : tensor<2x16x16x16xf32>
    %27 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<2x16x16x16xf32>
    %30 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %32 = stablehlo.add %29, %31 : tensor<2x16x16x16xf32>
    %33 = call @relu(%32) : (tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
    %34 = stablehlo.convolution(%33, %arg9) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x16x16x16xf32>
    %35 = stablehlo.broadcast_in_dim %arg5, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %37 = stablehlo.subtract %34, %36 : tensor<2x16x16x16xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %39 = stablehlo.add %arg7, %38 : tensor<16xf32>
    %40 = stablehlo.rsqrt %39 : tensor<16xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %43 = stablehlo.multiply %37, %42 : tensor<2x16x16x16xf32>
    %44 = stablehlo.broadcast_in_dim %arg6, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %46 = stablehlo.multiply %43, %45 : tensor<2x16x16x16xf32>
    %47 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x16x16x16xf32>
    %49 = stablehlo.add %46, %48 : tensor<2x16x16x16xf32>
    %50 = stablehlo.add %49, %16 : tensor<2x16x16x16xf32>
    %51 = call @relu(%50) : (tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
    %52 = stablehlo.convolution(%51, %arg22) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x8x8x32xf32>
    %53 = stablehlo.broadcast_in_dim %arg11, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %55 = stablehlo.subtract %52, %54 : tensor<2x8x8x32xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %57 = stablehlo.add %arg13, %56 : tensor<32xf32>
    %58 = stablehlo.rsqrt %57 : tensor<32xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %61 = stablehlo.multiply %55, %60 : tensor<2x8x8x32xf32>
    %62 = stablehlo.broadcast_in_dim %arg12, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %64 = stablehlo.multiply %61, %63 : tensor<2x8x8x32xf32>
    %65 = stablehlo.broadcast_in_dim %arg10, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %67 = stablehlo.add %64, %66 : tensor<2x8x8x32xf32>
    %68 = call @relu_0(%67) : (tensor<2x8x8x32xf32>) -> tensor<2x8x8x32xf32>
    %69 = stablehlo.convolution(%68, %arg23) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x32xf32>, tensor<3x3x32x32xf32>) -> tensor<2x8x8x32xf32>
    %70 = stablehlo.broadcast_in_dim %arg15, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %72 = stablehlo.subtract %69, %71 : tensor<2x8x8x32xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %74 = stablehlo.add %arg17, %73 : tensor<32xf32>
    %75 = stablehlo.rsqrt %74 : tensor<32xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %78 = stablehlo.multiply %72, %77 : tensor<2x8x8x32xf32>
    %79 = stablehlo.broadcast_in_dim %arg16, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %81 = stablehlo.multiply %78, %80 : tensor<2x8x8x32xf32>
    %82 = stablehlo.broadcast_in_dim %arg14, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %84 = stablehlo.add %81, %83 : tensor<2x8x8x32xf32>
    %85 = stablehlo.convolution(%51, %arg24) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x16xf32>, tensor<1x1x16x32xf32>) -> tensor<2x8x8x32xf32>
    %86 = stablehlo.broadcast_in_dim %arg19, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %88 = stablehlo.subtract %85, %87 : tensor<2x8x8x32xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %90 = stablehlo.add %arg21, %89 : tensor<32xf32>
    %91 = stablehlo.rsqrt %90 : tensor<32xf32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %94 = stablehlo.multiply %88, %93 : tensor<2x8x8x32xf32>
    %95 = stablehlo.broadcast_in_dim %arg20, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %97 = stablehlo.multiply %94, %96 : tensor<2x8x8x32xf32>
    %98 = stablehlo.broadcast_in_dim %arg18, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %99 = stablehlo.broadcast_in_dim %98, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %100 = stablehlo.add %97, %99 : tensor<2x8x8x32xf32>
    %101 = stablehlo.add %84, %100 : tensor<2x8x8x32xf32>
    %102 = call @relu_0(%101) : (tensor<2x8x8x32xf32>) -> tensor<2x8x8x32xf32>
    %103 = stablehlo.convolution(%102, %arg33) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x32xf32>, tensor<3x3x32x32xf32>) -> tensor<2x8x8x32xf32>
    %104 = stablehlo.broadcast_in_dim %arg26, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %106 = stablehlo.subtract %103, %105 : tensor<2x8x8x32xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %108 = stablehlo.add %arg28, %107 : tensor<32xf32>
    %109 = stablehlo.rsqrt %108 : tensor<32xf32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %112 = stablehlo.multiply %106, %111 : tensor<2x8x8x32xf32>
    %113 = stablehlo.broadcast_in_dim %arg27, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %115 = stablehlo.multiply %112, %114 : tensor<2x8x8x32xf32>
    %116 = stablehlo.broadcast_in_dim %arg25, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %118 = stablehlo.add %115, %117 : tensor<2x8x8x32xf32>
    %119 = call @relu_0(%118) : (tensor<2x8x8x32xf32>) -> tensor<2x8x8x32xf32>
    %120 = stablehlo.convolution(%119, %arg34) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x32xf32>, tensor<3x3x32x32xf32>) -> tensor<2x8x8x32xf32>
    %121 = stablehlo.broadcast_in_dim %arg30, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %122 = stablehlo.broadcast_in_dim %121, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %123 = stablehlo.subtract %120, %122 : tensor<2x8x8x32xf32>
    %cst_6 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %125 = stablehlo.add %arg32, %124 : tensor<32xf32>
    %126 = stablehlo.rsqrt %125 : tensor<32xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %128 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %129 = stablehlo.multiply %123, %128 : tensor<2x8x8x32xf32>
    %130 = stablehlo.broadcast_in_dim %arg31, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %131 = stablehlo.broadcast_in_dim %130, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %132 = stablehlo.multiply %129, %131 : tensor<2x8x8x32xf32>
    %133 = stablehlo.broadcast_in_dim %arg29, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %134 = stablehlo.broadcast_in_dim %133, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<2x8x8x32xf32>
    %135 = stablehlo.add %132, %134 : tensor<2x8x8x32xf32>
    %136 = stablehlo.add %135, %102 : tensor<2x8x8x32xf32>
    %137 = call @relu_0(%136) : (tensor<2x8x8x32xf32>) -> tensor<2x8x8x32xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %138 = stablehlo.reduce(%137 init: %cst_7) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x8x8x32xf32>, tensor<f32>) -> tensor<2x32xf32>
    %cst_8 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x32xf32>
    %140 = stablehlo.divide %138, %139 : tensor<2x32xf32>
    %141 = stablehlo.dot_general %140, %arg40, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32xf32>, tensor<32x10xf32>) -> tensor<2x10xf32>
    %142 = stablehlo.broadcast_in_dim %arg39, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %143 = stablehlo.broadcast_in_dim %142, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<2x10xf32>
    %144 = stablehlo.add %141, %143 : tensor<2x10xf32>
    return %144 : tensor<2x10xf32>
  }
  func.func private @relu(%arg0: tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x16x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x16x16x16xf32>
    return %1 : tensor<2x16x16x16xf32>
  }
  func.func private @relu_0(%arg0: tensor<2x8x8x32xf32>) -> tensor<2x8x8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x8x32xf32>
    return %1 : tensor<2x8x8x32xf32>
  }
}
