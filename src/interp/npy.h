// Reading and writing NumPy .npy files as tensors, including the void-typed arrays that
// ml_dtypes writes for bfloat16, the float8/float6/float4 formats and int4/int2 (`<V2`,
// `|V1`): those take the element type the program declares.
#pragma once

#include <string>

#include "interp/tensor.h"
#include "support/error.h"

namespace kiln::interp {

// The most header bytes read_npy accepts before the data (numpy writes under 4 KiB).
inline constexpr uint64_t kMaxNpyHeaderBytes = uint64_t{1} << 20;

// Reads `path` as a tensor of `expected` (the entry argument's type; a dynamic dimension takes
// the file's size, up to its bound). Errors name the file
// and say what it holds against what was expected. Sub-byte integers (one byte per element,
// as ml_dtypes writes them) are read from each byte's low bits, sign-extended if signed. A file longer than
// a header of kMaxNpyHeaderBytes and the expected data is an "input too large" error, found
// without reading more than that (so /dev/zero fails fast).
Expected<Tensor> read_npy(const std::string& path, const ir::Type& expected);
// Parses .npy bytes; `name` is used in errors.
Expected<Tensor> parse_npy(const std::string& bytes, const ir::Type& expected,
                           const std::string& name);
// Writes a tensor; element types numpy lacks are written as ml_dtypes does (`<V2`, `|V1`;
// sub-byte integers one per byte, the bits above their width clear).
Status write_npy(const std::string& path, const Tensor& tensor);
std::string npy_bytes(const Tensor& tensor);
// The numpy dtype string for an element type (`<f4`, `|b1`, `<V2` ...).
std::string npy_descr(const ir::ElementType& type);

}  // namespace kiln::interp
