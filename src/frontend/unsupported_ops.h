// The ops of the StableHLO dialect (current or deprecated) that kiln reads no further, each with
// the reason the parser gives for rejecting it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kiln::frontend {

// For an op name that StableHLO defines but kiln does not implement, the message to reject it
// with ("unsupported: 'stablehlo.einsum' ..."); nullopt for any other name.
std::optional<std::string> unsupported_op_message(std::string_view op_name);

}  // namespace kiln::frontend
