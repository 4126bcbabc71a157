// Parsing chlo.constant's value, whose type is also the op's result type.
#include "frontend/ops/constant.h"

namespace kiln::frontend {

namespace {

bool parse_chlo_constant(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  return parse_dense_constant_value(p, s);
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ChloConstant", parse_chlo_constant);

}  // namespace kiln::frontend
