#include "lib/lint/python_values.h"

#include <algorithm>
#include <string_view>

#include "lib/lint/flow.h"

namespace agc::lint {

namespace {

bool OneOf(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

// `int`, `Optional[int]`, `List[str]`, `list[int]`, `typing.Tuple[...]`.
bool PythonAnnotation(const ast::Expr* a) {
  if (a == nullptr) {
    return false;
  }
  if (const auto* sub = a->As<ast::Subscript>()) {
    std::string_view outer = LastName(sub->value);
    if (outer == "Optional") {
      return PythonAnnotation(sub->slice);
    }
    return OneOf(outer, {"List", "list", "Tuple", "tuple", "Dict", "dict",
                         "Sequence", "Mapping"});
  }
  return OneOf(LastName(a), {"int", "float", "bool", "str", "list", "tuple",
                             "dict", "List", "Tuple", "Dict"});
}

// `tf.Tensor`, `jax.Array`, `np.ndarray`, `tf.Variable`.
bool TensorAnnotation(const ast::Expr* a) {
  return a != nullptr && OneOf(LastName(a), {"Tensor", "Array", "ndarray",
                                             "Variable", "ArrayLike"});
}

const ast::Arg* FindArg(const ast::Arguments& args, std::string_view name) {
  for (const auto* list : {&args.posonlyargs, &args.args, &args.kwonlyargs}) {
    for (const ast::Arg* a : *list) {
      if (a->arg == name) {
        return a;
      }
    }
  }
  return nullptr;
}

// The class's `__init__`, or null.
const ast::FunctionDef* Constructor(const ast::ClassDef& cls) {
  for (const ast::Stmt* s : cls.body) {
    const auto* fn = s->As<ast::FunctionDef>();
    if (fn != nullptr && fn->name == "__init__") {
      return fn;
    }
  }
  return nullptr;
}

// A configuration attribute: every value the class assigns to `self.attr`
// is a constant, a display or an unannotated / Python-annotated parameter
// of `__init__`.
bool ConfigAttribute(std::string_view attr, const Checker& checker) {
  const ast::ClassDef* cls = checker.state().cls;
  if (cls == nullptr) {
    return false;
  }
  const ast::FunctionDef* init = Constructor(*cls);
  bool any = false;
  for (const ModuleFacts::AttributeValue& v :
       checker.facts().attribute_values) {
    if (v.cls != cls || v.attribute != attr) {
      continue;
    }
    any = true;
    const ast::Expr& e = *v.value;
    if (FixedValue(e, checker.facts().fixed_globals) || e.Is<ast::List>() ||
        e.Is<ast::Tuple>() || e.Is<ast::Dict>() || e.Is<ast::Set>()) {
      continue;
    }
    const auto* name = e.As<ast::Name>();
    const ast::Arg* arg = name != nullptr && init != nullptr
                              ? FindArg(*init->args, name->id)
                              : nullptr;
    if (arg == nullptr || TensorAnnotation(arg->annotation)) {
      return false;
    }
  }
  return any;
}

// What a value is looked up in: the checker, and how many of the enclosing
// statements (outermost first) can bind the names it reads. A loop's
// iterable is evaluated before the loop binds its target, so a name in it
// is looked up only in the loops around that loop (`for x in [x]` reads the
// `x` from before the loop); the count only shrinks, so every lookup ends.
struct Scope {
  const Checker& checker;
  size_t visible;
};

bool Certainly(const ast::Expr& e, Scope scope);

bool AllPython(const std::vector<ast::Expr*>& es, Scope scope) {
  return std::all_of(es.begin(), es.end(),
                     [&](const ast::Expr* e) { return Certainly(*e, scope); });
}

// Whether every item a loop over `iter` gives is a Python value: a display
// of Python values, `range` of Python values, `enumerate`/`zip`/`reversed`
// of such.
bool PythonItems(const ast::Expr& iter, Scope scope) {
  if (const auto* l = iter.As<ast::List>()) {
    return AllPython(l->elts, scope);
  }
  if (const auto* t = iter.As<ast::Tuple>()) {
    return AllPython(t->elts, scope);
  }
  const auto* call = iter.As<ast::Call>();
  const auto* fn = call != nullptr ? call->func->As<ast::Name>() : nullptr;
  if (fn == nullptr || call->args.empty() || !call->keywords.empty()) {
    return false;
  }
  if (fn->id == "range") {
    return AllPython(call->args, scope);
  }
  if (OneOf(fn->id, {"enumerate", "zip", "reversed"})) {
    return std::all_of(
        call->args.begin(), call->args.end(),
        [&](const ast::Expr* a) { return PythonItems(*a, scope); });
  }
  return false;
}

// Whether `node` or a node under it binds or deletes `name` (nested scopes
// included, which only makes the answer more cautious).
bool Rebinds(const ast::Node& node, std::string_view name) {
  const auto* n = node.As<ast::Name>();
  if (n != nullptr && n->id == name && n->ctx != ast::ExprContext::kLoad) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || Rebinds(*child, name);
  });
  return found;
}

bool BindsName(const ast::Expr& target, std::string_view name) {
  if (const auto* n = target.As<ast::Name>()) {
    return n->id == name;
  }
  if (const auto* t = target.As<ast::Tuple>()) {
    return std::any_of(t->elts.begin(), t->elts.end(),
                       [&](const ast::Expr* e) { return BindsName(*e, name); });
  }
  return false;
}

// `dim` in `for i, dim in enumerate([0, 1]):` around the node being
// checked: the target of an enclosing loop over Python items, bound nowhere
// else in the loop's body.
bool PythonLoopTarget(std::string_view name, Scope scope) {
  const auto& stmts = scope.checker.state().stmts;
  for (size_t i = std::min(scope.visible, stmts.size()); i-- > 0;) {
    const auto* loop = stmts[i]->As<ast::For>();
    if (loop == nullptr || !BindsName(*loop->target, name)) {
      continue;
    }
    if (!PythonItems(*loop->iter, Scope{scope.checker, i})) {
      return false;
    }
    return std::none_of(loop->body.begin(), loop->body.end(),
                        [&](const ast::Stmt* s) { return Rebinds(*s, name); });
  }
  return false;
}

// Whether `node` holds a break of this loop or a return (not counting
// nested loops' breaks and nested functions).
bool HasEarlyExit(const ast::Node& node, bool in_nested_loop) {
  if (node.Is<ast::Return>() || (node.Is<ast::Break>() && !in_nested_loop)) {
    return true;
  }
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>() || node.Is<ast::Lambda>()) {
    return false;
  }
  const bool nested = in_nested_loop || node.Is<ast::For>() ||
                      node.Is<ast::While>() || node.Is<ast::AsyncFor>();
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || (child->category() == ast::Category::kStmt &&
                      HasEarlyExit(*child, nested));
  });
  return found;
}

bool ExitsEarly(const std::vector<ast::Stmt*>& body) {
  return std::any_of(body.begin(), body.end(), [](const ast::Stmt* s) {
    return HasEarlyExit(*s, false);
  });
}

bool Certainly(const ast::Expr& e, Scope scope) {
  const Checker& checker = scope.checker;
  const auto fixed = checker.facts().fixed_globals;
  if (FixedValue(e, fixed) || PythonBool(e, fixed)) {
    return true;
  }
  if (e.Is<ast::List>() || e.Is<ast::Tuple>() || e.Is<ast::Set>() ||
      e.Is<ast::Dict>() || e.Is<ast::ListComp>() || e.Is<ast::SetComp>() ||
      e.Is<ast::DictComp>() || e.Is<ast::GeneratorExp>() ||
      e.Is<ast::JoinedStr>()) {
    return true;
  }
  if (const auto* n = e.As<ast::Name>()) {
    const auto* def = checker.state().def != nullptr
                          ? checker.state().def->As<ast::FunctionDef>()
                          : nullptr;
    if (def == nullptr || checker.state().function != def) {
      return false;
    }
    // A parameter annotated with a Python type (and never rebound is not
    // checked: an annotation is the author's word).
    const ast::Arg* arg = FindArg(*def->args, n->id);
    return (arg != nullptr && PythonAnnotation(arg->annotation)) ||
           PythonLoopTarget(n->id, scope);
  }
  if (const auto* a = e.As<ast::Attribute>()) {
    return IsSelf(*a->value, checker) && ConfigAttribute(a->attr, checker);
  }
  if (const auto* u = e.As<ast::UnaryOp>()) {
    return Certainly(*u->operand, scope);
  }
  if (const auto* b = e.As<ast::BinOp>()) {
    return Certainly(*b->left, scope) && Certainly(*b->right, scope);
  }
  if (const auto* b = e.As<ast::BoolOp>()) {
    return AllPython(b->values, scope);
  }
  if (const auto* c = e.As<ast::Compare>()) {
    return Certainly(*c->left, scope) && AllPython(c->comparators, scope);
  }
  if (const auto* call = e.As<ast::Call>()) {
    if (const auto* fn = call->func->As<ast::Name>()) {
      if (OneOf(fn->id, {"int", "float", "bool", "str", "repr"})) {
        return true;  // a tensor converted to one fails while tracing
      }
      if (OneOf(fn->id,
                {"len", "range", "enumerate", "zip", "reversed", "sorted",
                 "list", "tuple", "dict", "set", "min", "max", "abs"})) {
        return !call->args.empty() && call->keywords.empty() &&
               AllPython(call->args, scope);
      }
      return false;
    }
    if (const auto* attr = call->func->As<ast::Attribute>()) {
      // `tf.executing_eagerly()`, `tf.is_tensor(x)`: Python bools.
      if (attr->attr == "executing_eagerly" || attr->attr == "is_tensor") {
        return true;
      }
      return call->args.empty() &&
             OneOf(attr->attr, {"items", "keys", "values"}) &&
             Certainly(*attr->value, scope);
    }
  }
  return false;
}

}  // namespace

bool CertainlyPython(const ast::Expr& e, const Checker& checker) {
  return Certainly(e, Scope{checker, checker.state().stmts.size()});
}

bool NotStaged(const ast::Stmt& stmt, const Checker& checker) {
  if (NeverStaged(stmt, checker.facts().fixed_globals)) {
    return true;
  }
  // The statement's own test or iterable is read before it binds anything:
  // names in it are looked up in the statements around it.
  const auto& stmts = checker.state().stmts;
  size_t visible = stmts.size();
  while (visible > 0 && stmts[visible - 1] != &stmt) {
    --visible;
  }
  const Scope scope{checker, visible > 0 ? visible - 1 : stmts.size()};
  if (const auto* i = stmt.As<ast::If>()) {
    return Certainly(*i->test, scope);
  }
  // A loop with a break or return in its body is not: lowering them adds
  // a flag to the loop's condition, which a staged `if` around them makes a
  // tensor.
  if (const auto* w = stmt.As<ast::While>()) {
    return Certainly(*w->test, scope) && !ExitsEarly(w->body);
  }
  if (const auto* f = stmt.As<ast::For>()) {
    return Certainly(*f->iter, scope) && !ExitsEarly(f->body);
  }
  return false;
}

}  // namespace agc::lint
