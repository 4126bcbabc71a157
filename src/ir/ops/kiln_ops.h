// The kiln dialect's ops, by identity: kiln.fusion and the named composites that the pattern
// passes make, listed once here for the passes, the interpreter and the backends to query.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/op_id.h"

namespace kiln::ir {

class Operation;

// kiln.fusion: a sub-graph the fusion passes wrapped; its region `body` is ordinary StableHLO.
inline constexpr std::string_view kKilnFusionName = "kiln.fusion";

// What a kiln.fusion holds (its `kind` attribute), so that a backend picks a code generator
// without looking inside: element-wise ops of one shape (kLoop); a reduction with the ops
// before and after it (kInput); several outputs computed from shared inputs in one pass
// (kMultiOutput); independent sub-graphs launched together (kHorizontal).
enum class FusionKind : uint8_t { kLoop, kInput, kMultiOutput, kHorizontal };
inline constexpr std::array<std::string_view, 4> kFusionKindNames = {"loop", "input",
                                                                     "multi_output", "horizontal"};

// The named composites, each an op of its own whose region `decomposition` is its StableHLO
// meaning; a backend with a kernel for one runs the kernel, any other runs the region.
enum class KilnComposite : uint8_t {
  kSoftmax,
  kLogSoftmax,
  kGelu,
  kSilu,
  kSwiglu,
  kLayerNorm,
  kRmsNorm,
  kAttention,
  kGemm,
  kRope,
  kSoftmaxCrossEntropy,
  kAttentionGrad,
  kQuantMatmul,
};
// Indexed by KilnComposite.
inline constexpr std::array<std::string_view, 13> kKilnCompositeNames = {
    "kiln.softmax",
    "kiln.log_softmax",
    "kiln.gelu",
    "kiln.silu",
    "kiln.swiglu",
    "kiln.layer_norm",
    "kiln.rms_norm",
    "kiln.attention",
    "kiln.gemm",
    "kiln.rope",
    "kiln.softmax_cross_entropy",
    "kiln.attention_grad",
    "kiln.quant_matmul"};

// The id of kiln.fusion / of a named composite. Thread-safe.
OpId kiln_fusion_id();
OpId kiln_composite_id(KilnComposite c);

bool is_kiln_fusion(OpId id);
// Whether `id` is one of the named composites (not kiln.fusion).
bool is_kiln_composite(OpId id);
// kiln.fusion or a named composite: an op whose one region is its meaning.
inline bool is_kiln_op(OpId id) { return is_kiln_fusion(id) || is_kiln_composite(id); }
// Which named composite `id` is, or nullopt.
std::optional<KilnComposite> kiln_composite_of(OpId id);

// The kind of a kiln.fusion, or nullopt when `op` is not one or its `kind` is not a known one
// (which the verifier rejects).
std::optional<FusionKind> fusion_kind_of(const Operation& op);

}  // namespace kiln::ir
