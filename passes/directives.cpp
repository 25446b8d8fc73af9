// directives: consumes what the user tells the converter inside converted
// functions, and removes it from the output.
//
// `set_loop_options(...)` as the first statement of a loop's body (spelt
// `tf.autograph.experimental.set_loop_options`, any dotted path ending in
// that name, or a name imported as `from ... import set_loop_options as x`)
// is removed; control_flow adds its arguments to the loop's opts:
//
//   for i in range(n):                   ag__.for_stmt(range(n), None, ...,
//       tf.autograph.experimental   ->       {'iterate_names': 'i',
//           .set_loop_options(                'maximum_iterations': 10})
//           maximum_iterations=10)
//       ...
//
// The arguments (positional ones in the order parallel_iterations,
// swap_memory, maximum_iterations, shape_invariants) are evaluated once,
// before the loop. Elsewhere it has no effect (AGC202) and stays as
// written; arguments it cannot take leave it as written too (AGC203).
//
// `set_element_type(l, dtype[, shape])` as a statement is removed and
// recorded for the lists pass (ast::Module::SetElementType).
//
// Hints, agc's own comments on the line just before a loop or an if:
//
//   # agc: loop-vars(x, -tmp, +z)        # agc: if-vars(y)
//
// override the state control_flow infers for that statement: names without
// a sign replace it, `+name` adds, `-name` removes (ast::Module::
// SetStateHint). A hint not directly before such a statement of a converted
// function is reported (AGC204); one naming a symbol the statement never
// touches is reported by control_flow (AGC205).
//
// Attaches: loop options, state hints, element types (ast::Module side
// tables). Requires: functions; no analyses.
#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/loop_jumps.h"

namespace agc::passes::directives {
namespace {

constexpr std::array<std::string_view, 4> kLoopOptions = {
    "parallel_iterations", "swap_memory", "maximum_iterations",
    "shape_invariants"};

bool IsLoop(const ast::Stmt& stmt) {
  return stmt.Is<ast::While>() || stmt.Is<ast::For>();
}

// The names the module imports a directive under (`from m import
// set_loop_options as slo` gives `slo`).
struct Aliases {
  std::set<std::string_view> loop_options{"set_loop_options"};
  std::set<std::string_view> element_type{"set_element_type"};
};

void CollectAliases(const ast::Stmt& stmt, Aliases& aliases) {
  if (const auto* from = stmt.As<ast::ImportFrom>()) {
    for (const ast::Alias* alias : from->names) {
      std::string_view as = alias->asname.empty() ? alias->name : alias->asname;
      if (alias->name == "set_loop_options") {
        aliases.loop_options.insert(as);
      } else if (alias->name == "set_element_type") {
        aliases.element_type.insert(as);
      }
    }
    return;
  }
  ForEachBlock(const_cast<ast::Stmt&>(stmt), [&](std::vector<ast::Stmt*>& b) {
    for (const ast::Stmt* s : b) {
      CollectAliases(*s, aliases);
    }
  });
}

enum class Directive { kNone, kLoopOptions, kElementType };

// Which directive `stmt` calls, if it is an expression statement calling
// one: `set_loop_options(...)`, `x.y.set_loop_options(...)` or an alias.
Directive DirectiveOf(const ast::Stmt& stmt,
                      const Aliases& aliases,
                      const ast::Call** call_out = nullptr) {
  const auto* expr = stmt.As<ast::ExprStmt>();
  if (expr == nullptr) {
    return Directive::kNone;
  }
  const auto* call = expr->value->As<ast::Call>();
  if (call == nullptr) {
    return Directive::kNone;
  }
  std::string_view last;
  bool aliased = false;
  if (const auto* name = call->func->As<ast::Name>()) {
    last = name->id;
    aliased = true;
  } else if (const auto* attr = call->func->As<ast::Attribute>()) {
    last = attr->attr;
  }
  if (call_out != nullptr) {
    *call_out = call;
  }
  if (aliased ? aliases.loop_options.count(last) > 0
              : last == "set_loop_options") {
    return Directive::kLoopOptions;
  }
  if (aliased ? aliases.element_type.count(last) > 0
              : last == "set_element_type") {
    return Directive::kElementType;
  }
  return Directive::kNone;
}

class Consumer {
 public:
  Consumer(ast::Module& module,
           pass::PassContext& ctx,
           const Aliases& aliases,
           ast::FunctionDef& fn)
      : module_(module), ctx_(ctx), aliases_(aliases), fn_(fn) {}

  bool changed() const { return changed_; }

  void Block(std::vector<ast::Stmt*>& block) {
    std::vector<ast::Stmt*> out;
    out.reserve(block.size());
    for (ast::Stmt* stmt : block) {
      const ast::Call* call = nullptr;
      switch (DirectiveOf(*stmt, aliases_, &call)) {
        case Directive::kLoopOptions:
          // The first statement of a loop body is taken before the body is
          // visited; any other is misplaced.
          if (invalid_ != stmt) {
            ctx_.Emit(diag::DiagKind::kLoopOptionsMisplaced, *stmt);
          }
          out.push_back(stmt);
          continue;
        case Directive::kElementType:
          if (!ElementType(*call)) {
            out.push_back(stmt);
          }
          continue;
        case Directive::kNone:
          break;
      }
      if (IsLoop(*stmt)) {
        LoopOptions(*stmt);
      }
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
      out.push_back(stmt);
    }
    if (out.empty() && !block.empty()) {
      out = codegen::Instantiate(module_, "pass", {}, block[0]->origin);
    }
    block = std::move(out);
  }

 private:
  void LoopOptions(ast::Stmt& loop) {
    std::vector<ast::Stmt*>& body = loop_jumps::BodyOf(loop);
    const ast::Call* call = nullptr;
    if (body.empty() ||
        DirectiveOf(*body[0], aliases_, &call) != Directive::kLoopOptions) {
      return;
    }
    ast::Module::LoopOptionList options;
    std::string why;
    if (call->args.size() > kLoopOptions.size()) {
      why = "it takes at most 4 positional arguments";
    }
    for (size_t i = 0; why.empty() && i < call->args.size(); ++i) {
      if (call->args[i]->Is<ast::Starred>()) {
        why = "its arguments must be written out, not unpacked";
      } else {
        options.emplace_back(kLoopOptions[i], call->args[i]);
      }
    }
    for (const ast::Keyword* kw : call->keywords) {
      if (!why.empty()) {
        break;
      }
      bool known = false;
      for (std::string_view option : kLoopOptions) {
        known = known || kw->arg == option;
      }
      bool repeated = false;
      for (const auto& [name, value] : options) {
        repeated = repeated || name == kw->arg;
      }
      if (kw->arg.empty()) {
        why = "its arguments must be written out, not unpacked";
      } else if (!known) {
        why = "unknown option '" + std::string(kw->arg) + "'";
      } else if (repeated) {
        why = "option '" + std::string(kw->arg) + "' is given twice";
      } else {
        options.emplace_back(kw->arg, kw->value);
      }
    }
    if (!why.empty()) {
      ctx_.Emit(diag::DiagKind::kDirectiveInvalid, *body[0], "set_loop_options",
                why);
      invalid_ = body[0];
      return;
    }
    module_.SetLoopOptions(loop, std::move(options));
    body.erase(body.begin());
    if (body.empty()) {
      body = codegen::Instantiate(module_, "pass", {}, loop.origin);
    }
    changed_ = true;
  }

  // Records `set_element_type(l, dtype[, shape])`; false when it cannot.
  bool ElementType(const ast::Call& call) {
    std::string why;
    size_t given = call.args.size() + call.keywords.size();
    if (given < 2 || given > 3 || call.args.empty()) {
      why = "it takes the list, the dtype and optionally the shape";
    } else if (!call.args[0]->Is<ast::Name>()) {
      why = "its first argument must be a local name";
    }
    ast::Module::ElementType type;
    for (size_t i = 1; why.empty() && i < call.args.size(); ++i) {
      if (call.args[i]->Is<ast::Starred>()) {
        why = "its arguments must be written out, not unpacked";
      } else {
        (i == 1 ? type.dtype : type.shape) = call.args[i];
      }
    }
    for (const ast::Keyword* kw : call.keywords) {
      if (!why.empty()) {
        break;
      }
      ast::Expr** slot = kw->arg == "dtype"   ? &type.dtype
                         : kw->arg == "shape" ? &type.shape
                                              : nullptr;
      if (slot == nullptr || *slot != nullptr) {
        why = "unexpected argument '" + std::string(kw->arg) + "'";
      } else {
        *slot = kw->value;
      }
    }
    if (why.empty() && type.dtype == nullptr) {
      why = "it needs a dtype";
    }
    if (!why.empty()) {
      ctx_.Emit(diag::DiagKind::kDirectiveInvalid, call, "set_element_type",
                why);
      return false;
    }
    module_.SetElementType(fn_, call.args[0]->Cast<ast::Name>().id, type);
    changed_ = true;
    return true;
  }

  ast::Module& module_;
  pass::PassContext& ctx_;
  const Aliases& aliases_;
  ast::FunctionDef& fn_;
  const ast::Stmt* invalid_ = nullptr;  // reported already
  bool changed_ = false;
};

// ---- Hints ------------------------------------------------------------------

struct ParsedHint {
  std::string_view key;  // "loop-vars" or "if-vars"
  ast::Module::StateHint hint;
  bool ok = false;
};

std::string_view TrimSpace(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' ||
                           text.back() == '\r' || text.back() == '\n')) {
    text.remove_suffix(1);
  }
  return text;
}

// A Python identifier: ASCII letters, digits and `_` (not first a digit), or
// any non-ASCII character (the parser checks those when the name is used).
bool IsIdentifier(std::string_view part) {
  if (part.empty() || (part[0] >= '0' && part[0] <= '9')) {
    return false;
  }
  for (char c : part) {
    auto u = static_cast<unsigned char>(c);
    if (!(u >= 0x80 || c == '_' || (c >= 'a' && c <= 'z') ||
          (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
      return false;
    }
  }
  return true;
}

bool IsSymbol(std::string_view name) {
  // `x` or a dotted path `self.x`.
  size_t start = 0;
  while (true) {
    size_t dot = name.find('.', start);
    std::string_view part = name.substr(start, dot == std::string_view::npos
                                                   ? std::string_view::npos
                                                   : dot - start);
    if (!IsIdentifier(part)) {
      return false;
    }
    if (dot == std::string_view::npos) {
      return true;
    }
    start = dot + 1;
  }
}

// Parses `# agc: loop-vars(x, -y, +z)`; key empty when the comment is no
// hint at all.
ParsedHint ParseHint(std::string_view comment) {
  ParsedHint parsed;
  std::string_view text = TrimSpace(comment.substr(1));  // after '#'
  if (text.substr(0, 4) != "agc:") {
    return parsed;
  }
  text = TrimSpace(text.substr(4));
  for (std::string_view key : {"loop-vars", "if-vars"}) {
    if (text.substr(0, key.size()) == key) {
      parsed.key = key;
      text = TrimSpace(text.substr(key.size()));
    }
  }
  if (parsed.key.empty()) {
    return parsed;  // another `# agc:` comment (lint's ignore, ...)
  }
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') {
    return parsed;
  }
  text = text.substr(1, text.size() - 2);
  if (TrimSpace(text).empty()) {
    parsed.ok = true;  // `loop-vars()`: no state at all
    return parsed;
  }
  while (true) {
    size_t comma = text.find(',');
    std::string_view item = TrimSpace(text.substr(0, comma));
    std::vector<std::string_view>* list = &parsed.hint.exact;
    if (!item.empty() && (item.front() == '+' || item.front() == '-')) {
      list = item.front() == '+' ? &parsed.hint.add : &parsed.hint.remove;
      item = TrimSpace(item.substr(1));
    }
    if (!IsSymbol(item)) {
      return parsed;
    }
    list->push_back(item);
    if (comma == std::string_view::npos) {
      break;
    }
    text = text.substr(comma + 1);
  }
  parsed.ok = true;
  return parsed;
}

// The if/while/for statements of converted functions, by first line.
void CollectTargets(std::vector<ast::Stmt*>& block,
                    std::map<int32_t, ast::Stmt*>& out) {
  for (ast::Stmt* stmt : block) {
    if (stmt->Is<ast::If>() || IsLoop(*stmt)) {
      out.emplace(stmt->origin.line, stmt);
    }
    ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& inner) {
      CollectTargets(inner, out);
    });
  }
}

void AttachHints(ast::Module& module,
                 pass::PassContext& ctx,
                 const std::vector<ast::FunctionDef*>& functions) {
  std::map<int32_t, ast::Stmt*> targets;
  bool collected = false;
  std::string_view bytes = module.source()->bytes();
  std::vector<ast::Comment> kept;  // the comments that are no hint in use
  kept.reserve(module.comments.size());
  for (const ast::Comment& comment : module.comments) {
    kept.push_back(comment);
    std::string_view text =
        bytes.substr(comment.span.begin, comment.span.end - comment.span.begin);
    if (text.find("agc:") == std::string_view::npos) {
      continue;
    }
    ParsedHint parsed = ParseHint(text);
    if (parsed.key.empty()) {
      continue;
    }
    std::string shown(TrimSpace(text));
    if (!parsed.ok) {
      ctx.EmitAt(diag::DiagKind::kDirectiveInvalid, comment.origin,
                 "hint '" + shown + "'",
                 "expected names, -names and +names in parentheses, as in "
                 "'# agc: loop-vars(x, -tmp, +z)'");
      continue;
    }
    if (!collected) {
      for (ast::FunctionDef* fn : functions) {
        if (std::vector<ast::Stmt*>* body = loop_jumps::ScopeBody(*fn)) {
          CollectTargets(*body, targets);
        }
      }
      collected = true;
    }
    bool loop = parsed.key == "loop-vars";
    auto it = targets.find(comment.origin.line + 1);
    if (!comment.own_line || it == targets.end() ||
        IsLoop(*it->second) != loop) {
      ctx.EmitAt(diag::DiagKind::kHintUnattached, comment.origin, shown,
                 loop ? "a for or while loop" : "an if statement");
      continue;
    }
    parsed.hint.line = comment.origin.line;
    module.SetStateHint(*it->second, std::move(parsed.hint));
    kept.pop_back();  // consumed: not printed with the converted function
  }
  module.comments = std::move(kept);
}

class DirectivesPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    std::vector<ast::FunctionDef*> functions = ConvertedFunctions(module);
    if (functions.empty()) {
      return pass::Changed::kNo;
    }
    Aliases aliases;
    for (const ast::Stmt* stmt : module.body) {
      CollectAliases(*stmt, aliases);
    }
    bool changed = false;
    for (ast::FunctionDef* fn : functions) {
      std::vector<ast::Stmt*>* body = loop_jumps::ScopeBody(*fn);
      if (body == nullptr) {
        continue;
      }
      Consumer consumer(module, ctx, aliases, *fn);
      consumer.Block(*body);
      if (consumer.changed()) {
        ctx.MarkChanged(*fn);
        changed = true;
      }
    }
    AttachHints(module, ctx, functions);  // side table only: no tree change
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<DirectivesPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::directives
