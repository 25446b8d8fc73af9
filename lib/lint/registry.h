// The table of lint rules, built from lib/lint/rules.def. Each rule lives in
// lib/lint/rules/<file>.cpp, namespace agc::lint::rules::<file>, and defines
//   extern const std::string_view kExplain;  // its `agc explain` page
//   void Check(const ast::Node& node, Checker& checker);
// Check sees every node of the module once (Checker::state() says where it
// is) and reports through Checker::Report.
#pragma once

#include <span>
#include <string_view>

#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"

namespace agc::lint {

class Checker;

struct Rule {
  int code;
  diag::DiagKind kind;
  std::string_view name;  // "UndefinedOnSomePath"
  std::string_view file;  // "undefined_on_some_path"
  std::string_view explain;
  void (*check)(const ast::Node& node, Checker& checker);
};

// Every rule, in code order.
std::span<const Rule> Rules();

// The rule with this code, or null.
const Rule* FindRule(int code);

}  // namespace agc::lint
