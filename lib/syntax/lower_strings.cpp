// Lowering of literals: numbers, strings and their concatenations, bytes,
// f-strings and their interpolations, with the checks CPython's tokenizer
// makes that tree-sitter does not (prefixes, escapes, line breaks, Python
// 3.12 f-strings).
#include <cctype>
#include <cstdlib>

#include "lib/syntax/lowerer.h"

namespace agc::syntax {

ast::Constant* Lowerer::Const(TSNode n, ConstantKind kind) {
  auto* c = New<ast::Constant>(n);
  c->value_kind = kind;
  c->text = Text(n);
  return c;
}

ast::Expr* Lowerer::Number(TSNode n, Sym s) {
  std::string_view text = Text(n);
  ConstantKind kind =
      s == Sym::kInteger ? ConstantKind::kInt : ConstantKind::kFloat;
  const char last = text.empty() ? '\0' : text.back();
  if (last == 'j' || last == 'J') {
    kind = ConstantKind::kComplex;
  } else if (last == 'l' || last == 'L') {
    return Fail(n);  // Python 2 long literal
  }
  if (kind == ConstantKind::kInt && text.size() > 1 && text[0] == '0' &&
      ((text[1] >= '0' && text[1] <= '9') || text[1] == '_')) {
    // CPython rejects leading zeros in decimal literals (Python 2 octal).
    for (char ch : text) {
      if (ch != '0' && ch != '_') {
        return Fail(n);
      }
    }
  }
  return Const(n, kind);
}

// Checks a string literal part as CPython's tokenizer and parser do: the
// prefix, line breaks in single-quoted strings (tree-sitter allows them),
// escapes (\x, \u, \U, \N{...}) and ASCII-only bytes. Sets the f-string and
// bytes flags; false when CPython rejects the literal.
bool Lowerer::CheckStringPart(TSNode part, bool* is_f, bool* is_bytes) const {
  bool raw = false;
  size_t quote = 0;
  if (!StringPrefix(part, is_f, is_bytes, &raw, &quote)) {
    return false;
  }
  const std::string_view text = Text(part);
  if (*is_bytes && !IsAscii(text)) {
    return false;  // bytes can only contain ASCII literal characters
  }
  const char q = text[quote];
  const bool triple =
      text.size() >= quote + 6 && text[quote + 1] == q && text[quote + 2] == q;
  const size_t begin = quote + (triple ? 3 : 1);
  const size_t end = text.size() - (triple ? 3 : 1);
  if (end < begin) {
    return false;
  }
  const std::string_view body = text.substr(begin, end - begin);
  if (body.find_first_of(triple ? "\\" : "\\\r\n") == std::string_view::npos) {
    return true;
  }
  auto hex = [&](size_t at, size_t count) {
    if (at + count > body.size()) {
      return false;
    }
    for (size_t k = at; k < at + count; ++k) {
      if (!std::isxdigit(static_cast<unsigned char>(body[k]))) {
        return false;
      }
    }
    return true;
  };
  int field = 0;  // depth in f-string replacement fields (checked later)
  for (size_t i = 0; i < body.size(); ++i) {
    const char ch = body[i];
    if (*is_f && (ch == '{' || ch == '}')) {
      if (i + 1 < body.size() && body[i + 1] == ch && field == 0) {
        ++i;  // `{{` or `}}`
      } else {
        field += ch == '{' ? 1 : (field > 0 ? -1 : 0);
      }
      continue;
    }
    if (field > 0) {
      continue;
    }
    if ((ch == '\n' || ch == '\r') && !triple) {
      return false;  // unterminated string literal
    }
    if (ch != '\\' || i + 1 >= body.size()) {
      continue;
    }
    const char esc = body[++i];
    if (esc == '\r' && i + 1 < body.size() && body[i + 1] == '\n') {
      ++i;  // a backslash before a CRLF line break escapes all of it
      continue;
    }
    if (raw) {
      continue;
    }
    if (esc == 'x' && !hex(i + 1, 2)) {
      return false;
    }
    if (!*is_bytes) {
      if ((esc == 'u' && !hex(i + 1, 4)) || (esc == 'U' && !hex(i + 1, 8))) {
        return false;
      }
      if (esc == 'U' && std::strtoul(std::string(body.substr(i + 1, 8)).c_str(),
                                     nullptr, 16) > 0x10FFFF) {
        return false;
      }
      if (esc == 'N' && (i + 1 >= body.size() || body[i + 1] != '{' ||
                         body.find('}', i + 2) == std::string_view::npos)) {
        return false;
      }
    }
  }
  return true;
}

// Reads the prefix of a string literal part (e.g. `rb`); false when CPython
// would reject it. `*quote` receives the offset of the opening quote.
bool Lowerer::StringPrefix(TSNode part,
                           bool* is_f,
                           bool* is_bytes,
                           bool* is_raw,
                           size_t* quote) const {
  std::string_view text = Text(part);
  bool r = false;
  bool u = false;
  bool b = false;
  bool f = false;
  size_t i = 0;
  for (; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '\'' || ch == '"') {
      break;
    }
    bool* flag = nullptr;
    switch (ch) {
      case 'r':
      case 'R':
        flag = &r;
        break;
      case 'u':
      case 'U':
        flag = &u;
        break;
      case 'b':
      case 'B':
        flag = &b;
        break;
      case 'f':
      case 'F':
        flag = &f;
        break;
      default:
        return false;  // e.g. the Python 2 backtick
    }
    if (*flag) {
      return false;
    }
    *flag = true;
  }
  if (i == text.size() || (u && (r || b || f)) || (b && f)) {
    return false;
  }
  *is_f = f;
  *is_bytes = b;
  *is_raw = r;
  *quote = i;
  return true;
}

// Collects the interpolated expressions of the f-string part `part` (the
// cursor's node). tree-sitter reads Python 3.12 f-strings (PEP 701), whose
// replacement fields may reuse the string's quotes, span lines of a
// single-quoted string, and hold comments and backslashes; each needs a
// target of 3.12 or newer. The JoinedStr keeps its text as written, so a
// comment inside a field stays in that text and is not one of the module's
// comments (the printer would print it a second time).
void Lowerer::Interpolations(TSNode part, std::vector<ast::Expr*>& out) {
  const std::string_view text = Text(part);
  const size_t q = text.find_first_of("'\"");
  const char quote = q == std::string_view::npos ? '"' : text[q];
  const bool triple = q != std::string_view::npos && q + 2 < text.size() &&
                      text[q + 1] == quote && text[q + 2] == quote;
  constexpr base::PythonVersion kPy312 = base::PythonVersion::kPy312;
  Children([&](TSNode c, Sym s) {
    if (s != Sym::kInterpolation) {
      return;
    }
    const std::string_view field = Text(c);
    const bool reuses_quote =
        triple ? field.find(std::string(3, quote)) != std::string_view::npos
               : field.find(quote) != std::string_view::npos;
    if (reuses_quote &&
        !Needs(c, kPy312,
               "reusing an f-string's quotes inside a replacement field "
               "needs")) {
      return;
    }
    if (!triple && field.find_first_of("\r\n") != std::string_view::npos &&
        !Needs(c, kPy312,
               "a line break in a replacement field of a single-quoted "
               "f-string needs")) {
      return;
    }
    const size_t comments = module_.comments.size();
    Interpolation(out);
    if (module_.comments.size() != comments) {
      if (!Needs(c, kPy312,
                 "a comment in an f-string replacement field needs")) {
        return;
      }
      module_.comments.resize(comments);
    }
  });
}

// Cursor on an interpolation or format_expression.
void Lowerer::Interpolation(std::vector<ast::Expr*>& out) {
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kTypeConversion) {
      std::string_view conv = Text(c);
      if (conv != "!s" && conv != "!r" && conv != "!a") {
        Fail(c);
      }
      return;
    }
    if (s == Sym::kFormatSpecifier) {
      Children([&](TSNode, Sym fs) {
        if (fs == Sym::kFormatExpression || fs == Sym::kInterpolation) {
          DepthScope depth(this, c);
          if (depth.ok()) {
            Interpolation(out);
          }
        }
      });
      return;
    }
    if (Text(c).find('\\') != std::string_view::npos &&
        !Needs(c, base::PythonVersion::kPy312,
               "a backslash in an f-string replacement field needs")) {
      return;
    }
    if (s == Sym::kNamedExpression) {
      // `{x:=10}`: in an f-string the `:` starts a format spec `=10`.
      TSNode name = FirstNamedChild(c);
      if (!ts_node_is_null(name) && SymOf(name) == Sym::kIdentifier) {
        out.push_back(NameOf(name, kLoad));
        return;
      }
    }
    // CPython 3.11 parses the field as if parenthesized: `{yield}` is fine.
    ast::Expr* e = ExprA(c, s, kLoad, kYield);
    if (e == nullptr) {
      return;
    }
    if ((s == Sym::kExpressionList || s == Sym::kPatternList) &&
        target_ < base::PythonVersion::kPy312) {
      // CPython 3.11 parses `{a, b}` as `(a, b)`: the tuple starts at `{`
      // (from 3.12, at `a`: the AST follows the target's CPython).
      TSNode interp = ts_node_parent(c);
      e->origin = OriginOf(interp);
      e->span.begin = ts_node_start_byte(interp);
    }
    out.push_back(e);
  });
}

// A string literal or an implicit concatenation of them: Constant
// (str/bytes) or JoinedStr when any part is an f-string.
ast::Expr* Lowerer::Strings(TSNode n, Sym s) {
  if (s == Sym::kString) {
    bool is_f = false;
    bool is_bytes = false;
    if (!CheckStringPart(n, &is_f, &is_bytes)) {
      return Fail(n);
    }
    if (!is_f) {
      return Const(n, is_bytes ? ConstantKind::kBytes : ConstantKind::kStr);
    }
    auto* joined = New<ast::JoinedStr>(n);
    joined->text = Text(n);
    Interpolations(n, joined->values);
    return joined;
  }
  // concatenated_string: the parts' texts joined with one space.
  bool any_f = false;
  bool any_bytes = false;
  bool any_str = false;
  buf_.clear();
  Children([&](TSNode c, Sym cs) {
    if (cs != Sym::kString) {
      return;
    }
    bool is_f = false;
    bool is_bytes = false;
    if (!CheckStringPart(c, &is_f, &is_bytes)) {
      Fail(c);
      return;
    }
    any_f |= is_f;
    (is_bytes ? any_bytes : any_str) = true;
    if (!buf_.empty()) {
      buf_ += ' ';
    }
    buf_ += Text(c);
  });
  if (any_bytes && any_str) {
    return Fail(n);  // cannot mix bytes and nonbytes literals
  }
  std::string_view text = module_.Intern(buf_);
  if (!any_f) {
    auto* c = New<ast::Constant>(n);
    c->value_kind = any_bytes ? ConstantKind::kBytes : ConstantKind::kStr;
    c->text = text;
    return c;
  }
  auto* joined = New<ast::JoinedStr>(n);
  joined->text = text;
  // Second pass over the parts (comments were collected by the first).
  if (Down()) {
    do {
      if (SymOf(Cur()) == Sym::kString) {
        Interpolations(Cur(), joined->values);
      }
    } while (Next());
    Up();
  }
  return joined;
}

bool Lowerer::IsAscii(std::string_view text) {
  for (char ch : text) {
    if (static_cast<unsigned char>(ch) >= 0x80) {
      return false;
    }
  }
  return true;
}

}  // namespace agc::syntax
