// equivalent_ops and op_hash.
#include "passes/op_equivalence.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace kiln::passes {

namespace {

size_t mix(size_t seed, size_t v) { return seed ^ (v + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2)); }

std::vector<const ir::NamedAttribute*> sorted_attributes(const ir::Operation& op) {
  std::vector<const ir::NamedAttribute*> out;
  for (const ir::NamedAttribute& a : op.attributes()) out.push_back(&a);
  std::sort(out.begin(), out.end(), [](auto* x, auto* y) { return x->name < y->name; });
  return out;
}

bool same_attributes(const ir::Operation& a, const ir::Operation& b) {
  if (a.attributes().size() != b.attributes().size()) return false;
  auto x = sorted_attributes(a), y = sorted_attributes(b);
  for (size_t i = 0; i < x.size(); ++i) {
    if (!(*x[i] == *y[i])) return false;
  }
  return true;
}

bool same_result_types(const ir::Operation& a, const ir::Operation& b) {
  if (a.num_results() != b.num_results()) return false;
  for (size_t i = 0; i < a.num_results(); ++i) {
    if (!(a.result(i)->type() == b.result(i)->type())) return false;
  }
  return true;
}

// Compares two ops under `map`, which takes values of a's regions to their counterparts in b's.
bool equal_under(const ir::Operation& a, const ir::Operation& b,
                 std::unordered_map<const ir::Value*, const ir::Value*>& map);

bool equal_blocks(const ir::Block& a, const ir::Block& b,
                  std::unordered_map<const ir::Value*, const ir::Value*>& map) {
  if (a.num_arguments() != b.num_arguments() || a.operations().size() != b.operations().size()) {
    return false;
  }
  for (size_t i = 0; i < a.num_arguments(); ++i) {
    if (!(a.argument(i)->type() == b.argument(i)->type())) return false;
    map[a.argument(i)] = b.argument(i);
  }
  for (size_t i = 0; i < a.operations().size(); ++i) {
    if (!equal_under(*a.operations()[i], *b.operations()[i], map)) return false;
  }
  return true;
}

bool equal_under(const ir::Operation& a, const ir::Operation& b,
                 std::unordered_map<const ir::Value*, const ir::Value*>& map) {
  if (a.id() != b.id() || a.num_operands() != b.num_operands() ||
      a.num_regions() != b.num_regions() || !same_result_types(a, b) || !same_attributes(a, b)) {
    return false;
  }
  for (size_t i = 0; i < a.num_operands(); ++i) {
    const ir::Value* x = a.operand(i);
    auto it = map.find(x);
    if ((it != map.end() ? it->second : x) != b.operand(i)) return false;
  }
  for (size_t r = 0; r < a.num_regions(); ++r) {
    const auto& ra = a.region(r).blocks();
    const auto& rb = b.region(r).blocks();
    if (ra.size() != rb.size()) return false;
    for (size_t k = 0; k < ra.size(); ++k) {
      if (!equal_blocks(*ra[k], *rb[k], map)) return false;
    }
  }
  for (size_t i = 0; i < a.num_results(); ++i) map[a.result(i)] = b.result(i);
  return true;
}

size_t attribute_hash(const ir::Attribute& attr) {
  if (const auto* i = attr.get_if<ir::IntegerAttr>()) return std::hash<int64_t>()(i->value);
  if (const auto* e = attr.get_if<ir::EnumAttr>()) return static_cast<size_t>(e->value) * 31;
  if (const auto* d = attr.get_if<ir::DenseArrayAttr>()) {
    size_t h = d->size();
    for (int64_t v : d->ints) h = mix(h, std::hash<int64_t>()(v));
    return h;
  }
  if (const auto* d = attr.get_if<ir::DenseElementsAttr>()) {
    size_t h = std::hash<int64_t>()(d->num_elements());
    if (d->data) {
      size_t n = std::min<size_t>(d->data->size(), 32);
      for (size_t k = 0; k < n; ++k) h = mix(h, (*d->data)[k]);
    }
    return h;
  }
  return 0;
}

}  // namespace

bool equivalent_ops(const ir::Operation& a, const ir::Operation& b) {
  std::unordered_map<const ir::Value*, const ir::Value*> map;
  return equal_under(a, b, map);
}

size_t op_hash(const ir::Operation& op) {
  size_t h = mix(op.id().index(), op.num_results());
  h = mix(h, op.num_regions());
  for (const ir::Value* v : op.operands()) h = mix(h, std::hash<const void*>()(v));
  for (const ir::NamedAttribute& a : op.attributes()) {
    h ^= std::hash<std::string>()(a.name) + attribute_hash(a.value);  // order-independent
  }
  return h;
}

}  // namespace kiln::passes
