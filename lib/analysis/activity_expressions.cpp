// What expressions and patterns record (ActivityBuilder,
// activity_builder.h): names in their context, attributes and subscripts
// as composite symbols, walrus targets, the scopes lambdas and
// comprehensions open, and match captures.
#include <string_view>
#include <type_traits>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/activity_builder.h"

namespace agc::analysis {

template <typename Comp>
void ActivityBuilder::Comprehension(const Comp& comp) {
  const std::vector<ast::Comprehension*>& gens = comp.generators;
  AGC_CHECK(!gens.empty());
  // The first iterable is evaluated where the comprehension is.
  Visit(*gens[0]->iter);
  EnterScope(ScopeKind::kComprehension, &comp);
  for (size_t i = 0; i < gens.size(); ++i) {
    const ast::Comprehension& g = *gens[i];
    SetEnclosing(g);
    Visit(*g.target);
    if (i > 0) {
      Visit(*g.iter);
    }
    for (const ast::Expr* cond : g.ifs) {
      Visit(*cond);
    }
  }
  if constexpr (std::is_same_v<Comp, ast::DictComp>) {
    Visit(*comp.key);
    Visit(*comp.value);
  } else {
    Visit(*comp.elt);
  }
  RecordEscapes(ExitScope());
}

void ActivityBuilder::Visit(const ast::Node& node) {
  SetEnclosing(node);
  switch (node.kind) {
    case ast::Kind::kName: {
      const auto& n = node.Cast<ast::Name>();
      SymbolId id = qn_.Of(n);
      switch (n.ctx) {
        case ast::ExprContext::kLoad:
          out_.type_param_reads_[n.node_id] =
              id != kNoSymbol && InTypeParamScope(id);
          Read(id);
          break;
        case ast::ExprContext::kStore:
          Modify(id);
          Bind(id);
          break;
        case ast::ExprContext::kDel:
          Delete(id);
          Bind(id);
          break;
      }
      return;
    }
    case ast::Kind::kAttribute:
      Composite(node, node.Cast<ast::Attribute>().ctx);
      return;
    case ast::Kind::kSubscript:
      Composite(node, node.Cast<ast::Subscript>().ctx);
      return;
    case ast::Kind::kNamedExpr: {
      const auto& n = node.Cast<ast::NamedExpr>();
      Visit(*n.value);
      SymbolId id = qn_.Of(*n.target);
      if (id == kNoSymbol || !n.target->Is<ast::Name>()) {
        Visit(*n.target);
        return;
      }
      SetEnclosing(*n.target);
      Modify(id);
      BindWalrus(id);
      return;
    }
    case ast::Kind::kLambda: {
      const auto& l = node.Cast<ast::Lambda>();
      ArgumentsOutside(*l.args);
      EnterScope(ScopeKind::kLambda, &l);
      BindParams(*l.args);
      Visit(*l.body);
      RecordEscapes(ExitScope());
      return;
    }
    case ast::Kind::kListComp:
      Comprehension(node.Cast<ast::ListComp>());
      return;
    case ast::Kind::kSetComp:
      Comprehension(node.Cast<ast::SetComp>());
      return;
    case ast::Kind::kGeneratorExp:
      Comprehension(node.Cast<ast::GeneratorExp>());
      return;
    case ast::Kind::kDictComp:
      Comprehension(node.Cast<ast::DictComp>());
      return;
    case ast::Kind::kMatchAs:
      VisitChildren(node);
      Capture(node.Cast<ast::MatchAs>().name);
      return;
    case ast::Kind::kMatchStar:
      Capture(node.Cast<ast::MatchStar>().name);
      return;
    case ast::Kind::kMatchMapping:
      VisitChildren(node);
      Capture(node.Cast<ast::MatchMapping>().rest);
      return;
    default:
      AGC_CHECK_MSG(node.category() != ast::Category::kStmt,
                    "statement visited as an expression");
      VisitChildren(node);
      return;
  }
}

void ActivityBuilder::VisitChildren(const ast::Node& node) {
  ast::ForEachChild(node, [&](const ast::Node* child) { Visit(*child); });
}

void ActivityBuilder::Capture(std::string_view name) {
  SymbolId id = Ident(name);
  Modify(id);
  Bind(id);
}

// Attribute or subscript: the qualified name itself (if it is one) in the
// node's context; its base and index are read.
void ActivityBuilder::Composite(const ast::Node& node, ast::ExprContext ctx) {
  SymbolId id = qn_.Of(node);
  switch (ctx) {
    case ast::ExprContext::kLoad:
      Read(id);
      break;
    case ast::ExprContext::kStore:
      Modify(id);
      break;
    case ast::ExprContext::kDel:
      Delete(id);
      break;
  }
  VisitChildren(node);
}

}  // namespace agc::analysis
