// AGC304 list_growth_in_loop.
#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::list_growth_in_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC304: Python list growth inside a loop

## What it does
Finds `append`, `pop`, `insert` and `extend` calls inside a `for` or `while`
loop of a converted function, on a list (a name or attribute) that the loop
body does not create itself. A local whose assignments before the loop make
it a dict or set (`{}`, `dict()`, `set()`, comprehensions) is not reported;
nor are calls a list method cannot be: `pop(key, default)`, `insert` at a
string index (a text widget), wrong argument counts. Where the receiver's
type is not known (a parameter, an attribute), `append`, `extend`, `pop()`
and `insert(i, x)` are reported, but not `pop(x)` (as likely `dict.pop`).
An attribute of a method's first parameter (`self.items`) takes its type
from what the class's methods assign to it: lists only make it a list, one
dict, set or other known value makes it not one (`None` is not counted).
`self.pop()` itself is not reported when the class defines `pop` or has no
base class to inherit a list's.

## Why is this bad
A staged loop (`tf.while_loop`) carries a fixed set of tensors of fixed
shapes from one iteration to the next. A Python list whose length changes
each iteration is not such a value: the converted loop raises, or, if the
loop stays a Python loop, it is unrolled and traced once per iteration.

## Example
```python
def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)   # AGC304
    return out
```

## Use instead
```python
def squares(n):
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        out = out.write(i, i * i)
    return out.stack()
```
Use a `tf.TensorArray` (or the `lists` pass with `set_element_type`), or
build the result with a vectorized operation.
)md";

namespace {

enum class Kind { kList, kOther, kUnknown };

// What `value` evaluates to, as far as its syntax says.
Kind KindOf(const ast::Expr* value) {
  if (value == nullptr) {
    return Kind::kUnknown;
  }
  if (value->Is<ast::List>() || value->Is<ast::ListComp>()) {
    return Kind::kList;
  }
  if (value->Is<ast::Dict>() || value->Is<ast::DictComp>() ||
      value->Is<ast::Set>() || value->Is<ast::SetComp>() ||
      value->Is<ast::Constant>() || value->Is<ast::Tuple>()) {
    return Kind::kOther;
  }
  if (const auto* bin = value->As<ast::BinOp>()) {
    // `[0] * n`, `a + [x]`: a list when either side is one.
    if (bin->op == ast::BinOpKind::kMult || bin->op == ast::BinOpKind::kAdd) {
      Kind left = KindOf(bin->left);
      return left != Kind::kUnknown ? left : KindOf(bin->right);
    }
    return Kind::kUnknown;
  }
  if (const auto* call = value->As<ast::Call>()) {
    if (const auto* fn = call->func->As<ast::Name>()) {
      if (fn->id == "list" || fn->id == "sorted") {
        return Kind::kList;
      }
      if (fn->id == "dict" || fn->id == "set" || fn->id == "frozenset" ||
          fn->id == "str" || fn->id == "bytes" || fn->id == "tuple") {
        return Kind::kOther;
      }
    }
  }
  return Kind::kUnknown;
}

// What the definitions of local `symbol` reaching `loop` bind: kList when
// every one binds a list, kOther when one binds something else known.
Kind ReceiverKind(const ast::Stmt& loop,
                  analysis::SymbolId symbol,
                  const analysis::ReachingDefinitions& defs) {
  std::vector<const analysis::Definition*> reaching =
      defs.Reaching(loop, symbol);
  if (reaching.empty()) {
    return Kind::kUnknown;
  }
  bool all_lists = true;
  for (const analysis::Definition* d : reaching) {
    const ast::Expr* value = nullptr;
    if (d->kind == analysis::DefinitionKind::kBind && d->node != nullptr) {
      if (const auto* a = d->node->As<ast::Assign>()) {
        // Only `x = value` and `y = x = value`, not unpacking.
        bool plain = true;
        for (const ast::Expr* target : a->targets) {
          plain = plain && target->Is<ast::Name>();
        }
        value = plain ? a->value : nullptr;
      } else if (const auto* a = d->node->As<ast::AnnAssign>()) {
        value = a->value;
      }
    }
    Kind kind = KindOf(value);
    if (kind == Kind::kOther) {
      return Kind::kOther;
    }
    all_lists = all_lists && kind == Kind::kList;
  }
  return all_lists ? Kind::kList : Kind::kUnknown;
}

// Whether `call` can be the list method `name` on a receiver of `kind`.
bool ListCall(const ast::Call& call, std::string_view name, Kind kind) {
  if (kind == Kind::kOther || !call.keywords.empty()) {
    return false;
  }
  for (const ast::Expr* arg : call.args) {
    if (arg->Is<ast::Starred>()) {
      return kind == Kind::kList;
    }
  }
  size_t n = call.args.size();
  if (name == "append" || name == "extend") {
    return n == 1;
  }
  if (name == "pop") {
    // list.pop([i]); dict.pop(key[, default]) looks the same with one.
    return n == 0 || (n == 1 && kind == Kind::kList);
  }
  // insert(i, x); a string index is a text widget's, not a list's.
  const auto* index = n == 2 ? call.args[0]->As<ast::Constant>() : nullptr;
  return n == 2 &&
         (index == nullptr || (index->value_kind != ast::ConstantKind::kStr &&
                               index->value_kind != ast::ConstantKind::kBytes));
}

// `self.pop()`: a method of the class when the class defines it, and not a
// list's when the class has no base to inherit one from.
Kind SelfKind(std::string_view method, Checker& checker) {
  const ast::ClassDef* cls = checker.state().cls;
  if (cls->bases.empty()) {
    return Kind::kOther;
  }
  for (const ast::Stmt* stmt : cls->body) {
    const auto* def = stmt->As<ast::FunctionDef>();
    if (def != nullptr && def->name == method) {
      return Kind::kOther;
    }
  }
  return Kind::kUnknown;
}

// What the methods of the class holding the current method assign to
// `self.<attribute>`: kOther if one value is something else known, kList if
// every value is a list.
Kind SelfAttributeKind(const ast::Attribute& receiver, Checker& checker) {
  const ast::ClassDef* cls = checker.state().cls;
  if (!IsSelf(*receiver.value, checker)) {
    return Kind::kUnknown;
  }
  bool any = false;
  bool all_lists = true;
  for (const ModuleFacts::AttributeValue& v :
       checker.facts().attribute_values) {
    const auto* constant = v.value->As<ast::Constant>();
    if (v.cls != cls || v.attribute != receiver.attr ||
        (constant != nullptr &&
         constant->value_kind == ast::ConstantKind::kNone)) {
      continue;  // `self.items = None` resets, whatever the type is
    }
    Kind kind = KindOf(v.value);
    if (kind == Kind::kOther) {
      return Kind::kOther;
    }
    any = true;
    all_lists = all_lists && kind == Kind::kList;
  }
  return any && all_lists ? Kind::kList : Kind::kUnknown;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* call = node.As<ast::Call>();
  if (call == nullptr || !checker.state().converted) {
    return;
  }
  const auto* attr = call->func->As<ast::Attribute>();
  if (attr == nullptr || !(attr->attr == "append" || attr->attr == "pop" ||
                           attr->attr == "insert" || attr->attr == "extend")) {
    return;
  }
  std::string receiver = DottedName(attr->value);
  if (receiver.empty()) {
    return;
  }
  const ast::Stmt* loop = nullptr;
  for (auto it = checker.state().stmts.rbegin();
       it != checker.state().stmts.rend(); ++it) {
    if ((*it)->Is<ast::For>() || (*it)->Is<ast::While>()) {
      loop = *it;
      break;
    }
  }
  if (loop == nullptr || NotStaged(*loop, checker)) {
    return;  // no loop, or a Python loop (unrolled while tracing)
  }
  // A list the loop body binds afresh (`acc = []` inside the loop) is a
  // Python value of one iteration, not loop state.
  auto& am = checker.analyses();
  const auto& names = am.Get<analysis::QualNames>();
  const auto& activity = am.Get<analysis::Activity>();
  const ast::Expr* root = attr->value;
  while (const auto* a = root->As<ast::Attribute>()) {
    root = a->value;
  }
  analysis::SymbolId root_symbol = names.Of(*root);
  const analysis::NodeActivity* act = activity.Of(*loop);
  if (act != nullptr && root_symbol != analysis::kNoSymbol &&
      act->modified.Contains(root_symbol)) {
    return;
  }
  Kind kind = Kind::kUnknown;
  if (IsSelf(*attr->value, checker)) {
    kind = SelfKind(attr->attr, checker);
  } else if (root == attr->value && root_symbol != analysis::kNoSymbol) {
    kind = ReceiverKind(*loop, root_symbol,
                        am.Get<analysis::ReachingDefinitions>());
  } else if (const auto* self_attr = attr->value->As<ast::Attribute>()) {
    kind = SelfAttributeKind(*self_attr, checker);
  }
  if (!ListCall(*call, attr->attr, kind)) {
    return;
  }
  checker.Report(diag::DiagKind::kListGrowthInLoop, node, receiver, attr->attr,
                 StatementKeyword(*loop), loop->origin.line);
}

}  // namespace agc::lint::rules::list_growth_in_loop
