// RUN: kiln compile --pass=canonicalize,unroll-loops --split-input-file %s | FileCheck %s

// A fori_loop of 3 trips becomes three copies of its body, each reading the previous copy's
// values; the cond region goes.
// CHECK-LABEL: func.func @three_trips
// CHECK-NOT: stablehlo.while
// CHECK: %[[A:.*]] = stablehlo.multiply %arg0, %arg0
// CHECK: %[[B:.*]] = stablehlo.multiply %[[A]], %[[A]]
// CHECK: %[[C:.*]] = stablehlo.multiply %[[B]], %[[B]]
// CHECK-NOT: stablehlo.compare
// CHECK: return %[[C]]
func.func @three_trips(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// No trip at all: the loop's results are its operands.
// CHECK-LABEL: func.func @zero_trips
// CHECK-NOT: stablehlo.while
// CHECK-NOT: stablehlo.multiply
// CHECK: return %arg0
func.func @zero_trips(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c5 = stablehlo.constant dense<5> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c5, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// More than 16 trips stay a loop.
// CHECK-LABEL: func.func @long_loop
// CHECK: stablehlo.while
// CHECK-SAME: kiln.trip_count = 17
func.func @long_loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c17 = stablehlo.constant dense<17> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A loop whose trip count is unknown (the bound is an argument) stays.
// CHECK-LABEL: func.func @unknown_trips
// CHECK: stablehlo.while
func.func @unknown_trips(%x: tensor<4xf32>, %b: tensor<i32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// 8 trips of a body of more than 256 ops would write more than 2048 ops: the loop stays.
// CHECK-LABEL: func.func @big_body
// CHECK: stablehlo.while
func.func @big_body(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c8 = stablehlo.constant dense<8> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.while(%j = %v) : tensor<4xf32>
    cond {
      %t = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %b0 = stablehlo.negate %j : tensor<4xf32>
      %b1 = stablehlo.negate %b0 : tensor<4xf32>
      %b2 = stablehlo.negate %b1 : tensor<4xf32>
      %b3 = stablehlo.negate %b2 : tensor<4xf32>
      %b4 = stablehlo.negate %b3 : tensor<4xf32>
      %b5 = stablehlo.negate %b4 : tensor<4xf32>
      %b6 = stablehlo.negate %b5 : tensor<4xf32>
      %b7 = stablehlo.negate %b6 : tensor<4xf32>
      %b8 = stablehlo.negate %b7 : tensor<4xf32>
      %b9 = stablehlo.negate %b8 : tensor<4xf32>
      %b10 = stablehlo.negate %b9 : tensor<4xf32>
      %b11 = stablehlo.negate %b10 : tensor<4xf32>
      %b12 = stablehlo.negate %b11 : tensor<4xf32>
      %b13 = stablehlo.negate %b12 : tensor<4xf32>
      %b14 = stablehlo.negate %b13 : tensor<4xf32>
      %b15 = stablehlo.negate %b14 : tensor<4xf32>
      %b16 = stablehlo.negate %b15 : tensor<4xf32>
      %b17 = stablehlo.negate %b16 : tensor<4xf32>
      %b18 = stablehlo.negate %b17 : tensor<4xf32>
      %b19 = stablehlo.negate %b18 : tensor<4xf32>
      %b20 = stablehlo.negate %b19 : tensor<4xf32>
      %b21 = stablehlo.negate %b20 : tensor<4xf32>
      %b22 = stablehlo.negate %b21 : tensor<4xf32>
      %b23 = stablehlo.negate %b22 : tensor<4xf32>
      %b24 = stablehlo.negate %b23 : tensor<4xf32>
      %b25 = stablehlo.negate %b24 : tensor<4xf32>
      %b26 = stablehlo.negate %b25 : tensor<4xf32>
      %b27 = stablehlo.negate %b26 : tensor<4xf32>
      %b28 = stablehlo.negate %b27 : tensor<4xf32>
      %b29 = stablehlo.negate %b28 : tensor<4xf32>
      %b30 = stablehlo.negate %b29 : tensor<4xf32>
      %b31 = stablehlo.negate %b30 : tensor<4xf32>
      %b32 = stablehlo.negate %b31 : tensor<4xf32>
      %b33 = stablehlo.negate %b32 : tensor<4xf32>
      %b34 = stablehlo.negate %b33 : tensor<4xf32>
      %b35 = stablehlo.negate %b34 : tensor<4xf32>
      %b36 = stablehlo.negate %b35 : tensor<4xf32>
      %b37 = stablehlo.negate %b36 : tensor<4xf32>
      %b38 = stablehlo.negate %b37 : tensor<4xf32>
      %b39 = stablehlo.negate %b38 : tensor<4xf32>
      %b40 = stablehlo.negate %b39 : tensor<4xf32>
      %b41 = stablehlo.negate %b40 : tensor<4xf32>
      %b42 = stablehlo.negate %b41 : tensor<4xf32>
      %b43 = stablehlo.negate %b42 : tensor<4xf32>
      %b44 = stablehlo.negate %b43 : tensor<4xf32>
      %b45 = stablehlo.negate %b44 : tensor<4xf32>
      %b46 = stablehlo.negate %b45 : tensor<4xf32>
      %b47 = stablehlo.negate %b46 : tensor<4xf32>
      %b48 = stablehlo.negate %b47 : tensor<4xf32>
      %b49 = stablehlo.negate %b48 : tensor<4xf32>
      %b50 = stablehlo.negate %b49 : tensor<4xf32>
      %b51 = stablehlo.negate %b50 : tensor<4xf32>
      %b52 = stablehlo.negate %b51 : tensor<4xf32>
      %b53 = stablehlo.negate %b52 : tensor<4xf32>
      %b54 = stablehlo.negate %b53 : tensor<4xf32>
      %b55 = stablehlo.negate %b54 : tensor<4xf32>
      %b56 = stablehlo.negate %b55 : tensor<4xf32>
      %b57 = stablehlo.negate %b56 : tensor<4xf32>
      %b58 = stablehlo.negate %b57 : tensor<4xf32>
      %b59 = stablehlo.negate %b58 : tensor<4xf32>
      %b60 = stablehlo.negate %b59 : tensor<4xf32>
      %b61 = stablehlo.negate %b60 : tensor<4xf32>
      %b62 = stablehlo.negate %b61 : tensor<4xf32>
      %b63 = stablehlo.negate %b62 : tensor<4xf32>
      %b64 = stablehlo.negate %b63 : tensor<4xf32>
      %b65 = stablehlo.negate %b64 : tensor<4xf32>
      %b66 = stablehlo.negate %b65 : tensor<4xf32>
      %b67 = stablehlo.negate %b66 : tensor<4xf32>
      %b68 = stablehlo.negate %b67 : tensor<4xf32>
      %b69 = stablehlo.negate %b68 : tensor<4xf32>
      %b70 = stablehlo.negate %b69 : tensor<4xf32>
      %b71 = stablehlo.negate %b70 : tensor<4xf32>
      %b72 = stablehlo.negate %b71 : tensor<4xf32>
      %b73 = stablehlo.negate %b72 : tensor<4xf32>
      %b74 = stablehlo.negate %b73 : tensor<4xf32>
      %b75 = stablehlo.negate %b74 : tensor<4xf32>
      %b76 = stablehlo.negate %b75 : tensor<4xf32>
      %b77 = stablehlo.negate %b76 : tensor<4xf32>
      %b78 = stablehlo.negate %b77 : tensor<4xf32>
      %b79 = stablehlo.negate %b78 : tensor<4xf32>
      %b80 = stablehlo.negate %b79 : tensor<4xf32>
      %b81 = stablehlo.negate %b80 : tensor<4xf32>
      %b82 = stablehlo.negate %b81 : tensor<4xf32>
      %b83 = stablehlo.negate %b82 : tensor<4xf32>
      %b84 = stablehlo.negate %b83 : tensor<4xf32>
      %b85 = stablehlo.negate %b84 : tensor<4xf32>
      %b86 = stablehlo.negate %b85 : tensor<4xf32>
      %b87 = stablehlo.negate %b86 : tensor<4xf32>
      %b88 = stablehlo.negate %b87 : tensor<4xf32>
      %b89 = stablehlo.negate %b88 : tensor<4xf32>
      %b90 = stablehlo.negate %b89 : tensor<4xf32>
      %b91 = stablehlo.negate %b90 : tensor<4xf32>
      %b92 = stablehlo.negate %b91 : tensor<4xf32>
      %b93 = stablehlo.negate %b92 : tensor<4xf32>
      %b94 = stablehlo.negate %b93 : tensor<4xf32>
      %b95 = stablehlo.negate %b94 : tensor<4xf32>
      %b96 = stablehlo.negate %b95 : tensor<4xf32>
      %b97 = stablehlo.negate %b96 : tensor<4xf32>
      %b98 = stablehlo.negate %b97 : tensor<4xf32>
      %b99 = stablehlo.negate %b98 : tensor<4xf32>
      %b100 = stablehlo.negate %b99 : tensor<4xf32>
      %b101 = stablehlo.negate %b100 : tensor<4xf32>
      %b102 = stablehlo.negate %b101 : tensor<4xf32>
      %b103 = stablehlo.negate %b102 : tensor<4xf32>
      %b104 = stablehlo.negate %b103 : tensor<4xf32>
      %b105 = stablehlo.negate %b104 : tensor<4xf32>
      %b106 = stablehlo.negate %b105 : tensor<4xf32>
      %b107 = stablehlo.negate %b106 : tensor<4xf32>
      %b108 = stablehlo.negate %b107 : tensor<4xf32>
      %b109 = stablehlo.negate %b108 : tensor<4xf32>
      %b110 = stablehlo.negate %b109 : tensor<4xf32>
      %b111 = stablehlo.negate %b110 : tensor<4xf32>
      %b112 = stablehlo.negate %b111 : tensor<4xf32>
      %b113 = stablehlo.negate %b112 : tensor<4xf32>
      %b114 = stablehlo.negate %b113 : tensor<4xf32>
      %b115 = stablehlo.negate %b114 : tensor<4xf32>
      %b116 = stablehlo.negate %b115 : tensor<4xf32>
      %b117 = stablehlo.negate %b116 : tensor<4xf32>
      %b118 = stablehlo.negate %b117 : tensor<4xf32>
      %b119 = stablehlo.negate %b118 : tensor<4xf32>
      %b120 = stablehlo.negate %b119 : tensor<4xf32>
      %b121 = stablehlo.negate %b120 : tensor<4xf32>
      %b122 = stablehlo.negate %b121 : tensor<4xf32>
      %b123 = stablehlo.negate %b122 : tensor<4xf32>
      %b124 = stablehlo.negate %b123 : tensor<4xf32>
      %b125 = stablehlo.negate %b124 : tensor<4xf32>
      %b126 = stablehlo.negate %b125 : tensor<4xf32>
      %b127 = stablehlo.negate %b126 : tensor<4xf32>
      %b128 = stablehlo.negate %b127 : tensor<4xf32>
      %b129 = stablehlo.negate %b128 : tensor<4xf32>
      %b130 = stablehlo.negate %b129 : tensor<4xf32>
      %b131 = stablehlo.negate %b130 : tensor<4xf32>
      %b132 = stablehlo.negate %b131 : tensor<4xf32>
      %b133 = stablehlo.negate %b132 : tensor<4xf32>
      %b134 = stablehlo.negate %b133 : tensor<4xf32>
      %b135 = stablehlo.negate %b134 : tensor<4xf32>
      %b136 = stablehlo.negate %b135 : tensor<4xf32>
      %b137 = stablehlo.negate %b136 : tensor<4xf32>
      %b138 = stablehlo.negate %b137 : tensor<4xf32>
      %b139 = stablehlo.negate %b138 : tensor<4xf32>
      %b140 = stablehlo.negate %b139 : tensor<4xf32>
      %b141 = stablehlo.negate %b140 : tensor<4xf32>
      %b142 = stablehlo.negate %b141 : tensor<4xf32>
      %b143 = stablehlo.negate %b142 : tensor<4xf32>
      %b144 = stablehlo.negate %b143 : tensor<4xf32>
      %b145 = stablehlo.negate %b144 : tensor<4xf32>
      %b146 = stablehlo.negate %b145 : tensor<4xf32>
      %b147 = stablehlo.negate %b146 : tensor<4xf32>
      %b148 = stablehlo.negate %b147 : tensor<4xf32>
      %b149 = stablehlo.negate %b148 : tensor<4xf32>
      %b150 = stablehlo.negate %b149 : tensor<4xf32>
      %b151 = stablehlo.negate %b150 : tensor<4xf32>
      %b152 = stablehlo.negate %b151 : tensor<4xf32>
      %b153 = stablehlo.negate %b152 : tensor<4xf32>
      %b154 = stablehlo.negate %b153 : tensor<4xf32>
      %b155 = stablehlo.negate %b154 : tensor<4xf32>
      %b156 = stablehlo.negate %b155 : tensor<4xf32>
      %b157 = stablehlo.negate %b156 : tensor<4xf32>
      %b158 = stablehlo.negate %b157 : tensor<4xf32>
      %b159 = stablehlo.negate %b158 : tensor<4xf32>
      %b160 = stablehlo.negate %b159 : tensor<4xf32>
      %b161 = stablehlo.negate %b160 : tensor<4xf32>
      %b162 = stablehlo.negate %b161 : tensor<4xf32>
      %b163 = stablehlo.negate %b162 : tensor<4xf32>
      %b164 = stablehlo.negate %b163 : tensor<4xf32>
      %b165 = stablehlo.negate %b164 : tensor<4xf32>
      %b166 = stablehlo.negate %b165 : tensor<4xf32>
      %b167 = stablehlo.negate %b166 : tensor<4xf32>
      %b168 = stablehlo.negate %b167 : tensor<4xf32>
      %b169 = stablehlo.negate %b168 : tensor<4xf32>
      %b170 = stablehlo.negate %b169 : tensor<4xf32>
      %b171 = stablehlo.negate %b170 : tensor<4xf32>
      %b172 = stablehlo.negate %b171 : tensor<4xf32>
      %b173 = stablehlo.negate %b172 : tensor<4xf32>
      %b174 = stablehlo.negate %b173 : tensor<4xf32>
      %b175 = stablehlo.negate %b174 : tensor<4xf32>
      %b176 = stablehlo.negate %b175 : tensor<4xf32>
      %b177 = stablehlo.negate %b176 : tensor<4xf32>
      %b178 = stablehlo.negate %b177 : tensor<4xf32>
      %b179 = stablehlo.negate %b178 : tensor<4xf32>
      %b180 = stablehlo.negate %b179 : tensor<4xf32>
      %b181 = stablehlo.negate %b180 : tensor<4xf32>
      %b182 = stablehlo.negate %b181 : tensor<4xf32>
      %b183 = stablehlo.negate %b182 : tensor<4xf32>
      %b184 = stablehlo.negate %b183 : tensor<4xf32>
      %b185 = stablehlo.negate %b184 : tensor<4xf32>
      %b186 = stablehlo.negate %b185 : tensor<4xf32>
      %b187 = stablehlo.negate %b186 : tensor<4xf32>
      %b188 = stablehlo.negate %b187 : tensor<4xf32>
      %b189 = stablehlo.negate %b188 : tensor<4xf32>
      %b190 = stablehlo.negate %b189 : tensor<4xf32>
      %b191 = stablehlo.negate %b190 : tensor<4xf32>
      %b192 = stablehlo.negate %b191 : tensor<4xf32>
      %b193 = stablehlo.negate %b192 : tensor<4xf32>
      %b194 = stablehlo.negate %b193 : tensor<4xf32>
      %b195 = stablehlo.negate %b194 : tensor<4xf32>
      %b196 = stablehlo.negate %b195 : tensor<4xf32>
      %b197 = stablehlo.negate %b196 : tensor<4xf32>
      %b198 = stablehlo.negate %b197 : tensor<4xf32>
      %b199 = stablehlo.negate %b198 : tensor<4xf32>
      %b200 = stablehlo.negate %b199 : tensor<4xf32>
      %b201 = stablehlo.negate %b200 : tensor<4xf32>
      %b202 = stablehlo.negate %b201 : tensor<4xf32>
      %b203 = stablehlo.negate %b202 : tensor<4xf32>
      %b204 = stablehlo.negate %b203 : tensor<4xf32>
      %b205 = stablehlo.negate %b204 : tensor<4xf32>
      %b206 = stablehlo.negate %b205 : tensor<4xf32>
      %b207 = stablehlo.negate %b206 : tensor<4xf32>
      %b208 = stablehlo.negate %b207 : tensor<4xf32>
      %b209 = stablehlo.negate %b208 : tensor<4xf32>
      %b210 = stablehlo.negate %b209 : tensor<4xf32>
      %b211 = stablehlo.negate %b210 : tensor<4xf32>
      %b212 = stablehlo.negate %b211 : tensor<4xf32>
      %b213 = stablehlo.negate %b212 : tensor<4xf32>
      %b214 = stablehlo.negate %b213 : tensor<4xf32>
      %b215 = stablehlo.negate %b214 : tensor<4xf32>
      %b216 = stablehlo.negate %b215 : tensor<4xf32>
      %b217 = stablehlo.negate %b216 : tensor<4xf32>
      %b218 = stablehlo.negate %b217 : tensor<4xf32>
      %b219 = stablehlo.negate %b218 : tensor<4xf32>
      %b220 = stablehlo.negate %b219 : tensor<4xf32>
      %b221 = stablehlo.negate %b220 : tensor<4xf32>
      %b222 = stablehlo.negate %b221 : tensor<4xf32>
      %b223 = stablehlo.negate %b222 : tensor<4xf32>
      %b224 = stablehlo.negate %b223 : tensor<4xf32>
      %b225 = stablehlo.negate %b224 : tensor<4xf32>
      %b226 = stablehlo.negate %b225 : tensor<4xf32>
      %b227 = stablehlo.negate %b226 : tensor<4xf32>
      %b228 = stablehlo.negate %b227 : tensor<4xf32>
      %b229 = stablehlo.negate %b228 : tensor<4xf32>
      %b230 = stablehlo.negate %b229 : tensor<4xf32>
      %b231 = stablehlo.negate %b230 : tensor<4xf32>
      %b232 = stablehlo.negate %b231 : tensor<4xf32>
      %b233 = stablehlo.negate %b232 : tensor<4xf32>
      %b234 = stablehlo.negate %b233 : tensor<4xf32>
      %b235 = stablehlo.negate %b234 : tensor<4xf32>
      %b236 = stablehlo.negate %b235 : tensor<4xf32>
      %b237 = stablehlo.negate %b236 : tensor<4xf32>
      %b238 = stablehlo.negate %b237 : tensor<4xf32>
      %b239 = stablehlo.negate %b238 : tensor<4xf32>
      %b240 = stablehlo.negate %b239 : tensor<4xf32>
      %b241 = stablehlo.negate %b240 : tensor<4xf32>
      %b242 = stablehlo.negate %b241 : tensor<4xf32>
      %b243 = stablehlo.negate %b242 : tensor<4xf32>
      %b244 = stablehlo.negate %b243 : tensor<4xf32>
      %b245 = stablehlo.negate %b244 : tensor<4xf32>
      %b246 = stablehlo.negate %b245 : tensor<4xf32>
      %b247 = stablehlo.negate %b246 : tensor<4xf32>
      %b248 = stablehlo.negate %b247 : tensor<4xf32>
      %b249 = stablehlo.negate %b248 : tensor<4xf32>
      %b250 = stablehlo.negate %b249 : tensor<4xf32>
      %b251 = stablehlo.negate %b250 : tensor<4xf32>
      %b252 = stablehlo.negate %b251 : tensor<4xf32>
      %b253 = stablehlo.negate %b252 : tensor<4xf32>
      %b254 = stablehlo.negate %b253 : tensor<4xf32>
      %b255 = stablehlo.negate %b254 : tensor<4xf32>
      %b256 = stablehlo.negate %b255 : tensor<4xf32>
      %b257 = stablehlo.negate %b256 : tensor<4xf32>
      %b258 = stablehlo.negate %b257 : tensor<4xf32>
      %b259 = stablehlo.negate %b258 : tensor<4xf32>
      stablehlo.return %b259 : tensor<4xf32>
    }
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// The nested loop unrolls first; then the outer one, whose copies hold the inner copies.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: stablehlo.while
// CHECK-COUNT-6: stablehlo.sine
// CHECK-NOT: stablehlo.sine
func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c2 = stablehlo.constant dense<2> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %in:2 = stablehlo.while(%k = %z, %u = %v) : tensor<i32>, tensor<4xf32>
    cond {
      %c3 = stablehlo.constant dense<3> : tensor<i32>
      %lt2 = stablehlo.compare LT, %k, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt2 : tensor<i1>
    } do {
      %one2 = stablehlo.constant dense<1> : tensor<i32>
      %k2 = stablehlo.add %k, %one2 : tensor<i32>
      %s = stablehlo.sine %u : tensor<4xf32>
      stablehlo.return %k2, %s : tensor<i32>, tensor<4xf32>
    }
    stablehlo.return %n, %in#1 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A body with an effect keeps its effects in order, once per trip.
// CHECK-LABEL: func.func @effects_in_order
// CHECK-NOT: stablehlo.while
// CHECK-COUNT-2: stablehlo.custom_call @log_it
func.func @effects_in_order(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c2 = stablehlo.constant dense<2> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.custom_call @log_it(%v) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}
