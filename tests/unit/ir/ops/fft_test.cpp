// stablehlo.fft: `type = ..., length = [...]` round-trips; fft_length ties the trailing
// dimensions and element types of operand and result.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string fft(const std::string& in, const std::string& type, const std::string& length,
                const std::string& out) {
  return "func.func @main(%x: " + in + ") {\n  %0 = stablehlo.fft %x, type = " + type +
         ", length = " + length + " : (" + in + ") -> " + out + "\n  return\n}\n";
}

TEST(Fft, RoundTripsEveryType) {
  expect_round_trip(fft("tensor<3x16xf32>", "RFFT", "[16]", "tensor<3x9xcomplex<f32>>"),
                    {"stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<3x16xf32>) -> "
                     "tensor<3x9xcomplex<f32>>"});
  expect_round_trip(fft("tensor<3x9xcomplex<f64>>", "IRFFT", "[3, 16]", "tensor<3x16xf64>"),
                    {"type = IRFFT, length = [3, 16]"});
  expect_round_trip(fft("tensor<4x8xcomplex<f32>>", "IFFT", "[4, 8]", "tensor<4x8xcomplex<f32>>"),
                    {"type = IFFT"});
}

TEST(Fft, RejectsLengthMismatch) {
  expect_error(fft("tensor<3x16xcomplex<f32>>", "FFT", "[8]", "tensor<3x16xcomplex<f32>>"),
               "operand dimension 1 has size 16 but fft_length is [8]");
  expect_error(fft("tensor<16xcomplex<f32>>", "FFT", "[1, 16]", "tensor<16xcomplex<f32>>"),
               "operand rank 1 is smaller than the 2 fft dimensions");
}

TEST(Fft, RejectsElementTypes) {
  expect_error(fft("tensor<16xf32>", "FFT", "[16]", "tensor<16xcomplex<f32>>"),
               "operand must be a tensor of complex type");
  expect_error(fft("tensor<16xf32>", "RFFT", "[16]", "tensor<9xf32>"),
               "result tensor<9xf32> must have element type complex<f32>");
}

TEST(Fft, RejectsResultShape) {
  expect_error(fft("tensor<16xf32>", "RFFT", "[16]", "tensor<16xcomplex<f32>>"),
               "must have shape of tensor<9xcomplex<f32>>");
}

}  // namespace
}  // namespace kiln
