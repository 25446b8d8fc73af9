// Lowering of blocks and simple statements: expression statements,
// assignments (plain, annotated, augmented), del, raise, assert,
// global/nonlocal, imports. The block loop checks indentation and inserts
// the statements SplitTargets (lower_grammar_workarounds.cpp) split off.
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

bool Lowerer::IsCompound(Sym s) {
  switch (s) {
    case Sym::kIfStatement:
    case Sym::kForStatement:
    case Sym::kWhileStatement:
    case Sym::kTryStatement:
    case Sym::kWithStatement:
    case Sym::kFunctionDefinition:
    case Sym::kClassDefinition:
    case Sym::kDecoratedDefinition:
    case Sym::kMatchStatement:
      return true;
    default:
      return false;
  }
}

// Lowers the statements of a block (or of the module) into `out`. Cursor on
// the block node `n`.
void Lowerer::Block(std::vector<ast::Stmt*>& out, TSNode n, bool is_module) {
  // Indentation (in bytes) of the statements that start a logical line;
  // tree-sitter accepts inconsistent dedents that CPython rejects.
  int64_t indent = is_module ? 0 : -1;
  const int64_t outer = block_indent_;
  if (is_module) {
    block_indent_ = 0;
  }
  Reserve(out, n);
  Children([&](TSNode c, Sym s) {
    if (failed_) {
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (const int64_t col = LogicalLineIndent(c); col >= 0) {
      if (indent < 0) {
        if (col <= outer) {
          Fail(c);  // expected an indented block
          return;
        }
        indent = col;
        block_indent_ = col;
      } else if (col != indent) {
        Fail(c);
        return;
      }
    }
    ast::Stmt* stmt = Stmt(c, s);
    if (!failed_ && !IsCompound(s)) {
      CheckLogicalLine(split_.empty() || stmt == nullptr ? ts_node_start_byte(c)
                                                         : stmt->span.begin,
                       ts_node_end_byte(c), /*header=*/false);
    }
    if (!split_.empty()) {
      // Statements tree-sitter glued to this one (see SplitTargets).
      out.insert(out.end(), split_.begin(), split_.end());
      split_.clear();
    }
    if (stmt != nullptr) {
      out.push_back(stmt);
    }
  });
  block_indent_ = outer;
  if (!is_module && out.empty() && !failed_) {
    FailAt(NextTokenPos(ts_node_end_byte(n)), diag::DiagKind::kInvalidSyntax);
  }
}

// Lowers the block child of the cursor's node (an else or finally clause).
void Lowerer::BlockChild(std::vector<ast::Stmt*>& out) {
  CheckHeader(Cur());
  bool seen = false;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kBlock && !seen) {
      seen = true;
      Block(out, c, false);
    }
  });
}

ast::Stmt* Lowerer::Stmt(TSNode n, Sym s) {
  if (failed_) {
    return nullptr;
  }
  DepthScope depth(this, n);
  if (!depth.ok()) {
    return nullptr;
  }
  switch (s) {
    case Sym::kExpressionStatement:
      return ExpressionStatement(n);
    case Sym::kReturnStatement: {
      auto* ret = New<ast::Return>(n);
      ret->value = OnlyChild(kLoad, kStar);
      return ret;
    }
    case Sym::kDeleteStatement:
      return Delete(n);
    case Sym::kRaiseStatement:
      return Raise(n);
    case Sym::kAssertStatement:
      return Assert(n);
    case Sym::kPassStatement:
      return New<ast::Pass>(n);
    case Sym::kBreakStatement:
      return New<ast::Break>(n);
    case Sym::kContinueStatement:
      return New<ast::Continue>(n);
    case Sym::kGlobalStatement:
      return NameList<ast::Global>(n);
    case Sym::kNonlocalStatement:
      return NameList<ast::Nonlocal>(n);
    case Sym::kImportStatement:
      return Import(n);
    case Sym::kImportFromStatement:
    case Sym::kFutureImportStatement:
      return ImportFrom(n, s == Sym::kFutureImportStatement);
    case Sym::kIfStatement:
      return If(n);
    case Sym::kForStatement:
      return FirstChildIs(n, Sym::kTokAsync) ? For<ast::AsyncFor>(n)
                                             : For<ast::For>(n);
    case Sym::kWhileStatement:
      return While(n);
    case Sym::kTryStatement:
      return Try(n);
    case Sym::kWithStatement:
      return FirstChildIs(n, Sym::kTokAsync) ? With<ast::AsyncWith>(n)
                                             : With<ast::With>(n);
    case Sym::kFunctionDefinition:
      return FunctionDef(n);
    case Sym::kClassDefinition:
      return ClassDef(n);
    case Sym::kDecoratedDefinition:
      return Decorated(n);
    case Sym::kMatchStatement:
      return Match(n);
    case Sym::kTypeAliasStatement:
      return TypeAlias(n);
    case Sym::kPrintStatement:
      return PrintChevron(n);
    default:
      // print_statement, exec_statement (Python 2) and anything else.
      return Fail(n);
  }
}

ast::Stmt* Lowerer::ExpressionStatement(TSNode n) {
  ast::Stmt* result = nullptr;
  ast::ExprStmt* expr_stmt = nullptr;
  ast::Tuple* tuple = nullptr;
  TSNode first{};
  int count = 0;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kAssignment) {
      result = Assignment(c);
      return;
    }
    if (s == Sym::kAugmentedAssignment) {
      result = AugAssign(c);
      return;
    }
    if (s != Sym::kTokComma && IsToken(s)) {
      return;
    }
    if (expr_stmt == nullptr) {
      expr_stmt = New<ast::ExprStmt>(n);
      result = expr_stmt;
    }
    if (tuple == nullptr && (s == Sym::kTokComma || count == 1)) {
      // `a, b` as a statement: a Tuple without parentheses.
      tuple = New<ast::Tuple>(first);
      if (expr_stmt->value != nullptr) {
        tuple->elts.push_back(expr_stmt->value);
      }
      expr_stmt->value = tuple;
    }
    if (tuple != nullptr) {
      tuple->span.end = ts_node_end_byte(c);
    }
    if (s == Sym::kTokComma) {
      return;
    }
    if (count++ == 0) {
      first = c;
    }
    // `yield x` and `*a` (a starred tuple element) as statements.
    ast::Expr* e =
        ExprA(c, s, kLoad, tuple == nullptr ? kStar | kYield : kStar);
    if (tuple == nullptr) {
      expr_stmt->value = e;
    } else if (e != nullptr) {
      tuple->elts.push_back(e);
    }
  });
  return result != nullptr ? result : Fail(n);
}

// `a = b = c`, `x: T = v`, `x: T`. Cursor on the (outer) assignment node.
// One pass down the chain of `right: assignment` children.
ast::Stmt* Lowerer::Assignment(TSNode n) {
  ast::Assign* assign = nullptr;
  ast::AnnAssign* ann = nullptr;
  ast::Expr* first_target = nullptr;
  Sym first_sym = Sym::kOther;
  TSNode first{};
  int levels = 0;
  bool done = false;
  while (!done && !failed_) {
    if (!Down()) {
      break;
    }
    bool descended = false;
    bool annotated = false;
    int named = 0;
    do {
      TSNode c = Cur();
      Sym s = CurSym();
      if (s == Sym::kComment) {
        AddComment(c);
        continue;
      }
      if (s == Sym::kTokColon) {
        annotated = true;
        continue;
      }
      if (IsToken(s) || s == Sym::kLineContinuation) {
        continue;
      }
      ++named;
      if (named == 1) {
        ast::Expr* target = levels == 0 && s == Sym::kPatternList
                                ? SplitTargets(c)
                                : ExprA(c, s, kStore, kStar);
        if (levels == 0) {
          first_target = target;
          first_sym = s;
          first = c;
        } else if (target != nullptr) {
          assign->targets.push_back(target);
        }
        continue;
      }
      if (annotated && named == 2) {
        if (levels > 0) {
          Fail(c);  // `a = b: int = c`
          continue;
        }
        ann = New<ast::AnnAssign>(n);
        ann->target = first_target;
        ann->simple = first_sym == Sym::kIdentifier;
        if (first_target != nullptr && !first_target->Is<ast::Name>() &&
            !first_target->Is<ast::Attribute>() &&
            !first_target->Is<ast::Subscript>()) {
          Fail(first);  // only a single target can be annotated
        }
        ann->annotation = Expr(c, s, kLoad);
        continue;
      }
      if (ann == nullptr && assign == nullptr) {
        assign = New<ast::Assign>(n);
        if (first_target != nullptr) {
          assign->targets.push_back(first_target);
        }
      }
      if (s == Sym::kAssignment && ann == nullptr) {
        ++levels;
        descended = true;
        break;  // the cursor stays on the nested assignment
      }
      if (s == Sym::kAssignment || s == Sym::kAugmentedAssignment) {
        Fail(c);
        continue;
      }
      (ann != nullptr ? ann->value : assign->value) =
          ExprA(c, s, kLoad, kStar | kYield);
    } while (Next());
    if (!descended) {
      Up();
      done = true;
    }
  }
  // Back up to `n`, collecting comments after each nested assignment.
  for (int i = 0; i < levels; ++i) {
    while (Next()) {
      TSNode c = Cur();
      if (CurSym() == Sym::kComment) {
        AddComment(c);
      }
    }
    Up();
  }
  if (ann != nullptr) {
    return ann;
  }
  if (assign == nullptr || assign->value == nullptr) {
    return Fail(n);
  }
  if (!split_.empty() && first_target != nullptr) {
    // The statement starts at its (remaining) first target.
    assign->origin = first_target->origin;
    assign->span.begin = first_target->span.begin;
  }
  return assign;
}

ast::Stmt* Lowerer::AugAssign(TSNode n) {
  auto* aug = New<ast::AugAssign>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      if (!AugOp(s, &aug->op)) {
        Fail(c);
      }
      return;
    }
    ++named;
    if (named == 1) {
      aug->target = Expr(c, s, kStore);
      if (aug->target != nullptr && !aug->target->Is<ast::Name>() &&
          !aug->target->Is<ast::Attribute>() &&
          !aug->target->Is<ast::Subscript>()) {
        Fail(c);  // illegal expression for augmented assignment
      }
    } else if (s == Sym::kAssignment || s == Sym::kAugmentedAssignment) {
      Fail(c);
    } else {
      aug->value = ExprA(c, s, kLoad, kStar | kYield);
    }
  });
  return aug;
}

bool Lowerer::AugOp(Sym s, BinOpKind* op) {
  for (const BinOpToken& t : kBinOpTokens) {
    if (t.augmented == s) {
      *op = t.op;
      return true;
    }
  }
  return false;
}

ast::Stmt* Lowerer::Delete(TSNode n) {
  auto* del = New<ast::Delete>(n);
  Children([&](TSNode kid, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kExpressionList) {
      // `del a, b`: one target each.
      Children([&](TSNode kid, Sym es) {
        if (!IsToken(es)) {
          if (ast::Expr* t = Expr(kid, es, kDel)) {
            del->targets.push_back(t);
          }
        }
      });
      return;
    }
    if (ast::Expr* t = Expr(kid, s, kDel)) {
      del->targets.push_back(t);
    }
  });
  return del;
}

ast::Stmt* Lowerer::Raise(TSNode n) {
  auto* raise = New<ast::Raise>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (FieldId() == f_.cause) {
      raise->cause = Expr(c, s, kLoad);
    } else if (s == Sym::kExpressionList) {
      Fail(c);  // Python 2: raise E, V
    } else {
      raise->exc = Expr(c, s, kLoad);
    }
  });
  return raise;
}

ast::Stmt* Lowerer::Assert(TSNode n) {
  auto* as = New<ast::Assert>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      as->test = Expr(c, s, kLoad);
    } else if (named == 2) {
      as->msg = Expr(c, s, kLoad);
    } else {
      Fail(c);
    }
  });
  return as;
}

template <typename T>
ast::Stmt* Lowerer::NameList(TSNode n) {
  auto* node = New<T>(n);
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kIdentifier) {
      node->names.push_back(Ident(c));
    } else if (!IsToken(s)) {
      Fail(c);
    }
  });
  return node;
}

// An alias from a dotted_name or aliased_import node (cursor on it).
ast::Alias* Lowerer::Alias(TSNode n, Sym s) {
  auto* alias = New<ast::Alias>(n);
  if (s == Sym::kDottedName) {
    alias->name = DottedText(n);
    return alias;
  }
  Children([&](TSNode c, Sym cs) {
    if (cs == Sym::kDottedName) {
      alias->name = DottedText(c);
    } else if (cs == Sym::kIdentifier) {
      alias->asname = Ident(c);
    }
  });
  return alias;
}

ast::Stmt* Lowerer::Import(TSNode n) {
  auto* import = New<ast::Import>(n);
  TSNode comma{};  // a trailing comma
  Children([&](TSNode c, Sym s) {
    comma = s == Sym::kTokComma ? c : TSNode{};
    if (s == Sym::kDottedName || s == Sym::kAliasedImport) {
      ast::Alias* alias = Alias(c, s);
      if (s == Sym::kAliasedImport && alias->asname.empty()) {
        Fail(c);
      }
      import->names.push_back(alias);
    } else if (!IsToken(s)) {
      Fail(c);
    }
  });
  if (!ts_node_is_null(comma)) {
    return Fail(comma);
  }
  return import;
}

ast::Stmt* Lowerer::ImportFrom(TSNode n, bool future) {
  auto* from = New<ast::ImportFrom>(n);
  if (future) {
    from->module = "__future__";
  }
  TSNode comma{};  // a trailing comma, allowed only in parentheses
  bool paren = false;
  Children([&](TSNode c, Sym s) {
    if (FieldId() == f_.module_name) {
      if (s == Sym::kDottedName) {
        from->module = DottedText(c);
        return;
      }
      // relative_import: dots, then an optional dotted name.
      Children([&](TSNode rc, Sym rs) {
        if (rs == Sym::kImportPrefix) {
          for (char ch : Text(rc)) {
            from->level += ch == '.' ? 1 : 0;
          }
        } else if (rs == Sym::kDottedName) {
          from->module = DottedText(rc);
        }
      });
      return;
    }
    comma = s == Sym::kTokComma ? c : TSNode{};
    paren |= s == Sym::kTokLParen;
    if (s == Sym::kDottedName || s == Sym::kAliasedImport) {
      ast::Alias* alias = Alias(c, s);
      if (alias->name.find('.') != std::string_view::npos) {
        Fail(c);  // `from m import a.b`: names are identifiers
      }
      from->names.push_back(alias);
    } else if (s == Sym::kWildcardImport) {
      auto* alias = New<ast::Alias>(c);
      alias->name = "*";
      from->names.push_back(alias);
    } else if (!IsToken(s)) {
      Fail(c);
    }
  });
  if (from->names.empty()) {
    return Fail(n);
  }
  if (!ts_node_is_null(comma) && !paren) {
    return Fail(comma);
  }
  return from;
}

}  // namespace agc::syntax
