// THREE_FRY: state [1, 2], result tensor<5xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  check.expect_eq_const %new_state, dense<[1, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[  43444564, 2150618427, 3979645651, 3745730563, 1672743891]> : tensor<5xui32>
  func.return
}

// -----

// THREE_FRY: state [1311768467463790320, 18446744073709551614], result tensor<2x3xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[ 1311768467463790320, 18446744073709551614]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq_const %new_state, dense<[1311768467463790320,                   1]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1010520186, 2754706343, 1593802813], [1888741164,  569486026, 1289978105]]> : tensor<2x3xui32>
  func.return
}

// -----

// THREE_FRY: state [7, 42], result tensor<3xui64>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[ 7, 42]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  check.expect_eq_const %new_state, dense<[ 7, 45]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[6986328641717717219, 7136372091494619115, 9742441428436837111]> : tensor<3xui64>
  func.return
}

// -----

// THREE_FRY: state [7, 18446744073709551615], result tensor<2x2xi64>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[                   7, 18446744073709551615]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xi64>)
  check.expect_eq_const %new_state, dense<[7, 3]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[ 6868590399942727175, -4883217313017222806], [ 5731837475286458671,  1351350879580556977]]> : tensor<2x2xi64>
  func.return
}

// -----

// THREE_FRY: state [5, 6], result tensor<7xui8>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui8>)
  check.expect_eq_const %new_state, dense<[ 5, 10]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[164, 200, 115, 216,  69,  82, 113]> : tensor<7xui8>
  func.return
}

// -----

// THREE_FRY: state [5, 6], result tensor<3xi16>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xi16>)
  check.expect_eq_const %new_state, dense<[5, 8]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[-16732,  20424,  -3725]> : tensor<3xi16>
  func.return
}

// -----

// THREE_FRY: state [9, 10], result tensor<i32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[ 9, 10]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<i32>)
  check.expect_eq_const %new_state, dense<[ 9, 11]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<-900546841> : tensor<i32>
  func.return
}

// -----

// THREE_FRY: state [9, 10], result tensor<0xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[ 9, 10]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0xui32>)
  check.expect_eq_const %new_state, dense<[ 9, 10]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[]> : tensor<0xui32>
  func.return
}

// -----

// PHILOX: state [1, 2, 3], result tensor<5xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>)
  check.expect_eq_const %new_state, dense<[1, 4, 3]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[4031113034, 1366700262,  495645701, 3051723414,   89414891]> : tensor<5xui32>
  func.return
}

// -----

// PHILOX: state [1, 18446744073709551615, 3], result tensor<2x3xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[                   1, 18446744073709551615,                    3]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui32>)
  check.expect_eq_const %new_state, dense<[1, 1, 4]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[3023135040, 2618764561,  763147620], [1543521082, 3140572256, 1890473413]]> : tensor<2x3xui32>
  func.return
}

// -----

// PHILOX: state [11, 12], result tensor<9xi32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<9xi32>)
  check.expect_eq_const %new_state, dense<[11, 15]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[  503137118,  1157660331, -1441696173,   210914253,    80066092,  -267598386, -1102226590,  1689657764,   520946786]> : tensor<9xi32>
  func.return
}

// -----

// PHILOX: state [11, 12, 13], result tensor<3xui64>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[11, 12, 13]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3xui64>)
  check.expect_eq_const %new_state, dense<[11, 14, 13]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[9296804554138003465, 9937558214926799077,  108812011648526574]> : tensor<3xui64>
  func.return
}

// -----

// PHILOX: state [3735928559, 1, 0], result tensor<2x2xi64>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[3735928559,          1,          0]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x2xi64>)
  check.expect_eq_const %new_state, dense<[3735928559,          3,          0]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[-3862658933106822713,  5821293688137454709], [-3723991169721054595,  -916443287657533191]]> : tensor<2x2xi64>
  func.return
}

// -----

// PHILOX: state [3, 4, 5], result tensor<6xi8>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[3, 4, 5]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<6xi8>)
  check.expect_eq_const %new_state, dense<[3, 6, 5]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[-89, -80, 103, -46, -24, -84]> : tensor<6xi8>
  func.return
}

// -----

// PHILOX: state [3, 4, 5], result tensor<5xui16>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[3, 4, 5]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui16>)
  check.expect_eq_const %new_state, dense<[3, 6, 5]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[22439, 52912,  2919, 32466,  1000]> : tensor<5xui16>
  func.return
}

// -----

// PHILOX: state [3, 4], result tensor<ui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[3, 4]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  check.expect_eq_const %new_state, dense<[3, 5]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<3144060952> : tensor<ui32>
  func.return
}

// -----

// DEFAULT: state [1, 2, 3], result tensor<4xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  check.expect_eq_const %new_state, dense<[1, 3, 3]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[4031113034, 1366700262,  495645701, 3051723414]> : tensor<4xui32>
  func.return
}

// -----

// THREE_FRY: state [1, 2], result tensor<3x3xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xui32>)
  check.expect_eq_const %new_state, dense<[1, 8]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[  43444564, 3979645651, 1672743891], [2150618427, 3745730563, 4240503393], [2109414752, 2534981805, 2868795927]]> : tensor<3x3xui32>
  func.return
}

// -----

// THREE_FRY: state [3, 4], result tensor<3x5xi32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[3, 4]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi32>)
  check.expect_eq_const %new_state, dense<[ 3, 13]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[  555017538,  -566757190,  1109507171,  -690203781,  -492873991], [  849634428,  1054234490,  -199125914,  1951865270, -2031012961], [  167328752,  1424749559,   446042894, -2020627043,   114450230]]> : tensor<3x5xi32>
  func.return
}

// -----

// THREE_FRY: state [5, 6], result tensor<2x4xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x4xui32>)
  check.expect_eq_const %new_state, dense<[ 5, 10]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[2857746084, 4000641395,   10964293, 3804237681], [3971895240, 1063621336, 2057536082, 1604586794]]> : tensor<2x4xui32>
  func.return
}

// -----

// THREE_FRY: state [7, 8], result tensor<4x2xui16>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[7, 8]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x2xui16>)
  check.expect_eq_const %new_state, dense<[ 7, 12]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[58408, 62162], [14957,  6964], [47340, 21155], [15661, 27982]]> : tensor<4x2xui16>
  func.return
}

// -----

// THREE_FRY: state [9, 10], result tensor<2x3x4xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[ 9, 10]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3x4xui32>)
  check.expect_eq_const %new_state, dense<[ 9, 22]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[[3394420455, 3352544000, 1521194673, 4152772484],  [2822049221, 2829463363, 2963669104,  257843424],  [3309287163,  372430348, 4144027573, 1765634858]], [[1568413997, 1294160924,  407554541,  441368573],  [3056566653, 1036904834,  570007682, 1510621488],  [ 405825904,  581006947, 3839575846, 2285875209]]]> : tensor<2x3x4xui32>
  func.return
}

// -----

// THREE_FRY: state [11, 12], result tensor<3x5x7xui8>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5x7xui8>)
  check.expect_eq_const %new_state, dense<[11, 72]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[[ 47,  68,  46, 200, 172, 221, 245],  [177, 132,  67, 171, 245, 192, 253],  [ 63, 132,  12, 103,  28, 154, 157],  [246, 142, 242, 179, 111, 229, 143],  [199, 126,  25,  69, 102, 183,  18]], [[165, 110, 154,   9,  26, 207, 238],  [150,   3,  68, 106, 243, 206,  41],  [106, 161,  53,  28, 241, 189, 250],  [225,  79, 103, 118, 255, 160, 203],  [206, 219,  84,  85,  16,  25, 175]], [[ 20, 239, 205,  47,  17,  28,   3],  [157, 254,  68, 195,  51, 244,  53],  [175, 155,  95, 216, 120,  12,  89],  [250,   7,  19, 247, 231,  10, 147],  [230, 253, 118,  58, 243, 203, 239]]]> : tensor<3x5x7xui8>
  func.return
}

// -----

// THREE_FRY: state [13, 18446744073709551614], result tensor<1x1xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[                  13, 18446744073709551614]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<1x1xui32>)
  check.expect_eq_const %new_state, dense<[                  13, 18446744073709551615]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1357186827]]> : tensor<1x1xui32>
  func.return
}

// -----

// PHILOX: state [13, 18446744073709551614], result tensor<3x3xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[                  13, 18446744073709551614]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xui32>)
  check.expect_eq_const %new_state, dense<[13,  1]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[1372311255,  480842055,  188470660], [3691489610,  364769749,   28125959], [2189072584,  841605490, 4206892987]]> : tensor<3x3xui32>
  func.return
}

// -----

// PHILOX: state [1, 18446744073709551615, 18446744073709551615], result tensor<5xui32>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[                   1, 18446744073709551615, 18446744073709551615]> : tensor<3xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>)
  check.expect_eq_const %new_state, dense<[1, 1, 0]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[1931622801, 1853353218, 1556166440, 2727226841, 3823634032]> : tensor<5xui32>
  func.return
}

// -----

// DEFAULT: state [21, 22], result tensor<3xui64>; expected values from XLA on the CPU 
func.func @main() {
  %state = stablehlo.constant dense<[21, 22]> : tensor<2xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  check.expect_eq_const %new_state, dense<[21, 24]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[ 8425549938581308154, 13153121001058979198, 16711257722923237517]> : tensor<3xui64>
  func.return
}

// -----

// stablehlo.rng: values are implementation-defined (kiln: a fixed Philox stream per op), but
// always in [a, b) for UNIFORM, so a range of one value and a zero deviation are exact.
func.func @main() {
  %a = stablehlo.constant dense<5> : tensor<i32>
  %b = stablehlo.constant dense<6> : tensor<i32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<5> : tensor<2x3xi32>
  %fa = stablehlo.constant dense<-1.5> : tensor<f32>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %s1 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %n = stablehlo.rng %fa, %fz, %s1, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  check.expect_eq_const %n, dense<-1.5> : tensor<4xf32>
  %u = stablehlo.rng %fa, %fa, %s1, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  check.expect_eq_const %u, dense<-1.5> : tensor<4xf32>
  func.return
}

// -----

// States other than XLA's are read as their bits (kiln's rule; XLA takes ui64[2] and ui64[3]
// only): ui32[4] and f32[2x2] holding the bytes of a ui64[2] state draw what it draws and
// advance as it does, and a ui32[3] THREE_FRY state is its key and a 32-bit counter.
func.func @main() {
  %s64 = stablehlo.constant dense<[7, 9]> : tensor<2xui64>
  %s32 = stablehlo.constant dense<[7, 0, 9, 0]> : tensor<4xui32>
  %sf = stablehlo.bitcast_convert %s64 : (tensor<2xui64>) -> tensor<2x2xf32>
  %n64, %b64 = stablehlo.rng_bit_generator %s64, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui32>)
  %n32, %b32 = stablehlo.rng_bit_generator %s32, algorithm = THREE_FRY : (tensor<4xui32>) -> (tensor<4xui32>, tensor<6xui32>)
  check.expect_eq %b32, %b64 : tensor<6xui32>
  %w64 = stablehlo.bitcast_convert %n64 : (tensor<2xui64>) -> tensor<2x2xui32>
  %f64 = stablehlo.reshape %w64 : (tensor<2x2xui32>) -> tensor<4xui32>
  check.expect_eq %n32, %f64 : tensor<4xui32>
  %p64, %c64 = stablehlo.rng_bit_generator %s64, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  %pf, %cf = stablehlo.rng_bit_generator %sf, algorithm = PHILOX : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<5xui64>)
  check.expect_eq %cf, %c64 : tensor<5xui64>
  %pb = stablehlo.bitcast_convert %pf : (tensor<2x2xf32>) -> tensor<2xui64>
  check.expect_eq %pb, %p64 : tensor<2xui64>
  %s3 = stablehlo.constant dense<[7, 0, 9]> : tensor<3xui32>
  %n3, %b3 = stablehlo.rng_bit_generator %s3, algorithm = THREE_FRY : (tensor<3xui32>) -> (tensor<3xui32>, tensor<6xui32>)
  check.expect_eq %b3, %b64 : tensor<6xui32>
  check.expect_eq_const %n3, dense<[7, 0, 12]> : tensor<3xui32>
  func.return
}
