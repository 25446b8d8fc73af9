// Transcode on Windows (issue 49), which has no iconv: a Python encoding
// name is looked up as a Windows code page, and the text goes through
// UTF-16 with the system's MultiByteToWideChar and WideCharToMultiByte,
// refusing what a code page cannot represent as iconv does. Elsewhere
// Transcode is iconv's (encoding.cpp).
#ifdef _WIN32
#include <windows.h>

#include <cctype>
#include <string>

#include "lib/base/encoding.h"

namespace agc::base {
namespace {

constexpr UINT kNoCodePage = 0xFFFFFFFF;

// Python's spellings (lower case, '_' as '-') of the encodings a coding
// comment names, as code pages.
UINT CodePageOf(const std::string& name) {
  std::string n;
  for (char c : name) {
    n += c == '_'
             ? '-'
             : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (IsUtf8Name(n)) {
    return CP_UTF8;
  }

  struct Named {
    const char* name;
    UINT page;
  };

  static constexpr Named kNames[] = {
      {"ascii", 20127},     {"us-ascii", 20127},    {"646", 20127},
      {"latin-1", 28591},   {"latin1", 28591},      {"latin", 28591},
      {"l1", 28591},        {"iso-latin-1", 28591}, {"koi8-r", 20866},
      {"koi8-u", 21866},    {"shift-jis", 932},     {"sjis", 932},
      {"shiftjis", 932},    {"euc-jp", 20932},      {"eucjp", 20932},
      {"gb2312", 936},      {"gbk", 936},           {"gb18030", 54936},
      {"big5", 950},        {"euc-kr", 51949},      {"euckr", 51949},
      {"mac-roman", 10000}, {"macroman", 10000},    {"utf-7", CP_UTF7},
  };
  for (const Named& entry : kNames) {
    if (n == entry.name) {
      return entry.page;
    }
  }
  // iso-8859-N, iso8859-N, latin-N: 28590 + N.
  for (const char* prefix : {"iso-8859-", "iso8859-"}) {
    const std::string p = prefix;
    if (n.rfind(p, 0) == 0 && n.size() > p.size()) {
      return 28590 + static_cast<UINT>(std::stoul(n.substr(p.size())));
    }
  }
  // cpNNN, windows-NNN, msNNN.
  for (const char* prefix : {"cp", "windows-", "ms"}) {
    const std::string p = prefix;
    if (n.rfind(p, 0) == 0 && n.size() > p.size() &&
        n.find_first_not_of("0123456789", p.size()) == std::string::npos) {
      return static_cast<UINT>(std::stoul(n.substr(p.size())));
    }
  }
  return kNoCodePage;
}

// Bytes in `page` to UTF-16; false if some byte sequence is not of `page`.
bool ToWide(std::string_view in, UINT page, std::wstring* out) {
  out->clear();
  if (in.empty()) {
    return true;
  }
  const DWORD flags = page == CP_UTF7 ? 0 : MB_ERR_INVALID_CHARS;
  const int n = MultiByteToWideChar(page, flags, in.data(),
                                    static_cast<int>(in.size()), nullptr, 0);
  if (n <= 0) {
    return false;
  }
  out->resize(static_cast<size_t>(n));
  return MultiByteToWideChar(page, flags, in.data(),
                             static_cast<int>(in.size()), out->data(), n) == n;
}

// UTF-16 to bytes in `page`; false if some character has no byte form.
bool FromWide(std::wstring_view in, UINT page, std::string* out) {
  out->clear();
  if (in.empty()) {
    return true;
  }
  const bool strict = page != CP_UTF8 && page != CP_UTF7;
  BOOL lossy = FALSE;
  const DWORD flags = page == CP_UTF8 ? WC_ERR_INVALID_CHARS
                      : strict        ? WC_NO_BEST_FIT_CHARS
                                      : 0;
  const int n =
      WideCharToMultiByte(page, flags, in.data(), static_cast<int>(in.size()),
                          nullptr, 0, nullptr, strict ? &lossy : nullptr);
  if (n <= 0 || lossy) {
    return false;
  }
  out->resize(static_cast<size_t>(n));
  return WideCharToMultiByte(page, flags, in.data(),
                             static_cast<int>(in.size()), out->data(), n,
                             nullptr, nullptr) == n;
}

// Converts `in`, and only if the result converts back to `in`: some code
// pages decode a byte they do not define as another character instead of
// refusing it (US-ASCII's 20127 drops the high bit), which iconv refuses.
bool Convert(std::string_view in, UINT from, UINT to, std::string* out) {
  std::wstring wide;
  std::string back;
  return ToWide(in, from, &wide) && FromWide(wide, to, out) &&
         ToWide(*out, to, &wide) && FromWide(wide, from, &back) && back == in;
}

}  // namespace

TranscodeStatus Transcode(std::string_view in,
                          const std::string& from,
                          const std::string& to,
                          std::string* out,
                          size_t* bad_offset) {
  const UINT from_page = CodePageOf(from);
  const UINT to_page = CodePageOf(to);
  if (from_page == kNoCodePage || to_page == kNoCodePage ||
      !IsValidCodePage(from_page) || !IsValidCodePage(to_page)) {
    return TranscodeStatus::kUnknownEncoding;
  }
  if (Convert(in, from_page, to_page, out)) {
    return TranscodeStatus::kOk;
  }
  // The first byte that cannot be converted: the longest prefix that can
  // ends just before it. A prefix that cuts a character in two fails too,
  // so a prefix counts as good when it or one up to 3 bytes longer (the
  // rest of a character) converts.
  std::string ignored;
  auto good_prefix = [&](size_t n) {
    for (size_t k = 0; k < 4 && n + k < in.size(); ++k) {
      if (Convert(in.substr(0, n + k), from_page, to_page, &ignored)) {
        return true;
      }
    }
    return false;
  };
  size_t good = 0;
  size_t bad = in.size();
  while (bad - good > 1) {
    const size_t mid = good + (bad - good) / 2;
    if (good_prefix(mid)) {
      good = mid;
    } else {
      bad = mid;
    }
  }
  if (bad_offset != nullptr) {
    *bad_offset = good;
  }
  out->clear();
  return TranscodeStatus::kInvalidInput;
}

}  // namespace agc::base
#endif  // _WIN32
