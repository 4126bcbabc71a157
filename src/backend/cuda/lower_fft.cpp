// stablehlo.fft: FFT, IFFT, RFFT and IRFFT over the trailing fft_length dimensions through
// cuFFT (FftStep, run_fft.cpp), batched over the leading ones, then a generated kernel that
// divides by the product of the lengths for the inverse transforms (the spec's normalisation;
// cuFFT does not scale). IRFFT over several dimensions runs as the interpreter does: the
// inverse complex transforms over the leading lengths first (one cuFFT plan over strided
// columns), then the complex-to-real transform of the last, so that inputs without Hermitian
// symmetry give the interpreter's values too (the imaginary parts of the zero-frequency and
// Nyquist points, which its sums never carry into the real outputs, cleared for cuFFT).
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

namespace {

enum FftType { kFft = 0, kIfft = 1, kRfft = 2, kIrfft = 3 };  // EnumAttr values

using ::kiln::cuda::FftDesc;

// A generated kernel dividing the `parts` floats (f32 or f64) at `ref` by `n`.
void add_fft_scale(Lowerer& l, const ir::Operation& op, const BufferRef& ref, bool f64,
                   int64_t parts, int64_t n) {
  const std::string fn = l.kernel_name();
  const char* p = f64 ? "double" : "float";
  std::string text = fmt::format(
      "\n// {0}: the inverse transform's 1/n\n"
      "typedef long long i64;\n"
      "extern \"C\" __global__ void {1}({2}* __restrict__ y) {{\n"
      "  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < {3}LL;\n"
      "       i += static_cast<i64>(gridDim.x) * blockDim.x)\n"
      "    y[i] = y[i] / static_cast<{2}>({4}LL);\n"
      "}}\n",
      Lowerer::describe(op), fn, p, parts, n);
  KernelStep step;
  step.function = fn;
  step.module = l.add_module("fft_scale_" + fn, std::move(text), {fn});
  constexpr int64_t kThreads = 256;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 32;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>((parts + kThreads - 1) / kThreads, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(kThreads), 1, 1};
  step.args = {ref};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
}

// A generated kernel clearing the imaginary parts of the zero-frequency and (n even) Nyquist
// points of each of the `rows` lines of `half` complex points at `ref`: the interpreter's IRFFT
// adds them times twiddles of exactly +-1, so they never reach its real outputs, while cuFFT's
// complex-to-real transform assumes they are zero.
void add_irfft_edges(Lowerer& l, const ir::Operation& op, const BufferRef& ref, bool f64,
                     int64_t rows, int64_t half, int64_t n) {
  const std::string fn = l.kernel_name();
  const char* p = f64 ? "double" : "float";
  std::string text = fmt::format(
      "\n// {0}: the imaginary parts cuFFT's C2R ignores\n"
      "typedef long long i64;\n"
      "extern \"C\" __global__ void {1}({2}* __restrict__ x) {{\n"
      "  for (i64 r = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; r < {3}LL;\n"
      "       r += static_cast<i64>(gridDim.x) * blockDim.x) {{\n"
      "    x[2 * r * {4}LL + 1] = 0;\n"
      "    if ({5}) x[2 * (r * {4}LL + {6}LL) + 1] = 0;\n"
      "  }}\n"
      "}}\n",
      Lowerer::describe(op), fn, p, rows, half, n % 2 == 0 ? "true" : "false", n / 2);
  KernelStep step;
  step.function = fn;
  step.module = l.add_module("irfft_edges_" + fn, std::move(text), {fn});
  constexpr int64_t kThreads = 256;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 32;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>((rows + kThreads - 1) / kThreads, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(kThreads), 1, 1};
  step.args = {ref};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
}

Status lower_fft(Lowerer& l, const ir::Operation& op) {
  if (op.num_operands() != 1 || op.num_results() != 1) {
    return unsupported(op, "an operand or result count other than one");
  }
  const ir::Type& x = op.operand(0)->type();
  const ir::Type& y = op.result(0)->type();
  const auto* type_attr = op.attr_as<ir::EnumAttr>("fft_type");
  if (!type_attr) return unsupported(op, "no fft_type");
  const int type = type_attr->value;
  const std::vector<int64_t> length = interp::attr_ints(op, "fft_length");
  const int64_t r = static_cast<int64_t>(length.size());
  if (r < 1 || r > 3 || r > x.rank() || x.rank() != y.rank()) {
    return unsupported(op, "an fft_length of other than 1 to 3 entries within the rank");
  }
  // The element types: complex in and out, real in (RFFT) or real out (IRFFT), one precision.
  using K = ir::ElementKind;
  const K in_kind = x.element().kind(), out_kind = y.element().kind();
  const bool complex_in = in_kind == K::kComplexF32 || in_kind == K::kComplexF64;
  const bool complex_out = out_kind == K::kComplexF32 || out_kind == K::kComplexF64;
  const bool f64 = in_kind == K::kComplexF64 || in_kind == K::kF64;
  const bool wants_complex_in = type != kRfft, wants_complex_out = type != kIrfft;
  const bool known = (in_kind == K::kF32 || in_kind == K::kF64 || complex_in) &&
                     complex_in == wants_complex_in && complex_out == wants_complex_out &&
                     f64 == (out_kind == K::kComplexF64 || out_kind == K::kF64);
  if (!known || type < kFft || type > kIrfft) {
    return unsupported(op, fmt::format("fft_type {} from {} to {} (complex<f32>, complex<f64>, "
                                       "f32 and f64 are supported)",
                                       type, ir::to_string(x.element()), ir::to_string(y.element())));
  }
  const int64_t first = x.rank() - r;
  for (int64_t i = 0; i < r; ++i) {
    const bool last = i + 1 == r;
    const int64_t n = length[static_cast<size_t>(i)];
    // A transform of zero points keeps none (the verifier's and the interpreter's rule): its
    // result is empty and no step is added below.
    const int64_t half = n == 0 ? 0 : n / 2 + 1;
    const int64_t in_n = (type == kIrfft && last) ? half : n;
    const int64_t out_n = (type == kRfft && last) ? half : n;
    if (n < 0 || x.dim(first + i) != in_n || y.dim(first + i) != out_n) {
      return unsupported(op, "an fft_length that does not match the operand's trailing dimensions");
    }
  }
  for (int64_t i = 0; i < first; ++i) {
    if (x.dim(i) != y.dim(i)) return unsupported(op, "a result whose batch differs from the operand's");
  }
  KILN_TRY(BufferRef in, l.ref(op.operand(0)));
  const BufferRef out = l.define(op.result(0));
  int64_t batch = 1, total = 1;
  for (int64_t i = 0; i < first; ++i) batch *= x.dim(i);
  for (int64_t n : length) total *= n;
  if (batch == 0 || y.num_elements().value_or(0) == 0) return ok_status();
  if (total > (int64_t{1} << 31)) return unsupported(op, "a transform of more than 2^31 points");

  const int64_t part_bytes = f64 ? 8 : 4;
  FftStep step;
  step.what = Lowerer::describe(op);
  step.desc.f64 = f64;
  step.desc.batch = batch;
  step.in = in;
  step.out = out;
  if (type == kFft || type == kIfft || type == kRfft) {
    step.desc.type = type == kRfft ? FftDesc::Type::kR2C : FftDesc::Type::kC2C;
    step.desc.inverse = type == kIfft;
    step.desc.n = length;
    l.add(std::move(step));
    if (type == kIfft) add_fft_scale(l, op, out, f64, 2 * y.num_elements().value_or(0), total);
    return ok_status();
  }
  // IRFFT: cuFFT's complex-to-real transform overwrites its input, so it reads a scratch copy
  // (or the result of the leading lengths' inverse transforms).
  const int64_t half = length.back() / 2 + 1;
  const int64_t lead = total / length.back();  // the leading lengths' points
  const BufferRef work = l.scratch(in.bytes);
  if (r == 1) {
    l.add(CopyStep{in, work});
  } else {
    FftStep columns;
    columns.what = step.what;
    columns.desc.type = FftDesc::Type::kC2C;
    columns.desc.f64 = f64;
    columns.desc.inverse = true;
    columns.desc.n.assign(length.begin(), length.end() - 1);
    // Each of the `half` columns of one batch element: points `half` apart, columns 1 apart.
    columns.desc.inembed = columns.desc.n;
    columns.desc.onembed = columns.desc.n;
    columns.desc.istride = columns.desc.ostride = half;
    columns.desc.idist = columns.desc.odist = 1;
    columns.desc.batch = half;
    columns.repeat = batch;
    columns.repeat_in = columns.repeat_out = lead * half * 2 * part_bytes;
    columns.in = in;
    columns.out = work;
    l.add(std::move(columns));
  }
  add_irfft_edges(l, op, work, f64, batch * lead, half, length.back());
  step.desc.type = FftDesc::Type::kC2R;
  step.desc.n = {length.back()};
  step.desc.batch = batch * lead;
  step.in = work;
  l.add(std::move(step));
  l.release(work);
  add_fft_scale(l, op, out, f64, y.num_elements().value_or(0), total);
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.fft", lower_fft);

}  // namespace kiln::backend::cuda
