// stablehlo.reduce: the compact `applies` form, the full `reducer` form, several inputs.
func.func @main(%x: tensor<8x8xf32>) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @main(%x: tensor<2x3x4xi32>, %c: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @main(%x: tensor<f32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.multiply across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @main(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %1 = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<3xf32>
}

// -----

func.func @main(%x: tensor<5x7xf32>, %i: tensor<5x7xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %cst), (%i init: %c) across dimensions = [1] : (tensor<5x7xf32>, tensor<5x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %1 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %a, %b : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %1, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

func.func @main(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The body may accumulate in a promoted element type (spec is_promotable): a wider float or
// integer, a float of any width (as the reference verifier reads it), i1 into an integer; the
// init value's element type may differ from the input's where the body promotes both.
func.func @main(%x: tensor<4x3xf32>, %f: tensor<f32>, %d: tensor<f64>, %i: tensor<4x3xi32>, %n: tensor<i32>, %b: tensor<4x3xi1>, %t: tensor<i1>) -> (tensor<4xf64>, tensor<4xf16>, tensor<4xui64>, tensor<4xi32>, tensor<4xf64>) {
  %0 = stablehlo.reduce(%x init: %f) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf64>
   reducer(%a: tensor<f64>, %c: tensor<f64>)  {
    %s = stablehlo.add %a, %c : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  %1 = stablehlo.reduce(%x init: %f) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf16>
   reducer(%a: tensor<f16>, %c: tensor<f16>)  {
    %s = stablehlo.add %a, %c : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }
  %2 = stablehlo.reduce(%i init: %n) across dimensions = [1] : (tensor<4x3xi32>, tensor<i32>) -> tensor<4xui64>
   reducer(%a: tensor<ui64>, %c: tensor<ui64>)  {
    %s = stablehlo.add %a, %c : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }
  %3 = stablehlo.reduce(%b init: %t) across dimensions = [1] : (tensor<4x3xi1>, tensor<i1>) -> tensor<4xi32>
   reducer(%a: tensor<i32>, %c: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  %4 = stablehlo.reduce(%x init: %d) across dimensions = [1] : (tensor<4x3xf32>, tensor<f64>) -> tensor<4xf64>
   reducer(%a: tensor<f64>, %c: tensor<f64>)  {
    %s = stablehlo.add %a, %c : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  return %0, %1, %2, %3, %4 : tensor<4xf64>, tensor<4xf16>, tensor<4xui64>, tensor<4xi32>, tensor<4xf64>
}
