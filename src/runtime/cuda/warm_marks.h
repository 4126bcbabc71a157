// Warm marks: empty files in the kernel cache's warm/ folder naming compiles (by a key such as
// backend::compile_key()) whose every kernel the cache now holds, so that the next compile of
// the same key knows before lowering that it will miss nothing and starts no NVRTC workers.
// A mark is a hint, never trusted for correctness: a module the cache has lost since still
// compiles, only without the pool's head start.
#pragma once

#include <string_view>

namespace kiln::cuda {

// Whether `key` is marked (false without a cache folder, for an empty key or a key that is not
// a plain file name).
bool is_marked_warm(std::string_view key);

// Marks `key` (creating the folder); silently nothing where the cache cannot be written.
void mark_warm(std::string_view key);

}  // namespace kiln::cuda
