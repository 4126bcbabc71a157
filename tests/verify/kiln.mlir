// The kiln dialect (kiln.fusion and the named composites): invalid programs, one per rule,
// with their errors.

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{kind "fused" must be one of "loop", "input", "multi_output", "horizontal"}}
  %0 = kiln.fusion "fused" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{requires attribute 'kind'}}
  %0 = "kiln.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'kind' must be string}}
  %0 = "kiln.fusion"(%x) <{kind = 1 : i64}> ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{body takes (tensor<4xf32>) but must take the operands' types (tensor<4xf32>, tensor<4xf32>)}}
  %0 = kiln.fusion "loop" (%x, %y) ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{body takes (tensor<4xf16>) but must take the operands' types (tensor<4xf32>)}}
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<4xf16>):
    %c = stablehlo.convert %a : (tensor<4xf16>) -> tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Exact types: a dynamic size that would match the operand is still a different type.
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{body takes (tensor<?xf32>) but must take the operands' types (tensor<4xf32>)}}
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<?xf32>):
    %c = stablehlo.constant dense<1.0> : tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{body returns (tensor<4xf32>) but the results have types (tensor<4xf32>, tensor<4xf32>)}}
  %0:2 = kiln.fusion "multi_output" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{body returns (tensor<4xf32>) but the results have types (tensor<4xi32>)}}
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    %n = stablehlo.negate %a : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{region must end with a terminator}}
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    %n = stablehlo.negate %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// The wrong terminator: func.return ends only functions, and says so where it stands.
func.func @main(%x: tensor<4xf32>) {
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'func.return' op must end a func.func body; regions of StableHLO ops end with stablehlo.return}}
    func.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Isolated from above: the body sees only its arguments, so %y is unknown inside it.
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  %0 = kiln.fusion "loop" (%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{use of undeclared SSA value '%y'}}
    %s = stablehlo.add %a, %y : tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<2x8xf32>) {
  // expected-error@+1 {{decomposition takes (tensor<8x2xf32>) but must take the operands' types (tensor<2x8xf32>)}}
  %0 = kiln.softmax(%x) ({
  ^bb0(%a: tensor<8x2xf32>):
    %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
    stablehlo.return %t : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%x: tensor<2x8xf32>) {
  // expected-error@+1 {{decomposition returns (tensor<2x8xf32>) but the results have types (tensor<2x8xf16>)}}
  %0 = kiln.gelu(%x) ({
  ^bb0(%a: tensor<2x8xf32>):
    stablehlo.return %a : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf16>
  return
}

// -----

func.func @main(%x: tensor<2x8xf32>) {
  // expected-error@+1 {{attribute 'config' must be dictionary}}
  %0 = kiln.rms_norm(%x) {config = [1, 2]} ({
  ^bb0(%a: tensor<2x8xf32>):
    stablehlo.return %a : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%x: tensor<2x8xf32>) {
  %0 = kiln.silu(%x) ({
  ^bb0(%a: tensor<2x8xf32>):
    // expected-error@+1 {{'func.return' op must end a func.func body}}
    func.return %a : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%x: tensor<2x8xf32>, %s: tensor<f32>) {
  %0 = kiln.layer_norm(%x) ({
  ^bb0(%a: tensor<2x8xf32>):
    // expected-error@+1 {{use of undeclared SSA value '%s'}}
    %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    stablehlo.return %b : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{expects 1 region, but has 0}}
  %0 = "kiln.attention"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
