module @jit_special_functions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<8xf32>) -> (tensor<16xf32> {jax.result_info = "result['acos']"}, tensor<16xf32> {jax.result_info = "result['acosh']"}, tensor<16xf32> {jax.result_info = "result['asin']"}, tensor<16xf32> {jax.result_info = "result['asinh']"}, tensor<16xf32> {jax.result_info = "result['atan']"}, tensor<16xf32> {jax.result_info = "result['atan2']"}, tensor<16xf32> {jax.result_info = "result['atanh']"}, tensor<16xf32> {jax.result_info = "result['bessel_i0e']"}, tensor<16xf32> {jax.result_info = "result['bessel_i1e']"}, tensor<16xf32> {jax.result_info = "result['cbrt']"}, tensor<16xf32> {jax.result_info = "result['cosh']"}, tensor<16xf32> {jax.result_info = "result['digamma']"}, tensor<16xf32> {jax.result_info = "result['erf']"}, tensor<16xf32> {jax.result_info = "result['erf_inv']"}, tensor<16xf32> {jax.result_info = "result['erfc']"}, tensor<16xf32> {jax.result_info = "result['expm1']"}, tensor<16xf32> {jax.result_info = "result['igamma']"}, tensor<16xf32> {jax.result_info = "result['igammac']"}, tensor<8xi1> {jax.result_info = "result['is_finite']"}, tensor<8xi1> {jax.result_info = "result['isinf']"}, tensor<8xi1> {jax.result_info = "result['isnan']"}, tensor<16xf32> {jax.result_info = "result['lgamma']"}, tensor<16xf32> {jax.result_info = "result['log1p']"}, tensor<16xf32> {jax.result_info = "result['logistic']"}, tensor<16xf32> {jax.result_info = "result['nextafter']"}, tensor<16xf32> {jax.result_info = "result['rsqrt']"}, tensor<16xf32> {jax.result_info = "result['sinh']"}, tensor<16xf32> {jax.result_info = "result['tan']"}, tensor<4xf32> {jax.result_info = "result['top_k'][0]"}, tensor<4xi32> {jax.result_info = "result['top_k'][1]"}) {
    %0 = chlo.erf %arg3 : tensor<16xf32> -> tensor<16xf32>
    %1 = chlo.erfc %arg3 : tensor<16xf32> -> tensor<16xf32>
    %2 = chlo.erf_inv %arg1 : tensor<16xf32> -> tensor<16xf32>
    %3 = chlo.lgamma %arg0 : tensor<16xf32> -> tensor<16xf32>
    %4 = chlo.digamma %arg0 : tensor<16xf32> -> tensor<16xf32>
    %5 = stablehlo.tan %arg1 : tensor<16xf32>
    %6 = chlo.sinh %arg3 : tensor<16xf32> -> tensor<16xf32>
    %7 = chlo.cosh %arg1 : tensor<16xf32> -> tensor<16xf32>
    %8 = chlo.asin %arg1 : tensor<16xf32> -> tensor<16xf32>
    %9 = chlo.acos %arg1 : tensor<16xf32> -> tensor<16xf32>
    %10 = chlo.atan %arg3 : tensor<16xf32> -> tensor<16xf32>
    %11 = stablehlo.atan2 %arg3, %arg0 : tensor<16xf32>
    %12 = chlo.asinh %arg3 : tensor<16xf32> -> tensor<16xf32>
    %13 = call @arccosh(%arg2) : (tensor<16xf32>) -> tensor<16xf32>
    %14 = chlo.atanh %arg1 : tensor<16xf32> -> tensor<16xf32>
    %15 = stablehlo.is_finite %arg4 : (tensor<8xf32>) -> tensor<8xi1>
    %16 = call @isinf(%arg4) : (tensor<8xf32>) -> tensor<8xi1>
    %17 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %18 = chlo.next_after %arg3, %arg0 : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
    %19 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %20 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %21 = stablehlo.or %19, %20 : tensor<16xi1>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %23 = stablehlo.compare EQ, %arg0, %22, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %25 = stablehlo.compare EQ, %arg2, %24, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %27 = stablehlo.compare EQ, %arg0, %26, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %29 = stablehlo.compare LT, %arg0, %28, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %31 = stablehlo.compare LT, %arg2, %30, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %32 = stablehlo.and %25, %27 : tensor<16xi1>
    %33 = stablehlo.or %29, %31 : tensor<16xi1>
    %34 = stablehlo.or %33, %32 : tensor<16xi1>
    %35 = stablehlo.or %34, %21 : tensor<16xi1>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %37 = stablehlo.compare GE, %arg0, %36, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %38 = stablehlo.compare GT, %arg0, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %39 = stablehlo.and %37, %38 : tensor<16xi1>
    %40 = stablehlo.log %arg0 : tensor<16xf32>
    %41 = stablehlo.multiply %arg2, %40 : tensor<16xf32>
    %42 = stablehlo.subtract %41, %arg0 : tensor<16xf32>
    %43 = chlo.lgamma %arg2 : tensor<16xf32> -> tensor<16xf32>
    %44 = stablehlo.subtract %42, %43 : tensor<16xf32>
    %cst_5 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %45 = stablehlo.log %cst_5 : tensor<f32>
    %46 = stablehlo.negate %45 : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %48 = stablehlo.compare LT, %44, %47, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %49 = stablehlo.exponential %44 : tensor<16xf32>
    %50 = stablehlo.or %27, %35 : tensor<16xi1>
    %51 = stablehlo.or %50, %48 : tensor<16xi1>
    %52 = stablehlo.or %51, %23 : tensor<16xi1>
    %53 = stablehlo.not %52 : tensor<16xi1>
    %54 = stablehlo.and %53, %39 : tensor<16xi1>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %56 = stablehlo.subtract %55, %arg2 : tensor<16xf32>
    %57 = stablehlo.add %arg0, %56 : tensor<16xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %59 = stablehlo.add %57, %58 : tensor<16xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %62 = stablehlo.add %arg0, %61 : tensor<16xf32>
    %63 = stablehlo.multiply %59, %arg0 : tensor<16xf32>
    %64 = stablehlo.divide %62, %63 : tensor<16xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %69 = stablehlo.negate %arg0 : tensor<16xf32>
    %70 = stablehlo.multiply %64, %69 : tensor<16xf32>
    %71 = stablehlo.subtract %68, %70 : tensor<16xf32>
    %72 = stablehlo.divide %71, %63 : tensor<16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73:15 = stablehlo.while(%iterArg = %54, %iterArg_85 = %64, %iterArg_86 = %65, %iterArg_87 = %56, %iterArg_88 = %59, %iterArg_89 = %cst_14, %iterArg_90 = %62, %iterArg_91 = %63, %iterArg_92 = %60, %iterArg_93 = %arg0, %iterArg_94 = %66, %iterArg_95 = %67, %iterArg_96 = %68, %iterArg_97 = %69, %iterArg_98 = %72) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %cst_99 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %302 = stablehlo.compare LT, %iterArg_89, %cst_99, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c = stablehlo.constant dense<false> : tensor<i1>
      %303 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      %304 = stablehlo.and %302, %303 : tensor<i1>
      stablehlo.return %304 : tensor<i1>
    } do {
      %cst_99 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %302 = stablehlo.add %iterArg_89, %cst_99 : tensor<f32>
      %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %303 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %304 = stablehlo.add %iterArg_87, %303 : tensor<16xf32>
      %cst_101 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %305 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %306 = stablehlo.add %iterArg_88, %305 : tensor<16xf32>
      %307 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %308 = stablehlo.multiply %304, %307 : tensor<16xf32>
      %309 = stablehlo.multiply %iterArg_90, %306 : tensor<16xf32>
      %310 = stablehlo.multiply %iterArg_92, %308 : tensor<16xf32>
      %311 = stablehlo.subtract %309, %310 : tensor<16xf32>
      %312 = stablehlo.multiply %iterArg_91, %306 : tensor<16xf32>
      %313 = stablehlo.multiply %iterArg_93, %308 : tensor<16xf32>
      %314 = stablehlo.subtract %312, %313 : tensor<16xf32>
      %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %315 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %316 = stablehlo.compare NE, %314, %315, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %317 = stablehlo.divide %311, %314 : tensor<16xf32>
      %318 = stablehlo.subtract %iterArg_85, %317 : tensor<16xf32>
      %319 = stablehlo.divide %318, %317 : tensor<16xf32>
      %320 = stablehlo.abs %319 : tensor<16xf32>
      %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %321 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %322 = stablehlo.select %316, %320, %321 : tensor<16xi1>, tensor<16xf32>
      %323 = stablehlo.select %316, %317, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %324 = stablehlo.multiply %iterArg_96, %306 : tensor<16xf32>
      %325 = stablehlo.subtract %324, %iterArg_90 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_94, %308 : tensor<16xf32>
      %327 = stablehlo.subtract %325, %326 : tensor<16xf32>
      %328 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %329 = stablehlo.multiply %iterArg_92, %328 : tensor<16xf32>
      %330 = stablehlo.add %327, %329 : tensor<16xf32>
      %331 = stablehlo.multiply %iterArg_97, %306 : tensor<16xf32>
      %332 = stablehlo.subtract %331, %iterArg_91 : tensor<16xf32>
      %333 = stablehlo.multiply %iterArg_95, %308 : tensor<16xf32>
      %334 = stablehlo.subtract %332, %333 : tensor<16xf32>
      %335 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %336 = stablehlo.multiply %iterArg_93, %335 : tensor<16xf32>
      %337 = stablehlo.add %334, %336 : tensor<16xf32>
      %338 = stablehlo.multiply %323, %337 : tensor<16xf32>
      %339 = stablehlo.subtract %330, %338 : tensor<16xf32>
      %340 = stablehlo.divide %339, %314 : tensor<16xf32>
      %341 = stablehlo.select %316, %340, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      %342 = stablehlo.subtract %341, %iterArg_98 : tensor<16xf32>
      %343 = stablehlo.abs %342 : tensor<16xf32>
      %cst_104 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %344 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %345 = stablehlo.select %316, %343, %344 : tensor<16xi1>, tensor<16xf32>
      %346 = stablehlo.abs %311 : tensor<16xf32>
      %cst_105 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_106 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %347 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<f32>
      %348 = stablehlo.divide %347, %cst_105 : tensor<f32>
      %349 = stablehlo.broadcast_in_dim %348, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %350 = stablehlo.compare GT, %346, %349, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %cst_107 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %351 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %352 = stablehlo.multiply %iterArg_90, %351 : tensor<16xf32>
      %353 = stablehlo.select %350, %352, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %cst_108 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %354 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %355 = stablehlo.multiply %311, %354 : tensor<16xf32>
      %356 = stablehlo.select %350, %355, %311 : tensor<16xi1>, tensor<16xf32>
      %cst_109 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %357 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %358 = stablehlo.multiply %iterArg_91, %357 : tensor<16xf32>
      %359 = stablehlo.select %350, %358, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %cst_110 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %360 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %361 = stablehlo.multiply %314, %360 : tensor<16xf32>
      %362 = stablehlo.select %350, %361, %314 : tensor<16xi1>, tensor<16xf32>
      %cst_111 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %363 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %364 = stablehlo.multiply %iterArg_96, %363 : tensor<16xf32>
      %365 = stablehlo.select %350, %364, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %cst_112 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %366 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %367 = stablehlo.multiply %iterArg_97, %366 : tensor<16xf32>
      %368 = stablehlo.select %350, %367, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %cst_113 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %369 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %370 = stablehlo.multiply %330, %369 : tensor<16xf32>
      %371 = stablehlo.select %350, %370, %330 : tensor<16xi1>, tensor<16xf32>
      %cst_114 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %372 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %373 = stablehlo.multiply %337, %372 : tensor<16xf32>
      %374 = stablehlo.select %350, %373, %337 : tensor<16xi1>, tensor<16xf32>
      %cst_115 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %375 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %376 = stablehlo.compare GT, %322, %375, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %377 = stablehlo.and %iterArg, %376 : tensor<16xi1>
      %378 = stablehlo.select %iterArg, %323, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %379 = stablehlo.select %iterArg, %322, %iterArg_86 : tensor<16xi1>, tensor<16xf32>
      %380 = stablehlo.select %iterArg, %304, %iterArg_87 : tensor<16xi1>, tensor<16xf32>
      %381 = stablehlo.select %iterArg, %306, %iterArg_88 : tensor<16xi1>, tensor<16xf32>
      %382 = stablehlo.select %iterArg, %356, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %383 = stablehlo.select %iterArg, %362, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %384 = stablehlo.select %iterArg, %353, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %385 = stablehlo.select %iterArg, %359, %iterArg_93 : tensor<16xi1>, tensor<16xf32>
      %386 = stablehlo.select %iterArg, %365, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %387 = stablehlo.select %iterArg, %368, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %388 = stablehlo.select %iterArg, %371, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %389 = stablehlo.select %iterArg, %374, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %390 = stablehlo.select %iterArg, %341, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %377, %378, %379, %380, %381, %302, %382, %383, %384, %385, %386, %387, %388, %389, %390 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %74 = stablehlo.multiply %73#1, %49 : tensor<16xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %76 = stablehlo.subtract %75, %74 : tensor<16xf32>
    %77 = stablehlo.not %39 : tensor<16xi1>
    %78 = stablehlo.and %53, %77 : tensor<16xi1>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %83:7 = stablehlo.while(%iterArg = %78, %iterArg_85 = %arg2, %iterArg_86 = %79, %iterArg_87 = %80, %iterArg_88 = %arg0, %iterArg_89 = %81, %iterArg_90 = %82) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      %302 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %302 : tensor<i1>
    } do {
      %cst_91 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %302 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %303 = stablehlo.add %iterArg_85, %302 : tensor<16xf32>
      %304 = stablehlo.divide %iterArg_88, %303 : tensor<16xf32>
      %305 = stablehlo.multiply %iterArg_89, %304 : tensor<16xf32>
      %306 = stablehlo.multiply %iterArg_86, %iterArg_88 : tensor<16xf32>
      %307 = stablehlo.multiply %303, %303 : tensor<16xf32>
      %308 = stablehlo.divide %306, %307 : tensor<16xf32>
      %309 = stablehlo.subtract %305, %308 : tensor<16xf32>
      %310 = stablehlo.add %iterArg_90, %309 : tensor<16xf32>
      %311 = stablehlo.divide %iterArg_88, %303 : tensor<16xf32>
      %312 = stablehlo.multiply %iterArg_86, %311 : tensor<16xf32>
      %313 = stablehlo.add %iterArg_87, %312 : tensor<16xf32>
      %314 = stablehlo.divide %312, %313 : tensor<16xf32>
      %cst_92 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %315 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %316 = stablehlo.compare GT, %314, %315, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %317 = stablehlo.and %iterArg, %316 : tensor<16xi1>
      %318 = stablehlo.select %iterArg, %303, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %319 = stablehlo.select %iterArg, %312, %iterArg_86 : tensor<16xi1>, tensor<16xf32>
      %320 = stablehlo.select %iterArg, %313, %iterArg_87 : tensor<16xi1>, tensor<16xf32>
      %321 = stablehlo.select %iterArg, %iterArg_88, %iterArg_88 : tensor<16xi1>, tensor<16xf32>
      %322 = stablehlo.select %iterArg, %309, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %323 = stablehlo.select %iterArg, %310, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %317, %318, %319, %320, %321, %322, %323 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %84 = stablehlo.multiply %83#3, %49 : tensor<16xf32>
    %85 = stablehlo.divide %84, %arg2 : tensor<16xf32>
    %86 = stablehlo.select %39, %76, %85 : tensor<16xi1>, tensor<16xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %88 = stablehlo.select %27, %87, %86 : tensor<16xi1>, tensor<16xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %90 = stablehlo.select %23, %89, %88 : tensor<16xi1>, tensor<16xf32>
    %cst_22 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %92 = stablehlo.select %35, %91, %90 : tensor<16xi1>, tensor<16xf32>
    %93 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %94 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %95 = stablehlo.or %93, %94 : tensor<16xi1>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %97 = stablehlo.compare EQ, %arg2, %96, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %99 = stablehlo.compare EQ, %arg0, %98, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_25 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %101 = stablehlo.compare EQ, %arg0, %100, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %103 = stablehlo.compare LT, %arg0, %102, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %105 = stablehlo.compare LT, %arg2, %104, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %106 = stablehlo.and %97, %99 : tensor<16xi1>
    %107 = stablehlo.or %103, %105 : tensor<16xi1>
    %108 = stablehlo.or %107, %106 : tensor<16xi1>
    %109 = stablehlo.or %108, %95 : tensor<16xi1>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %111 = stablehlo.compare LT, %arg0, %110, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %112 = stablehlo.compare LT, %arg0, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %113 = stablehlo.or %111, %112 : tensor<16xi1>
    %114 = stablehlo.log %arg0 : tensor<16xf32>
    %115 = stablehlo.multiply %arg2, %114 : tensor<16xf32>
    %116 = stablehlo.subtract %115, %arg0 : tensor<16xf32>
    %117 = chlo.lgamma %arg2 : tensor<16xf32> -> tensor<16xf32>
    %118 = stablehlo.subtract %116, %117 : tensor<16xf32>
    %cst_29 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %119 = stablehlo.log %cst_29 : tensor<f32>
    %120 = stablehlo.negate %119 : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %122 = stablehlo.compare LT, %118, %121, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %123 = stablehlo.or %109, %122 : tensor<16xi1>
    %124 = stablehlo.or %123, %101 : tensor<16xi1>
    %125 = stablehlo.or %124, %97 : tensor<16xi1>
    %126 = stablehlo.not %125 : tensor<16xi1>
    %127 = stablehlo.exponential %118 : tensor<16xf32>
    %128 = stablehlo.and %126, %113 : tensor<16xi1>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %133:7 = stablehlo.while(%iterArg = %128, %iterArg_85 = %arg2, %iterArg_86 = %129, %iterArg_87 = %130, %iterArg_88 = %arg0, %iterArg_89 = %131, %iterArg_90 = %132) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      %302 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %302 : tensor<i1>
    } do {
      %cst_91 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %302 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %303 = stablehlo.add %iterArg_85, %302 : tensor<16xf32>
      %304 = stablehlo.divide %iterArg_88, %303 : tensor<16xf32>
      %305 = stablehlo.multiply %iterArg_89, %304 : tensor<16xf32>
      %306 = stablehlo.multiply %iterArg_86, %iterArg_88 : tensor<16xf32>
      %307 = stablehlo.multiply %303, %303 : tensor<16xf32>
      %308 = stablehlo.divide %306, %307 : tensor<16xf32>
      %309 = stablehlo.subtract %305, %308 : tensor<16xf32>
      %310 = stablehlo.add %iterArg_90, %309 : tensor<16xf32>
      %311 = stablehlo.divide %iterArg_88, %303 : tensor<16xf32>
      %312 = stablehlo.multiply %iterArg_86, %311 : tensor<16xf32>
      %313 = stablehlo.add %iterArg_87, %312 : tensor<16xf32>
      %314 = stablehlo.divide %312, %313 : tensor<16xf32>
      %cst_92 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %315 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %316 = stablehlo.compare GT, %314, %315, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %317 = stablehlo.and %iterArg, %316 : tensor<16xi1>
      %318 = stablehlo.select %iterArg, %303, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %319 = stablehlo.select %iterArg, %312, %iterArg_86 : tensor<16xi1>, tensor<16xf32>
      %320 = stablehlo.select %iterArg, %313, %iterArg_87 : tensor<16xi1>, tensor<16xf32>
      %321 = stablehlo.select %iterArg, %iterArg_88, %iterArg_88 : tensor<16xi1>, tensor<16xf32>
      %322 = stablehlo.select %iterArg, %309, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %323 = stablehlo.select %iterArg, %310, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %317, %318, %319, %320, %321, %322, %323 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %134 = stablehlo.multiply %133#3, %127 : tensor<16xf32>
    %135 = stablehlo.divide %134, %arg2 : tensor<16xf32>
    %136 = stablehlo.not %113 : tensor<16xi1>
    %137 = stablehlo.and %126, %136 : tensor<16xi1>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %139 = stablehlo.subtract %138, %arg2 : tensor<16xf32>
    %140 = stablehlo.add %arg0, %139 : tensor<16xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %142 = stablehlo.add %140, %141 : tensor<16xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %145 = stablehlo.add %arg0, %144 : tensor<16xf32>
    %146 = stablehlo.multiply %142, %arg0 : tensor<16xf32>
    %147 = stablehlo.divide %145, %146 : tensor<16xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %148 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %152 = stablehlo.negate %arg0 : tensor<16xf32>
    %153 = stablehlo.multiply %147, %152 : tensor<16xf32>
    %154 = stablehlo.subtract %151, %153 : tensor<16xf32>
    %155 = stablehlo.divide %154, %146 : tensor<16xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %156:15 = stablehlo.while(%iterArg = %137, %iterArg_85 = %147, %iterArg_86 = %148, %iterArg_87 = %139, %iterArg_88 = %142, %iterArg_89 = %cst_42, %iterArg_90 = %145, %iterArg_91 = %146, %iterArg_92 = %143, %iterArg_93 = %arg0, %iterArg_94 = %149, %iterArg_95 = %150, %iterArg_96 = %151, %iterArg_97 = %152, %iterArg_98 = %155) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %cst_99 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %302 = stablehlo.compare LT, %iterArg_89, %cst_99, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c = stablehlo.constant dense<false> : tensor<i1>
      %303 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      %304 = stablehlo.and %302, %303 : tensor<i1>
      stablehlo.return %304 : tensor<i1>
    } do {
      %cst_99 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %302 = stablehlo.add %iterArg_89, %cst_99 : tensor<f32>
      %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %303 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %304 = stablehlo.add %iterArg_87, %303 : tensor<16xf32>
      %cst_101 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %305 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %306 = stablehlo.add %iterArg_88, %305 : tensor<16xf32>
      %307 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %308 = stablehlo.multiply %304, %307 : tensor<16xf32>
      %309 = stablehlo.multiply %iterArg_90, %306 : tensor<16xf32>
      %310 = stablehlo.multiply %iterArg_92, %308 : tensor<16xf32>
      %311 = stablehlo.subtract %309, %310 : tensor<16xf32>
      %312 = stablehlo.multiply %iterArg_91, %306 : tensor<16xf32>
      %313 = stablehlo.multiply %iterArg_93, %308 : tensor<16xf32>
      %314 = stablehlo.subtract %312, %313 : tensor<16xf32>
      %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %315 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %316 = stablehlo.compare NE, %314, %315, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %317 = stablehlo.divide %311, %314 : tensor<16xf32>
      %318 = stablehlo.subtract %iterArg_85, %317 : tensor<16xf32>
      %319 = stablehlo.divide %318, %317 : tensor<16xf32>
      %320 = stablehlo.abs %319 : tensor<16xf32>
      %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %321 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %322 = stablehlo.select %316, %320, %321 : tensor<16xi1>, tensor<16xf32>
      %323 = stablehlo.select %316, %317, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %324 = stablehlo.multiply %iterArg_96, %306 : tensor<16xf32>
      %325 = stablehlo.subtract %324, %iterArg_90 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_94, %308 : tensor<16xf32>
      %327 = stablehlo.subtract %325, %326 : tensor<16xf32>
      %328 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %329 = stablehlo.multiply %iterArg_92, %328 : tensor<16xf32>
      %330 = stablehlo.add %327, %329 : tensor<16xf32>
      %331 = stablehlo.multiply %iterArg_97, %306 : tensor<16xf32>
      %332 = stablehlo.subtract %331, %iterArg_91 : tensor<16xf32>
      %333 = stablehlo.multiply %iterArg_95, %308 : tensor<16xf32>
      %334 = stablehlo.subtract %332, %333 : tensor<16xf32>
      %335 = stablehlo.broadcast_in_dim %302, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %336 = stablehlo.multiply %iterArg_93, %335 : tensor<16xf32>
      %337 = stablehlo.add %334, %336 : tensor<16xf32>
      %338 = stablehlo.multiply %323, %337 : tensor<16xf32>
      %339 = stablehlo.subtract %330, %338 : tensor<16xf32>
      %340 = stablehlo.divide %339, %314 : tensor<16xf32>
      %341 = stablehlo.select %316, %340, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      %342 = stablehlo.subtract %341, %iterArg_98 : tensor<16xf32>
      %343 = stablehlo.abs %342 : tensor<16xf32>
      %cst_104 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %344 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %345 = stablehlo.select %316, %343, %344 : tensor<16xi1>, tensor<16xf32>
      %346 = stablehlo.abs %311 : tensor<16xf32>
      %cst_105 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_106 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %347 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<f32>
      %348 = stablehlo.divide %347, %cst_105 : tensor<f32>
      %349 = stablehlo.broadcast_in_dim %348, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %350 = stablehlo.compare GT, %346, %349, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %cst_107 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %351 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %352 = stablehlo.multiply %iterArg_90, %351 : tensor<16xf32>
      %353 = stablehlo.select %350, %352, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %cst_108 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %354 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %355 = stablehlo.multiply %311, %354 : tensor<16xf32>
      %356 = stablehlo.select %350, %355, %311 : tensor<16xi1>, tensor<16xf32>
      %cst_109 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %357 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %358 = stablehlo.multiply %iterArg_91, %357 : tensor<16xf32>
      %359 = stablehlo.select %350, %358, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %cst_110 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %360 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %361 = stablehlo.multiply %314, %360 : tensor<16xf32>
      %362 = stablehlo.select %350, %361, %314 : tensor<16xi1>, tensor<16xf32>
      %cst_111 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %363 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %364 = stablehlo.multiply %iterArg_96, %363 : tensor<16xf32>
      %365 = stablehlo.select %350, %364, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %cst_112 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %366 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %367 = stablehlo.multiply %iterArg_97, %366 : tensor<16xf32>
      %368 = stablehlo.select %350, %367, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %cst_113 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %369 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %370 = stablehlo.multiply %330, %369 : tensor<16xf32>
      %371 = stablehlo.select %350, %370, %330 : tensor<16xi1>, tensor<16xf32>
      %cst_114 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %372 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %373 = stablehlo.multiply %337, %372 : tensor<16xf32>
      %374 = stablehlo.select %350, %373, %337 : tensor<16xi1>, tensor<16xf32>
      %cst_115 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %375 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %376 = stablehlo.compare GT, %322, %375, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %377 = stablehlo.and %iterArg, %376 : tensor<16xi1>
      %378 = stablehlo.select %iterArg, %323, %iterArg_85 : tensor<16xi1>, tensor<16xf32>
      %379 = stablehlo.select %iterArg, %322, %iterArg_86 : tensor<16xi1>, tensor<16xf32>
      %380 = stablehlo.select %iterArg, %304, %iterArg_87 : tensor<16xi1>, tensor<16xf32>
      %381 = stablehlo.select %iterArg, %306, %iterArg_88 : tensor<16xi1>, tensor<16xf32>
      %382 = stablehlo.select %iterArg, %356, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %383 = stablehlo.select %iterArg, %362, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %384 = stablehlo.select %iterArg, %353, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %385 = stablehlo.select %iterArg, %359, %iterArg_93 : tensor<16xi1>, tensor<16xf32>
      %386 = stablehlo.select %iterArg, %365, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %387 = stablehlo.select %iterArg, %368, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %388 = stablehlo.select %iterArg, %371, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %389 = stablehlo.select %iterArg, %374, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %390 = stablehlo.select %iterArg, %341, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %377, %378, %379, %380, %381, %302, %382, %383, %384, %385, %386, %387, %388, %389, %390 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %157 = stablehlo.multiply %156#1, %127 : tensor<16xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %159 = stablehlo.subtract %158, %135 : tensor<16xf32>
    %160 = stablehlo.select %113, %159, %157 : tensor<16xi1>, tensor<16xf32>
    %161 = stablehlo.or %101, %97 : tensor<16xi1>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %163 = stablehlo.select %161, %162, %160 : tensor<16xi1>, tensor<16xf32>
    %cst_45 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %165 = stablehlo.select %109, %164, %163 : tensor<16xi1>, tensor<16xf32>
    %166 = stablehlo.abs %arg3 : tensor<16xf32>
    %cst_46 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_47 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_48 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %170 = stablehlo.multiply %167, %166 : tensor<16xf32>
    %171 = stablehlo.subtract %170, %168 : tensor<16xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %175 = stablehlo.multiply %171, %172 : tensor<16xf32>
    %176 = stablehlo.subtract %175, %173 : tensor<16xf32>
    %cst_52 = stablehlo.constant dense<-1.30002498E-8> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %178 = stablehlo.add %176, %177 : tensor<16xf32>
    %179 = stablehlo.multiply %171, %178 : tensor<16xf32>
    %180 = stablehlo.subtract %179, %172 : tensor<16xf32>
    %cst_53 = stablehlo.constant dense<6.04699508E-8> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %182 = stablehlo.add %180, %181 : tensor<16xf32>
    %183 = stablehlo.multiply %171, %182 : tensor<16xf32>
    %184 = stablehlo.subtract %183, %178 : tensor<16xf32>
    %cst_54 = stablehlo.constant dense<-2.67079372E-7> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %186 = stablehlo.add %184, %185 : tensor<16xf32>
    %187 = stablehlo.multiply %171, %186 : tensor<16xf32>
    %188 = stablehlo.subtract %187, %182 : tensor<16xf32>
    %cst_55 = stablehlo.constant dense<1.11738757E-6> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %190 = stablehlo.add %188, %189 : tensor<16xf32>
    %191 = stablehlo.multiply %171, %190 : tensor<16xf32>
    %192 = stablehlo.subtract %191, %186 : tensor<16xf32>
    %cst_56 = stablehlo.constant dense<-4.41673819E-6> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %194 = stablehlo.add %192, %193 : tensor<16xf32>
    %195 = stablehlo.multiply %171, %194 : tensor<16xf32>
    %196 = stablehlo.subtract %195, %190 : tensor<16xf32>
    %cst_57 = stablehlo.constant dense<1.64484482E-5> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %198 = stablehlo.add %196, %197 : tensor<16xf32>
    %199 = stablehlo.multiply %171, %198 : tensor<16xf32>
    %200 = stablehlo.subtract %199, %194 : tensor<16xf32>
    %cst_58 = stablehlo.constant dense<-5.75419508E-5> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %202 = stablehlo.add %200, %201 : tensor<16xf32>
    %203 = stablehlo.multiply %171, %202 : tensor<16xf32>
    %204 = stablehlo.subtract %203, %198 : tensor<16xf32>
    %cst_59 = stablehlo.constant dense<1.88502891E-4> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %206 = stablehlo.add %204, %205 : tensor<16xf32>
    %207 = stablehlo.multiply %171, %206 : tensor<16xf32>
    %208 = stablehlo.subtract %207, %202 : tensor<16xf32>
    %cst_60 = stablehlo.constant dense<-5.76375576E-4> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %210 = stablehlo.add %208, %209 : tensor<16xf32>
    %211 = stablehlo.multiply %171, %210 : tensor<16xf32>
    %212 = stablehlo.subtract %211, %206 : tensor<16xf32>
    %cst_61 = stablehlo.constant dense<0.00163947558> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %214 = stablehlo.add %212, %213 : tensor<16xf32>
    %215 = stablehlo.multiply %171, %214 : tensor<16xf32>
    %216 = stablehlo.subtract %215, %210 : tensor<16xf32>
    %cst_62 = stablehlo.constant dense<-4.324310e-03> : tensor<f32>
    %217 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %218 = stablehlo.add %216, %217 : tensor<16xf32>
    %219 = stablehlo.multiply %171, %218 : tensor<16xf32>
    %220 = stablehlo.subtract %219, %214 : tensor<16xf32>
    %cst_63 = stablehlo.constant dense<0.0105464607> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %222 = stablehlo.add %220, %221 : tensor<16xf32>
    %223 = stablehlo.multiply %171, %222 : tensor<16xf32>
    %224 = stablehlo.subtract %223, %218 : tensor<16xf32>
    %cst_64 = stablehlo.constant dense<-0.0237374157> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %226 = stablehlo.add %224, %225 : tensor<16xf32>
    %227 = stablehlo.multiply %171, %226 : tensor<16xf32>
    %228 = stablehlo.subtract %227, %222 : tensor<16xf32>
    %cst_65 = stablehlo.constant dense<0.0493052825> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %230 = stablehlo.add %228, %229 : tensor<16xf32>
    %231 = stablehlo.multiply %171, %230 : tensor<16xf32>
    %232 = stablehlo.subtract %231, %226 : tensor<16xf32>
    %cst_66 = stablehlo.constant dense<-9.490110e-02> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %234 = stablehlo.add %232, %233 : tensor<16xf32>
    %235 = stablehlo.multiply %171, %234 : tensor<16xf32>
    %236 = stablehlo.subtract %235, %230 : tensor<16xf32>
    %cst_67 = stablehlo.constant dense<0.171620905> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %238 = stablehlo.add %236, %237 : tensor<16xf32>
    %239 = stablehlo.multiply %171, %238 : tensor<16xf32>
    %240 = stablehlo.subtract %239, %234 : tensor<16xf32>
    %cst_68 = stablehlo.constant dense<-0.304682672> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %242 = stablehlo.add %240, %241 : tensor<16xf32>
    %243 = stablehlo.multiply %171, %242 : tensor<16xf32>
    %244 = stablehlo.subtract %243, %238 : tensor<16xf32>
    %cst_69 = stablehlo.constant dense<0.676795303> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %246 = stablehlo.add %244, %245 : tensor<16xf32>
    %247 = stablehlo.subtract %246, %238 : tensor<16xf32>
    %cst_70 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %249 = stablehlo.multiply %248, %247 : tensor<16xf32>
    %250 = stablehlo.divide %169, %166 : tensor<16xf32>
    %251 = stablehlo.subtract %250, %168 : tensor<16xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %252 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %255 = stablehlo.multiply %251, %252 : tensor<16xf32>
    %256 = stablehlo.subtract %255, %253 : tensor<16xf32>
    %cst_74 = stablehlo.constant dense<3.39623196E-9> : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %258 = stablehlo.add %256, %257 : tensor<16xf32>
    %259 = stablehlo.multiply %251, %258 : tensor<16xf32>
    %260 = stablehlo.subtract %259, %252 : tensor<16xf32>
    %cst_75 = stablehlo.constant dense<2.26666899E-8> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %262 = stablehlo.add %260, %261 : tensor<16xf32>
    %263 = stablehlo.multiply %251, %262 : tensor<16xf32>
    %264 = stablehlo.subtract %263, %258 : tensor<16xf32>
    %cst_76 = stablehlo.constant dense<2.04891862E-7> : tensor<f32>
    %265 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %266 = stablehlo.add %264, %265 : tensor<16xf32>
    %267 = stablehlo.multiply %251, %266 : tensor<16xf32>
    %268 = stablehlo.subtract %267, %262 : tensor<16xf32>
    %cst_77 = stablehlo.constant dense<2.89137051E-6> : tensor<f32>
    %269 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %270 = stablehlo.add %268, %269 : tensor<16xf32>
    %271 = stablehlo.multiply %251, %270 : tensor<16xf32>
    %272 = stablehlo.subtract %271, %266 : tensor<16xf32>
    %cst_78 = stablehlo.constant dense<6.88975852E-5> : tensor<f32>
    %273 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %274 = stablehlo.add %272, %273 : tensor<16xf32>
    %275 = stablehlo.multiply %251, %274 : tensor<16xf32>
    %276 = stablehlo.subtract %275, %270 : tensor<16xf32>
    %cst_79 = stablehlo.constant dense<0.00336911646> : tensor<f32>
    %277 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %278 = stablehlo.add %276, %277 : tensor<16xf32>
    %279 = stablehlo.multiply %251, %278 : tensor<16xf32>
    %280 = stablehlo.subtract %279, %274 : tensor<16xf32>
    %cst_80 = stablehlo.constant dense<0.804490387> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %282 = stablehlo.add %280, %281 : tensor<16xf32>
    %283 = stablehlo.subtract %282, %274 : tensor<16xf32>
    %cst_81 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %285 = stablehlo.multiply %284, %283 : tensor<16xf32>
    %286 = stablehlo.sqrt %166 : tensor<16xf32>
    %287 = stablehlo.divide %285, %286 : tensor<16xf32>
    %cst_82 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %289 = stablehlo.compare LE, %166, %288, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %290 = stablehlo.select %289, %249, %287 : tensor<16xi1>, tensor<16xf32>
    %291 = chlo.bessel_i1e %arg3 : tensor<16xf32> -> tensor<16xf32>
    %292 = stablehlo.negate %arg3 : tensor<16xf32>
    %293 = stablehlo.exponential %292 : tensor<16xf32>
    %cst_83 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %295 = stablehlo.add %294, %293 : tensor<16xf32>
    %cst_84 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %296 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %297 = stablehlo.divide %296, %295 : tensor<16xf32>
    %298 = stablehlo.log_plus_one %arg0 : tensor<16xf32>
    %299 = stablehlo.exponential_minus_one %arg1 : tensor<16xf32>
    %300 = stablehlo.cbrt %arg3 : tensor<16xf32>
    %301 = stablehlo.rsqrt %arg0 : tensor<16xf32>
    %values, %indices = chlo.top_k(%arg3, k = 4) : tensor<16xf32> -> (tensor<4xf32>, tensor<4xi32>)
    return %9, %13, %8, %12, %10, %11, %14, %290, %291, %300, %7, %4, %0, %2, %1, %299, %92, %165, %15, %16, %17, %3, %298, %297, %18, %301, %6, %5, %values, %indices : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4xf32>, tensor<4xi32>
  }
  func.func private @arccosh(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %0 = chlo.acosh %arg0 : tensor<16xf32> -> tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @isinf(%arg0: tensor<8xf32>) -> tensor<8xi1> {
    %0 = stablehlo.abs %arg0 : tensor<8xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    return %2 : tensor<8xi1>
  }
}
