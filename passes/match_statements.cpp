// match_statements: `match` inside converted functions becomes `if`/`else`,
// with Python's semantics, so control_flow converts its cases like any other
// conditional. The subject is evaluated once, into a fresh name; the cases
// are tried in order, each in the `else` of the one before:
//
//   match command:                   subject_ = command
//       case "stop" | "halt":        if subject_ == 'stop' or subject_ ==
//       'halt':
//           stop()                       stop()
//       case [verb, obj] if obj:  -> else:
//           do(verb, obj)                captured_ = ag__.match_(subject_,
//       case other:                          ag__.MatchSequence(
//           fail(other)                      ag__.MatchAs(None, 'verb'),
//                                            ag__.MatchAs(None, 'obj')),
//                                            ('verb', 'obj'))
//                                        if captured_ is not None:
//                                            verb, obj = captured_
//                                        if captured_ is not None and obj:
//                                            do(verb, obj)
//                                        else:
//                                            other = subject_
//                                            fail(other)
//
// A case whose pattern only compares the subject with values (literals,
// dotted names, None/True/False, and `|` of those, with an optional top-level
// `as name`) becomes a plain test, `subject_ == value` (`is` for the
// singletons), which stages on a tensor or a tracer like any comparison: a
// match on a tensor with literal patterns becomes nested conds. A capture or
// `_` at the top is an `else` (with `name = subject_`). Any other pattern
// (sequence, mapping, class, captures below the top, `as` with a guard) is
// described to the runtime (ag__.MatchSequence, MatchMapping, MatchClass,
// MatchValue, MatchSingleton, MatchAs, MatchOr, MatchStar: the node names of
// Python's `ast`), and ag__.match_ returns the captured values in the order
// given, or None: it makes the checks and calls CPython 3.11 makes, in its
// order, and binds nothing until the whole pattern matched (see
// runtime/agc_runtime/_importlib_bootstrap_patterns.py). Value patterns,
// mapping keys and class names are thunks, evaluated when the match gets to
// them. The captures are then assigned, before the guard, so a case whose
// guard fails keeps them bound, as in CPython.
//
// Runs before break_statements, continue_statements and return_statements,
// which then find the jumps of the cases inside `if`s.
//
// Attaches: kFlagLowered on the functions it changed. Requires: functions;
// no analyses.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/loop_jumps.h"

namespace agc::passes::match_statements {
namespace {

// The capture names of `pattern`, in the order they first appear (the
// alternatives of an or-pattern bind the same names: those of the first).
void CollectCaptures(const ast::Pattern& pattern,
                     std::vector<std::string_view>& names) {
  auto add = [&](std::string_view name) {
    if (name.empty()) {
      return;
    }
    for (std::string_view n : names) {
      if (n == name) {
        return;
      }
    }
    names.push_back(name);
  };
  if (const auto* p = pattern.As<ast::MatchAs>()) {
    if (p->pattern != nullptr) {
      CollectCaptures(*p->pattern, names);
    }
    add(p->name);
  } else if (const auto* p = pattern.As<ast::MatchStar>()) {
    add(p->name);
  } else if (const auto* p = pattern.As<ast::MatchOr>()) {
    if (!p->patterns.empty()) {
      CollectCaptures(*p->patterns[0], names);
    }
  } else if (const auto* p = pattern.As<ast::MatchSequence>()) {
    for (const ast::Pattern* sub : p->patterns) {
      CollectCaptures(*sub, names);
    }
  } else if (const auto* p = pattern.As<ast::MatchMapping>()) {
    for (const ast::Pattern* sub : p->patterns) {
      CollectCaptures(*sub, names);
    }
    add(p->rest);
  } else if (const auto* p = pattern.As<ast::MatchClass>()) {
    for (const ast::Pattern* sub : p->patterns) {
      CollectCaptures(*sub, names);
    }
    for (const ast::Pattern* sub : p->kwd_patterns) {
      CollectCaptures(*sub, names);
    }
  }
}

class Lowerer {
 public:
  Lowerer(ast::Module& module, ast::FunctionDef& fn)
      : module_(module), namer_(fn) {}

  bool changed() const { return changed_; }

  // Lowers the matches of `block` and of the blocks nested in it (not in
  // nested functions and classes, converted on their own), inner ones first.
  void Block(std::vector<ast::Stmt*>& block) {
    std::vector<ast::Stmt*> out;
    for (ast::Stmt* stmt : block) {
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
      if (auto* match = stmt->As<ast::Match>()) {
        std::vector<ast::Stmt*> lowered = Lower(*match);
        out.insert(out.end(), lowered.begin(), lowered.end());
        changed_ = true;
      } else {
        out.push_back(stmt);
      }
    }
    block = std::move(out);
  }

 private:
  std::vector<ast::Stmt*> Lower(ast::Match& match) {
    subject_ = namer_.New(module_, "subject_");
    captured_ = {};
    std::vector<ast::Stmt*> out = codegen::Instantiate(
        module_, "subject = value",
        {{"subject", codegen::Name(subject_)}, {"value", match.subject}},
        match.origin);
    std::vector<ast::Stmt*> rest;
    for (size_t i = match.cases.size(); i-- > 0;) {
      rest = Case(*match.cases[i], std::move(rest));
    }
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
  }

  // The statements that try `c` and, when it does not apply, run `next`.
  std::vector<ast::Stmt*> Case(ast::MatchCase& c,
                               std::vector<ast::Stmt*> next) {
    const ast::Origin origin = c.origin;
    ast::Pattern* pattern = c.pattern;
    std::string_view bind;  // a top-level capture or `as` name
    if (auto* as = pattern->As<ast::MatchAs>()) {
      if (as->pattern == nullptr) {
        // `case name:` or `case _:`: the subject, always.
        std::vector<ast::Stmt*> out;
        if (!as->name.empty()) {
          out = Bind(as->name, origin);
        }
        std::vector<ast::Stmt*> then =
            c.guard == nullptr
                ? std::move(c.body)
                : If(c.guard, std::move(c.body), std::move(next), origin);
        out.insert(out.end(), then.begin(), then.end());
        return out;
      }
      if (c.guard == nullptr && ast::IsValuePattern(*as->pattern)) {
        bind = as->name;
        pattern = as->pattern;
      }
    }
    if (ast::IsValuePattern(*pattern)) {
      ast::Expr* test = ValueTest(*pattern);
      std::vector<ast::Stmt*> body;
      if (!bind.empty()) {
        body = Bind(bind, origin);
      }
      body.insert(body.end(), c.body.begin(), c.body.end());
      if (c.guard != nullptr) {
        test = codegen::InstantiateExpr(module_, "test and guard",
                                        {{"test", test}, {"guard", c.guard}},
                                        origin);
      }
      return If(test, std::move(body), std::move(next), origin);
    }
    // Described to the runtime.
    std::vector<std::string_view> names;
    CollectCaptures(*c.pattern, names);
    std::vector<ast::Expr*> name_consts;
    for (std::string_view name : names) {
      name_consts.push_back(codegen::StrConstant(module_, name, origin));
    }
    ast::Expr* call = codegen::InstantiateExpr(
        module_, "ag__.match_(subject, pattern, (names,))",
        {{"subject", codegen::Name(subject_)},
         {"pattern", Describe(*c.pattern)},
         {"names", name_consts}},
        origin);
    if (names.empty()) {
      ast::Expr* test = codegen::InstantiateExpr(
          module_,
          c.guard == nullptr ? "call is not None"
                             : "call is not None and guard",
          c.guard == nullptr
              ? codegen::TemplateArgs{{"call", call}}
              : codegen::TemplateArgs{{"call", call}, {"guard", c.guard}},
          origin);
      return If(test, std::move(c.body), std::move(next), origin);
    }
    if (captured_.empty()) {
      captured_ = namer_.New(module_, "captured_");
    }
    std::vector<ast::Stmt*> out = codegen::Instantiate(
        module_, "captured = call",
        {{"captured", codegen::Name(captured_)}, {"call", call}}, origin);
    ast::Expr* matched = codegen::InstantiateExpr(
        module_, "captured is not None",
        {{"captured", codegen::Name(captured_)}}, origin);
    std::vector<ast::Stmt*> binding = Unpack(names, origin);
    std::vector<ast::Stmt*> tail;
    if (c.guard == nullptr) {
      binding.insert(binding.end(), c.body.begin(), c.body.end());
      tail = If(matched, std::move(binding), std::move(next), origin);
    } else {
      tail = If(matched, std::move(binding), {}, origin);
      ast::Expr* test = codegen::InstantiateExpr(
          module_, "captured is not None and guard",
          {{"captured", codegen::Name(captured_)}, {"guard", c.guard}}, origin);
      std::vector<ast::Stmt*> guarded =
          If(test, std::move(c.body), std::move(next), origin);
      tail.insert(tail.end(), guarded.begin(), guarded.end());
    }
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
  }

  // `subject_ == value`, `subject_ is None`, `... or ...`.
  ast::Expr* ValueTest(ast::Pattern& pattern) {
    if (auto* p = pattern.As<ast::MatchValue>()) {
      return codegen::InstantiateExpr(
          module_, "subject == value",
          {{"subject", codegen::Name(subject_)}, {"value", p->value}},
          pattern.origin);
    }
    if (auto* p = pattern.As<ast::MatchSingleton>()) {
      return codegen::InstantiateExpr(
          module_, "subject is value",
          {{"subject", codegen::Name(subject_)}, {"value", p->value}},
          pattern.origin);
    }
    auto& alternatives = pattern.Cast<ast::MatchOr>().patterns;
    ast::Expr* test = ValueTest(*alternatives[0]);
    for (size_t i = 1; i < alternatives.size(); ++i) {
      test = codegen::InstantiateExpr(
          module_, "a or b", {{"a", test}, {"b", ValueTest(*alternatives[i])}},
          pattern.origin);
    }
    return test;
  }

  // The runtime's description of `pattern` (ag__.Match*).
  ast::Expr* Describe(ast::Pattern& pattern) {
    const ast::Origin origin = pattern.origin;
    auto str = [&](std::string_view s) -> ast::Expr* {
      return codegen::StrConstant(module_, s, origin);
    };
    auto all = [&](std::vector<ast::Pattern*>& patterns) {
      std::vector<ast::Expr*> out;
      for (ast::Pattern* p : patterns) {
        out.push_back(Describe(*p));
      }
      return out;
    };
    if (auto* p = pattern.As<ast::MatchValue>()) {
      return codegen::InstantiateExpr(module_, "ag__.MatchValue(lambda: value)",
                                      {{"value", p->value}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchSingleton>()) {
      return codegen::InstantiateExpr(module_, "ag__.MatchSingleton(value)",
                                      {{"value", p->value}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchAs>()) {
      if (p->pattern == nullptr) {
        return p->name.empty() ? codegen::InstantiateExpr(
                                     module_, "ag__.MatchAs()", {}, origin)
                               : codegen::InstantiateExpr(
                                     module_, "ag__.MatchAs(None, name)",
                                     {{"name", str(p->name)}}, origin);
      }
      return codegen::InstantiateExpr(
          module_, "ag__.MatchAs(pattern, name)",
          {{"pattern", Describe(*p->pattern)}, {"name", str(p->name)}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchOr>()) {
      return codegen::InstantiateExpr(module_, "ag__.MatchOr(patterns)",
                                      {{"patterns", all(p->patterns)}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchStar>()) {
      return p->name.empty()
                 ? codegen::InstantiateExpr(module_, "ag__.MatchStar()", {},
                                            origin)
                 : codegen::InstantiateExpr(module_, "ag__.MatchStar(name)",
                                            {{"name", str(p->name)}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchSequence>()) {
      return codegen::InstantiateExpr(module_, "ag__.MatchSequence(patterns)",
                                      {{"patterns", all(p->patterns)}}, origin);
    }
    if (auto* p = pattern.As<ast::MatchMapping>()) {
      codegen::TemplateArgs args = {{"keys", p->keys},
                                    {"patterns", all(p->patterns)}};
      std::string text = p->keys.empty() ? "ag__.MatchMapping(lambda: (), (), "
                                         : "ag__.MatchMapping(lambda: (keys,), "
                                           "(patterns,), ";
      if (p->keys.empty()) {
        args.clear();
      }
      if (p->rest.empty()) {
        text += "None)";
      } else {
        text += "rest)";
        args.push_back({"rest", str(p->rest)});
      }
      return codegen::InstantiateExpr(module_, text, args, origin);
    }
    auto& p = pattern.Cast<ast::MatchClass>();
    std::vector<ast::Expr*> attrs;
    for (std::string_view attr : p.kwd_attrs) {
      attrs.push_back(str(attr));
    }
    codegen::TemplateArgs args = {{"cls", p.cls}};
    std::string text = "ag__.MatchClass(lambda: cls, ";
    text += p.patterns.empty() ? "(), " : "(patterns,), ";
    text += attrs.empty() ? "(), ()" : "(attrs,), (kwd_patterns,)";
    text += ")";
    if (!p.patterns.empty()) {
      args.push_back({"patterns", all(p.patterns)});
    }
    if (!attrs.empty()) {
      args.push_back({"attrs", attrs});
      args.push_back({"kwd_patterns", all(p.kwd_patterns)});
    }
    return codegen::InstantiateExpr(module_, text, args, origin);
  }

  // `name = subject_`.
  std::vector<ast::Stmt*> Bind(std::string_view name, ast::Origin origin) {
    return codegen::Instantiate(
        module_, "name = subject",
        {{"name", codegen::Name(name)}, {"subject", codegen::Name(subject_)}},
        origin);
  }

  // `a, b = captured_`.
  std::vector<ast::Stmt*> Unpack(const std::vector<std::string_view>& names,
                                 ast::Origin origin) {
    return codegen::Instantiate(module_, "names, = captured",
                                {{"names", codegen::Names(names)},
                                 {"captured", codegen::Name(captured_)}},
                                origin);
  }

  // `if test: body` / `if test: body else: orelse`.
  std::vector<ast::Stmt*> If(ast::Expr* test,
                             std::vector<ast::Stmt*> body,
                             std::vector<ast::Stmt*> orelse,
                             ast::Origin origin) {
    if (orelse.empty()) {
      return codegen::Instantiate(module_, "if test:\n    body\n",
                                  {{"test", test}, {"body", std::move(body)}},
                                  origin);
    }
    return codegen::Instantiate(module_,
                                "if test:\n    body\nelse:\n    orelse\n",
                                {{"test", test},
                                 {"body", std::move(body)},
                                 {"orelse", std::move(orelse)}},
                                origin);
  }

  ast::Module& module_;
  codegen::Namer namer_;
  std::string_view subject_;
  std::string_view captured_;
  bool changed_ = false;
};

class MatchStatementsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      std::vector<ast::Stmt*>* body = loop_jumps::ScopeBody(*fn);
      if (body == nullptr) {
        continue;
      }
      Lowerer lowerer(module, *fn);
      lowerer.Block(*body);
      if (lowerer.changed()) {
        fn->flags |= ast::kFlagLowered;
        ctx.MarkChanged(*fn);
        changed = true;
      }
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<MatchStatementsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::match_statements
