// The checks that stablehlo.convolution and stablehlo.dynamic_conv share.
#pragma once

#include <string_view>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

// The spec's convolution constraints that do not depend on the padding values: ranks (C1),
// (C26); window attributes (C2)-(C9), padding's shape (C4) when `padding_attr` names an
// attribute; dimension numbers (C12)-(C13), (C17)-(C20); group counts (C10)-(C11),
// (C14)-(C16), (C21)-(C23); precision_config (C24); element types (C27)-(C34). Returns the
// window, its sizes taken from the kernel's spatial dimensions. Errors are located at `op`.
Expected<Window> verify_conv_attrs(const Operation& op, std::string_view padding_attr);
// The result type the spec infers (C25) for a convolution `op` (or dynamic_conv) whose window,
// padding included, is `w` (verify_conv_attrs's): dynamic where an input dimension is; the
// element type is the op's result's. The op's attributes must have verified.
Type infer_convolution_type(const Operation& op, const Window& w);

}  // namespace kiln::ir
