// chlo.scan: per-step outputs and carried values; expected values from numpy.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 10.0]]> : tensor<5x2xf64>
  %init = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%s: tensor<2xf64>, %c: tensor<4xf64>):
    %two = stablehlo.constant dense<2.0> : tensor<2xf64>
    %out = stablehlo.multiply %s, %two : tensor<2xf64>
    %zero = stablehlo.constant dense<0.0> : tensor<f64>
    %sum = stablehlo.reduce(%s init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf64>, tensor<f64>) -> tensor<f64>
    %b = stablehlo.broadcast_in_dim %sum, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %next = stablehlo.add %c, %b : tensor<4xf64>
    stablehlo.return %out, %next : tensor<2xf64>, tensor<4xf64>
  } : (tensor<5x2xf64>, tensor<4xf64>) -> (tensor<5x2xf64>, tensor<4xf64>)
  check.expect_eq_const %0#0, dense<[[2.0, 4.0], [6.0, 8.0], [10.0, 12.0], [14.0, 16.0], [18.0, 20.0]]> : tensor<5x2xf64>
  check.expect_eq_const %0#1, dense<[56.0, 57.0, 58.0, 59.0]> : tensor<4xf64>
  func.return
}

// -----

// A running sum along dimension 1 (cumsum), i32.
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [10, 20, 30]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<2xi32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 {
  ^bb0(%s: tensor<2xi32>, %c: tensor<2xi32>):
    %next = stablehlo.add %c, %s : tensor<2xi32>
    stablehlo.return %next, %next : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  check.expect_eq_const %0#0, dense<[[1, 3, 6], [10, 30, 60]]> : tensor<2x3xi32>
  check.expect_eq_const %0#1, dense<[6, 60]> : tensor<2xi32>
  func.return
}

// -----

// Zero steps: outputs empty, carries unchanged.
func.func @main() {
  %x = stablehlo.constant dense<> : tensor<0x2xf32>
  %init = stablehlo.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%s: tensor<2xf32>, %c: tensor<2xf32>):
    %next = stablehlo.add %c, %s : tensor<2xf32>
    stablehlo.return %s, %next : tensor<2xf32>, tensor<2xf32>
  } : (tensor<0x2xf32>, tensor<2xf32>) -> (tensor<0x2xf32>, tensor<2xf32>)
  check.expect_eq_const %0#1, dense<[5.0, 6.0]> : tensor<2xf32>
  func.return
}

// -----

// is_reverse: the steps from the last to the first (a reversed cumulative sum), the outputs at
// their own steps.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%s: tensor<i32>, %c: tensor<i32>):
    %next = stablehlo.add %c, %s : tensor<i32>
    stablehlo.return %next, %next : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  check.expect_eq_const %0#0, dense<[10, 9, 7, 4]> : tensor<4xi32>
  check.expect_eq_const %0#1, dense<10> : tensor<i32>
  func.return
}
