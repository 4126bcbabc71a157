// group_generated_modules and renumber_modules: generated kernels into NVRTC modules.
#include "backend/cuda/module_groups.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace kiln::backend::cuda {

namespace {

// The generated modules' group indices, counting from 0: consecutive modules join a group until
// the next one would take it further past `target` bytes than it is short of it, or the group
// holds `max_kernels` kernels.
std::vector<int> assign_groups(const std::vector<KernelModule>& modules, size_t target,
                               int max_kernels, int& groups) {
  std::vector<int> group(modules.size(), -1);
  size_t bytes = 0;
  int kernels = 0;
  groups = 0;
  for (size_t i = 0; i < modules.size(); ++i) {
    const KernelModule& m = modules[i];
    if (!m.generated) continue;
    if (groups == 0 || bytes + m.source.size() / 2 > target || kernels >= max_kernels) {
      ++groups;
      bytes = 0;
      kernels = 0;
    }
    bytes += m.source.size();
    kernels += static_cast<int>(m.functions.size());
    group[i] = groups - 1;
  }
  return group;
}

}  // namespace

std::vector<int> group_generated_modules(std::vector<KernelModule>& modules, int threads,
                                         int max_kernels) {
  size_t generated_bytes = 0;
  for (const KernelModule& m : modules) {
    if (m.generated) generated_bytes += m.source.size();
  }
  const size_t parts = static_cast<size_t>(std::max(threads, 1));
  // No more groups than threads: 20 kernels on 16 threads as 20 modules would take two rounds
  // of NVRTC calls where 16 (some of two kernels) take about one. The target grows until the
  // groups fit (or the kernel limit alone decides).
  size_t target = std::max<size_t>((generated_bytes + parts - 1) / parts, 1);
  int groups = 0;
  std::vector<int> group = assign_groups(modules, target, max_kernels, groups);
  while (static_cast<size_t>(groups) > parts && target < generated_bytes) {
    target += std::max<size_t>(target / 8, 1);
    group = assign_groups(modules, target, max_kernels, groups);
  }
  std::vector<KernelModule> grouped;
  std::vector<int> new_index(modules.size(), -1);
  std::vector<int> slot(static_cast<size_t>(groups), -1);  // each group's index in `grouped`
  for (size_t i = 0; i < modules.size(); ++i) {
    KernelModule& m = modules[i];
    if (!m.generated) {
      new_index[i] = static_cast<int>(grouped.size());
      grouped.push_back(std::move(m));
      continue;
    }
    int& at = slot[static_cast<size_t>(group[i])];
    if (at < 0) {
      at = static_cast<int>(grouped.size());
      grouped.push_back({fmt::format("generated{}", at), "", {}, true});
    }
    KernelModule& g = grouped[static_cast<size_t>(at)];
    g.source += m.source;
    g.functions.insert(g.functions.end(), m.functions.begin(), m.functions.end());
    new_index[i] = at;
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
