#include "lib/base/encoding.h"

#ifndef _WIN32
#include <iconv.h>
#endif

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <vector>

namespace agc::base {
namespace {

// The text of line `index` (0-based, at most 2) without its terminator.
std::string_view LineAt(std::string_view bytes, int index) {
  size_t pos = 0;
  for (int i = 0; i < index; ++i) {
    size_t nl = bytes.find_first_of("\r\n", pos);
    if (nl == std::string_view::npos) {
      return {};
    }
    pos = nl + 1;
    if (bytes[nl] == '\r' && pos < bytes.size() && bytes[pos] == '\n') {
      ++pos;
    }
  }
  size_t end = bytes.find_first_of("\r\n", pos);
  return bytes.substr(
      pos, end == std::string_view::npos ? bytes.size() - pos : end - pos);
}

bool IsBlankOrComment(std::string_view line) {
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '\f') {
      continue;
    }
    return c == '#';
  }
  return true;
}

// Matches ^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+) on one line.
std::string CodingOf(std::string_view line) {
  size_t i = 0;
  while (i < line.size() &&
         (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) {
    ++i;
  }
  if (i >= line.size() || line[i] != '#') {
    return {};
  }
  size_t pos = line.find("coding", i);
  while (pos != std::string_view::npos) {
    size_t j = pos + 6;
    if (j < line.size() && (line[j] == ':' || line[j] == '=')) {
      ++j;
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) {
        ++j;
      }
      size_t start = j;
      while (j < line.size() &&
             (std::isalnum(static_cast<unsigned char>(line[j])) ||
              line[j] == '-' || line[j] == '_' || line[j] == '.')) {
        ++j;
      }
      if (j > start) {
        return std::string(line.substr(start, j - start));
      }
    }
    pos = line.find("coding", pos + 1);
  }
  return {};
}

}  // namespace

std::string FindCodingDeclaration(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
    bytes.remove_prefix(3);
  }
  std::string_view first = LineAt(bytes, 0);
  std::string name = CodingOf(first);
  if (!name.empty()) {
    return name;
  }
  if (IsBlankOrComment(first)) {
    return CodingOf(LineAt(bytes, 1));
  }
  return {};
}

bool IsUtf8Name(std::string_view name) {
  std::string n;
  for (char c : name) {
    n += c == '_'
             ? '-'
             : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return n == "utf-8" || n == "utf8" || n.rfind("utf-8-", 0) == 0;
}

#ifndef _WIN32
// Transcode is iconv's here; on Windows, which has none, it is the system's
// code pages' (encoding_windows.cpp).
namespace {

// Opens an iconv converter, accepting Python's spellings of encoding names
// (latin-1, latin_1, iso_8859_15, ...) where iconv's differ.
iconv_t OpenIconv(const std::string& to, const std::string& from) {
  auto candidates = [](const std::string& name) {
    std::string dashed;
    for (char c : name) {
      dashed +=
          c == '_'
              ? '-'
              : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    std::vector<std::string> out = {name, dashed};
    if (dashed == "latin-1" || dashed == "l1" || dashed == "iso-latin-1" ||
        dashed == "latin") {
      out.push_back("ISO-8859-1");
    }
    if (dashed.rfind("iso8859-", 0) == 0) {
      out.push_back("ISO-8859-" + dashed.substr(8));
    }
    return out;
  };
  for (const std::string& t : candidates(to)) {
    for (const std::string& f : candidates(from)) {
      iconv_t cd = iconv_open(t.c_str(), f.c_str());
      if (cd != reinterpret_cast<iconv_t>(-1)) {
        return cd;
      }
    }
  }
  return reinterpret_cast<iconv_t>(-1);
}

}  // namespace

TranscodeStatus Transcode(std::string_view in,
                          const std::string& from,
                          const std::string& to,
                          std::string* out,
                          size_t* bad_offset) {
  iconv_t cd = OpenIconv(to, from);
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    return TranscodeStatus::kUnknownEncoding;
  }
  out->clear();
  out->resize(in.size() * 4 + 16);
  char* src = const_cast<char*>(in.data());
  size_t src_left = in.size();
  char* dst = out->data();
  size_t dst_left = out->size();
  TranscodeStatus status = TranscodeStatus::kOk;
  while (src_left > 0) {
    size_t r = iconv(cd, &src, &src_left, &dst, &dst_left);
    if (r != static_cast<size_t>(-1)) {
      continue;
    }
    if (errno == E2BIG) {
      size_t used = static_cast<size_t>(dst - out->data());
      out->resize(out->size() * 2);
      dst = out->data() + used;
      dst_left = out->size() - used;
      continue;
    }
    status = TranscodeStatus::kInvalidInput;
    if (bad_offset != nullptr) {
      *bad_offset = static_cast<size_t>(src - in.data());
    }
    break;
  }
  if (status == TranscodeStatus::kOk) {
    // Flush any shift state.
    iconv(cd, nullptr, nullptr, &dst, &dst_left);
  }
  out->resize(static_cast<size_t>(dst - out->data()));
  iconv_close(cd);
  return status;
}
#endif  // _WIN32

}  // namespace agc::base
