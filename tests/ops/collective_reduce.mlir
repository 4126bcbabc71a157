// collective_reduce (newer StableHLO): all_reduce's form; only the root keeps the result.
func.func @main(%x: tensor<4xi64>, %y: tensor<2xi64>) -> (tensor<4xi64>, tensor<2xi64>) {
  %0:2 = "stablehlo.collective_reduce"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %1 = stablehlo.maximum %a, %b : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<4xi64>, tensor<2xi64>) -> (tensor<4xi64>, tensor<2xi64>)
  return %0#0, %0#1 : tensor<4xi64>, tensor<2xi64>
}
