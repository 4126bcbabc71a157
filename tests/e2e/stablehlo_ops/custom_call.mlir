// The sharding annotations JAX emits for one device pass their operands through.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.custom_call @annotate_device_placement(%2) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %3, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// The x64 split/combine pair: low and high 32 bits of 64-bit integers.
func.func @main() {
  %a = stablehlo.constant dense<[-1, 4294967296, 81985529216486895]> : tensor<3xi64>
  %lo = stablehlo.custom_call @X64SplitLow(%a) : (tensor<3xi64>) -> tensor<3xui32>
  %hi = stablehlo.custom_call @X64SplitHigh(%a) : (tensor<3xi64>) -> tensor<3xui32>
  %back = stablehlo.custom_call @X64Combine(%lo, %hi) : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi64>
  check.expect_eq_const %lo, dense<[4294967295, 0, 2309737967]> : tensor<3xui32>
  check.expect_eq_const %hi, dense<[4294967295, 1, 19088743]> : tensor<3xui32>
  check.expect_eq_const %back, dense<[-1, 4294967296, 81985529216486895]> : tensor<3xi64>
  func.return
}

// -----

// The checks of StableHLO's JAX-generated test data are custom calls too.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ok = stablehlo.custom_call @check.eq(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<i1>
  check.expect_eq_const %ok, dense<true> : tensor<i1>
  func.return
}
