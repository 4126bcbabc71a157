// stablehlo.fft: invalid programs, one per constraint, with the error each must give.

// -----

func.func @main(%x: tensor<8xf32>) {
  // expected-error@+1 {{result tensor<5xcomplex<f64>> must have element type complex<f32> for operand tensor<8xf32>}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f64>>
  return
}

// -----

func.func @main(%x: tensor<8xcomplex<f32>>) {
  // expected-error@+1 {{result tensor<8xcomplex<f64>> must have element type complex<f32>}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f64>>
  return
}

// -----

func.func @main(%x: tensor<5xcomplex<f64>>) {
  // expected-error@+1 {{result tensor<8xf32> must have element type f64}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<5xcomplex<f64>>) -> tensor<8xf32>
  return
}

// -----

func.func @main(%x: tensor<8xf16>) {
  // expected-error@+1 {{operand must be a tensor of f32 or f64 type, but is tensor<8xf16>}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf16>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @main(%x: tensor<8xf32>) {
  // expected-error@+1 {{operand must be a tensor of complex type, but is tensor<8xf32>}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @main(%x: tensor<8xf32>) {
  // expected-error@+1 {{operand dimension 0 has size 8 but fft_length is [4]}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @main(%x: tensor<5xcomplex<f32>>) {
  // expected-error@+1 {{result dimension 0 has size 6 but fft_length is [8]}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<6xf32>
  return
}

// -----

func.func @main(%x: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{operand tensor<4xcomplex<f32>> must have 5 in its last dimension for result tensor<8xf32>}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<4xcomplex<f32>>) -> tensor<8xf32>
  return
}

// -----

func.func @main(%x: tensor<8xf32>) {
  // expected-error@+1 {{result type tensor<4xcomplex<f32>> must have shape of tensor<5xcomplex<f32>>}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%x: tensor<8xcomplex<f32>>) {
  // expected-error@+1 {{fft_length must have 1 to 3 entries}}
  %0 = stablehlo.fft %x, type = FFT, length = [1, 1, 1, 1] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @main(%x: tensor<8xcomplex<f32>>) {
  // expected-error@+1 {{operand rank 1 is smaller than the 2 fft dimensions}}
  %0 = stablehlo.fft %x, type = FFT, length = [8, 1] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

// The spec leaves FFT's fft_length free; kiln asks that it match the operand, as XLA does.
func.func @main(%x: tensor<8xcomplex<f32>>) {
  // expected-error@+1 {{operand dimension 0 has size 8 but fft_length is [4]}}
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}
