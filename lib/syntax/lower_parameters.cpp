// Lowering of parameter lists (def and lambda) into ast::Arguments, and of
// call arguments into positional arguments and keywords.
#include <utility>

#include "lib/syntax/lowerer.h"

namespace agc::syntax {

ast::Arg* Lowerer::ArgOf(TSNode ident) {
  if (SymOf(ident) != Sym::kIdentifier) {
    return Fail(ident);  // Python 2 tuple parameters and the like
  }
  auto* arg = New<ast::Arg>(ident);
  arg->arg = Ident(ident);
  return arg;
}

void Lowerer::AddParam(ParamState& st,
                       TSNode n,
                       ast::Arg* arg,
                       ast::Expr* def) {
  if (arg == nullptr) {
    return;
  }
  if (st.after_kwarg) {
    Fail(n);
    return;
  }
  if (st.kw_only) {
    st.args->kwonlyargs.push_back(arg);
    st.args->kw_defaults.push_back(def);
    return;
  }
  st.args->args.push_back(arg);
  if (def != nullptr) {
    st.args->defaults.push_back(def);
  } else if (!st.args->defaults.empty()) {
    Fail(n);  // non-default argument follows default argument
  }
}

// `*args` / `**kwargs` (cursor on the splat pattern node).
ast::Arg* Lowerer::SplatArg(TSNode n) {
  ast::Arg* arg = nullptr;
  Children([&](TSNode c, Sym s) {
    if (!IsToken(s) && arg == nullptr) {
      arg = ArgOf(c);
    }
  });
  return arg != nullptr ? arg : Fail(n);
}

void Lowerer::SetVararg(ParamState& st, TSNode n, ast::Arg* arg) {
  if (st.kw_only || st.after_kwarg) {
    Fail(n);  // a second `*`, or `*` after `**`
    return;
  }
  st.args->vararg = arg;
  st.kw_only = true;
}

void Lowerer::SetKwarg(ParamState& st, TSNode n, ast::Arg* arg) {
  if (st.after_kwarg) {
    Fail(n);
    return;
  }
  st.args->kwarg = arg;
  st.after_kwarg = true;
}

// Cursor on a parameters / lambda_parameters node.
ast::Arguments* Lowerer::Params(TSNode n) {
  ParamState st;
  st.args = New<ast::Arguments>(n);
  TSNode star{};
  Children([&](TSNode c, Sym s) {
    if (failed_) {
      return;
    }
    switch (s) {
      case Sym::kIdentifier:
        AddParam(st, c, ArgOf(c), nullptr);
        break;
      case Sym::kDefaultParameter:
      case Sym::kTypedDefaultParameter: {
        ast::Arg* arg = nullptr;
        ast::Expr* def = nullptr;
        int named = 0;
        Children([&](TSNode pc, Sym ps) {
          if (IsToken(ps)) {
            return;
          }
          ++named;
          if (named == 1) {
            arg = ArgOf(pc);
          } else if (ps == Sym::kType && s == Sym::kTypedDefaultParameter &&
                     named == 2) {
            if (arg != nullptr) {
              arg->annotation = Expr(pc, ps, kLoad);
              arg->span.end = ts_node_end_byte(pc);
            }
          } else {
            def = Expr(pc, ps, kLoad);
          }
        });
        AddParam(st, c, arg, def);
        break;
      }
      case Sym::kTypedParameter: {
        ast::Arg* arg = nullptr;
        Sym kind = Sym::kIdentifier;
        TSNode first{};
        Children([&](TSNode pc, Sym ps) {
          if (IsToken(ps)) {
            return;
          }
          if (ps == Sym::kType) {
            if (arg != nullptr) {
              // `*args: *Ts` (PEP 646)
              arg->annotation = ExprA(
                  pc, ps, kLoad,
                  kind == Sym::kListSplatPattern ? uint8_t{kStar} : uint8_t{0});
              arg->span.end = ts_node_end_byte(pc);
            }
            return;
          }
          if (arg != nullptr) {
            Fail(pc);
            return;
          }
          first = pc;
          kind = ps;
          if (ps == Sym::kListSplatPattern ||
              ps == Sym::kDictionarySplatPattern) {
            arg = SplatArg(pc);
          } else {
            arg = ArgOf(pc);
          }
        });
        if (arg == nullptr) {
          Fail(c);
        } else if (kind == Sym::kListSplatPattern) {
          SetVararg(st, c, arg);
        } else if (kind == Sym::kDictionarySplatPattern) {
          SetKwarg(st, c, arg);
        } else {
          AddParam(st, c, arg, nullptr);
        }
        break;
      }
      case Sym::kListSplatPattern:
        if (ast::Arg* arg = SplatArg(c)) {
          SetVararg(st, c, arg);
        }
        break;
      case Sym::kDictionarySplatPattern:
        if (ast::Arg* arg = SplatArg(c)) {
          SetKwarg(st, c, arg);
        }
        break;
      case Sym::kKeywordSeparator:
        if (st.kw_only || st.after_kwarg) {
          Fail(c);
        }
        st.kw_only = true;
        st.bare_star = true;
        star = c;
        break;
      case Sym::kPositionalSeparator:
        if (!st.args->posonlyargs.empty() || st.kw_only || st.after_kwarg ||
            st.args->args.empty()) {
          Fail(c);
          break;
        }
        st.args->posonlyargs = std::move(st.args->args);
        st.args->args.clear();
        break;
      default:
        if (!IsToken(s)) {
          Fail(c);  // tuple parameters (Python 2) and the like
        }
        break;
    }
  });
  if (st.bare_star && st.args->kwonlyargs.empty() && !failed_) {
    Fail(star);  // named arguments must follow bare *
  }
  return st.args;
}

// Cursor on an argument_list.
void Lowerer::Arguments(TSNode n,
                        std::vector<ast::Expr*>& args,
                        std::vector<ast::Keyword*>& keywords) {
  Reserve(args, n);
  bool seen_keyword = false;
  bool seen_double_star = false;
  bool seen_argument = false;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      if (s == Sym::kTokComma && !seen_argument) {
        Fail(c);  // f(,), which tree-sitter accepts
      }
      return;
    }
    seen_argument = true;
    switch (s) {
      case Sym::kKeywordArgument: {
        seen_keyword = true;
        auto* kw = New<ast::Keyword>(c);
        int named = 0;
        Children([&](TSNode kc, Sym ks) {
          if (IsToken(ks)) {
            return;
          }
          ++named;
          if (named == 1) {
            if (ks != Sym::kIdentifier) {
              Fail(kc);
              return;
            }
            kw->arg = Ident(kc);
          } else {
            kw->value = Expr(kc, ks, kLoad);
          }
        });
        keywords.push_back(kw);
        break;
      }
      case Sym::kDictionarySplat: {
        seen_double_star = true;
        auto* kw = New<ast::Keyword>(c);
        kw->value = OnlyChild(kLoad);
        keywords.push_back(kw);
        break;
      }
      case Sym::kListSplat:
        if (seen_double_star) {
          Fail(c);  // iterable unpacking follows keyword unpacking
          return;
        }
        if (ast::Expr* e = ExprA(c, s, kLoad, kStar)) {
          args.push_back(e);
        }
        break;
      default:
        if (seen_keyword || seen_double_star) {
          Fail(c);  // positional argument follows keyword argument
          return;
        }
        if (ast::Expr* e = ExprA(c, s, kLoad, kWalrus | kStar)) {
          args.push_back(e);
        }
        break;
    }
  });
}

}  // namespace agc::syntax
