#include "kernels/cuda/flash_attention_definition.h"

namespace kiln::kernels {

namespace {

constexpr const char* kScores =
    R"(  %qf = stablehlo.convert %q : ({in0}) -> {in0:f32}
  %kf = stablehlo.convert %k : ({in1}) -> {in1:f32}
  %vf = stablehlo.convert %v : ({in2}) -> {in2:f32}
  %kb = stablehlo.broadcast_in_dim %kf, dims = [0, 1, 3, 4] : ({in1:f32}) -> tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>
  %kw = stablehlo.reshape %kb : (tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>) -> tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %vb = stablehlo.broadcast_in_dim %vf, dims = [0, 1, 3, 4] : ({in2:f32}) -> tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>
  %vw = stablehlo.reshape %vb : (tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>) -> tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %s = stablehlo.dot_general %qf, %kw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : ({in0:f32}, tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %c = stablehlo.constant dense<{SCALE}> : tensor<{D0}x{D1}x{D3}x{D4}xf32>
)";

// The scaled scores %x (non-causal), or %xs masked into %x.
constexpr const char* kScaled =
    R"(  %x = stablehlo.multiply %s, %c : tensor<{D0}x{D1}x{D3}x{D4}xf32>
)";

// Keeps key j for query i where j + Sq <= i + Skv.
constexpr const char* kCausalMask =
    R"(  %xs = stablehlo.multiply %s, %c : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %qi = stablehlo.iota dim = 0 : tensor<{D3}x{D4}xi64>
  %ki = stablehlo.iota dim = 1 : tensor<{D3}x{D4}xi64>
  %sqc = stablehlo.constant dense<{D3}> : tensor<{D3}x{D4}xi64>
  %skc = stablehlo.constant dense<{D4}> : tensor<{D3}x{D4}xi64>
  %kl = stablehlo.add %ki, %sqc : tensor<{D3}x{D4}xi64>
  %ql = stablehlo.add %qi, %skc : tensor<{D3}x{D4}xi64>
  %keep = stablehlo.compare LE, %kl, %ql, SIGNED : (tensor<{D3}x{D4}xi64>, tensor<{D3}x{D4}xi64>) -> tensor<{D3}x{D4}xi1>
  %keepb = stablehlo.broadcast_in_dim %keep, dims = [2, 3] : (tensor<{D3}x{D4}xi1>) -> tensor<{D0}x{D1}x{D3}x{D4}xi1>
  %ninfs = stablehlo.constant dense<0xFF800000> : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %x = stablehlo.select %keepb, %xs, %ninfs : tensor<{D0}x{D1}x{D3}x{D4}xi1>, tensor<{D0}x{D1}x{D3}x{D4}xf32>
)";

}  // namespace

std::string attention_scores_definition(bool causal) {
  return std::string(kScores) + (causal ? kCausalMask : kScaled);
}

}  // namespace kiln::kernels
