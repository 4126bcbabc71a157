// stablehlo.convert between element types: rounding, saturation, NaN, wrap-around.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  func.return
}

// -----

// inf/NaN into f32
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r0, dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf64>
  func.return
}

// -----

// inf/NaN into f64
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf64>
  check.expect_eq_const %r0, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<3xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  func.return
}

// -----

// inf/NaN into f16
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf16>
  check.expect_eq_const %r0, dense<[0x7C00, 0xFC00, 0x7E00]> : tensor<3xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  func.return
}

// -----

// inf/NaN into bf16
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[0x7F80, 0xFF80, 0x7FC0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  func.return
}

// -----

// inf/NaN into f8E4M3FN
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0x7F, 0xFF, 0x7F]> : tensor<3xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

// inf/NaN into f8E5M2
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E5M2>
  check.expect_eq_const %r0, dense<[0x7C, 0xFC, 0x7E]> : tensor<3xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E4M3FNUZ>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  func.return
}

// -----

// inf/NaN into f8E4M3FNUZ
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E4M3FNUZ>
  check.expect_eq_const %r0, dense<[0x80, 0x80, 0x80]> : tensor<3xf8E4M3FNUZ>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E5M2FNUZ>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  func.return
}

// -----

// inf/NaN into f8E5M2FNUZ
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E5M2FNUZ>
  check.expect_eq_const %r0, dense<[0x80, 0x80, 0x80]> : tensor<3xf8E5M2FNUZ>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E4M3B11FNUZ>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  func.return
}

// -----

// inf/NaN into f8E4M3B11FNUZ
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E4M3B11FNUZ>
  check.expect_eq_const %r0, dense<[0x80, 0x80, 0x80]> : tensor<3xf8E4M3B11FNUZ>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E4M3>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  func.return
}

// -----

// inf/NaN into f8E4M3
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E4M3>
  check.expect_eq_const %r0, dense<[0x78, 0xF8, 0x7C]> : tensor<3xf8E4M3>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf8E3M4>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  func.return
}

// -----

// inf/NaN into f8E3M4
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf8E3M4>
  check.expect_eq_const %r0, dense<[0x70, 0xF0, 0x78]> : tensor<3xf8E3M4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf4E2M1FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  func.return
}

// -----

// inf/NaN into f4E2M1FN
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf4E2M1FN>
  check.expect_eq_const %r0, dense<[6.0, -6.0, -0.0]> : tensor<3xf4E2M1FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf6E2M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  func.return
}

// -----

// inf/NaN into f6E2M3FN
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf6E2M3FN>
  check.expect_eq_const %r0, dense<[7.5, -7.5, -0.0]> : tensor<3xf6E2M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  %r0 = stablehlo.convert %a0 : (tensor<10xf32>) -> tensor<10xf6E3M2FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  func.return
}

// -----

// inf/NaN into f6E3M2FN
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xf6E3M2FN>
  check.expect_eq_const %r0, dense<[28.0, -28.0, -0.0]> : tensor<3xf6E3M2FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf64>
  %r0 = stablehlo.convert %a0 : (tensor<10xf64>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf64>
  %r0 = stablehlo.convert %a0 : (tensor<10xf64>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf64>
  %r0 = stablehlo.convert %a0 : (tensor<10xf64>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10000000149011612, 300000.0, -7.0, 448.0, 0.0010000000474974513]> : tensor<10xf64>
  %r0 = stablehlo.convert %a0 : (tensor<10xf64>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xf16>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7F800000, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xf16>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7FF0000000000000, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xf16>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 0x7F80, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.0999755859375, 0x7C00, -7.0, 448.0, 0.0010004043579101562]> : tensor<10xf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xf16>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xbf16>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xbf16>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xbf16>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 0x7C00, -7.0, 448.0, 0.00099945068359375]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.10009765625, 299008.0, -7.0, 448.0, 0.00099945068359375]> : tensor<10xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<10xbf16>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FN>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC00000, -7.0, 448.0, 0.001953125]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FN>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FF8000000000000, -7.0, 448.0, 0.001953125]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FN>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC0, -7.0, 448.0, 0.001953125]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FN>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7E00, -7.0, 448.0, 0.001953125]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FN>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F, -7.0, 448.0, 0.001953125]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F800000, -7.0, 448.0, 0.0009765625]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7FF0000000000000, -7.0, 448.0, 0.0009765625]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F80, -7.0, 448.0, 0.0009765625]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C00, -7.0, 448.0, 0.0009765625]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FNUZ>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC00000, -7.0, 0x7FC00000, 0.0009765625]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FNUZ>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FF8000000000000, -7.0, 0x7FF8000000000000, 0.0009765625]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FNUZ>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC0, -7.0, 0x7FC0, 0.0009765625]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FNUZ>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7E00, -7.0, 0x7E00, 0.0009765625]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3FNUZ>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F, -7.0, 0x7F, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2FNUZ>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7FC00000, -7.0, 448.0, 0.0009765625]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2FNUZ>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7FF8000000000000, -7.0, 448.0, 0.0009765625]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2FNUZ>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7FC0, -7.0, 448.0, 0.0009765625]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2FNUZ>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7E00, -7.0, 448.0, 0.0009765625]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x80, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E5M2FNUZ>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F, -7.0, 448.0, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3B11FNUZ>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC00000, -7.0, 0x7FC00000, 0.0009765625]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3B11FNUZ>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FF8000000000000, -7.0, 0x7FF8000000000000, 0.0009765625]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3B11FNUZ>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FC0, -7.0, 0x7FC0, 0.0009765625]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3B11FNUZ>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7E00, -7.0, 0x7E00, 0.0009765625]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.5, 2.75, 0.1015625, 0x80, -7.0, 0x80, 0.0009765625]> : tensor<10xf8E4M3B11FNUZ>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3B11FNUZ>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.0, -1.5, 3.0, 0.09375, 0x7F, -7.0, 0x7F, 0.0009765625]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F800000, -7.0, 0x7F800000, 0.001953125]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7FF0000000000000, -7.0, 0x7FF0000000000000, 0.001953125]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7F80, -7.0, 0x7F80, 0.001953125]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x7C00, -7.0, 0x7C00, 0.001953125]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.1015625, 0x78, -7.0, 0x78, 0.001953125]> : tensor<10xf8E4M3>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E4M3>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 0x7C, 0.001953125]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E3M4>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x7F800000, -7.0, 0x7F800000, 0.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E3M4>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x7FF0000000000000, -7.0, 0x7FF0000000000000, 0.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E3M4>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x7F80, -7.0, 0x7F80, 0.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E3M4>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x7C00, -7.0, 0x7C00, 0.0]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.09375, 0x70, -7.0, 0x70, 0.0]> : tensor<10xf8E3M4>
  %r0 = stablehlo.convert %a0 : (tensor<10xf8E3M4>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.09375, 0x7C, -7.0, 0x7C, 0.0]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf4E2M1FN>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf4E2M1FN>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf4E2M1FN>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf4E2M1FN>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf4E2M1FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf4E2M1FN>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.0, 6.0, -6.0, 6.0, 0.0]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E2M3FN>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E2M3FN>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E2M3FN>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E2M3FN>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 2.75, 0.125, 7.5, -7.0, 7.5, 0.0]> : tensor<10xf6E2M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E2M3FN>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 8.0, -7.0, 8.0, 0.0]> : tensor<10xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E3M2FN>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E3M2FN>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E3M2FN>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E3M2FN>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf6E3M2FN>
  %r0 = stablehlo.convert %a0 : (tensor<10xf6E3M2FN>) -> tensor<10xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.5, 3.0, 0.125, 28.0, -7.0, 28.0, 0.0]> : tensor<10xf8E5M2>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi8>
  check.expect_eq_const %r0, dense<[0, 127, -128, 127, -128, -1, 1, 127, -128, 0, 127]> : tensor<11xi8>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi16>
  check.expect_eq_const %r0, dense<[0, 32767, -32768, 32767, -32768, -1, 1, 300, -129, 0, 32767]> : tensor<11xi16>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi32>
  check.expect_eq_const %r0, dense<[0, 2147483647, -2147483648, 2147483647, -2147483648, -1, 1, 300, -129, 0, 2147483647]> : tensor<11xi32>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi64>
  check.expect_eq_const %r0, dense<[0, 9223372036854775807, -9223372036854775808, 3000000000, -3000000000, -1, 1, 300, -129, 0, 9223372036854775807]> : tensor<11xi64>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui8>
  check.expect_eq_const %r0, dense<[0, 255, 0, 255, 0, 0, 1, 255, 0, 0, 255]> : tensor<11xui8>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui16>
  check.expect_eq_const %r0, dense<[0, 65535, 0, 65535, 0, 0, 1, 300, 0, 0, 65535]> : tensor<11xui16>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui32>
  check.expect_eq_const %r0, dense<[0, 4294967295, 0, 3000000000, 0, 0, 1, 300, 0, 0, 4294967295]> : tensor<11xui32>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui64>
  check.expect_eq_const %r0, dense<[0, 18446744073709551615, 0, 3000000000, 0, 0, 1, 300, 0, 0, 18446744073709551615]> : tensor<11xui64>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi4>
  check.expect_eq_const %r0, dense<[0, 7, -8, 7, -8, -1, 1, 7, -8, 0, 7]> : tensor<11xi4>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui4>
  check.expect_eq_const %r0, dense<[0, 15, 0, 15, 0, 0, 1, 15, 0, 0, 15]> : tensor<11xui4>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xi2>
  check.expect_eq_const %r0, dense<[0, 1, -2, 1, -2, -1, 1, 1, -2, 0, 1]> : tensor<11xi2>
  func.return
}

// -----

// truncates toward zero; saturates; NaN -> 0
func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf32>
  %r0 = stablehlo.convert %a0 : (tensor<11xf32>) -> tensor<11xui2>
  check.expect_eq_const %r0, dense<[0, 3, 0, 3, 0, 0, 1, 3, 0, 0, 3]> : tensor<11xui2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 3000000000.0, -3000000000.0, -1.7000000476837158, 1.7000000476837158, 300.5, -129.89999389648438, -0.5, 1.0000000200408773e+20]> : tensor<11xf64>
  %r0 = stablehlo.convert %a0 : (tensor<11xf64>) -> tensor<11xi64>
  check.expect_eq_const %r0, dense<[0, 9223372036854775807, -9223372036854775808, 3000000000, -3000000000, -1, 1, 300, -129, 0, 9223372036854775807]> : tensor<11xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC0, 0x7F80, 0xFF80, 3003121664.0, -3003121664.0, -1.703125, 1.703125, 300.0, -130.0, -0.5, 9.972771014849226e+19]> : tensor<11xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<11xbf16>) -> tensor<11xi32>
  check.expect_eq_const %r0, dense<[0, 2147483647, -2147483648, 2147483647, -2147483648, -1, 1, 300, -130, 0, 2147483647]> : tensor<11xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-4.0, 0.5, 448.0, 0x7F]> : tensor<4xf8E4M3FN>
  %r0 = stablehlo.convert %a0 : (tensor<4xf8E4M3FN>) -> tensor<4xi8>
  check.expect_eq_const %r0, dense<[-4, 0, 127, 0]> : tensor<4xi8>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi8>
  check.expect_eq_const %r0, dense<[0, 1, -1, 127, -128, -1, -1, 0, -1, 44]> : tensor<10xi8>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi16>
  check.expect_eq_const %r0, dense<[0, 1, -1, 127, -128, 255, -1, 0, -1, 300]> : tensor<10xi16>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi32>
  check.expect_eq_const %r0, dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi32>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi64>
  check.expect_eq_const %r0, dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui8>
  check.expect_eq_const %r0, dense<[0, 1, 255, 127, 128, 255, 255, 0, 255, 44]> : tensor<10xui8>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui16>
  check.expect_eq_const %r0, dense<[0, 1, 65535, 127, 65408, 255, 65535, 0, 65535, 300]> : tensor<10xui16>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui32>
  check.expect_eq_const %r0, dense<[0, 1, 4294967295, 127, 4294967168, 255, 65535, 2147483648, 2147483647, 300]> : tensor<10xui32>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui64>
  check.expect_eq_const %r0, dense<[0, 1, 18446744073709551615, 127, 18446744073709551488, 255, 65535, 18446744071562067968, 2147483647, 300]> : tensor<10xui64>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi4>
  check.expect_eq_const %r0, dense<[0, 1, -1, -1, 0, -1, -1, 0, -1, -4]> : tensor<10xi4>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui4>
  check.expect_eq_const %r0, dense<[0, 1, 15, 15, 0, 15, 15, 0, 15, 12]> : tensor<10xui4>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi2>
  check.expect_eq_const %r0, dense<[0, 1, -1, -1, 0, -1, -1, 0, -1, 0]> : tensor<10xi2>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xui2>
  check.expect_eq_const %r0, dense<[0, 1, 3, 3, 0, 3, 3, 0, 3, 0]> : tensor<10xui2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -1.0, 127.0, -128.0, 255.0, 65535.0, -2147483648.0, 2147483648.0, 300.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -1.0, 127.0, -128.0, 255.0, 65535.0, -2147483648.0, 2147483647.0, 300.0]> : tensor<10xf64>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -1.0, 127.0, -128.0, 255.0, 65536.0, -2147483648.0, 2147483648.0, 300.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -1.0, 127.0, -128.0, 255.0, 0x7C00, 0xFC00, 0x7C00, 300.0]> : tensor<10xf16>
  func.return
}

// -----

// wraps to the destination width
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -1.0, 128.0, -128.0, 256.0, 0x7F, 0xFF, 0x7F, 288.0]> : tensor<10xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300]> : tensor<10xi64>
  %r0 = stablehlo.convert %a0 : (tensor<10xi64>) -> tensor<10xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true, true, true, true, true, true, true]> : tensor<10xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345]> : tensor<5xui64>
  %r0 = stablehlo.convert %a0 : (tensor<5xui64>) -> tensor<5xi64>
  check.expect_eq_const %r0, dense<[0, 1, -9223372036854775808, -1, 12345]> : tensor<5xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345]> : tensor<5xui64>
  %r0 = stablehlo.convert %a0 : (tensor<5xui64>) -> tensor<5xi8>
  check.expect_eq_const %r0, dense<[0, 1, 0, -1, 57]> : tensor<5xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345]> : tensor<5xui64>
  %r0 = stablehlo.convert %a0 : (tensor<5xui64>) -> tensor<5xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 9.223372036854776e+18, 1.8446744073709552e+19, 12345.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345]> : tensor<5xui64>
  %r0 = stablehlo.convert %a0 : (tensor<5xui64>) -> tensor<5xf64>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 9.223372036854776e+18, 1.8446744073709552e+19, 12345.0]> : tensor<5xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345]> : tensor<5xui64>
  %r0 = stablehlo.convert %a0 : (tensor<5xui64>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi8>
  %r0 = stablehlo.convert %a0 : (tensor<4xi8>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi8>
  %r0 = stablehlo.convert %a0 : (tensor<4xi8>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi8>
  %r0 = stablehlo.convert %a0 : (tensor<4xi8>) -> tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi8>
  %r0 = stablehlo.convert %a0 : (tensor<4xi8>) -> tensor<4xi4>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi8>
  %r0 = stablehlo.convert %a0 : (tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui8>
  %r0 = stablehlo.convert %a0 : (tensor<4xui8>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui8>
  %r0 = stablehlo.convert %a0 : (tensor<4xui8>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui8>
  %r0 = stablehlo.convert %a0 : (tensor<4xui8>) -> tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui8>
  %r0 = stablehlo.convert %a0 : (tensor<4xui8>) -> tensor<4xi4>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui8>
  %r0 = stablehlo.convert %a0 : (tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi4>
  %r0 = stablehlo.convert %a0 : (tensor<4xi4>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi4>
  %r0 = stablehlo.convert %a0 : (tensor<4xi4>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi4>
  %r0 = stablehlo.convert %a0 : (tensor<4xi4>) -> tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi4>
  %r0 = stablehlo.convert %a0 : (tensor<4xi4>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui4>
  %r0 = stablehlo.convert %a0 : (tensor<4xui4>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui4>
  %r0 = stablehlo.convert %a0 : (tensor<4xui4>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui4>
  %r0 = stablehlo.convert %a0 : (tensor<4xui4>) -> tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui4>
  %r0 = stablehlo.convert %a0 : (tensor<4xui4>) -> tensor<4xi4>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xui4>
  %r0 = stablehlo.convert %a0 : (tensor<4xui4>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi32>
  %r0 = stablehlo.convert %a0 : (tensor<4xi32>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi32>
  %r0 = stablehlo.convert %a0 : (tensor<4xi32>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.0, 5.0, 7.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi32>
  %r0 = stablehlo.convert %a0 : (tensor<4xi32>) -> tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi32>
  %r0 = stablehlo.convert %a0 : (tensor<4xi32>) -> tensor<4xi4>
  check.expect_eq_const %r0, dense<[0, 1, 5, 7]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 5, 7]> : tensor<4xi32>
  %r0 = stablehlo.convert %a0 : (tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

// rounded once
func.func @main() {
  %a0 = stablehlo.constant dense<[1157425104234217473, -4629700416936869889, 9007199254740993]> : tensor<3xi64>
  %r0 = stablehlo.convert %a0 : (tensor<3xi64>) -> tensor<3xf32>
  check.expect_eq_const %r0, dense<[1.1574251042342175e+18, -4.62970041693687e+18, 9007199254740992.0]> : tensor<3xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1157425104234217473, -4629700416936869889, 9007199254740993]> : tensor<3xi64>
  %r0 = stablehlo.convert %a0 : (tensor<3xi64>) -> tensor<3xf64>
  check.expect_eq_const %r0, dense<[1.1574251042342175e+18, -4.62970041693687e+18, 9007199254740992.0]> : tensor<3xf64>
  func.return
}

// -----

// rounded once (XLA rounds through f32 twice)
func.func @main() {
  %a0 = stablehlo.constant dense<[1157425104234217473, -4629700416936869889, 9007199254740993]> : tensor<3xi64>
  %r0 = stablehlo.convert %a0 : (tensor<3xi64>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[1.161928703861588e+18, -4.647714815446352e+18, 9007199254740992.0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi8>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi16>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi32>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi64>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui8>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui16>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui32>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui64>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi4>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui4>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi2>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xi2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xui2>
  check.expect_eq_const %r0, dense<[1, 0]> : tensor<2xui2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xf32>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xf64>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xf16>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xbf16>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xf8E4M3FN>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xf8E5M2>
  check.expect_eq_const %r0, dense<[1.0, 0.0]> : tensor<2xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// non-zero (NaN included) is true
func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, 0x7FC00000, 0xFF800000]> : tensor<5xf32>
  %r0 = stablehlo.convert %a0 : (tensor<5xf32>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, 0x7FC0, 0xFF80]> : tensor<5xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<5xbf16>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.5, -2.0), (0x7FF8000000000000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

// complex -> real drops the imaginary part
func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  check.expect_eq_const %r0, dense<[1.5, 0x7FC00000, 0.0, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// complex -> real drops the imaginary part
func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  check.expect_eq_const %r0, dense<[1.5, 0x7FF8000000000000, 0.0, 0.0]> : tensor<4xf64>
  func.return
}

// -----

// complex -> real drops the imaginary part
func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[1.5, 0x7FC0, 0.0, 0.0]> : tensor<4xbf16>
  func.return
}

// -----

// complex -> real drops the imaginary part
func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xi32>
  check.expect_eq_const %r0, dense<[1, 0, 0, 0]> : tensor<4xi32>
  func.return
}

// -----

// complex -> real drops the imaginary part
func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 1.0), (0.0, 3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.5, -2.0), (1.0e+300, 1.0e-300), (0x7FF0000000000000, 0xFFF0000000000000)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.convert %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.5, -2.0), (0x7F800000, 0.0), (0x7F800000, 0xFF800000)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xf32>
  %r0 = stablehlo.convert %a0 : (tensor<3xf32>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xf64>
  %r0 = stablehlo.convert %a0 : (tensor<3xf64>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xf64>
  %r0 = stablehlo.convert %a0 : (tensor<3xf64>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<3xbf16>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 0.0, 3.0]> : tensor<3xbf16>
  %r0 = stablehlo.convert %a0 : (tensor<3xbf16>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xi32>
  %r0 = stablehlo.convert %a0 : (tensor<3xi32>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xi32>
  %r0 = stablehlo.convert %a0 : (tensor<3xi32>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xi4>
  %r0 = stablehlo.convert %a0 : (tensor<3xi4>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xi4>
  %r0 = stablehlo.convert %a0 : (tensor<3xi4>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xui64>
  %r0 = stablehlo.convert %a0 : (tensor<3xui64>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, 0, 3]> : tensor<3xui64>
  %r0 = stablehlo.convert %a0 : (tensor<3xui64>) -> tensor<3xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 0.0), (0.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

// zero-sized
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x2xf32>
  %r0 = stablehlo.convert %a0 : (tensor<0x2xf32>) -> tensor<0x2xi32>
  check.expect_eq_const %r0, dense<> : tensor<0x2xi32>
  func.return
}

// -----

// rank 0
func.func @main() {
  %a0 = stablehlo.constant dense<-2.5> : tensor<f64>
  %r0 = stablehlo.convert %a0 : (tensor<f64>) -> tensor<bf16>
  check.expect_eq_const %r0, dense<-2.5> : tensor<bf16>
  func.return
}
