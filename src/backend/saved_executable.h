// A compiled executable saved to a file: the backend-neutral envelope (magic, format version,
// the kiln that wrote it, the program it was compiled from, a checksum) around a backend's own
// payload, and the bounded byte reader and writer that backends serialise their payload with.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "support/error.h"

namespace kiln::backend {

// The first bytes of every saved executable (`kiln run` tells one from program text by them).
inline constexpr std::string_view kSavedExecutableMagic{"\x7fKILNEXE", 8};
// The envelope's and every payload's layout; a file of another version is refused on load.
inline constexpr uint32_t kSavedExecutableFormat = 4;

// This kiln's version ("0.1.0"): a file saved by another kiln is refused on load.
std::string kiln_version();

// What the envelope holds besides the payload.
struct SavedExecutable {
  std::string backend;       // the registered backend that wrote it ("cuda")
  std::string kiln_version;  // of the kiln that wrote it
  std::string entry;         // the entry function's name (no '@')
  // The module the executable was compiled from (after the optimizer), as kiln prints it:
  // loading parses it again (so `kiln run --validate` has a program to compare with).
  std::string program_text;
  std::string payload;  // the backend's bytes (Executable::save writes, Backend::load reads)
  std::string name;     // where it was read from, for messages (the path); not stored
};

// The file's bytes: the envelope around `saved.payload`.
std::string encode_saved_executable(const SavedExecutable& saved);
// Reads `bytes` (from `name`, for messages) back. Errors (invalid_argument), each starting
// "kiln: NAME: ": not a saved executable (wrong magic); truncated (how many bytes of how many);
// another format version or another kiln version (both named; compile the program again);
// corrupted (the checksum differs); bytes past its end. A file that passes is as written.
Expected<SavedExecutable> decode_saved_executable(std::string_view bytes, const std::string& name);

// Whether the file at `path` starts with kSavedExecutableMagic (false when it cannot be read).
bool is_saved_executable_file(const std::string& path);
// A whole file's bytes. Error (not_found): "kiln: cannot open PATH: reason".
Expected<std::string> read_file_bytes(const std::string& path);
// Writes `bytes` to `path`, replacing it. Error (invalid_argument): "kiln: cannot write PATH".
Status write_file_bytes(const std::string& path, std::string_view bytes);

// Appends little-endian fields (the machines kiln runs on are little-endian) to a byte string.
class ByteWriter {
 public:
  template <class T>
    requires std::is_arithmetic_v<T>
  void put(T v) {
    char raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    out_.append(raw, sizeof(T));
  }
  // A length (u64), then the bytes.
  void put_bytes(std::string_view s) {
    put<uint64_t>(s.size());
    out_.append(s);
  }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

// Reads what ByteWriter wrote, never past the end: the first failure (a read past the end, a
// value out of range) is kept with its offset and every later read gives a zero value, so a
// decoder reads on and checks status() once; counts are checked against the bytes left before
// anything is allocated. Error (invalid_argument): "WHAT: truncated at byte N" or
// "WHAT: byte N: MESSAGE". Not thread-safe.
class ByteReader {
 public:
  ByteReader(std::string_view bytes, std::string what) : in_(bytes), what_(std::move(what)) {}

  template <class T>
    requires std::is_arithmetic_v<T>
  T get() {
    T v{};
    if (!take(sizeof(T))) return v;
    std::memcpy(&v, in_.data() + at_ - sizeof(T), sizeof(T));
    return v;
  }
  bool get_bool() { return check_max(get<uint8_t>(), 1, "a flag") != 0; }
  // A u8 that must be at most `max` (an enum's last value), else a failure naming `what`.
  template <class E>
  E get_enum(E max, const char* what) {
    return static_cast<E>(check_max(get<uint8_t>(), static_cast<uint8_t>(max), what));
  }
  // What put_bytes wrote.
  std::string get_bytes();
  // A count of items each taking at least `min_item_bytes`: 0 (and a failure) when the bytes
  // left cannot hold that many.
  uint64_t get_count(size_t min_item_bytes);
  // Records `message` at the current offset unless a failure came first.
  void fail(const std::string& message);
  bool failed() const { return failed_; }
  size_t offset() const { return at_; }
  size_t left() const { return in_.size() - at_; }
  // ok, or the first failure; with `whole`, bytes left over are a failure too.
  Status status(bool whole = true) const;

 private:
  bool take(size_t n);
  uint8_t check_max(uint8_t v, uint8_t max, const char* what);
  std::string_view in_;
  std::string what_;
  size_t at_ = 0;
  bool failed_ = false;
  std::string error_;
};

}  // namespace kiln::backend
