// A while loop whose steps are small, run as one kernel of one block: the block evaluates the
// condition, computes the body's values phase by phase (a block barrier between phases) and
// carries the next state back, as many steps as the loop takes, with no launch, graph node or
// read-back per step. Values are computed element by element (the elemental emitter); what a
// fusion's kernel would store (what the body returns, reductions and dots) is stored in an
// arena slot, everything else is computed where it is read. A result written after the last
// read of its loop-carried value goes straight into that value's slot (a dynamic_update_slice
// of it writes only its window); the others are copied back at the end of the step.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// A pointer parameter of the kernel: what memory it is.
struct DeviceLoopParam {
  enum class Kind {
    kState,     // the loop's state value `index` (also the while op's result `index`)
    kOuter,     // `value`, defined before the loop (an initial value, a value the regions read)
    kConstant,  // `value`, a non-splat constant of the regions (the constants buffer)
    kSlot,      // `value`'s own arena slot of `bytes`, written by the kernel
  };
  Kind kind;
  size_t index = 0;
  const ir::Value* value = nullptr;
  int64_t bytes = 0;
};

struct DeviceLoopKernel {
  std::string function;                 // its name
  std::string text;                     // the extern "C" __global__ function
  unsigned block = 32;                  // threads of its one block
  std::vector<DeviceLoopParam> params;  // p0, p1, ... in order
  int64_t work = 0;                     // element operations a step (the limit's measure)
  // The state values the caller copies from their initial values before the launch (large
  // ones; the kernel copies the others itself).
  std::vector<size_t> copied_before;
};

// What emit_device_loop decided: the kernel, or why the loop does not run as one.
struct DeviceLoopPlan {
  std::optional<DeviceLoopKernel> kernel;
  std::string refused;
};

// The kernel running `loop` (a stablehlo.while), where every op of its regions can
// be computed element by element (kiln composites opened into their regions), `excluded` is
// false for each, every element type is one generated code holds, and a step computes at most
// `max_work` element operations (an element of a dot or a reduction counts its reduced
// elements). Otherwise the plan says why not.
// `name` gives the kernel's function its name (called once, where the loop runs as one).
DeviceLoopPlan emit_device_loop(const ir::Operation& loop, const std::function<std::string()>& name,
                                int64_t max_work,
                                const std::function<bool(const ir::Operation&)>& excluded);

// The largest block the kernel runs with (its __launch_bounds__).
constexpr unsigned kDeviceLoopMaxBlock = 256;

}  // namespace kiln::backend::cuda
