// The check dialect's comparisons, shared with stablehlo.custom_call, which carries the
// checks of JAX-generated StableHLO test data (@check.eq, @check.expect_close, ...).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "interp/interpreter.h"

namespace kiln::interp {

// Whether `target` is a custom_call target handled by run_check_custom_call.
inline bool is_check_custom_call(std::string_view target) { return target.starts_with("check."); }
// Whether `target` is a custom_call that passes its operands through on one device
// (Sharding, SPMDFullToShardShape, ...): a backend may alias its results to its operands.
bool is_identity_custom_call(std::string_view target);

// Runs a custom_call whose call_target_name starts with "check.": expect_eq (exact),
// expect_almost_eq (tolerance 1e-4), expect_close (at most 3 ulps apart, or within 1e-4),
// and eq (integers exact, floats within 1e-4, as StableHLO's test runner). A failed check is
// appended to in.check_failures and the run goes on. Results: a rank-0 i1 tensor (true when
// the check passed) for each declared result, so that `@check.eq(...) -> tensor<i1>` works.
// Fails only on a malformed call (not two tensor operands, unknown check.* target).
Expected<std::vector<RuntimeValue>> run_check_custom_call(Interpreter& in, const ir::Operation& op,
                                                          std::span<const RuntimeValue> operands);

}  // namespace kiln::interp
