// expect: complex element type must be complex<f32> or complex<f64>
func.func @main(%arg0: tensor<complex<i32>>) -> tensor<complex<i32>> {
  return %arg0 : tensor<complex<i32>>
}
