// StandInOp: a detached op over values of its own.
#include "backend/cuda/codegen/stand_in.h"

namespace kiln::backend::cuda {

StandInOp::StandInOp(std::string_view name, const ir::Operation& original,
                     const std::vector<ir::Type>& operand_types,
                     const std::vector<ir::Type>& result_types)
    : op_(name, original.location()) {
  for (const ir::NamedAttribute& a : original.attributes()) op_.set_attr(a.name, a.value);
  for (const ir::Type& t : operand_types) op_.add_operand(values_.add_argument(t));
  for (const ir::Type& t : result_types) op_.add_result(t);
}

}  // namespace kiln::backend::cuda
