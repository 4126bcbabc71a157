// Elemental rules of CHLO's broadcasting ops (chlo.broadcast_add ... broadcast_select), as the
// interpreter (src/interp/ops/chlo.cpp): each operand is read at the result's index mapped
// onto it — the operand broadcast_dimensions map (ir::chlo_broadcast_dimensions_map: the
// lower-rank one, lhs on equal ranks) lines up with them when given, any other with the
// result's trailing dimensions; size-1 dimensions stretch — and the element is the op of the
// same meaning (stablehlo.add, chlo.next_after, stablehlo.compare, ...) computed by
// its own rule on a stand-in op over the broadcast operands.
#include <fmt/format.h>

#include <map>
#include <numeric>

#include "backend/cuda/codegen/stand_in.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "ir/attribute.h"
#include "ir/ops/chlo_broadcast.h"

namespace kiln::backend::cuda {

namespace {

// The op each broadcasting op computes once its operands have the result's shape.
const std::map<std::string, std::string>& meanings() {
  static const std::map<std::string, std::string> table = [] {
    std::map<std::string, std::string> t;
    for (const char* n : {"add", "subtract", "multiply", "divide", "maximum", "minimum", "power",
                          "remainder", "atan2", "shift_left", "shift_right_arithmetic",
                          "shift_right_logical", "and", "or", "xor", "complex", "compare",
                          "select"}) {
      t[std::string("chlo.broadcast_") + n] = std::string("stablehlo.") + n;
    }
    for (const char* n : {"next_after", "polygamma", "zeta"}) {
      t[std::string("chlo.broadcast_") + n] = std::string("chlo.") + n;
    }
    return t;
  }();
  return table;
}

// The result dimension each dimension of operand `i`, of shape `shape`, lines up with.
std::vector<int64_t> lined_up(const ir::Operation& op, size_t i, const std::vector<int64_t>& shape,
                              const std::vector<int64_t>& result) {
  const auto rank = static_cast<int64_t>(result.size());
  const auto own = static_cast<int64_t>(shape.size());
  std::vector<int64_t> dims = attr_ints(op, "broadcast_dimensions");
  if (dims.empty() || !ir::chlo_broadcast_dimensions_map(op, i)) {
    dims.assign(static_cast<size_t>(own), 0);
    std::iota(dims.begin(), dims.end(), rank - own);
  }
  return dims;
}

// chlo's comparison attributes (#chlo<comparison_direction LT> or an enum) as StableHLO's.
Status set_compare_attrs(const ir::Operation& op, ir::Operation& standin) {
  auto read = [&](const char* name, ir::EnumKind kind) -> std::optional<int> {
    const ir::Attribute* a = op.attr(name);
    if (!a) return std::nullopt;
    if (const auto* e = a->get_if<ir::EnumAttr>()) return e->value;
    if (const auto* text = a->get_if<ir::OpaqueAttr>()) {
      const auto& names = ir::enum_value_names(kind);
      for (size_t i = 0; i < names.size(); ++i) {
        if (text->text.find(" " + std::string(names[i]) + ">") != std::string::npos) {
          return static_cast<int>(i);
        }
      }
    }
    return std::nullopt;
  };
  std::optional<int> direction = read("comparison_direction", ir::EnumKind::kComparisonDirection);
  if (!direction) return unsupported(op, "a comparison_direction it cannot read");
  standin.set_attr("comparison_direction", ir::EnumAttr{ir::EnumKind::kComparisonDirection, *direction});
  if (std::optional<int> type = read("compare_type", ir::EnumKind::kComparisonType)) {
    standin.set_attr("compare_type", ir::EnumAttr{ir::EnumKind::kComparisonType, *type});
  } else {
    standin.set_attr("compare_type", ir::EnumAttr{ir::EnumKind::kComparisonType, 0});
  }
  // Complex numbers order lexicographically in chlo; StableHLO's compare has EQ and NE only.
  if (op.operand(0)->type().element().is_complex() && *direction > 1) {
    return unsupported(op, "an ordering comparison of complex numbers");
  }
  return ok_status();
}

Expected<std::string> emit_broadcasting(Emitter& e, const ir::Operation& op, size_t result,
                                        Index& index) {
  const std::string& meaning = meanings().at(op.name());
  ElementalRule rule = find_elemental_rule(meaning);
  if (!rule) return unsupported(op, "no rule for " + meaning);
  const std::vector<int64_t>& shape = op.result(0)->type().shape();
  std::vector<ir::Type> operands;
  for (const ir::Value* v : op.operands()) operands.push_back(ir::Type::tensor(shape, v->type().element()));
  auto stand_in = std::make_shared<StandInOp>(meaning, op, operands,
                                              std::vector<ir::Type>{op.result(0)->type()});
  e.keep(stand_in);
  if (meaning == "stablehlo.compare") KILN_CHECK_OK(set_compare_attrs(op, stand_in->op()));
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const ir::Value* x = op.operand(i);
    const std::vector<int64_t>& own = x->type().shape();
    std::vector<int64_t> dims = lined_up(op, i, own, shape);
    std::vector<int64_t> identity(shape.size());
    std::iota(identity.begin(), identity.end(), 0);
    if (own == shape && dims == identity) {
      e.bind_view(stand_in->operand(i), [x](Emitter& e, Index& at) { return e.emit(x, at); });
      continue;
    }
    for (size_t k = 0; k < own.size(); ++k) {
      if (dims.size() != own.size() || dims[k] < 0 || dims[k] >= static_cast<int64_t>(shape.size()) ||
          (own[k] != 1 && own[k] != shape[static_cast<size_t>(dims[k])])) {
        return unsupported(op, fmt::format("operand {} that does not broadcast to the result", i));
      }
    }
    e.bind_view(stand_in->operand(i), [x, own, dims](Emitter& e, Index& at) {
      const std::vector<std::string>& d = e.dims(at);
      std::vector<std::string> mapped;
      for (size_t k = 0; k < own.size(); ++k) {
        mapped.push_back(own[k] == 1 ? "0" : d[static_cast<size_t>(dims[k])]);
      }
      Index operand = Index::of_dims(own, mapped);
      return e.emit(x, operand);
    });
  }
  return rule(e, stand_in->op(), result, index);
}

struct RegisterBroadcasting {
  RegisterBroadcasting() {
    for (const auto& [name, meaning] : meanings()) ElementalRegistration(name, emit_broadcasting);
  }
} const register_broadcasting;

}  // namespace

}  // namespace kiln::backend::cuda
