// The token ops (after_all, infeed, outfeed, send, recv, ...): invalid programs with the
// error each must give.

// -----

func.func @main(%t: !stablehlo.token) {
  // expected-error@+1 {{layout has 2 entries but the op has 1 data results}}
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = "", layout = [[1, 0], [0]]}> : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return
}

// -----

func.func @main(%t: !stablehlo.token) {
  // expected-error@+1 {{layout has 0 entries but the op has 1 data results}}
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = "", layout = []}> : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return
}

// -----

func.func @main(%t: !stablehlo.token) {
  // expected-error@+1 {{layout entries must be arrays, but one is "a"}}
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = "", layout = ["a"]}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}
