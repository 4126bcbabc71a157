// JAX's linear-algebra custom calls: the target table, their attributes, layouts and types.
#include "ir/ops/jax_linalg.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "ir/op_info.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

struct NamedTarget {
  std::string_view name;
  JaxLinalgKind kind;
  std::string_view letters = "sdcz";  // the LAPACK type letters the routine exists for
};

// LAPACK names carry the element type's letter after "lapack_": s f32, d f64, c c64, z c128.
// The real routines orgqr / syevd are ungqr / heevd for complex types.
constexpr std::array<NamedTarget, 8> kLapackTargets = {{
    {"potrf_ffi", JaxLinalgKind::kPotrf},
    {"trsm_ffi", JaxLinalgKind::kTrsm},
    {"getrf_ffi", JaxLinalgKind::kGetrf},
    {"geqrf_ffi", JaxLinalgKind::kGeqrf},
    {"orgqr_ffi", JaxLinalgKind::kOrgqr, "sd"},
    {"ungqr_ffi", JaxLinalgKind::kOrgqr, "cz"},
    {"syevd_ffi", JaxLinalgKind::kSyevd, "sd"},
    {"heevd_ffi", JaxLinalgKind::kSyevd, "cz"},
}};
constexpr std::array<NamedTarget, 6> kCusolverTargets = {{
    {"cusolver_potrf_ffi", JaxLinalgKind::kPotrf},
    {"cusolver_getrf_ffi", JaxLinalgKind::kGetrf},
    {"cu_lu_pivots_to_permutation", JaxLinalgKind::kLuPivotsToPermutation},
    {"cusolver_geqrf_ffi", JaxLinalgKind::kGeqrf},
    {"cusolver_orgqr_ffi", JaxLinalgKind::kOrgqr},
    {"cusolver_syevd_ffi", JaxLinalgKind::kSyevd},
}};

std::optional<ElementKind> lapack_letter(char c) {
  switch (c) {
    case 's': return ElementKind::kF32;
    case 'd': return ElementKind::kF64;
    case 'c': return ElementKind::kComplexF32;
    case 'z': return ElementKind::kComplexF64;
    default: return std::nullopt;
  }
}

const DictionaryAttr* backend_config(const Operation& op) {
  if (const auto* d = op.attr_as<DictionaryAttr>("mhlo.backend_config")) return d;
  return op.attr_as<DictionaryAttr>("backend_config");
}

// A LAPACK character attribute (an integer holding an ASCII code) among `allowed`.
Expected<char> char_attr(const Operation& op, const DictionaryAttr* config, std::string_view name,
                         std::string_view allowed) {
  const Attribute* a = config ? config->find(name) : nullptr;
  const auto* i = a ? a->get_if<IntegerAttr>() : nullptr;
  if (i == nullptr) {
    return verify_error(op, "needs the integer attribute '" + std::string(name) +
                                "' in mhlo.backend_config (an ASCII code among '" +
                                std::string(allowed) + "')");
  }
  for (char c : allowed) {
    if (i->value == static_cast<unsigned char>(c)) return c;
  }
  return verify_error(op, "attribute '" + std::string(name) + "' is " +
                              std::to_string(i->value) + ", not the ASCII code of one of '" +
                              std::string(allowed) + "'");
}

// num_batch_dims in mhlo.frontend_attributes, when given, is the operand's rank less `matrix`.
Status check_batch_dims(const Operation& op, int64_t matrix_rank) {
  const auto* fa = op.attr_as<DictionaryAttr>("mhlo.frontend_attributes");
  const Attribute* a = fa ? fa->find("num_batch_dims") : nullptr;
  if (a == nullptr || op.num_operands() == 0 || !op.operand(0)->type().is_tensor()) {
    return ok_status();
  }
  const auto* s = a->get_if<StringAttr>();
  int64_t n = -1;
  if (s) std::from_chars(s->value.data(), s->value.data() + s->value.size(), n);
  int64_t want = op.operand(0)->type().rank() - matrix_rank;
  if (n != want) {
    return verify_error(op, "num_batch_dims " + (s ? "\"" + s->value + "\"" : to_string(*a)) +
                                " does not match the operand " +
                                to_string(op.operand(0)->type()) + ", which has " +
                                std::to_string(want) + " batch dimensions");
  }
  return ok_status();
}

Status read_trsm(const Operation& op, JaxLinalgCall& call) {
  const DictionaryAttr* config = backend_config(op);
  KILN_TRY(char side, char_attr(op, config, "side", "LR"));
  KILN_TRY(char uplo, char_attr(op, config, "uplo", "LU"));
  KILN_TRY(char trans, char_attr(op, config, "trans_x", "NTC"));
  KILN_TRY(char diag, char_attr(op, config, "diag", "NU"));
  call.left_side = side == 'L';
  call.lower = uplo == 'L';
  call.transpose = trans == 'N' ? 1 : trans == 'T' ? 2 : 3;
  call.unit_diagonal = diag == 'U';
  return ok_status();
}

// potrf, syevd: the triangle read, LAPACK's `uplo` or cuSOLVER's boolean `lower`.
Status read_uplo(const Operation& op, JaxLinalgCall& call) {
  const DictionaryAttr* config = backend_config(op);
  if (!call.target.element) {  // cuSOLVER: a boolean `lower`
    const Attribute* a = config ? config->find("lower") : nullptr;
    const auto* b = a ? a->get_if<BoolAttr>() : nullptr;
    if (b == nullptr) return verify_error(op, "needs the boolean attribute 'lower' in mhlo.backend_config");
    call.lower = b->value;
    return ok_status();
  }
  KILN_TRY(char uplo, char_attr(op, config, "uplo", "LU"));
  call.lower = uplo == 'L';
  return ok_status();
}

// syevd: the triangle, and LAPACK's `mode` (cuSOLVER's calls always compute the vectors).
Status read_syevd(const Operation& op, JaxLinalgCall& call) {
  KILN_CHECK_OK(read_uplo(op, call));
  if (!call.target.element) return ok_status();
  KILN_TRY(char mode, char_attr(op, backend_config(op), "mode", "VN"));
  call.vectors = mode == 'V';
  return ok_status();
}

// --- types ---

Status expect_results(const Operation& op, size_t n) {
  if (op.num_results() == n) return ok_status();
  return verify_error(op, "must have " + std::to_string(n) + " result" + (n == 1 ? "" : "s") +
                              ", but has " + std::to_string(op.num_results()));
}

// A batch of matrices of the target's element type (rank >= 2, static sizes).
Status expect_matrices(const Operation& op, const JaxLinalgCall& call, const Type& t,
                       std::string_view what) {
  KILN_CHECK_OK(expect_tensor(op, t, what));
  if (t.rank() < 2 || !t.num_elements()) {
    return verify_error(op, std::string(what) + " must be a statically shaped batch of matrices, but is " +
                                to_string(t));
  }
  ElementKind k = t.element().kind();
  if (call.target.element ? k != *call.target.element
                          : k != ElementKind::kF32 && k != ElementKind::kF64 &&
                                k != ElementKind::kComplexF32 && k != ElementKind::kComplexF64) {
    std::string want = call.target.element ? to_string(ElementType(*call.target.element))
                                           : "f32, f64, complex<f32> or complex<f64>";
    return verify_error(op, std::string(what) + " must have element type " + want + ", but is " +
                                to_string(t));
  }
  return ok_status();
}

// An i32 tensor of `shape`.
Status expect_i32(const Operation& op, const Type& t, const std::vector<int64_t>& shape,
                  std::string_view what) {
  Type want = Type::tensor(shape, ElementKind::kSI32);
  if (t != want) {
    return verify_error(op, std::string(what) + " must be " + to_string(want) + ", but is " +
                                to_string(t));
  }
  return ok_status();
}

std::vector<int64_t> batch_shape(const Type& t, int64_t drop) {
  return {t.shape().begin(), t.shape().end() - drop};
}

Status expect_same(const Operation& op, const Type& got, const Type& want, std::string_view what) {
  if (got == want) return ok_status();
  return verify_error(op, std::string(what) + " must be " + to_string(want) + ", but is " +
                              to_string(got));
}

Status verify_potrf(const Operation& op, const JaxLinalgCall& call) {
  const Type& a = op.operand(0)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand"));
  if (a.dim(a.rank() - 1) != a.dim(a.rank() - 2)) {
    return verify_error(op, "operand must be a batch of square matrices, but is " + to_string(a));
  }
  KILN_CHECK_OK(expect_results(op, 2));
  KILN_CHECK_OK(expect_same(op, op.result(0)->type(), a, "result #0 (the factor)"));
  return expect_i32(op, op.result(1)->type(), batch_shape(a, 2), "result #1 (info)");
}

Status verify_trsm(const Operation& op, const JaxLinalgCall& call) {
  if (op.num_operands() != 2) return verify_error(op, "must have 2 operands (a, b)");
  const Type& a = op.operand(0)->type();
  const Type& b = op.operand(1)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand #0 (a)"));
  KILN_CHECK_OK(expect_matrices(op, call, b, "operand #1 (b)"));
  int64_t r = b.rank();
  int64_t m = call.left_side ? b.dim(r - 2) : b.dim(r - 1);
  std::vector<int64_t> want = batch_shape(b, 2);
  want.push_back(m);
  want.push_back(m);
  if (a.shape() != want) {
    return verify_error(op, "operand #0 (a) must have shape " + dims_string(want) + " for b " +
                                to_string(b) + (call.left_side ? " (side L)" : " (side R)") +
                                ", but is " + to_string(a));
  }
  KILN_CHECK_OK(expect_results(op, 1));
  return expect_same(op, op.result(0)->type(), b, "result");
}

Status verify_getrf(const Operation& op, const JaxLinalgCall& call) {
  const Type& a = op.operand(0)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand"));
  KILN_CHECK_OK(expect_results(op, 3));
  KILN_CHECK_OK(expect_same(op, op.result(0)->type(), a, "result #0 (lu)"));
  std::vector<int64_t> pivots = batch_shape(a, 2);
  pivots.push_back(std::min(a.dim(a.rank() - 2), a.dim(a.rank() - 1)));
  KILN_CHECK_OK(expect_i32(op, op.result(1)->type(), pivots, "result #1 (pivots)"));
  return expect_i32(op, op.result(2)->type(), batch_shape(a, 2), "result #2 (info)");
}

// A tensor of `shape` with the element type `element`.
Status expect_shaped(const Operation& op, const Type& t, const std::vector<int64_t>& shape,
                     ElementKind element, std::string_view what) {
  return expect_same(op, t, Type::tensor(shape, element), what);
}

Status verify_geqrf(const Operation& op, const JaxLinalgCall& call) {
  const Type& a = op.operand(0)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand"));
  KILN_CHECK_OK(expect_results(op, 2));
  KILN_CHECK_OK(expect_same(op, op.result(0)->type(), a, "result #0 (r and the reflectors)"));
  std::vector<int64_t> taus = batch_shape(a, 2);
  taus.push_back(std::min(a.dim(a.rank() - 2), a.dim(a.rank() - 1)));
  return expect_shaped(op, op.result(1)->type(), taus, a.element().kind(), "result #1 (taus)");
}

// orgqr: a [..., m, n] holding k <= n <= m reflectors, taus [..., k].
Status verify_orgqr(const Operation& op, const JaxLinalgCall& call) {
  if (op.num_operands() != 2) return verify_error(op, "must have 2 operands (a, taus)");
  const Type& a = op.operand(0)->type();
  const Type& taus = op.operand(1)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand #0 (a)"));
  const int64_t m = a.dim(a.rank() - 2), n = a.dim(a.rank() - 1);
  if (n > m) {
    return verify_error(op, "operand #0 (a) must have no more columns than rows, but is " +
                                to_string(a));
  }
  KILN_CHECK_OK(expect_tensor(op, taus, "operand #1 (taus)"));
  std::vector<int64_t> want = batch_shape(a, 2);
  const int64_t k = taus.rank() == a.rank() - 1 ? taus.dim(taus.rank() - 1) : -1;
  want.push_back(k);
  if (k < 0 || k > n) {
    return verify_error(op, "operand #1 (taus) must have shape " + dims_string(batch_shape(a, 2)) +
                                " and at most " + std::to_string(n) + " taus, but is " +
                                to_string(taus));
  }
  KILN_CHECK_OK(expect_shaped(op, taus, want, a.element().kind(), "operand #1 (taus)"));
  KILN_CHECK_OK(expect_results(op, 1));
  return expect_same(op, op.result(0)->type(), a, "result (q)");
}

// syevd: (eigenvectors as a, eigenvalues of a's real type, info).
Status verify_syevd(const Operation& op, const JaxLinalgCall& call) {
  const Type& a = op.operand(0)->type();
  KILN_CHECK_OK(expect_matrices(op, call, a, "operand"));
  const int64_t n = a.dim(a.rank() - 1);
  if (n != a.dim(a.rank() - 2)) {
    return verify_error(op, "operand must be a batch of square matrices, but is " + to_string(a));
  }
  KILN_CHECK_OK(expect_results(op, 3));
  KILN_CHECK_OK(expect_same(op, op.result(0)->type(), a, "result #0 (eigenvectors)"));
  std::vector<int64_t> w = batch_shape(a, 2);
  w.push_back(n);
  const ElementKind k = a.element().kind();
  const ElementKind real = k == ElementKind::kComplexF32   ? ElementKind::kF32
                           : k == ElementKind::kComplexF64 ? ElementKind::kF64
                                                           : k;
  KILN_CHECK_OK(expect_shaped(op, op.result(1)->type(), w, real, "result #1 (eigenvalues)"));
  return expect_i32(op, op.result(2)->type(), batch_shape(a, 2), "result #2 (info)");
}

Status verify_pivots_to_permutation(const Operation& op) {
  const Type& p = op.operand(0)->type();
  KILN_CHECK_OK(expect_tensor(op, p, "operand"));
  if (p.rank() < 1 || !p.num_elements() || p.element().kind() != ElementKind::kSI32) {
    return verify_error(op, "operand must be a statically shaped i32 tensor of rank 1 or more, but is " +
                                to_string(p));
  }
  KILN_CHECK_OK(expect_results(op, 1));
  const Type& out = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, out, "result"));
  std::vector<int64_t> shape = batch_shape(p, 1);
  int64_t size = out.rank() == p.rank() ? out.dim(out.rank() - 1) : -1;
  shape.push_back(size);
  if (size < p.dim(p.rank() - 1)) {
    return verify_error(op, "result must be an i32 tensor of shape " +
                                dims_string(batch_shape(p, 1)) + " and a permutation size of at least " +
                                std::to_string(p.dim(p.rank() - 1)) + ", but is " + to_string(out));
  }
  return expect_i32(op, out, shape, "result");
}

// --- layouts ---

std::vector<int64_t> column_major(int64_t rank) {
  std::vector<int64_t> l = {rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d) l.push_back(d);
  return l;
}

std::vector<int64_t> row_major(int64_t rank) {
  std::vector<int64_t> l;
  for (int64_t d = rank - 1; d >= 0; --d) l.push_back(d);
  return l;
}

Status check_linalg_layout(const Operation& op, const ArrayAttr* layouts, size_t i, const Type& type,
                    bool matrix, const std::string& what) {
  int64_t rank = type.rank();
  std::vector<int64_t> want = matrix ? column_major(rank) : row_major(rank);
  std::vector<int64_t> got = row_major(rank);  // XLA's default when none is given
  if (layouts && i < layouts->elements.size()) {
    if (const auto* d = layouts->elements[i].get_if<DenseElementsAttr>()) got = int_values(*d);
  }
  if (got == want) return ok_status();
  return Error::unimplemented(
      verify_error(op, what + " has layout " + dims_string(got) + "; kiln runs " +
                           (matrix ? "column-major matrices, layout " : "row-major tensors, layout ") +
                           dims_string(want) + " (what JAX gives)")
          .message());
}

}  // namespace

std::optional<JaxLinalgTarget> jax_linalg_target(std::string_view name) {
  for (const NamedTarget& t : kCusolverTargets) {
    if (name == t.name) return JaxLinalgTarget{t.kind, std::nullopt};
  }
  constexpr std::string_view kLapack = "lapack_";
  if (!name.starts_with(kLapack) || name.size() < kLapack.size() + 2) return std::nullopt;
  std::optional<ElementKind> element = lapack_letter(name[kLapack.size()]);
  std::string_view rest = name.substr(kLapack.size() + 1);
  for (const NamedTarget& t : kLapackTargets) {
    if (element && rest == t.name && t.letters.find(name[kLapack.size()]) != std::string_view::npos) {
      return JaxLinalgTarget{t.kind, element};
    }
  }
  return std::nullopt;
}

Expected<std::optional<JaxLinalgCall>> read_jax_linalg_call(const Operation& op) {
  if (op.name() != "stablehlo.custom_call") return std::optional<JaxLinalgCall>();
  const auto* name = op.attr_as<StringAttr>("call_target_name");
  std::optional<JaxLinalgTarget> target = name ? jax_linalg_target(name->value) : std::nullopt;
  if (!target) return std::optional<JaxLinalgCall>();
  JaxLinalgCall call{*target};
  if (op.num_operands() < 1) return verify_error(op, "needs an operand");
  switch (target->kind) {
    case JaxLinalgKind::kPotrf: KILN_CHECK_OK(read_uplo(op, call)); break;
    case JaxLinalgKind::kSyevd: KILN_CHECK_OK(read_syevd(op, call)); break;
    case JaxLinalgKind::kTrsm: KILN_CHECK_OK(read_trsm(op, call)); break;
    default: break;
  }
  KILN_CHECK_OK(check_batch_dims(op, target->kind == JaxLinalgKind::kLuPivotsToPermutation ? 1 : 2));
  return std::optional<JaxLinalgCall>(call);
}

Status verify_jax_linalg_call(const Operation& op, const JaxLinalgCall& call) {
  switch (call.target.kind) {
    case JaxLinalgKind::kPotrf:
      if (op.num_operands() != 1) return verify_error(op, "must have 1 operand");
      return verify_potrf(op, call);
    case JaxLinalgKind::kTrsm: return verify_trsm(op, call);
    case JaxLinalgKind::kGetrf:
      if (op.num_operands() != 1) return verify_error(op, "must have 1 operand");
      return verify_getrf(op, call);
    case JaxLinalgKind::kLuPivotsToPermutation:
      if (op.num_operands() != 1) return verify_error(op, "must have 1 operand");
      return verify_pivots_to_permutation(op);
    case JaxLinalgKind::kGeqrf:
      if (op.num_operands() != 1) return verify_error(op, "must have 1 operand");
      return verify_geqrf(op, call);
    case JaxLinalgKind::kOrgqr: return verify_orgqr(op, call);
    case JaxLinalgKind::kSyevd:
      if (op.num_operands() != 1) return verify_error(op, "must have 1 operand");
      return verify_syevd(op, call);
  }
  return ok_status();
}

Status check_jax_linalg_layouts(const Operation& op, const JaxLinalgCall& call) {
  const bool pivots = call.target.kind == JaxLinalgKind::kLuPivotsToPermutation;
  const auto* operand_layouts = op.attr_as<ArrayAttr>("operand_layouts");
  const auto* result_layouts = op.attr_as<ArrayAttr>("result_layouts");
  for (size_t i = 0; i < op.num_operands(); ++i) {
    // The first operand is a matrix, and trsm's second (b); orgqr's taus are not.
    const bool matrix = !pivots && (i == 0 || call.target.kind == JaxLinalgKind::kTrsm);
    KILN_CHECK_OK(check_linalg_layout(op, operand_layouts, i, op.operand(i)->type(), matrix,
                               "operand #" + std::to_string(i)));
  }
  for (size_t i = 0; i < op.num_results(); ++i) {
    // The first result is the matrix (factor, solution, lu, q, eigenvectors); info, pivots,
    // taus and eigenvalues follow.
    KILN_CHECK_OK(check_linalg_layout(op, result_layouts, i, op.result(i)->type(), !pivots && i == 0,
                               "result #" + std::to_string(i)));
  }
  return ok_status();
}

}  // namespace kiln::ir
