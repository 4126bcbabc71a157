// Large element-wise kernels and a large transpose, for measuring the generated loop kernels'
// bandwidth against the device's copy rate (src/backend/cuda/README.md, "Loop kernels"):
// a * b + c over 64M bf16 (16-byte vectors of 8 elements; 512 MiB moved: three reads, one
// write), over 64M f32 as [8192, 8192] (4 elements a vector; 1 GiB moved), and the transpose of
// an [8192, 8192] f32 matrix (32x32 shared-memory tiles; 512 MiB moved). Each is its own
// kernel; `--profile` times each step. Time it on the GPU machine:
//   kiln run --backend cuda -O2 --random-inputs 1 --profile bench/programs/elementwise_bandwidth.mlir
//   kiln run --backend cuda -O2 --random-inputs 1 --time bench/programs/elementwise_bandwidth.mlir
//   kiln bench --program bench/programs/elementwise_bandwidth.mlir
func.func @main(%a: tensor<67108864xbf16>, %b: tensor<67108864xbf16>, %c: tensor<67108864xbf16>, %x: tensor<8192x8192xf32>, %y: tensor<8192x8192xf32>, %z: tensor<8192x8192xf32>, %m: tensor<8192x8192xf32>) -> (tensor<67108864xbf16>, tensor<8192x8192xf32>, tensor<8192x8192xf32>) {
  %ab = stablehlo.multiply %a, %b : tensor<67108864xbf16>
  %h = stablehlo.add %ab, %c : tensor<67108864xbf16>
  %xy = stablehlo.multiply %x, %y : tensor<8192x8192xf32>
  %f = stablehlo.add %xy, %z : tensor<8192x8192xf32>
  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %h, %f, %t : tensor<67108864xbf16>, tensor<8192x8192xf32>, tensor<8192x8192xf32>
}
