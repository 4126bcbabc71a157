// Parsing stablehlo.slice's ranges `[start:limit:stride, ...]`.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

// One `start:limit` or `start:limit:stride` per dimension; the stride defaults to 1.
bool parse_slice_ranges(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  std::vector<int64_t> start, limit, strides;
  if (!p.expect(Tok::kLSquare, "'[' to begin the slice ranges")) return false;
  if (!p.consume_if(Tok::kRSquare)) {
    do {
      int64_t a, b, c = 1;
      if (!p.parse_int(a) || !p.expect(Tok::kColon, "':' between start and limit") ||
          !p.parse_int(b)) {
        return false;
      }
      if (p.consume_if(Tok::kColon) && !p.parse_int(c)) return false;
      start.push_back(a);
      limit.push_back(b);
      strides.push_back(c);
    } while (p.consume_if(Tok::kComma));
    if (!p.expect(Tok::kRSquare, "']' to end the slice ranges")) return false;
  }
  s.op->set_attr("start_indices", ir::dense_i64_array(std::move(start)));
  s.op->set_attr("limit_indices", ir::dense_i64_array(std::move(limit)));
  s.op->set_attr("strides", ir::dense_i64_array(std::move(strides)));
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("SliceRanges", parse_slice_ranges);

}  // namespace kiln::frontend
