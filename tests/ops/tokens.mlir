// Token and I/O ops: create_token, after_all, infeed, outfeed, send, recv, partition_id,
// replica_id.
func.func @main() -> !stablehlo.token {
  %0 = stablehlo.create_token : !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @main(%a: !stablehlo.token, %b: !stablehlo.token, %c: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.after_all %a, %b, %c : !stablehlo.token
  %1 = stablehlo.after_all %0 : !stablehlo.token
  %2 = stablehlo.after_all : !stablehlo.token
  %3 = stablehlo.after_all %1, %2 : !stablehlo.token
  return %3 : !stablehlo.token
}

// -----

func.func @main(%t: !stablehlo.token) -> (tensor<3x4xf32>, tensor<i1>, !stablehlo.token) {
  %0:3 = "stablehlo.infeed"(%t) <{infeed_config = "queue", layout = [[1, 0], []]}> : (!stablehlo.token) -> (tensor<3x4xf32>, tensor<i1>, !stablehlo.token)
  return %0#0, %0#1, %0#2 : tensor<3x4xf32>, tensor<i1>, !stablehlo.token
}

// -----

func.func @main(%t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @main(%x: tensor<2xbf16>, %y: tensor<ui8>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.outfeed"(%x, %y, %t) <{outfeed_config = "out"}> : (tensor<2xbf16>, tensor<ui8>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.outfeed"(%t) : (!stablehlo.token) -> !stablehlo.token
  return %1 : !stablehlo.token
}

// -----

func.func @main(%x: tensor<8xf32>, %t: !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  return %1#0, %1#1 : tensor<8xf32>, !stablehlo.token
}

// -----

func.func @main(%x: tensor<2x3xi32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<2x3xi32>, !stablehlo.token) -> !stablehlo.token
  %1:3 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false}> : (!stablehlo.token) -> (tensor<2x3xi32>, tensor<f64>, !stablehlo.token)
  return %1#2 : !stablehlo.token
}

// -----

func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.replica_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}

// -----

// infeed layouts: one array per data result (their contents are the implementation's).
func.func @main(%t: !stablehlo.token) -> (tensor<2x3xf32>, tensor<4xi32>, tensor<f32>) {
  %0:3 = "stablehlo.infeed"(%t) <{infeed_config = "", layout = [[1, 0], [0]]}> : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<4xi32>, !stablehlo.token)
  %1:2 = "stablehlo.infeed"(%0#2) <{infeed_config = "", layout = [[]]}> : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  return %0#0, %0#1, %1#0 : tensor<2x3xf32>, tensor<4xi32>, tensor<f32>
}
