// Collective ops: all_reduce, all_gather, all_to_all, reduce_scatter, collective_permute,
// collective_broadcast, collective_reduce (generic form only).
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<i32>, %y: tensor<2x3xi32>) -> (tensor<i32>, tensor<2x3xi32>) {
  %0:2 = "stablehlo.all_reduce"(%x, %y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2, 1]]> : tensor<1x3xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) : (tensor<i32>, tensor<2x3xi32>) -> (tensor<i32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<i32>, tensor<2x3xi32>
}

// -----

func.func @main(%x: tensor<2x4xbf16>) -> tensor<2x8xbf16> {
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xbf16>) -> tensor<2x8xbf16>
  return %0 : tensor<2x8xbf16>
}

// -----

func.func @main(%x: tensor<3xi8>, %y: tensor<3x2xf32>) -> (tensor<12xi8>, tensor<12x2xf32>) {
  %0:2 = "stablehlo.all_gather"(%x, %y) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<3xi8>, tensor<3x2xf32>) -> (tensor<12xi8>, tensor<12x2xf32>)
  return %0#0, %0#1 : tensor<12xi8>, tensor<12x2xf32>
}

// -----

func.func @main(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @main(%x: tensor<6x3xi32>) -> tensor<2x9xi32> {
  %0 = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, split_count = 3 : i64, split_dimension = 0 : i64}> : (tensor<6x3xi32>) -> tensor<2x9xi32>
  return %0 : tensor<2x9xi32>
}

// -----

func.func @main(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @main(%x: tensor<2x4xi64>) -> tensor<2x4xi64> {
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x4xi64>
  %1 = "stablehlo.collective_permute"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return %1 : tensor<2x4xi64>
}

// -----

func.func @main(%x: tensor<f32>, %y: tensor<1x2xcomplex<f32>>) -> (tensor<f32>, tensor<1x2xcomplex<f32>>) {
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<f32>) -> tensor<f32>
  %1 = "stablehlo.collective_broadcast"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[2, 0], [1, 3]]> : tensor<2x2xi64>}> : (tensor<1x2xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
  return %0, %1 : tensor<f32>, tensor<1x2xcomplex<f32>>
}

// -----

// all_reduce and reduce_scatter may reduce in a promoted element type (f32 data, an f64 or an
// f16 region: floats promote to any width, as the reference verifier reads is_promotable).
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf64>, tensor<4xf64>, tensor<2xf16>, tensor<4xui32>) {
  %0:2 = "stablehlo.all_reduce"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf64>, tensor<4xf64>)
  %1 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<4xf32>) -> tensor<2xf16>
  %2 = "stablehlo.all_reduce"(%i) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<4xi8>) -> tensor<4xui32>
  return %0#0, %0#1, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<2xf16>, tensor<4xui32>
}

// -----

// Replica groups: all_reduce pads groups of unequal size with -1; collective_broadcast's ids
// need not be 0..n-1; a collective_permute may send a process its own value; groups of one.
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, -1], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 0], [1, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// collective_broadcast is variadic (current StableHLO): each result has its operand's type,
// the operands' types may differ, and a group may list ids out of order.
func.func @main(%x: tensor<4xf32>, %y: tensor<2x3xi8>, %z: tensor<i1>) -> (tensor<4xf32>, tensor<2x3xi8>, tensor<i1>) {
  %0:3 = "stablehlo.collective_broadcast"(%x, %y, %z) <{replica_groups = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>, tensor<2x3xi8>, tensor<i1>) -> (tensor<4xf32>, tensor<2x3xi8>, tensor<i1>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<2x3xi8>, tensor<i1>
}

// -----

// collective_reduce (newer StableHLO): all_reduce's form; only the root keeps the result.
func.func @main(%x: tensor<4xi64>, %y: tensor<2xi64>) -> (tensor<4xi64>, tensor<2xi64>) {
  %0:2 = "stablehlo.collective_reduce"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %1 = stablehlo.maximum %a, %b : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<4xi64>, tensor<2xi64>) -> (tensor<4xi64>, tensor<2xi64>)
  return %0#0, %0#1 : tensor<4xi64>, tensor<2xi64>
}

// -----

// collective_reduce reduces in a promoted element type, as all_reduce does (f32 data, an f64
// computation, f64 results), and pads groups of unequal size with -1.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf64> {
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %1 = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %1 : tensor<f64>
  }) {replica_groups = dense<[[0, -1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
