#include "lib/lint/python_values.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "lib/analysis/cfg.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
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
    std::string_view outer = ast::LastName(sub->value);
    if (outer == "Optional") {
      return PythonAnnotation(sub->slice);
    }
    return OneOf(outer, {"List", "list", "Tuple", "tuple", "Dict", "dict",
                         "Sequence", "Mapping"});
  }
  return OneOf(ast::LastName(a), {"int", "float", "bool", "str", "list",
                                  "tuple", "dict", "List", "Tuple", "Dict"});
}

// `tf.Tensor`, `jax.Array`, `np.ndarray`, `tf.Variable`.
bool TensorAnnotation(const ast::Expr* a) {
  return a != nullptr && OneOf(ast::LastName(a), {"Tensor", "Array", "ndarray",
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

// Framework modules and functions whose results are Python values (or
// Python objects such as layers and shapes), not tensors: `tf.nest.flatten`
// gives a Python list, `tf.executing_eagerly()` a bool, `tf.keras.layers.
// Dense(...)` a layer.
bool PythonResultName(std::string_view name) {
  return OneOf(name, {"nest",
                      "config",
                      "io",
                      "gfile",
                      "distribute",
                      "summary",
                      "logging",
                      "tf_inspect",
                      "deprecation",
                      "dtypes",
                      "tensor_shape",
                      "tensor_util",
                      "test",
                      "saved_model",
                      "layers",
                      "initializers",
                      "regularizers",
                      "constraints",
                      "optimizers",
                      "callbacks",
                      "models",
                      "utils",
                      "mixed_precision",
                      "errors",
                      "executing_eagerly",
                      "is_tensor",
                      "get_static_value",
                      "constant_value",
                      "dimension_value",
                      "TensorShape",
                      "as_dtype",
                      "DType",
                      "name_scope",
                      "device",
                      "control_dependencies",
                      "get_logger",
                      "function",
                      "jit",
                      "Module",
                      "GradientTape",
                      "TensorSpec",
                      "ShapeDtypeStruct",
                      "tree_util",
                      "tree",
                      "devices",
                      "default_backend",
                      "dtype",
                      "iinfo",
                      "finfo",
                      "executing_eagerly_outside_functions",
                      "inside_function",
                      "get_default_graph",
                      "Graph",
                      "init_scope",
                      "get_collection",
                      "get_variable_scope",
                      "variable_scope",
                      "__internal__",
                      "train"});
}

// `tf.linalg.LinearOperatorDiag(d)`, `tf.train.Checkpoint()`: a class of
// the framework gives a Python object, except the tensor-like ones.
bool FrameworkClass(std::string_view name) {
  return !name.empty() && name[0] >= 'A' && name[0] <= 'Z' &&
         !OneOf(name, {"Variable", "SparseTensor", "RaggedTensor",
                       "IndexedSlices", "TensorArray", "Tensor"});
}

// `tf.split(x, 3)`, `tf.unstack(t)`: a Python list of tensors (a loop over
// it is a Python loop, its items may be staged).
bool TensorListCall(const ast::Expr& e, const ModuleFacts& facts) {
  const auto* call = e.As<ast::Call>();
  const auto* attr =
      call != nullptr ? call->func->As<ast::Attribute>() : nullptr;
  if (attr == nullptr ||
      !OneOf(attr->attr, {"split", "unstack", "meshgrid", "dynamic_partition",
                          "gradients"})) {
    return false;
  }
  const auto* root = ChainRoot(*attr->value).As<ast::Name>();
  return root != nullptr && facts.IsFramework(root->id);
}

// What a call through a name bound to TensorFlow or JAX gives.
enum class FrameworkResult {
  kNone,    // not such a call
  kPython,  // a Python value (through one of PythonResultName)
  kObject,  // an instance of a framework class (FrameworkClass)
  kStaged,  // a value that may be staged: `tf.reduce_sum(x)`, `jnp.where`,
            // `lax.cond(...)`, `tf.data.Dataset.range(3)`
};

FrameworkResult CallThroughFramework(const ast::Call& call,
                                     const ModuleFacts& facts) {
  const auto* root = ChainRoot(*call.func).As<ast::Name>();
  if (root == nullptr || !facts.IsFramework(root->id)) {
    return FrameworkResult::kNone;
  }
  bool python = PythonResultName(root->id);
  for (const ast::Expr* e = call.func; const auto* a = e->As<ast::Attribute>();
       e = a->value) {
    python = python || PythonResultName(a->attr);
  }
  if (python) {
    return FrameworkResult::kPython;
  }
  const auto* a = call.func->As<ast::Attribute>();
  return a != nullptr && FrameworkClass(a->attr) ? FrameworkResult::kObject
                                                 : FrameworkResult::kStaged;
}

// `@tf.function`, `@tf.function(jit_compile=True)`, `@jax.jit`, `@jit`
// (imported from a framework): the function's parameters are traced.
// Static arguments (`static_argnums`) make the parameters unknown.
bool Traced(const ast::FunctionDef& def, const ModuleFacts& facts) {
  for (const ast::Expr* d : def.decorator_list) {
    if (const auto* call = d->As<ast::Call>()) {
      if (!call->keywords.empty() &&
          std::any_of(call->keywords.begin(), call->keywords.end(),
                      [](const ast::Keyword* k) {
                        return k->arg.starts_with("static_");
                      })) {
        continue;
      }
      d = call->func;
    }
    std::string_view last = ast::LastName(d);
    if (last != "function" && last != "jit") {
      continue;
    }
    const auto* root = ChainRoot(*d).As<ast::Name>();
    if (root != nullptr && facts.IsFramework(root->id)) {
      return true;
    }
  }
  return false;
}

// The search for evidence that a value may be staged: what flows from a
// framework call, a parameter annotated as a tensor, or a parameter of a
// traced function. A name read in statement `at` is followed through the
// bindings that reach `at` (reaching definitions; any one with evidence is
// enough), or through every binding of the function when the analyses do
// not track it; `visiting` (name, statement) cuts cycles.
struct Evidence {
  const Checker& checker;
  const ast::Node* at = nullptr;
  std::vector<std::pair<std::string_view, const ast::Node*>> visiting;

  bool Of(const ast::Expr& e);
  bool OfName(const ast::Name& name);
  bool OfParam(const ast::Arg& arg, const ast::FunctionDef& def) const;
  bool OfBinding(const ast::Node& stmt, std::string_view name);
};

// Whether `stmt` (not looking into nested scopes) binds `name` from a value
// that may be staged: `name = tf.ones(...)`, `a, name = ...`, `name +=
// staged`, `for name in tf.range(n)`, `(name := staged)`.
bool StagedBinding(const ast::Node& node, std::string_view name, Evidence& ev) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>() || node.Is<ast::Lambda>()) {
    return false;
  }
  if (const auto* a = node.As<ast::Assign>()) {
    if (std::any_of(a->targets.begin(), a->targets.end(),
                    [&](const ast::Expr* t) { return BindsName(*t, name); }) &&
        ev.Of(*a->value)) {
      return true;
    }
  } else if (const auto* a = node.As<ast::AugAssign>()) {
    if (BindsName(*a->target, name) && ev.Of(*a->value)) {
      return true;
    }
  } else if (const auto* a = node.As<ast::AnnAssign>()) {
    if (a->value != nullptr && BindsName(*a->target, name) &&
        (TensorAnnotation(a->annotation) || ev.Of(*a->value))) {
      return true;
    }
  } else if (const auto* f = node.As<ast::For>()) {
    if (BindsName(*f->target, name) && ev.Of(*f->iter)) {
      return true;
    }
  } else if (const auto* w = node.As<ast::NamedExpr>()) {
    if (BindsName(*w->target, name) && ev.Of(*w->value)) {
      return true;
    }
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || StagedBinding(*child, name, ev);
  });
  return found;
}

bool Evidence::OfParam(const ast::Arg& arg, const ast::FunctionDef& def) const {
  if (TensorAnnotation(arg.annotation)) {
    return true;
  }
  return !PythonAnnotation(arg.annotation) && Traced(def, checker.facts()) &&
         !(checker.state().cls != nullptr &&
           &arg == ast::FirstPositional(*def.args));
}

// Whether the statement `stmt`, a definition of `name` reaching the read,
// binds it from a value with evidence (its header only, for a compound
// statement: `for name in tf.range(n)`, a walrus in an `if` test).
bool Evidence::OfBinding(const ast::Node& stmt, std::string_view name) {
  const ast::Node* saved = at;
  at = &stmt;
  bool found = false;
  if (const auto* a = stmt.As<ast::AugAssign>()) {
    // `x += 1`: the value before it, and what is added.
    const auto* target = a->target->As<ast::Name>();
    found = Of(*a->value) || (target != nullptr && OfName(*target));
  } else if (const auto* f = stmt.As<ast::For>()) {
    found = BindsName(*f->target, name) && Of(*f->iter);
  } else if (const auto* i = stmt.As<ast::If>()) {
    found = StagedBinding(*i->test, name, *this);
  } else if (const auto* w = stmt.As<ast::While>()) {
    found = StagedBinding(*w->test, name, *this);
  } else if (stmt.Is<ast::Assign>() || stmt.Is<ast::AnnAssign>() ||
             stmt.Is<ast::ExprStmt>() || stmt.Is<ast::Return>()) {
    found = StagedBinding(stmt, name, *this);
  }
  at = saved;
  return found;
}

bool Evidence::OfName(const ast::Name& n) {
  const std::string_view name = n.id;
  const std::pair<std::string_view, const ast::Node*> key{name, at};
  if (std::find(visiting.begin(), visiting.end(), key) != visiting.end()) {
    return false;
  }
  const auto* def = checker.state().function != nullptr
                        ? checker.state().function->As<ast::FunctionDef>()
                        : nullptr;
  if (def == nullptr) {
    return false;
  }
  visiting.push_back(key);
  bool found = false;
  bool flow = false;
  if (at != nullptr) {
    auto& am = checker.analyses();
    const auto& names = am.Get<analysis::QualNames>();
    const auto& cfgs = am.Get<analysis::Cfgs>();
    const auto& defs = am.Get<analysis::ReachingDefinitions>();
    const analysis::SymbolId s = names.Of(n);
    const analysis::CfgLocation loc = cfgs.Locate(*at);
    if (s != analysis::kNoSymbol && loc && defs.Tracks(*loc.cfg, s)) {
      flow = true;
      for (const analysis::Definition* d : defs.Reaching(*at, s)) {
        if (d->node == nullptr) {
          continue;
        }
        if (d->kind == analysis::DefinitionKind::kParam) {
          const auto* arg = d->node->As<ast::Arg>();
          found = arg != nullptr && OfParam(*arg, *def);
        } else {
          found = OfBinding(*d->node, name);
        }
        if (found) {
          break;
        }
      }
    }
  }
  if (!flow) {
    const ast::Arg* arg = FindArg(*def->args, name);
    found = (arg != nullptr && OfParam(*arg, *def)) ||
            std::any_of(def->body.begin(), def->body.end(),
                        [&](const ast::Stmt* s) {
                          return StagedBinding(*s, name, *this);
                        });
  }
  visiting.pop_back();
  return found;
}

bool Evidence::Of(const ast::Expr& e) {
  if (const auto* n = e.As<ast::Name>()) {
    return OfName(*n);
  }
  if (const auto* call = e.As<ast::Call>()) {
    if (FrameworkOp(*call, checker.facts())) {
      return true;
    }
    // `range(tf.shape(x)[0])`, `len(t)`, `enumerate(t)` of a staged value.
    if (const auto* fn = call->func->As<ast::Name>()) {
      return OneOf(fn->id,
                   {"range", "len", "enumerate", "zip", "reversed", "iter",
                    "min", "max", "abs", "sum", "float", "int", "bool"}) &&
             std::any_of(call->args.begin(), call->args.end(),
                         [&](const ast::Expr* a) { return Of(*a); });
    }
    // `x.sum()`, `t.numpy()`: a method of a staged value (`x.get_shape()`
    // is a Python shape).
    if (const auto* attr = call->func->As<ast::Attribute>()) {
      return !OneOf(attr->attr, {"get_shape", "numpy"}) && Of(*attr->value);
    }
    return false;
  }
  if (const auto* a = e.As<ast::Attribute>()) {
    // `x.shape`, `x.dtype`: static facts of a tensor, Python values.
    return !OneOf(a->attr, {"shape", "dtype", "ndim", "name", "rank", "device",
                            "graph", "op"}) &&
           Of(*a->value);
  }
  if (const auto* s = e.As<ast::Subscript>()) {
    return Of(*s->value);
  }
  if (const auto* s = e.As<ast::Starred>()) {
    return Of(*s->value);
  }
  if (const auto* u = e.As<ast::UnaryOp>()) {
    return Of(*u->operand);
  }
  if (const auto* b = e.As<ast::BinOp>()) {
    return Of(*b->left) || Of(*b->right);
  }
  if (const auto* b = e.As<ast::BoolOp>()) {
    return std::any_of(b->values.begin(), b->values.end(),
                       [&](const ast::Expr* v) { return Of(*v); });
  }
  if (const auto* c = e.As<ast::Compare>()) {
    // `x is None` is a Python bool whatever x is.
    return !PythonBool(e, checker.facts().fixed_globals) &&
           (Of(*c->left) ||
            std::any_of(c->comparators.begin(), c->comparators.end(),
                        [&](const ast::Expr* v) { return Of(*v); }));
  }
  if (const auto* i = e.As<ast::IfExp>()) {
    return Of(*i->test) || Of(*i->body) || Of(*i->orelse);
  }
  return false;
}

// Whether a break of this loop or a return in `body` is under an `if` whose
// test may be staged (then the loop's condition is a tensor too).
bool StagedExit(const ast::Node& node,
                bool in_nested_loop,
                bool under_staged,
                Evidence& ev) {
  if (node.Is<ast::Return>() || (node.Is<ast::Break>() && !in_nested_loop)) {
    return under_staged;
  }
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>() || node.Is<ast::Lambda>()) {
    return false;
  }
  const bool nested = in_nested_loop || node.Is<ast::For>() ||
                      node.Is<ast::While>() || node.Is<ast::AsyncFor>();
  const auto* i = node.As<ast::If>();
  bool staged = under_staged;
  if (!staged && i != nullptr) {
    ev.at = i;
    staged = ev.Of(*i->test);
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || (child->category() == ast::Category::kStmt &&
                      StagedExit(*child, nested, staged, ev));
  });
  return found;
}

}  // namespace

bool StagedEarlyExit(const std::vector<ast::Stmt*>& body,
                     const Checker& checker) {
  Evidence ev{checker, nullptr, {}};
  return std::any_of(body.begin(), body.end(), [&](const ast::Stmt* s) {
    return StagedExit(*s, false, false, ev);
  });
}

namespace {

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
    // A tensor's or array's static shape is a Python tuple or TensorShape.
    if (a->attr == "shape" || a->attr == "ndim") {
      return true;
    }
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
      // `tf.executing_eagerly()`, `tf.is_tensor(x)`: Python bools;
      // `tf.nest.flatten(x)`: a Python list.
      if (attr->attr == "executing_eagerly" || attr->attr == "is_tensor" ||
          CallThroughFramework(*call, checker.facts()) ==
              FrameworkResult::kPython) {
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

namespace {

// Whether every binding of `name` in `node` (nested scopes not looked into)
// is `name = value` with `ok(value)`; `count` counts them.
template <typename Ok>
bool EveryBinding(const ast::Node& node,
                  std::string_view name,
                  Ok&& ok,
                  int& count) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>() || node.Is<ast::Lambda>()) {
    return true;
  }
  if (const auto* a = node.As<ast::Assign>()) {
    for (const ast::Expr* t : a->targets) {
      const auto* n = t->As<ast::Name>();
      if (n != nullptr && n->id == name) {
        ++count;
        if (!ok(*a->value)) {
          return false;
        }
      } else if (BindsName(*t, name)) {
        return false;
      }
    }
    return true;
  }
  if (const auto* n = node.As<ast::Name>()) {
    // Any other binding (augmented, loop target, with, walrus, del).
    return n->id != name || n->ctx == ast::ExprContext::kLoad;
  }
  bool all = true;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    all = all && EveryBinding(*child, name, ok, count);
  });
  return all;
}

// Whether iterating `e` is a Python loop although its items may be staged:
// `tf.split(...)`, `tf.unstack(...)`, `zip`/`enumerate`/`reversed` of such
// lists (or of Python values), and a local every binding of which is one
// of those or a display.
bool TensorList(const ast::Expr& e, Scope scope) {
  const Checker& checker = scope.checker;
  if (TensorListCall(e, checker.facts())) {
    return true;
  }
  if (const auto* call = e.As<ast::Call>()) {
    const auto* fn = call->func->As<ast::Name>();
    // `zip(int_shape(x), tf.unstack(t))`: zip stops with its shortest
    // argument, a Python list here.
    return fn != nullptr && OneOf(fn->id, {"zip", "enumerate", "reversed"}) &&
           !call->args.empty() && call->keywords.empty() &&
           (fn->id == "zip" ? std::any_of(call->args.begin(), call->args.end(),
                                          [&](const ast::Expr* a) {
                                            return TensorList(*a, scope) ||
                                                   a->Is<ast::List>() ||
                                                   a->Is<ast::Tuple>();
                                          })
                            : TensorList(*call->args[0], scope));
  }
  const auto* n = e.As<ast::Name>();
  const auto* def = checker.state().function != nullptr
                        ? checker.state().function->As<ast::FunctionDef>()
                        : nullptr;
  if (n == nullptr || def == nullptr || FindArg(*def->args, n->id)) {
    return false;
  }
  int count = 0;
  const bool all =
      std::all_of(def->body.begin(), def->body.end(), [&](const ast::Stmt* s) {
        return EveryBinding(
            *s, n->id,
            [&](const ast::Expr& v) {
              return v.Is<ast::List>() || v.Is<ast::Tuple>() ||
                     TensorListCall(v, checker.facts());
            },
            count);
      });
  return all && count > 0;
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
  // Not known to be staged: reported only with --assume-staged.
  auto unknown = [&](const ast::Expr& e) {
    return !checker.options().assume_staged &&
           !Evidence{checker, &stmt, {}}.Of(e);
  };
  if (const auto* i = stmt.As<ast::If>()) {
    return Certainly(*i->test, scope) || unknown(*i->test);
  }
  // A loop with a break or return in its body is not Python: lowering them
  // adds a flag to the loop's condition, which a staged `if` around them
  // makes a tensor.
  if (const auto* w = stmt.As<ast::While>()) {
    return (Certainly(*w->test, scope) && !ExitsEarly(w->body)) ||
           (unknown(*w->test) && !StagedEarlyExit(w->body, checker));
  }
  if (const auto* f = stmt.As<ast::For>()) {
    return ((Certainly(*f->iter, scope) || TensorList(*f->iter, scope)) &&
            !ExitsEarly(f->body)) ||
           (unknown(*f->iter) && !StagedEarlyExit(f->body, checker));
  }
  return false;
}

bool StagingEvidence(const ast::Expr& e, const Checker& checker) {
  const auto& stmts = checker.state().stmts;
  return Evidence{checker, stmts.empty() ? nullptr : stmts.back(), {}}.Of(e);
}

namespace {

bool StagedStatementBinds(const ast::Stmt& s,
                          std::string_view name,
                          const Checker& checker) {
  if (s.Is<ast::FunctionDef>() || s.Is<ast::AsyncFunctionDef>() ||
      s.Is<ast::ClassDef>()) {
    return false;
  }
  if ((s.Is<ast::If>() || s.Is<ast::While>() || s.Is<ast::For>()) &&
      Rebinds(s, name) && !NotStaged(s, checker)) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(s, [&](const ast::Node* child) {
    found =
        found || (child->category() == ast::Category::kStmt &&
                  StagedStatementBinds(static_cast<const ast::Stmt&>(*child),
                                       name, checker));
  });
  return found;
}

}  // namespace

bool StagedStatementBinds(const std::vector<ast::Stmt*>& body,
                          std::string_view name,
                          const Checker& checker) {
  return std::any_of(body.begin(), body.end(), [&](const ast::Stmt* s) {
    return StagedStatementBinds(*s, name, checker);
  });
}

bool FrameworkOp(const ast::Call& call, const ModuleFacts& facts) {
  return CallThroughFramework(call, facts) == FrameworkResult::kStaged;
}

}  // namespace agc::lint
