// The StableHLO ops kiln rejects by name: the asynchronous ops and those the spec deprecates.
#include "frontend/unsupported_ops.h"

#include <array>
#include <utility>

namespace kiln::frontend {

namespace {

// What the StableHLO dialect bundled with jaxlib 0.10 registers beyond what kiln implements:
// the asynchronous ops, and ops StableHLO has deprecated (JAX no longer emits them).
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kUnsupported = {{
    {"stablehlo.async_start", "asynchronous ops (and !stablehlo.future) are not supported"},
    {"stablehlo.async_done", "asynchronous ops (and !stablehlo.future) are not supported"},
    {"stablehlo.einsum", "a deprecated op; write stablehlo.dot_general"},
    {"stablehlo.unary_einsum", "a deprecated op; write stablehlo.reduce or stablehlo.transpose"},
    {"stablehlo.set_dimension_size", "a deprecated op of dynamic shapes"},
    {"stablehlo.torch_index_select", "a deprecated op; write stablehlo.gather"},
}};

}  // namespace

std::optional<std::string> unsupported_op_message(std::string_view op_name) {
  for (const auto& [name, why] : kUnsupported) {
    if (name == op_name) {
      return "unsupported: '" + std::string(name) + "' (" + std::string(why) + ")";
    }
  }
  return std::nullopt;
}

}  // namespace kiln::frontend
