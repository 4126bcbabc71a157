// The rules of the simplify pass, one function per family (simplify_<family>.cpp), and what
// they share: reading splat constants, building them, and replacing an op. Internal to
// src/passes.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/rewriter.h"
#include "passes/pass.h"

namespace kiln::passes::simplify {

// What a rule edits through and reports to. Not thread-safe.
class Rewrite {
 public:
  Rewrite(ir::Rewriter& rewriter, PassContext& context) : rewriter_(rewriter), context_(context) {}
  ir::Rewriter& rewriter() { return rewriter_; }

  // Replaces op's only result by `v` and erases op, counting `rule` ("x*1"); false, with
  // nothing changed, when v's type is not the result's (a rule never changes a type).
  Expected<bool> replace(ir::Operation& op, ir::Value* v, std::string_view rule);
  // Sets the insertion point before op, with op's location, for the ops a rule builds.
  Status build_before(ir::Operation& op);
  // A stablehlo.constant before op of `type` whose every element has the bits `bits`.
  Expected<ir::Value*> splat_constant(ir::Operation& op, const ir::Type& type, uint64_t bits);

 private:
  ir::Rewriter& rewriter_;
  PassContext& context_;
};

// The element bits of `v` when it is a stablehlo.constant of a real (not complex, not
// quantized) element type whose elements are all equal; nullopt otherwise.
std::optional<uint64_t> splat_bits(const ir::Value* v);
// The op that defines `v` when it is named `name`, else nullptr.
ir::Operation* defined_by(const ir::Value* v, std::string_view name);
// Whether the element type is an integer or i1 (where +, -, *, / are exact on 0 and 1).
bool is_integer_like(const ir::Type& t);
// Whether the element type is a real float (not complex, not quantized).
bool is_real_float(const ir::Type& t);
// The value of a float element's bits.
double float_value(const ir::Type& t, uint64_t bits);

// Each family tries its rules on op and returns whether one fired (op may then be gone).
Expected<bool> simplify_arith(ir::Operation& op, Rewrite& rewrite);
Expected<bool> simplify_convert(ir::Operation& op, Rewrite& rewrite);
Expected<bool> simplify_shape(ir::Operation& op, Rewrite& rewrite);
Expected<bool> simplify_broadcast(ir::Operation& op, Rewrite& rewrite);

}  // namespace kiln::passes::simplify
