// stablehlo.fft: FFT, IFFT, RFFT and IRFFT over the trailing fft_length dimensions. Each 1-D
// transform is a direct DFT evaluated in complex<double> (exact twiddles by index, rounded to
// the result type once), accurate well beyond what f32 and f64 FFT libraries give.
#include <numbers>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using C = std::complex<double>;
enum FftType { kFft = 0, kIfft = 1, kRfft = 2, kIrfft = 3 };

// A complex<double> buffer with a row-major shape.
struct Buffer {
  std::vector<int64_t> shape;
  std::vector<C> data;
};

// exp(sign * 2 pi i m / n), exact at the quarter turns so that sums which cancel in exact
// arithmetic (the imaginary parts of real signals' transforms) come out as exact zeros.
C root_of_unity(int64_t m, int64_t n, double sign) {
  if ((4 * m) % n == 0) {
    constexpr double kRe[] = {1, 0, -1, 0}, kIm[] = {0, 1, 0, -1};
    int q = static_cast<int>((4 * m) / n);
    return C(kRe[q], sign * kIm[q]);
  }
  double angle = 2 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
  return C(std::cos(angle), sign * std::sin(angle));
}

// Transforms every line along dimension `dim` in place: X[k] = sum_j x[j] w^(jk) with
// w = exp(-+2 pi i / n), scaled by 1/n when inverse. `out_n` keeps the first out_n outputs
// (RFFT); a line shorter than n (IRFFT's last dimension) is extended to n points by
// X[n-k] = conj(X[k]).
void dft_along(Buffer& b, size_t dim, bool inverse, int64_t n, int64_t out_n) {
  int64_t in_n = b.shape[dim];
  int64_t inner = 1, outer = 1;
  for (size_t d = dim + 1; d < b.shape.size(); ++d) inner *= b.shape[d];
  for (size_t d = 0; d < dim; ++d) outer *= b.shape[d];
  std::vector<C> twiddle(static_cast<size_t>(n));
  double sign = inverse ? 1.0 : -1.0;
  for (int64_t m = 0; m < n; ++m) twiddle[static_cast<size_t>(m)] = root_of_unity(m, n, sign);
  std::vector<C> out(static_cast<size_t>(outer * out_n * inner)), line(static_cast<size_t>(n));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        // Inputs past the stored ones are the Hermitian mirror (IRFFT) or zero.
        C v = j < in_n ? b.data[static_cast<size_t>((o * in_n + j) * inner + i)]
                       : std::conj(b.data[static_cast<size_t>((o * in_n + (n - j)) * inner + i)]);
        line[static_cast<size_t>(j)] = v;
      }
      for (int64_t k = 0; k < out_n; ++k) {
        C acc = 0;
        for (int64_t j = 0; j < n; ++j)
          acc += line[static_cast<size_t>(j)] * twiddle[static_cast<size_t>((j * k) % n)];
        if (inverse) acc /= static_cast<double>(n);
        out[static_cast<size_t>((o * out_n + k) * inner + i)] = acc;
      }
    }
  }
  b.shape[dim] = out_n;
  b.data = std::move(out);
}

// The points the complex side of an RFFT or IRFFT of `n` real points keeps: n/2 + 1, none of
// none (the verifier's rule: a transform of zero points has an empty result).
int64_t half_spectrum(int64_t n) { return n == 0 ? 0 : n / 2 + 1; }

// The spec's constraints (C1-C5) that dft_along relies on, checked since the interpreter does
// not trust the verifier: one to three lengths, none negative, that match the operand's
// trailing dimensions (IRFFT's last holding n/2 + 1 points), and the result shaped as the
// transforms leave the operand. A zero length leaves the result empty, and fft returns
// before any transform divides by it.
Status check_fft(const ir::Operation& op, const Tensor& x, int type,
                 const std::vector<int64_t>& length, const Tensor& result) {
  if (length.empty() || length.size() > 3 || length.size() > static_cast<size_t>(x.rank())) {
    return op_error(op, "fft_length has " + std::to_string(length.size()) +
                            " entries; 1 to 3, at most the operand's rank, were expected");
  }
  std::vector<int64_t> implied = x.shape();
  const size_t first = implied.size() - length.size();
  for (size_t i = 0; i < length.size(); ++i) {
    const int64_t n = length[i];
    const bool last = i + 1 == length.size();
    const int64_t stored = (type == kIrfft && last) ? half_spectrum(n) : n;
    if (n < 0 || implied[first + i] != stored) {
      return op_error(op, "fft_length does not match the operand's trailing dimensions");
    }
    if (last) implied[first + i] = type == kRfft ? half_spectrum(n) : n;
  }
  return check_result_shape(op, result, implied);
}

Expected<std::vector<RuntimeValue>> fft(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(Tensor result, allocate_result(op));
  const auto* type_attr = op.attr_as<ir::EnumAttr>("fft_type");
  if (!type_attr) return op_error(op, "needs fft_type");
  int type = type_attr->value;
  std::vector<int64_t> length = attr_ints(op, "fft_length");
  KILN_CHECK_OK(check_fft(op, x, type, length, result));
  Buffer b{x.shape(), std::vector<C>(static_cast<size_t>(x.num_elements()))};
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    const T* p = x.data<T>();
    for (int64_t i = 0; i < x.num_elements(); ++i) {
      if constexpr (kIsComplex<T>)
        b.data[static_cast<size_t>(i)] = C(p[i].real(), p[i].imag());
      else
        b.data[static_cast<size_t>(i)] = C(to_double(p[i]), 0);
    }
  });
  if (result.num_elements() == 0) return std::vector<RuntimeValue>{result};
  size_t first = b.shape.size() - length.size();
  for (size_t i = 0; i < length.size(); ++i) {
    // Spec: RFFT keeps n/2 + 1 outputs of its last transform; IRFFT runs its last transform
    // last, from n/2 + 1 inputs to n real outputs.
    size_t li = i;
    bool last = li == length.size() - 1;
    int64_t n = length[li];
    int64_t out_n = (type == kRfft && last) ? n / 2 + 1 : n;
    dft_along(b, first + li, type == kIfft || type == kIrfft, n, out_n);
  }
  dispatch_dtype(result.element().kind(), [&]<class T>() {
    T* q = result.data<T>();
    for (int64_t i = 0; i < result.num_elements(); ++i) {
      const C& v = b.data[static_cast<size_t>(i)];
      if constexpr (kIsComplex<T>)
        q[i] = T(static_cast<typename T::value_type>(v.real()),
                 static_cast<typename T::value_type>(v.imag()));
      else
        q[i] = from_double<T>(v.real());
    }
  });
  return std::vector<RuntimeValue>{result};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.fft", fft);

}  // namespace kiln::interp
