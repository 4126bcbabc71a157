// The collectives (all_reduce, reduce_scatter, all_gather, all_to_all, collective_permute,
// collective_broadcast, collective_reduce): invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result #0 tensor<4xf32> must have element type f64}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{computation must take 2 arguments, but takes 3}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{computation must return 1 value, but returns 2}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{computation argument #0 must be a rank-0 tensor, but is tensor<1xf32>}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    stablehlo.return %a : tensor<1xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error@+1 {{computation argument #0 has type tensor<f32>, whose element type is not promotable from the operand's i32}}
  %0:2 = "stablehlo.all_reduce"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return
}

// -----

func.func @main(%x: tensor<4xi32>) {
  // expected-error@+1 {{computation argument #0 has type tensor<i16>, whose element type is not promotable from the operand's i32}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    stablehlo.return %a : tensor<i16>
  }) : (tensor<4xi32>) -> tensor<4xi16>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result #0 tensor<2xf32> must have element type f64}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{computation argument #1 has type tensor<i32>, whose element type is not promotable from the operand's f32}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has a negative id -2}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups repeats id 0}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has 2 ids but not id 1; they must be 0 to 1}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups must be a rank-2 tensor, but has type tensor<2xi64>}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[0, 1]> : tensor<2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has a negative id -1}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, -1]]> : tensor<1x3xi64>}> : (tensor<4xf32>) -> tensor<12xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has 2 ids but not id 0; they must be 0 to 1}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result #0 tensor<6xf32> must have size 8 in dimension 0 (operand size times the group size)}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has a negative id -1}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups repeats id 0}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has 2 ids but not id 1; they must be 0 to 1}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

// The spec's reduce_scatter (C1) (kiln follows it; the reference verifier only asks that the
// result's size divide the operand's).
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{operand dimension 0 (size 4) is not divisible by the group size 3}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has a negative id -1}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has 2 ids but not id 1; they must be 0 to 1}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica groups have size 4 but split_count is 2}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups repeats id 0}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups has a negative id -1}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups repeats id 0}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{source_target_pairs has a negative id -1}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{source_target_pairs repeats source 0}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{source_target_pairs repeats target 1}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{source_target_pairs must have shape [N, 2], but has type tensor<1x3xi64>}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{source_target_pairs must have shape [N, 2], but has type tensor<2xi64>}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[0, 1]> : tensor<2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{replica_groups must be a rank-2 tensor, but has type tensor<2xi64>}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[0, 1]> : tensor<2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<2xi32>) {
  // expected-error@+1 {{has 2 operands but 1 results}}
  %0 = "stablehlo.collective_broadcast"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<2xi32>) {
  // expected-error@+1 {{result #1 tensor<2xi64> must have element type i32 (operand #1 is tensor<2xi32>)}}
  %0:2 = "stablehlo.collective_broadcast"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi64>)
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<2xi32>) {
  // expected-error@+1 {{operand and result #1 must have the same shape, but tensor<2xi32> and tensor<3xi32> differ}}
  %0:2 = "stablehlo.collective_broadcast"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<3xi32>)
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{replica_groups repeats id 1}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{replica_groups must be a rank-2 tensor, but has type tensor<2xi64>}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[0, 1]> : tensor<2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{computation must take 2 arguments, but takes 1}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{computation must return 1 value, but returns 2}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a, %b : tensor<i64>, tensor<i64>
  }) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{computation argument #0 must be a rank-0 tensor, but is tensor<1xi64>}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<1xi64>, %b: tensor<1xi64>):
    stablehlo.return %a : tensor<1xi64>
  }) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{result #0 tensor<4xi32> must have element type i64 (operand #0 is tensor<4xi64>)}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4xi64>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%x: tensor<4xi64>) {
  // expected-error@+1 {{operand and result #0 must have the same shape, but tensor<4xi64> and tensor<2xi64> differ}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4xi64>) -> tensor<2xi64>
  return
}
