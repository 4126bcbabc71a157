// RUN: kiln compile --pass=simplify,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=simplify --validate 1 --split-input-file %s -o /dev/null

// A convert to the operand's type goes; round trips through a type that holds every value
// exactly go: f32->f64->f32, bf16->f32->bf16, f16->f64->f16, i8->i32->i8, ui8->i16->ui8,
// i8->bf16->i8, i16->f32->i16, i1->f32->i1.
// CHECK-LABEL: func.func @round_trips
// CHECK-NEXT: return %arg0, %arg0, %arg1, %arg2, %arg3, %arg4, %arg3, %arg5, %arg6
func.func @round_trips(%f: tensor<4xf32>, %b: tensor<4xbf16>, %h: tensor<4xf16>, %i: tensor<4xi8>, %u: tensor<4xui8>, %s: tensor<4xi16>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>, tensor<4xf16>, tensor<4xi8>, tensor<4xui8>, tensor<4xi8>, tensor<4xi16>, tensor<4xi1>) {
  %0 = stablehlo.convert %f : tensor<4xf32>
  %1a = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf64>
  %1 = stablehlo.convert %1a : (tensor<4xf64>) -> tensor<4xf32>
  %2a = stablehlo.convert %b : (tensor<4xbf16>) -> tensor<4xf32>
  %2 = stablehlo.convert %2a : (tensor<4xf32>) -> tensor<4xbf16>
  %3a = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xf64>
  %3 = stablehlo.convert %3a : (tensor<4xf64>) -> tensor<4xf16>
  %4a = stablehlo.convert %i : (tensor<4xi8>) -> tensor<4xi32>
  %4 = stablehlo.convert %4a : (tensor<4xi32>) -> tensor<4xi8>
  %5a = stablehlo.convert %u : (tensor<4xui8>) -> tensor<4xi16>
  %5 = stablehlo.convert %5a : (tensor<4xi16>) -> tensor<4xui8>
  %6a = stablehlo.convert %i : (tensor<4xi8>) -> tensor<4xbf16>
  %6 = stablehlo.convert %6a : (tensor<4xbf16>) -> tensor<4xi8>
  %7a = stablehlo.convert %s : (tensor<4xi16>) -> tensor<4xf32>
  %7 = stablehlo.convert %7a : (tensor<4xf32>) -> tensor<4xi16>
  %8a = stablehlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  %8 = stablehlo.convert %8a : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>, tensor<4xf16>, tensor<4xi8>, tensor<4xui8>, tensor<4xi8>, tensor<4xi16>, tensor<4xi1>
}

// -----

// Round trips that lose values stay: f32->bf16->f32 (rounds), f32->i32->f32 (truncates),
// i32->f32->i32 (24 significand bits), i8->ui8->i8 would be exact by wrap-around but is not a
// rule (ui8 does not hold -1), i32->i8->i32 (wraps), ui8->i8->ui8.
// CHECK-LABEL: func.func @lossy
// CHECK-COUNT-12: stablehlo.convert
// CHECK-NOT: stablehlo.convert
func.func @lossy(%f: tensor<4xf32>, %i: tensor<4xi32>, %c: tensor<4xi8>, %u: tensor<4xui8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi32>, tensor<4xui8>) {
  %0a = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xbf16>
  %0 = stablehlo.convert %0a : (tensor<4xbf16>) -> tensor<4xf32>
  %1a = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi32>
  %1 = stablehlo.convert %1a : (tensor<4xi32>) -> tensor<4xf32>
  %2a = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %2 = stablehlo.convert %2a : (tensor<4xf32>) -> tensor<4xi32>
  %3a = stablehlo.convert %c : (tensor<4xi8>) -> tensor<4xui8>
  %3 = stablehlo.convert %3a : (tensor<4xui8>) -> tensor<4xi8>
  %4a = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xi8>
  %4 = stablehlo.convert %4a : (tensor<4xi8>) -> tensor<4xi32>
  %5a = stablehlo.convert %u : (tensor<4xui8>) -> tensor<4xi8>
  %5 = stablehlo.convert %5a : (tensor<4xi8>) -> tensor<4xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi32>, tensor<4xui8>
}
