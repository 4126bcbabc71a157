// chlo.scan's pretty form states its operand groups; this directive records their sizes
// (and the results': one carried value per initial value, outputs before them) as the
// operandSegmentSizes / resultSegmentSizes attributes the generic form spells out.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_scan_segments(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  int64_t inputs = static_cast<int64_t>(s.operand_groups[0].size());
  int64_t inits = static_cast<int64_t>(s.operand_groups[1].size());
  int64_t results = static_cast<int64_t>(s.result_types.size());
  if (results < inits) {
    return p.fail_here("chlo.scan has fewer results than initial values");
  }
  auto i32_array = [](std::vector<int64_t> v) {
    ir::DenseArrayAttr a;
    a.type = ir::ElementKind::kSI32;
    a.ints = std::move(v);
    return a;
  };
  s.op->set_attr("operandSegmentSizes", i32_array({inputs, inits}));
  s.op->set_attr("resultSegmentSizes", i32_array({results - inits, inits}));
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ScanSegments", parse_scan_segments);

}  // namespace kiln::frontend
