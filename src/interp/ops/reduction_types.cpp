// Conversion of reduction operands to the element types of a promoted body (see
// reduction_types.h).
#include "interp/ops/reduction_types.h"

#include "interp/ops/convert.h"
#include "interp/quantized.h"

namespace kiln::interp {

Expected<Tensor> to_body_arg(const ir::Region& body, size_t arg, const Tensor& t) {
  const ir::ElementType& to = body.front().argument(arg)->type().element();
  if (t.element() == to) return t;
  // Quantized promotion keeps the expressed type (is_promotable), so the value is the
  // dequantized one requantized to the body's type, not the storage reinterpreted.
  if (t.element().is_quantized() && to.is_quantized()) return quantize(t, to);
  return convert_elements(t, to);
}

Expected<BodyOperands> to_body_types(const ir::Region& body, std::span<const Tensor> accumulators,
                                     std::span<const Tensor> elements) {
  const size_t n = accumulators.size();
  BodyOperands out;
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(Tensor acc, to_body_arg(body, k, accumulators[k]));
    out.accumulators.push_back(std::move(acc));
  }
  for (size_t k = 0; k < elements.size(); ++k) {
    KILN_TRY(Tensor e, to_body_arg(body, n + k, elements[k]));
    out.elements.push_back(std::move(e));
  }
  return out;
}

}  // namespace kiln::interp
