// Internal to lib/syntax: the Lowerer, the CST (tree-sitter) -> AST
// lowering behind LowerTree (lower.h), and what its files share. The class
// is declared here once; its members are defined in the lower*.cpp file
// named in each group of declarations below (see lower.cpp for the map).
// Only the cursor, positions, errors and the nesting count, which every file
// uses, are defined here.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/grammar.h"
#include "lib/syntax/lower.h"
#include "lib/syntax/parse.h"
#include "lib/syntax/tree_walker.h"

namespace agc::syntax {

using ast::BinOpKind;
using ast::ConstantKind;
using ast::ExprContext;

inline constexpr ExprContext kLoad = ExprContext::kLoad;
inline constexpr ExprContext kStore = ExprContext::kStore;
inline constexpr ExprContext kDel = ExprContext::kDel;

// Python 3.11's hard keywords (lower_scan.cpp).
bool IsHardKeyword(std::string_view s);

inline bool IsNameByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

// Binary operators: the token of `a OP b`, of `a OP= b`, and the operator.
struct BinOpToken {
  Sym plain;
  Sym augmented;
  BinOpKind op;
};

inline constexpr BinOpToken kBinOpTokens[] = {
    {Sym::kTokPlus, Sym::kTokPlusAssign, BinOpKind::kAdd},
    {Sym::kTokMinus, Sym::kTokMinusAssign, BinOpKind::kSub},
    {Sym::kTokStar, Sym::kTokStarAssign, BinOpKind::kMult},
    {Sym::kTokAt, Sym::kTokAtAssign, BinOpKind::kMatMult},
    {Sym::kTokSlash, Sym::kTokSlashAssign, BinOpKind::kDiv},
    {Sym::kTokPercent, Sym::kTokPercentAssign, BinOpKind::kMod},
    {Sym::kTokStarStar, Sym::kTokStarStarAssign, BinOpKind::kPow},
    {Sym::kTokLShift, Sym::kTokLShiftAssign, BinOpKind::kLShift},
    {Sym::kTokRShift, Sym::kTokRShiftAssign, BinOpKind::kRShift},
    {Sym::kTokPipe, Sym::kTokPipeAssign, BinOpKind::kBitOr},
    {Sym::kTokCaret, Sym::kTokCaretAssign, BinOpKind::kBitXor},
    {Sym::kTokAmp, Sym::kTokAmpAssign, BinOpKind::kBitAnd},
    {Sym::kTokSlashSlash, Sym::kTokSlashSlashAssign, BinOpKind::kFloorDiv},
};

// Where the `as` part of a with item or an except clause goes when
// tree-sitter read it into a conditional's last branch (see
// Lowerer::TailValue): a with item's target, or an except clause's name.
struct TailAs {
  ast::Expr** target = nullptr;
  ast::ExceptHandler* handler = nullptr;

  bool active() const { return target != nullptr || handler != nullptr; }
};

class Lowerer {
 public:
  Lowerer(TSNode root,
          const base::SourceFile& source,
          ast::Module& module,
          diag::DiagnosticSink& sink,
          const ParseOptions& options,
          bool byte_positions)
      : g_(Grammar::Get()),
        f_(g_.fields()),
        root_(root),
        walker_(root),
        source_(source),
        bytes_(source.bytes()),
        module_(module),
        sink_(sink),
        max_depth_(options.max_depth),
        target_(options.target),
        byte_positions_(byte_positions) {
    bom_ = bytes_.size() >= 3 && bytes_.substr(0, 3) == "\xEF\xBB\xBF";
    has_cr_ = std::memchr(bytes_.data(), '\r', bytes_.size()) != nullptr;
  }

  bool Run();

 private:
  // ---- Cursor ---------------------------------------------------------------

  TSNode Cur() const { return walker_.Node(); }

  bool Down() { return walker_.Down(); }

  bool Next() { return walker_.Next(); }

  void Up() { walker_.Up(); }

  TSFieldId FieldId() const { return walker_.FieldId(); }

  Sym SymOf(TSNode n) const { return g_.SymOf(n); }

  // SymOf(Cur()), read by the walker.
  Sym CurSym() const { return g_.SymOfId(walker_.Symbol()); }

  // Calls fn(node, sym) for each child of the cursor's node, with the cursor
  // on that child. Comments are collected; line continuations are skipped.
  template <typename Fn>
  void Children(Fn&& fn) {
    if (!Down()) {
      return;
    }
    do {
      TSNode n = Cur();
      Sym s = CurSym();
      if (s == Sym::kComment) {
        AddComment(n);
        continue;
      }
      if (s == Sym::kLineContinuation) {
        continue;
      }
      fn(n, s);
    } while (Next());
    Up();
  }

  // Reserves room for the named children of `n` (an upper bound: comments
  // count too), saving the reallocations of growing a list one by one.
  template <typename T>
  static void Reserve(std::vector<T*>& list, TSNode n) {
    const uint32_t count = ts_node_named_child_count(n);
    if (count > 1) {
      list.reserve(count);
    }
  }

  // ---- Positions, nodes, text -----------------------------------------------

  ast::Origin OriginAt(TSPoint p) const {
    const int32_t line = static_cast<int32_t>(p.row) + 1;
    int32_t col = source_.ColumnOf(line, p.column);
    if (p.row == 0 && bom_ && col > 1) {
      col -= 1;  // CPython does not count the byte-order mark
    }
    return {line, col};
  }

  ast::Origin OriginOf(TSNode n) const {
    if (byte_positions_) {
      return OriginOfByte(StartByte(n));
    }
    return OriginAt(StartPoint(n));
  }

  base::LineCol PosOf(TSNode n) const {
    ast::Origin o = OriginOf(n);
    return {o.line, o.col};
  }

  template <typename T>
  T* New(TSNode n) {
    T* node = module_.New<T>(OriginOf(n));
    node->span = {StartByte(n), ts_node_end_byte(n)};
    return node;
  }

  std::string_view Text(TSNode n) const {
    const uint32_t b = StartByte(n);
    return bytes_.substr(b, ts_node_end_byte(n) - b);
  }

  // ---- Errors ---------------------------------------------------------------

  template <typename... Args>
  std::nullptr_t FailAt(base::LineCol pos,
                        diag::DiagKind kind,
                        Args&&... args) {
    if (!failed_) {
      failed_ = true;
      sink_.Emit(kind, source_.path(), pos, std::forward<Args>(args)...);
    }
    return nullptr;
  }

  // Something CPython's parser rejects.
  std::nullptr_t Fail(TSNode n) {
    return FailAt(PosOf(n), diag::DiagKind::kInvalidSyntax);
  }

  // Syntax that Python `version` introduced: true when the target reads
  // it, else an AGC004 error at `n` ("`what` Python 3.12 (target is 3.11)",
  // `what` with its verb: "type parameter lists need").
  bool Needs(TSNode n, base::PythonVersion version, std::string_view what) {
    if (target_ >= version) {
      return true;
    }
    FailAt(PosOf(n), diag::DiagKind::kUnsupportedSyntax, what,
           base::PythonVersionNumber(version),
           base::PythonVersionNumber(target_));
    return false;
  }

  // Where an expression may be an unparenthesized assignment expression,
  // starred expression or yield expression (see ExprA).
  enum Allow : uint8_t {
    kWalrus = 1,  // conditions, call arguments, displays, subscripts, ...
    kStar = 2,    // displays, call arguments, targets, statement values
    kYield = 4,   // statements, assignment values, parentheses
  };

  // Counts one level of AST nesting for the lifetime of the scope.
  class DepthScope {
   public:
    DepthScope(Lowerer* l, TSNode n) : l_(l) {
      ok_ = ++l_->depth_ <= l_->max_depth_;
      if (!ok_) {
        l_->FailAt(l_->PosOf(n), diag::DiagKind::kNestingTooDeep,
                   l_->max_depth_);
      }
    }

    ~DepthScope() { --l_->depth_; }

    DepthScope(const DepthScope&) = delete;
    DepthScope& operator=(const DepthScope&) = delete;

    bool ok() const { return ok_; }

   private:
    Lowerer* l_;
    bool ok_;
  };

  // ---- Shared by several files ----------------------------------------------

  struct ParamState {
    ast::Arguments* args;
    bool kw_only = false;
    bool bare_star = false;
    bool after_kwarg = false;
  };

  ast::Expr* ExprW(TSNode n, Sym s) { return ExprA(n, s, kLoad, kWalrus); }

  struct ChainItem {
    ast::Expr* expr;
    ast::Origin origin;
    uint32_t begin;
    uint32_t end;
  };

  // ---- lower.cpp: the module, comments, identifiers -------------------------

  static int LineBreaks(std::string_view text);
  void AddComment(TSNode n);
  std::string_view Ident(TSNode n);
  ast::Name* NameOf(TSNode n, ExprContext ctx);
  std::string_view DottedText(TSNode n);
  ast::Expr* DottedExpr(TSNode n);

  // ---- lower_scan.cpp: logical lines, indentation, line breaks, tokens ------

  int64_t LogicalLineIndent(TSNode n) const;
  uint32_t AfterFormFeeds(uint32_t line_start, uint32_t end) const;
  uint32_t LineStartBefore(uint32_t b) const;
  bool ContinuesLine(uint32_t line_start) const;
  base::LineCol NextTokenPos(uint32_t b) const;
  uint32_t LogicalBreak(uint32_t b, uint32_t end, bool header) const;
  void CheckLogicalLine(uint32_t begin, uint32_t end, bool header);
  void CheckHeader(TSNode n);
  void CheckClauseIndent(int64_t want, TSNode clause);
  bool FirstChildIs(TSNode n, Sym s) const;
  int CountChildren(Sym s);
  TSNode LastNamedChild(TSNode n) const;
  TSNode FirstNamedChild(TSNode n) const;
  ast::Origin OriginOfByte(uint32_t b) const;

  // ---- lower_statements.cpp: blocks and simple statements -------------------

  static bool IsCompound(Sym s);
  void Block(std::vector<ast::Stmt*>& out, TSNode n, bool is_module);
  void BlockChild(std::vector<ast::Stmt*>& out);
  ast::Stmt* Stmt(TSNode n, Sym s);
  ast::Stmt* ExpressionStatement(TSNode n);
  ast::Stmt* Assignment(TSNode n);
  ast::Stmt* AugAssign(TSNode n);
  static bool AugOp(Sym s, BinOpKind* op);
  ast::Stmt* Delete(TSNode n);
  ast::Stmt* Raise(TSNode n);
  ast::Stmt* Assert(TSNode n);
  template <typename T>
  ast::Stmt* NameList(TSNode n);
  ast::Alias* Alias(TSNode n, Sym s);
  ast::Stmt* Import(TSNode n);
  ast::Stmt* ImportFrom(TSNode n, bool future);

  // ---- lower_compound.cpp: compound statements and definitions --------------

  ast::Stmt* If(TSNode n);
  template <typename T>
  ast::Stmt* For(TSNode n);
  ast::Stmt* While(TSNode n);
  ast::Stmt* Try(TSNode n);
  void HandlerName(TSNode target, Sym s, ast::ExceptHandler& h);
  ast::Expr* HandlerAs(ast::ExceptHandler& h, uint8_t allow);
  ast::ExceptHandler* Handler(TSNode n, bool* starred);
  template <typename T>
  ast::Stmt* With(TSNode n);
  void AsPattern(ast::Expr** expr, ast::Expr** target);
  void WithItem(TSNode n,
                bool sole,
                std::vector<ast::WithItem*>& items,
                bool* parenthesized_as);
  ast::Stmt* FunctionDef(TSNode n);
  template <typename T>
  ast::Stmt* Function(TSNode n);
  ast::Stmt* ClassDef(TSNode n);
  ast::Stmt* Decorated(TSNode n);
  void TypeParams(TSNode n, std::vector<ast::TypeParam*>& out);
  ast::TypeParam* TypeParam(TSNode n);
  static bool HasDefault(const ast::TypeParam& p);

  // ---- lower_parameters.cpp: parameter lists and call arguments -------------

  ast::Arg* ArgOf(TSNode ident);
  void AddParam(ParamState& st, TSNode n, ast::Arg* arg, ast::Expr* def);
  ast::Arg* SplatArg(TSNode n);
  void SetVararg(ParamState& st, TSNode n, ast::Arg* arg);
  void SetKwarg(ParamState& st, TSNode n, ast::Arg* arg);
  ast::Arguments* Params(TSNode n);
  void Arguments(TSNode n,
                 std::vector<ast::Expr*>& args,
                 std::vector<ast::Keyword*>& keywords);

  // ---- lower_expressions.cpp: expressions, displays, calls, subscripts ------

  ast::Expr* OnlyChild(ExprContext ctx, uint8_t allow = 0);
  static bool IsTargetSym(Sym s);
  ast::Expr* Expr(ExprContext ctx);
  ast::Expr* ExprA(TSNode n, Sym s, ExprContext ctx, uint8_t allow);
  ast::Expr* Expr(TSNode n, Sym s, ExprContext ctx);
  ast::Expr* Parenthesized(TSNode n, ExprContext ctx);
  ast::Expr* TupleLike(TSNode n, Sym s, ExprContext ctx);
  void Elements(std::vector<ast::Expr*>& out, ExprContext ctx);
  ast::Expr* Dict(TSNode n);
  void Pair(ast::Expr** key, ast::Expr** value);
  bool Clause(Sym s, TSNode c, std::vector<ast::Comprehension*>& gens);
  ast::Comprehension* ForIn(TSNode n);
  template <typename T>
  ast::Expr* Comprehension(TSNode n);
  ast::Expr* DictComp(TSNode n);
  ast::Expr* Call(TSNode n, uint8_t star);
  ast::Expr* Attribute(TSNode n, ExprContext ctx, uint8_t star);
  ast::Expr* Subscript(TSNode n, ExprContext ctx, uint8_t star);
  ast::Tuple* NewSliceTuple(TSNode first, ast::Expr* elt);
  ast::Expr* Slice(TSNode n);
  ast::Expr* GenericType(TSNode n);
  ast::Expr* MemberType(TSNode n);

  // ---- lower_operators.cpp: operators, comparisons, lambda, yield -----------

  static bool BinOp(Sym s, BinOpKind* op);
  Sym BinOpSym(TSNode n) const;
  ast::Expr* BinaryOperator(TSNode n, uint8_t star);
  ast::Expr* UnaryOperator(TSNode n);
  Sym BoolOpSym(TSNode n) const;
  ast::Expr* BooleanOperator(TSNode n);
  ast::Expr* Compare(TSNode n);
  ast::Expr* Lambda(TSNode n);
  ast::Expr* Yield(TSNode n);

  // ---- lower_strings.cpp: numbers, strings, f-strings -----------------------

  ast::Constant* Const(TSNode n, ConstantKind kind);
  ast::Expr* Number(TSNode n, Sym s);
  bool CheckStringPart(TSNode part, bool* is_f, bool* is_bytes) const;
  bool StringPrefix(TSNode part,
                    bool* is_f,
                    bool* is_bytes,
                    bool* is_raw,
                    size_t* quote) const;
  void Interpolations(TSNode part, std::vector<ast::Expr*>& out);
  void Interpolation(std::vector<ast::Expr*>& out);
  ast::Expr* Strings(TSNode n, Sym s);
  static bool IsAscii(std::string_view text);

  // ---- lower_patterns.cpp: match statements and patterns --------------------

  ast::Stmt* Match(TSNode n);
  ast::MatchCase* Case(TSNode n);
  ast::MatchSequence* NewOpenSequence(TSNode first, ast::Pattern* p);
  ast::Expr* SignedNumber(TSNode minus, TSNode number);
  ast::Pattern* MatchValue(TSNode at, ast::Expr* value);
  template <typename Fn>
  void PatternChildren(Fn&& emit);
  ast::Pattern* Pattern();
  ast::Pattern* Pattern(TSNode n, Sym s);
  void UnionInto(ast::MatchOr* alt);
  ast::Expr* ComplexExpr(TSNode n);
  ast::Pattern* MappingPattern(TSNode n);
  ast::Pattern* ClassPattern(TSNode n);
  void KeywordPattern(ast::MatchClass* cls, ast::MatchAs* as);

  // ---- lower_grammar_workarounds.cpp: what tree-sitter misreads -------------

  ast::Stmt* TypeAlias(TSNode n);
  ast::Stmt* TypeAliasStatement(TSNode n);
  ast::Expr* TypeCall(TSNode n, Sym s);
  ast::Stmt* PrintChevron(TSNode n);
  bool LineBreakBetween(uint32_t from, uint32_t to) const;
  ast::Expr* SplitTargets(TSNode n);
  bool EndsInAsPattern(TSNode n) const;
  ast::Expr* TailValue(TSNode n, Sym s, TailAs tail);
  ast::Expr* ExprTakingTail(TSNode n, Sym s, TailAs tail);
  ast::Expr* TailPart(TSNode n, Sym s, TailAs tail);
  ast::Expr* HoistStar(ast::Expr* node, ast::Expr** slot, ExprContext ctx);
  void FlattenBitChain(std::vector<ChainItem>& operands,
                       std::vector<BinOpKind>& ops,
                       uint8_t star);
  ChainItem MakeBin(const ChainItem& left,
                    BinOpKind op,
                    const ChainItem& right);
  ast::Expr* BitAndChain(TSNode n, uint8_t star);
  ast::Expr* Await(TSNode n);
  ast::Expr* UnionType(TSNode);
  void UnionOperands(std::vector<ChainItem>& operands);
  void AsKeywordPattern(ast::MatchClass* cls, TSNode as_node);

  // ---- State ----------------------------------------------------------------

  const Grammar& g_;
  const FieldIds& f_;
  TSNode root_;
  TreeWalker walker_;
  const base::SourceFile& source_;
  std::string_view bytes_;
  ast::Module& module_;
  diag::DiagnosticSink& sink_;
  const int max_depth_;
  const base::PythonVersion target_;  // see Needs
  const bool byte_positions_;  // positions from bytes, not tree-sitter rows
  int depth_ = 0;
  std::vector<ast::Stmt*> split_;  // see SplitTargets
  uint8_t allow_ = 0;              // see Allow
  int64_t block_indent_ = -1;      // indentation of the enclosing block
  TailAs tail_as_;                 // see TailValue
  TSNode type_call_{};             // see TypeAlias
  TSNode type_keyword_{};
  bool bom_ = false;
  bool has_cr_ = false;  // the input has a '\r' (most have none: LF only)
  bool failed_ = false;
  std::string buf_;        // scratch for joined texts
  std::string ident_buf_;  // scratch for normalized identifiers
};

}  // namespace agc::syntax
