// JAX's linear-algebra custom calls (@lapack_?potrf_ffi, @cusolver_potrf_ffi, @lapack_?trsm_ffi, @lapack_?getrf_ffi, @cu_lu_pivots_to_permutation, @lapack_?geqrf_ffi, @lapack_?orgqr_ffi, @lapack_?syevd_ffi, @lapack_?heevd_ffi, @cusolver_syevd_ffi) with JAX's column-major layouts: the factors and solutions of cholesky.mlir and triangular_solve.mlir (from XLA CPU), the other triangle kept as LAPACK keeps it, info, LU pivots and their permutation, Householder QR (LAPACK's values from jaxlib's LAPACK), eigenvalues.

// tol: 1e-5
// potrf, lower and upper: the factor's triangle as stablehlo.cholesky's, the other triangle the operand's.
func.func @main() {
  %a = stablehlo.constant dense<[[4.0, 2.0, 1.0], [2.0, 5.0, 2.0], [1.0, 2.0, 6.0]]> : tensor<3x3xf32>
  %l:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
  %g = stablehlo.constant dense<[[4.0, 2.0, 1.0], [-50.0, 5.0, 2.0], [70.0, 80.0, 6.0]]> : tensor<3x3xf32>
  %u:2 = stablehlo.custom_call @cusolver_potrf_ffi(%g) {mhlo.backend_config = {lower = false}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
  check.expect_almost_eq_const %l#0, dense<[[2.0, 2.0, 1.0], [1.0, 2.0, 2.0], [0.5, 0.75, 2.2776083946228027]]> : tensor<3x3xf32>, tolerance = 1.0e-05
  check.expect_eq_const %l#1, dense<0> : tensor<i32>
  check.expect_almost_eq_const %u#0, dense<[[2.0, 1.0, 0.5], [-50.0, 2.0, 0.75], [70.0, 80.0, 2.2776083946228027]]> : tensor<3x3xf32>, tolerance = 1.0e-05
  check.expect_eq_const %u#1, dense<0> : tensor<i32>
  func.return
}

// -----

// potrf on a batch whose second matrix is not positive definite (its minor of order 2 is 1 - 4): info per matrix.
func.func @main() {
  %a = stablehlo.constant dense<[[[9.0, 3.0], [3.0, 5.0]], [[1.0, 2.0], [2.0, 1.0]]]> : tensor<2x2x2xf64>
  %r:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[0]> : tensor<1xindex>]} : (tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xi32>)
  check.expect_eq_const %r#1, dense<[0, 2]> : tensor<2xi32>
  func.return
}

// -----

// tol: 1e-5
// trsm, left side, lower, with and without transpose and unit diagonal; the upper triangle holds garbage.
func.func @main() {
  %a = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 4.0, 99.0], [-1.0, 0.5, 8.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, 4.0], [5.0, 1.0], [3.0, -2.0]]> : tensor<3x2xf32>
  %r = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %t = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %r, dense<[[1.0, 2.0], [1.0, -0.25], [0.4375, 0.015625]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %t, dense<[[0.5859375, 1.734375], [1.203125, 0.28125], [0.375, -0.25]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %u, dense<[[2.0, 4.0], [3.0, -3.0], [3.5, 3.5]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-10
// trsm, right side, upper, with and without transpose, batched (f64).
func.func @main() {
  %a = stablehlo.constant dense<[[[2.0, 3.0], [-7.0, 4.0]], [[1.0, -1.0], [5.0, 0.5]]]> : tensor<2x2x2xf64>
  %b = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, -4.0]]]> : tensor<2x1x2xf64>
  %r = stablehlo.custom_call @lapack_dtrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<2x2x2xf64>, tensor<2x1x2xf64>) -> tensor<2x1x2xf64>
  %t = stablehlo.custom_call @lapack_dtrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<2x2x2xf64>, tensor<2x1x2xf64>) -> tensor<2x1x2xf64>
  check.expect_almost_eq_const %r, dense<[[[0.5, 0.125]], [[3.0, -2.0]]]> : tensor<2x1x2xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %t, dense<[[[-0.25, 0.5]], [[-5.0, -8.0]]]> : tensor<2x1x2xf64>, tolerance = 1.0e-10
  func.return
}

// -----

// tol: 1e-6
// getrf of [[1, 2], [3, 4]]: row 2 pivots; the 0-based pivots' permutation puts it first.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %p0 = stablehlo.subtract %r#1, %one : tensor<2xi32>
  %perm = stablehlo.custom_call @cu_lu_pivots_to_permutation(%p0) {mhlo.backend_config = {}, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2xi32>) -> tensor<2xi32>
  check.expect_almost_eq_const %r#0, dense<[[3.0, 4.0], [0.3333333432674408, 0.6666666269302368]]> : tensor<2x2xf32>, tolerance = 1.0e-06
  check.expect_eq_const %r#1, dense<[2, 2]> : tensor<2xi32>
  check.expect_eq_const %r#2, dense<0> : tensor<i32>
  check.expect_eq_const %perm, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

// tol: 1e-10
// geqrf and orgqr of a tall f64 matrix: R and the reflectors, taus, Q (values from LAPACK through jaxlib).
func.func @main() {
  %a = stablehlo.constant dense<[[3.0, 1.0], [4.0, 2.0], [0.0, 2.0]]> : tensor<3x2xf64>
  %f:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%a) {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<2xf64>)
  %q = stablehlo.custom_call @lapack_dorgqr_ffi(%f#0, %f#1) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x2xf64>, tensor<2xf64>) -> tensor<3x2xf64>
  check.expect_almost_eq_const %f#0, dense<[[-5.0, -2.2], [0.5, -2.039607805437114], [0.0, 0.819803902718557]]> : tensor<3x2xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %f#1, dense<[1.6, 1.196116135138184]> : tensor<2xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %q, dense<[[-0.6, 0.15689290811054715], [-0.8, -0.11766968108291036], [0.0, -0.9805806756909201]]> : tensor<3x2xf64>, tolerance = 1.0e-10
  func.return
}

// -----

// tol: 1e-5
// syevd of [[2, 1], [1, 2]] (the upper triangle holds garbage) and of a diagonal matrix: eigenvalues ascending, info 0.
func.func @main() {
  %a = stablehlo.constant dense<[[[2.0, 99.0], [1.0, 2.0]], [[7.0, 0.0], [0.0, -1.0]]]> : tensor<2x2x2xf32>
  %r:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x2x2xf32>) -> (tensor<2x2x2xf32>, tensor<2x2xf32>, tensor<2xi32>)
  check.expect_almost_eq_const %r#1, dense<[[1.0, 3.0], [-1.0, 7.0]]> : tensor<2x2xf32>, tolerance = 1.0e-05
  check.expect_eq_const %r#2, dense<0> : tensor<2xi32>
  func.return
}

// -----

// tol: 1e-5
// heevd reading the upper triangle of [[2, i], [-i, 2]] (the lower one and the diagonal's imaginary parts hold garbage), and cuSOLVER's syevd reading the lower triangle of [[2, 1, 0], [1, 2, 0], [0, 0, -5]]: eigenvalues ascending, info 0.
func.func @main() {
  %h = stablehlo.constant dense<[[(2.0, 7.0), (0.0, 1.0)], [(9.0, 9.0), (2.0, -3.0)]]> : tensor<2x2xcomplex<f32>>
  %r:3 = stablehlo.custom_call @lapack_cheevd_ffi(%h) {mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<2xf32>, tensor<i32>)
  check.expect_almost_eq_const %r#1, dense<[1.0, 3.0]> : tensor<2xf32>, tolerance = 1.0e-05
  check.expect_eq_const %r#2, dense<0> : tensor<i32>
  %s = stablehlo.constant dense<[[2.0, 8.0, 8.0], [1.0, 2.0, 8.0], [0.0, 0.0, -5.0]]> : tensor<3x3xf64>
  %c:3 = stablehlo.custom_call @cusolver_syevd_ffi(%s) {mhlo.backend_config = {algorithm = 0 : ui8, lower = true}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)
  check.expect_almost_eq_const %c#1, dense<[-5.0, 1.0, 3.0]> : tensor<3xf64>, tolerance = 1.0e-05
  check.expect_eq_const %c#2, dense<0> : tensor<i32>
  func.return
}
