// The kernel registry's storage and lookup.
#include "kernels/cuda/registry.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>

namespace kiln::kernels {

namespace {

struct Registry {
  std::deque<KernelSpec> specs;  // stable addresses
  std::vector<const KernelSpec*> sorted;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

bool register_kernels(std::vector<KernelSpec> specs) {
  Registry& r = registry();
  for (auto& s : specs) r.specs.push_back(std::move(s));
  r.sorted.clear();
  for (const auto& s : r.specs) r.sorted.push_back(&s);
  std::sort(r.sorted.begin(), r.sorted.end(), [](const KernelSpec* a, const KernelSpec* b) {
    return std::tie(a->group, a->name) < std::tie(b->group, b->name);
  });
  return true;
}

Expected<const KernelSpec*> register_kernel(KernelSpec spec) {
  if (spec.name.empty() || !spec.make_problem || !spec.plan) {
    return Error::invalid_argument(fmt::format(
        "kernels: a kernel registered at run time needs a name, make_problem and plan ('{}')",
        spec.name));
  }
  for (const KernelSpec* s : all_kernels()) {
    if (s->name == spec.name) {
      return Error::invalid_argument(fmt::format(
          "kernels: a kernel named '{}' exists already ({}, {}): pick another name", spec.name,
          s->group, s->impl));
    }
  }
  std::string name = spec.name;
  register_kernels({std::move(spec)});
  return find_kernel(name);
}

const std::vector<const KernelSpec*>& all_kernels() { return registry().sorted; }

Expected<const KernelSpec*> find_kernel(std::string_view name) {
  std::vector<std::string_view> near;
  for (const KernelSpec* s : all_kernels()) {
    if (s->name == name) return s;
    if (s->name.find(name) != std::string::npos || name.find(s->name) != std::string_view::npos) {
      near.push_back(s->name);
    }
  }
  std::string hint = near.empty() ? std::string("`kiln bench --list` lists them")
                                  : fmt::format("did you mean {}?", fmt::join(near, ", "));
  return Error::not_found(fmt::format("no kernel named '{}'; {}", name, hint));
}

std::vector<KernelMatch> find_kernels(const ir::Operation& op) {
  std::vector<KernelMatch> matches;
  for (const KernelSpec* s : all_kernels()) {
    if (s->op != op.name() || !s->match) continue;
    if (auto p = s->match(*s, op)) matches.push_back({s, std::move(*p)});
  }
  return matches;
}

}  // namespace kiln::kernels
