// Reading whole files (or standard input) into memory, bounded in size.
#pragma once

#include <cstdint>
#include <string>

#include "support/error.h"

namespace kiln {

// The largest program text kiln reads: 1 GiB (documented in tools/kiln/README.md).
inline constexpr uint64_t kMaxProgramBytes = uint64_t{1} << 30;

// The bytes of `path` ("-": standard input). Errors, each beginning with "kiln: " and the path:
// not found or unreadable (not_found / invalid_argument), a directory ("is a directory"), or
// more than `max_bytes` bytes ("input too large", invalid_argument) — found from the file's
// size where it has one, else after reading at most max_bytes + 1 bytes, so that /dev/zero or
// a pipe that never ends costs no more memory than the limit.
Expected<std::string> read_file_bounded(const std::string& path, uint64_t max_bytes);

// "1 GiB", "64 MiB", "512 bytes": a byte count in words for messages.
std::string format_bytes(uint64_t bytes);

}  // namespace kiln
