// Lowering tests: statements like CPython. Each expected dump equals CPython
// 3.11's ast.parse tree in ast::Dump's format (generated from CPython's own
// `ast`): assignments, simple statements, imports, def and class, if, while,
// for, try, with, match and its patterns; and the name each node binds
// (ast::BoundName).
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/lower_test_util.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

using testing::DumpOf;
using testing::ErrorsOf;
using testing::Lowered;

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
