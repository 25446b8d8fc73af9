// Lowering tests: expressions like CPython. Each expected dump equals CPython
// 3.11's ast.parse tree in ast::Dump's format (generated from CPython's own
// `ast`): lambda, operators, calls, subscripts, attributes, starred, displays
// and comprehensions, constants and strings, soft keywords and the forms
// tree-sitter-python misreads, and identifiers (Unicode, NFKC).
#include <catch2/catch.hpp>
#include <string>

#include "lib/syntax/identifier.h"
#include "lib/syntax/lower_test_util.h"

namespace agc::syntax {
namespace {

using testing::DumpOf;

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

}  // namespace
}  // namespace agc::syntax
