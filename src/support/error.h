// Error values and Expected<T>: every failure in kiln travels as a value, never as a crash.
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace kiln {

// What kind of failure an Error is, for callers that act on it (the C API and the PJRT plugin
// map kinds to their own codes; the command line to exit statuses).
enum class ErrorKind {
  kInvalidArgument,  // bad input: program text, a program the verifier rejects, an input
                     // array of the wrong type, a command-line value out of range
  kUnimplemented,    // valid input that kiln does not support (yet)
  kOutOfMemory,      // an allocation on the host or a device failed or would be too large
  kNotFound,         // a named thing does not exist: a file, function, kernel, backend
  kUnavailable,      // something needed at run time is missing: a GPU, the CUDA driver,
                     // NVRTC, a vendor library
  kInternal,         // a broken invariant in kiln, or a library call that failed
};

// "invalid argument", "unimplemented", ...: the kind as words.
const char* error_kind_name(ErrorKind kind);

// A failure of some kind with a complete, human-readable message. Messages about user input
// follow MLIR's style ("file:line:col: error: ..."); other messages begin with their component
// ("cuda::nvrtc: ...").
class Error {
 public:
  Error(ErrorKind kind, std::string message) : kind_(kind), message_(std::move(message)) {}
  ErrorKind kind() const { return kind_; }
  const std::string& message() const { return message_; }
  // The same failure with `prefix` before its message ("kernel 'x': " + message).
  Error with_prefix(std::string_view prefix) const {
    return Error(kind_, std::string(prefix) + message_);
  }

  static Error invalid_argument(std::string m) { return {ErrorKind::kInvalidArgument, std::move(m)}; }
  static Error unimplemented(std::string m) { return {ErrorKind::kUnimplemented, std::move(m)}; }
  static Error out_of_memory(std::string m) { return {ErrorKind::kOutOfMemory, std::move(m)}; }
  static Error not_found(std::string m) { return {ErrorKind::kNotFound, std::move(m)}; }
  static Error unavailable(std::string m) { return {ErrorKind::kUnavailable, std::move(m)}; }
  static Error internal(std::string m) { return {ErrorKind::kInternal, std::move(m)}; }

 private:
  ErrorKind kind_;
  std::string message_;
};

// Either a value of type T or an Error. Accessing the wrong alternative is a programming
// error (asserted), so callers check ok() first, usually through KILN_TRY.
template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Expected(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { assert(!ok()); return std::get<1>(v_); }
  Error take_error() { assert(!ok()); return std::get<1>(std::move(v_)); }

 private:
  std::variant<T, Error> v_;
};

// The result of an operation that produces no value.
struct Ok {};
using Status = Expected<Ok>;
inline Status ok_status() { return Ok{}; }

}  // namespace kiln

#define KILN_CONCAT_INNER(a, b) a##b
#define KILN_CONCAT(a, b) KILN_CONCAT_INNER(a, b)

// Evaluates `expr` (an Expected or Status); on error returns the error from the enclosing
// function, otherwise binds the value to `decl` (e.g. `KILN_TRY(auto x, parse())`).
#define KILN_TRY(decl, expr) KILN_TRY_IMPL(KILN_CONCAT(kiln_try_, __LINE__), decl, expr)
#define KILN_TRY_IMPL(tmp, decl, expr)          \
  auto tmp = (expr);                            \
  if (!tmp.ok()) return tmp.take_error();       \
  decl = std::move(tmp).value()

// Evaluates a Status; on error returns it from the enclosing function.
#define KILN_CHECK_OK(expr)                                          \
  do {                                                               \
    auto kiln_status_ = (expr);                                      \
    if (!kiln_status_.ok()) return kiln_status_.take_error();        \
  } while (0)
