// stablehlo.tuple and stablehlo.get_tuple_element: elements come back unchanged, nested
// tuples and tokens included.

func.func @main() {
  %a = stablehlo.constant dense<[1.5, -0.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<2x1xi1>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<2x1xi1>>) -> tensor<2xf32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<2x1xi1>>) -> tensor<2x1xi1>
  check.expect_eq_const %x, dense<[1.5, -0.0]> : tensor<2xf32>
  check.expect_eq_const %y, dense<[[true], [false]]> : tensor<2x1xi1>
  func.return
}

// -----

// A nested tuple holding a token and a complex scalar.
func.func @main() {
  %c = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
  %k = stablehlo.after_all : !stablehlo.token
  %inner = stablehlo.tuple %k, %c : tuple<!stablehlo.token, tensor<complex<f64>>>
  %outer = stablehlo.tuple %inner : tuple<tuple<!stablehlo.token, tensor<complex<f64>>>>
  %i = stablehlo.get_tuple_element %outer[0] : (tuple<tuple<!stablehlo.token, tensor<complex<f64>>>>) -> tuple<!stablehlo.token, tensor<complex<f64>>>
  %z = stablehlo.get_tuple_element %i[1] : (tuple<!stablehlo.token, tensor<complex<f64>>>) -> tensor<complex<f64>>
  check.expect_eq_const %z, dense<(1.0, -2.0)> : tensor<complex<f64>>
  func.return
}

// -----

// An empty tuple and an empty tensor.
func.func @main() {
  %e = stablehlo.tuple : tuple<>
  %a = stablehlo.constant dense<> : tensor<0x3xbf16>
  %t = stablehlo.tuple %a, %e : tuple<tensor<0x3xbf16>, tuple<>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<0x3xbf16>, tuple<>>) -> tensor<0x3xbf16>
  check.expect_eq_const %x, dense<> : tensor<0x3xbf16>
  func.return
}
