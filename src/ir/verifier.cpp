// The generic verifier driven by the op table.
#include "ir/verifier.h"

#include "ir/op_info.h"

namespace kiln::ir {

bool attr_has_kind(const Attribute& a, const AttrSpec& spec) {
  switch (spec.kind) {
    case AttrKind::kAny: return true;
    case AttrKind::kUnit: return a.is<UnitAttr>();
    case AttrKind::kBool: return a.is<BoolAttr>();
    case AttrKind::kI32:
      return a.is<IntegerAttr>() && a.get<IntegerAttr>().type.kind() == ElementKind::kSI32;
    case AttrKind::kI64:
      return a.is<IntegerAttr>() && a.get<IntegerAttr>().type.kind() == ElementKind::kSI64;
    case AttrKind::kF32: return a.is<FloatAttr>();
    case AttrKind::kString: return a.is<StringAttr>();
    case AttrKind::kSymbol: return a.is<SymbolRefAttr>();
    case AttrKind::kType: return a.is<TypeAttr>();
    case AttrKind::kElements: return a.is<DenseElementsAttr>();
    case AttrKind::kIntElements:
      return a.is<DenseElementsAttr>() && (a.get<DenseElementsAttr>().type.element().is_int() ||
                                           a.get<DenseElementsAttr>().type.element().is_index());
    case AttrKind::kDenseI64Array:
      return a.is<DenseArrayAttr>() && a.get<DenseArrayAttr>().type.kind() == ElementKind::kSI64;
    case AttrKind::kDenseBoolArray:
      return a.is<DenseArrayAttr>() && a.get<DenseArrayAttr>().type.is_bool();
    case AttrKind::kArray: return a.is<ArrayAttr>();
    case AttrKind::kDictionary: return a.is<DictionaryAttr>();
    case AttrKind::kEnum: return a.is<EnumAttr>() && a.get<EnumAttr>().kind == spec.enum_kind;
    case AttrKind::kPrecisionConfig: {
      if (!a.is<ArrayAttr>()) return false;
      for (const Attribute& e : a.get<ArrayAttr>().elements) {
        if (!e.is<EnumAttr>() || e.get<EnumAttr>().kind != EnumKind::kPrecision) return false;
      }
      return true;
    }
    case AttrKind::kDotDims: return a.is<DotDimsAttr>();
    case AttrKind::kDotAlgorithm: return a.is<DotAlgorithmAttr>();
    case AttrKind::kGatherDims: return a.is<GatherDimsAttr>();
    case AttrKind::kScatterDims: return a.is<ScatterDimsAttr>();
    case AttrKind::kConvDims: return a.is<ConvDimsAttr>();
    case AttrKind::kChannelHandle: return a.is<ChannelHandleAttr>();
    case AttrKind::kOutputOperandAliases: {
      if (!a.is<ArrayAttr>()) return false;
      for (const Attribute& e : a.get<ArrayAttr>().elements) {
        if (!e.is<OutputOperandAliasAttr>()) return false;
      }
      return true;
    }
    case AttrKind::kResultAccuracy: return a.is<ResultAccuracyAttr>();
  }
  return false;
}

std::string describe_attr_kind(const AttrSpec& spec) {
  switch (spec.kind) {
    case AttrKind::kAny: return "attribute";
    case AttrKind::kUnit: return "unit attribute";
    case AttrKind::kBool: return "boolean (true or false)";
    case AttrKind::kI32: return "i32 integer (N : i32)";
    case AttrKind::kI64: return "i64 integer (N : i64)";
    case AttrKind::kF32: return "f32 float";
    case AttrKind::kString: return "string";
    case AttrKind::kSymbol: return "symbol reference (@name)";
    case AttrKind::kType: return "type";
    case AttrKind::kElements: return "dense elements (dense<...> : tensor<...>)";
    case AttrKind::kIntElements: return "dense integer elements (dense<...> : tensor<...xi64>)";
    case AttrKind::kDenseI64Array: return "i64 array (array<i64: ...>)";
    case AttrKind::kDenseBoolArray: return "i1 array (array<i1: ...>)";
    case AttrKind::kArray: return "array ([...])";
    case AttrKind::kDictionary: return "dictionary ({...})";
    case AttrKind::kEnum: return "#stablehlo<" + std::string(enum_kind_name(spec.enum_kind)) + " ...>";
    case AttrKind::kPrecisionConfig: return "precision list ([#stablehlo<precision ...>, ...])";
    case AttrKind::kDotDims: return "#stablehlo.dot<...>";
    case AttrKind::kDotAlgorithm: return "#stablehlo.dot_algorithm<...>";
    case AttrKind::kGatherDims: return "#stablehlo.gather<...>";
    case AttrKind::kScatterDims: return "#stablehlo.scatter<...>";
    case AttrKind::kConvDims: return "#stablehlo.conv<...>";
    case AttrKind::kChannelHandle: return "#stablehlo.channel_handle<...>";
    case AttrKind::kOutputOperandAliases: return "list of #stablehlo.output_operand_alias<...>";
    case AttrKind::kResultAccuracy: return "#stablehlo.result_accuracy<...>";
  }
  return "attribute";
}

namespace {

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

Status verify_structure(const Operation& op) {
  const OpInfo* info = op.info();
  if (!info) {
    std::string where = op.location().known() ? "" : " (" + describe_position(op) + ")";
    return error_at(op.location(), "unknown operation '" + op.name() + "'" + where);
  }
  auto count_check = [&](const std::vector<OperandSpec>& specs, size_t actual,
                         const char* what) -> Status {
    size_t fixed = 0;
    bool variadic = false;
    for (const OperandSpec& s : specs) {
      if (s.arity == Arity::kOne) ++fixed;
      else variadic = true;
    }
    if (!variadic && actual != fixed) {
      return verify_error(op, "expects " + plural(fixed, what) + ", but has " +
                                  std::to_string(actual));
    }
    if (variadic && actual < fixed) {
      return verify_error(op, "expects at least " + plural(fixed, what) + ", but has " +
                                  std::to_string(actual));
    }
    return ok_status();
  };
  KILN_CHECK_OK(count_check(info->operands, op.num_operands(), "operand"));
  KILN_CHECK_OK(count_check(info->results, op.num_results(), "result"));
  for (const AttrSpec& spec : info->attrs) {
    const Attribute* a = op.attr(spec.name);
    if (!a) {
      if (spec.optional) continue;
      return verify_error(op, "requires attribute '" + std::string(spec.name) + "'");
    }
    if (!attr_has_kind(*a, spec)) {
      return verify_error(op, "attribute '" + std::string(spec.name) + "' must be " +
                                  describe_attr_kind(spec) + ", but is " + to_string(*a));
    }
  }
  if (!(info->traits & kVariadicRegions) && op.num_regions() != info->regions.size()) {
    return verify_error(op, "expects " + plural(info->regions.size(), "region") + ", but has " +
                                std::to_string(op.num_regions()));
  }
  for (const auto& region : op.regions()) {
    if (region->empty()) return verify_error(op, "has an empty region");
    if (info->traits & kNoTerminator) continue;
    const Block& block = region->front();
    const Operation* term = block.terminator();
    if (!term || !term->info() || !(term->info()->traits & kTerminator)) {
      // Unregistered terminators are reported where they stand.
      if (term && !term->info()) return verify_structure(*term);
      return verify_error(op, "region must end with a terminator (such as stablehlo.return)");
    }
  }
  if (info->traits & kTerminator) {
    const Block* parent = op.parent_block();
    if (parent && parent->terminator() != &op) {
      return verify_error(op, "must be the last operation of its block");
    }
  }
  return ok_status();
}

// Every value the op defines (its results and its regions' arguments) has a well-formed type.
Status verify_defined_types(const Operation& op) {
  for (size_t i = 0; i < op.num_results(); ++i) {
    KILN_CHECK_OK(verify_value_type(op, op.result(i)->type(), "result #" + std::to_string(i)));
  }
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) {
      for (size_t i = 0; i < block->num_arguments(); ++i) {
        KILN_CHECK_OK(verify_value_type(op, block->argument(i)->type(),
                                            "argument #" + std::to_string(i)));
      }
    }
  }
  return ok_status();
}

Status verify_tree(const Operation& op) {
  KILN_CHECK_OK(verify_structure(op));
  KILN_CHECK_OK(verify_defined_types(op));
  // Nested operations first, so that an op's own check can rely on well-formed regions.
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) {
      for (const auto& nested : block->operations()) KILN_CHECK_OK(verify_tree(*nested));
    }
  }
  if (op.info()->verify) KILN_CHECK_OK(op.info()->verify(op));
  return ok_status();
}

}  // namespace

Status verify_op(const Operation& op) {
  // The graph first: the ops' own checks read their operands.
  KILN_CHECK_OK(verify_ssa(op));
  return verify_tree(op);
}

Status verify(const Module& module) { return verify_op(module.op()); }

}  // namespace kiln::ir
