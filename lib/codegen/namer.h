// Fresh names for generated code that never clash with the user's.
//
// A Namer collects every identifier a module uses (names read or bound,
// parameters, def/class names, import aliases, global/nonlocal names,
// attribute and keyword names) and hands out `base`, then `base_1`,
// `base_2`, ... for the first of those that is unused, remembering what it
// handed out. Deterministic: the same module and the same requests give the
// same names.
//
// A namer is made for every converted function (often several times: one per
// pass that may need a helper name) and most never hand out a name, so
// construction only records views of the identifiers (they live in the
// module's arena or its source, as long as the module); no string is copied
// or hashed until a name is asked for.
#pragma once

#include <string_view>
#include <vector>

#include "lib/ast/ast.h"

namespace agc::codegen {

class Namer {
 public:
  explicit Namer(const ast::Module& module);
  // Only the identifiers used in `scope` (a function or lambda, say): names
  // unique within it are enough for helpers local to it.
  explicit Namer(const ast::Node& scope);

  // A name starting with `base` that the module does not use and that this
  // namer has not handed out before; interned in `module`.
  std::string_view New(ast::Module& module, std::string_view base);

  // Whether the module (or this namer) already uses `name`.
  bool IsUsed(std::string_view name) const;

 private:
  void Collect(const ast::Node& node);
  void Use(std::string_view name);

  // Identifiers seen when the namer was made, then the names it handed out
  // (in the module's arena): views, possibly repeated; searched linearly,
  // since a namer answers a handful of requests at most.
  std::vector<std::string_view> used_;
};

}  // namespace agc::codegen
