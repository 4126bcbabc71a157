module @jit_gather_scatter attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7xi32>, %arg2: tensor<4xi32>, %arg3: tensor<7x6xf32>, %arg4: tensor<4x6xf32>, %arg5: tensor<2xi32>, %arg6: tensor<3x2xf32>) -> (tensor<7x6xf32> {jax.result_info = "result[0]"}, tensor<4x3xf32> {jax.result_info = "result[1]"}, tensor<4xf32> {jax.result_info = "result[2]"}, tensor<10x6xf32> {jax.result_info = "result[3]"}, tensor<10x6xf32> {jax.result_info = "result[4]"}, tensor<10x6xf32> {jax.result_info = "result[5]"}, tensor<4x3xf32> {jax.result_info = "result[6]"}, tensor<10x6xf32> {jax.result_info = "result[7]"}, tensor<4x3xf32> {jax.result_info = "result[8]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<7xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<7xi1>, tensor<7xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<7xi32>) -> tensor<7x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<10x6xf32>, tensor<7x1xi32>) -> tensor<7x6xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %arg2, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<10> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %10 = stablehlo.add %arg2, %9 : tensor<4xi32>
    %11 = stablehlo.select %8, %10, %arg2 : tensor<4xi1>, tensor<4xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %15 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %16 = call @remainder(%arg2, %c_4) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %18 = stablehlo.compare LT, %arg2, %17, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_6 = stablehlo.constant dense<10> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %20 = stablehlo.add %arg2, %19 : tensor<4xi32>
    %21 = stablehlo.select %18, %20, %arg2 : tensor<4xi1>, tensor<4xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %23 = stablehlo.compare LT, %16, %22, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_8 = stablehlo.constant dense<6> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %25 = stablehlo.add %16, %24 : tensor<4xi32>
    %26 = stablehlo.select %23, %25, %16 : tensor<4xi1>, tensor<4xi32>
    %27 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %28 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %29 = stablehlo.concatenate %27, %28, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %30 = "stablehlo.gather"(%arg0, %29) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %32 = stablehlo.compare LT, %arg1, %31, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %c_10 = stablehlo.constant dense<10> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %34 = stablehlo.add %arg1, %33 : tensor<7xi32>
    %35 = stablehlo.select %32, %34, %arg1 : tensor<7xi1>, tensor<7xi32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<7xi32>) -> tensor<7x1xi32>
    %37 = "stablehlo.scatter"(%arg0, %36, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %93 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %93 : tensor<f32>
    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %38 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %39 = stablehlo.compare LT, %arg2, %38, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_12 = stablehlo.constant dense<10> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %41 = stablehlo.add %arg2, %40 : tensor<4xi32>
    %42 = stablehlo.select %39, %41, %arg2 : tensor<4xi1>, tensor<4xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %44 = "stablehlo.scatter"(%arg0, %43, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      stablehlo.return %arg8 : tensor<f32>
    }) : (tensor<10x6xf32>, tensor<4x1xi32>, tensor<4x6xf32>) -> tensor<10x6xf32>
    %45 = stablehlo.slice %arg4 [0:4, 0:1] : (tensor<4x6xf32>) -> tensor<4x1xf32>
    %46 = stablehlo.reshape %45 : (tensor<4x1xf32>) -> tensor<4xf32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %47 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %48 = stablehlo.compare LT, %arg2, %47, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_14 = stablehlo.constant dense<10> : tensor<i32>
    %49 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %50 = stablehlo.add %arg2, %49 : tensor<4xi32>
    %51 = stablehlo.select %48, %50, %arg2 : tensor<4xi1>, tensor<4xi32>
    %c_15 = stablehlo.constant dense<2> : tensor<i32>
    %52 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %53 = stablehlo.convert %52 : tensor<4xi32>
    %54 = stablehlo.broadcast_in_dim %51, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %55 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %56 = stablehlo.concatenate %54, %55, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %57 = "stablehlo.scatter"(%arg0, %56, %46) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %93 = stablehlo.maximum %arg7, %arg8 : tensor<f32>
      stablehlo.return %93 : tensor<f32>
    }) : (tensor<10x6xf32>, tensor<4x2xi32>, tensor<4xf32>) -> tensor<10x6xf32>
    %58 = stablehlo.slice %arg5 [0:1] : (tensor<2xi32>) -> tensor<1xi32>
    %59 = stablehlo.reshape %58 : (tensor<1xi32>) -> tensor<i32>
    %60 = stablehlo.slice %arg5 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
    %61 = stablehlo.reshape %60 : (tensor<1xi32>) -> tensor<i32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %62 = stablehlo.compare LT, %59, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_17 = stablehlo.constant dense<10> : tensor<i32>
    %63 = stablehlo.add %59, %c_17 : tensor<i32>
    %64 = stablehlo.select %62, %63, %59 : tensor<i1>, tensor<i32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %65 = stablehlo.compare LT, %61, %c_18, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_19 = stablehlo.constant dense<6> : tensor<i32>
    %66 = stablehlo.add %61, %c_19 : tensor<i32>
    %67 = stablehlo.select %65, %66, %61 : tensor<i1>, tensor<i32>
    %68 = stablehlo.dynamic_slice %arg0, %64, %67, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    %69 = stablehlo.slice %arg5 [0:1] : (tensor<2xi32>) -> tensor<1xi32>
    %70 = stablehlo.reshape %69 : (tensor<1xi32>) -> tensor<i32>
    %71 = stablehlo.slice %arg5 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
    %72 = stablehlo.reshape %71 : (tensor<1xi32>) -> tensor<i32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.compare LT, %70, %c_20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_21 = stablehlo.constant dense<10> : tensor<i32>
    %74 = stablehlo.add %70, %c_21 : tensor<i32>
    %75 = stablehlo.select %73, %74, %70 : tensor<i1>, tensor<i32>
    %c_22 = stablehlo.constant dense<0> : tensor<i32>
    %76 = stablehlo.compare LT, %72, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_23 = stablehlo.constant dense<6> : tensor<i32>
    %77 = stablehlo.add %72, %c_23 : tensor<i32>
    %78 = stablehlo.select %76, %77, %72 : tensor<i1>, tensor<i32>
    %79 = stablehlo.dynamic_update_slice %arg0, %arg6, %75, %78 : (tensor<10x6xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<10x6xf32>
    %80 = stablehlo.slice %arg5 [0:1] : (tensor<2xi32>) -> tensor<1xi32>
    %81 = stablehlo.reshape %80 : (tensor<1xi32>) -> tensor<i32>
    %c_24 = stablehlo.constant dense<7> : tensor<i32>
    %82 = stablehlo.add %81, %c_24 : tensor<i32>
    %83 = stablehlo.slice %arg5 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
    %84 = stablehlo.reshape %83 : (tensor<1xi32>) -> tensor<i32>
    %c_25 = stablehlo.constant dense<9> : tensor<i32>
    %85 = stablehlo.subtract %84, %c_25 : tensor<i32>
    %c_26 = stablehlo.constant dense<0> : tensor<i32>
    %86 = stablehlo.compare LT, %82, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_27 = stablehlo.constant dense<10> : tensor<i32>
    %87 = stablehlo.add %82, %c_27 : tensor<i32>
    %88 = stablehlo.select %86, %87, %82 : tensor<i1>, tensor<i32>
    %c_28 = stablehlo.constant dense<0> : tensor<i32>
    %89 = stablehlo.compare LT, %85, %c_28, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_29 = stablehlo.constant dense<6> : tensor<i32>
    %90 = stablehlo.add %85, %c_29 : tensor<i32>
    %91 = stablehlo.select %89, %90, %85 : tensor<i1>, tensor<i32>
    %92 = stablehlo.dynamic_slice %arg0, %88, %91, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    return %6, %15, %30, %37, %44, %57, %68, %79, %92 : tensor<7x6xf32>, tensor<4x3xf32>, tensor<4xf32>, tensor<10x6xf32>, tensor<10x6xf32>, tensor<10x6xf32>, tensor<4x3xf32>, tensor<10x6xf32>, tensor<4x3xf32>
  }
  func.func private @remainder(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %12 = stablehlo.and %11, %6 : tensor<4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %14 = stablehlo.add %4, %13 : tensor<4xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4xi1>, tensor<4xi32>
    return %15 : tensor<4xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
