// chlo.ragged_dot: reading its dimension numbers and checking its three modes (ragged
// non-contracting, contracting and batch dimension).
#include "ir/ops/chlo_ragged_dot.h"

#include <charconv>
#include <string_view>

#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The integers of `key = [a, b]` in `text`; an absent key gives an empty list.
std::optional<std::vector<int64_t>> read_list(std::string_view text, std::string_view key) {
  std::vector<int64_t> out;
  size_t at = text.find(std::string(key) + " = [");
  if (at == std::string_view::npos) return out;
  at += key.size() + 4;
  size_t end = text.find(']', at);
  if (end == std::string_view::npos) return std::nullopt;
  std::string_view list = text.substr(at, end - at);
  while (!list.empty()) {
    while (!list.empty() && (list[0] == ' ' || list[0] == ',')) list.remove_prefix(1);
    if (list.empty()) break;
    int64_t v = 0;
    auto [next, ec] = std::from_chars(list.data(), list.data() + list.size(), v);
    if (ec != std::errc()) return std::nullopt;
    out.push_back(v);
    list.remove_prefix(static_cast<size_t>(next - list.data()));
  }
  return out;
}

int64_t dim_at(const Type& t, int64_t d) { return t.dim(d); }

// The dimensions of `rank` in none of `used`, in order.
std::vector<int64_t> free_dims(int64_t rank, std::initializer_list<const std::vector<int64_t>*> used) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    bool taken = false;
    for (const auto* list : used) taken = taken || contains(*list, d);
    if (!taken) out.push_back(d);
  }
  return out;
}

Status verify_dims(const Operation& op, const RaggedDotDims& d, const Type& lhs, const Type& rhs) {
  if (d.lhs_batching.size() != d.rhs_batching.size()) {
    return verify_error(op, "lhs and rhs must have the same number of batching dimensions");
  }
  if (d.lhs_contracting.size() != d.rhs_contracting.size()) {
    return verify_error(op, "lhs and rhs must have the same number of contracting dimensions");
  }
  if (d.lhs_ragged.size() != 1) {
    return verify_error(op, "must have exactly one lhs ragged dimension, but has " +
                                dims_string(d.lhs_ragged));
  }
  KILN_CHECK_OK(expect_dims_in_range(op, concat(d.lhs_batching, d.lhs_contracting), lhs.rank(),
                                     "lhs batching and contracting dimensions"));
  KILN_CHECK_OK(expect_dims_in_range(op, d.lhs_ragged, lhs.rank(), "lhs_ragged_dimensions"));
  std::vector<int64_t> rhs_dims = concat(concat(d.rhs_batching, d.rhs_contracting), d.rhs_group);
  KILN_CHECK_OK(expect_dims_in_range(op, rhs_dims, rhs.rank(),
                                     "rhs batching, contracting and group dimensions"));
  const std::pair<const std::vector<int64_t>*, const std::vector<int64_t>*> pairs[] = {
      {&d.lhs_batching, &d.rhs_batching}, {&d.lhs_contracting, &d.rhs_contracting}};
  for (const auto& [l, r] : pairs) {
    for (size_t i = 0; i < l->size(); ++i) {
      if (!dim_sizes_compatible(dim_at(lhs, (*l)[i]), dim_at(rhs, (*r)[i]))) {
        return verify_error(op, std::string(l == &d.lhs_batching ? "batching" : "contracting") +
                                    " dimension " + std::to_string(i) + " has size " +
                                    dim_size_string(dim_at(lhs, (*l)[i])) + " in lhs but " +
                                    dim_size_string(dim_at(rhs, (*r)[i])) + " in rhs");
      }
    }
  }
  int64_t ragged = d.lhs_ragged[0];
  bool non_contracting = !contains(d.lhs_batching, ragged) && !contains(d.lhs_contracting, ragged);
  if (d.rhs_group.size() != (non_contracting ? 1u : 0u)) {
    return verify_error(op, non_contracting
                                ? "needs one rhs group dimension when the lhs ragged dimension "
                                  "is neither batching nor contracting"
                                : "takes no rhs group dimension when the lhs ragged dimension "
                                  "is batching or contracting");
  }
  return ok_status();
}

// group_sizes is [G] or [batch sizes..., G]; in the non-contracting mode G is the rhs group size.
Expected<int64_t> verify_group_sizes(const Operation& op, const RaggedDotDims& d, const Type& lhs,
                                     const Type& rhs, const Type& groups) {
  std::vector<int64_t> prefix;
  for (int64_t b : d.lhs_batching) {
    if (b == d.lhs_ragged[0]) break;  // a ragged batch dimension: the batches before it
    prefix.push_back(lhs.dim(b));
  }
  if (groups.rank() != 1 && groups.rank() != static_cast<int64_t>(prefix.size()) + 1) {
    return verify_error(op, "group_sizes " + to_string(groups) + " must have rank 1 or " +
                                std::to_string(prefix.size() + 1));
  }
  for (int64_t i = 0; groups.rank() > 1 && i + 1 < groups.rank(); ++i) {
    if (!dim_sizes_compatible(groups.dim(i), prefix[static_cast<size_t>(i)])) {
      return verify_error(op, "group_sizes " + to_string(groups) + " must begin with the lhs "
                              "batch sizes " + dims_string(prefix));
    }
  }
  int64_t g = groups.dim(groups.rank() - 1);
  if (d.rhs_group.size() == 1 && !dim_sizes_compatible(g, rhs.dim(d.rhs_group[0]))) {
    return verify_error(op, "group_sizes has " + dim_size_string(g) + " groups but the rhs group "
                            "dimension has size " + dim_size_string(rhs.dim(d.rhs_group[0])));
  }
  return g;
}

}  // namespace

std::optional<RaggedDotDims> read_ragged_dot_dims(const Operation& op) {
  const auto* attr = op.attr_as<OpaqueAttr>("ragged_dot_dimension_numbers");
  if (!attr || !attr->text.starts_with("#chlo.ragged_dot<")) return std::nullopt;
  RaggedDotDims d;
  const std::pair<std::string_view, std::vector<int64_t>*> fields[] = {
      {"lhs_batching_dimensions", &d.lhs_batching},
      {"rhs_batching_dimensions", &d.rhs_batching},
      {"lhs_contracting_dimensions", &d.lhs_contracting},
      {"rhs_contracting_dimensions", &d.rhs_contracting},
      {"lhs_ragged_dimensions", &d.lhs_ragged},
      {"rhs_group_dimensions", &d.rhs_group}};
  for (const auto& [key, list] : fields) {
    auto values = read_list(attr->text, key);
    if (!values) return std::nullopt;
    *list = std::move(*values);
  }
  return d;
}

Status verify_ragged_dot(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& groups = op.operand(2)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_element_classes(op, groups, kIntegerElements, "group_sizes"));
  std::optional<RaggedDotDims> d = read_ragged_dot_dims(op);
  if (!d) {
    return verify_error(op, "ragged_dot_dimension_numbers must be a #chlo.ragged_dot<...>");
  }
  KILN_CHECK_OK(verify_dims(op, *d, lhs, rhs));
  KILN_TRY(int64_t g, verify_group_sizes(op, *d, lhs, rhs, groups));
  // The result: [G] in the contracting mode, then batch, lhs free and rhs free dimensions.
  std::vector<int64_t> shape;
  if (contains(d->lhs_contracting, d->lhs_ragged[0])) shape.push_back(g);
  for (int64_t b : d->lhs_batching) shape.push_back(lhs.dim(b));
  for (int64_t f : free_dims(lhs.rank(), {&d->lhs_batching, &d->lhs_contracting})) {
    shape.push_back(lhs.dim(f));
  }
  for (int64_t f : free_dims(rhs.rank(), {&d->rhs_batching, &d->rhs_contracting, &d->rhs_group})) {
    shape.push_back(rhs.dim(f));
  }
  Type expected = Type::tensor(shape, result.element());
  if (!shapes_compatible(expected, result)) {
    return verify_error(op, "result " + to_string(result) + " must have shape " +
                                to_string(expected));
  }
  return ok_status();
}

}  // namespace kiln::ir
