// group_generated_modules and renumber_modules: generated kernels into NVRTC modules.
#include "backend/cuda/module_groups.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace kiln::backend::cuda {

std::vector<int> group_generated_modules(std::vector<KernelModule>& modules, int threads,
                                         int max_kernels) {
  size_t generated_bytes = 0;
  for (const KernelModule& m : modules) {
    if (m.generated) generated_bytes += m.source.size();
  }
  const size_t parts = static_cast<size_t>(std::max(threads, 1));
  const size_t target = (generated_bytes + parts - 1) / parts;
  std::vector<KernelModule> grouped;
  std::vector<int> new_index(modules.size(), -1);
  int open = -1;  // the group generated modules join, until it is full
  for (size_t i = 0; i < modules.size(); ++i) {
    KernelModule& m = modules[i];
    if (!m.generated) {
      new_index[i] = static_cast<int>(grouped.size());
      grouped.push_back(std::move(m));
      continue;
    }
    if (open >= 0) {
      const KernelModule& g = grouped[static_cast<size_t>(open)];
      // Closed where the kernel would take it further past the target than it is short of it.
      if (g.source.size() + m.source.size() / 2 > target ||
          static_cast<int>(g.functions.size()) >= max_kernels) {
        open = -1;
      }
    }
    if (open < 0) {
      open = static_cast<int>(grouped.size());
      grouped.push_back({fmt::format("generated{}", open), "", {}, true});
    }
    KernelModule& g = grouped[static_cast<size_t>(open)];
    g.source += m.source;
    g.functions.insert(g.functions.end(), m.functions.begin(), m.functions.end());
    new_index[i] = open;
  }
  modules = std::move(grouped);
  return new_index;
}

namespace {

struct Renumber {
  const std::vector<int>& new_index;
  std::set<const Program*> seen;

  void module(int& m) const {
    if (m >= 0) m = new_index[static_cast<size_t>(m)];
  }
  void program(const std::shared_ptr<Program>& p) {
    if (p) program(*p);
  }
  void program(Program& p) {
    if (!seen.insert(&p).second) return;
    for (Step& s : p.steps) std::visit([&](auto& step) { this->step(step); }, s);
  }
  void step(KernelStep& s) { module(s.module); }
  void step(WhileStep& s) {
    module(s.condition_module);
    program(s.cond);
    program(s.body);
  }
  void step(CaseStep& s) {
    module(s.condition_module);
    for (const auto& b : s.branches) program(b);
  }
  void step(AttentionStep& s) { program(s.fallback); }
  void step(ConvolutionStep& s) {
    program(s.before);
    program(s.after);
    program(s.fallback);
  }
  void step(GridStep& s) {
    for (const auto& p : s.processes) program(p);
  }
  void step(CollectiveStep& s) { module(s.module); }
  void step(GemmStep&) {}
  void step(CopyStep&) {}
  void step(HostCheckStep&) {}
  void step(FftStep&) {}
};

}  // namespace

void renumber_modules(Program& program, const std::vector<int>& new_index) {
  Renumber r{new_index, {}};
  r.program(program);
}

}  // namespace kiln::backend::cuda
