// What each statement records (ActivityBuilder, activity_builder.h): a
// frame for each of its parts, in the order Python evaluates them; for a
// def, class or type statement, what runs where it is (decorators,
// defaults, annotations, bases) and what runs in the scope it opens; and
// the header activities (HeaderOf) of compound statements, handlers and
// match cases.
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/activity_builder.h"

namespace agc::analysis {

void ActivityBuilder::Stmts(const std::vector<ast::Stmt*>& body) {
  for (const ast::Stmt* stmt : body) {
    Stmt(*stmt);
  }
}

// Defaults, keyword defaults and (for functions) annotations: evaluated
// where the function is defined. `leaves_annotation_scope`: a generic
// function's own arguments, whose defaults run outside its annotation
// scope (a lambda's in a bound or default run in it).
void ActivityBuilder::ArgumentsOutside(const ast::Arguments& args,
                                       bool leaves_annotation_scope) {
  SetEnclosing(args);
  auto annotation = [&](const ast::Arg* arg) {
    if (arg != nullptr && arg->annotation != nullptr) {
      Visit(*arg->annotation);
    }
  };
  for (const ast::Arg* arg : args.posonlyargs) {
    annotation(arg);
  }
  for (const ast::Arg* arg : args.args) {
    annotation(arg);
  }
  annotation(args.vararg);
  for (const ast::Arg* arg : args.kwonlyargs) {
    annotation(arg);
  }
  annotation(args.kwarg);
  // Defaults run outside a generic function's annotation scope: they see
  // the enclosing scope's names, not its type parameters.
  const bool in_annotation_scope = in_annotation_scope_;
  in_annotation_scope_ = in_annotation_scope_ && !leaves_annotation_scope;
  for (const ast::Expr* d : args.defaults) {
    Visit(*d);
  }
  for (const ast::Expr* d : args.kw_defaults) {
    if (d != nullptr) {
      Visit(*d);
    }
  }
  in_annotation_scope_ = in_annotation_scope;
}

// Parameters: bound (and modified) in the scope just entered.
void ActivityBuilder::BindParams(const ast::Arguments& args) {
  auto param = [&](const ast::Arg* arg) {
    if (arg == nullptr) {
      return;
    }
    SetEnclosing(*arg);
    SymbolId id = Ident(arg->arg);
    Modify(id);
    Bind(id);
    scopes_.back().params.push_back(id);
  };
  for (const ast::Arg* arg : args.posonlyargs) {
    param(arg);
  }
  for (const ast::Arg* arg : args.args) {
    param(arg);
  }
  param(args.vararg);
  for (const ast::Arg* arg : args.kwonlyargs) {
    param(arg);
  }
  param(args.kwarg);
}

template <typename F>
void ActivityBuilder::Function(const F& f) {
  for (const ast::Expr* d : f.decorator_list) {
    ExprPart(d);
  }
  InAnnotationScope(f.type_params, [&] {
    TypeParamParts(f.type_params);
    Part(f.args,
         [&] { ArgumentsOutside(*f.args, /*leaves_annotation_scope=*/true); });
    ExprPart(f.returns);
  });
  SymbolId id = Ident(f.name);
  Modify(id);
  Bind(id);
  EnterScope(ScopeKind::kFunction, &f);
  scopes_.back().type_params = TypeParamIds(f.type_params);
  BindParams(*f.args);
  Stmts(f.body);
  RecordEscapes(ExitScope());
}

void ActivityBuilder::Class(const ast::ClassDef& c) {
  for (const ast::Expr* d : c.decorator_list) {
    ExprPart(d);
  }
  InAnnotationScope(c.type_params, [&] {
    TypeParamParts(c.type_params);
    for (const ast::Expr* base : c.bases) {
      ExprPart(base);
    }
    for (const ast::Keyword* k : c.keywords) {
      Part(k, [&] { Visit(*k->value); });
    }
  });
  SymbolId id = Ident(c.name);
  Modify(id);
  Bind(id);
  EnterScope(ScopeKind::kClass, &c);
  scopes_.back().type_params = TypeParamIds(c.type_params);
  Stmts(c.body);
  RecordEscapes(ExitScope());
}

// `type X[T] = value` binds X where it runs, as an assignment does; the
// value is evaluated lazily, in the alias's annotation scope.
void ActivityBuilder::TypeAlias(const ast::TypeAlias& a) {
  ExprPart(a.name);
  InAnnotationScope(a.type_params, [&] {
    TypeParamParts(a.type_params);
    ExprPart(a.value);
  });
}

void ActivityBuilder::AnnAssign(const ast::AnnAssign& a) {
  const ScopeKind kind = scopes_.back().scope->kind;
  const bool evaluated =
      kind == ScopeKind::kModule || kind == ScopeKind::kClass;
  if (a.value != nullptr) {
    ExprPart(a.target);
  } else {
    // Declares without assigning: a simple name becomes local; the base of
    // an attribute or subscript is still evaluated.
    Part(a.target, [&] {
      if (const auto* name = a.target->As<ast::Name>()) {
        if (a.simple) {
          Bind(qn_.Of(*name));
        }
      } else {
        ast::ForEachChild(*a.target,
                          [&](const ast::Node* child) { Visit(*child); });
      }
    });
  }
  Part(
      a.annotation, [&] { Visit(*a.annotation); }, !evaluated);
  ExprPart(a.value);
}

void ActivityBuilder::Handler(const ast::ExceptHandler& h) {
  SymbolId id = Ident(h.name);
  Part(&h, [&] {
    ExprPart(h.type);
    Modify(id);
    Bind(id);
    Stmts(h.body);
    Delete(id);
  });
  SetHeader(h, {h.type}, id);
}

void ActivityBuilder::Try(const std::vector<ast::Stmt*>& body,
                          const std::vector<ast::ExceptHandler*>& handlers,
                          const std::vector<ast::Stmt*>& orelse,
                          const std::vector<ast::Stmt*>& finalbody) {
  Stmts(body);
  for (const ast::ExceptHandler* h : handlers) {
    Handler(*h);
  }
  Stmts(orelse);
  Stmts(finalbody);
}

void ActivityBuilder::WithItems(const std::vector<ast::WithItem*>& items) {
  for (const ast::WithItem* item : items) {
    Part(item, [&] {
      ExprPart(item->context_expr);
      ExprPart(item->optional_vars);
    });
  }
}

void ActivityBuilder::Alias(const ast::Alias& alias, bool from) {
  Part(&alias, [&] {
    std::string_view name = alias.asname;
    if (name.empty()) {
      name = alias.name;
      if (!from) {
        name = name.substr(0, name.find('.'));
      } else if (name == "*") {
        return;
      }
    }
    SymbolId id = Ident(name);
    Modify(id);
    Bind(id);
  });
}

void ActivityBuilder::Stmt(const ast::Stmt& s) {
  SetEnclosing(s);
  PushFrame(s.node_id);
  switch (s.kind) {
    case ast::Kind::kFunctionDef:
      Function(s.Cast<ast::FunctionDef>());
      break;
    case ast::Kind::kAsyncFunctionDef:
      Function(s.Cast<ast::AsyncFunctionDef>());
      break;
    case ast::Kind::kTypeAlias:
      TypeAlias(s.Cast<ast::TypeAlias>());
      break;
    case ast::Kind::kClassDef:
      Class(s.Cast<ast::ClassDef>());
      break;
    case ast::Kind::kReturn:
      ExprPart(s.Cast<ast::Return>().value);
      break;
    case ast::Kind::kDelete:
      for (const ast::Expr* t : s.Cast<ast::Delete>().targets) {
        ExprPart(t);
      }
      break;
    case ast::Kind::kAssign: {
      const auto& a = s.Cast<ast::Assign>();
      for (const ast::Expr* t : a.targets) {
        ExprPart(t);
      }
      ExprPart(a.value);
      break;
    }
    case ast::Kind::kAugAssign: {
      const auto& a = s.Cast<ast::AugAssign>();
      Part(a.target, [&] {
        Read(qn_.Of(*a.target));
        Visit(*a.target);
      });
      ExprPart(a.value);
      break;
    }
    case ast::Kind::kAnnAssign:
      AnnAssign(s.Cast<ast::AnnAssign>());
      break;
    case ast::Kind::kFor: {
      const auto& f = s.Cast<ast::For>();
      ExprPart(f.target);
      ExprPart(f.iter);
      Stmts(f.body);
      Stmts(f.orelse);
      break;
    }
    case ast::Kind::kAsyncFor: {
      const auto& f = s.Cast<ast::AsyncFor>();
      ExprPart(f.target);
      ExprPart(f.iter);
      Stmts(f.body);
      Stmts(f.orelse);
      break;
    }
    case ast::Kind::kWhile: {
      const auto& w = s.Cast<ast::While>();
      ExprPart(w.test);
      Stmts(w.body);
      Stmts(w.orelse);
      break;
    }
    case ast::Kind::kIf: {
      const auto& i = s.Cast<ast::If>();
      ExprPart(i.test);
      Stmts(i.body);
      Stmts(i.orelse);
      break;
    }
    case ast::Kind::kWith: {
      const auto& w = s.Cast<ast::With>();
      WithItems(w.items);
      Stmts(w.body);
      break;
    }
    case ast::Kind::kAsyncWith: {
      const auto& w = s.Cast<ast::AsyncWith>();
      WithItems(w.items);
      Stmts(w.body);
      break;
    }
    case ast::Kind::kMatch: {
      const auto& m = s.Cast<ast::Match>();
      ExprPart(m.subject);
      for (const ast::MatchCase* c : m.cases) {
        Part(c, [&] {
          ExprPart(c->pattern);
          ExprPart(c->guard);
          Stmts(c->body);
        });
        SetHeader(*c, {c->pattern, c->guard});
      }
      break;
    }
    case ast::Kind::kRaise: {
      const auto& r = s.Cast<ast::Raise>();
      ExprPart(r.exc);
      ExprPart(r.cause);
      break;
    }
    case ast::Kind::kTry: {
      const auto& t = s.Cast<ast::Try>();
      Try(t.body, t.handlers, t.orelse, t.finalbody);
      break;
    }
    case ast::Kind::kTryStar: {
      const auto& t = s.Cast<ast::TryStar>();
      Try(t.body, t.handlers, t.orelse, t.finalbody);
      break;
    }
    case ast::Kind::kAssert: {
      const auto& a = s.Cast<ast::Assert>();
      ExprPart(a.test);
      ExprPart(a.msg);
      break;
    }
    case ast::Kind::kImport:
      for (const ast::Alias* alias : s.Cast<ast::Import>().names) {
        Alias(*alias, /*from=*/false);
      }
      break;
    case ast::Kind::kImportFrom:
      for (const ast::Alias* alias : s.Cast<ast::ImportFrom>().names) {
        Alias(*alias, /*from=*/true);
      }
      break;
    case ast::Kind::kGlobal:
      for (std::string_view name : s.Cast<ast::Global>().names) {
        scopes_.back().globals.push_back(Ident(name));
      }
      break;
    case ast::Kind::kNonlocal:
      for (std::string_view name : s.Cast<ast::Nonlocal>().names) {
        scopes_.back().nonlocals.push_back(Ident(name));
      }
      break;
    case ast::Kind::kExprStmt:
      ExprPart(s.Cast<ast::ExprStmt>().value);
      break;
    case ast::Kind::kPass:
    case ast::Kind::kBreak:
    case ast::Kind::kContinue:
      break;
    default:
      AGC_CHECK_MSG(false, "not a statement");
  }
  PopFrame();
  switch (s.kind) {
    case ast::Kind::kIf:
      SetHeader(s, {s.Cast<ast::If>().test});
      break;
    case ast::Kind::kWhile:
      SetHeader(s, {s.Cast<ast::While>().test});
      break;
    case ast::Kind::kFor:
      SetHeader(s, {s.Cast<ast::For>().iter, s.Cast<ast::For>().target});
      break;
    case ast::Kind::kAsyncFor:
      SetHeader(s,
                {s.Cast<ast::AsyncFor>().iter, s.Cast<ast::AsyncFor>().target});
      break;
    case ast::Kind::kWith:
      WithHeader(s, s.Cast<ast::With>().items);
      break;
    case ast::Kind::kAsyncWith:
      WithHeader(s, s.Cast<ast::AsyncWith>().items);
      break;
    case ast::Kind::kMatch:
      SetHeader(s, {s.Cast<ast::Match>().subject});
      break;
    case ast::Kind::kTry:
    case ast::Kind::kTryStar:
      SetHeader(s, {});
      break;
    default:
      break;
  }
}

void ActivityBuilder::WithHeader(const ast::Stmt& s,
                                 const std::vector<ast::WithItem*>& items) {
  NodeActivity header;
  for (const ast::WithItem* item : items) {
    const NodeActivity& a = ActivityOf(*item);
    header.read.UnionWith(a.read);
    header.modified.UnionWith(a.modified);
    header.deleted.UnionWith(a.deleted);
  }
  out_.header_index_[s.node_id] = AddActivity(std::move(header));
}

}  // namespace agc::analysis
