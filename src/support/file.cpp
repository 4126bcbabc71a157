// Bounded whole-file reading: regular files, devices, pipes and standard input.
#include "support/file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace kiln {

namespace {

Error too_large(const std::string& path, uint64_t max_bytes) {
  return Error::invalid_argument("kiln: " + path + ": input too large (more than " +
                                 format_bytes(max_bytes) + ")");
}

// Reads `file` to its end or to max_bytes + 1 bytes, whichever comes first.
Expected<std::string> read_stream(std::FILE* file, const std::string& path, uint64_t max_bytes) {
  std::string bytes;
  constexpr size_t kChunk = size_t{1} << 20;
  while (true) {
    const size_t old_size = bytes.size();
    const uint64_t room = max_bytes + 1 - old_size;
    const size_t want = room < kChunk ? static_cast<size_t>(room) : kChunk;
    bytes.resize(old_size + want);
    const size_t got = std::fread(bytes.data() + old_size, 1, want, file);
    bytes.resize(old_size + got);
    if (bytes.size() > max_bytes) return too_large(path, max_bytes);
    if (got < want) break;
  }
  if (std::ferror(file)) {
    return Error::invalid_argument("kiln: cannot read " + path + ": " + std::strerror(errno));
  }
  return bytes;
}

}  // namespace

std::string format_bytes(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024 || bytes % 1024 != 0) return std::to_string(bytes) + " bytes";
  int unit = 0;
  bytes /= 1024;
  while (unit < 3 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return std::to_string(bytes) + " " + kUnits[unit];
}

Expected<std::string> read_file_bounded(const std::string& path, uint64_t max_bytes) {
  if (path == "-") return read_stream(stdin, "<stdin>", max_bytes);
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    return Error::not_found("kiln: cannot open " + path + ": " + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) return Error::invalid_argument("kiln: " + path + " is a directory");
  // A regular file's size is known before reading it; devices and pipes report 0.
  if (S_ISREG(info.st_mode) && static_cast<uint64_t>(info.st_size) > max_bytes) {
    return too_large(path, max_bytes);
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return Error::not_found("kiln: cannot open " + path + ": " + std::strerror(errno));
  return read_stream(file.get(), path, max_bytes);
}

}  // namespace kiln
