// A library kernel's spec: what it computes (its StableHLO definition), the problems it is
// measured and checked on, its roofline formulas, tolerances, knobs and baselines, and how to
// launch it for one problem (a Plan). One spec per kernel; the registry holds them all, and
// the bench, the tests and (later) the compiler and the tuner read them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernels/cuda/dtype.h"
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
  DType dtype = DType::kF32;
  Shape shape;
  double lo = -1.0, hi = 1.0;
  int64_t num_elements() const { return kernels::num_elements(shape); }
  size_t bytes() const { return static_cast<size_t>(num_elements()) * dtype_bytes(dtype); }
};

// One concrete problem: the shape and dtype asked for (`kiln bench --shape 4096x4096 --dtype
// bf16`), and the tensors they imply.
struct Problem {
  Shape shape;
  DType dtype = DType::kF32;
  std::vector<TensorSpec> inputs, outputs;
};

// A tunable parameter and its allowed values.
struct Knob {
  std::string name;
  std::vector<int64_t> values;
  int64_t default_value = 0;
  std::string help;
};
using Config = std::map<std::string, int64_t>;  // knob name -> value

// One kernel argument, in the order of the __global__ function's parameters.
struct Arg {
  enum class Kind { kInput, kOutput, kScratch, kI64, kI32, kF32 };
  Kind kind = Kind::kI64;
  int64_t i = 0;  // the tensor's index, or the integer's value
  double f = 0;   // the float's value
  static Arg input(int64_t k) { return {Kind::kInput, k, 0}; }
  static Arg output(int64_t k) { return {Kind::kOutput, k, 0}; }
  static Arg scratch(int64_t k) { return {Kind::kScratch, k, 0}; }
  static Arg i64(int64_t v) { return {Kind::kI64, v, 0}; }
  static Arg i32(int64_t v) { return {Kind::kI32, v, 0}; }
  static Arg f32(double v) { return {Kind::kF32, 0, v}; }
};

// One launch of an extern "C" __global__ function from an embedded source file. A launch
// whose grid has a zero dimension is skipped (empty problems).
struct Launch {
  std::string source;                // the source's stem: "elementwise_unary" (.cu)
  std::string function;              // the extern "C" __global__ function
  std::vector<std::string> defines;  // NVRTC options that specialise it: "-DOP=exp", ...
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  unsigned shared_bytes = 0;  // dynamic shared memory
  std::vector<Arg> args;
};

// Everything needed to run a kernel on one problem: scratch buffers (device memory the
// launcher allocates once) and the launches, in stream order.
struct Plan {
  std::vector<size_t> scratch_bytes;
  std::vector<Launch> launches;
};

struct Tolerance {
  double atol = 0, rtol = 0;
};
// Element-wise |out - ref| <= atol + rtol * |ref|; NaN never passes.
struct Tolerances {
  Tolerance f32{1e-5, 1e-5}, f16{2e-3, 2e-3}, bf16{1.6e-2, 1.6e-2};
  const Tolerance& for_dtype(DType t) const;
};

struct KernelSpec {
  std::string name;     // what users type: "exp", "softmax", "rms_norm_residual"
  std::string group;    // "elementwise", "reduction", "norm", ...
  std::string summary;  // one line for `kiln bench --list`
  std::string impl;     // the implementation, <op>_<arch>_<strategy>: "unary_sm90_vec"
  std::vector<DType> dtypes;
  std::vector<Shape> bench_shapes, check_shapes;
  // Its meaning, as a StableHLO function @main taking the inputs and returning the outputs,
  // with placeholders filled per problem (render_stablehlo): {T} the dtype's element type,
  // {in0} {out0} ... the tensor types, {in0:f32} the same shape in f32, {D0} {D1} ... the
  // problem's dimensions, {R} its rank, {rank_in0} an input's rank, {dims_in0} every
  // dimension of an input ("0, 1" for broadcast_in_dim), {iota3} "0, 1, 2".
  // Braces that are not placeholders stay. Definitions compute in f32 where the kernel does.
  std::string stablehlo;
  // The problem a shape and dtype imply, or an error saying why the shape does not fit.
  std::function<Expected<Problem>(const Shape&, DType)> make_problem;
  // Floating-point operations, and the fewest bytes moved (each input read and each output
  // written once; the default when unset).
  std::function<double(const Problem&)> flops, bytes;
  Tolerances tolerance;
  std::vector<Knob> knobs;
  // Baselines by library: "cub", "cublas", "cudnn" (vendor) and "torch".
  std::vector<std::string> baselines;
  std::function<Expected<Plan>(const Problem&, const Config&)> plan;
};

// The fewest bytes: every input read once, every output written once.
double default_bytes(const Problem& p);
// The spec's bytes (or default_bytes) and flops (or 0).
double problem_bytes(const KernelSpec& spec, const Problem& p);
double problem_flops(const KernelSpec& spec, const Problem& p);

// The config with every knob the spec has: given values checked against the allowed ones,
// the rest at their defaults. Errors name the kernel and the knob.
Expected<Config> complete_config(const KernelSpec& spec, const Config& given);

// The StableHLO definition with its placeholders filled for this problem.
Expected<std::string> render_stablehlo(const KernelSpec& spec, const Problem& p);

// Parses "4096x4096" (or "scalar"/"" for rank 0) into a shape.
Expected<Shape> parse_shape(std::string_view text);

}  // namespace kiln::kernels
