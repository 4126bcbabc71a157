// The op table: one OpInfo per operation names its operands, results, attributes, regions,
// pretty syntax and verifier. Adding an op means adding one entry in src/ir/ops/<family>.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_id.h"
#include "support/error.h"

namespace kiln::ir {

class Operation;
class Value;

enum class Arity : uint8_t { kOne, kOptional, kVariadic };

struct OperandSpec {
  std::string_view name;
  Arity arity = Arity::kOne;
};

// What an attribute must hold, and how the pretty form spells it when a format names it:
//   kI64 `1`, kBool `true`, kF32 `1.0`, kString `"s"`, kSymbol `@f`, kElements `dense<..>`,
//   kDenseI64Array / kDenseBoolArray `[1, 2]` / `[true, false]`, kEnum the bare value
//   (`EQ`), kPrecisionConfig `[DEFAULT, HIGH]`, kConvDims `[b, 0, f]x[0, i, o]->[b, 0, f]`,
//   the other kinds their generic form.
enum class AttrKind : uint8_t {
  kAny,
  kUnit,
  kBool,
  kI32,
  kI64,
  kF32,
  kString,
  kSymbol,
  kType,
  kElements,         // DenseElementsAttr of any type
  kIntElements,      // DenseElementsAttr of an integer type (replica_groups, padding, ...)
  kDenseI64Array,
  kDenseBoolArray,
  kArray,
  kDictionary,
  kEnum,             // with AttrSpec::enum_kind
  kPrecisionConfig,  // ArrayAttr of EnumAttr(kPrecision)
  kDotDims,
  kDotAlgorithm,
  kGatherDims,
  kScatterDims,
  kConvDims,
  kChannelHandle,
  kOutputOperandAliases,  // ArrayAttr of OutputOperandAliasAttr
  kResultAccuracy,
};

struct AttrSpec {
  std::string_view name;
  AttrKind kind = AttrKind::kAny;
  bool optional = false;
  EnumKind enum_kind = EnumKind::kComparisonDirection;
};

// Op-specific checks beyond the table (types, shapes, attribute values), per the spec's
// constraints. Errors are located at the op: use verify_error(op, ...).
using VerifyFn = Status (*)(const Operation& op);

enum OpTrait : uint32_t {
  kTerminator = 1u << 0,
  kIsolatedFromAbove = 1u << 1,
  // Any number of regions (stablehlo.case's branches); `regions` lists none.
  kVariadicRegions = 1u << 3,
  // Regions hold a list of ops without a terminator (builtin.module, like MLIR's NoTerminator).
  kNoTerminator = 1u << 4,
};

struct OpInfo {
  std::string_view name;  // "stablehlo.add"
  std::vector<OperandSpec> operands;
  std::vector<OperandSpec> results;
  std::vector<AttrSpec> attrs;
  std::vector<std::string_view> regions;
  // The pretty syntax after the op name, in the notation of src/ir/asm_format.h; empty when
  // the op only has the generic form.
  std::string_view format;
  VerifyFn verify = nullptr;
  uint32_t traits = 0;
  // The interned name; set when the op is registered (families leave it out).
  OpId id;

  const AttrSpec* find_attr(std::string_view attr) const;
  int operand_group_index(std::string_view group) const;  // -1 if absent
  int result_group_index(std::string_view group) const;   // -1 if absent
};

// The registered op with this full name, or nullptr.
const OpInfo* lookup_op(std::string_view name);
// The registered op with this id, or nullptr. Constant time; safe from any thread once main()
// has started (registration happens before).
const OpInfo* lookup_op(OpId id);
// Every registered op, in registration order.
const std::vector<const OpInfo*>& all_ops();

// The operands of group `group` (per the op's OperandSpec list). With several variadic
// groups all variadic groups have the same size (StableHLO's SameVariadicOperandSize).
std::span<Value* const> operand_group(const Operation& op, size_t group);
std::span<const std::unique_ptr<Value>> result_group(const Operation& op, size_t group);

// `'stablehlo.add' op <message>`, located at the op.
Error verify_error(const Operation& op, std::string_view message);

}  // namespace kiln::ir

namespace kiln::ir {

// Adds ops to the table at start-up. Each file in src/ir/ops/ registers its family with
// KILN_REGISTER_OPS(function returning std::vector<OpInfo>); the table is complete before
// main() runs (the ir library is linked as object files, so no registration is dropped).
struct OpRegistration {
  explicit OpRegistration(std::vector<OpInfo> (*family)());
};

}  // namespace kiln::ir

#define KILN_REGISTER_OPS(fn) \
  static const ::kiln::ir::OpRegistration KILN_CONCAT(kiln_op_registration_, __COUNTER__)(fn)
