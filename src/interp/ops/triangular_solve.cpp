// stablehlo.triangular_solve: solves op(a) x = b (left_side) or x op(a) = b for each matrix of
// the batch by substitution in the element type, reading only a's `lower` or upper triangle.
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

template <class T>
void solve_batch(const ir::Operation& op, const Tensor& a, Tensor& x) {
  linalg::TriangularSolve s{.left_side = op.attr_as<ir::BoolAttr>("left_side")->value,
                            .lower = op.attr_as<ir::BoolAttr>("lower")->value,
                            .unit_diagonal = op.attr_as<ir::BoolAttr>("unit_diagonal")->value,
                            .transpose = op.attr_as<ir::EnumAttr>("transpose_a")->value};
  int64_t r = x.rank();
  int64_t rows = x.shape()[static_cast<size_t>(r - 2)],
          cols = x.shape()[static_cast<size_t>(r - 1)];
  int64_t m = s.left_side ? rows : cols;
  int64_t batch = rows * cols == 0 ? 0 : x.num_elements() / (rows * cols);
  std::vector<T> t, tt;
  for (int64_t bi = 0; bi < batch; ++bi) {
    linalg::triangular_solve_matrix(a.data<T>() + bi * m * m, x.data<T>() + bi * rows * cols,
                                    rows, cols, s, t, tt);
  }
}

Expected<std::vector<RuntimeValue>> triangular_solve(Interpreter&, const ir::Operation& op,
                                                     std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor x, allocate_result(op));
  std::memcpy(x.raw(), operands[1].tensor().raw(), x.size_bytes());
  bool supported = dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T> || kIsComplex<T>) {
      solve_batch<T>(op, a, x);
      return true;
    }
    return false;
  });
  if (!supported) return op_error(op, "needs a float or complex element type");
  return std::vector<RuntimeValue>{x};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.triangular_solve", triangular_solve);

}  // namespace kiln::interp
