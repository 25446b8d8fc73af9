// The precedence table the printer uses to decide where parentheses go. It is
// CPython 3.11's `ast._Precedence` (Lib/ast.py), level for level: an
// expression printed where precedence `p` is required gets parentheses when
// its own level is lower than `p`.
//
// Where agc's printer passes a level that differs from ast.unparse (fewer
// parentheses, same tree), printer_expressions.cpp says so at the call.
#pragma once

#include <cstdint>

#include "lib/ast/ast.h"

namespace agc::codegen {

enum class Prec : uint8_t {
  kNamedExpr,  // <target> := <expr1>
  kTuple,      // <expr1>, <expr2>
  kYield,      // 'yield', 'yield from'
  kTest,       // 'if'-'else', 'lambda'
  kOr,         // 'or'
  kAnd,        // 'and'
  kNot,        // 'not'
  kCmp,        // '<', '>', '==', '>=', '<=', '!=', 'in', 'not in', 'is', ...
  kExpr,
  kBor = kExpr,  // '|'
  kBxor,         // '^'
  kBand,         // '&'
  kShift,        // '<<', '>>'
  kArith,        // '+', '-'
  kTerm,         // '*', '@', '/', '%', '//'
  kFactor,       // unary '+', '-', '~'
  kPower,        // '**'
  kAwait,        // 'await'
  kAtom,
};

// The next tighter level (kAtom stays kAtom), as `_Precedence.next()`.
constexpr Prec Next(Prec p) {
  return p == Prec::kAtom ? p : static_cast<Prec>(static_cast<uint8_t>(p) + 1);
}

constexpr Prec PrecOf(ast::BinOpKind op) {
  switch (op) {
    case ast::BinOpKind::kAdd:
    case ast::BinOpKind::kSub:
      return Prec::kArith;
    case ast::BinOpKind::kMult:
    case ast::BinOpKind::kMatMult:
    case ast::BinOpKind::kDiv:
    case ast::BinOpKind::kMod:
    case ast::BinOpKind::kFloorDiv:
      return Prec::kTerm;
    case ast::BinOpKind::kLShift:
    case ast::BinOpKind::kRShift:
      return Prec::kShift;
    case ast::BinOpKind::kBitOr:
      return Prec::kBor;
    case ast::BinOpKind::kBitXor:
      return Prec::kBxor;
    case ast::BinOpKind::kBitAnd:
      return Prec::kBand;
    case ast::BinOpKind::kPow:
      return Prec::kPower;
  }
  return Prec::kAtom;
}

constexpr Prec PrecOf(ast::UnaryOpKind op) {
  return op == ast::UnaryOpKind::kNot ? Prec::kNot : Prec::kFactor;
}

constexpr Prec PrecOf(ast::BoolOpKind op) {
  return op == ast::BoolOpKind::kAnd ? Prec::kAnd : Prec::kOr;
}

}  // namespace agc::codegen
