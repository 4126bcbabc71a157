// Helpers for the interpreter's tests of JAX's linear-algebra custom calls: the text of a
// one-call program with JAX's layouts, random matrices of the four LAPACK types, and the
// results of a run.
#pragma once

#include <gtest/gtest.h>

#include <complex>
#include <random>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/scalar_types.h"
#include "ir/verifier.h"

namespace kiln::testing::jax_linalg {

// The MLIR spelling and LAPACK letter of each type the targets take.
template <class T>
struct LapackType;
template <>
struct LapackType<float> {
  static constexpr const char* kName = "f32";
  static constexpr char kLetter = 's';
  static constexpr ir::ElementKind kKind = ir::ElementKind::kF32;
  static constexpr double kTolerance = 2e-4;
};
template <>
struct LapackType<double> {
  static constexpr const char* kName = "f64";
  static constexpr char kLetter = 'd';
  static constexpr ir::ElementKind kKind = ir::ElementKind::kF64;
  static constexpr double kTolerance = 1e-11;
};
template <>
struct LapackType<std::complex<float>> {
  static constexpr const char* kName = "complex<f32>";
  static constexpr char kLetter = 'c';
  static constexpr ir::ElementKind kKind = ir::ElementKind::kComplexF32;
  static constexpr double kTolerance = 2e-4;
};
template <>
struct LapackType<std::complex<double>> {
  static constexpr const char* kName = "complex<f64>";
  static constexpr char kLetter = 'z';
  static constexpr ir::ElementKind kKind = ir::ElementKind::kComplexF64;
  static constexpr double kTolerance = 1e-11;
};

using LapackTypes =
    ::testing::Types<float, double, std::complex<float>, std::complex<double>>;

// `tensor<2x3xf32>`; `tensor<f32>` for rank 0.
inline std::string tensor_type(const std::vector<int64_t>& shape, const std::string& element) {
  std::string s = "tensor<";
  for (int64_t d : shape) s += std::to_string(d) + "x";
  return s + element + ">";
}

// JAX's layout of a batch of column-major matrices ([r-2, r-1, r-3, ..., 0]) or of a row-major
// tensor ([r-1, ..., 0]) as an attribute.
inline std::string layout(int64_t rank, bool matrix) {
  std::vector<int64_t> dims;
  if (matrix) dims = {rank - 2, rank - 1};
  for (int64_t d = rank - (matrix ? 3 : 1); d >= 0; --d) dims.push_back(d);
  if (dims.empty()) return "dense<> : tensor<0xindex>";
  std::string s = "dense<[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]> : tensor<" + std::to_string(rank) + "xindex>";
}

struct Typed {
  std::vector<int64_t> shape;
  std::string element;
  bool matrix = true;  // JAX gives it the column-major matrix layout
  std::string type() const { return tensor_type(shape, element); }
};

// @main(operands...) -> results of one `stablehlo.custom_call @target` with `config` as its
// mhlo.backend_config and JAX's layouts (or `operand_layouts` / `result_layouts` as given).
inline std::string program(const std::string& target, const std::vector<Typed>& operands,
                           const std::vector<Typed>& results, const std::string& config,
                           std::string operand_layouts = "", std::string result_layouts = "") {
  std::string args, names, in_types, out_types, returns;
  for (size_t i = 0; i < operands.size(); ++i) {
    args += (i ? ", %a" : "%a") + std::to_string(i) + ": " + operands[i].type();
    names += (i ? ", %a" : "%a") + std::to_string(i);
    in_types += (i ? ", " : "") + operands[i].type();
  }
  if (operand_layouts.empty()) {
    for (size_t i = 0; i < operands.size(); ++i)
      operand_layouts += (i ? ", " : "") +
                         layout(static_cast<int64_t>(operands[i].shape.size()), operands[i].matrix);
  }
  if (result_layouts.empty()) {
    for (size_t i = 0; i < results.size(); ++i)
      result_layouts += (i ? ", " : "") +
                        layout(static_cast<int64_t>(results[i].shape.size()), results[i].matrix);
  }
  for (size_t i = 0; i < results.size(); ++i) {
    out_types += (i ? ", " : "") + results[i].type();
    returns += (i ? ", %r#" : "%r#") + std::to_string(i);
  }
  const std::string count = results.size() > 1 ? ":" + std::to_string(results.size()) : "";
  if (results.size() == 1) returns = "%r";
  return "func.func @main(" + args + ") -> (" + out_types + ") {\n  %r" + count +
         " = stablehlo.custom_call @" + target + "(" + names + ") {mhlo.backend_config = {" +
         config + "}, operand_layouts = [" + operand_layouts + "], result_layouts = [" +
         result_layouts + "]} : (" + in_types + ") -> (" + out_types + ")\n  func.return " +
         returns + " : " + out_types + "\n}\n";
}

// `lapack_spotrf_ffi` for T = float and routine "potrf_ffi".
template <class T>
std::string lapack_target(const std::string& routine) {
  return std::string("lapack_") + LapackType<T>::kLetter + routine;
}

// `r` failed with a message containing `part`.
inline void expect_error(const Expected<std::vector<interp::Tensor>>& r, const std::string& part) {
  ASSERT_FALSE(r.ok()) << "ran";
  EXPECT_NE(r.error().message().find(part), std::string::npos) << r.error().message();
}

// Runs @main of `text` on `args`: the results, or the error of parsing, verifying or running.
inline Expected<std::vector<interp::Tensor>> run(const std::string& text,
                                                 std::vector<interp::RuntimeValue> args) {
  KILN_TRY(auto module, frontend::parse_module_text(text, "test.mlir"));
  KILN_CHECK_OK(ir::verify(*module));
  interp::Interpreter in(*module);
  KILN_TRY(std::vector<interp::RuntimeValue> out, in.run("main", std::move(args)));
  std::vector<interp::Tensor> tensors;
  for (auto& v : out) tensors.push_back(v.tensor());
  return tensors;
}

// A tensor of `shape` with elements (both parts for complex) uniform in [-1, 1).
template <class T>
interp::Tensor random_tensor(const std::vector<int64_t>& shape, uint32_t seed) {
  interp::Tensor t = *interp::Tensor::allocate(ir::Type::tensor(shape, LapackType<T>::kKind));
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    if constexpr (interp::kIsComplex<T>)
      t.data<T>()[i] = T(static_cast<typename T::value_type>(u(gen)),
                         static_cast<typename T::value_type>(u(gen)));
    else
      t.data<T>()[i] = static_cast<T>(u(gen));
  }
  return t;
}

// The element of a T as complex<double>.
template <class T>
std::complex<double> wide(T v) {
  if constexpr (interp::kIsComplex<T>)
    return {static_cast<double>(v.real()), static_cast<double>(v.imag())};
  else
    return {static_cast<double>(v), 0.0};
}

}  // namespace kiln::testing::jax_linalg
