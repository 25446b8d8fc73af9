// AGC305 dict_write_in_dict_loop.
#include "lib/lint/checker.h"

namespace agc::lint::rules::dict_write_in_dict_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC305: dict written with a dynamic key while it is iterated

## What it does
Finds a `for` loop over a dict (`for k in d`, `d.keys()`, `d.items()`,
`d.values()`; a plain `for k in d` when the function binds `d` to a dict) in
a converted function whose body assigns `d[key]` with a key that is neither
a literal constant nor the loop's own key (`d[k] = ...` in `for k in d`
replaces an existing entry).

## Why is this bad
In Python, adding a key while iterating raises `RuntimeError: dictionary
changed size during iteration`, depending on the data. Staged, a dict is not
a loop variable a graph loop can carry: its keys must be known when the graph
is built, and a key computed from a tensor is not.

## Example
```python
def normalize(d):
    for k in d:
        d[k + "_norm"] = d[k] / 10   # AGC305
```

## Use instead
```python
def normalize(d):
    out = dict(d)
    for k in d:
        out[k + "_norm"] = d[k] / 10
    return out
```
Write into a new dict, or iterate over `list(d)`, and keep keys static.
)md";

namespace {

// Whether `name` is bound to a dict display, comprehension or `dict(...)`
// somewhere in `node` (the function's own scope).
bool BoundToDict(const ast::Node& node, const std::string& name) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return false;
  }
  if (const auto* assign = node.As<ast::Assign>()) {
    const ast::Expr* v = assign->value;
    bool dict =
        v->Is<ast::Dict>() || v->Is<ast::DictComp>() ||
        (v->Is<ast::Call>() && DottedName(v->As<ast::Call>()->func) == "dict");
    if (dict) {
      for (const ast::Expr* t : assign->targets) {
        if (DottedName(t) == name) {
          return true;
        }
      }
    }
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || BoundToDict(*child, name);
  });
  return found;
}

// The dict a loop iterates: `d` for `d.keys()`/`items()`/`values()`, and for
// `for k in d` when the function binds `d` to a dict.
std::string IteratedDict(const ast::Expr* iter, const ast::Node* def) {
  if (const auto* call = iter->As<ast::Call>()) {
    const auto* attr = call->func->As<ast::Attribute>();
    if (attr != nullptr && call->args.empty() && call->keywords.empty() &&
        (attr->attr == "keys" || attr->attr == "items" ||
         attr->attr == "values")) {
      return DottedName(attr->value);
    }
    return {};
  }
  std::string name = DottedName(iter);
  if (name.empty() || def == nullptr) {
    return {};
  }
  for (const ast::Stmt* stmt : def->Cast<ast::FunctionDef>().body) {
    if (BoundToDict(*stmt, name)) {
      return name;
    }
  }
  return {};
}

// The name the loop binds to each key: `k` in `for k in d`, `d.keys()` and
// `for k, v in d.items()`; empty otherwise.
std::string_view KeyTarget(const ast::For& loop) {
  const ast::Expr* target = loop.target;
  if (const auto* call = loop.iter->As<ast::Call>()) {
    std::string_view method = ast::LastName(call->func);
    if (method == "values") {
      return {};
    }
    if (method == "items") {
      const auto* tuple = target->As<ast::Tuple>();
      if (tuple == nullptr || tuple->elts.size() != 2) {
        return {};
      }
      target = tuple->elts[0];
    }
  }
  const auto* name = target->As<ast::Name>();
  return name != nullptr ? name->id : std::string_view();
}

void Find(const ast::Node& node,
          const std::string& dict,
          const ast::For& loop,
          Checker& checker) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return;
  }
  if (const auto* sub = node.As<ast::Subscript>()) {
    // `d[k] = ...` with the loop's own key replaces an existing entry.
    const auto* key = sub->slice->As<ast::Name>();
    bool own_key = key != nullptr && !KeyTarget(loop).empty() &&
                   key->id == KeyTarget(loop);
    if (sub->ctx == ast::ExprContext::kStore && !own_key &&
        !sub->slice->Is<ast::Constant>() && DottedName(sub->value) == dict) {
      checker.Report(diag::DiagKind::kDictWriteInDictLoop, node, dict,
                     loop.origin.line);
    }
  }
  ast::ForEachChild(
      node, [&](const ast::Node* child) { Find(*child, dict, loop, checker); });
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* loop = node.As<ast::For>();
  if (loop == nullptr || !checker.state().converted) {
    return;
  }
  std::string dict = IteratedDict(loop->iter, checker.state().def);
  if (dict.empty()) {
    return;
  }
  for (const ast::Stmt* stmt : loop->body) {
    Find(*stmt, dict, *loop, checker);
  }
}

}  // namespace agc::lint::rules::dict_write_in_dict_loop
