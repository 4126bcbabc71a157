// stablehlo.convolution: table entry, the spec's dimension, group and shape rules, and the
// printing of `window = {stride = [..], pad = [[..]], lhs_dilate = .., rhs_dilate = ..,
// reverse = [..]}`.
#include "ir/ops/convolution.h"

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

// (C27) lhs and rhs share their element type (the result's may differ, as the reference
// verifier allows); quantized operands follow (C28)-(C34).
Status verify_conv_element_types(const Operation& op, const Type& lhs, const Type& rhs,
                                 const Type& out, const ConvDimsAttr& d) {
  const ElementType& l = lhs.element();
  const ElementType& r = rhs.element();
  const ElementType& o = out.element();
  if (!l.is_quantized() && !r.is_quantized()) {
    return expect_same_element_type(op, lhs, rhs, "lhs and rhs");
  }
  if (!r.is_quantized() || l.is_quantized() != o.is_quantized()) {  // (C28)
    return verify_error(op, "a quantized convolution needs a quantized rhs and a result that is "
                            "quantized exactly when lhs is, but has " + to_string(lhs) + ", " +
                            to_string(rhs) + " -> " + to_string(out));
  }
  auto axis = [](const ElementType& e) { return e.quant().quantized_dimension; };
  if (axis(r) && *axis(r) != d.kernel_output_feature) {  // (C29)
    return verify_error(op, "rhs must be quantized along kernel_output_feature_dimension " +
                                std::to_string(d.kernel_output_feature));
  }
  if (o.is_quantized() && axis(o) && *axis(o) != d.output_feature) {  // (C30)
    return verify_error(op, "result must be quantized along output_feature_dimension " +
                                std::to_string(d.output_feature));
  }
  ElementType expressed(r.quant().expressed);
  if (!l.is_quantized()) {  // (C34)
    if (l == expressed && o == expressed) return ok_status();
    return verify_error(op, "lhs and result must have rhs's expressed type " +
                                to_string(expressed) + ", but are " + to_string(lhs) + " and " +
                                to_string(out));
  }
  if (l.quant().storage != r.quant().storage) {  // (C31)
    return verify_error(op, "lhs and rhs must have one storage type, but are " + to_string(lhs) +
                                " and " + to_string(rhs));
  }
  if (l.quant().expressed != r.quant().expressed ||
      o.quant().expressed != r.quant().expressed) {  // (C32)
    return verify_error(op, "lhs, rhs and result must have one expressed type");
  }
  if (!axis(r) && axis(o)) {  // (C33)
    return verify_error(op, "result must be per-tensor quantized when rhs is");
  }
  return ok_status();
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

}  // namespace

Expected<Window> verify_conv_attrs(const Operation& op, std::string_view padding_attr) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& out = op.result(0)->type();
  const auto& d = *op.attr_as<ConvDimsAttr>("dimension_numbers");
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  KILN_CHECK_OK(expect_tensor(op, out, "result"));
  int64_t rank = lhs.rank();
  if (rhs.rank() != rank || out.rank() != rank || rank < 2) {  // (C1), (C26)
    return verify_error(op, "lhs, rhs and result must have the same rank (2 or more), but are " +
                                to_string(lhs) + ", " + to_string(rhs) + ", " + to_string(out));
  }
  // (C12)-(C13), (C17)-(C20)
  KILN_CHECK_OK(check_layout(op, rank, d.input_batch, d.input_feature, d.input_spatial, "input"));
  KILN_CHECK_OK(check_layout(op, rank, d.kernel_input_feature, d.kernel_output_feature,
                             d.kernel_spatial, "kernel"));
  KILN_CHECK_OK(
      check_layout(op, rank, d.output_batch, d.output_feature, d.output_spatial, "output"));
  int64_t fgc = op.attr_as<IntegerAttr>("feature_group_count")->value;
  int64_t bgc = op.attr_as<IntegerAttr>("batch_group_count")->value;
  KILN_CHECK_OK(verify_groups(op, lhs, rhs, d, fgc, bgc));  // (C10)-(C11), (C14)-(C16), (C21)-(C23)
  int64_t n = rank - 2;
  // (C2)-(C8)
  KILN_TRY(Window w, read_window(op, n, {"", "window_strides", "lhs_dilation", "rhs_dilation",
                                         padding_attr}));
  if (const auto* rev = op.attr_as<DenseArrayAttr>("window_reversal")) {
    if (static_cast<int64_t>(rev->ints.size()) != n) {  // (C9)
      return verify_error(op, "window_reversal must have " + std::to_string(n) + " entries");
    }
  }
  if (const auto* p = op.attr_as<ArrayAttr>("precision_config"); p && p->elements.size() > 2) {
    // (C24) asks for 2 entries; the reference verifier takes 0 to 2.
    return verify_error(op, "precision_config must have at most 2 entries, but has " +
                                std::to_string(p->elements.size()));
  }
  KILN_CHECK_OK(verify_conv_element_types(op, lhs, rhs, out, d));
  for (int64_t i = 0; i < n; ++i) w.size[i] = rhs.dim(d.kernel_spatial[i]);
  return w;
}

Type infer_convolution_type(const Operation& op, const Window& w) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const auto& d = *op.attr_as<ConvDimsAttr>("dimension_numbers");
  int64_t rank = lhs.rank();
  int64_t n = rank - 2;
  int64_t bgc = op.attr_as<IntegerAttr>("batch_group_count")->value;
  std::vector<int64_t> spatial;
  for (int64_t i = 0; i < n; ++i) spatial.push_back(lhs.dim(d.input_spatial[i]));
  std::vector<int64_t> out_spatial = window_output_shape(spatial, w);
  std::vector<int64_t> shape(static_cast<size_t>(rank));
  int64_t batch = lhs.dim(d.input_batch);
  shape[d.output_batch] = batch == kDynamic ? kDynamic : batch / bgc;
  shape[d.output_feature] = rhs.dim(d.kernel_output_feature);
  for (int64_t i = 0; i < n; ++i) shape[d.output_spatial[i]] = out_spatial[i];
  return Type::tensor(shape, op.result(0)->type().element());
}

namespace {

Status verify_convolution(const Operation& op) {
  KILN_TRY(Window w, verify_conv_attrs(op, "padding"));
  const Type& out = op.result(0)->type();
  Type expected = infer_convolution_type(op, w);
  if (!shapes_compatible(expected, out)) {  // (C25)
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
