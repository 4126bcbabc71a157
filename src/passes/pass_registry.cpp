// The pass registry: names to factories, filled by static registrations before main().
#include <algorithm>

#include "passes/pass.h"

namespace kiln::passes {

namespace {

std::vector<PassInfo>& registry() {
  static std::vector<PassInfo> passes;
  return passes;
}

}  // namespace

PassRegistration::PassRegistration(PassInfo info) { registry().push_back(info); }

std::vector<PassInfo> registered_passes() {
  std::vector<PassInfo> out = registry();
  std::sort(out.begin(), out.end(),
            [](const PassInfo& a, const PassInfo& b) { return a.name < b.name; });
  return out;
}

Expected<std::unique_ptr<Pass>> create_pass(std::string_view name) {
  for (const PassInfo& info : registry()) {
    if (info.name == name) return info.create();
  }
  std::string known;
  for (const PassInfo& info : registered_passes()) {
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  }
  return Error::not_found("passes: no pass named '" + std::string(name) + "' (known: " + known +
                          ")");
}

}  // namespace kiln::passes
