// The registry of OpInfo entries and operand-group arithmetic.
#include "ir/op_info.h"

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>

#include "ir/operation.h"

namespace kiln::ir {

namespace {

struct Registry {
  std::deque<OpInfo> storage;  // stable addresses
  std::unordered_map<std::string_view, const OpInfo*> by_name;
  std::vector<const OpInfo*> by_id;  // indexed by OpId::index(); nullptr for unregistered
  std::vector<const OpInfo*> ordered;
};

Registry& registry() {
  static Registry r;
  return r;
}

// Sizes of each group given the total count, per SameVariadicOperandSize.
std::pair<size_t, size_t> group_range(const std::vector<OperandSpec>& specs, size_t total,
                                      size_t group) {
  size_t fixed = 0, variadic = 0;
  for (const OperandSpec& s : specs) {
    if (s.arity == Arity::kOne) ++fixed;
    else ++variadic;
  }
  size_t each = variadic && total >= fixed ? (total - fixed) / variadic : 0;
  size_t begin = 0;
  for (size_t i = 0; i < specs.size() && i < group; ++i) {
    begin += specs[i].arity == Arity::kOne ? 1 : each;
  }
  size_t size = group < specs.size() && specs[group].arity == Arity::kOne ? 1 : each;
  if (begin > total) begin = total;
  if (begin + size > total) size = total - begin;
  return {begin, size};
}

}  // namespace

OpRegistration::OpRegistration(std::vector<OpInfo> (*family)()) {
  Registry& r = registry();
  for (OpInfo& info : family()) {
    info.id = OpId::of(info.name);
    r.storage.push_back(std::move(info));
    const OpInfo* stored = &r.storage.back();
    if (!r.by_name.emplace(stored->name, stored).second) {
      std::fprintf(stderr, "kiln: op %.*s registered twice\n",
                   static_cast<int>(stored->name.size()), stored->name.data());
      std::abort();
    }
    r.ordered.push_back(stored);
    if (r.by_id.size() <= stored->id.index()) r.by_id.resize(stored->id.index() + 1, nullptr);
    r.by_id[stored->id.index()] = stored;
  }
}

const OpInfo* lookup_op(std::string_view name) {
  auto& map = registry().by_name;
  auto it = map.find(name);
  return it == map.end() ? nullptr : it->second;
}

const OpInfo* lookup_op(OpId id) {
  const auto& by_id = registry().by_id;
  return id.index() < by_id.size() ? by_id[id.index()] : nullptr;
}

const std::vector<const OpInfo*>& all_ops() { return registry().ordered; }

const AttrSpec* OpInfo::find_attr(std::string_view attr) const {
  for (const AttrSpec& a : attrs) {
    if (a.name == attr) return &a;
  }
  return nullptr;
}

int OpInfo::operand_group_index(std::string_view group) const {
  for (size_t i = 0; i < operands.size(); ++i) {
    if (operands[i].name == group) return static_cast<int>(i);
  }
  return -1;
}

int OpInfo::result_group_index(std::string_view group) const {
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].name == group) return static_cast<int>(i);
  }
  return -1;
}

// With an `operandSegmentSizes` / `resultSegmentSizes` attribute (MLIR's
// AttrSizedOperandSegments), the groups' sizes are spelled out; a malformed one gives
// empty groups, which the op's verifier reports.
std::optional<std::pair<size_t, size_t>> segment_range(const Operation& op, const char* attr,
                                                       size_t total, size_t group) {
  const auto* sizes = op.attr_as<DenseArrayAttr>(attr);
  if (!sizes) return std::nullopt;
  size_t begin = 0;
  for (size_t i = 0; i < sizes->ints.size(); ++i) {
    if (sizes->ints[i] < 0) return std::pair<size_t, size_t>{0, 0};
    size_t n = static_cast<size_t>(sizes->ints[i]);
    if (i == group) return begin + n <= total ? std::pair{begin, n} : std::pair<size_t, size_t>{0, 0};
    begin += n;
  }
  return std::pair<size_t, size_t>{0, 0};
}

std::span<Value* const> operand_group(const Operation& op, size_t group) {
  auto [begin, size] = segment_range(op, "operandSegmentSizes", op.num_operands(), group)
                           .value_or(group_range(op.info()->operands, op.num_operands(), group));
  return std::span<Value* const>(op.operands().data() + begin, size);
}

std::span<const std::unique_ptr<Value>> result_group(const Operation& op, size_t group) {
  auto [begin, size] = segment_range(op, "resultSegmentSizes", op.num_results(), group)
                           .value_or(group_range(op.info()->results, op.num_results(), group));
  return std::span<const std::unique_ptr<Value>>(op.results().data() + begin, size);
}

Error verify_error(const Operation& op, std::string_view message) {
  std::string text = "'" + op.name() + "' op ";
  text.append(message);
  // An op built in memory has no location; say where it sits instead.
  if (!op.location().known()) text += " (" + describe_position(op) + ")";
  return error_at(op.location(), text);
}

}  // namespace kiln::ir
