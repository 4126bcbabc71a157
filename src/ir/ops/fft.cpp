// stablehlo.fft: `%x, type = RFFT, length = [16]`, and the spec's rules tying fft_length to
// the trailing dimensions and element types of operand and result.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

enum FftType { kFft = 0, kIfft = 1, kRfft = 2, kIrfft = 3 };

Status verify_fft(const Operation& op) {
  const Type& in = op.operand(0)->type();
  const Type& out = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, in, "operand"));
  KILN_CHECK_OK(expect_tensor(op, out, "result"));
  int type = op.attr_as<EnumAttr>("fft_type")->value;
  const auto& length = op.attr_as<DenseArrayAttr>("fft_length")->ints;
  int64_t n = static_cast<int64_t>(length.size());
  if (n < 1 || n > 3) {
    return verify_error(op, "fft_length must have 1 to 3 entries, but is " + dims_string(length));
  }
  if (in.rank() < n) {
    return verify_error(op, "operand rank " + std::to_string(in.rank()) +
                                " is smaller than the " + std::to_string(n) + " fft dimensions");
  }
  bool real_in = type == kRfft, real_out = type == kIrfft;
  if (real_in ? !in.element().is_float() : !in.element().is_complex()) {
    return verify_error(op, std::string("operand must have ") +
                                (real_in ? "a float" : "a complex") + " element type, but is " +
                                to_string(in));
  }
  if (real_out ? !out.element().is_float() : !out.element().is_complex()) {
    return verify_error(op, std::string("result must have ") +
                                (real_out ? "a float" : "a complex") + " element type, but is " +
                                to_string(out));
  }
  // The trailing dimensions of the real side are fft_length; the complex side of RFFT and
  // IRFFT keeps only fft_length[-1] / 2 + 1 in the last one.
  std::vector<int64_t> shape = in.shape();
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = in.rank() - n + i;
    int64_t expect_in = length[i];
    if (type == kIrfft && i == n - 1) expect_in = length[i] / 2 + 1;
    if (in.dim(d) != kDynamic && in.dim(d) != expect_in) {
      return verify_error(op, "operand dimension " + std::to_string(d) + " has size " +
                                  std::to_string(in.dim(d)) + " but fft_length " +
                                  dims_string(length) + " needs " + std::to_string(expect_in));
    }
    shape[static_cast<size_t>(d)] = length[i];
    if (type == kRfft && i == n - 1) shape[static_cast<size_t>(d)] = length[i] / 2 + 1;
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
