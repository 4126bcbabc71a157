// The saved executable's envelope (magic, versions, program text, checksum) and the byte
// reader and writer backends serialise their payloads with.
#include "backend/saved_executable.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <iterator>
#include <sstream>

#include "support/hash.h"

#ifndef KILN_VERSION
#define KILN_VERSION "0.0.0"
#endif

namespace kiln::backend {

namespace {

// magic, format version (u32), the file's size (u64); the checksum (u64) ends the file.
constexpr size_t kFixedHeaderBytes = 8 + 4 + 8;
constexpr size_t kChecksumBytes = 8;

// Catches a flipped or lost byte; not a defence against tampering.
uint64_t checksum(std::string_view bytes) { return fnv1a64(bytes); }

template <class T>
T read_at(std::string_view bytes, size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof(T));
  return v;
}

}  // namespace

std::string kiln_version() { return KILN_VERSION; }

std::string encode_saved_executable(const SavedExecutable& saved) {
  ByteWriter w;
  w.bytes().append(kSavedExecutableMagic);
  w.put<uint32_t>(kSavedExecutableFormat);
  w.put<uint64_t>(0);  // the size, known at the end
  w.put_bytes(saved.backend);
  w.put_bytes(saved.kiln_version);
  w.put_bytes(saved.entry);
  w.put_bytes(saved.program_text);
  w.put_bytes(saved.payload);
  std::string& out = w.bytes();
  const uint64_t size = out.size() + kChecksumBytes;
  std::memcpy(out.data() + 12, &size, sizeof(size));
  w.put<uint64_t>(checksum(out));
  return std::move(out);
}

Expected<SavedExecutable> decode_saved_executable(std::string_view bytes,
                                                  const std::string& name) {
  auto error = [&](const std::string& m) { return Error::invalid_argument("kiln: " + name + ": " + m); };
  const std::string_view head = bytes.substr(0, kSavedExecutableMagic.size());
  if (head != kSavedExecutableMagic.substr(0, head.size()) || head.empty()) {
    return error("not a saved kiln executable (it does not start with kiln's magic bytes)");
  }
  if (bytes.size() < kFixedHeaderBytes + kChecksumBytes) {
    return error(fmt::format("truncated: {} bytes, fewer than a saved executable's header",
                             bytes.size()));
  }
  const uint32_t format = read_at<uint32_t>(bytes, 8);
  if (format != kSavedExecutableFormat) {
    return error(fmt::format(
        "saved in executable format version {}; this kiln ({}) reads version {}: compile the "
        "program again with this kiln",
        format, kiln_version(), kSavedExecutableFormat));
  }
  const uint64_t size = read_at<uint64_t>(bytes, 12);
  if (size != bytes.size()) {
    return error(size > bytes.size()
                     ? fmt::format("truncated: {} of its {} bytes", bytes.size(), size)
                     : fmt::format("{} bytes where it says {}: bytes after its end", bytes.size(), size));
  }
  const std::string_view body = bytes.substr(0, bytes.size() - kChecksumBytes);
  if (read_at<uint64_t>(bytes, body.size()) != checksum(body)) {
    return error("corrupted: its checksum does not match its bytes");
  }
  ByteReader r(body.substr(kFixedHeaderBytes), "kiln: " + name);
  SavedExecutable saved;
  saved.name = name;
  saved.backend = r.get_bytes();
  saved.kiln_version = r.get_bytes();
  saved.entry = r.get_bytes();
  saved.program_text = r.get_bytes();
  saved.payload = r.get_bytes();
  KILN_CHECK_OK(r.status());
  if (saved.kiln_version != kiln_version()) {
    return error(fmt::format("saved by kiln {}; this is kiln {}: compile the program again with "
                             "this kiln",
                             saved.kiln_version, kiln_version()));
  }
  return saved;
}

bool is_saved_executable_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  char head[8] = {};
  if (!file.read(head, sizeof(head))) return false;
  return std::string_view(head, sizeof(head)) == kSavedExecutableMagic;
}

Expected<std::string> read_file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return Error::not_found("kiln: cannot open " + path + ": " + std::strerror(errno));
  }
  std::ostringstream out;
  out << file.rdbuf();
  if (file.bad()) return Error::not_found("kiln: cannot read " + path);
  return std::move(out).str();
}

Status write_file_bytes(const std::string& path, std::string_view bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!file.flush()) return Error::invalid_argument("kiln: cannot write " + path);
  return ok_status();
}

bool ByteReader::take(size_t n) {
  if (failed_) return false;
  if (n > left()) {
    failed_ = true;
    error_ = fmt::format("{}: truncated at byte {}", what_, at_);
    return false;
  }
  at_ += n;
  return true;
}

std::string ByteReader::get_bytes() {
  const uint64_t n = get_count(1);
  if (!take(n)) return {};
  return std::string(in_.substr(at_ - n, n));
}

uint64_t ByteReader::get_count(size_t min_item_bytes) {
  const size_t at = at_;
  const uint64_t n = get<uint64_t>();
  if (failed_) return 0;
  if (n > left() / std::max<size_t>(min_item_bytes, 1)) {
    failed_ = true;
    error_ = fmt::format("{}: truncated at byte {} (a count of {} does not fit the {} bytes left)",
                         what_, at, n, left());
    return 0;
  }
  return n;
}

void ByteReader::fail(const std::string& message) {
  if (failed_) return;
  failed_ = true;
  error_ = fmt::format("{}: byte {}: {}", what_, at_, message);
}

uint8_t ByteReader::check_max(uint8_t v, uint8_t max, const char* what) {
  if (v > max) {
    fail(fmt::format("{} of {} (at most {})", what, v, max));
    return 0;
  }
  return v;
}

Status ByteReader::status(bool whole) const {
  if (failed_) return Error::invalid_argument(error_);
  if (whole && left() != 0) {
    return Error::invalid_argument(
        fmt::format("{}: {} bytes after its end at byte {}", what_, left(), at_));
  }
  return ok_status();
}

}  // namespace kiln::backend
