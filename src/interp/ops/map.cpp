// stablehlo.map: the computation applied to each index's rank-0 slices of the inputs, one
// region run per element (slow, but exactly the spec's definition).
#include <cstring>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> map(Interpreter& in, const ir::Operation& op,
                                        std::span<const RuntimeValue> args) {
  KILN_TRY(Tensor out, allocate_result(op));
  std::vector<RuntimeValue> scalars(args.size());
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    KILN_CHECK_OK(in.check_time_limit(op));  // --timeout: the region runs once per element
    // Fresh rank-0 tensors each time: the region may keep (share) the values it is given.
    for (size_t k = 0; k < args.size(); ++k) {
      const Tensor& src = args[k].tensor();
      KILN_TRY(Tensor s, Tensor::allocate(ir::Type::tensor({}, src.element())));
      std::memcpy(s.raw(), src.raw() + i * src.element_bytes(), src.element_bytes());
      scalars[k] = std::move(s);
    }
    KILN_TRY(auto results, in.run_region(op.region(0), scalars));
    const Tensor& r = results.at(0).tensor();
    std::memcpy(out.raw() + i * out.element_bytes(), r.raw(), out.element_bytes());
  }
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.map", map);

}  // namespace kiln::interp
