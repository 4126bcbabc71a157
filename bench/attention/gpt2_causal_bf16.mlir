module {
func.func public @main(%q: tensor<4x1024x12x64xbf16>, %k: tensor<4x1024x12x64xbf16>, %v: tensor<4x1024x12x64xbf16>) -> tensor<4x1024x12x64xbf16> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<4x1024x12x64xbf16>, tensor<4x1024x12x64xbf16>) -> tensor<4x12x1024x1024xf32>
  %c = stablehlo.constant dense<0.125> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x12x1024x1024xf32>
  %x0 = stablehlo.multiply %s, %cb : tensor<4x12x1024x1024xf32>
  %qi = stablehlo.iota dim = 0 : tensor<1024x1024xi32>
  %ki = stablehlo.iota dim = 1 : tensor<1024x1024xi32>
  %pr = stablehlo.compare GE, %qi, %ki, SIGNED : (tensor<1024x1024xi32>, tensor<1024x1024xi32>) -> tensor<1024x1024xi1>
  %pb = stablehlo.broadcast_in_dim %pr, dims = [2, 3] : (tensor<1024x1024xi1>) -> tensor<4x12x1024x1024xi1>
  %fc = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %fb = stablehlo.broadcast_in_dim %fc, dims = [] : (tensor<f32>) -> tensor<4x12x1024x1024xf32>
  %x1 = stablehlo.select %pb, %x0, %fb : tensor<4x12x1024x1024xi1>, tensor<4x12x1024x1024xf32>
  %ni = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%x1 init: %ni) applies stablehlo.maximum across dimensions = [3] : (tensor<4x12x1024x1024xf32>, tensor<f32>) -> tensor<4x12x1024xf32>
  %nb = stablehlo.broadcast_in_dim %ni, dims = [] : (tensor<f32>) -> tensor<4x12x1024xf32>
  %mg = stablehlo.maximum %nb, %mx : tensor<4x12x1024xf32>
  %m1 = stablehlo.broadcast_in_dim %mg, dims = [0, 1, 2] : (tensor<4x12x1024xf32>) -> tensor<4x12x1024x1xf32>
  %m2 = stablehlo.broadcast_in_dim %m1, dims = [0, 1, 2, 3] : (tensor<4x12x1024x1xf32>) -> tensor<4x12x1024x1024xf32>
  %sh = stablehlo.subtract %x1, %m2 : tensor<4x12x1024x1024xf32>
  %ex = stablehlo.exponential %sh : tensor<4x12x1024x1024xf32>
  %zr = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sm = stablehlo.reduce(%ex init: %zr) applies stablehlo.add across dimensions = [3] : (tensor<4x12x1024x1024xf32>, tensor<f32>) -> tensor<4x12x1024xf32>
  %s1 = stablehlo.broadcast_in_dim %sm, dims = [0, 1, 2] : (tensor<4x12x1024xf32>) -> tensor<4x12x1024x1xf32>
  %s2 = stablehlo.broadcast_in_dim %s1, dims = [0, 1, 2, 3] : (tensor<4x12x1024x1xf32>) -> tensor<4x12x1024x1024xf32>
  %p = stablehlo.divide %ex, %s2 : tensor<4x12x1024x1024xf32>
  %pc = stablehlo.convert %p : (tensor<4x12x1024x1024xf32>) -> tensor<4x12x1024x1024xbf16>
  %o = stablehlo.dot_general %pc, %v, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<4x12x1024x1024xbf16>, tensor<4x1024x12x64xbf16>) -> tensor<4x12x1024x64xbf16>
  %ot = stablehlo.transpose %o, dims = [0, 2, 1, 3] : (tensor<4x12x1024x64xbf16>) -> tensor<4x1024x12x64xbf16>
  return %ot : tensor<4x1024x12x64xbf16>
}
}
