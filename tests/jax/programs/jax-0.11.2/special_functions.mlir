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
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %25 = stablehlo.compare EQ, %arg2, %24, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %27 = stablehlo.compare EQ, %arg2, %26, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %29 = stablehlo.compare EQ, %arg0, %28, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %31 = stablehlo.compare LT, %arg0, %30, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %33 = stablehlo.compare LT, %arg2, %32, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %34 = stablehlo.and %27, %29 : tensor<16xi1>
    %35 = stablehlo.and %25, %23 : tensor<16xi1>
    %36 = stablehlo.or %31, %33 : tensor<16xi1>
    %37 = stablehlo.or %36, %34 : tensor<16xi1>
    %38 = stablehlo.or %37, %35 : tensor<16xi1>
    %39 = stablehlo.or %38, %21 : tensor<16xi1>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %41 = stablehlo.compare GE, %arg0, %40, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %42 = stablehlo.compare GT, %arg0, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %43 = stablehlo.and %41, %42 : tensor<16xi1>
    %44 = stablehlo.log %arg0 : tensor<16xf32>
    %45 = stablehlo.multiply %arg2, %44 : tensor<16xf32>
    %46 = stablehlo.subtract %45, %arg0 : tensor<16xf32>
    %47 = chlo.lgamma %arg2 : tensor<16xf32> -> tensor<16xf32>
    %48 = stablehlo.subtract %46, %47 : tensor<16xf32>
    %cst_6 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %49 = stablehlo.log %cst_6 : tensor<f32>
    %50 = stablehlo.negate %49 : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %52 = stablehlo.compare LT, %48, %51, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %53 = stablehlo.exponential %48 : tensor<16xf32>
    %54 = stablehlo.or %29, %39 : tensor<16xi1>
    %55 = stablehlo.or %54, %52 : tensor<16xi1>
    %56 = stablehlo.or %55, %23 : tensor<16xi1>
    %57 = stablehlo.or %56, %25 : tensor<16xi1>
    %58 = stablehlo.not %57 : tensor<16xi1>
    %59 = stablehlo.and %58, %43 : tensor<16xi1>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %61 = stablehlo.subtract %60, %arg2 : tensor<16xf32>
    %62 = stablehlo.add %arg0, %61 : tensor<16xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %64 = stablehlo.add %62, %63 : tensor<16xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %67 = stablehlo.add %arg0, %66 : tensor<16xf32>
    %68 = stablehlo.multiply %64, %arg0 : tensor<16xf32>
    %69 = stablehlo.divide %67, %68 : tensor<16xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %74 = stablehlo.negate %arg0 : tensor<16xf32>
    %75 = stablehlo.multiply %69, %74 : tensor<16xf32>
    %76 = stablehlo.subtract %73, %75 : tensor<16xf32>
    %77 = stablehlo.divide %76, %68 : tensor<16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78:15 = stablehlo.while(%iterArg = %59, %iterArg_89 = %69, %iterArg_90 = %70, %iterArg_91 = %61, %iterArg_92 = %64, %iterArg_93 = %cst_15, %iterArg_94 = %67, %iterArg_95 = %68, %iterArg_96 = %65, %iterArg_97 = %arg0, %iterArg_98 = %71, %iterArg_99 = %72, %iterArg_100 = %73, %iterArg_101 = %74, %iterArg_102 = %77) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %cst_103 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %316 = stablehlo.compare LT, %iterArg_93, %cst_103, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c = stablehlo.constant dense<false> : tensor<i1>
      %317 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      %318 = stablehlo.and %316, %317 : tensor<i1>
      stablehlo.return %318 : tensor<i1>
    } do {
      %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %316 = stablehlo.add %iterArg_93, %cst_103 : tensor<f32>
      %cst_104 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %317 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %318 = stablehlo.add %iterArg_91, %317 : tensor<16xf32>
      %cst_105 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %319 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %320 = stablehlo.add %iterArg_92, %319 : tensor<16xf32>
      %321 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %322 = stablehlo.multiply %318, %321 : tensor<16xf32>
      %323 = stablehlo.multiply %iterArg_94, %320 : tensor<16xf32>
      %324 = stablehlo.multiply %iterArg_96, %322 : tensor<16xf32>
      %325 = stablehlo.subtract %323, %324 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_95, %320 : tensor<16xf32>
      %327 = stablehlo.multiply %iterArg_97, %322 : tensor<16xf32>
      %328 = stablehlo.subtract %326, %327 : tensor<16xf32>
      %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %329 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %330 = stablehlo.compare NE, %328, %329, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %331 = stablehlo.divide %325, %328 : tensor<16xf32>
      %332 = stablehlo.subtract %iterArg_89, %331 : tensor<16xf32>
      %333 = stablehlo.divide %332, %331 : tensor<16xf32>
      %334 = stablehlo.abs %333 : tensor<16xf32>
      %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %335 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %336 = stablehlo.select %330, %334, %335 : tensor<16xi1>, tensor<16xf32>
      %337 = stablehlo.select %330, %331, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %338 = stablehlo.multiply %iterArg_100, %320 : tensor<16xf32>
      %339 = stablehlo.subtract %338, %iterArg_94 : tensor<16xf32>
      %340 = stablehlo.multiply %iterArg_98, %322 : tensor<16xf32>
      %341 = stablehlo.subtract %339, %340 : tensor<16xf32>
      %342 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %343 = stablehlo.multiply %iterArg_96, %342 : tensor<16xf32>
      %344 = stablehlo.add %341, %343 : tensor<16xf32>
      %345 = stablehlo.multiply %iterArg_101, %320 : tensor<16xf32>
      %346 = stablehlo.subtract %345, %iterArg_95 : tensor<16xf32>
      %347 = stablehlo.multiply %iterArg_99, %322 : tensor<16xf32>
      %348 = stablehlo.subtract %346, %347 : tensor<16xf32>
      %349 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %350 = stablehlo.multiply %iterArg_97, %349 : tensor<16xf32>
      %351 = stablehlo.add %348, %350 : tensor<16xf32>
      %352 = stablehlo.multiply %337, %351 : tensor<16xf32>
      %353 = stablehlo.subtract %344, %352 : tensor<16xf32>
      %354 = stablehlo.divide %353, %328 : tensor<16xf32>
      %355 = stablehlo.select %330, %354, %iterArg_102 : tensor<16xi1>, tensor<16xf32>
      %356 = stablehlo.subtract %355, %iterArg_102 : tensor<16xf32>
      %357 = stablehlo.abs %356 : tensor<16xf32>
      %cst_108 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %358 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %359 = stablehlo.select %330, %357, %358 : tensor<16xi1>, tensor<16xf32>
      %360 = stablehlo.abs %325 : tensor<16xf32>
      %cst_109 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_110 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %361 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<f32>
      %362 = stablehlo.divide %361, %cst_109 : tensor<f32>
      %363 = stablehlo.broadcast_in_dim %362, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %364 = stablehlo.compare GT, %360, %363, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %cst_111 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %365 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %366 = stablehlo.multiply %iterArg_94, %365 : tensor<16xf32>
      %367 = stablehlo.select %364, %366, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %cst_112 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %368 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %369 = stablehlo.multiply %325, %368 : tensor<16xf32>
      %370 = stablehlo.select %364, %369, %325 : tensor<16xi1>, tensor<16xf32>
      %cst_113 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %371 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %372 = stablehlo.multiply %iterArg_95, %371 : tensor<16xf32>
      %373 = stablehlo.select %364, %372, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %cst_114 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %374 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %375 = stablehlo.multiply %328, %374 : tensor<16xf32>
      %376 = stablehlo.select %364, %375, %328 : tensor<16xi1>, tensor<16xf32>
      %cst_115 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %377 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %378 = stablehlo.multiply %iterArg_100, %377 : tensor<16xf32>
      %379 = stablehlo.select %364, %378, %iterArg_100 : tensor<16xi1>, tensor<16xf32>
      %cst_116 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %380 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %381 = stablehlo.multiply %iterArg_101, %380 : tensor<16xf32>
      %382 = stablehlo.select %364, %381, %iterArg_101 : tensor<16xi1>, tensor<16xf32>
      %cst_117 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %383 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %384 = stablehlo.multiply %344, %383 : tensor<16xf32>
      %385 = stablehlo.select %364, %384, %344 : tensor<16xi1>, tensor<16xf32>
      %cst_118 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %386 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %387 = stablehlo.multiply %351, %386 : tensor<16xf32>
      %388 = stablehlo.select %364, %387, %351 : tensor<16xi1>, tensor<16xf32>
      %cst_119 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %389 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %390 = stablehlo.compare GT, %336, %389, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %391 = stablehlo.and %iterArg, %390 : tensor<16xi1>
      %392 = stablehlo.select %iterArg, %337, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %393 = stablehlo.select %iterArg, %336, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %394 = stablehlo.select %iterArg, %318, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %395 = stablehlo.select %iterArg, %320, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %396 = stablehlo.select %iterArg, %370, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %397 = stablehlo.select %iterArg, %376, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %398 = stablehlo.select %iterArg, %367, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %399 = stablehlo.select %iterArg, %373, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %400 = stablehlo.select %iterArg, %379, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      %401 = stablehlo.select %iterArg, %382, %iterArg_99 : tensor<16xi1>, tensor<16xf32>
      %402 = stablehlo.select %iterArg, %385, %iterArg_100 : tensor<16xi1>, tensor<16xf32>
      %403 = stablehlo.select %iterArg, %388, %iterArg_101 : tensor<16xi1>, tensor<16xf32>
      %404 = stablehlo.select %iterArg, %355, %iterArg_102 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %391, %392, %393, %394, %395, %316, %396, %397, %398, %399, %400, %401, %402, %403, %404 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %79 = stablehlo.multiply %78#1, %53 : tensor<16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %81 = stablehlo.subtract %80, %79 : tensor<16xf32>
    %82 = stablehlo.not %43 : tensor<16xi1>
    %83 = stablehlo.and %58, %82 : tensor<16xi1>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %88:7 = stablehlo.while(%iterArg = %83, %iterArg_89 = %arg2, %iterArg_90 = %84, %iterArg_91 = %85, %iterArg_92 = %arg0, %iterArg_93 = %86, %iterArg_94 = %87) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      %316 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %316 : tensor<i1>
    } do {
      %cst_95 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %316 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %317 = stablehlo.add %iterArg_89, %316 : tensor<16xf32>
      %318 = stablehlo.divide %iterArg_92, %317 : tensor<16xf32>
      %319 = stablehlo.multiply %iterArg_93, %318 : tensor<16xf32>
      %320 = stablehlo.multiply %iterArg_90, %iterArg_92 : tensor<16xf32>
      %321 = stablehlo.multiply %317, %317 : tensor<16xf32>
      %322 = stablehlo.divide %320, %321 : tensor<16xf32>
      %323 = stablehlo.subtract %319, %322 : tensor<16xf32>
      %324 = stablehlo.add %iterArg_94, %323 : tensor<16xf32>
      %325 = stablehlo.divide %iterArg_92, %317 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_90, %325 : tensor<16xf32>
      %327 = stablehlo.add %iterArg_91, %326 : tensor<16xf32>
      %328 = stablehlo.divide %326, %327 : tensor<16xf32>
      %cst_96 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %329 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %330 = stablehlo.compare GT, %328, %329, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %331 = stablehlo.and %iterArg, %330 : tensor<16xi1>
      %332 = stablehlo.select %iterArg, %317, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %333 = stablehlo.select %iterArg, %326, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %334 = stablehlo.select %iterArg, %327, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %335 = stablehlo.select %iterArg, %iterArg_92, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %336 = stablehlo.select %iterArg, %323, %iterArg_93 : tensor<16xi1>, tensor<16xf32>
      %337 = stablehlo.select %iterArg, %324, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %331, %332, %333, %334, %335, %336, %337 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %89 = stablehlo.multiply %88#3, %53 : tensor<16xf32>
    %90 = stablehlo.divide %89, %arg2 : tensor<16xf32>
    %91 = stablehlo.select %43, %81, %90 : tensor<16xi1>, tensor<16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %93 = stablehlo.select %25, %92, %91 : tensor<16xi1>, tensor<16xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %95 = stablehlo.select %29, %94, %93 : tensor<16xi1>, tensor<16xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %97 = stablehlo.select %23, %96, %95 : tensor<16xi1>, tensor<16xf32>
    %cst_24 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %99 = stablehlo.select %39, %98, %97 : tensor<16xi1>, tensor<16xf32>
    %100 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %101 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %102 = stablehlo.or %100, %101 : tensor<16xi1>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %104 = stablehlo.compare EQ, %arg2, %103, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %106 = stablehlo.compare EQ, %arg0, %105, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_27 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %108 = stablehlo.compare EQ, %arg0, %107, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_28 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %110 = stablehlo.compare EQ, %arg2, %109, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %112 = stablehlo.compare LT, %arg0, %111, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %114 = stablehlo.compare LT, %arg2, %113, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %115 = stablehlo.and %104, %106 : tensor<16xi1>
    %116 = stablehlo.and %110, %108 : tensor<16xi1>
    %117 = stablehlo.or %112, %114 : tensor<16xi1>
    %118 = stablehlo.or %117, %115 : tensor<16xi1>
    %119 = stablehlo.or %118, %116 : tensor<16xi1>
    %120 = stablehlo.or %119, %102 : tensor<16xi1>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %122 = stablehlo.compare LT, %arg0, %121, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %123 = stablehlo.compare LT, %arg0, %arg2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %124 = stablehlo.or %122, %123 : tensor<16xi1>
    %125 = stablehlo.log %arg0 : tensor<16xf32>
    %126 = stablehlo.multiply %arg2, %125 : tensor<16xf32>
    %127 = stablehlo.subtract %126, %arg0 : tensor<16xf32>
    %128 = chlo.lgamma %arg2 : tensor<16xf32> -> tensor<16xf32>
    %129 = stablehlo.subtract %127, %128 : tensor<16xf32>
    %cst_32 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %130 = stablehlo.log %cst_32 : tensor<f32>
    %131 = stablehlo.negate %130 : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %131, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %133 = stablehlo.compare LT, %129, %132, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %134 = stablehlo.or %120, %133 : tensor<16xi1>
    %135 = stablehlo.or %134, %108 : tensor<16xi1>
    %136 = stablehlo.or %135, %104 : tensor<16xi1>
    %137 = stablehlo.or %136, %110 : tensor<16xi1>
    %138 = stablehlo.not %137 : tensor<16xi1>
    %139 = stablehlo.exponential %129 : tensor<16xf32>
    %140 = stablehlo.and %138, %124 : tensor<16xi1>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %145:7 = stablehlo.while(%iterArg = %140, %iterArg_89 = %arg2, %iterArg_90 = %141, %iterArg_91 = %142, %iterArg_92 = %arg0, %iterArg_93 = %143, %iterArg_94 = %144) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      %316 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %316 : tensor<i1>
    } do {
      %cst_95 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %316 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %317 = stablehlo.add %iterArg_89, %316 : tensor<16xf32>
      %318 = stablehlo.divide %iterArg_92, %317 : tensor<16xf32>
      %319 = stablehlo.multiply %iterArg_93, %318 : tensor<16xf32>
      %320 = stablehlo.multiply %iterArg_90, %iterArg_92 : tensor<16xf32>
      %321 = stablehlo.multiply %317, %317 : tensor<16xf32>
      %322 = stablehlo.divide %320, %321 : tensor<16xf32>
      %323 = stablehlo.subtract %319, %322 : tensor<16xf32>
      %324 = stablehlo.add %iterArg_94, %323 : tensor<16xf32>
      %325 = stablehlo.divide %iterArg_92, %317 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_90, %325 : tensor<16xf32>
      %327 = stablehlo.add %iterArg_91, %326 : tensor<16xf32>
      %328 = stablehlo.divide %326, %327 : tensor<16xf32>
      %cst_96 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %329 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %330 = stablehlo.compare GT, %328, %329, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %331 = stablehlo.and %iterArg, %330 : tensor<16xi1>
      %332 = stablehlo.select %iterArg, %317, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %333 = stablehlo.select %iterArg, %326, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %334 = stablehlo.select %iterArg, %327, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %335 = stablehlo.select %iterArg, %iterArg_92, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %336 = stablehlo.select %iterArg, %323, %iterArg_93 : tensor<16xi1>, tensor<16xf32>
      %337 = stablehlo.select %iterArg, %324, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %331, %332, %333, %334, %335, %336, %337 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %146 = stablehlo.multiply %145#3, %139 : tensor<16xf32>
    %147 = stablehlo.divide %146, %arg2 : tensor<16xf32>
    %148 = stablehlo.not %124 : tensor<16xi1>
    %149 = stablehlo.and %138, %148 : tensor<16xi1>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %151 = stablehlo.subtract %150, %arg2 : tensor<16xf32>
    %152 = stablehlo.add %arg0, %151 : tensor<16xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %154 = stablehlo.add %152, %153 : tensor<16xf32>
    %cst_39 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %157 = stablehlo.add %arg0, %156 : tensor<16xf32>
    %158 = stablehlo.multiply %154, %arg0 : tensor<16xf32>
    %159 = stablehlo.divide %157, %158 : tensor<16xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %164 = stablehlo.negate %arg0 : tensor<16xf32>
    %165 = stablehlo.multiply %159, %164 : tensor<16xf32>
    %166 = stablehlo.subtract %163, %165 : tensor<16xf32>
    %167 = stablehlo.divide %166, %158 : tensor<16xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %168:15 = stablehlo.while(%iterArg = %149, %iterArg_89 = %159, %iterArg_90 = %160, %iterArg_91 = %151, %iterArg_92 = %154, %iterArg_93 = %cst_45, %iterArg_94 = %157, %iterArg_95 = %158, %iterArg_96 = %155, %iterArg_97 = %arg0, %iterArg_98 = %161, %iterArg_99 = %162, %iterArg_100 = %163, %iterArg_101 = %164, %iterArg_102 = %167) : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    cond {
      %cst_103 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %316 = stablehlo.compare LT, %iterArg_93, %cst_103, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c = stablehlo.constant dense<false> : tensor<i1>
      %317 = stablehlo.reduce(%iterArg init: %c) applies stablehlo.or across dimensions = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
      %318 = stablehlo.and %316, %317 : tensor<i1>
      stablehlo.return %318 : tensor<i1>
    } do {
      %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %316 = stablehlo.add %iterArg_93, %cst_103 : tensor<f32>
      %cst_104 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %317 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %318 = stablehlo.add %iterArg_91, %317 : tensor<16xf32>
      %cst_105 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %319 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %320 = stablehlo.add %iterArg_92, %319 : tensor<16xf32>
      %321 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %322 = stablehlo.multiply %318, %321 : tensor<16xf32>
      %323 = stablehlo.multiply %iterArg_94, %320 : tensor<16xf32>
      %324 = stablehlo.multiply %iterArg_96, %322 : tensor<16xf32>
      %325 = stablehlo.subtract %323, %324 : tensor<16xf32>
      %326 = stablehlo.multiply %iterArg_95, %320 : tensor<16xf32>
      %327 = stablehlo.multiply %iterArg_97, %322 : tensor<16xf32>
      %328 = stablehlo.subtract %326, %327 : tensor<16xf32>
      %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %329 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %330 = stablehlo.compare NE, %328, %329, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %331 = stablehlo.divide %325, %328 : tensor<16xf32>
      %332 = stablehlo.subtract %iterArg_89, %331 : tensor<16xf32>
      %333 = stablehlo.divide %332, %331 : tensor<16xf32>
      %334 = stablehlo.abs %333 : tensor<16xf32>
      %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %335 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %336 = stablehlo.select %330, %334, %335 : tensor<16xi1>, tensor<16xf32>
      %337 = stablehlo.select %330, %331, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %338 = stablehlo.multiply %iterArg_100, %320 : tensor<16xf32>
      %339 = stablehlo.subtract %338, %iterArg_94 : tensor<16xf32>
      %340 = stablehlo.multiply %iterArg_98, %322 : tensor<16xf32>
      %341 = stablehlo.subtract %339, %340 : tensor<16xf32>
      %342 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %343 = stablehlo.multiply %iterArg_96, %342 : tensor<16xf32>
      %344 = stablehlo.add %341, %343 : tensor<16xf32>
      %345 = stablehlo.multiply %iterArg_101, %320 : tensor<16xf32>
      %346 = stablehlo.subtract %345, %iterArg_95 : tensor<16xf32>
      %347 = stablehlo.multiply %iterArg_99, %322 : tensor<16xf32>
      %348 = stablehlo.subtract %346, %347 : tensor<16xf32>
      %349 = stablehlo.broadcast_in_dim %316, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %350 = stablehlo.multiply %iterArg_97, %349 : tensor<16xf32>
      %351 = stablehlo.add %348, %350 : tensor<16xf32>
      %352 = stablehlo.multiply %337, %351 : tensor<16xf32>
      %353 = stablehlo.subtract %344, %352 : tensor<16xf32>
      %354 = stablehlo.divide %353, %328 : tensor<16xf32>
      %355 = stablehlo.select %330, %354, %iterArg_102 : tensor<16xi1>, tensor<16xf32>
      %356 = stablehlo.subtract %355, %iterArg_102 : tensor<16xf32>
      %357 = stablehlo.abs %356 : tensor<16xf32>
      %cst_108 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %358 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %359 = stablehlo.select %330, %357, %358 : tensor<16xi1>, tensor<16xf32>
      %360 = stablehlo.abs %325 : tensor<16xf32>
      %cst_109 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_110 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %361 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<f32>
      %362 = stablehlo.divide %361, %cst_109 : tensor<f32>
      %363 = stablehlo.broadcast_in_dim %362, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %364 = stablehlo.compare GT, %360, %363, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %cst_111 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %365 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %366 = stablehlo.multiply %iterArg_94, %365 : tensor<16xf32>
      %367 = stablehlo.select %364, %366, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %cst_112 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %368 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %369 = stablehlo.multiply %325, %368 : tensor<16xf32>
      %370 = stablehlo.select %364, %369, %325 : tensor<16xi1>, tensor<16xf32>
      %cst_113 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %371 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %372 = stablehlo.multiply %iterArg_95, %371 : tensor<16xf32>
      %373 = stablehlo.select %364, %372, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %cst_114 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %374 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %375 = stablehlo.multiply %328, %374 : tensor<16xf32>
      %376 = stablehlo.select %364, %375, %328 : tensor<16xi1>, tensor<16xf32>
      %cst_115 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %377 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %378 = stablehlo.multiply %iterArg_100, %377 : tensor<16xf32>
      %379 = stablehlo.select %364, %378, %iterArg_100 : tensor<16xi1>, tensor<16xf32>
      %cst_116 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %380 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %381 = stablehlo.multiply %iterArg_101, %380 : tensor<16xf32>
      %382 = stablehlo.select %364, %381, %iterArg_101 : tensor<16xi1>, tensor<16xf32>
      %cst_117 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %383 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %384 = stablehlo.multiply %344, %383 : tensor<16xf32>
      %385 = stablehlo.select %364, %384, %344 : tensor<16xi1>, tensor<16xf32>
      %cst_118 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %386 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %387 = stablehlo.multiply %351, %386 : tensor<16xf32>
      %388 = stablehlo.select %364, %387, %351 : tensor<16xi1>, tensor<16xf32>
      %cst_119 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %389 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<16xf32>
      %390 = stablehlo.compare GT, %336, %389, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
      %391 = stablehlo.and %iterArg, %390 : tensor<16xi1>
      %392 = stablehlo.select %iterArg, %337, %iterArg_89 : tensor<16xi1>, tensor<16xf32>
      %393 = stablehlo.select %iterArg, %336, %iterArg_90 : tensor<16xi1>, tensor<16xf32>
      %394 = stablehlo.select %iterArg, %318, %iterArg_91 : tensor<16xi1>, tensor<16xf32>
      %395 = stablehlo.select %iterArg, %320, %iterArg_92 : tensor<16xi1>, tensor<16xf32>
      %396 = stablehlo.select %iterArg, %370, %iterArg_94 : tensor<16xi1>, tensor<16xf32>
      %397 = stablehlo.select %iterArg, %376, %iterArg_95 : tensor<16xi1>, tensor<16xf32>
      %398 = stablehlo.select %iterArg, %367, %iterArg_96 : tensor<16xi1>, tensor<16xf32>
      %399 = stablehlo.select %iterArg, %373, %iterArg_97 : tensor<16xi1>, tensor<16xf32>
      %400 = stablehlo.select %iterArg, %379, %iterArg_98 : tensor<16xi1>, tensor<16xf32>
      %401 = stablehlo.select %iterArg, %382, %iterArg_99 : tensor<16xi1>, tensor<16xf32>
      %402 = stablehlo.select %iterArg, %385, %iterArg_100 : tensor<16xi1>, tensor<16xf32>
      %403 = stablehlo.select %iterArg, %388, %iterArg_101 : tensor<16xi1>, tensor<16xf32>
      %404 = stablehlo.select %iterArg, %355, %iterArg_102 : tensor<16xi1>, tensor<16xf32>
      stablehlo.return %391, %392, %393, %394, %395, %316, %396, %397, %398, %399, %400, %401, %402, %403, %404 : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %169 = stablehlo.multiply %168#1, %139 : tensor<16xf32>
    %cst_46 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %171 = stablehlo.subtract %170, %147 : tensor<16xf32>
    %172 = stablehlo.select %124, %171, %169 : tensor<16xi1>, tensor<16xf32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %174 = stablehlo.select %110, %173, %172 : tensor<16xi1>, tensor<16xf32>
    %175 = stablehlo.or %108, %104 : tensor<16xi1>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %177 = stablehlo.select %175, %176, %174 : tensor<16xi1>, tensor<16xf32>
    %cst_49 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %179 = stablehlo.select %120, %178, %177 : tensor<16xi1>, tensor<16xf32>
    %180 = stablehlo.abs %arg3 : tensor<16xf32>
    %cst_50 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_51 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_52 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %184 = stablehlo.multiply %181, %180 : tensor<16xf32>
    %185 = stablehlo.subtract %184, %182 : tensor<16xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %189 = stablehlo.multiply %185, %186 : tensor<16xf32>
    %190 = stablehlo.subtract %189, %187 : tensor<16xf32>
    %cst_56 = stablehlo.constant dense<-1.30002498E-8> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %192 = stablehlo.add %190, %191 : tensor<16xf32>
    %193 = stablehlo.multiply %185, %192 : tensor<16xf32>
    %194 = stablehlo.subtract %193, %186 : tensor<16xf32>
    %cst_57 = stablehlo.constant dense<6.04699508E-8> : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %196 = stablehlo.add %194, %195 : tensor<16xf32>
    %197 = stablehlo.multiply %185, %196 : tensor<16xf32>
    %198 = stablehlo.subtract %197, %192 : tensor<16xf32>
    %cst_58 = stablehlo.constant dense<-2.67079372E-7> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %200 = stablehlo.add %198, %199 : tensor<16xf32>
    %201 = stablehlo.multiply %185, %200 : tensor<16xf32>
    %202 = stablehlo.subtract %201, %196 : tensor<16xf32>
    %cst_59 = stablehlo.constant dense<1.11738757E-6> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %204 = stablehlo.add %202, %203 : tensor<16xf32>
    %205 = stablehlo.multiply %185, %204 : tensor<16xf32>
    %206 = stablehlo.subtract %205, %200 : tensor<16xf32>
    %cst_60 = stablehlo.constant dense<-4.41673819E-6> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %208 = stablehlo.add %206, %207 : tensor<16xf32>
    %209 = stablehlo.multiply %185, %208 : tensor<16xf32>
    %210 = stablehlo.subtract %209, %204 : tensor<16xf32>
    %cst_61 = stablehlo.constant dense<1.64484482E-5> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %212 = stablehlo.add %210, %211 : tensor<16xf32>
    %213 = stablehlo.multiply %185, %212 : tensor<16xf32>
    %214 = stablehlo.subtract %213, %208 : tensor<16xf32>
    %cst_62 = stablehlo.constant dense<-5.75419508E-5> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %216 = stablehlo.add %214, %215 : tensor<16xf32>
    %217 = stablehlo.multiply %185, %216 : tensor<16xf32>
    %218 = stablehlo.subtract %217, %212 : tensor<16xf32>
    %cst_63 = stablehlo.constant dense<1.88502891E-4> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %220 = stablehlo.add %218, %219 : tensor<16xf32>
    %221 = stablehlo.multiply %185, %220 : tensor<16xf32>
    %222 = stablehlo.subtract %221, %216 : tensor<16xf32>
    %cst_64 = stablehlo.constant dense<-5.76375576E-4> : tensor<f32>
    %223 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %224 = stablehlo.add %222, %223 : tensor<16xf32>
    %225 = stablehlo.multiply %185, %224 : tensor<16xf32>
    %226 = stablehlo.subtract %225, %220 : tensor<16xf32>
    %cst_65 = stablehlo.constant dense<0.00163947558> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %228 = stablehlo.add %226, %227 : tensor<16xf32>
    %229 = stablehlo.multiply %185, %228 : tensor<16xf32>
    %230 = stablehlo.subtract %229, %224 : tensor<16xf32>
    %cst_66 = stablehlo.constant dense<-4.324310e-03> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %232 = stablehlo.add %230, %231 : tensor<16xf32>
    %233 = stablehlo.multiply %185, %232 : tensor<16xf32>
    %234 = stablehlo.subtract %233, %228 : tensor<16xf32>
    %cst_67 = stablehlo.constant dense<0.0105464607> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %236 = stablehlo.add %234, %235 : tensor<16xf32>
    %237 = stablehlo.multiply %185, %236 : tensor<16xf32>
    %238 = stablehlo.subtract %237, %232 : tensor<16xf32>
    %cst_68 = stablehlo.constant dense<-0.0237374157> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %240 = stablehlo.add %238, %239 : tensor<16xf32>
    %241 = stablehlo.multiply %185, %240 : tensor<16xf32>
    %242 = stablehlo.subtract %241, %236 : tensor<16xf32>
    %cst_69 = stablehlo.constant dense<0.0493052825> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %244 = stablehlo.add %242, %243 : tensor<16xf32>
    %245 = stablehlo.multiply %185, %244 : tensor<16xf32>
    %246 = stablehlo.subtract %245, %240 : tensor<16xf32>
    %cst_70 = stablehlo.constant dense<-9.490110e-02> : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %248 = stablehlo.add %246, %247 : tensor<16xf32>
    %249 = stablehlo.multiply %185, %248 : tensor<16xf32>
    %250 = stablehlo.subtract %249, %244 : tensor<16xf32>
    %cst_71 = stablehlo.constant dense<0.171620905> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %252 = stablehlo.add %250, %251 : tensor<16xf32>
    %253 = stablehlo.multiply %185, %252 : tensor<16xf32>
    %254 = stablehlo.subtract %253, %248 : tensor<16xf32>
    %cst_72 = stablehlo.constant dense<-0.304682672> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %256 = stablehlo.add %254, %255 : tensor<16xf32>
    %257 = stablehlo.multiply %185, %256 : tensor<16xf32>
    %258 = stablehlo.subtract %257, %252 : tensor<16xf32>
    %cst_73 = stablehlo.constant dense<0.676795303> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %260 = stablehlo.add %258, %259 : tensor<16xf32>
    %261 = stablehlo.subtract %260, %252 : tensor<16xf32>
    %cst_74 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %263 = stablehlo.multiply %262, %261 : tensor<16xf32>
    %264 = stablehlo.divide %183, %180 : tensor<16xf32>
    %265 = stablehlo.subtract %264, %182 : tensor<16xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %269 = stablehlo.multiply %265, %266 : tensor<16xf32>
    %270 = stablehlo.subtract %269, %267 : tensor<16xf32>
    %cst_78 = stablehlo.constant dense<3.39623196E-9> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %272 = stablehlo.add %270, %271 : tensor<16xf32>
    %273 = stablehlo.multiply %265, %272 : tensor<16xf32>
    %274 = stablehlo.subtract %273, %266 : tensor<16xf32>
    %cst_79 = stablehlo.constant dense<2.26666899E-8> : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %276 = stablehlo.add %274, %275 : tensor<16xf32>
    %277 = stablehlo.multiply %265, %276 : tensor<16xf32>
    %278 = stablehlo.subtract %277, %272 : tensor<16xf32>
    %cst_80 = stablehlo.constant dense<2.04891862E-7> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %280 = stablehlo.add %278, %279 : tensor<16xf32>
    %281 = stablehlo.multiply %265, %280 : tensor<16xf32>
    %282 = stablehlo.subtract %281, %276 : tensor<16xf32>
    %cst_81 = stablehlo.constant dense<2.89137051E-6> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %284 = stablehlo.add %282, %283 : tensor<16xf32>
    %285 = stablehlo.multiply %265, %284 : tensor<16xf32>
    %286 = stablehlo.subtract %285, %280 : tensor<16xf32>
    %cst_82 = stablehlo.constant dense<6.88975852E-5> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %288 = stablehlo.add %286, %287 : tensor<16xf32>
    %289 = stablehlo.multiply %265, %288 : tensor<16xf32>
    %290 = stablehlo.subtract %289, %284 : tensor<16xf32>
    %cst_83 = stablehlo.constant dense<0.00336911646> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %292 = stablehlo.add %290, %291 : tensor<16xf32>
    %293 = stablehlo.multiply %265, %292 : tensor<16xf32>
    %294 = stablehlo.subtract %293, %288 : tensor<16xf32>
    %cst_84 = stablehlo.constant dense<0.804490387> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %296 = stablehlo.add %294, %295 : tensor<16xf32>
    %297 = stablehlo.subtract %296, %288 : tensor<16xf32>
    %cst_85 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %298 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %299 = stablehlo.multiply %298, %297 : tensor<16xf32>
    %300 = stablehlo.sqrt %180 : tensor<16xf32>
    %301 = stablehlo.divide %299, %300 : tensor<16xf32>
    %cst_86 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %303 = stablehlo.compare LE, %180, %302, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %304 = stablehlo.select %303, %263, %301 : tensor<16xi1>, tensor<16xf32>
    %305 = chlo.bessel_i1e %arg3 : tensor<16xf32> -> tensor<16xf32>
    %306 = stablehlo.negate %arg3 : tensor<16xf32>
    %307 = stablehlo.exponential %306 : tensor<16xf32>
    %cst_87 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %309 = stablehlo.add %308, %307 : tensor<16xf32>
    %cst_88 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %310 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %311 = stablehlo.divide %310, %309 : tensor<16xf32>
    %312 = stablehlo.log_plus_one %arg0 : tensor<16xf32>
    %313 = stablehlo.exponential_minus_one %arg1 : tensor<16xf32>
    %314 = stablehlo.cbrt %arg3 : tensor<16xf32>
    %315 = stablehlo.rsqrt %arg0 : tensor<16xf32>
    %values, %indices = chlo.top_k(%arg3, k = 4) : tensor<16xf32> -> (tensor<4xf32>, tensor<4xi32>)
    return %9, %13, %8, %12, %10, %11, %14, %304, %305, %314, %7, %4, %0, %2, %1, %313, %99, %179, %15, %16, %17, %3, %312, %311, %18, %315, %6, %5, %values, %indices : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4xf32>, tensor<4xi32>
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
