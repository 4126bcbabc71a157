// stablehlo.convolution: table entry, the spec's dimension, group and shape rules, and the
// printing of `window = {stride = [..], pad = [[..]], lhs_dilate = .., rhs_dilate = ..,
// reverse = [..]}`.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

Status check_layout(const Operation& op, int64_t rank, int64_t a, int64_t b,
                    const std::vector<int64_t>& spatial, std::string_view what) {
  std::vector<int64_t> all = {a, b};
  all.insert(all.end(), spatial.begin(), spatial.end());
  if (static_cast<int64_t>(all.size()) != rank) {
    return verify_error(op, std::string(what) + " dimensions " + dims_string(all) +
                                " must cover its rank " + std::to_string(rank));
  }
  return expect_dims_in_range(op, all, rank, std::string(what) + " dimensions");
}

Status verify_groups(const Operation& op, const Type& lhs, const Type& rhs,
                     const ConvDimsAttr& d, int64_t fgc, int64_t bgc) {
  if (fgc < 1 || bgc < 1 || (fgc > 1 && bgc > 1)) {
    return verify_error(op, "feature_group_count (" + std::to_string(fgc) +
                                ") and batch_group_count (" + std::to_string(bgc) +
                                ") must be positive and not both above 1");
  }
  auto divisible = [](int64_t size, int64_t by) { return size == kDynamic || size % by == 0; };
  int64_t in_feature = lhs.dim(d.input_feature);
  int64_t kernel_in = rhs.dim(d.kernel_input_feature);
  int64_t kernel_out = rhs.dim(d.kernel_output_feature);
  if (!divisible(in_feature, fgc)) {
    return verify_error(op, "input feature size " + std::to_string(in_feature) +
                                " must be a multiple of feature_group_count " +
                                std::to_string(fgc));
  }
  if (in_feature != kDynamic && kernel_in != kDynamic && in_feature / fgc != kernel_in) {
    return verify_error(op, "input feature size " + std::to_string(in_feature) + " / " +
                                std::to_string(fgc) + " groups must equal the kernel input "
                                "feature size " + std::to_string(kernel_in));
  }
  if (!divisible(lhs.dim(d.input_batch), bgc) || !divisible(kernel_out, bgc) ||
      !divisible(kernel_out, fgc)) {
    return verify_error(op, "input batch and kernel output feature sizes must be multiples "
                            "of the group counts");
  }
  return ok_status();
}

Status verify_convolution(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& out = op.result(0)->type();
  const auto& d = *op.attr_as<ConvDimsAttr>("dimension_numbers");
  int64_t rank = lhs.rank();
  if (rhs.rank() != rank || out.rank() != rank || rank < 2) {
    return verify_error(op, "lhs, rhs and result must have the same rank (2 or more), but are " +
                                to_string(lhs) + ", " + to_string(rhs) + ", " + to_string(out));
  }
  KILN_CHECK_OK(check_layout(op, rank, d.input_batch, d.input_feature, d.input_spatial, "input"));
  KILN_CHECK_OK(check_layout(op, rank, d.kernel_input_feature, d.kernel_output_feature,
                             d.kernel_spatial, "kernel"));
  KILN_CHECK_OK(
      check_layout(op, rank, d.output_batch, d.output_feature, d.output_spatial, "output"));
  int64_t fgc = op.attr_as<IntegerAttr>("feature_group_count")->value;
  int64_t bgc = op.attr_as<IntegerAttr>("batch_group_count")->value;
  KILN_CHECK_OK(verify_groups(op, lhs, rhs, d, fgc, bgc));
  int64_t n = rank - 2;
  KILN_TRY(Window w, read_window(op, n, {"", "window_strides", "lhs_dilation", "rhs_dilation",
                                         "padding"}));
  if (const auto* rev = op.attr_as<DenseArrayAttr>("window_reversal")) {
    if (static_cast<int64_t>(rev->ints.size()) != n) {
      return verify_error(op, "window_reversal must have " + std::to_string(n) + " entries");
    }
  }
  std::vector<int64_t> spatial;
  for (int64_t i = 0; i < n; ++i) {
    spatial.push_back(lhs.dim(d.input_spatial[i]));
    w.size[i] = rhs.dim(d.kernel_spatial[i]);
  }
  std::vector<int64_t> out_spatial = window_output_shape(spatial, w);
  std::vector<int64_t> shape(static_cast<size_t>(rank));
  int64_t batch = lhs.dim(d.input_batch);
  shape[d.output_batch] = batch == kDynamic ? kDynamic : batch / bgc;
  shape[d.output_feature] = rhs.dim(d.kernel_output_feature);
  for (int64_t i = 0; i < n; ++i) shape[d.output_spatial[i]] = out_spatial[i];
  Type expected = Type::tensor(shape, out.element());
  if (!shapes_compatible(expected, out)) {
    return verify_error(op, "result type " + to_string(out) + " does not match the inferred "
                            "shape " + to_string(expected));
  }
  return ok_status();
}

void print_window(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  // args: window_strides, padding, lhs_dilation, rhs_dilation, window_reversal.
  static const char* kKeys[] = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};
  bool first = true;
  for (size_t i = 0; i < args.size() && i < 5; ++i) {
    const Attribute* a = op.attr(args[i]);
    if (!a) continue;
    if (!first) p.token(",");
    first = false;
    p.word(kKeys[i]);
    p.token("=");
    const auto* pad = a->get_if<DenseElementsAttr>();
    if (i == 1 && pad && pad->type.rank() == 2 && pad->type.dim(1) == 2) {
      std::string s = "[";
      for (int64_t r = 0; r < pad->type.dim(0); ++r) {
        auto at = [&](int64_t k) {
          return std::to_string(static_cast<int64_t>(pad->element_bits(pad->splat ? 0 : k)));
        };
        s += (r ? ", [" : "[") + at(2 * r) + ", " + at(2 * r + 1) + "]";
      }
      p.word(s + "]");
    } else if (const auto* arr = a->get_if<DenseArrayAttr>()) {
      p.pretty_attr(*a, AttrSpec{"", arr->type.is_bool() ? AttrKind::kDenseBoolArray
                                                         : AttrKind::kDenseI64Array});
    } else {
      p.attr(*a);
    }
  }
}

KILN_REGISTER_PRINT_DIRECTIVE("WindowAttributes", print_window);

std::vector<OpInfo> convolution_ops() {
  return {
      {.name = "stablehlo.convolution",
       .operands = {{"lhs"}, {"rhs"}},
       .results = {{"result"}},
       .attrs = {{"window_strides", AttrKind::kDenseI64Array, true},
                 {"padding", AttrKind::kIntElements, true},
                 {"lhs_dilation", AttrKind::kDenseI64Array, true},
                 {"rhs_dilation", AttrKind::kDenseI64Array, true},
                 {"window_reversal", AttrKind::kDenseBoolArray, true},
                 {"dimension_numbers", AttrKind::kConvDims},
                 {"feature_group_count", AttrKind::kI64},
                 {"batch_group_count", AttrKind::kI64},
                 {"precision_config", AttrKind::kPrecisionConfig, true}},
       .format = "^( $lhs , $rhs ) dim_numbers = $dimension_numbers , window = { "
                 "custom<WindowAttributes>($window_strides,$padding,$lhs_dilation,"
                 "$rhs_dilation,$window_reversal) ^} attr-dict : functional-type",
       .verify = verify_convolution},
  };
}

KILN_REGISTER_OPS(convolution_ops);

}  // namespace

}  // namespace kiln::ir
