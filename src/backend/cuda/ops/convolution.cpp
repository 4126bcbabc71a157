// Elemental rule of convolution: one thread sums its result element over the kernel window and
// its group's input features (spec: stablehlo.convolution, as the interpreter's
// convolve_direct), with strides, padding, lhs and rhs dilation, window reversal, feature and
// batch groups, in the accumulation type, rounded once to the result type. Correct for every
// element type; cuDNN and implicit-GEMM kernels are for later.
#include "interp/ops/convolution.h"

#include <fmt/format.h>

#include "backend/cuda/ops/gemm_operands.h"

namespace kiln::backend::cuda {

namespace {

// The spatial indices of the window position `w` (loop indices) for output element `out`: lhs
// indices into `ld`, kernel indices into `rd`. Returns the C++ condition that the position is
// an lhs element (not padding, not a dilation hole); outside, `ld` reads a valid element.
std::string emit_window(Emitter& e, const interp::ConvParams& p, const ir::Type& lhs,
                        const ir::Type& rhs, const std::vector<std::string>& out,
                        const std::vector<std::string>& w, std::vector<std::string>& ld,
                        std::vector<std::string>& rd) {
  const ir::ConvDimsAttr& d = p.dims;
  std::string inside = "true";
  for (size_t i = 0; i < d.input_spatial.size(); ++i) {
    const int64_t size = lhs.dim(d.input_spatial[i]);
    const int64_t ksize = rhs.dim(d.kernel_spatial[i]);
    // The position in the padded, dilated lhs.
    const std::string pos =
        e.let("i64", fmt::format("({}) * {} + ({}) * {} - {}",
                                 out[static_cast<size_t>(d.output_spatial[i])], p.stride[i], w[i],
                                 p.rhs_dilation[i], p.pad_lo[i]));
    const int64_t dil = p.lhs_dilation[i];
    const std::string in = e.let(
        "bool", dil == 1
                    ? fmt::format("{0} >= 0 && {0} < {1}", pos, size)
                    : fmt::format("{0} >= 0 && {0} % {1} == 0 && {0} / {1} < {2}", pos, dil, size));
    inside = i == 0 ? in : inside + " && " + in;
    ld[static_cast<size_t>(d.input_spatial[i])] =
        e.let("i64", dil == 1 ? fmt::format("{} ? {} : 0", in, pos)
                              : fmt::format("{} ? {} / {} : 0", in, pos, dil));
    rd[static_cast<size_t>(d.kernel_spatial[i])] =
        p.reversal[i] ? e.let("i64", fmt::format("{} - ({})", ksize - 1, w[i])) : w[i];
  }
  return inside;
}

Expected<std::string> emit_convolution(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  const auto* dn = op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  if (!dn) return unsupported(op, "no dimension_numbers");
  const size_t n = dn->input_spatial.size();
  const interp::ConvParams p = interp::conv_params(op, attr_ints_or(op, "padding", 2 * n, 0));
  const ir::ConvDimsAttr& d = p.dims;
  KILN_TRY(ScalarType acc_t, gemm_accumulator(e, op));
  KILN_TRY(ScalarType lt, operand_type(e, op, 0));
  KILN_TRY(ScalarType rt, operand_type(e, op, 1));
  KILN_TRY(ScalarType out_t, result_type(e, op));
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const std::vector<std::string> out = e.dims(index);
  const std::string acc = e.fresh("acc");
  e.out().line(fmt::format("{} {} = {};", acc_t.compute, acc, acc_t.literal_double(0)));
  const int64_t kin = rhs.dim(d.kernel_input_feature);
  const int64_t kout = rhs.dim(d.kernel_output_feature);
  const int64_t batch = lhs.dim(d.input_batch);
  // The loop runs over [kernel spatial..., input feature of the group].
  std::vector<int64_t> loop_shape;
  for (int64_t kd : d.kernel_spatial) loop_shape.push_back(rhs.dim(kd));
  loop_shape.push_back(kin);
  int64_t count = 1;
  for (int64_t s : loop_shape) count *= s;
  // An empty operand leaves every sum empty: zero (as convolve_direct).
  const bool empty = lhs.num_elements().value_or(0) == 0 || rhs.num_elements().value_or(0) == 0;
  if (count > 0 && !empty) {
    const std::string of = out[static_cast<size_t>(d.output_feature)];
    const std::string ob = out[static_cast<size_t>(d.output_batch)];
    // Spec: feature groups split lhs features and rhs output features into fgc chunks; batch
    // groups split lhs batch and rhs output features into bgc chunks.
    const std::string fgroup = e.let("i64", fmt::format("({}) / {}", of, kout / p.feature_groups));
    const std::string bgroup = e.let("i64", fmt::format("({}) / {}", of, kout / p.batch_groups));
    const std::string in_b =
        e.let("i64", fmt::format("{} * {} + ({})", bgroup, batch / p.batch_groups, ob));
    const std::string r = e.fresh("r");
    e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", r, count));
    e.push_scope();
    Index wi = Index::of_linear(loop_shape, r);
    const std::vector<std::string> w = e.dims(wi);
    const std::string f = w.back();
    std::vector<std::string> ld(static_cast<size_t>(lhs.rank())),
        rd(static_cast<size_t>(rhs.rank()));
    ld[static_cast<size_t>(d.input_batch)] = in_b;
    ld[static_cast<size_t>(d.input_feature)] =
        e.let("i64", fmt::format("{} * {} + {}", fgroup, kin, f));
    rd[static_cast<size_t>(d.kernel_output_feature)] = of;
    rd[static_cast<size_t>(d.kernel_input_feature)] = f;
    const std::string inside = emit_window(e, p, lhs, rhs, out, w, ld, rd);
    Index li = Index::of_dims(lhs.shape(), std::move(ld));
    Index ri = Index::of_dims(rhs.shape(), std::move(rd));
    KILN_TRY(std::string x, e.emit(op.operand(0), li));
    KILN_TRY(std::string y, e.emit(op.operand(1), ri));
    // Spec: the window reads the lhs padded and dilated with zeros, so padding and dilation
    // holes still multiply the kernel (0 * inf is NaN).
    const std::string a = e.let(
        acc_t.compute,
        fmt::format("({}) ? {} : {}", inside, gemm_convert(lt, acc_t, x), acc_t.literal_double(0)));
    const std::string b = e.let(acc_t.compute, gemm_convert(rt, acc_t, y));
    e.out().line(gemm_multiply_add(acc_t, acc, a, b));
    e.pop_scope();
    e.out().close();
  }
  // Rounded once to the result type, after the whole sum.
  return e.let(out_t.compute, gemm_convert(acc_t, out_t, acc));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.convolution", emit_convolution);

}  // namespace kiln::backend::cuda
