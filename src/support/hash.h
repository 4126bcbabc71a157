// FNV-1a, 64 bits: a stable hash of bytes (the same on every machine and run), for cache keys
// and checksums; not a defence against tampering.
#pragma once

#include <cstdint>
#include <string_view>

namespace kiln {

inline uint64_t fnv1a64(std::string_view bytes, uint64_t h = 0xcbf29ce484222325ull) {
  for (char c : bytes) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace kiln
