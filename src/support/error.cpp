// The names of error kinds.
#include "support/error.h"

namespace kiln {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument: return "invalid argument";
    case ErrorKind::kUnimplemented: return "unimplemented";
    case ErrorKind::kOutOfMemory: return "out of memory";
    case ErrorKind::kNotFound: return "not found";
    case ErrorKind::kUnavailable: return "unavailable";
    case ErrorKind::kInternal: return "internal";
  }
  return "unknown";
}

}  // namespace kiln
