// The bindings the helpers' references need (FunctionConverter, declared in
// function_converter.h): once the function is converted, the locals a
// generated helper refers to with no binding at the function's own level
// before it start as `x = ag__.Undefined('x')` (ComputeInits, Inits), and
// get_state reads them plainly (SimplifyStateReads). Also the name walks
// the other files use: OpensScope, CollectBindings, CollectReads.
#include <cstddef>
#include <map>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "passes/control_flow/function_converter.h"
#include "passes/converted_code.h"

namespace agc::passes::control_flow {

bool OpensScope(const ast::Node& node) {
  switch (node.kind) {
    case ast::Kind::kFunctionDef:
    case ast::Kind::kAsyncFunctionDef:
    case ast::Kind::kClassDef:
    case ast::Kind::kLambda:
    case ast::Kind::kListComp:
    case ast::Kind::kSetComp:
    case ast::Kind::kDictComp:
    case ast::Kind::kGeneratorExp:
      return true;
    default:
      return false;
  }
}

void CollectBindings(const ast::Node& node, NameSet& out) {
  if (std::string_view bound = ast::BoundName(node); !bound.empty()) {
    out.insert(bound);
  }
  if (node.Is<ast::Name>() || node.Is<ast::Alias>() || OpensScope(node)) {
    return;  // other scopes (the def or class name binds here)
  }
  ast::ForEachChild(
      node, [&](const ast::Node* child) { CollectBindings(*child, out); });
}

// For each name a statement of the function's own level binds (what
// helpers bind does not count), the first top-level statement that does.
std::map<std::string_view, size_t> FunctionConverter::FirstBindings() const {
  std::map<std::string_view, size_t> first;
  NameSet bound;
  for (size_t i = 0; i < replaced_.size(); ++i) {
    for (ast::Stmt* stmt : replaced_[i]) {
      if (!IsHelperOrCall(*stmt)) {
        CollectBindings(*stmt, bound);
      }
    }
    for (std::string_view name : bound) {
      first.emplace(name, i);  // keeps the first
    }
    bound.clear();
  }
  return first;
}

// A plain local of the converted function that a helper refers to.
bool FunctionConverter::IsFunctionLocal(std::string_view name) const {
  SymbolId id = qn_.Find(name);
  return id != analysis::kNoSymbol && scope_.bound.Contains(id) &&
         !scope_.params.Contains(id) && name != FunctionScopeName(fn_);
}

// Names a helper's own statements read (lambda and comprehension bodies
// included; nested functions are frames or user scopes of their own).
void FunctionConverter::CollectReads(const ast::Node& node, NameSet& out) {
  if (const auto* name = node.As<ast::Name>()) {
    if (name->ctx == ast::ExprContext::kLoad) {
      out.insert(name->id);
    }
    return;
  }
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>()) {
    return;
  }
  ast::ForEachChild(node,
                    [&](const ast::Node* child) { CollectReads(*child, out); });
}

// Finds, for each helper reference to a function local, whether some
// enclosing helper binds it; those that reach the function's own level
// need a binding there (needed_: name -> first top-level statement).
void FunctionConverter::Resolve(const ast::Node& node,
                                std::vector<Frame>& frames,
                                size_t top) {
  const auto* fn = node.As<ast::FunctionDef>();
  if (fn != nullptr && generated_helpers_.count(fn) > 0) {
    Frame frame;
    for (const ast::Arg* arg : fn->args->args) {
      frame.bound.insert(arg->arg);
    }
    NameSet refs;
    for (const ast::Stmt* stmt : fn->body) {
      OwnLevel(*stmt, frame, refs);
    }
    for (std::string_view name : refs) {
      if (frame.bound.contains(name) && !frame.declared.contains(name)) {
        continue;  // local to this helper
      }
      if (!IsFunctionLocal(name)) {
        continue;
      }
      bool resolved = false;
      for (auto it = frames.rbegin(); it != frames.rend() && !resolved; ++it) {
        resolved = it->bound.contains(name) && !it->declared.contains(name);
      }
      if (!resolved) {
        needed_.emplace(name, top);  // keeps the first
      }
    }
    frames.push_back(std::move(frame));
    for (const ast::Stmt* stmt : fn->body) {
      Resolve(*stmt, frames, top);
    }
    frames.pop_back();
    return;
  }
  if (fn != nullptr || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>()) {
    return;  // a user scope: its references are the original program's
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (child->category() == ast::Category::kStmt ||
        child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
      Resolve(*child, frames, top);
    }
  });
}

// A helper's own-level statement: its bindings, declarations and the
// names it refers to.
void FunctionConverter::OwnLevel(const ast::Stmt& stmt,
                                 Frame& frame,
                                 NameSet& refs) {
  if (const auto* decl = stmt.As<ast::Nonlocal>()) {
    for (std::string_view n : decl->names) {
      frame.declared.insert(n);
      refs.insert(n);
    }
    return;
  }
  if (const auto* decl = stmt.As<ast::Global>()) {
    for (std::string_view n : decl->names) {
      frame.declared.insert(n);
    }
    return;
  }
  CollectBindings(stmt, frame.bound);
  if (stmt.Is<ast::FunctionDef>()) {
    // Decorators and defaults run here.
    const auto& fn = stmt.Cast<ast::FunctionDef>();
    for (const ast::Expr* d : fn.decorator_list) {
      CollectReads(*d, refs);
    }
    CollectReads(*fn.args, refs);
    return;
  }
  CollectReads(stmt, refs);
  ForEachBlock(const_cast<ast::Stmt&>(stmt),
               [&](std::vector<ast::Stmt*>& block) {
                 for (const ast::Stmt* s : block) {
                   OwnLevel(*s, frame, refs);
                 }
               });
}

// Which locals start as `ag__.Undefined`: those a helper refers to with no
// binding at the function's own level before the statement that uses it.
void FunctionConverter::ComputeInits() {
  for (size_t i = 0; i < replaced_.size(); ++i) {
    std::vector<Frame> frames;
    for (const ast::Stmt* stmt : replaced_[i]) {
      Resolve(*stmt, frames, i);
    }
  }
  if (needed_.empty()) {
    return;
  }
  const std::map<std::string_view, size_t> first_binding = FirstBindings();
  for (const auto& [name, first_use] : needed_) {
    auto it = first_binding.find(name);
    if (it == first_binding.end() || it->second >= first_use) {
      initialized_.insert(name);
    }
  }
}

// `x = ag__.Undefined('x')`, one per initialized local.
std::vector<ast::Stmt*> FunctionConverter::Inits() {
  std::vector<ast::Stmt*> out;
  for (std::string_view name : initialized_) {
    auto stmts = codegen::Instantiate(
        module_, "x = ag__.Undefined(name)",
        {{"x", codegen::Name(name)},
         {"name", codegen::StrConstant(module_, name, fn_.origin)}},
        fn_.origin);
    out.insert(out.end(), stmts.begin(), stmts.end());
  }
  return out;
}

// A name that starts as Undefined is always bound: get_state can read it
// directly instead of through ag__.ldu.
void FunctionConverter::SimplifyStateReads() {
  for (const LduRead& read : ldu_reads_) {
    if (initialized_.count(read.name) > 0) {
      (*read.elts)[read.index] = read.plain;
    }
  }
}

bool FunctionConverter::IsHelperOrCall(const ast::Stmt& stmt) const {
  return generated_.count(&stmt) > 0;
}

}  // namespace agc::passes::control_flow
