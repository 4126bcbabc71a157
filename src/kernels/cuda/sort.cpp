// The radix-sort kernels (sort.cu): sort (float keys) and sort_pairs (float keys with i32
// values, stable), ascending in IEEE totalOrder, along a vector [N].
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// Must match sort.cu.
constexpr int64_t kBlock = 256;
constexpr int64_t kDescWord = 32 + 4 * 256;  // the first descriptor's word in the state

// stablehlo.sort with a TOTALORDER less-than: -NaN < -inf < ... < -0 < +0 < ... < +NaN, the
// order the radix sort's bit transform gives; stable, so equal keys keep their input order.
constexpr const char* kSortDefinition = R"(func.func @main(%k: {in0}) -> {out0} {
  %0 = "stablehlo.sort"(%k) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<{T}>, %b: tensor<{T}>):
    %1 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<{T}>, tensor<{T}>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : ({in0}) -> {out0}
  return %0 : {out0}
}
)";

constexpr const char* kSortPairsDefinition =
    R"(func.func @main(%k: {in0}, %v: {in1}) -> ({out0}, {out1}) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<{T}>, %b: tensor<{T}>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<{T}>, tensor<{T}>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : ({in0}, {in1}) -> ({out0}, {out1})
  return %0#0, %0#1 : {out0}, {out1}
}
)";

Expected<Problem> sort_problem(const Shape& shape, ElementType t, bool pairs) {
  if (shape.size() != 1) {
    return Error::invalid_argument(
        fmt::format("kernels: sort takes a rank-1 shape, not {}", shape_string(shape)));
  }
  Problem p{shape, t, {{t, shape}}, {{t, shape}}};
  if (pairs) {
    p.inputs.push_back({ElementKind::kSI32, shape, -1e9, 1e9});
    p.outputs.push_back({ElementKind::kSI32, shape});
  }
  return p;
}

// Launch `function` of sort.cu with the plan's common defines.
// The knobs every launch of a sort plan is specialised on.
struct SortKnobs {
  int64_t items = 0, min_blocks = 0, rank = 0;
  bool pairs = false;
};

Expected<Launch> sort_launch(const Problem& p, const SortKnobs& k, const char* function,
                             unsigned grid, std::vector<Arg> args) {
  KILN_TRY(Launch l, library_launch("sort", function));
  l.defines = {dtype_define(p.dtype), define("ITEMS", k.items), define("PAIRS", k.pairs ? 1 : 0),
               define("SORT_MIN_BLOCKS", k.min_blocks), define("SORT_RANK", k.rank)};
  l.grid = {grid, 1, 1};
  l.block = {static_cast<unsigned>(kBlock), 1, 1};
  l.args = std::move(args);
  return l;
}

// Scratch: 0 the state (counters, digit offsets, descriptors), 1 the keys' and 2 the values'
// ping-pong buffer. Passes alternate between the output and buffer 1 so that the last one
// lands in the output: in -> tmp -> out (2 passes), in -> tmp -> out -> tmp -> out (4).
Expected<Plan> sort_plan(const Problem& p, const Config& c, bool pairs) {
  const int64_t n = p.inputs[0].num_elements();
  if (n >= (int64_t{1} << 30)) {
    return Error::invalid_argument(
        fmt::format("kernels: sort takes fewer than 2^30 keys, not {}", n));
  }
  const int64_t key_bytes = static_cast<int64_t>(element_bytes(p.dtype));
  SortKnobs k;
  k.pairs = pairs;
  KILN_TRY(k.items, c.get("items"));
  KILN_TRY(k.min_blocks, c.get("min_blocks"));
  KILN_TRY(k.rank, c.get("rank"));
  const int64_t items = k.items;
  const int64_t passes = key_bytes;  // 8-bit digits
  const int64_t tiles = ceil_div(n, kBlock * items);
  const int64_t words = kDescWord + tiles * 256;
  KILN_TRY(unsigned grid, grid_dim(tiles));
  const unsigned clear_grid =
      n == 0 ? 0 : static_cast<unsigned>(std::min<int64_t>(ceil_div(words / 4, kBlock), 2048));
  Plan plan;
  plan.scratch_bytes = {static_cast<size_t>(words) * 4, static_cast<size_t>(n * key_bytes)};
  if (pairs) plan.scratch_bytes.push_back(static_cast<size_t>(n) * 4);
  auto add = [&](const char* function, unsigned launch_grid, std::vector<Arg> args) -> Status {
    KILN_TRY(Launch l, sort_launch(p, k, function, launch_grid, std::move(args)));
    plan.launches.push_back(std::move(l));
    return ok_status();
  };
  // (Parenthesised: the braces' commas would split the macro's argument.)
  KILN_CHECK_OK((add("sort_clear", clear_grid, {Arg::scratch(0), Arg::i64(0), Arg::i64(words)})));
  const unsigned hist_grid =
      n == 0 ? 0 : static_cast<unsigned>(std::min<int64_t>(ceil_div(n, kBlock * 32), 2048));
  KILN_CHECK_OK((add("sort_histogram", hist_grid, {Arg::input(0), Arg::scratch(0), Arg::i64(n)})));
  KILN_CHECK_OK((add("sort_bins", n == 0 ? 0 : 1, {Arg::scratch(0)})));
  Arg keys = Arg::input(0), vals = pairs ? Arg::input(1) : Arg::input(0);
  for (int64_t pass = 0; pass < passes; ++pass) {
    bool to_out = (passes - 1 - pass) % 2 == 0;
    Arg keys_dst = to_out ? Arg::output(0) : Arg::scratch(1);
    Arg vals_dst = !pairs ? keys_dst : (to_out ? Arg::output(1) : Arg::scratch(2));
    if (pass > 0) {
      KILN_CHECK_OK(
          (add("sort_clear", clear_grid, {Arg::scratch(0), Arg::i64(kDescWord), Arg::i64(words)})));
    }
    KILN_CHECK_OK(
        (add("sort_pass", grid,
             {keys, keys_dst, vals, vals_dst, Arg::scratch(0), Arg::i64(n), Arg::i32(pass)})));
    keys = keys_dst;
    vals = vals_dst;
  }
  return plan;
}

// The comparator `compare LT, %a, %b, TOTALORDER` of the keys (the region's first two
// arguments), returned as is.
bool ascending_total_order(const ir::Operation& sort) {
  if (sort.num_regions() != 1 || sort.region(0).empty()) return false;
  const ir::Block& body = sort.region(0).front();
  if (body.operations().size() != 2 || body.num_arguments() < 2) return false;
  const ir::Operation& cmp = *body.operations().front();
  const ir::Operation& ret = *body.operations().back();
  const auto* dir = cmp.attr_as<ir::EnumAttr>("comparison_direction");
  const auto* type = cmp.attr_as<ir::EnumAttr>("compare_type");
  return cmp.name() == "stablehlo.compare" && cmp.num_operands() == 2 &&
         cmp.operand(0) == body.argument(0) && cmp.operand(1) == body.argument(1) && dir &&
         dir->value == ir::enum_value_from_name(ir::EnumKind::kComparisonDirection, "LT") && type &&
         type->value == ir::enum_value_from_name(ir::EnumKind::kComparisonType, "TOTALORDER") &&
         ret.num_operands() == 1 && ret.operand(0) == cmp.result(0);
}

// stablehlo.sort of a vector of keys (and i32 values) ascending in total order; the radix
// sort is stable, so is_stable does not matter.
std::optional<Problem> sort_match(bool pairs, const KernelSpec& spec, const ir::Operation& o) {
  if (o.num_operands() != (pairs ? 2u : 1u) || !ascending_total_order(o)) return std::nullopt;
  const ir::Type& keys = o.operand(0)->type();
  const auto* dim = o.attr_as<ir::IntegerAttr>("dimension");
  if (keys.rank() != 1 || (dim && dim->value != 0 && dim->value != -1)) return std::nullopt;
  return fitting_problem(spec, o, keys.shape(), keys.element());
}

KernelSpec sort_spec(const char* name, const char* summary, bool pairs) {
  KernelSpec s;
  s.name = name;
  s.group = "sort";
  s.summary = summary;
  s.impl = "sort_sm90_onesweep";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1 << 24}, {1 << 26}, {1 << 28}};
  s.check_shapes = {{0}, {1}, {2}, {1000}, {1031}, {4097}, {20011}};
  s.stablehlo = pairs ? kSortPairsDefinition : kSortDefinition;
  s.make_problem = [pairs](const Shape& shape, ElementType t) {
    return sort_problem(shape, t, pairs);
  };
  // A permutation of the inputs: exact.
  s.tolerance.f32 = s.tolerance.f16 = s.tolerance.bf16 = {0, 0};
  // The declared defaults; the tuning table sets the measured ones (sm_90.json: the same).
  s.knobs = {{"items", {8, 12, 16}, 16, "keys per thread, 256 threads per block"},
             {"min_blocks",
              {2, 3, 4},
              pairs ? 3 : 4,
              "sort_pass blocks per SM the registers must allow (so a block's look-back "
              "overlaps the others' work)"},
             {"rank",
              {0, 1},
              pairs ? 1 : 0,
              "how a warp finds lanes with its digit: 0 shared-memory bits (match.any where a "
              "digit is skewed), 1 eight ballots"}};
  s.baselines = {"cub", "torch"};
  s.op = "stablehlo.sort";
  s.match = [pairs](const KernelSpec& spec, const ir::Operation& o) {
    return sort_match(pairs, spec, o);
  };
  s.plan = [pairs](const Problem& p, const Config& c, const PlanContext&) {
    return sort_plan(p, c, pairs);
  };
  return s;
}

std::vector<KernelSpec> sort_specs() {
  return {
      sort_spec("sort", "keys [N] sorted ascending in IEEE totalOrder (-0 before +0, NaNs by sign)",
                false),
      sort_spec("sort_pairs",
                "keys [N] and i32 values [N] sorted by key ascending in IEEE totalOrder, stable "
                "(equal keys keep input order); values permuted with their keys",
                true),
  };
}

}  // namespace

KILN_REGISTER_KERNELS(sort_specs);

}  // namespace kiln::kernels
