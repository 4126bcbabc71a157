// PyTorch eager versions of the element-wise kernels: the 49 unary ops, the binary ops (same
// shape and broadcast), select, swiglu, copy, strided_copy, transpose2d and arange, each
// writing its output through an out= variant where PyTorch has one. PyTorch computes 16-bit
// inputs in f32 and rounds once, as the specs do.
#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

using UnaryFn = void (*)(at::Tensor& y, const at::Tensor& x);
using BinaryFn = void (*)(at::Tensor& y, const at::Tensor& a, const at::Tensor& b);

struct Unary {
  const char* name;
  const char* describe;
  UnaryFn fn;
};

// `torch.<op>(x, out=y)`.
// clang-format off
#define KILN_TORCH_UNARY(op) \
  { #op, "torch." #op, [](at::Tensor& y, const at::Tensor& x) { at::op##_out(y, x); } }
// clang-format on

constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

// clang-format off
const Unary kUnary[] = {
  KILN_TORCH_UNARY(exp), KILN_TORCH_UNARY(exp2), KILN_TORCH_UNARY(expm1),
  KILN_TORCH_UNARY(log), KILN_TORCH_UNARY(log2), KILN_TORCH_UNARY(log10), KILN_TORCH_UNARY(log1p),
  KILN_TORCH_UNARY(sqrt), KILN_TORCH_UNARY(rsqrt),
  // PyTorch has no cbrt; this is the usual spelling.
  {"cbrt", "torch.sign(x) * x.abs().pow(1/3)", [](at::Tensor& y, const at::Tensor& x) {
     at::mul_out(y, at::sign(x), at::pow(at::abs(x), 1.0 / 3.0)); }},
  KILN_TORCH_UNARY(abs), KILN_TORCH_UNARY(neg), KILN_TORCH_UNARY(sign), KILN_TORCH_UNARY(square),
  KILN_TORCH_UNARY(reciprocal),
  KILN_TORCH_UNARY(sin), KILN_TORCH_UNARY(cos), KILN_TORCH_UNARY(tan),
  KILN_TORCH_UNARY(asin), KILN_TORCH_UNARY(acos), KILN_TORCH_UNARY(atan),
  KILN_TORCH_UNARY(sinh), KILN_TORCH_UNARY(cosh), KILN_TORCH_UNARY(tanh),
  KILN_TORCH_UNARY(asinh), KILN_TORCH_UNARY(acosh), KILN_TORCH_UNARY(atanh),
  KILN_TORCH_UNARY(sigmoid),
  {"log_sigmoid", "torch.nn.functional.logsigmoid", [](at::Tensor& y, const at::Tensor& x) {
     at::log_sigmoid_out(y, x); }},
  {"silu", "torch.nn.functional.silu", [](at::Tensor& y, const at::Tensor& x) {
     at::silu_out(y, x); }},
  {"gelu_tanh", "torch.nn.functional.gelu(approximate='tanh')",
   [](at::Tensor& y, const at::Tensor& x) { at::gelu_out(y, x, "tanh"); }},
  {"gelu_erf", "torch.nn.functional.gelu", [](at::Tensor& y, const at::Tensor& x) {
     at::gelu_out(y, x, "none"); }},
  KILN_TORCH_UNARY(relu),
  {"relu6", "torch.nn.functional.relu6 (hardtanh 0, 6)", [](at::Tensor& y, const at::Tensor& x) {
     at::hardtanh_out(y, x, 0.0, 6.0); }},
  {"leaky_relu", "torch.nn.functional.leaky_relu", [](at::Tensor& y, const at::Tensor& x) {
     at::leaky_relu_out(y, x, 0.01); }},
  {"elu", "torch.nn.functional.elu", [](at::Tensor& y, const at::Tensor& x) {
     at::elu_out(y, x); }},
  // torch.selu is elu with SELU's constants, which has the out= variant.
  {"selu", "torch.selu (elu with SELU's alpha and scale)", [](at::Tensor& y, const at::Tensor& x) {
     at::elu_out(y, x, kSeluAlpha, kSeluScale); }},
  {"softplus", "torch.nn.functional.softplus", [](at::Tensor& y, const at::Tensor& x) {
     at::softplus_out(y, x); }},
  {"mish", "torch.nn.functional.mish", [](at::Tensor& y, const at::Tensor& x) {
     at::mish_out(y, x); }},
  {"hardsigmoid", "torch.nn.functional.hardsigmoid", [](at::Tensor& y, const at::Tensor& x) {
     at::hardsigmoid_out(y, x); }},
  {"hardswish", "torch.nn.functional.hardswish", [](at::Tensor& y, const at::Tensor& x) {
     at::hardswish_out(y, x); }},
  KILN_TORCH_UNARY(erf), KILN_TORCH_UNARY(erfc), KILN_TORCH_UNARY(erfinv),
  KILN_TORCH_UNARY(floor), KILN_TORCH_UNARY(ceil), KILN_TORCH_UNARY(round),
  KILN_TORCH_UNARY(trunc),
};
// clang-format on

#undef KILN_TORCH_UNARY

struct Binary {
  const char* name;
  const char* describe;
  BinaryFn fn;
};

// `torch.<op>(a, b, out=y)`; broadcasting is PyTorch's own.
// clang-format off
#define KILN_TORCH_BINARY(name, op) \
  { name, "torch." #op, \
    [](at::Tensor& y, const at::Tensor& a, const at::Tensor& b) { at::op##_out(y, a, b); } }
// clang-format on

const Binary kBinary[] = {
    KILN_TORCH_BINARY("add", add),
    KILN_TORCH_BINARY("sub", sub),
    KILN_TORCH_BINARY("mul", mul),
    KILN_TORCH_BINARY("div", div),
    KILN_TORCH_BINARY("maximum", maximum),
    KILN_TORCH_BINARY("minimum", minimum),
    KILN_TORCH_BINARY("pow", pow),
    KILN_TORCH_BINARY("atan2", atan2),
    // The spec's remainder is stablehlo.remainder, C's fmod (the sign of a); torch.remainder
    // is Python's %, the sign of b.
    KILN_TORCH_BINARY("remainder", fmod),
    KILN_TORCH_BINARY("logaddexp", logaddexp),
};

#undef KILN_TORCH_BINARY

TorchKernel unary(const Unary& u) {
  UnaryFn fn = u.fn;
  return {u.name, 1, 1, u.describe, [fn](TorchArgs& a) { fn(a.out[0], a.in[0]); }};
}

TorchKernel binary(const Binary& b, bool bcast) {
  BinaryFn fn = b.fn;
  std::string name = bcast ? std::string(b.name) + "_bcast" : std::string(b.name);
  return {name, 2, 1, b.describe, [fn](TorchArgs& a) { fn(a.out[0], a.in[0], a.in[1]); }};
}

// Data movement: copy_ is what PyTorch code calls to materialise a view.
std::vector<TorchKernel> movement_kernels() {
  return {
      {"copy", 1, 1, "Tensor.copy_", [](TorchArgs& a) { a.out[0].copy_(a.in[0]); }},
      // x [R, C*S] -> x[:, ::S]: the problem shape is [R, C, S].
      {"strided_copy", 1, 1, "Tensor.copy_(x[:, ::S])",
       [](TorchArgs& a) {
         const at::Tensor& x = a.in[0];
         int64_t stride = a.out[0].size(1) > 0 ? x.size(1) / a.out[0].size(1) : 1;
         a.out[0].copy_(x.slice(1, 0, x.size(1), stride > 0 ? stride : 1));
       }},
      {"transpose2d", 1, 1, "Tensor.copy_(x.t())",
       [](TorchArgs& a) { a.out[0].copy_(a.in[0].t()); }},
      {"arange", 0, 1, "torch.arange",
       [](TorchArgs& a) { at::arange_out(a.out[0], a.out[0].numel()); }},
  };
}

}  // namespace

std::vector<TorchKernel> torch_elementwise_kernels() {
  std::vector<TorchKernel> kernels;
  for (const Unary& u : kUnary) kernels.push_back(unary(u));
  for (const Binary& b : kBinary) {
    kernels.push_back(binary(b, false));
    kernels.push_back(binary(b, true));
  }
  kernels.push_back({"select", 3, 1, "torch.where",
                     [](TorchArgs& a) { at::where_out(a.out[0], a.in[0], a.in[1], a.in[2]); }});
  kernels.push_back({"swiglu", 2, 1, "torch.nn.functional.silu(gate) * up",
                     [](TorchArgs& a) { at::mul_out(a.out[0], at::silu(a.in[0]), a.in[1]); }});
  for (TorchKernel& k : movement_kernels()) kernels.push_back(std::move(k));
  return kernels;
}

}  // namespace kiln::baselines
