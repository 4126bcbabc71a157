// expect: StableHLO has no scalar values
func.func @main(%arg0: f32) -> f32 {
  return %arg0 : f32
}
