// stablehlo.fft: `%x, type = RFFT, length = [16]`, and the spec's rules tying fft_length to
// the trailing dimensions and element types of operand and result.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

enum FftType { kFft = 0, kIfft = 1, kRfft = 2, kIrfft = 3 };

// (C2) FFT and IFFT map complex to the same complex type, RFFT f32/f64 to complex<f32/f64>,
// IRFFT complex<f32/f64> to f32/f64.
Status verify_fft_elements(const Operation& op, int type, const Type& in, const Type& out) {
  const ElementType& e = in.element();
  bool real_in = type == kRfft;
  if (real_in ? !(e == ElementKind::kF32 || e == ElementKind::kF64) : !e.is_complex()) {
    return verify_error(op, std::string("operand must be a tensor of ") +
                                (real_in ? "f32 or f64" : "complex") + " type, but is " +
                                to_string(in));
  }
  ElementType want = e;
  if (type == kRfft) want = e == ElementKind::kF32 ? ElementKind::kComplexF32
                                                  : ElementKind::kComplexF64;
  if (type == kIrfft) want = e.complex_part();
  if (out.element() == want) return ok_status();
  return verify_error(op, "result " + to_string(out) + " must have element type " +
                              to_string(want) + " for operand " + to_string(in));
}

Status verify_fft(const Operation& op) {
  const Type& in = op.operand(0)->type();
  const Type& out = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, in, "operand"));
  KILN_CHECK_OK(expect_tensor(op, out, "result"));
  int type = op.attr_as<EnumAttr>("fft_type")->value;
  const auto& length = op.attr_as<DenseArrayAttr>("fft_length")->ints;
  int64_t n = static_cast<int64_t>(length.size());
  if (n < 1 || n > 3) {  // (C3)
    return verify_error(op, "fft_length must have 1 to 3 entries, but is " + dims_string(length));
  }
  if (in.rank() < n) {  // (C1)
    return verify_error(op, "operand rank " + std::to_string(in.rank()) +
                                " is smaller than the " + std::to_string(n) + " fft dimensions");
  }
  KILN_CHECK_OK(verify_fft_elements(op, type, in, out));
  // (C4) the real side's trailing dimensions are fft_length. FFT and IFFT have no real side,
  // and the spec leaves their fft_length free; kiln asks that it match the operand, as XLA
  // does, since a transform of another length has no defined meaning.
  const Type* real = type == kIrfft ? &out : &in;
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = real->rank() - n + i;
    if (d >= 0 && real->dim(d) != kDynamic && real->dim(d) != length[i]) {
      return verify_error(op, std::string(real == &in ? "operand" : "result") + " dimension " +
                                  std::to_string(d) + " has size " +
                                  std::to_string(real->dim(d)) + " but fft_length is " +
                                  dims_string(length));
    }
  }
  // (C5) the result has the operand's shape, except that the complex side of RFFT and IRFFT
  // keeps size / 2 + 1 of the real side's last dimension.
  std::vector<int64_t> shape = in.shape();
  int64_t last = in.rank() - 1;
  auto half = [](int64_t size) { return size == kDynamic || size == 0 ? size : size / 2 + 1; };
  if (type == kRfft) shape[static_cast<size_t>(last)] = half(in.dim(last));
  if (type == kIrfft && out.rank() == in.rank()) {
    shape[static_cast<size_t>(last)] = out.dim(last);
    if (!dim_sizes_compatible(in.dim(last), half(out.dim(last)))) {
      return verify_error(op, "operand " + to_string(in) + " must have " +
                                  dim_size_string(half(out.dim(last))) +
                                  " in its last dimension for result " + to_string(out));
    }
  }
  Type expected = Type::tensor(shape, out.element());
  if (!shapes_compatible(expected, out)) {
    return verify_error(op, "result type " + to_string(out) + " must have shape of " +
                                to_string(expected));
  }
  return ok_status();
}

std::vector<OpInfo> fft_ops() {
  return {
      {.name = "stablehlo.fft",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"fft_type", AttrKind::kEnum, false, EnumKind::kFftType},
                 {"fft_length", AttrKind::kDenseI64Array}},
       .format = "$operand , type = $fft_type , length = $fft_length attr-dict : functional-type",
       .verify = verify_fft},
  };
}

KILN_REGISTER_OPS(fft_ops);

}  // namespace

}  // namespace kiln::ir
