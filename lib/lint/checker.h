// The lint checker: one walk over a parsed module that hands every node to
// every rule of lib/lint/rules.def, with what the rules need to know about
// where the node is (converted function, enclosing statements and loops) and
// the analyses of the module. Rules report through Checker::Report.
//
// Code agc converts: the bodies of functions the `functions` pass converts
// (every def that is not a generator, not async and not marked
// do_not_convert / autograph_artifact), and of the defs and lambdas nested in
// them. Staging rules look only there; module and class bodies run once, in
// Python.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"

namespace agc::lint {

// Facts about the whole module that several rules read, computed once.
struct ModuleFacts {
  // Names bound to TensorFlow by imports (`tf` for `import tensorflow as
  // tf`, `tensorflow` for `import tensorflow`, and names imported from it).
  std::vector<std::string_view> tensorflow_names;
  // The same for TensorFlow and JAX (`jax`, `jnp` for `import jax.numpy as
  // jnp`, `lax` for `from jax import lax`): calls through them give values
  // that may be staged.
  std::vector<std::string_view> framework_names;
  // Module-level functions that assign a name they declare `global`: name
  // and the global it assigns.
  std::vector<std::pair<std::string_view, std::string_view>> global_writers;

  // Methods that assign an attribute of their first parameter: class, method
  // and the attribute (`self.count`).
  struct MutatingMethod {
    const ast::ClassDef* cls;
    std::string_view method;
    std::string_view attribute;
  };

  std::vector<MutatingMethod> mutating_methods;

  // Values methods assign to attributes of their first parameter
  // (`self.items = []` in any method of the class).
  struct AttributeValue {
    const ast::ClassDef* cls;
    std::string_view attribute;
    const ast::Expr* value;
  };

  std::vector<AttributeValue> attribute_values;

  // Module globals bound exactly once in the whole module, by a top-level
  // `NAME = value` whose value is fixed before anything runs staged
  // (`DEBUG = False`, `_HAVE_X = hasattr(mod, "x")`, `IS_WIN = sys.platform
  // == "win32"`): no other assignment, import, def, parameter, loop target
  // or `global` declaration of the name anywhere. A test on one is a Python
  // value under every backend.
  std::vector<std::string_view> fixed_globals;

  bool IsTensorFlow(std::string_view name) const;
  bool IsFramework(std::string_view name) const;
};

struct CheckerOptions {
  // Report an `if` or loop whose test or iterable is not known to be staged
  // (`--assume-staged`, `assume-staged = true`): by default the staging
  // rules report only values with evidence of staging (see python_values.h).
  bool assume_staged = false;
};

// Where the node being checked is.
struct WalkState {
  // The innermost def or lambda (null at module or class level).
  const ast::Node* function = nullptr;
  // The innermost def (its name for messages), or null.
  const ast::Node* def = nullptr;
  // Whether `function` is code agc converts.
  bool converted = false;
  // The innermost class whose body holds `def` (methods), or null.
  const ast::ClassDef* cls = nullptr;
  // Enclosing statements of the current function body, outermost first; for
  // a statement node, it is the last one.
  std::vector<const ast::Stmt*> stmts;
};

class Checker {
 public:
  Checker(const ast::Module& module,
          analysis::AnalysisManager& analyses,
          CheckerOptions options = {});

  // Runs every rule over the module; findings go to `out`.
  void Run(std::vector<diag::Diagnostic>& out);

  const ast::Module& module() const { return module_; }

  analysis::AnalysisManager& analyses() const { return analyses_; }

  const WalkState& state() const { return state_; }

  const ModuleFacts& facts() const { return facts_; }

  const CheckerOptions& options() const { return options_; }

  // The enclosing statements of kind T (If, For, While, ...) in the current
  // function, innermost first, not counting `self` when it is one.
  template <typename T>
  std::vector<const T*> Enclosing(const ast::Node* self = nullptr) const {
    std::vector<const T*> out;
    for (auto it = state_.stmts.rbegin(); it != state_.stmts.rend(); ++it) {
      if (*it == self) {
        continue;
      }
      if (const T* t = (*it)->As<T>()) {
        out.push_back(t);
      }
    }
    return out;
  }

  // The name of the innermost def ("<lambda>" inside a lambda at module
  // level).
  std::string_view FunctionName() const;

  // The last line of a node (from its span), or its first line.
  int32_t EndLine(const ast::Node& node) const;

  // True the first time it is asked about (kind, node, symbol): rules that
  // can reach one finding from several statements report it once.
  bool FirstTime(diag::DiagKind kind, const ast::Node& at, uint32_t symbol);

  template <typename... Args>
  void Report(diag::DiagKind kind, const ast::Node& at, Args&&... args) {
    const diag::DiagKindInfo& info = diag::InfoOf(kind);
    out_->push_back(diag::Diagnostic{
        kind, info.severity, module_.source()->path(),
        base::LineCol{at.origin.line, at.origin.col},
        fmt::format(fmt::runtime(info.format), std::forward<Args>(args)...)});
  }

 private:
  void Visit(const ast::Node& node);
  void VisitFunction(const ast::Node& fn);

  const ast::Module& module_;
  analysis::AnalysisManager& analyses_;
  ModuleFacts facts_;
  CheckerOptions options_;
  WalkState state_;
  std::vector<diag::Diagnostic>* out_ = nullptr;
  std::set<std::tuple<int, ast::NodeId, uint32_t>> seen_;
};

// Whether `expr` names the first parameter of the method being checked
// (`self`, or `cls` of a class method), in the method's own body.
bool IsSelf(const ast::Expr& expr, const Checker& checker);

// Whether agc converts this def (see the file comment): not async, not a
// generator, not do_not_convert / autograph_artifact.
bool IsConvertible(const ast::FunctionDef& fn);

// The expression an attribute chain starts from: `tf` of `tf.nest.flatten`,
// `x` of `x`, the call of `f().a`.
const ast::Expr& ChainRoot(const ast::Expr& expr);

// The text of a qualified name (`a`, `a.b`), or empty.
std::string DottedName(const ast::Expr* expr);

// Short description of a statement for messages: "if", "for", "while",
// "try", "with", "match", ... (the keyword).
std::string_view StatementKeyword(const ast::Stmt& stmt);

}  // namespace agc::lint
