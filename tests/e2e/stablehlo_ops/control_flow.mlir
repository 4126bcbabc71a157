// stablehlo.while, stablehlo.if and stablehlo.case: loops with several carried values, branches returning several values, a case index out of range. Expected values from XLA CPU (JAX).

// Fibonacci with a counter: while carries three values.
func.func @main() {
  %n = stablehlo.constant dense<0> : tensor<i32>
  %a = stablehlo.constant dense<0> : tensor<i64>
  %b = stablehlo.constant dense<1> : tensor<i64>
  %r:3 = stablehlo.while(%i = %n, %x = %a, %y = %b) : tensor<i32>, tensor<i64>, tensor<i64>
   cond {
    %lim = stablehlo.constant dense<90> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %i2, %y, %s : tensor<i32>, tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %r#0, dense<90> : tensor<i32>
  check.expect_eq_const %r#1, dense<2880067194370816120> : tensor<i64>
  check.expect_eq_const %r#2, dense<4660046610375530309> : tensor<i64>
  func.return
}

// -----

// A loop whose condition is false at once returns its operands; the body reads a value from outside.
func.func @main() {
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %k = stablehlo.constant dense<[10.0, 10.0]> : tensor<2xf32>
  %r = stablehlo.while(%v = %x) : tensor<2xf32>
   cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %s = stablehlo.add %v, %k : tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }
  check.expect_eq_const %r, dense<[1.5, -2.0]> : tensor<2xf32>
  func.return
}

// -----

// if picks a branch by its predicate; branches return several values and use outer values.
func.func @main() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<3> : tensor<i32>
  %b = stablehlo.constant dense<2.5> : tensor<f32>
  %r:2 = "stablehlo.if"(%t) ({
    stablehlo.return %a, %b : tensor<i32>, tensor<f32>
  }, {
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %d = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %c, %d : tensor<i32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<i32>, tensor<f32>)
  %s:2 = "stablehlo.if"(%f) ({
    stablehlo.return %a, %b : tensor<i32>, tensor<f32>
  }, {
    %c = stablehlo.add %a, %a : tensor<i32>
    %d = stablehlo.negate %b : tensor<f32>
    stablehlo.return %c, %d : tensor<i32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<i32>, tensor<f32>)
  check.expect_eq_const %r#0, dense<3> : tensor<i32>
  check.expect_eq_const %r#1, dense<2.5> : tensor<f32>
  check.expect_eq_const %s#0, dense<6> : tensor<i32>
  check.expect_eq_const %s#1, dense<-2.5> : tensor<f32>
  func.return
}

// -----

// case selects branch `index`; an index below 0 or past the last branch selects the last.
func.func @main() {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %i1 = stablehlo.constant dense<1> : tensor<i32>
  %ineg = stablehlo.constant dense<-1> : tensor<i32>
  %ibig = stablehlo.constant dense<7> : tensor<i32>
  %r0 = "stablehlo.case"(%i0) ({
    %c = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<11> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<12> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %r1 = "stablehlo.case"(%i1) ({
    %c = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<11> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<12> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %r2 = "stablehlo.case"(%ineg) ({
    %c = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<11> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<12> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %r3 = "stablehlo.case"(%ibig) ({
    %c = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    %c = stablehlo.constant dense<11> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r0, dense<10> : tensor<i32>
  check.expect_eq_const %r1, dense<11> : tensor<i32>
  check.expect_eq_const %r2, dense<12> : tensor<i32>
  check.expect_eq_const %r3, dense<11> : tensor<i32>
  func.return
}
