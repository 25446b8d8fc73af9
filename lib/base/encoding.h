// Source encodings (PEP 263). agc works on UTF-8 text; a file that declares
// another encoding in a coding comment on its first or second line is
// transcoded to UTF-8 for parsing, and its output is transcoded back, so
// copied-through text stays byte-identical.
#pragma once

#include <string>
#include <string_view>

namespace agc::base {

// The encoding a PEP 263 coding comment declares ("latin-1", "koi8-r"), as
// written, or empty when there is none. Only the first two lines count, the
// second only when the first is blank or a comment (as in CPython).
std::string FindCodingDeclaration(std::string_view bytes);

// Whether `name` denotes UTF-8 (utf-8, utf8, UTF_8, utf-8-unix, ...).
bool IsUtf8Name(std::string_view name);

enum class TranscodeStatus { kOk, kUnknownEncoding, kInvalidInput };

// Converts `in` from encoding `from` to encoding `to` (iconv names). On
// kInvalidInput, `bad_offset` (if not null) gets the offset in `in` of the
// first byte that could not be converted.
TranscodeStatus Transcode(std::string_view in,
                          const std::string& from,
                          const std::string& to,
                          std::string* out,
                          size_t* bad_offset = nullptr);

}  // namespace agc::base
