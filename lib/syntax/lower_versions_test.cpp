// Lowering tests: the target Python version. Syntax newer than the target
// is AGC004; Python 3.12 and 3.13 syntax (type parameters, their defaults,
// the type statement, PEP 701 f-strings) lowers like CPython.
#include <catch2/catch.hpp>
#include <string>

#include "lib/ast/ast.h"
#include "lib/base/python_version.h"
#include "lib/syntax/lower_test_util.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

using testing::DumpOf;
using testing::ErrorsOf;
using testing::Lowered;

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

}  // namespace
}  // namespace agc::syntax
