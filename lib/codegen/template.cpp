#include "lib/codegen/template.h"

#include <fmt/core.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <unordered_map>

#include "lib/base/source_file.h"
#include "lib/base/string_hash.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::codegen {
namespace {

// Removes the indentation common to all non-blank lines and a leading blank
// line, so templates can be written indented inside C++ code.
std::string Dedent(std::string_view text) {
  if (!text.empty() && text.front() == '\n') {
    text.remove_prefix(1);
  }
  size_t common = std::string_view::npos;
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string_view line = text.substr(pos, end - pos);
    size_t indent = line.find_first_not_of(' ');
    if (indent != std::string_view::npos) {
      common = std::min(common, indent);
    }
    pos = end + 1;
  }
  if (common == std::string_view::npos) {
    common = 0;
  }
  std::string out;
  out.reserve(text.size());
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string_view line = text.substr(pos, end - pos);
    out.append(line.size() >= common ? line.substr(common)
                                     : std::string_view());
    out += '\n';
    pos = end + 1;
  }
  return out;
}

// A parsed template; the source outlives the module that points into it.
struct Parsed {
  std::unique_ptr<base::SourceFile> source;
  std::unique_ptr<ast::Module> module;
};

const ast::Module& ParseTemplate(std::string_view text) {
  // Per thread, so conversion workers never share a cache; templates are a
  // fixed, small set of literals, so entries are never evicted. Hashed: a
  // lookup per instantiation, and many templates share long prefixes.
  thread_local std::unordered_map<std::string, Parsed, base::StringHash,
                                  std::equal_to<>>
      cache;
  auto it = cache.find(text);
  if (it == cache.end()) {
    Parsed parsed;
    parsed.source =
        std::make_unique<base::SourceFile>("<template>", Dedent(text));
    parsed.module = std::make_unique<ast::Module>(parsed.source.get());
    diag::DiagnosticSink sink;
    bool ok = syntax::Parse(*parsed.source, *parsed.module, sink);
    if (!ok) {
      std::string why;
      for (const diag::Diagnostic& d : sink.Sorted()) {
        why += diag::FormatText(d) + "\n";
      }
      AGC_CHECK_MSG(ok, fmt::format("template does not parse:\n{}{}",
                                    parsed.source->bytes(), why)
                            .c_str());
    }
    it = cache.emplace(std::string(text), std::move(parsed)).first;
  }
  return *it->second.module;
}

class Instantiator {
 public:
  Instantiator(ast::Module& dst, const TemplateArgs& args, ast::Origin origin)
      : dst_(dst), args_(args), origin_(origin) {
    AGC_CHECK_MSG(args.size() <= 64, "a template takes at most 64 arguments");
  }

  std::vector<ast::Stmt*> Body(const std::vector<ast::Stmt*>& body) {
    std::vector<ast::Stmt*> out;
    CopyStmts(body, out);
    return out;
  }

  ast::Expr* Expr(const ast::Expr& expr) { return CopyChild<ast::Expr>(expr); }

 private:
  // The argument for a placeholder identifier, or null.
  const TemplateArg* Find(std::string_view name, size_t* index = nullptr) {
    for (size_t i = 0; i < args_.size(); ++i) {
      if (args_[i].placeholder == name) {
        if (index != nullptr) {
          *index = i;
        }
        return &args_[i];
      }
    }
    return nullptr;
  }

  std::string_view Ident(std::string_view name) {
    const TemplateArg* arg = Find(name);
    if (arg == nullptr) {
      return dst_.Intern(name);
    }
    const auto* repl = std::get_if<NameRepl>(&arg->replacement);
    AGC_CHECK_MSG(repl != nullptr,
                  fmt::format("template placeholder '{}' used as an "
                              "identifier needs a name",
                              name)
                      .c_str());
    return dst_.Intern(repl->name);
  }

  void CopyIdents(const std::vector<std::string_view>& in,
                  std::vector<std::string_view>& out) {
    for (std::string_view name : in) {
      const TemplateArg* arg = Find(name);
      if (arg != nullptr) {
        if (const auto* names = std::get_if<NamesRepl>(&arg->replacement)) {
          for (std::string_view n : names->names) {
            out.push_back(dst_.Intern(n));
          }
          continue;
        }
      }
      out.push_back(Ident(name));
    }
  }

  // The replacement expression for a Name placeholder, with the Name's
  // context; a clone after its first use.
  ast::Expr* Substitute(const ast::Name& name, size_t index) {
    ast::Expr* expr = std::get<ast::Expr*>(args_[index].replacement);
    AGC_CHECK(expr != nullptr);
    const uint64_t bit = uint64_t{1} << index;
    if ((used_ & bit) != 0) {
      expr = ast::CloneAs(dst_, *expr);
    }
    used_ |= bit;
    SetContext(*expr, name.ctx);
    return expr;
  }

  template <typename T>
  T* CopyChild(const T& node) {
    if (const auto* name = node.template As<ast::Name>()) {
      size_t index = 0;
      const TemplateArg* arg = Find(name->id, &index);
      if (arg != nullptr &&
          std::holds_alternative<ast::Expr*>(arg->replacement)) {
        if constexpr (std::is_base_of_v<T, ast::Expr>) {
          return Substitute(*name, index);
        }
      }
    }
    return static_cast<T*>(Copy(node));
  }

  void CopyStmts(const std::vector<ast::Stmt*>& in,
                 std::vector<ast::Stmt*>& out) {
    out.reserve(out.size() + in.size());
    for (const ast::Stmt* stmt : in) {
      const auto* expr_stmt = stmt->As<ast::ExprStmt>();
      const ast::Name* name =
          expr_stmt != nullptr ? expr_stmt->value->As<ast::Name>() : nullptr;
      const TemplateArg* arg = name != nullptr ? Find(name->id) : nullptr;
      if (arg != nullptr) {
        if (const auto* stmts =
                std::get_if<std::vector<ast::Stmt*>>(&arg->replacement)) {
          out.insert(out.end(), stmts->begin(), stmts->end());
          continue;
        }
      }
      out.push_back(CopyChild(*stmt));
    }
    if (out.empty() && !in.empty()) {
      out.push_back(dst_.New<ast::Pass>(origin_));
    }
  }

  template <typename T>
  void CopyList(const std::vector<T*>& in, std::vector<T*>& out) {
    if constexpr (std::is_same_v<T, ast::Stmt>) {
      CopyStmts(in, out);
    } else {
      out.reserve(out.size() + in.size());
      for (const T* child : in) {
        if (child == nullptr) {
          out.push_back(nullptr);
          continue;
        }
        if constexpr (std::is_same_v<T, ast::Expr>) {
          if (Splice(*child, out)) {
            continue;
          }
        }
        if constexpr (std::is_same_v<T, ast::Arg>) {
          if (SpliceParams(*child, out)) {
            continue;
          }
        }
        out.push_back(CopyChild(*child));
      }
    }
  }

  // Splices a list replacement where a Name placeholder is a list element.
  bool Splice(const ast::Expr& child, std::vector<ast::Expr*>& out) {
    const auto* name = child.As<ast::Name>();
    const TemplateArg* arg = name != nullptr ? Find(name->id) : nullptr;
    if (arg == nullptr) {
      return false;
    }
    if (const auto* exprs =
            std::get_if<std::vector<ast::Expr*>>(&arg->replacement)) {
      for (ast::Expr* e : *exprs) {
        SetContext(*e, name->ctx);
        out.push_back(e);
      }
      return true;
    }
    if (const auto* names = std::get_if<NamesRepl>(&arg->replacement)) {
      for (std::string_view n : names->names) {
        auto* element = dst_.New<ast::Name>(origin_);
        element->id = dst_.Intern(n);
        element->ctx = name->ctx;
        out.push_back(element);
      }
      return true;
    }
    return false;
  }

  // Splices a list of names where a parameter placeholder stands
  // (`def body(state):` with Names({"y", "x"}) is `def body(y, x):`).
  bool SpliceParams(const ast::Arg& child, std::vector<ast::Arg*>& out) {
    const TemplateArg* arg = Find(child.arg);
    const auto* names =
        arg != nullptr ? std::get_if<NamesRepl>(&arg->replacement) : nullptr;
    if (names == nullptr) {
      return false;
    }
    AGC_CHECK_MSG(child.annotation == nullptr,
                  "a spliced parameter placeholder takes no annotation");
    for (std::string_view n : names->names) {
      auto* param = dst_.New<ast::Arg>(origin_);
      param->arg = dst_.Intern(n);
      out.push_back(param);
    }
    return true;
  }

  template <typename T>
  T CopyAttr(const T& value) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return dst_.Intern(value);
    } else {
      return value;
    }
  }

  ast::Node* Copy(const ast::Node& node) {
    switch (node.kind) {
#define AGC_NODE_BEGIN(N, Cat, Py)                                       \
  case ast::Kind::k##N: {                                                \
    [[maybe_unused]] const auto& src = static_cast<const ast::N&>(node); \
    auto* out = dst_.New<ast::N>(origin_);
#define AGC_NODE_END(N) \
  return out;           \
  }
#define AGC_CHILD(T, f) \
  out->f = src.f == nullptr ? nullptr : CopyChild<ast::T>(*src.f);
#define AGC_OPT(T, f) AGC_CHILD(T, f)
#define AGC_LIST(T, f) CopyList<ast::T>(src.f, out->f);
#define AGC_OPT_LIST(T, f) AGC_LIST(T, f)
#define AGC_IDENT(f) out->f = Ident(src.f);
#define AGC_OPT_IDENT(f) out->f = src.f.empty() ? src.f : Ident(src.f);
#define AGC_IDENT_LIST(f) CopyIdents(src.f, out->f);
#define AGC_ATTR(T, f, init) out->f = CopyAttr(src.f);
#include "lib/ast/node_kinds.def"
    }
    AGC_CHECK(false);
    return nullptr;
  }

  ast::Module& dst_;
  const TemplateArgs& args_;
  ast::Origin origin_;
  uint64_t used_ = 0;  // bit i: argument i was substituted once already
};

}  // namespace

std::vector<ast::Stmt*> Instantiate(ast::Module& module,
                                    std::string_view text,
                                    const TemplateArgs& args,
                                    ast::Origin origin) {
  const ast::Module& tmpl = ParseTemplate(text);
  return Instantiator(module, args, origin).Body(tmpl.body);
}

ast::Expr* InstantiateExpr(ast::Module& module,
                           std::string_view text,
                           const TemplateArgs& args,
                           ast::Origin origin) {
  const ast::Module& tmpl = ParseTemplate(text);
  AGC_CHECK_MSG(tmpl.body.size() == 1 && tmpl.body[0]->Is<ast::ExprStmt>(),
                "an expression template must be one expression");
  return Instantiator(module, args, origin)
      .Expr(*tmpl.body[0]->Cast<ast::ExprStmt>().value);
}

ast::Constant* StrConstant(ast::Module& module,
                           std::string_view value,
                           ast::Origin origin) {
  std::string text = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') {
      text += '\\';
      text += c;
    } else if (c == '\n') {
      text += "\\n";
    } else if (c == '\r') {
      text += "\\r";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      text += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      text += c;
    }
  }
  text += '\'';
  auto* constant = module.New<ast::Constant>(origin);
  constant->value_kind = ast::ConstantKind::kStr;
  constant->text = module.Intern(text);
  return constant;
}

ast::Constant* IntConstant(ast::Module& module,
                           int64_t value,
                           ast::Origin origin) {
  auto* constant = module.New<ast::Constant>(origin);
  constant->value_kind = ast::ConstantKind::kInt;
  constant->text = module.Intern(std::to_string(value));
  return constant;
}

void SetContext(ast::Expr& expr, ast::ExprContext ctx) {
  switch (expr.kind) {
    case ast::Kind::kName:
      expr.Cast<ast::Name>().ctx = ctx;
      break;
    case ast::Kind::kAttribute:
      expr.Cast<ast::Attribute>().ctx = ctx;
      break;
    case ast::Kind::kSubscript:
      expr.Cast<ast::Subscript>().ctx = ctx;
      break;
    case ast::Kind::kStarred: {
      auto& starred = expr.Cast<ast::Starred>();
      starred.ctx = ctx;
      SetContext(*starred.value, ctx);
      break;
    }
    case ast::Kind::kTuple:
    case ast::Kind::kList: {
      auto& elts = expr.Is<ast::Tuple>() ? expr.Cast<ast::Tuple>().elts
                                         : expr.Cast<ast::List>().elts;
      if (expr.Is<ast::Tuple>()) {
        expr.Cast<ast::Tuple>().ctx = ctx;
      } else {
        expr.Cast<ast::List>().ctx = ctx;
      }
      for (ast::Expr* elt : elts) {
        SetContext(*elt, ctx);
      }
      break;
    }
    default:
      // Other expressions only appear in Load context.
      break;
  }
}

}  // namespace agc::codegen
