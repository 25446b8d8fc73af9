// Identifier normalization. CPython stores identifiers in NFKC form (PEP 3131):
// `ｗｉｄｔｈ` and `width` are the same name. agc normalizes the compatibility
// characters that occur in practice; see NormalizeIdentifier.
#pragma once

#include <string>
#include <string_view>

namespace agc::syntax {

// Whether `name` contains a byte >= 0x80 (only such names can change).
bool HasNonAscii(std::string_view name);

// Writes the NFKC form of the UTF-8 identifier `name` to `out` and returns
// whether it differs from `name`. Covered: fullwidth ASCII (U+FF01..FF5E),
// the mathematical alphanumeric symbols (Latin letters and digits,
// U+1D400..1D7FF), the letterlike symbols that fill their gaps (U+2102..2149),
// the Latin ligatures U+FB00..FB06, U+00B5 MICRO SIGN, U+017F LONG S and the
// Roman numerals U+2160..217F. Canonical composition of combining sequences
// is not performed (a decomposed identifier keeps its code points).
bool NormalizeIdentifier(std::string_view name, std::string& out);

}  // namespace agc::syntax
