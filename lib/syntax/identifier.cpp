#include "lib/syntax/identifier.h"

#include <algorithm>
#include <cstdint>

namespace agc::syntax {
namespace {

struct Mapping {
  uint32_t cp;
  const char* nfkc;  // UTF-8
};

// NFKC of single identifier characters in U+00B5..U+FB06 (generated from
// Python's unicodedata; sorted by code point).
constexpr Mapping kTable[] = {
    {0x00B5, "\xce\xbc"}, {0x017F, "s"},        {0x2102, "C"},
    {0x2107, "\xc6\x90"}, {0x210A, "g"},        {0x210B, "H"},
    {0x210C, "H"},        {0x210D, "H"},        {0x210E, "h"},
    {0x210F, "\xc4\xa7"}, {0x2110, "I"},        {0x2111, "I"},
    {0x2112, "L"},        {0x2113, "l"},        {0x2115, "N"},
    {0x2119, "P"},        {0x211A, "Q"},        {0x211B, "R"},
    {0x211C, "R"},        {0x211D, "R"},        {0x2124, "Z"},
    {0x2126, "\xce\xa9"}, {0x2128, "Z"},        {0x212A, "K"},
    {0x212B, "\xc3\x85"}, {0x212C, "B"},        {0x212D, "C"},
    {0x212F, "e"},        {0x2130, "E"},        {0x2131, "F"},
    {0x2133, "M"},        {0x2134, "o"},        {0x2135, "\xd7\x90"},
    {0x2136, "\xd7\x91"}, {0x2137, "\xd7\x92"}, {0x2138, "\xd7\x93"},
    {0x2139, "i"},        {0x213C, "\xcf\x80"}, {0x213D, "\xce\xb3"},
    {0x213E, "\xce\x93"}, {0x213F, "\xce\xa0"}, {0x2145, "D"},
    {0x2146, "d"},        {0x2147, "e"},        {0x2148, "i"},
    {0x2149, "j"},        {0x2160, "I"},        {0x2161, "II"},
    {0x2162, "III"},      {0x2163, "IV"},       {0x2164, "V"},
    {0x2165, "VI"},       {0x2166, "VII"},      {0x2167, "VIII"},
    {0x2168, "IX"},       {0x2169, "X"},        {0x216A, "XI"},
    {0x216B, "XII"},      {0x216C, "L"},        {0x216D, "C"},
    {0x216E, "D"},        {0x216F, "M"},        {0x2170, "i"},
    {0x2171, "ii"},       {0x2172, "iii"},      {0x2173, "iv"},
    {0x2174, "v"},        {0x2175, "vi"},       {0x2176, "vii"},
    {0x2177, "viii"},     {0x2178, "ix"},       {0x2179, "x"},
    {0x217A, "xi"},       {0x217B, "xii"},      {0x217C, "l"},
    {0x217D, "c"},        {0x217E, "d"},        {0x217F, "m"},
    {0xFB00, "ff"},       {0xFB01, "fi"},       {0xFB02, "fl"},
    {0xFB03, "ffi"},      {0xFB04, "ffl"},      {0xFB05, "st"},
    {0xFB06, "st"},
};

// The Greek letters of one style of the mathematical alphanumeric symbols
// (U+1D6A8 + 58 * style + i).
constexpr uint16_t kMathGreek[58] = {
    0x0391, 0x0392, 0x0393, 0x0394, 0x0395, 0x0396, 0x0397, 0x0398, 0x0399,
    0x039A, 0x039B, 0x039C, 0x039D, 0x039E, 0x039F, 0x03A0, 0x03A1, 0x03F4,
    0x03A3, 0x03A4, 0x03A5, 0x03A6, 0x03A7, 0x03A8, 0x03A9, 0x2207, 0x03B1,
    0x03B2, 0x03B3, 0x03B4, 0x03B5, 0x03B6, 0x03B7, 0x03B8, 0x03B9, 0x03BA,
    0x03BB, 0x03BC, 0x03BD, 0x03BE, 0x03BF, 0x03C0, 0x03C1, 0x03C2, 0x03C3,
    0x03C4, 0x03C5, 0x03C6, 0x03C7, 0x03C8, 0x03C9, 0x2202, 0x03F5, 0x03D1,
    0x03F0, 0x03D5, 0x03F1, 0x03D6};

void AppendUtf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Decodes the (valid) UTF-8 sequence at s[i]; advances i.
uint32_t Decode(std::string_view s, size_t& i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) {
    ++i;
    return c;
  }
  size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  if (i + len > s.size()) {
    ++i;
    return c;
  }
  uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < len; ++k) {
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  i += len;
  return cp;
}

// Appends the NFKC form of `cp`; false when `cp` is its own NFKC form (as
// far as this table knows).
bool Map(uint32_t cp, std::string& out) {
  if (cp >= 0xFF01 && cp <= 0xFF5E) {  // fullwidth ASCII
    out += static_cast<char>(cp - 0xFF01 + 0x21);
    return true;
  }
  if (cp >= 0x1D400 && cp <= 0x1D6A3) {  // math Latin, 13 styles of 52
    const uint32_t i = (cp - 0x1D400) % 52;
    out += static_cast<char>(i < 26 ? 'A' + i : 'a' + (i - 26));
    return true;
  }
  if (cp == 0x1D6A4 || cp == 0x1D6A5) {  // dotless i, dotless j
    AppendUtf8(cp == 0x1D6A4 ? 0x0131 : 0x0237, out);
    return true;
  }
  if (cp >= 0x1D6A8 && cp <= 0x1D7C9) {  // math Greek, 5 styles of 58
    AppendUtf8(kMathGreek[(cp - 0x1D6A8) % 58], out);
    return true;
  }
  if (cp == 0x1D7CA || cp == 0x1D7CB) {  // bold digamma
    AppendUtf8(cp == 0x1D7CA ? 0x03DC : 0x03DD, out);
    return true;
  }
  if (cp >= 0x1D7CE && cp <= 0x1D7FF) {  // math digits, 5 styles of 10
    out += static_cast<char>('0' + (cp - 0x1D7CE) % 10);
    return true;
  }
  const Mapping* end = std::end(kTable);
  const Mapping* it = std::lower_bound(
      std::begin(kTable), end, cp,
      [](const Mapping& m, uint32_t value) { return m.cp < value; });
  if (it != end && it->cp == cp) {
    out += it->nfkc;
    return true;
  }
  return false;
}

}  // namespace

bool HasNonAscii(std::string_view name) {
  for (char c : name) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      return true;
    }
  }
  return false;
}

bool NormalizeIdentifier(std::string_view name, std::string& out) {
  out.clear();
  bool changed = false;
  size_t i = 0;
  while (i < name.size()) {
    const size_t start = i;
    const uint32_t cp = Decode(name, i);
    if (cp >= 0x80 && Map(cp, out)) {
      changed = true;
    } else {
      out.append(name.substr(start, i - start));
    }
  }
  return changed;
}

}  // namespace agc::syntax
