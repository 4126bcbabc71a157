// create_token and after_all produce tokens that only order effects.
func.func @main() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token
  %t2 = stablehlo.after_all : !stablehlo.token
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %c, dense<[1, 2]> : tensor<2xi32>
  func.return
}

// -----

// Outside a process grid the process is (0, 0).
func.func @main() {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  check.expect_eq_const %p, dense<0> : tensor<ui32>
  func.return
}

// -----

// replica_id and partition_id in a grid of 2 replicas x 3 partitions.
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  func.return %r, %p : tensor<ui32>, tensor<ui32>
}

func.func @main() {
  %r:12 = "interpreter.run_parallel"() {programs = [[@ids, @ids, @ids], [@ids, @ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
  check.expect_eq_const %r#0, dense<0> : tensor<ui32>
  check.expect_eq_const %r#1, dense<0> : tensor<ui32>
  check.expect_eq_const %r#4, dense<0> : tensor<ui32>
  check.expect_eq_const %r#5, dense<2> : tensor<ui32>
  check.expect_eq_const %r#6, dense<1> : tensor<ui32>
  check.expect_eq_const %r#7, dense<0> : tensor<ui32>
  check.expect_eq_const %r#10, dense<1> : tensor<ui32>
  check.expect_eq_const %r#11, dense<2> : tensor<ui32>
  func.return
}
