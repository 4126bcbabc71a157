// Equality of lowered programs: the steps that hold nested programs compare them by content.
#include "backend/cuda/program.h"

namespace kiln::backend::cuda {

namespace {

bool same_program(const std::shared_ptr<Program>& a, const std::shared_ptr<Program>& b) {
  return a == b || (a && b && *a == *b);
}

}  // namespace

bool operator==(const WhileStep& a, const WhileStep& b) {
  return same_program(a.cond, b.cond) && same_program(a.body, b.body) && a.pred == b.pred &&
         a.next == b.next && a.what == b.what && a.condition_module == b.condition_module;
}

bool operator==(const CaseStep& a, const CaseStep& b) {
  if (a.branches.size() != b.branches.size()) return false;
  for (size_t i = 0; i < a.branches.size(); ++i) {
    if (!same_program(a.branches[i], b.branches[i])) return false;
  }
  return a.selector == b.selector && a.is_pred == b.is_pred && a.what == b.what &&
         a.condition_module == b.condition_module;
}

bool operator==(const AttentionStep& a, const AttentionStep& b) {
  return a.desc == b.desc && a.q == b.q && a.k == b.k && a.v == b.v && a.bias == b.bias &&
         a.o == b.o && a.stats == b.stats && a.d_o == b.d_o && a.d_q == b.d_q && a.d_k == b.d_k &&
         a.d_v == b.d_v && same_program(a.fallback, b.fallback) && a.what == b.what;
}

bool operator==(const ConvolutionStep& a, const ConvolutionStep& b) {
  return a.desc == b.desc && a.x == b.x && a.w == b.w && a.y == b.y &&
         same_program(a.before, b.before) && same_program(a.after, b.after) &&
         same_program(a.fallback, b.fallback) && a.what == b.what;
}

bool operator==(const GridStep& a, const GridStep& b) {
  if (a.processes.size() != b.processes.size()) return false;
  for (size_t i = 0; i < a.processes.size(); ++i) {
    if (!same_program(a.processes[i], b.processes[i])) return false;
  }
  return a.num_replicas == b.num_replicas && a.num_partitions == b.num_partitions &&
         a.what == b.what;
}

}  // namespace kiln::backend::cuda
