// The kernel registry: every library kernel's spec, registered once at start-up by the file
// that defines it (KILN_REGISTER_KERNELS), and those registered at run time before use
// (register_kernel), looked up by name. Read-only afterwards, so safe to read from any thread.
#pragma once

#include <string_view>
#include <vector>

#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// Every registered kernel, ordered by group then name.
const std::vector<const KernelSpec*>& all_kernels();

// The kernel called `name`, or an error listing near names.
Expected<const KernelSpec*> find_kernel(std::string_view name);

// A library kernel that computes an op, and the problem it computes.
struct KernelMatch {
  const KernelSpec* spec = nullptr;
  Problem problem;
};

// The compiler's query: every registered kernel whose `op` names this op (a StableHLO op or a
// kiln.* pattern) and whose `match` accepts its operand and result types, attributes and
// regions, with the problem it computes, in registry order. Empty when no kernel does. The op
// should have passed the verifier.
std::vector<KernelMatch> find_kernels(const ir::Operation& op);

// Adds specs to the registry (called during static initialisation); returns true.
bool register_kernels(std::vector<KernelSpec> specs);

// Adds one spec at run time (a kernel `kiln tune --new` generates) and returns it, found by
// name like any other from then on. Errors: invalid_argument when a kernel of its name is
// registered already (a library kernel's name is never taken over) or the spec has no name,
// no make_problem or no plan. Not safe against concurrent readers: call it before other
// threads read the registry.
Expected<const KernelSpec*> register_kernel(KernelSpec spec);

}  // namespace kiln::kernels

#define KILN_KERNELS_CONCAT_INNER(a, b) a##b
#define KILN_KERNELS_CONCAT(a, b) KILN_KERNELS_CONCAT_INNER(a, b)
// Registers the specs that `fn()` returns. Use once per file, at namespace scope.
#define KILN_REGISTER_KERNELS(fn)                                                      \
  [[maybe_unused]] static const bool KILN_KERNELS_CONCAT(kiln_kernels_, __COUNTER__) = \
      ::kiln::kernels::register_kernels(fn())
