// A library kernel's spec: what it computes (its StableHLO definition), the problems it is
// measured and checked on, its roofline formulas, tolerances, knobs and baselines, and how to
// launch it for one problem (a Plan). One spec per kernel; the registry holds them all, and
// the bench, the tests and (later) the compiler and the tuner read them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/operation.h"
#include "kernels/cuda/element_types.h"
#include "kernels/cuda/knobs.h"
#include "kernels/cuda/tuning.h"
#include "oracle/tolerance.h"
#include "runtime/cuda/device.h"
#include "runtime/cuda/launcher.h"
#include "support/error.h"

namespace kiln::kernels {

using Shape = std::vector<int64_t>;

int64_t num_elements(const Shape& shape);
// "4x1024", or "scalar" for rank 0.
std::string shape_string(const Shape& shape);

// One input or output tensor of a problem. Random inputs are drawn uniformly from [lo, hi)
// (floats never exactly zero; integers rounded), so that a spec can keep log's or sqrt's
// inputs positive and erfinv's inside (-1, 1).
struct TensorSpec {
  ElementType dtype = ElementKind::kF32;
  Shape shape;
  double lo = -1.0, hi = 1.0;
  int64_t num_elements() const { return kernels::num_elements(shape); }
  size_t bytes() const { return static_cast<size_t>(num_elements()) * element_bytes(dtype); }
};

// One concrete problem: the shape and dtype asked for (`kiln bench --shape 4096x4096 --dtype
// bf16`), and the tensors they imply.
struct Problem {
  Shape shape;
  ElementType dtype = ElementKind::kF32;
  std::vector<TensorSpec> inputs, outputs;
  // A norm's epsilon: make_problem gives the spec's default, a composite's match its config's;
  // the plan passes it to the kernel and the definition reads it as {EPS}.
  std::optional<double> epsilon;
  // An attention's scale of the scores: make_problem gives the spec's default, a composite's
  // match its config's; the plan passes it to the kernel and the definition reads {SCALE}.
  std::optional<double> scale;
};

using cuda::Arg;
using cuda::Launch;
using cuda::Plan;

// What a plan may read beside the problem and the knobs: the device it is for and the tuning
// table's values for this kernel, architecture and problem (tuning.h).
struct PlanContext {
  cuda::DeviceProperties device = cuda::DeviceProperties::h100_sxm();
  TunedValues tuned;
};

// A kernel's tolerance for each floating dtype it is checked in (the oracle's compare applies it).
using Tolerance = oracle::Tolerance;
struct Tolerances {
  Tolerance f32{1e-5, 1e-5}, f16{2e-3, 2e-3}, bf16{1.6e-2, 1.6e-2};
  const Tolerance& for_dtype(ElementType t) const;
};

struct KernelSpec {
  std::string name;     // what users type: "exp", "softmax", "rms_norm_residual"
  std::string group;    // "elementwise", "reduction", "norm", ...
  std::string summary;  // one line for `kiln bench --list`
  std::string impl;     // the implementation, <op>_<arch>_<strategy>: "unary_sm90_vec"
  std::vector<ElementType> dtypes;
  std::vector<Shape> bench_shapes, check_shapes;
  // Its meaning, as a StableHLO function @main taking the inputs and returning the outputs,
  // with placeholders filled per problem (render_stablehlo): {T} the dtype's element type,
  // {in0} {out0} ... the tensor types, {in0:f32} the same shape in f32, {D0} {D1} ... the
  // problem's dimensions, {R} its rank, {rank_in0} an input's rank, {dims_in0} every
  // dimension of an input ("0, 1" for broadcast_in_dim), {shape_in1} an input's dimensions
  // ("4096x512", for a type of higher rank: tensor<{shape_in1}x8xui32>), {iota3} "0, 1, 2",
  // {EPS} the problem's epsilon and {SCALE} its scale as f32s, {D1/D2} the quotient of two
  // dimensions.
  // Braces that are not placeholders stay. Definitions compute in f32 where the kernel does.
  std::string stablehlo;
  // The problem a shape and dtype imply, or an error saying why the shape does not fit.
  std::function<Expected<Problem>(const Shape&, ElementType)> make_problem;
  // Floating-point operations, and the fewest bytes moved (each input read and each output
  // written once; the default when unset).
  std::function<double(const Problem&)> flops, bytes;
  Tolerances tolerance;
  std::vector<Knob> knobs;
  // Baselines by library: "cub", "cublas", "cudnn" (vendor) and "torch".
  std::vector<std::string> baselines;
  // How to launch it for one problem with a complete config (every knob set), on the device
  // and with the tuned values `context` gives.
  std::function<Expected<Plan>(const Problem&, const Config&, const PlanContext&)> plan;
  // The StableHLO op ("stablehlo.exponential") or kiln.* pattern ("kiln.softmax") this kernel
  // computes, and `match`: the problem an op of that name computes on this kernel (given) (its
  // operand and result types, attributes and regions checked), or nullopt when this kernel
  // does not compute that instance. A problem's tensors may be a row-major reshape of the op's
  // operands and results (the same bytes). Both empty for kernels the compiler cannot call.
  std::string op;
  std::function<std::optional<Problem>(const KernelSpec&, const ir::Operation&)> match;
};

// The bytes of every input of the problem.
int64_t input_bytes(const Problem& p);
// The fewest bytes: every input read once, every output written once.
double default_bytes(const Problem& p);
// The spec's bytes (or default_bytes) and flops (or 0).
double problem_bytes(const KernelSpec& spec, const Problem& p);
double problem_flops(const KernelSpec& spec, const Problem& p);

// The config with every knob the spec has: given values checked against the allowed ones,
// the rest at their declared defaults for `dtype`. Errors name the kernel and the knob.
// (plan.h's complete_config also takes the tuning table's defaults.)
Expected<Config> complete_config(const KernelSpec& spec, const Config& given,
                                 const ElementType& dtype);

// The StableHLO definition with its placeholders filled for this problem.
Expected<std::string> render_stablehlo(const KernelSpec& spec, const Problem& p);

// Parses "4096x4096" (or "scalar"/"" for rank 0) into a shape.
Expected<Shape> parse_shape(std::string_view text);

}  // namespace kiln::kernels
