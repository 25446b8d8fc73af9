// Lowering tests. The "like CPython" cases were generated from CPython 3.11's
// own `ast` (each expected dump equals ast.parse's tree in ast::Dump's format;
// origins included where CPython has them); the rest test errors, comments,
// positions and robustness.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/grammar.h"
#include "lib/syntax/identifier.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

// ast::Dump on one line: "Module(body=[Pass()])".
std::string Compact(const std::string& dump) {
  std::string out;
  out.reserve(dump.size());
  for (size_t i = 0; i < dump.size(); ++i) {
    if (dump[i] != '\n') {
      out += dump[i];
      continue;
    }
    while (i + 1 < dump.size() && dump[i + 1] == ' ') {
      ++i;
    }
    if (!out.empty() && out.back() == ',') {
      out += ' ';
    }
  }
  return out;
}

struct Lowered {
  explicit Lowered(std::string code, ParseOptions options = {})
      : source("t.py", std::move(code)), module(&source) {
    ok = Parse(source, module, sink, options);
  }

  // The diagnostics, formatted, one per line.
  std::string Errors() const {
    std::string out;
    for (const diag::Diagnostic& d : sink.Sorted()) {
      out += diag::FormatText(d);
      out += '\n';
    }
    return out;
  }

  base::SourceFile source;
  ast::Module module;
  diag::DiagnosticSink sink;
  bool ok = false;
};

// Lowers `code`, which must be valid, checks the tree, and dumps it.
std::string DumpOf(std::string code,
                   bool origins = false,
                   ParseOptions options = {}) {
  Lowered l(std::move(code), options);
  INFO(l.Errors());
  REQUIRE(l.ok);
  REQUIRE(l.sink.size() == 0);
  REQUIRE(ast::Verify(l.module).empty());
  return Compact(ast::Dump(l.module, origins));
}

// The diagnostics of `code`, which must be rejected.
std::string ErrorsOf(std::string code, ParseOptions options = {}) {
  Lowered l(std::move(code), options);
  CHECK_FALSE(l.ok);
  return l.Errors();
}

TEST_CASE("syntax: lowers assignments like CPython", "[syntax]") {
  CHECK(
      DumpOf("x = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("a = b = c\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='a', ctx=Store()), Name(id='b', ctx=Store())], value=Name(id='c', ctx=Load()))]))ast");
  CHECK(
      DumpOf("a, *b = c\n") ==
      R"ast(Module(body=[Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store()), Starred(value=Name(id='b', ctx=Store()), ctx=Store())], ctx=Store())], value=Name(id='c', ctx=Load()))]))ast");
  CHECK(
      DumpOf("[a, (b, c)] = d\n") ==
      R"ast(Module(body=[Assign(targets=[List(elts=[Name(id='a', ctx=Store()), Tuple(elts=[Name(id='b', ctx=Store()), Name(id='c', ctx=Store())], ctx=Store())], ctx=Store())], value=Name(id='d', ctx=Load()))]))ast");
  CHECK(
      DumpOf("(x) = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("x.y = z[0] = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Attribute(value=Name(id='x', ctx=Load()), attr='y', ctx=Store()), Subscript(value=Name(id='z', ctx=Load()), slice=Constant(value_kind=int, text='0'), ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("x += 1\nx //= 2\nx **= 3\nx @= y\nx >>= 1\nx |= 2\n") ==
      R"ast(Module(body=[AugAssign(target=Name(id='x', ctx=Store()), op=Add(), value=Constant(value_kind=int, text='1')), AugAssign(target=Name(id='x', ctx=Store()), op=FloorDiv(), value=Constant(value_kind=int, text='2')), AugAssign(target=Name(id='x', ctx=Store()), op=Pow(), value=Constant(value_kind=int, text='3')), AugAssign(target=Name(id='x', ctx=Store()), op=MatMult(), value=Name(id='y', ctx=Load())), AugAssign(target=Name(id='x', ctx=Store()), op=RShift(), value=Constant(value_kind=int, text='1')), AugAssign(target=Name(id='x', ctx=Store()), op=BitOr(), value=Constant(value_kind=int, text='2'))]))ast");
  CHECK(
      DumpOf("x: int = 1\n") ==
      R"ast(Module(body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=Name(id='int', ctx=Load()), value=Constant(value_kind=int, text='1'), simple=True)]))ast");
  CHECK(
      DumpOf("(x): int\n") ==
      R"ast(Module(body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=Name(id='int', ctx=Load()), value=None, simple=False)]))ast");
  CHECK(
      DumpOf("x.y: int\n") ==
      R"ast(Module(body=[AnnAssign(target=Attribute(value=Name(id='x', ctx=Load()), attr='y', ctx=Store()), annotation=Name(id='int', ctx=Load()), value=None, simple=False)]))ast");
  CHECK(
      DumpOf("x[0]: int = 2\n") ==
      R"ast(Module(body=[AnnAssign(target=Subscript(value=Name(id='x', ctx=Load()), slice=Constant(value_kind=int, text='0'), ctx=Store()), annotation=Name(id='int', ctx=Load()), value=Constant(value_kind=int, text='2'), simple=False)]))ast");
  CHECK(
      DumpOf("x, = y\n") ==
      R"ast(Module(body=[Assign(targets=[Tuple(elts=[Name(id='x', ctx=Store())], ctx=Store())], value=Name(id='y', ctx=Load()))]))ast");
  CHECK(
      DumpOf("x = *a, b\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("x = yield\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Yield(value=None))]))ast");
  CHECK(
      DumpOf("a, b = c, d = e\n") ==
      R"ast(Module(body=[Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store()), Name(id='b', ctx=Store())], ctx=Store()), Tuple(elts=[Name(id='c', ctx=Store()), Name(id='d', ctx=Store())], ctx=Store())], value=Name(id='e', ctx=Load()))]))ast");
}

TEST_CASE("syntax: lowers simple statements like CPython", "[syntax]") {
  CHECK(
      DumpOf("del a, b[0], c.d\n") ==
      R"ast(Module(body=[Delete(targets=[Name(id='a', ctx=Del()), Subscript(value=Name(id='b', ctx=Load()), slice=Constant(value_kind=int, text='0'), ctx=Del()), Attribute(value=Name(id='c', ctx=Load()), attr='d', ctx=Del())])]))ast");
  CHECK(
      DumpOf("del (a, b), [c]\n") ==
      R"ast(Module(body=[Delete(targets=[Tuple(elts=[Name(id='a', ctx=Del()), Name(id='b', ctx=Del())], ctx=Del()), List(elts=[Name(id='c', ctx=Del())], ctx=Del())])]))ast");
  CHECK(DumpOf("del a,\n") ==
        R"ast(Module(body=[Delete(targets=[Name(id='a', ctx=Del())])]))ast");
  CHECK(DumpOf("return\n") == R"ast(Module(body=[Return(value=None)]))ast");
  CHECK(
      DumpOf("return 1, 2\n") ==
      R"ast(Module(body=[Return(value=Tuple(elts=[Constant(value_kind=int, text='1'), Constant(value_kind=int, text='2')], ctx=Load()))]))ast");
  CHECK(DumpOf("pass; break; continue\n") ==
        R"ast(Module(body=[Pass(), Break(), Continue()]))ast");
  CHECK(DumpOf("global a, b\n") ==
        R"ast(Module(body=[Global(names=['a', 'b'])]))ast");
  CHECK(DumpOf("nonlocal x\n") ==
        R"ast(Module(body=[Nonlocal(names=['x'])]))ast");
  CHECK(
      DumpOf("assert x, 'm'\n") ==
      R"ast(Module(body=[Assert(test=Name(id='x', ctx=Load()), msg=Constant(value_kind=str, text='\'m\''))]))ast");
  CHECK(DumpOf("raise\n") ==
        R"ast(Module(body=[Raise(exc=None, cause=None)]))ast");
  CHECK(
      DumpOf("raise X from Y\n") ==
      R"ast(Module(body=[Raise(exc=Name(id='X', ctx=Load()), cause=Name(id='Y', ctx=Load()))]))ast");
  CHECK(
      DumpOf("a,\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Name(id='a', ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("1, 2\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Constant(value_kind=int, text='1'), Constant(value_kind=int, text='2')], ctx=Load()))]))ast");
  CHECK(
      DumpOf("print(x)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='print', ctx=Load()), args=[Name(id='x', ctx=Load())], keywords=[]))]))ast");
  CHECK(
      DumpOf("...\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=Ellipsis, text='...'))]))ast");
}

TEST_CASE("syntax: lowers imports like CPython", "[syntax]") {
  CHECK(
      DumpOf("import os, sys as system, a.b.c as d\n") ==
      R"ast(Module(body=[Import(names=[alias(name='os', asname=None), alias(name='sys', asname='system'), alias(name='a.b.c', asname='d')])]))ast");
  CHECK(
      DumpOf("from . import x\n") ==
      R"ast(Module(body=[ImportFrom(module=None, names=[alias(name='x', asname=None)], level=1)]))ast");
  CHECK(
      DumpOf("from .. a import (b as c, d,)\n") ==
      R"ast(Module(body=[ImportFrom(module='a', names=[alias(name='b', asname='c'), alias(name='d', asname=None)], level=2)]))ast");
  CHECK(
      DumpOf("from .m import *\n") ==
      R"ast(Module(body=[ImportFrom(module='m', names=[alias(name='*', asname=None)], level=1)]))ast");
  CHECK(
      DumpOf("from ... import y\n") ==
      R"ast(Module(body=[ImportFrom(module=None, names=[alias(name='y', asname=None)], level=3)]))ast");
  CHECK(
      DumpOf("from ....pkg.sub import z as w\n") ==
      R"ast(Module(body=[ImportFrom(module='pkg.sub', names=[alias(name='z', asname='w')], level=4)]))ast");
  CHECK(
      DumpOf("from __future__ import annotations, division as d\n") ==
      R"ast(Module(body=[ImportFrom(module='__future__', names=[alias(name='annotations', asname=None), alias(name='division', asname='d')], level=0)]))ast");
  CHECK(
      DumpOf("import a . b\n") ==
      R"ast(Module(body=[Import(names=[alias(name='a.b', asname=None)])]))ast");
}

TEST_CASE("syntax: lowers functions and classes like CPython", "[syntax]") {
  CHECK(
      DumpOf("def f(a, b=1, *args, c, d: int = 2, **kw) -> int:\n    "
             "'''doc'''\n    return a\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=None), arg(arg='b', annotation=None)], vararg=arg(arg='args', annotation=None), kwonlyargs=[arg(arg='c', annotation=None), arg(arg='d', annotation=Name(id='int', ctx=Load()))], kw_defaults=[None, Constant(value_kind=int, text='2')], kwarg=arg(arg='kw', annotation=None), defaults=[Constant(value_kind=int, text='1')]), body=[Expr(value=Constant(value_kind=str, text='\'\'\'doc\'\'\'')), Return(value=Name(id='a', ctx=Load()))], decorator_list=[], returns=Name(id='int', ctx=Load()))]))ast");
  CHECK(
      DumpOf("async def g(x, /, y, *, z):\n    await x\n    async for a in b: "
             "pass\n    async with a as b, c: pass\n") ==
      R"ast(Module(body=[AsyncFunctionDef(name='g', args=arguments(posonlyargs=[arg(arg='x', annotation=None)], args=[arg(arg='y', annotation=None)], vararg=None, kwonlyargs=[arg(arg='z', annotation=None)], kw_defaults=[None], kwarg=None, defaults=[]), body=[Expr(value=Await(value=Name(id='x', ctx=Load()))), AsyncFor(target=Name(id='a', ctx=Store()), iter=Name(id='b', ctx=Load()), body=[Pass()], orelse=[]), AsyncWith(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store())), withitem(context_expr=Name(id='c', ctx=Load()), optional_vars=None)], body=[Pass()])], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf("@dec\n@a.b(1)\ndef f(): pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass()], decorator_list=[Name(id='dec', ctx=Load()), Call(func=Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load()), args=[Constant(value_kind=int, text='1')], keywords=[])], returns=None)]))ast");
  CHECK(
      DumpOf("@dec\nclass C(B, metaclass=M):\n    x: int = 1\n") ==
      R"ast(Module(body=[ClassDef(name='C', bases=[Name(id='B', ctx=Load())], keywords=[keyword(arg='metaclass', value=Name(id='M', ctx=Load()))], body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=Name(id='int', ctx=Load()), value=Constant(value_kind=int, text='1'), simple=True)], decorator_list=[Name(id='dec', ctx=Load())])]))ast");
  CHECK(
      DumpOf("class D: pass\n") ==
      R"ast(Module(body=[ClassDef(name='D', bases=[], keywords=[], body=[Pass()], decorator_list=[])]))ast");
  CHECK(
      DumpOf("class E(): pass\n") ==
      R"ast(Module(body=[ClassDef(name='E', bases=[], keywords=[], body=[Pass()], decorator_list=[])]))ast");
  CHECK(
      DumpOf("class F(*a, **k): pass\n") ==
      R"ast(Module(body=[ClassDef(name='F', bases=[Starred(value=Name(id='a', ctx=Load()), ctx=Load())], keywords=[keyword(arg=None, value=Name(id='k', ctx=Load()))], body=[Pass()], decorator_list=[])]))ast");
  CHECK(
      DumpOf("def f(a=1, /, b=2, *, c, d=3): pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[arg(arg='a', annotation=None)], args=[arg(arg='b', annotation=None)], vararg=None, kwonlyargs=[arg(arg='c', annotation=None), arg(arg='d', annotation=None)], kw_defaults=[None, Constant(value_kind=int, text='3')], kwarg=None, defaults=[Constant(value_kind=int, text='1'), Constant(value_kind=int, text='2')]), body=[Pass()], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf("def f(*, a): pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[arg(arg='a', annotation=None)], kw_defaults=[None], kwarg=None, defaults=[]), body=[Pass()], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf("def f(**k): pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=arg(arg='k', annotation=None), defaults=[]), body=[Pass()], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf("def f(*a: int, **k: str): pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], vararg=arg(arg='a', annotation=Name(id='int', ctx=Load())), kwonlyargs=[], kw_defaults=[], kwarg=arg(arg='k', annotation=Name(id='str', ctx=Load())), defaults=[]), body=[Pass()], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf("x: dict[str, int] | None | bool = 1\n") ==
      R"ast(Module(body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=BinOp(left=BinOp(left=Subscript(value=Name(id='dict', ctx=Load()), slice=Tuple(elts=[Name(id='str', ctx=Load()), Name(id='int', ctx=Load())], ctx=Load()), ctx=Load()), op=BitOr(), right=Constant(value_kind=None, text='None')), op=BitOr(), right=Name(id='bool', ctx=Load())), value=Constant(value_kind=int, text='1'), simple=True)]))ast");
  CHECK(
      DumpOf("def f(a: Mapping[B | c, d | e]) -> A[b] | C[d] | e: pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=Subscript(value=Name(id='Mapping', ctx=Load()), slice=Tuple(elts=[BinOp(left=Name(id='B', ctx=Load()), op=BitOr(), right=Name(id='c', ctx=Load())), BinOp(left=Name(id='d', ctx=Load()), op=BitOr(), right=Name(id='e', ctx=Load()))], ctx=Load()), ctx=Load()))], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass()], decorator_list=[], returns=BinOp(left=BinOp(left=Subscript(value=Name(id='A', ctx=Load()), slice=Name(id='b', ctx=Load()), ctx=Load()), op=BitOr(), right=Subscript(value=Name(id='C', ctx=Load()), slice=Name(id='d', ctx=Load()), ctx=Load())), op=BitOr(), right=Name(id='e', ctx=Load())))]))ast");
  CHECK(
      DumpOf("def f(a: list[int,], b: tuple[()], c: tuple[*Ts]) -> "
             "Callable[[int], str]: pass\n") ==
      R"ast(Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=Subscript(value=Name(id='list', ctx=Load()), slice=Tuple(elts=[Name(id='int', ctx=Load())], ctx=Load()), ctx=Load())), arg(arg='b', annotation=Subscript(value=Name(id='tuple', ctx=Load()), slice=Tuple(elts=[], ctx=Load()), ctx=Load())), arg(arg='c', annotation=Subscript(value=Name(id='tuple', ctx=Load()), slice=Tuple(elts=[Starred(value=Name(id='Ts', ctx=Load()), ctx=Load())], ctx=Load()), ctx=Load()))], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass()], decorator_list=[], returns=Subscript(value=Name(id='Callable', ctx=Load()), slice=Tuple(elts=[List(elts=[Name(id='int', ctx=Load())], ctx=Load()), Name(id='str', ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
}

TEST_CASE("syntax: lowers lambda like CPython", "[syntax]") {
  CHECK(
      DumpOf("lambda: 0\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Constant(value_kind=int, text='0')))]))ast");
  CHECK(
      DumpOf("lambda a, *b, c=1, **d: 0\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=None)], vararg=arg(arg='b', annotation=None), kwonlyargs=[arg(arg='c', annotation=None)], kw_defaults=[Constant(value_kind=int, text='1')], kwarg=arg(arg='d', annotation=None), defaults=[]), body=Constant(value_kind=int, text='0')))]))ast");
  CHECK(
      DumpOf("lambda *, a: a\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[arg(arg='a', annotation=None)], kw_defaults=[None], kwarg=None, defaults=[]), body=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("lambda a, /, b: 0\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[arg(arg='a', annotation=None)], args=[arg(arg='b', annotation=None)], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Constant(value_kind=int, text='0')))]))ast");
  CHECK(
      DumpOf("lambda *a: a\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], vararg=arg(arg='a', annotation=None), kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("lambda **k: k\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=arg(arg='k', annotation=None), defaults=[]), body=Name(id='k', ctx=Load())))]))ast");
  CHECK(
      DumpOf("lambda a=1, /: a\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[arg(arg='a', annotation=None)], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[Constant(value_kind=int, text='1')]), body=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("lambda: (yield)\n") ==
      R"ast(Module(body=[Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Yield(value=None)))]))ast");
}

TEST_CASE("syntax: lowers if while for like CPython", "[syntax]") {
  CHECK(
      DumpOf("if a:\n    pass\nelif b:\n    pass\nelif c:\n    pass\nelse:\n   "
             " pass\n") ==
      R"ast(Module(body=[If(test=Name(id='a', ctx=Load()), body=[Pass()], orelse=[If(test=Name(id='b', ctx=Load()), body=[Pass()], orelse=[If(test=Name(id='c', ctx=Load()), body=[Pass()], orelse=[Pass()])])])]))ast");
  CHECK(
      DumpOf("while x:\n    break\nelse:\n    pass\n") ==
      R"ast(Module(body=[While(test=Name(id='x', ctx=Load()), body=[Break()], orelse=[Pass()])]))ast");
  CHECK(
      DumpOf("for i, j in k:\n    pass\nelse:\n    pass\n") ==
      R"ast(Module(body=[For(target=Tuple(elts=[Name(id='i', ctx=Store()), Name(id='j', ctx=Store())], ctx=Store()), iter=Name(id='k', ctx=Load()), body=[Pass()], orelse=[Pass()])]))ast");
  CHECK(
      DumpOf("for x, in y: pass\n") ==
      R"ast(Module(body=[For(target=Tuple(elts=[Name(id='x', ctx=Store())], ctx=Store()), iter=Name(id='y', ctx=Load()), body=[Pass()], orelse=[])]))ast");
  CHECK(
      DumpOf("for (x) in y: pass\n") ==
      R"ast(Module(body=[For(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), body=[Pass()], orelse=[])]))ast");
  CHECK(
      DumpOf("for [a, *b] in c: pass\n") ==
      R"ast(Module(body=[For(target=List(elts=[Name(id='a', ctx=Store()), Starred(value=Name(id='b', ctx=Store()), ctx=Store())], ctx=Store()), iter=Name(id='c', ctx=Load()), body=[Pass()], orelse=[])]))ast");
  CHECK(
      DumpOf("for x in *a, b: pass\n") ==
      R"ast(Module(body=[For(target=Name(id='x', ctx=Store()), iter=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), body=[Pass()], orelse=[])]))ast");
  CHECK(
      DumpOf("if x: a; b\n") ==
      R"ast(Module(body=[If(test=Name(id='x', ctx=Load()), body=[Expr(value=Name(id='a', ctx=Load())), Expr(value=Name(id='b', ctx=Load()))], orelse=[])]))ast");
}

TEST_CASE("syntax: lowers try and with like CPython", "[syntax]") {
  CHECK(
      DumpOf(
          "try:\n    pass\nexcept E as e:\n    pass\nexcept (A, B):\n    "
          "pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\n") ==
      R"ast(Module(body=[Try(body=[Pass()], handlers=[ExceptHandler(type=Name(id='E', ctx=Load()), name='e', body=[Pass()]), ExceptHandler(type=Tuple(elts=[Name(id='A', ctx=Load()), Name(id='B', ctx=Load())], ctx=Load()), name=None, body=[Pass()]), ExceptHandler(type=None, name=None, body=[Pass()])], orelse=[Pass()], finalbody=[Pass()])]))ast");
  CHECK(
      DumpOf("try:\n    pass\nfinally:\n    pass\n") ==
      R"ast(Module(body=[Try(body=[Pass()], handlers=[], orelse=[], finalbody=[Pass()])]))ast");
  CHECK(
      DumpOf("try:\n    pass\nexcept* (A, B) as e:\n    pass\n") ==
      R"ast(Module(body=[TryStar(body=[Pass()], handlers=[ExceptHandler(type=Tuple(elts=[Name(id='A', ctx=Load()), Name(id='B', ctx=Load())], ctx=Load()), name='e', body=[Pass()])], orelse=[], finalbody=[])]))ast");
  CHECK(
      DumpOf("try:\n    pass\nexcept *E:\n    pass\n") ==
      R"ast(Module(body=[TryStar(body=[Pass()], handlers=[ExceptHandler(type=Name(id='E', ctx=Load()), name=None, body=[Pass()])], orelse=[], finalbody=[])]))ast");
  CHECK(
      DumpOf("with a as b, c: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store())), withitem(context_expr=Name(id='c', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a as b, c as d): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store())), withitem(context_expr=Name(id='c', ctx=Load()), optional_vars=Name(id='d', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a, b): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=None), withitem(context_expr=Name(id='b', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a as b): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with a as (b, c), d as e.f: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Tuple(elts=[Name(id='b', ctx=Store()), Name(id='c', ctx=Store())], ctx=Store())), withitem(context_expr=Name(id='d', ctx=Load()), optional_vars=Attribute(value=Name(id='e', ctx=Load()), attr='f', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a, b) as c: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), optional_vars=Name(id='c', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (yield x) as y: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Yield(value=Name(id='x', ctx=Load())), optional_vars=Name(id='y', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a,): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a as b,): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a, b as c,): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=None), withitem(context_expr=Name(id='b', ctx=Load()), optional_vars=Name(id='c', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with ((a, b)): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a, b), c: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), optional_vars=None), withitem(context_expr=Name(id='c', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
}

TEST_CASE("syntax: an `as` after a conditional or lambda names the whole value",
          "[syntax]") {
  // tree-sitter reads `with a if b else c as t` as `a if b else (c as t)`;
  // CPython (these dumps are ast.dump's) as `(a if b else c) as t`.
  CHECK(
      DumpOf("with a if b else c as t: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=Name(id='c', ctx=Load())), optional_vars=Name(id='t', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with x, a if b else c if d else e as t.y: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Name(id='x', ctx=Load()), optional_vars=None), withitem(context_expr=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=IfExp(test=Name(id='d', ctx=Load()), body=Name(id='c', ctx=Load()), orelse=Name(id='e', ctx=Load()))), optional_vars=Attribute(value=Name(id='t', ctx=Load()), attr='y', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with (a if b else c as t, d): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=Name(id='c', ctx=Load())), optional_vars=Name(id='t', ctx=Store())), withitem(context_expr=Name(id='d', ctx=Load()), optional_vars=None)], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with lambda: a as t: pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Name(id='a', ctx=Load())), optional_vars=Name(id='t', ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("with a if b else lambda: c as (t, u): pass\n") ==
      R"ast(Module(body=[With(items=[withitem(context_expr=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Name(id='c', ctx=Load()))), optional_vars=Tuple(elts=[Name(id='t', ctx=Store()), Name(id='u', ctx=Store())], ctx=Store()))], body=[Pass()])]))ast");
  CHECK(
      DumpOf("try:\n    pass\nexcept A if c else B as e:\n    pass\n") ==
      R"ast(Module(body=[Try(body=[Pass()], handlers=[ExceptHandler(type=IfExp(test=Name(id='c', ctx=Load()), body=Name(id='A', ctx=Load()), orelse=Name(id='B', ctx=Load())), name='e', body=[Pass()])], orelse=[], finalbody=[])]))ast");
  CHECK(
      DumpOf("try:\n    pass\nexcept* lambda: A as e:\n    pass\n") ==
      R"ast(Module(body=[TryStar(body=[Pass()], handlers=[ExceptHandler(type=Lambda(args=arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=Name(id='A', ctx=Load())), name='e', body=[Pass()])], orelse=[], finalbody=[])]))ast");
  Lowered l("with a if b else c as t: pass\n");
  REQUIRE(l.ok);
  const auto& with = l.module.body[0]->Cast<ast::With>();
  CHECK(l.module.TextOf(*with.items[0]->context_expr) == "a if b else c");
  CHECK(l.module.TextOf(*with.items[0]->optional_vars) == "t");
  // Where CPython also rejects the `as`.
  CHECK(ErrorsOf("with a if b else (c as t): pass\n") != "");
  CHECK(ErrorsOf("with (a as t) if b else c: pass\n") != "");
  CHECK(ErrorsOf("with (a if b else c as t), d: pass\n") != "");
  CHECK(ErrorsOf("try:\n    pass\nexcept A if c else B as e.x:\n    pass\n") !=
        "");
}

TEST_CASE("syntax: lowers operators like CPython", "[syntax]") {
  CHECK(
      DumpOf("a and b or c\n") ==
      R"ast(Module(body=[Expr(value=BoolOp(op=Or(), values=[BoolOp(op=And(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())]), Name(id='c', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a and b and c\n") ==
      R"ast(Module(body=[Expr(value=BoolOp(op=And(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load()), Name(id='c', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("(a and b) and c\n") ==
      R"ast(Module(body=[Expr(value=BoolOp(op=And(), values=[BoolOp(op=And(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())]), Name(id='c', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a and (b and c)\n") ==
      R"ast(Module(body=[Expr(value=BoolOp(op=And(), values=[Name(id='a', ctx=Load()), BoolOp(op=And(), values=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load())])]))]))ast");
  CHECK(
      DumpOf("a or b or c or d\n") ==
      R"ast(Module(body=[Expr(value=BoolOp(op=Or(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load()), Name(id='c', ctx=Load()), Name(id='d', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("not a\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=Not(), operand=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("-a\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=USub(), operand=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("+a\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=UAdd(), operand=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("~a\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=Invert(), operand=Name(id='a', ctx=Load())))]))ast");
  CHECK(
      DumpOf("not not a\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=Not(), operand=UnaryOp(op=Not(), operand=Name(id='a', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("-a ** b\n") ==
      R"ast(Module(body=[Expr(value=UnaryOp(op=USub(), operand=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=Name(id='b', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("a ** -b\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=UnaryOp(op=USub(), operand=Name(id='b', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("a ** b ** c\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=BinOp(left=Name(id='b', ctx=Load()), op=Pow(), right=Name(id='c', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("a - b - c\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=Sub(), right=Name(id='b', ctx=Load())), op=Sub(), right=Name(id='c', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a * b + c * d\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=Mult(), right=Name(id='b', ctx=Load())), op=Add(), right=BinOp(left=Name(id='c', ctx=Load()), op=Mult(), right=Name(id='d', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("a // b % c @ d / e\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=FloorDiv(), right=Name(id='b', ctx=Load())), op=Mod(), right=Name(id='c', ctx=Load())), op=MatMult(), right=Name(id='d', ctx=Load())), op=Div(), right=Name(id='e', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a << b >> c\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=LShift(), right=Name(id='b', ctx=Load())), op=RShift(), right=Name(id='c', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a | b & c ^ d\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=BitOr(), right=BinOp(left=BinOp(left=Name(id='b', ctx=Load()), op=BitAnd(), right=Name(id='c', ctx=Load())), op=BitXor(), right=Name(id='d', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("a & b ^ c\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=BitAnd(), right=Name(id='b', ctx=Load())), op=BitXor(), right=Name(id='c', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a ^ b & c & d\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=BitXor(), right=BinOp(left=BinOp(left=Name(id='b', ctx=Load()), op=BitAnd(), right=Name(id='c', ctx=Load())), op=BitAnd(), right=Name(id='d', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("(a ^ b) & c\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=BitXor(), right=Name(id='b', ctx=Load())), op=BitAnd(), right=Name(id='c', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a < b not in c is not d\n") ==
      R"ast(Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Lt(), NotIn(), IsNot()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load()), Name(id='d', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a == b != c <= d >= e > f in g is h\n") ==
      R"ast(Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Eq(), NotEq(), LtE(), GtE(), Gt(), In(), Is()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load()), Name(id='d', ctx=Load()), Name(id='e', ctx=Load()), Name(id='f', ctx=Load()), Name(id='g', ctx=Load()), Name(id='h', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a if b else c\n") ==
      R"ast(Module(body=[Expr(value=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=Name(id='c', ctx=Load())))]))ast");
  CHECK(
      DumpOf("a if b else c if d else e\n") ==
      R"ast(Module(body=[Expr(value=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=IfExp(test=Name(id='d', ctx=Load()), body=Name(id='c', ctx=Load()), orelse=Name(id='e', ctx=Load()))))]))ast");
  CHECK(
      DumpOf("(y := 5)\n") ==
      R"ast(Module(body=[Expr(value=NamedExpr(target=Name(id='y', ctx=Store()), value=Constant(value_kind=int, text='5')))]))ast");
  CHECK(
      DumpOf("await a ** b\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Await(value=Name(id='a', ctx=Load())), op=Pow(), right=Name(id='b', ctx=Load())))]))ast");
}

TEST_CASE("syntax: lowers calls subscripts attributes like CPython",
          "[syntax]") {
  CHECK(
      DumpOf("f(a)(b)(c)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Call(func=Call(func=Name(id='f', ctx=Load()), args=[Name(id='a', ctx=Load())], keywords=[]), args=[Name(id='b', ctx=Load())], keywords=[]), args=[Name(id='c', ctx=Load())], keywords=[]))]))ast");
  CHECK(
      DumpOf("a.b.c.d\n") ==
      R"ast(Module(body=[Expr(value=Attribute(value=Attribute(value=Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load()), attr='c', ctx=Load()), attr='d', ctx=Load()))]))ast");
  CHECK(
      DumpOf("f(*a, **b, c=d)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[Starred(value=Name(id='a', ctx=Load()), ctx=Load())], keywords=[keyword(arg=None, value=Name(id='b', ctx=Load())), keyword(arg='c', value=Name(id='d', ctx=Load()))]))]))ast");
  CHECK(
      DumpOf("f(a, *b, c=1, *d, **e, g=2)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[Name(id='a', ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load()), Starred(value=Name(id='d', ctx=Load()), ctx=Load())], keywords=[keyword(arg='c', value=Constant(value_kind=int, text='1')), keyword(arg=None, value=Name(id='e', ctx=Load())), keyword(arg='g', value=Constant(value_kind=int, text='2'))]))]))ast");
  CHECK(
      DumpOf("f(x for x in y)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[GeneratorExp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=False)])], keywords=[]))]))ast");
  CHECK(
      DumpOf("f((x for x in y), z)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[GeneratorExp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=False)]), Name(id='z', ctx=Load())], keywords=[]))]))ast");
  CHECK(
      DumpOf("x[a:b, c]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Slice(lower=Name(id='a', ctx=Load()), upper=Name(id='b', ctx=Load()), step=None), Name(id='c', ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[()]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[1:2:3, ::]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Slice(lower=Constant(value_kind=int, text='1'), upper=Constant(value_kind=int, text='2'), step=Constant(value_kind=int, text='3')), Slice(lower=None, upper=None, step=None)], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[*a]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[a, *b]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Name(id='a', ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[:]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Slice(lower=None, upper=None, step=None), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[::2]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Slice(lower=None, upper=None, step=Constant(value_kind=int, text='2')), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[a,]\n") ==
      R"ast(Module(body=[Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Name(id='a', ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x[1:2, ...] = y\n") ==
      R"ast(Module(body=[Assign(targets=[Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Slice(lower=Constant(value_kind=int, text='1'), upper=Constant(value_kind=int, text='2'), step=None), Constant(value_kind=Ellipsis, text='...')], ctx=Load()), ctx=Store())], value=Name(id='y', ctx=Load()))]))ast");
}

TEST_CASE("syntax: lowers starred like CPython", "[syntax]") {
  CHECK(
      DumpOf("[*a, *b]\n") ==
      R"ast(Module(body=[Expr(value=List(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("[*range(10)]\n") ==
      R"ast(Module(body=[Expr(value=List(elts=[Starred(value=Call(func=Name(id='range', ctx=Load()), args=[Constant(value_kind=int, text='10')], keywords=[]), ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("{*a.b(), c}\n") ==
      R"ast(Module(body=[Expr(value=Set(elts=[Starred(value=Call(func=Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load()), args=[], keywords=[]), ctx=Load()), Name(id='c', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("(*a[0], b)\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Starred(value=Subscript(value=Name(id='a', ctx=Load()), slice=Constant(value_kind=int, text='0'), ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("[*a + b]\n") ==
      R"ast(Module(body=[Expr(value=List(elts=[Starred(value=BinOp(left=Name(id='a', ctx=Load()), op=Add(), right=Name(id='b', ctx=Load())), ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("f(*a or b)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[Starred(value=BoolOp(op=Or(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())]), ctx=Load())], keywords=[]))]))ast");
  CHECK(
      DumpOf("print(*args, sep='')\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='print', ctx=Load()), args=[Starred(value=Name(id='args', ctx=Load()), ctx=Load())], keywords=[keyword(arg='sep', value=Constant(value_kind=str, text='\'\''))]))]))ast");
  CHECK(
      DumpOf("x = *a, *b\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load())], ctx=Load()))]))ast");
}

TEST_CASE("syntax: lowers displays and comprehensions like CPython",
          "[syntax]") {
  CHECK(
      DumpOf("[1, 2]\n") ==
      R"ast(Module(body=[Expr(value=List(elts=[Constant(value_kind=int, text='1'), Constant(value_kind=int, text='2')], ctx=Load()))]))ast");
  CHECK(DumpOf("()\n") ==
        R"ast(Module(body=[Expr(value=Tuple(elts=[], ctx=Load()))]))ast");
  CHECK(
      DumpOf("(1,)\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Constant(value_kind=int, text='1')], ctx=Load()))]))ast");
  CHECK(DumpOf("{}\n") ==
        R"ast(Module(body=[Expr(value=Dict(keys=[], values=[]))]))ast");
  CHECK(
      DumpOf("{1}\n") ==
      R"ast(Module(body=[Expr(value=Set(elts=[Constant(value_kind=int, text='1')]))]))ast");
  CHECK(
      DumpOf("{**a, 'b': 1}\n") ==
      R"ast(Module(body=[Expr(value=Dict(keys=[None, Constant(value_kind=str, text='\'b\'')], values=[Name(id='a', ctx=Load()), Constant(value_kind=int, text='1')]))]))ast");
  CHECK(
      DumpOf("{*a, b}\n") ==
      R"ast(Module(body=[Expr(value=Set(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("[x for x in y if z for w in x]\n") ==
      R"ast(Module(body=[Expr(value=ListComp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[Name(id='z', ctx=Load())], is_async=False), comprehension(target=Name(id='w', ctx=Store()), iter=Name(id='x', ctx=Load()), ifs=[], is_async=False)]))]))ast");
  CHECK(
      DumpOf("{k: v for k, v in d}\n") ==
      R"ast(Module(body=[Expr(value=DictComp(key=Name(id='k', ctx=Load()), value=Name(id='v', ctx=Load()), generators=[comprehension(target=Tuple(elts=[Name(id='k', ctx=Store()), Name(id='v', ctx=Store())], ctx=Store()), iter=Name(id='d', ctx=Load()), ifs=[], is_async=False)]))]))ast");
  CHECK(
      DumpOf("{x for x in y}\n") ==
      R"ast(Module(body=[Expr(value=SetComp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=False)]))]))ast");
  CHECK(
      DumpOf("(x async for x in y)\n") ==
      R"ast(Module(body=[Expr(value=GeneratorExp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=True)]))]))ast");
  CHECK(
      DumpOf("[x for x in y if a if b]\n") ==
      R"ast(Module(body=[Expr(value=ListComp(elt=Name(id='x', ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], is_async=False)]))]))ast");
  CHECK(
      DumpOf("[i async for i in aiter() if await i]\n") ==
      R"ast(Module(body=[Expr(value=ListComp(elt=Name(id='i', ctx=Load()), generators=[comprehension(target=Name(id='i', ctx=Store()), iter=Call(func=Name(id='aiter', ctx=Load()), args=[], keywords=[]), ifs=[Await(value=Name(id='i', ctx=Load()))], is_async=True)]))]))ast");
}

TEST_CASE("syntax: lowers constants and strings like CPython", "[syntax]") {
  CHECK(
      DumpOf("0x1F; 0o17; 0b11; 1_000; 1.5; 1e10; 1j; 1.5J; .5; 5.; 0; 00; "
             "0_0\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=int, text='0x1F')), Expr(value=Constant(value_kind=int, text='0o17')), Expr(value=Constant(value_kind=int, text='0b11')), Expr(value=Constant(value_kind=int, text='1_000')), Expr(value=Constant(value_kind=float, text='1.5')), Expr(value=Constant(value_kind=float, text='1e10')), Expr(value=Constant(value_kind=complex, text='1j')), Expr(value=Constant(value_kind=complex, text='1.5J')), Expr(value=Constant(value_kind=float, text='.5')), Expr(value=Constant(value_kind=float, text='5.')), Expr(value=Constant(value_kind=int, text='0')), Expr(value=Constant(value_kind=int, text='00')), Expr(value=Constant(value_kind=int, text='0_0'))]))ast");
  CHECK(
      DumpOf("True; False; None; ...\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=True, text='True')), Expr(value=Constant(value_kind=False, text='False')), Expr(value=Constant(value_kind=None, text='None')), Expr(value=Constant(value_kind=Ellipsis, text='...'))]))ast");
  CHECK(
      DumpOf("'a'\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=str, text='\'a\''))]))ast");
  CHECK(
      DumpOf("b'x'\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=bytes, text='b\'x\''))]))ast");
  CHECK(
      DumpOf("rb'y' Rb'z'\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=bytes, text='rb\'y\' Rb\'z\''))]))ast");
  CHECK(
      DumpOf("u'text'\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=str, text='u\'text\''))]))ast");
  CHECK(
      DumpOf("('a'\n 'b')\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=str, text='\'a\' \'b\''))]))ast");
  CHECK(
      DumpOf("'a' 'b' 'c'\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=str, text='\'a\' \'b\' \'c\''))]))ast");
  CHECK(
      DumpOf("'''multi\nline'''\n") ==
      R"ast(Module(body=[Expr(value=Constant(value_kind=str, text='\'\'\'multi\nline\'\'\''))]))ast");
  CHECK(
      DumpOf("f'{x}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'{x}\'', values=[Name(id='x', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'a{b!r:>{w}} {c=}' 'd'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'a{b!r:>{w}} {c=}\' \'d\'', values=[Name(id='b', ctx=Load()), Name(id='w', ctx=Load()), Name(id='c', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("'a' f'{b}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='\'a\' f\'{b}\'', values=[Name(id='b', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{x:=10}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'{x:=10}\'', values=[Name(id='x', ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{a, b}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'{a, b}\'', values=[Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{f\"{x}\"}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'{f"{x}"}\'', values=[JoinedStr(text='f"{x}"', values=[Name(id='x', ctx=Load())])]))]))ast");
  CHECK(
      DumpOf("x = \\\n  1\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
}

TEST_CASE("syntax: lowers match statements like CPython", "[syntax]") {
  CHECK(
      DumpOf("match x:\n    case _: pass\n    case y: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchAs(pattern=None, name=None), guard=None, body=[Pass()]), match_case(pattern=MatchAs(pattern=None, name='y'), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case 1 | -2 | -1+2j | 'a' 'b': pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchOr(patterns=[MatchValue(value=Constant(value_kind=int, text='1')), MatchValue(value=UnaryOp(op=USub(), operand=Constant(value_kind=int, text='2'))), MatchValue(value=BinOp(left=UnaryOp(op=USub(), operand=Constant(value_kind=int, text='1')), op=Add(), right=Constant(value_kind=complex, text='2j'))), MatchValue(value=Constant(value_kind=str, text='\'a\' \'b\''))]), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case None | True | False: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchOr(patterns=[MatchSingleton(value=Constant(value_kind=None, text='None')), MatchSingleton(value=Constant(value_kind=True, text='True')), MatchSingleton(value=Constant(value_kind=False, text='False'))]), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case [a, *rest, *_]: pass\n    case (a, b) | (): "
             "pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchSequence(patterns=[MatchAs(pattern=None, name='a'), MatchStar(name='rest'), MatchStar(name=None)]), guard=None, body=[Pass()]), match_case(pattern=MatchOr(patterns=[MatchSequence(patterns=[MatchAs(pattern=None, name='a'), MatchAs(pattern=None, name='b')]), MatchSequence(patterns=[])]), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case {'k': v, **kw}: pass\n    case {1: _, a.b: "
             "[x]}: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchMapping(keys=[Constant(value_kind=str, text='\'k\'')], patterns=[MatchAs(pattern=None, name='v')], rest='kw'), guard=None, body=[Pass()]), match_case(pattern=MatchMapping(keys=[Constant(value_kind=int, text='1'), Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load())], patterns=[MatchAs(pattern=None, name=None), MatchSequence(patterns=[MatchAs(pattern=None, name='x')])], rest=None), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case Point(x, y=0) as p if p: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchAs(pattern=MatchClass(cls=Name(id='Point', ctx=Load()), patterns=[MatchAs(pattern=None, name='x')], kwd_attrs=['y'], kwd_patterns=[MatchValue(value=Constant(value_kind=int, text='0'))]), name='p'), guard=Name(id='p', ctx=Load()), body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case a.b.c: pass\n    case (a): pass\n    case a, "
             "b: pass\n    case a,: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchValue(value=Attribute(value=Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load()), attr='c', ctx=Load())), guard=None, body=[Pass()]), match_case(pattern=MatchAs(pattern=None, name='a'), guard=None, body=[Pass()]), match_case(pattern=MatchSequence(patterns=[MatchAs(pattern=None, name='a'), MatchAs(pattern=None, name='b')]), guard=None, body=[Pass()]), match_case(pattern=MatchSequence(patterns=[MatchAs(pattern=None, name='a')]), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case Point(x=_, y=z, w=[a]): pass\n    case -1: "
             "pass\n    case {-1: x}: pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchClass(cls=Name(id='Point', ctx=Load()), patterns=[], kwd_attrs=['x', 'y', 'w'], kwd_patterns=[MatchAs(pattern=None, name=None), MatchAs(pattern=None, name='z'), MatchSequence(patterns=[MatchAs(pattern=None, name='a')])]), guard=None, body=[Pass()]), match_case(pattern=MatchValue(value=UnaryOp(op=USub(), operand=Constant(value_kind=int, text='1'))), guard=None, body=[Pass()]), match_case(pattern=MatchMapping(keys=[UnaryOp(op=USub(), operand=Constant(value_kind=int, text='1'))], patterns=[MatchAs(pattern=None, name='x')], rest=None), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case 1-2j: pass\n    case *a, b: pass\n    case (x "
             "as y): pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchValue(value=BinOp(left=Constant(value_kind=int, text='1'), op=Sub(), right=Constant(value_kind=complex, text='2j'))), guard=None, body=[Pass()]), match_case(pattern=MatchSequence(patterns=[MatchStar(name='a'), MatchAs(pattern=None, name='b')]), guard=None, body=[Pass()]), match_case(pattern=MatchAs(pattern=MatchAs(pattern=None, name='x'), name='y'), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match x:\n    case 1 | 2 as z: pass\n    case (1 | 2) | 3: "
             "pass\n    case Point(x=[a] as b): pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchAs(pattern=MatchOr(patterns=[MatchValue(value=Constant(value_kind=int, text='1')), MatchValue(value=Constant(value_kind=int, text='2'))]), name='z'), guard=None, body=[Pass()]), match_case(pattern=MatchOr(patterns=[MatchOr(patterns=[MatchValue(value=Constant(value_kind=int, text='1')), MatchValue(value=Constant(value_kind=int, text='2'))]), MatchValue(value=Constant(value_kind=int, text='3'))]), guard=None, body=[Pass()]), match_case(pattern=MatchClass(cls=Name(id='Point', ctx=Load()), patterns=[], kwd_attrs=['x'], kwd_patterns=[MatchAs(pattern=MatchSequence(patterns=[MatchAs(pattern=None, name='a')]), name='b')]), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match a, b:\n    case _: pass\n") ==
      R"ast(Module(body=[Match(subject=Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), cases=[match_case(pattern=MatchAs(pattern=None, name=None), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match *a, b:\n    case _: pass\n") ==
      R"ast(Module(body=[Match(subject=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), cases=[match_case(pattern=MatchAs(pattern=None, name=None), guard=None, body=[Pass()])])]))ast");
  CHECK(
      DumpOf("match = 1\ncase = 2\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='match', ctx=Store())], value=Constant(value_kind=int, text='1')), Assign(targets=[Name(id='case', ctx=Store())], value=Constant(value_kind=int, text='2'))]))ast");
}

TEST_CASE("syntax: lowers soft keywords and misread forms like CPython",
          "[syntax]") {
  CHECK(
      DumpOf("print >> sys.stderr, 'message'\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[BinOp(left=Name(id='print', ctx=Load()), op=RShift(), right=Attribute(value=Name(id='sys', ctx=Load()), attr='stderr', ctx=Load())), Constant(value_kind=str, text='\'message\'')], ctx=Load()))]))ast");
  CHECK(
      DumpOf("print >>f\n") ==
      R"ast(Module(body=[Expr(value=BinOp(left=Name(id='print', ctx=Load()), op=RShift(), right=Name(id='f', ctx=Load())))]))ast");
  CHECK(
      DumpOf("type(self).saved = details\n") ==
      R"ast(Module(body=[Assign(targets=[Attribute(value=Call(func=Name(id='type', ctx=Load()), args=[Name(id='self', ctx=Load())], keywords=[]), attr='saved', ctx=Store())], value=Name(id='details', ctx=Load()))]))ast");
  CHECK(
      DumpOf("type(a, b)[0] = c\n") ==
      R"ast(Module(body=[Assign(targets=[Subscript(value=Call(func=Name(id='type', ctx=Load()), args=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], keywords=[]), slice=Constant(value_kind=int, text='0'), ctx=Store())], value=Name(id='c', ctx=Load()))]))ast");
  CHECK(
      DumpOf("type = 5\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='type', ctx=Store())], value=Constant(value_kind=int, text='5'))]))ast");
  CHECK(
      DumpOf("type(x)\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='type', ctx=Load()), args=[Name(id='x', ctx=Load())], keywords=[]))]))ast");
  CHECK(
      DumpOf("match(x).foo\n") ==
      R"ast(Module(body=[Expr(value=Attribute(value=Call(func=Name(id='match', ctx=Load()), args=[Name(id='x', ctx=Load())], keywords=[]), attr='foo', ctx=Load()))]))ast");
  CHECK(
      DumpOf("_ = 3\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='_', ctx=Store())], value=Constant(value_kind=int, text='3'))]))ast");
  CHECK(
      DumpOf("a,\nx = 1\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Name(id='a', ctx=Load())], ctx=Load())), Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("a,\nb,\nc, d = 1\n") ==
      R"ast(Module(body=[Expr(value=Tuple(elts=[Name(id='a', ctx=Load())], ctx=Load())), Expr(value=Tuple(elts=[Name(id='b', ctx=Load())], ctx=Load())), Assign(targets=[Tuple(elts=[Name(id='c', ctx=Store()), Name(id='d', ctx=Store())], ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("exec('x')\n") ==
      R"ast(Module(body=[Expr(value=Call(func=Name(id='exec', ctx=Load()), args=[Constant(value_kind=str, text='\'x\'')], keywords=[]))]))ast");
}

TEST_CASE("syntax: lowers unicode identifiers like CPython", "[syntax]") {
  CHECK(
      DumpOf("ｗｉｄｔｈ = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='width', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("µ = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='μ', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("𝔘𝔫𝔦𝔠𝔬𝔡𝔢 = 2\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='Unicode', ctx=Store())], value=Constant(value_kind=int, text='2'))]))ast");
  CHECK(
      DumpOf("tenπ = 3\n") ==
      R"ast(Module(body=[Assign(targets=[Name(id='tenπ', ctx=Store())], value=Constant(value_kind=int, text='3'))]))ast");
  CHECK(
      DumpOf("x.ｗ = 1\n") ==
      R"ast(Module(body=[Assign(targets=[Attribute(value=Name(id='x', ctx=Load()), attr='w', ctx=Store())], value=Constant(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("import ﬁle\n") ==
      R"ast(Module(body=[Import(names=[alias(name='file', asname=None)])]))ast");
}

TEST_CASE("syntax: origins are CPython's (line, code-point column)",
          "[syntax]") {
  CHECK(
      DumpOf("s = 'héllo'; t = 1\nx = '€€' + y\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='s', ctx=Store())], value=Constant@1:5(value_kind=str, text='\'héllo\'')), Assign@1:14(targets=[Name@1:14(id='t', ctx=Store())], value=Constant@1:18(value_kind=int, text='1')), Assign@2:1(targets=[Name@2:1(id='x', ctx=Store())], value=BinOp@2:5(left=Constant@2:5(value_kind=str, text='\'€€\''), op=Add(), right=Name@2:12(id='y', ctx=Load())))]))ast");
  CHECK(
      DumpOf("d = {'ключ': [1, 2]}\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='d', ctx=Store())], value=Dict@1:5(keys=[Constant@1:6(value_kind=str, text='\'ключ\'')], values=[List@1:14(elts=[Constant@1:15(value_kind=int, text='1'), Constant@1:18(value_kind=int, text='2')], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("if x:\n    a = 1\nelif y:\n    pass\n", /*origins=*/true) ==
      R"ast(Module(body=[If@1:1(test=Name@1:4(id='x', ctx=Load()), body=[Assign@2:5(targets=[Name@2:5(id='a', ctx=Store())], value=Constant@2:9(value_kind=int, text='1'))], orelse=[If@3:1(test=Name@3:6(id='y', ctx=Load()), body=[Pass@4:5()], orelse=[])])]))ast");
  CHECK(
      DumpOf("@dec\nasync def f(*args, **kw): pass\n", /*origins=*/true) ==
      R"ast(Module(body=[AsyncFunctionDef@2:1(name='f', args=arguments@2:12(posonlyargs=[], args=[], vararg=arg@2:14(arg='args', annotation=None), kwonlyargs=[], kw_defaults=[], kwarg=arg@2:22(arg='kw', annotation=None), defaults=[]), body=[Pass@2:27()], decorator_list=[Name@1:2(id='dec', ctx=Load())], returns=None)]))ast");
  CHECK(
      DumpOf("f(x for x in y)\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Call@1:1(func=Name@1:1(id='f', ctx=Load()), args=[GeneratorExp@1:2(elt=Name@1:3(id='x', ctx=Load()), generators=[comprehension@1:5(target=Name@1:9(id='x', ctx=Store()), iter=Name@1:14(id='y', ctx=Load()), ifs=[], is_async=False)])], keywords=[]))]))ast");
  CHECK(
      DumpOf("x[a:b, c]\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Subscript@1:1(value=Name@1:1(id='x', ctx=Load()), slice=Tuple@1:3(elts=[Slice@1:3(lower=Name@1:3(id='a', ctx=Load()), upper=Name@1:5(id='b', ctx=Load()), step=None), Name@1:8(id='c', ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x = (  # comment\n  a + b)\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], value=BinOp@2:3(left=Name@2:3(id='a', ctx=Load()), op=Add(), right=Name@2:7(id='b', ctx=Load())))]))ast");
  // CPython 3.11 starts the tuple at `{`; 3.12 at its first element.
  ParseOptions py311;
  py311.target = base::PythonVersion::kPy311;
  CHECK(
      DumpOf("f'{a, b}'\n", /*origins=*/true, py311) ==
      R"ast(Module(body=[Expr@1:1(value=JoinedStr@1:1(text='f\'{a, b}\'', values=[Tuple@1:3(elts=[Name@1:4(id='a', ctx=Load()), Name@1:7(id='b', ctx=Load())], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{a, b}'\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=JoinedStr@1:1(text='f\'{a, b}\'', values=[Tuple@1:4(elts=[Name@1:4(id='a', ctx=Load()), Name@1:7(id='b', ctx=Load())], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a,\nx = 1\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Tuple@1:1(elts=[Name@1:1(id='a', ctx=Load())], ctx=Load())), Assign@2:1(targets=[Name@2:1(id='x', ctx=Store())], value=Constant@2:5(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("type(x).y = 1\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Attribute@1:1(value=Call@1:1(func=Name@1:1(id='type', ctx=Load()), args=[Name@1:6(id='x', ctx=Load())], keywords=[]), attr='y', ctx=Store())], value=Constant@1:13(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("[*a.b()]\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=List@1:1(elts=[Starred@1:2(value=Call@1:3(func=Attribute@1:3(value=Name@1:3(id='a', ctx=Load()), attr='b', ctx=Load()), args=[], keywords=[]), ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("match x:\n    case (1 | -2) as z: pass\n", /*origins=*/true) ==
      R"ast(Module(body=[Match@1:1(subject=Name@1:7(id='x', ctx=Load()), cases=[match_case@2:5(pattern=MatchAs@2:10(pattern=MatchOr@2:11(patterns=[MatchValue@2:11(value=Constant@2:11(value_kind=int, text='1')), MatchValue@2:15(value=UnaryOp@2:15(op=USub(), operand=Constant@2:16(value_kind=int, text='2')))]), name='z'), guard=None, body=[Pass@2:25()])])]))ast");
  CHECK(
      DumpOf("with (a as b, c): pass\n", /*origins=*/true) ==
      R"ast(Module(body=[With@1:1(items=[withitem@1:7(context_expr=Name@1:7(id='a', ctx=Load()), optional_vars=Name@1:12(id='b', ctx=Store())), withitem@1:15(context_expr=Name@1:15(id='c', ctx=Load()), optional_vars=None)], body=[Pass@1:19()])]))ast");
  CHECK(
      DumpOf("print >>f, 'é'\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Tuple@1:1(elts=[BinOp@1:1(left=Name@1:1(id='print', ctx=Load()), op=RShift(), right=Name@1:9(id='f', ctx=Load())), Constant@1:12(value_kind=str, text='\'é\'')], ctx=Load()))]))ast");
  CHECK(
      DumpOf("def f():\n        x = (a +\n    b)  # c\n        return x\n",
             /*origins=*/true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:6(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Assign@2:9(targets=[Name@2:9(id='x', ctx=Store())], value=BinOp@2:14(left=Name@2:14(id='a', ctx=Load()), op=Add(), right=Name@3:5(id='b', ctx=Load()))), Return@4:9(value=Name@4:16(id='x', ctx=Load()))], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf(
          "def f():\n    (bar.\n baz)\n    s = (\"\"\"\n)\"\"\", (1 +\n 2))\n",
          /*origins=*/true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:6(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Expr@2:5(value=Attribute@2:6(value=Name@2:6(id='bar', ctx=Load()), attr='baz', ctx=Load())), Assign@4:5(targets=[Name@4:5(id='s', ctx=Store())], value=Tuple@4:9(elts=[Constant@4:10(value_kind=str, text='"""\n)"""'), BinOp@5:8(left=Constant@5:8(value_kind=int, text='1'), op=Add(), right=Constant@6:2(value_kind=int, text='2'))], ctx=Load()))], decorator_list=[], returns=None)]))ast");
}

TEST_CASE("syntax: empty input", "[syntax]") {
  CHECK(DumpOf("") == "Module(body=[])");
  CHECK(DumpOf("\n\n") == "Module(body=[])");
  Lowered l("# only a comment\n");
  REQUIRE(l.ok);
  CHECK(l.module.body.empty());
  CHECK(l.module.comments.size() == 1);
}

TEST_CASE("syntax: a decorated def starts at its decorator", "[syntax]") {
  Lowered l("x = 1\n@dec\n@other(1)\ndef f():\n    pass\n");
  REQUIRE(l.ok);
  REQUIRE(l.module.body.size() == 2);
  const ast::Stmt& def = *l.module.body[1];
  CHECK(def.origin.line == 4);  // the `def` keyword, as in CPython 3.8+
  CHECK(def.origin.col == 1);
  CHECK(l.module.TextOf(def) == "@dec\n@other(1)\ndef f():\n    pass");
}

TEST_CASE("syntax: spans are byte ranges of the input", "[syntax]") {
  Lowered l("y = ('é' +\n     zz)  # c\n");
  REQUIRE(l.ok);
  const auto& assign = l.module.body[0]->Cast<ast::Assign>();
  CHECK(l.module.TextOf(assign) == "y = ('é' +\n     zz)");
  CHECK(l.module.TextOf(*assign.value) == "'é' +\n     zz");
  const auto& bin = assign.value->Cast<ast::BinOp>();
  CHECK(l.module.TextOf(*bin.right) == "zz");
  CHECK(bin.right->origin.line == 2);
  CHECK(bin.right->origin.col == 6);
}

TEST_CASE("syntax: comments are collected in order", "[syntax]") {
  Lowered l(
      "# head\n"
      "x = [1,  # in a list\n"
      "     2]\n"
      "def f():  # after a header\n"
      "    \t# own line, indented\n"
      "    s = ('a'  # between string parts\n"
      "         f'{b}')\n"
      "    return a and \\\n"
      "        b  # after a continuation\n"
      "# é tail\n");
  REQUIRE(l.ok);
  const auto& cs = l.module.comments;
  REQUIRE(cs.size() == 7);
  auto text = [&](size_t i) {
    return l.source.bytes().substr(cs[i].span.begin,
                                   cs[i].span.end - cs[i].span.begin);
  };
  CHECK(text(0) == "# head");
  CHECK(text(1) == "# in a list");
  CHECK(text(2) == "# after a header");
  CHECK(text(3) == "# own line, indented");
  CHECK(text(4) == "# between string parts");
  CHECK(text(5) == "# after a continuation");
  CHECK(text(6) == "# é tail");
  const bool own[] = {true, false, false, true, false, false, true};
  for (size_t i = 0; i < cs.size(); ++i) {
    INFO(i);
    CHECK(cs[i].own_line == own[i]);
  }
  CHECK(cs[1].origin.line == 2);
  CHECK(cs[1].origin.col == 10);
  CHECK(cs[3].origin.line == 5);
  CHECK(cs[3].origin.col == 6);
}

TEST_CASE("syntax: CRLF line endings and a byte-order mark", "[syntax]") {
  CHECK(DumpOf("x = 1\r\nif x:\r\n    y = 2\r\n", /*origins=*/true) ==
        "Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], "
        "value=Constant@1:5(value_kind=int, text='1')), If@2:1(test=Name@2:4("
        "id='x', ctx=Load()), body=[Assign@3:5(targets=[Name@3:5(id='y', "
        "ctx=Store())], value=Constant@3:9(value_kind=int, text='2'))], "
        "orelse=[])])");
  // A comment after a decorator, and a backslash before CRLF in a string
  // (plain, raw, bytes) read as with LF (their checks stopped at the '\r').
  for (const char* code :
       {"@dec  # c\r\ndef f(): pass\r\n",
        "class C:\r\n    @dec(1)  # c\r\n    def f(self): pass\r\n",
        "s = \"a \\\r\n  b\"\r\n", "s = r'\"a\\\r\n'\r\n",
        "s = b'\\\r\n'  # c\r\n"}) {
    std::string lf = code;
    for (size_t i; (i = lf.find("\r\n")) != std::string::npos;) {
      lf.erase(i, 1);
    }
    INFO(code);
    std::string dump = DumpOf(code, /*origins=*/true);
    std::erase(dump, '\r');  // a literal's text is the input's
    CHECK(dump == DumpOf(lf, /*origins=*/true));
  }
  // CPython does not count the byte-order mark in columns.
  CHECK(DumpOf("\xEF\xBB\xBFx = 1  # c\n", /*origins=*/true) ==
        "Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], "
        "value=Constant@1:5(value_kind=int, text='1'))])");
  Lowered l("\xEF\xBB\xBF# c\nx = 1\n");
  REQUIRE(l.ok);
  REQUIRE(l.module.comments.size() == 1);
  CHECK(l.module.comments[0].own_line);
  CHECK(l.module.comments[0].origin.col == 1);
}

TEST_CASE(
    "syntax: a form feed in indentation resets the column, as in "
    "CPython",
    "[syntax]") {
  // The def's indentation is the 4 spaces after the form feed; its column
  // counts the form feed (CPython's col_offset is 5).
  const std::string with_ff =
      DumpOf("class C:\n    x = 1\n\f    def f(self): pass\n", true);
  CHECK(with_ff.find("FunctionDef@3:6(") != std::string::npos);
  CHECK(DumpOf("class C:\n    x = 1\n\f    def f(self): pass\n") ==
        DumpOf("class C:\n    x = 1\n    def f(self): pass\n"));
  CHECK(DumpOf("if a:\n  \f    x = 1\n    y = 2\n") ==
        DumpOf("if a:\n    x = 1\n    y = 2\n"));
  CHECK(DumpOf("if a:\n    x = 1\n\f\n\fy = 2\n") ==
        DumpOf("if a:\n    x = 1\n\ny = 2\n"));
  // What follows the form feed must still match the block's indentation.
  CHECK(ErrorsOf("if a:\n    x = 1\n\f  y = 2\n") ==
        "t.py:3:4: error: invalid syntax [AGC001]\n");
  // On a line continued by a backslash-only line too.
  CHECK(DumpOf("if a:\n    x = 1\n\\\n\f    y = 2\n") ==
        DumpOf("if a:\n    x = 1\n    y = 2\n"));
}

TEST_CASE(
    "syntax: comments tree-sitter takes for a block's end are read "
    "as CPython reads them",
    "[syntax]") {
  // A commented-out decorator at column 0 between a decorator and its def.
  const std::string decorated =
      "class Foo:\n    @staticmethod\n#    @cache\n    def bar(): pass\n";
  CHECK(DumpOf(decorated, true) ==
        DumpOf("class Foo:\n    @staticmethod\n\n    def bar(): pass\n", true));
  Lowered l(decorated);
  REQUIRE(l.ok);
  REQUIRE(l.module.comments.size() == 1);
  CHECK(l.module.comments[0].span.begin == 29);
  CHECK(l.module.comments[0].span.end == 40);
  CHECK(l.module.comments[0].own_line);
  CHECK(l.module.comments[0].origin.line == 3);
  CHECK(l.module.comments[0].origin.col == 1);
  // In a tab-indented block, a comment inside brackets before a line
  // indented with fewer columns (tree-sitter counts a tab as 8).
  const std::string tabs =
      "def f():\n\tif (a or  # c\n            b):\n\t\tpass\n";
  Lowered t(tabs);
  INFO(t.Errors());
  REQUIRE(t.ok);
  REQUIRE(t.module.comments.size() == 1);
  CHECK_FALSE(t.module.comments[0].own_line);
  CHECK(t.module.comments[0].origin.line == 2);
  CHECK(t.module.comments[0].origin.col == 12);
  CHECK(DumpOf(tabs) == DumpOf("def f():\n\tif (a or\n b):\n\t\tpass\n"));
}

TEST_CASE("syntax: a syntax error carries its source line", "[syntax]") {
  {
    Lowered l("x = 1\r\nif x\r\n    pass\r\n");
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].source_line == "if x");
  }
  {
    ParseOptions py311;
    py311.target = base::PythonVersion::kPy311;
    Lowered l("def f[T](x):\n    pass\n", py311);  // AGC004
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code() == 4);
    CHECK(diags[0].source_line == "def f[T](x):");
  }
  {
    // Not the line of a file that is not text.
    Lowered l("x = 1\ny = '\xff'\n");
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code() == 2);
    CHECK(diags[0].source_line.empty());
  }
}

TEST_CASE("syntax: syntax errors are AGC001 at CPython's position",
          "[syntax]") {
  // Positions are those CPython 3.11 reports for the same input, and so are
  // the messages of AGC006 (`python3 -c 'compile(src, "t.py", "exec")'`).
  auto invalid = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax [AGC001]\n";
  };
  CHECK(ErrorsOf("x = 1 +\n") == invalid(1, 8));
  CHECK(ErrorsOf("x = 1\nx = = 2\n") == invalid(2, 5));
  // Where CPython's tokenizer says more ("unterminated string literal"),
  // agc does not (yet).
  CHECK(ErrorsOf("x = \"abc\n") == invalid(1, 5));
  // tree-sitter finds a ')' missing (a MISSING node), but CPython does not
  // say "expected ')'" there: it is "invalid syntax".
  CHECK(ErrorsOf("def f(:\n  pass\n") == invalid(1, 7));
  CHECK(ErrorsOf("if foo(a, b:\n    pass\n") == invalid(1, 12));
  CHECK(ErrorsOf("if x import y:\n  pass\n") == invalid(1, 6));
}

TEST_CASE("syntax: a missing ':' is AGC006 where CPython expects it",
          "[syntax]") {
  auto expected = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax: expected ':' [AGC006]\n";
  };
  CHECK(ErrorsOf("if x\n  pass\n") == expected(1, 5));
  CHECK(ErrorsOf("def f(x)\n  pass\n") == expected(1, 9));
  CHECK(ErrorsOf("class A(B)\n  pass\n") == expected(1, 11));
  CHECK(ErrorsOf("x = 1\nwhile True") == expected(2, 11));
  CHECK(ErrorsOf("if x:\n  pass\nelif y\n  pass\n") == expected(3, 7));
  CHECK(ErrorsOf("async def f():\n  async for x in y\n    pass\n") ==
        expected(2, 19));
  // At the next token: a comment, or the end of the line.
  CHECK(ErrorsOf("def f(x)  # c\n  pass\n") == expected(1, 11));
  CHECK(ErrorsOf("if x   \n  pass\n") == expected(1, 8));
  CHECK(ErrorsOf("if x\r\n  pass\r\n") == expected(1, 5));
  // Not when the header is not whole: CPython stops before its end.
  CHECK(ErrorsOf("if x import y\n  pass\n").find("[AGC001]") !=
        std::string::npos);
  CHECK(ErrorsOf("class A,\n  pass\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("if = f()\n").find("[AGC001]") != std::string::npos);
  // Nor when a ':' at the end would be inside a comment.
  CHECK(ErrorsOf("def f(self): # a\n    x = 1\n\n     y in z:\n        pass\n")
            .find("[AGC006]") == std::string::npos);
}

TEST_CASE("syntax: bracket errors are AGC006 as CPython's tokenizer says",
          "[syntax]") {
  auto at = [](int line, int col, std::string message) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax: " + message + " [AGC006]\n";
  };
  CHECK(ErrorsOf("x = )\n") == at(1, 5, "unmatched ')'"));
  CHECK(ErrorsOf("x = f(a)]\n") == at(1, 9, "unmatched ']'"));
  // Columns count code points.
  CHECK(ErrorsOf("s = 'é€'; x = )\n") == at(1, 15, "unmatched ')'"));
  CHECK(ErrorsOf("x = [1, 2, 3)\n") ==
        at(1, 13,
           "closing parenthesis ')' does not match opening parenthesis '['"));
  CHECK(ErrorsOf("x = [\n  (1, 2\n]\n") ==
        at(3, 1,
           "closing parenthesis ']' does not match opening parenthesis '(' "
           "on line 2"));
  // An error of the tokenizer comes first, wherever the parser stops.
  CHECK(ErrorsOf("x = 1 +\ny = 2\nz = )\n") == at(3, 5, "unmatched ')'"));
  // Brackets, strings and comments as the tokenizer reads them.
  CHECK(ErrorsOf("s = ')'  # (\nx = 1)\n") == at(2, 6, "unmatched ')'"));
  CHECK(ErrorsOf("x = '''\n(\n'''\ny = )\n") == at(4, 5, "unmatched ')'"));
  CHECK(ErrorsOf("x = \\\n  1)\n") == at(2, 4, "unmatched ')'"));

  // Open at the end of the file: "never closed", at the innermost one, when
  // CPython's parser gets past its line.
  CHECK(ErrorsOf("x = (1,\n") == at(1, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = [1, 2\ny = 3\n") == at(1, 5, "'[' was never closed"));
  CHECK(ErrorsOf("x = {1: 2\n") == at(1, 5, "'{' was never closed"));
  CHECK(ErrorsOf("x = 1\ndef f():\n    return x\ny = (1 +\n") ==
        at(4, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = 1\ny = (1 +") == at(2, 5, "'(' was never closed"));
  CHECK(ErrorsOf("print(f(x)\nprint(2)\n") == at(1, 6, "'(' was never closed"));
  CHECK(ErrorsOf("x = [\n  1,\n  2\ny = 3\n") ==
        at(1, 5, "'[' was never closed"));
  CHECK(ErrorsOf("def f(a,\n      b:\n    pass\n") ==
        at(1, 6, "'(' was never closed"));
  CHECK(ErrorsOf("if (a and\n    b:\n    pass\n") ==
        at(1, 4, "'(' was never closed"));
  CHECK(ErrorsOf("x = (1,\r\ny = 2\r\n") == at(1, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = (1,\ry = 2\r") == at(1, 5, "'(' was never closed"));
  // 200 levels are the tokenizer's most (201: "too many nested
  // parentheses", below).
  CHECK(ErrorsOf("x = " + std::string(200, '(') + "\n") ==
        at(1, 204, "'(' was never closed"));
  // CPython's parser stops on the bracket's line: its error there, not
  // "never closed" (agc: AGC001).
  CHECK(ErrorsOf("foo(a, b:\nx = 1\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("wr(if\nx = 1\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("x = f(,\ny = 1\n").find("[AGC001]") != std::string::npos);

  // Where another error of the tokenizer or an unexpected indent comes
  // first, or the text is one agc does not read as the tokenizer does: no
  // claim.
  for (const std::string& code :
       {std::string("s = 'abc\nx = )\n"), std::string("x = 0777 + )\n"),
        std::string("x = 1\n    y = )\n"), std::string("caf\xC3\xA9 = )\n"),
        std::string("x = 1 $ )\n"), "x = " + std::string(201, '(') + "\n"}) {
    INFO(code);
    CHECK(ErrorsOf(code).find("[AGC006]") == std::string::npos);
  }
}

TEST_CASE("syntax: a comma with nothing before it is an error", "[syntax]") {
  // tree-sitter accepts these; CPython does not.
  CHECK(ErrorsOf("f(,)\n") == "t.py:1:3: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("x = {,}\n") == "t.py:1:6: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("class A(,): pass\n") ==
        "t.py:1:9: error: invalid syntax [AGC001]\n");
  CHECK(DumpOf("f(a,)\nx = {1: 2,}\ny = {**a,}\n") != "");
}

TEST_CASE("syntax: input tree-sitter accepts but CPython rejects", "[syntax]") {
  auto at = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax [AGC001]\n";
  };
  // Python 2.
  CHECK(ErrorsOf("print \"a\"\n") == at(1, 1));
  CHECK(ErrorsOf("exec \"x\"\n") == at(1, 1));
  CHECK(ErrorsOf("a <> b\n") == at(1, 3));
  CHECK(ErrorsOf("x = `a`\n") == at(1, 5));
  CHECK(ErrorsOf("x = 0777\n") == at(1, 5));
  CHECK(ErrorsOf("x = 10L\n") == at(1, 5));
  CHECK(ErrorsOf("x = ur'a'\n") == at(1, 5));
  CHECK(ErrorsOf("raise E, V\n") == at(1, 7));
  // Python 2's `except E, e:` is Python 3.14's `except (E, e):` (PEP 758).
  CHECK(ErrorsOf("try:\n  pass\nexcept E, e:\n  pass\n") ==
        "t.py:3:8: error: exception types without parentheses need Python "
        "3.14 (target is 3.13) [AGC004]\n");
  CHECK(ErrorsOf("try:\n  pass\nexcept E, e as f:\n  pass\n") == at(3, 9));
  CHECK(ErrorsOf("def f(a, (b, c)): pass\n") == at(1, 10));
  CHECK(ErrorsOf("lambda (a, b): 0\n") == at(1, 8));
  CHECK(ErrorsOf("[x for x in 1, 2]\n") == at(1, 14));
  // Keywords where tree-sitter reads a name.
  CHECK(ErrorsOf("except: pass\n") == at(1, 1));
  CHECK(ErrorsOf("async = 1\n") == at(1, 1));
  CHECK(ErrorsOf("x.await = 1\n") == at(1, 1));
  // Indentation.
  CHECK(ErrorsOf("if x:\npass\n") == at(2, 1));
  CHECK(ErrorsOf("  x = 1\n") == at(1, 3));
  CHECK(ErrorsOf("x = 1\n  y = 2\n") == at(2, 3));
  CHECK(ErrorsOf("def f():\n    a\n      b\n") == at(3, 7));
  CHECK(ErrorsOf("if x:\n        a\n    b\n") == at(3, 5));
  // Targets, arguments, parameters, literals.
  CHECK(ErrorsOf("del f()\n") == at(1, 5));
  CHECK(ErrorsOf("del *a\n") == at(1, 5));
  CHECK(ErrorsOf("(a, b): int\n") == at(1, 1));
  CHECK(ErrorsOf("a, b += 1\n") == at(1, 1));
  CHECK(ErrorsOf("f(a=1, b)\n") == at(1, 8));
  CHECK(ErrorsOf("f(**a, *b)\n") == at(1, 8));
  CHECK(ErrorsOf("def f(a=1, b): pass\n") == at(1, 12));
  CHECK(ErrorsOf("def f(*): pass\n") == at(1, 7));
  CHECK(ErrorsOf("x = b'a' 'b'\n") == at(1, 5));
  CHECK(ErrorsOf("x = b'\xC3\xA9'\n") == at(1, 5));
  CHECK(ErrorsOf("f'{x!z}'\n") == at(1, 5));
  CHECK(ErrorsOf("a = (*b)\n") == at(1, 6));
  CHECK(ErrorsOf("match x:\n  case {a: 1}: pass\n") == at(2, 9));
  CHECK(ErrorsOf("x = 0_1\n") == at(1, 5));
  CHECK(ErrorsOf("s = '\\u12'\n") == at(1, 5));
  CHECK(ErrorsOf("s = b'\\x4'\n") == at(1, 5));
  // Unparenthesized `:=`, `*` and `yield` where CPython does not allow them.
  CHECK(ErrorsOf("x = y := 1\n") == at(1, 5));
  CHECK(ErrorsOf("a := 1\n") == at(1, 1));
  CHECK(ErrorsOf("f(a=b := 1)\n") == at(1, 5));
  CHECK(ErrorsOf("x = [yield]\n") == at(1, 6));
  CHECK(ErrorsOf("f(yield)\n") == at(1, 3));
  CHECK(ErrorsOf("raise *a\n") == at(1, 7));
  CHECK(ErrorsOf("print(a + *b)\n") == at(1, 11));
  CHECK(ErrorsOf("def f():\n    **self.a(m)\n") == at(2, 6));
  // Imports.
  CHECK(ErrorsOf("from a import b,\n") == at(1, 16));
  CHECK(ErrorsOf("import a,\n") == at(1, 9));
  CHECK(ErrorsOf("from a import b.c\n") == at(1, 15));
  // A statement or header running on over a line break, clauses and
  // decorators out of line, a line continuation into the end of the file.
  CHECK(ErrorsOf("x = ('6' or  # c\n'7')\ny = '6' or  # c\n'7'\n") ==
        at(3, 16));
  CHECK(ErrorsOf("def f(self)\n:\n    pass\n") == at(1, 12));
  CHECK(ErrorsOf("if x:\n    a\n else:\n    b\n") == at(3, 2));
  CHECK(ErrorsOf("class C:\n  @d\n    def f(self): pass\n") == at(3, 5));
  CHECK(ErrorsOf("x = 1\n\\\n") == at(2, 3));
  CHECK(ErrorsOf("def f():\n    if x:\n    \\\n    return\n") == at(4, 5));
  // ... where CPython accepts similar input.
  CHECK(DumpOf("class C:\n    x = 1\n\\\n    y = 2\n\\\n\n") ==
        "Module(body=[ClassDef(name='C', bases=[], keywords=[], body=["
        "Assign(targets=[Name(id='x', ctx=Store())], value=Constant("
        "value_kind=int, text='1')), Assign(targets=[Name(id='y', "
        "ctx=Store())], value=Constant(value_kind=int, text='2'))], "
        "decorator_list=[])])");
}

TEST_CASE("syntax: a failed parse does not affect the next one", "[syntax]") {
  // tree-sitter-python's scanner would stay "inside an f-string" and fail
  // on the string of the second input.
  CHECK(ErrorsOf("x = f'{a\n") == "t.py:1:7: error: invalid syntax [AGC001]\n");
  const std::string code =
      "if n == 0:\n"
      "    if remaining == size:\n"
      "        raise EOFError\n"
      "    else:\n"
      "        raise OSError(\"got end of file during message\")\n"
      "buf.write(chunk)\n"
      "1j\n";
  Lowered l(code);
  INFO(l.Errors());
  CHECK(l.ok);
}

ParseOptions Target(base::PythonVersion version) {
  ParseOptions options;
  options.target = version;
  return options;
}

constexpr base::PythonVersion kPy311 = base::PythonVersion::kPy311;
constexpr base::PythonVersion kPy312 = base::PythonVersion::kPy312;
constexpr base::PythonVersion kPy313 = base::PythonVersion::kPy313;

TEST_CASE("syntax: syntax newer than the target is AGC004", "[syntax]") {
  const ParseOptions py311 = Target(kPy311);
  CHECK(ErrorsOf("type X = int\n", py311) ==
        "t.py:1:1: error: the 'type' statement needs Python 3.12 (target is "
        "3.11) [AGC004]\n");
  CHECK(ErrorsOf("def f[T](x: T) -> T:\n    return x\n", py311) ==
        "t.py:1:6: error: type parameter lists need Python 3.12 (target is "
        "3.11) [AGC004]\n");
  CHECK(ErrorsOf("class C[T]: pass\n", py311) ==
        "t.py:1:8: error: type parameter lists need Python 3.12 (target is "
        "3.11) [AGC004]\n");
  // PEP 701 f-strings.
  CHECK(ErrorsOf("f\"{x[\"a\"]}\"\n", py311) ==
        "t.py:1:3: error: reusing an f-string's quotes inside a replacement "
        "field needs Python 3.12 (target is 3.11) [AGC004]\n");
  CHECK(ErrorsOf("f'{\"\\n\".join(x)}'\n", py311) ==
        "t.py:1:4: error: a backslash in an f-string replacement field needs "
        "Python 3.12 (target is 3.11) [AGC004]\n");
  CHECK(ErrorsOf("f'''{x  # c\n}'''\n", py311) ==
        "t.py:1:5: error: a comment in an f-string replacement field needs "
        "Python 3.12 (target is 3.11) [AGC004]\n");
  CHECK(ErrorsOf("f'{x\n}'\n", py311) ==
        "t.py:1:3: error: a line break in a replacement field of a "
        "single-quoted f-string needs Python 3.12 (target is 3.11) "
        "[AGC004]\n");
  // PEP 696 defaults.
  CHECK(ErrorsOf("def f[T = int](): pass\n", Target(kPy312)) ==
        "t.py:1:9: error: type parameter defaults need Python 3.13 (target "
        "is 3.12) [AGC004]\n");
  CHECK(ErrorsOf("type A[*Ts = *tuple[int]] = int\n", Target(kPy312)) ==
        "t.py:1:12: error: type parameter defaults need Python 3.13 (target "
        "is 3.12) [AGC004]\n");
  CHECK(ErrorsOf("class C[T = int]: pass\n", py311) ==
        "t.py:1:8: error: type parameter lists need Python 3.12 (target is "
        "3.11) [AGC004]\n");
  // Python 3.14 (PEP 750, PEP 758), newer than every target.
  CHECK(ErrorsOf("x = t\"a{b}\"\n", Target(kPy313)) ==
        "t.py:1:5: error: template strings need Python 3.14 (target is "
        "3.13) [AGC004]\n");
  for (const char* prefix : {"T", "rt", "tR", "Rt"}) {
    INFO(prefix);
    CHECK(ErrorsOf(std::string("f(1, ") + prefix + "'x')\n", py311) ==
          "t.py:1:6: error: template strings need Python 3.14 (target is "
          "3.11) [AGC004]\n");
  }
  CHECK(ErrorsOf("x = t \"a\"\n", Target(kPy313)) ==
        "t.py:1:5: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("x = at\"a\"\n", Target(kPy313)) ==
        "t.py:1:5: error: invalid syntax [AGC001]\n");
  for (const char* types : {"A, B", "A, B, C", "A.x, B[0]"}) {
    INFO(types);
    for (const char* kw : {"except ", "except* "}) {
      const std::string text =
          std::string("try:\n    pass\n") + kw + types + ":\n    pass\n";
      CHECK(ErrorsOf(text, Target(kPy313)) ==
            "t.py:3:" + std::to_string(std::string(kw).size() + 1) +
                ": error: exception types without parentheses need Python "
                "3.14 (target is 3.13) [AGC004]\n");
    }
  }
  // `as` needs the parentheses in 3.14 too.
  CHECK(ErrorsOf("try:\n    pass\nexcept A, B as e:\n    pass\n",
                 Target(kPy313)) ==
        "t.py:3:9: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("try:\n    pass\nexcept* A, B as e:\n    pass\n",
                 Target(kPy313)) ==
        "t.py:3:9: error: invalid syntax [AGC001]\n");
  // What Python 3.11 allows.
  for (base::PythonVersion v : {kPy311, kPy312, kPy313}) {
    Lowered l("f\"\"\"{x[\"a\"]}\"\"\"\nf'{x:\\n}'\ntype(x).a = 1\n",
              Target(v));
    INFO(l.Errors());
    CHECK(l.ok);
  }
  CHECK(
      DumpOf("f\"\"\"{x[\"a\"]}\"\"\"\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f"""{x["a"]}"""', values=[Subscript(value=Name(id='x', ctx=Load()), slice=Constant(value_kind=str, text='"a"'), ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{x:\\n}'\n") ==
      R"ast(Module(body=[Expr(value=JoinedStr(text='f\'{x:\\n}\'', values=[Name(id='x', ctx=Load())]))]))ast");
}

TEST_CASE("syntax: lowers Python 3.12 and 3.13 syntax like CPython",
          "[syntax]") {
  // Accepted under py312 and py313 (py313 only for defaults).
  for (base::PythonVersion v : {kPy312, kPy313}) {
    Lowered l(
        "def f[T, U: int, V: (int, str), *Ts, **P](x: T) -> U: pass\n"
        "class C[T](B[T]): pass\n"
        "type X[T] = list[T]\n"
        "f\"{x[\"a\"]}{\"\\n\".join(y)}{z  # c\n}\" f'{f'{f'{1}'}'}'\n",
        Target(v));
    INFO(l.Errors());
    CHECK(l.ok);
    CHECK(ast::Verify(l.module).empty());
  }
  CHECK(
      DumpOf("def f[T, U: int, V: (int, str), *Ts, **P](x: T) -> U: pass\n",
             true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:42(posonlyargs=[], args=[arg@1:43(arg='x', annotation=Name@1:46(id='T', ctx=Load()))], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass@1:55()], decorator_list=[], returns=Name@1:52(id='U', ctx=Load()), type_params=[TypeVar@1:7(name='T', bound=None, default_value=None), TypeVar@1:10(name='U', bound=Name@1:13(id='int', ctx=Load()), default_value=None), TypeVar@1:18(name='V', bound=Tuple@1:21(elts=[Name@1:22(id='int', ctx=Load()), Name@1:27(id='str', ctx=Load())], ctx=Load()), default_value=None), TypeVarTuple@1:33(name='Ts', default_value=None), ParamSpec@1:38(name='P', default_value=None)])]))ast");
  CHECK(
      DumpOf("class C[T](B[T]): pass\n") ==
      R"ast(Module(body=[ClassDef(name='C', bases=[Subscript(value=Name(id='B', ctx=Load()), slice=Name(id='T', ctx=Load()), ctx=Load())], keywords=[], body=[Pass()], decorator_list=[], type_params=[TypeVar(name='T', bound=None, default_value=None)])]))ast");
  CHECK(
      DumpOf("type X[T] = list[T]\n", true) ==
      R"ast(Module(body=[TypeAlias@1:1(name=Name@1:6(id='X', ctx=Store()), type_params=[TypeVar@1:8(name='T', bound=None, default_value=None)], value=Subscript@1:13(value=Name@1:13(id='list', ctx=Load()), slice=Name@1:18(id='T', ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("def f[T = int, *Ts = *tuple[int], **P = [int]](): pass\n",
             true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:47(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass@1:51()], decorator_list=[], returns=None, type_params=[TypeVar@1:7(name='T', bound=None, default_value=Name@1:11(id='int', ctx=Load())), TypeVarTuple@1:16(name='Ts', default_value=Starred@1:22(value=Subscript@1:23(value=Name@1:23(id='tuple', ctx=Load()), slice=Name@1:29(id='int', ctx=Load()), ctx=Load()), ctx=Load())), ParamSpec@1:35(name='P', default_value=List@1:41(elts=[Name@1:42(id='int', ctx=Load())], ctx=Load()))])]))ast");
  CHECK(
      DumpOf("class C[T: int = bool, U: (int, str) = int]: pass\n") ==
      R"ast(Module(body=[ClassDef(name='C', bases=[], keywords=[], body=[Pass()], decorator_list=[], type_params=[TypeVar(name='T', bound=Name(id='int', ctx=Load()), default_value=Name(id='bool', ctx=Load())), TypeVar(name='U', bound=Tuple(elts=[Name(id='int', ctx=Load()), Name(id='str', ctx=Load())], ctx=Load()), default_value=Name(id='int', ctx=Load()))])]))ast");
  // A comment inside a replacement field stays in the f-string's text, not
  // among the module's comments.
  Lowered l("x = f'{a  # c\n}'  # after\n");
  REQUIRE(l.ok);
  REQUIRE(l.module.comments.size() == 1);
  CHECK(l.module.comments[0].origin.line == 2);
  // Invalid: a default before a parameter without one, a bound on *Ts, a
  // starred default of a TypeVar, an empty list, a bound outside a list.
  CHECK(ErrorsOf("def f[T = int, U](): pass\n") ==
        "t.py:1:16: error: invalid syntax [AGC001]\n");
  CHECK_FALSE(ErrorsOf("def f[*Ts: int](): pass\n").empty());
  CHECK_FALSE(ErrorsOf("def f[T = *int](): pass\n").empty());
  CHECK_FALSE(ErrorsOf("def f[](): pass\n").empty());
  CHECK_FALSE(ErrorsOf("x: a: b = 1\n").empty());
}

TEST_CASE(
    "syntax: an unparenthesized lambda as a type parameter default keeps "
    "its own parameter defaults",
    "[syntax][type_params]") {
  // Only an `=` at the list's level outside a lambda's parameters is a
  // type parameter's default (the re-parse of TypeParamDefaultsText).
  CHECK(
      DumpOf("def f[T = lambda x=1: x](): pass\n", true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:25(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Pass@1:29()], decorator_list=[], returns=None, type_params=[TypeVar@1:7(name='T', bound=None, default_value=Lambda@1:11(args=arguments@1:18(posonlyargs=[], args=[arg@1:18(arg='x', annotation=None)], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[Constant@1:20(value_kind=int, text='1')]), body=Name@1:23(id='x', ctx=Load())))])]))ast");
  CHECK(
      DumpOf("class C[T: int = lambda a=1, *, b=lambda c=2: c: a, "
             "U = dict(a=1)]: pass\n") ==
      R"ast(Module(body=[ClassDef(name='C', bases=[], keywords=[], body=[Pass()], decorator_list=[], type_params=[TypeVar(name='T', bound=Name(id='int', ctx=Load()), default_value=Lambda(args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=None)], vararg=None, kwonlyargs=[arg(arg='b', annotation=None)], kw_defaults=[Lambda(args=arguments(posonlyargs=[], args=[arg(arg='c', annotation=None)], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[Constant(value_kind=int, text='2')]), body=Name(id='c', ctx=Load()))], kwarg=None, defaults=[Constant(value_kind=int, text='1')]), body=Name(id='a', ctx=Load()))), TypeVar(name='U', bound=None, default_value=Call(func=Name(id='dict', ctx=Load()), args=[], keywords=[keyword(arg='a', value=Constant(value_kind=int, text='1'))]))])]))ast");
  CHECK(
      DumpOf("type A[T = lambda k=3: k, **P = [int]] = list[T]\n", true) ==
      R"ast(Module(body=[TypeAlias@1:1(name=Name@1:6(id='A', ctx=Store()), type_params=[TypeVar@1:8(name='T', bound=None, default_value=Lambda@1:12(args=arguments@1:19(posonlyargs=[], args=[arg@1:19(arg='k', annotation=None)], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[Constant@1:21(value_kind=int, text='3')]), body=Name@1:24(id='k', ctx=Load()))), ParamSpec@1:27(name='P', default_value=List@1:33(elts=[Name@1:34(id='int', ctx=Load())], ctx=Load()))], value=Subscript@1:42(value=Name@1:42(id='list', ctx=Load()), slice=Name@1:47(id='T', ctx=Load()), ctx=Load()))]))ast");
}

TEST_CASE("syntax: NUL bytes and invalid UTF-8 are found before parsing",
          "[syntax]") {
  CHECK(ErrorsOf(std::string("x = 1\0\n", 7)) ==
        "t.py:1:6: error: source code cannot contain null bytes [AGC003]\n");
  CHECK(ErrorsOf(std::string(64, '\0')) ==
        "t.py:1:1: error: source code cannot contain null bytes [AGC003]\n");
  CHECK(ErrorsOf("x = 1\ns = '\xC3\xA9\xFF'\n") ==
        "t.py:2:7: error: file is not valid UTF-8 (invalid byte 0xff) "
        "[AGC002]\n");
  CHECK(ErrorsOf("\xC3(\n") ==
        "t.py:1:1: error: file is not valid UTF-8 (invalid byte 0xc3) "
        "[AGC002]\n");
  std::string junk;
  for (int i = 0; i < 4096; ++i) {
    junk += static_cast<char>((i * 7919 + 13) % 256);
  }
  CHECK(ErrorsOf(junk).find("[AGC00") != std::string::npos);
}

TEST_CASE("syntax: a lone CR ends a line and a comment, as in CPython",
          "[syntax]") {
  CHECK(DumpOf("x = 1\ry = 2  # c\rz = 3\r") ==
        "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], "
        "value=Constant(value_kind=int, text='1')), Assign(targets=[Name("
        "id='y', ctx=Store())], value=Constant(value_kind=int, text='2')), "
        "Assign(targets=[Name(id='z', ctx=Store())], value=Constant("
        "value_kind=int, text='3'))])");
  CHECK(DumpOf("if x:\r    y = (1,  # c\r 2)\r", true) ==
        DumpOf("if x:\n    y = (1,  # c\n 2)\n", true));
  // Positions count lone CRs as line ends.
  CHECK(ErrorsOf("x = 1\r\ry = (\r") == ErrorsOf("x = 1\n\ny = (\n"));
  CHECK(ErrorsOf("x = 1\r\ry = (\r").find("t.py:3:5: ") == 0);
}

TEST_CASE(
    "syntax: invalid UTF-8 inside a comment is accepted, as compile() "
    "and import accept it",
    "[syntax]") {
  auto accepted = [](std::string code) {
    Lowered l(std::move(code));
    INFO(l.Errors());
    return l.ok && l.sink.size() == 0;
  };
  // Latin-1 bytes in comments: on their own line, after code, several on a
  // line, at the end of a file with no newline, after \r line ends.
  CHECK(accepted("# Fran\xE7ois\nx = 1  # \xE9t\xE9 \xFF\n"));
  CHECK(accepted("def f(x):\n    # \xE9\n    return x  # \xC2\n#\xC2"));
  CHECK(accepted("x = (1,  # \xE9\r 2)\r# \xE9\r"));
  // Anywhere else it is still an error, at that byte, also on a line after
  // one whose comment has some, or after a '#' that opens no comment.
  CHECK(ErrorsOf("x = 1  # \xE9\ns = '\xE9'\n") ==
        "t.py:2:6: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("s = '#\xE9'  # \xE9\n") ==
        "t.py:1:7: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("# \xE9\rs = '\xE9'\r") ==
        "t.py:2:6: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("x = 1  # ok\n\xE9 = 2  # \xE9\n") ==
        "t.py:2:1: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
}

TEST_CASE("syntax: deep nesting stops at max_depth without crashing",
          "[syntax]") {
  const std::string parens =
      "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  CHECK(ErrorsOf(parens) ==
        "t.py:1:1004: error: too many nested expressions or blocks (limit "
        "1000) [AGC005]\n");
  const std::string lists =
      "x = " + std::string(10000, '[') + std::string(10000, ']') + "\n";
  CHECK(ErrorsOf(lists).find("[AGC005]") != std::string::npos);
  std::string chain = "x = a";
  for (int i = 0; i < 3000; ++i) {
    chain += " + a";
  }
  CHECK(ErrorsOf(chain + "\n").find("[AGC005]") != std::string::npos);
  std::string attrs = "x = a";
  for (int i = 0; i < 3000; ++i) {
    attrs += ".b";
  }
  CHECK(ErrorsOf(attrs + "\n").find("[AGC005]") != std::string::npos);
  // 1,000 nested blocks: tree-sitter's indentation stack gives up first.
  std::string blocks;
  for (int i = 0; i < 1000; ++i) {
    blocks += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  }
  blocks += std::string(1000, ' ') + "pass\n";
  CHECK(ErrorsOf(blocks).find("error") != std::string::npos);
  // Its indentation widths fit in a byte: a statement indented more than 255
  // columns is AGC005 at that statement, not a syntax error elsewhere.
  CHECK(ErrorsOf(blocks) ==
        "t.py:257:257: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  CHECK(ErrorsOf("if a:\n" + std::string(300, ' ') + "x = 1\nz = (\n") ==
        "t.py:2:301: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  // A form feed at the start of the line resets the column, but what
  // follows it still counts.
  CHECK(ErrorsOf("if a:\n\f" + std::string(300, ' ') + "x = 1\n") ==
        "t.py:2:302: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  // Deep continuation lines inside brackets and strings are not blocks.
  CHECK(ErrorsOf("x = (1,\n" + std::string(300, ' ') + "2)\ny = '''\n" +
                 std::string(300, ' ') + "s'''\nz = (\n")
            .find("[AGC00") != std::string::npos);
  CHECK(ErrorsOf("x = (1,\n" + std::string(300, ' ') + "2)\ny = '''\n" +
                 std::string(300, ' ') + "s'''\nz = (\n")
            .find("[AGC005]") == std::string::npos);
  // Within the limit everything lowers.
  Lowered ok("x = " + std::string(500, '(') + "1" + std::string(500, ')') +
             "\n");
  CHECK(ok.ok);
  std::string nested;
  for (int i = 0; i < 90; ++i) {
    nested += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  }
  nested += std::string(90, ' ') + "pass\n";
  Lowered blocks_ok(nested);
  CHECK(blocks_ok.ok);
  CHECK(ast::Verify(blocks_ok.module).empty());
  // And a small limit is honoured, for statements too.
  ParseOptions small;
  small.max_depth = 5;
  CHECK(ErrorsOf("x = ((((((1))))))\n", small) ==
        "t.py:1:9: error: too many nested expressions or blocks (limit 5) "
        "[AGC005]\n");
  CHECK(ErrorsOf("if a:\n if b:\n  if c:\n   if d:\n    if e:\n     pass\n",
                 small)
            .find("[AGC005]") != std::string::npos);
  CHECK(ErrorsOf("if a: pass\nelif b: pass\nelif c: pass\nelif d: pass\n"
                 "elif e: pass\nelif f: pass\n",
                 small)
            .find("[AGC005]") != std::string::npos);
}

TEST_CASE("syntax: a large flat file lowers", "[syntax]") {
  std::string code;
  for (int i = 0; i < 20000; ++i) {
    // Appended piece by piece: `"x" + std::to_string(i)` makes GCC 12 at -O3
    // report a false -Wrestrict (GCC bug 105651).
    code.append("x")
        .append(std::to_string(i))
        .append(" = f(a, b[i], c.d)  # n\n");
  }
  Lowered l(code);
  REQUIRE(l.ok);
  CHECK(l.module.body.size() == 20000);
  CHECK(l.module.comments.size() == 20000);
  CHECK(l.module.body.back()->origin.line == 20000);
  CHECK(ast::Verify(l.module).empty());
}

TEST_CASE("syntax: parsing is thread-safe", "[syntax]") {
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&ok, t] {
      for (int i = 0; i < 50; ++i) {
        Lowered l("def f(x):\n    return [y for y in x if y]\n");
        ok[t] += l.ok ? 1 : 0;
      }
    });
  }
  for (std::thread& th : threads) {
    th.join();
  }
  CHECK(ok == std::vector<int>(4, 50));
}

TEST_CASE("syntax: ParseOnly and CheckGrammar", "[syntax]") {
  CheckGrammar();
  CHECK(ParseOnly("x = 1\n"));
  CHECK(ParseOnly(""));
  CHECK_FALSE(ParseOnly("x = (\n"));
}

TEST_CASE("syntax: identifiers are NFKC-normalized", "[syntax]") {
  std::string out;
  CHECK(NormalizeIdentifier("ｗｉｄｔｈ", out));
  CHECK(out == "width");
  CHECK(NormalizeIdentifier("\xF0\x9D\x94\x98x", out));  // MATHEMATICAL
  CHECK(out == "Ux");                                    // FRAKTUR CAPITAL U
  CHECK(NormalizeIdentifier("µ", out));
  CHECK(out == "μ");
  CHECK(NormalizeIdentifier("ﬁle", out));
  CHECK(out == "file");
  CHECK_FALSE(NormalizeIdentifier("tenπ", out));
  CHECK(out == "tenπ");
  CHECK_FALSE(NormalizeIdentifier("plain", out));
}

TEST_CASE("syntax: class patterns without keyword patterns", "[syntax]") {
  CHECK(DumpOf("match x:\n    case Point(): pass\n    case str(y): pass\n") ==
        "Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=["
        "match_case(pattern=MatchClass(cls=Name(id='Point', ctx=Load()), "
        "patterns=[], kwd_attrs=[], kwd_patterns=[]), guard=None, body=["
        "Pass()]), match_case(pattern=MatchClass(cls=Name(id='str', "
        "ctx=Load()), patterns=[MatchAs(pattern=None, name='y')], "
        "kwd_attrs=[], kwd_patterns=[]), guard=None, body=[Pass()])])])");
}

TEST_CASE("syntax: a keyword pattern with `as` in a class pattern",
          "[syntax]") {
  // tree-sitter reads `C(x=p as y)` as `C((x=p) as y)`; CPython (these
  // dumps are ast.dump's) binds `as` inside the keyword pattern.
  CHECK(
      DumpOf("match x:\n    case C(x=p as y, z=1 as w): pass\n") ==
      R"ast(Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchClass(cls=Name(id='C', ctx=Load()), patterns=[], kwd_attrs=['x', 'z'], kwd_patterns=[MatchAs(pattern=MatchAs(pattern=None, name='p'), name='y'), MatchAs(pattern=MatchValue(value=Constant(value_kind=int, text='1')), name='w')]), guard=None, body=[Pass()])])]))ast");
}

// Developer check over a CPython standard library (hidden; run with
// `agc_tests "[.stdlib]"` and AGC_STDLIB=/path/to/lib/python3.x): every file
// tree-sitter accepts lowers to a tree that verifies, with every comment.
TEST_CASE("syntax: the standard library lowers", "[.stdlib]") {
  const char* root = std::getenv("AGC_STDLIB");
  if (root == nullptr) {
    WARN("set AGC_STDLIB to the directory of the standard library");
    return;
  }
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root)) {
    const std::string path = entry.path().string();
    if (entry.is_regular_file() && entry.path().extension() == ".py" &&
        path.find("site-packages") == std::string::npos) {
      paths.push_back(path);
    }
  }
  std::sort(paths.begin(), paths.end());
  size_t lowered = 0;
  std::string rejected;
  for (const std::string& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    base::SourceFile source(path, bytes.str());
    ast::Module module(&source);
    diag::DiagnosticSink sink;
    if (!Parse(source, module, sink)) {
      for (const diag::Diagnostic& d : sink.Sorted()) {
        rejected += diag::FormatText(d) + "\n";
      }
      continue;
    }
    ++lowered;
    INFO(path);
    CHECK(ast::Verify(module) == "");
    // Every comment of the tree was collected, in order.
    size_t comments = 0;
    {
      TreePtr tree = ParseTree(source.bytes());
      Cursor cursor(ts_tree_root_node(tree.get()));
      TSTreeCursor* c = cursor.get();
      bool done = false;
      while (!done) {
        TSNode n = ts_tree_cursor_current_node(c);
        comments += Grammar::Get().SymOf(n) == Sym::kComment ? 1 : 0;
        if (ts_tree_cursor_goto_first_child(c)) {
          continue;
        }
        while (!ts_tree_cursor_goto_next_sibling(c)) {
          if (!ts_tree_cursor_goto_parent(c)) {
            done = true;
            break;
          }
        }
      }
    }
    CHECK(module.comments.size() == comments);
  }
  WARN(lowered << " of " << paths.size() << " files lowered; rejected:\n"
               << rejected);
}

}  // namespace
}  // namespace agc::syntax

namespace agc::syntax {
namespace {

TEST_CASE("ast::BoundName: the name each node binds", "[ast]") {
  base::SourceFile source("m.py",
                          "import a.b, c as d\n"
                          "from e import *\n"
                          "x, *y = z\n"
                          "del w\n"
                          "def f(p, *q, r=1, **s):\n"
                          "    lambda t: t\n"
                          "class K: pass\n"
                          "try: pass\n"
                          "except E as err: pass\n"
                          "match v:\n"
                          "    case [m, *rest]: pass\n"
                          "    case {'k': _, **more}: pass\n"
                          "    case n: pass\n"
                          "global g\n");
  ast::Module module(&source);
  diag::DiagnosticSink sink;
  REQUIRE(Parse(source, module, sink));
  std::vector<std::string_view> bound;
  std::function<void(const ast::Node&)> visit = [&](const ast::Node& n) {
    if (std::string_view name = ast::BoundName(n); !name.empty()) {
      bound.push_back(name);
    }
    ast::ForEachChild(n, [&](const ast::Node* child) { visit(*child); });
  };
  for (const ast::Stmt* stmt : module.body) {
    visit(*stmt);
  }
  CHECK(bound == std::vector<std::string_view>{
                     "a", "d", "x", "y", "w", "f", "p", "q", "r", "s", "t", "K",
                     "err", "m", "rest", "more", "n"});
}

}  // namespace
}  // namespace agc::syntax
