// RUN: kiln compile --pass=simplify,cse,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=simplify --validate 1 --split-input-file %s -o /dev/null

// Integer identities: x+0, 0+x, x-0, x*1, 1*x, x/1, and x*0 -> 0.
// CHECK-LABEL: func.func @integers
// CHECK-NEXT: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %[[Z]], %[[Z]]
func.func @integers(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %o = stablehlo.constant dense<1> : tensor<4xi32>
  %0 = stablehlo.add %x, %z : tensor<4xi32>
  %1 = stablehlo.add %z, %x : tensor<4xi32>
  %2 = stablehlo.subtract %x, %z : tensor<4xi32>
  %3 = stablehlo.multiply %x, %o : tensor<4xi32>
  %4 = stablehlo.multiply %o, %x : tensor<4xi32>
  %5 = stablehlo.divide %x, %o : tensor<4xi32>
  %6 = stablehlo.multiply %x, %z : tensor<4xi32>
  %7 = stablehlo.multiply %z, %x : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Float identities that are exact: x + (-0.0), x - 0.0, x * 1.0, 1.0 * x, x / 1.0, in f32 and
// bf16; x + 0.0 where x is never -0.0 (a convert from an integer).
// CHECK-LABEL: func.func @floats
// CHECK: %[[C:.*]] = stablehlo.convert %arg2
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg1, %arg1, %[[C]]
func.func @floats(%x: tensor<4xf32>, %y: tensor<4xbf16>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xf32>) {
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %nz : tensor<4xf32>
  %1 = stablehlo.subtract %x, %pz : tensor<4xf32>
  %2 = stablehlo.multiply %x, %one : tensor<4xf32>
  %3 = stablehlo.multiply %one, %x : tensor<4xf32>
  %4 = stablehlo.divide %x, %one : tensor<4xf32>
  %bone = stablehlo.constant dense<1.0> : tensor<4xbf16>
  %bnz = stablehlo.constant dense<-0.0> : tensor<4xbf16>
  %5 = stablehlo.multiply %y, %bone : tensor<4xbf16>
  %6 = stablehlo.add %bnz, %y : tensor<4xbf16>
  %c = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %7 = stablehlo.add %c, %pz : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xf32>
}

// -----

// Float rules that must NOT fire: x + 0.0 (-0.0 + 0.0 is +0.0), x - (-0.0) (the same),
// x * 0.0 (NaN * 0 and inf * 0 are NaN, -1 * 0 is -0), exp(log x) and log(exp x) (each
// rounds, log of a negative is NaN, exp overflows), x / x, x - x.
// CHECK-LABEL: func.func @float_negatives
// CHECK: stablehlo.add %arg0
// CHECK: stablehlo.subtract %arg0
// CHECK: stablehlo.multiply %arg0
// CHECK: stablehlo.log %arg0
// CHECK: stablehlo.exponential
// CHECK: stablehlo.exponential %arg0
// CHECK: stablehlo.log
// CHECK: stablehlo.divide %arg0, %arg0
// CHECK: stablehlo.subtract %arg0, %arg0
func.func @float_negatives(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %pz : tensor<4xf32>
  %1 = stablehlo.subtract %x, %nz : tensor<4xf32>
  %2 = stablehlo.multiply %x, %pz : tensor<4xf32>
  %l = stablehlo.log %x : tensor<4xf32>
  %3 = stablehlo.exponential %l : tensor<4xf32>
  %e = stablehlo.exponential %x : tensor<4xf32>
  %4 = stablehlo.log %e : tensor<4xf32>
  %5 = stablehlo.divide %x, %x : tensor<4xf32>
  %6 = stablehlo.subtract %x, %x : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// negate(negate x), not(not x) for integers and booleans.
// CHECK-LABEL: func.func @involutions
// CHECK-NEXT: return %arg0, %arg1, %arg2
func.func @involutions(%x: tensor<4xf32>, %i: tensor<4xi8>, %b: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi8>, tensor<4xi1>) {
  %0 = stablehlo.negate %x : tensor<4xf32>
  %1 = stablehlo.negate %0 : tensor<4xf32>
  %2 = stablehlo.not %i : tensor<4xi8>
  %3 = stablehlo.not %2 : tensor<4xi8>
  %4 = stablehlo.not %b : tensor<4xi1>
  %5 = stablehlo.not %4 : tensor<4xi1>
  return %1, %3, %5 : tensor<4xf32>, tensor<4xi8>, tensor<4xi1>
}

// -----

// select on a splat predicate (tensor or scalar) picks its branch; equal branches are the
// branch.
// CHECK-LABEL: func.func @select
// CHECK-NEXT: return %arg0, %arg1, %arg0
func.func @select(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.select %t, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %f, %a, %b : tensor<i1>, tensor<4xf32>
  %2 = stablehlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// compare(x, x) of integers is known; of floats only under TOTALORDER (NaN != NaN otherwise).
// CHECK-LABEL: func.func @compare
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-DAG: %[[G:.*]] = stablehlo.compare GE, %arg1, %arg1
// CHECK-DAG: %[[E:.*]] = stablehlo.compare EQ, %arg1, %arg1, FLOAT
// CHECK: return %[[T]], %[[T]], %[[F]], %[[F]], %[[T]], %[[F]], %[[G]], %[[E]]
func.func @compare(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare EQ, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = stablehlo.compare LE, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare NE, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare LT, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.compare GE, %x, %x, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = stablehlo.compare GT, %x, %x, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = stablehlo.compare GE, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %7 = stablehlo.compare EQ, %x, %x, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
