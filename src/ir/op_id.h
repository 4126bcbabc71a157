// Op identity: every op name interned once as a small integer (OpId), stable for the process,
// and constants for the ops that code compares against (ops::kFuncReturn, ...).
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace kiln::ir {

// An interned op name. Comparing two ids compares the names; `index()` is dense (0, 1, 2, ...
// in interning order), so tables keyed by op (the interpreter's dispatch) are vectors indexed
// by it. Index 0 is the empty name, which a default-constructed id holds.
class OpId {
 public:
  constexpr OpId() = default;

  // The id of `name`, interning it on first sight. Thread-safe; the same name gives the same
  // id for the life of the process. Never fails.
  static OpId of(std::string_view name);
  // The id at a dense index; only for the well-known constants below and for tables.
  static constexpr OpId from_index(uint32_t index) { return OpId(index); }

  // The name, from the interner: the reference stays valid for the life of the process.
  // Thread-safe.
  const std::string& name() const;
  constexpr uint32_t index() const { return index_; }

  constexpr bool operator==(const OpId&) const = default;
  constexpr auto operator<=>(const OpId&) const = default;

 private:
  constexpr explicit OpId(uint32_t index) : index_(index) {}
  uint32_t index_ = 0;
};

// How many ids have been interned so far (every id's index is below it). Thread-safe; grows
// when a new name is interned.
uint32_t num_op_ids();

// The ops that code in kiln compares against by identity. The interner holds them first, in
// this order, so their ids are compile-time constants: `op.id() == ops::kFuncReturn`.
#define KILN_WELL_KNOWN_OPS(X)           \
  X(kModule, "builtin.module")           \
  X(kFunc, "func.func")                  \
  X(kFuncReturn, "func.return")          \
  X(kFuncCall, "func.call")              \
  X(kReturn, "stablehlo.return")         \
  X(kConstant, "stablehlo.constant")     \
  X(kCase, "stablehlo.case")             \
  X(kComposite, "stablehlo.composite")   \
  X(kCustomCall, "stablehlo.custom_call")

namespace detail {
enum WellKnownOp : uint32_t {
  kEmptyName = 0,
#define KILN_WELL_KNOWN_INDEX(ident, text) ident,
  KILN_WELL_KNOWN_OPS(KILN_WELL_KNOWN_INDEX)
#undef KILN_WELL_KNOWN_INDEX
  kNumWellKnownOps
};
inline constexpr std::string_view kWellKnownOpNames[] = {
    "",
#define KILN_WELL_KNOWN_NAME(ident, text) text,
    KILN_WELL_KNOWN_OPS(KILN_WELL_KNOWN_NAME)
#undef KILN_WELL_KNOWN_NAME
};
}  // namespace detail

namespace ops {
#define KILN_WELL_KNOWN_CONSTANT(ident, text) \
  inline constexpr OpId ident = OpId::from_index(detail::ident);
KILN_WELL_KNOWN_OPS(KILN_WELL_KNOWN_CONSTANT)
#undef KILN_WELL_KNOWN_CONSTANT
}  // namespace ops

}  // namespace kiln::ir
