// The interpreter test dialect (kiln only: the official StableHLO parser in jaxlib does
// not register it).
func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = interpreter.probe %x, probe_id = "x" : tensor<3xi32>
  interpreter.print %0 : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @main(%x: tensor<f32>) {
  %0 = interpreter.probe %x, probe_id = "scalar" : tensor<f32>
  interpreter.print %0 {debug} : tensor<f32>
  return
}

// -----

func.func @replica() -> tensor<ui32> {
  %0 = stablehlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}

func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %0:2 = "interpreter.run_parallel"() <{programs = [[@replica], [@replica]]}> : () -> (tensor<ui32>, tensor<ui32>)
  return %0#0, %0#1 : tensor<ui32>, tensor<ui32>
}

// -----

func.func @add_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.add %x, %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @queue() -> tensor<2xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<2xf32>
  return %c : tensor<2xf32>
}

func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = "interpreter.run_parallel"(%a, %b) <{infeed = [@queue], programs = [[@add_one, @add_one]]}> : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @sum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = "interpreter.run_parallel"(%a, %b) <{programs = [[@sum], [@sum]]}> : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
