// stablehlo.iota: invalid programs with the error each must give.
func.func @main() {
  // expected-error@+1 {{result tensor<?xf32> must have a static shape; use stablehlo.dynamic_iota}}
  %0 = stablehlo.iota dim = 0 : tensor<?xf32>
  return
}
