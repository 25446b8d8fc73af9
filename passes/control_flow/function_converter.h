// Internal to passes/control_flow/: FunctionConverter, which converts the
// if, while and for statements of one converted function, and what its
// files share (NameSet, BlockPosition, OpensScope, CollectBindings, Facts).
// The class is declared here once; its members are defined in the file
// named in each group of declarations below (control_flow.cpp, the pass's
// entry, maps the files).
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/pass/pass.h"

namespace agc::passes::control_flow {

using analysis::SymbolId;
using analysis::SymbolSet;

// Names a walk collects, then looks up or lists (in no order that shows in
// the output). Collected into a vector, sorted and made unique at the first
// lookup after an insert: cheaper than a hash set for the few names of a
// helper, which are inserted once and looked up a few times.
class NameSet {
 public:
  void insert(std::string_view name) {
    names_.push_back(name);
    sorted_ = false;
  }

  bool contains(std::string_view name) const {
    Sort();
    return std::binary_search(names_.begin(), names_.end(), name);
  }

  std::vector<std::string_view>::const_iterator begin() const {
    Sort();
    return names_.begin();
  }

  std::vector<std::string_view>::const_iterator end() const {
    Sort();
    return names_.end();
  }

  void clear() {
    names_.clear();
    sorted_ = true;
  }

 private:
  void Sort() const {
    if (!sorted_) {
      std::sort(names_.begin(), names_.end());
      names_.erase(std::unique(names_.begin(), names_.end()), names_.end());
      sorted_ = true;
    }
  }

  mutable std::vector<std::string_view> names_;
  mutable bool sorted_ = true;
};

// Where a node is in the blocks of a statement: the block's number, the
// index of the block's top-level statement it is in, and whether it is that
// statement.
struct BlockPosition {
  int block = 0;
  int index = 0;
  bool top = false;
};

using BlockPositions = std::unordered_map<ast::NodeId, BlockPosition>;

// Whether `node`'s children run in a scope of their own: a def, class,
// lambda or comprehension (bindings.cpp).
bool OpensScope(const ast::Node& node);

// The names a statement binds at its own function level: assignment
// targets, imports, def/class names, with/except/match names. Nested
// functions, classes and lambdas are other scopes; comprehension targets too.
// (bindings.cpp)
void CollectBindings(const ast::Node& node, NameSet& out);

// The facts a function is converted with.
struct Facts {
  const analysis::QualNames* qn = nullptr;
  const analysis::Activity* activity = nullptr;
  const analysis::Liveness* liveness = nullptr;
  const analysis::ReachingDefinitions* rd = nullptr;
};

class FunctionConverter {
 public:
  // `snapshots`: the input calls something named `locals` or `vars`, so
  // functions may take snapshots of their locals (FindSnapshots).
  FunctionConverter(ast::Module& module,
                    pass::PassContext& ctx,
                    ast::FunctionDef& fn,
                    std::vector<ast::FunctionDef*>& nested,
                    const Facts& facts,
                    bool snapshots)
      : module_(module),
        ctx_(ctx),
        fn_(fn),
        nested_(nested),
        qn_(*facts.qn),
        activity_(*facts.activity),
        liveness_(*facts.liveness),
        rd_(*facts.rd),
        scope_(activity_.ScopeOf(fn)),
        may_snapshot_(snapshots) {}

  // Returns whether anything changed (function_converter.cpp).
  bool Run();

 private:
  struct Snapshot {
    ast::Origin origin;
    std::vector<ast::NodeId> holders;  // the statements around it, sorted
  };

  struct State {
    std::vector<SymbolId> symbols;  // outputs first, then inputs only
    size_t nouts = 0;
    // A functional loop's variables it uses only by value (OperandOnly).
    std::vector<std::string_view> operand_only;
  };

  // What one generated helper binds and declares at its own level.
  struct Frame {
    NameSet bound;
    NameSet declared;  // nonlocal or global
  };

  // ---- The walk: function_converter.cpp -------------------------------------

  void ExplicitSuper(std::vector<ast::Stmt*>& body);
  void HoistDeclarations(std::vector<ast::Stmt*>& body);
  void HoistFrom(std::vector<ast::Stmt*>& block);
  void Block(std::vector<ast::Stmt*>& block);
  void CollectMethods(ast::ClassDef& cls);

  // ---- State: state.cpp -----------------------------------------------------

  void Capture(const analysis::Scope& scope);
  void FindConsumedGenerators(const std::vector<ast::Stmt*>& body);
  bool ConsumedInPlace(const ast::Node& generator) const;
  void FindSnapshots(const std::vector<ast::Stmt*>& body);
  static bool Holds(const Snapshot& snapshot, const ast::Stmt& stmt);
  bool HoldsSnapshot(const ast::Stmt& stmt) const;
  bool SnapshotMayFollow(const ast::Stmt& stmt) const;
  std::vector<SymbolId> ExtraTestReads(const ast::Stmt& stmt) const;
  State StateOf(const ast::Stmt& stmt);
  bool HeaderWalrusBinds(const ast::Stmt& stmt, SymbolId id) const;
  void ApplyHint(const ast::Stmt& stmt,
                 const ast::Module::StateHint& hint,
                 const analysis::NodeActivity& act,
                 std::vector<SymbolId>& outputs,
                 std::vector<SymbolId>& inputs);

  // ---- Bindings for the helpers' references: bindings.cpp -------------------

  std::map<std::string_view, size_t> FirstBindings() const;
  bool IsFunctionLocal(std::string_view name) const;
  static void CollectReads(const ast::Node& node, NameSet& out);
  void Resolve(const ast::Node& node, std::vector<Frame>& frames, size_t top);
  void OwnLevel(const ast::Stmt& stmt, Frame& frame, NameSet& refs);
  void ComputeInits();
  std::vector<ast::Stmt*> Inits();
  void SimplifyStateReads();
  bool IsHelperOrCall(const ast::Stmt& stmt) const;

  // ---- Generated code, both forms: generated_code.cpp -----------------------

  std::string_view Helper(std::string_view base);
  void StripAnnotations(std::vector<ast::Stmt*>& block);
  ast::Expr* SymbolExpr(SymbolId id, ast::Origin origin, bool store);
  ast::Expr* CompositeExpr(const analysis::Symbol& sym, ast::Origin origin);
  ast::Expr* StateRead(const ast::Stmt& stmt,
                       SymbolId id,
                       ast::Origin origin,
                       bool helper_local = false);
  bool HelperMayNotBind(const ast::Stmt& stmt, SymbolId id) const;
  bool HelperNeverBinds(const ast::Stmt& stmt, SymbolId id) const;
  ast::Expr* LoopOpts(const ast::Stmt& loop,
                      const State& state,
                      ast::Expr* iterate_names,
                      ast::Origin origin);
  std::vector<ast::Expr*> SymbolNames(const State& state, ast::Origin origin);
  void Emit(std::vector<ast::Stmt*>& out, std::vector<ast::Stmt*> stmts);

  // ---- The nonlocal form: nonlocal_form.cpp ---------------------------------

  std::vector<ast::Stmt*> Declarations(const State& state, ast::Origin origin);
  std::vector<ast::Stmt*> StateFunctions(const ast::Stmt& stmt,
                                         const State& state,
                                         ast::Origin origin);
  std::vector<ast::Stmt*> BodyFunction(std::string_view name,
                                       std::vector<ast::Stmt*> prologue,
                                       const std::vector<ast::Stmt*>& body,
                                       const State& state,
                                       ast::Origin origin,
                                       std::string_view param = {});
  void Convert(ast::Stmt& stmt,
               const State& state,
               std::vector<ast::Stmt*>& out);

  // ---- Which form: nonlocal_reason.cpp --------------------------------------

  bool Functional() const;
  static bool Catches(const ast::Stmt& stmt);
  static std::string_view Keyword(const ast::Stmt& stmt);
  std::string NonlocalReason(const ast::Stmt& stmt, const State& state) const;

  // ---- The functional form: functional_form.cpp -----------------------------

  std::vector<std::string_view> StateNames(const State& state) const;
  ast::Expr* StateTuple(const ast::Stmt& stmt,
                        const State& state,
                        ast::Origin origin,
                        bool simplify,
                        bool at_entry = false);
  bool IsEnclosingParam(SymbolId id) const;
  std::vector<ast::Stmt*> FunctionalBody(std::string_view name,
                                         std::vector<ast::Stmt*> prologue,
                                         const std::vector<ast::Stmt*>& body,
                                         const ast::Stmt& stmt,
                                         const State& state,
                                         bool simplify,
                                         ast::Origin origin,
                                         std::string_view param = {});
  std::vector<ast::Stmt*> FunctionalCall(const State& state,
                                         ast::Expr* call,
                                         ast::Origin origin);
  void ConvertFunctional(ast::Stmt& stmt,
                         const State& state,
                         std::vector<ast::Stmt*>& out);

  // ---- Variables used only by value: operand_only.cpp -----------------------

  std::vector<std::string_view> OperandOnly(const ast::Stmt& loop,
                                            const State& state) const;
  static const ast::Node* TestOf(const ast::Node& stmt);

  ast::Module& module_;
  pass::PassContext& ctx_;
  ast::FunctionDef& fn_;
  std::vector<ast::FunctionDef*>& nested_;
  const analysis::QualNames& qn_;
  const analysis::Activity& activity_;
  const analysis::Liveness& liveness_;
  const analysis::ReachingDefinitions& rd_;
  const analysis::Scope& scope_;
  std::optional<codegen::Namer> namer_;  // made when the function converts
  std::map<std::string_view, std::string_view> helper_names_;
  std::vector<ast::Stmt*> hoisted_;
  // Per top-level statement of the body: what replaces it.
  std::vector<std::vector<ast::Stmt*>> replaced_;
  size_t top_index_ = 0;
  std::map<std::string_view, size_t> needed_;  // local -> first top-level use
  std::set<std::string_view> initialized_;     // start as ag__.Undefined
  std::set<const ast::FunctionDef*> generated_helpers_;

  // get_state entries `ag__.ldu(lambda: x, 'x')` for plain names that may
  // become plain reads (SimplifyStateReads).
  struct LduRead {
    std::string_view name;
    std::vector<ast::Expr*>* elts;
    size_t index;
    ast::Expr* plain;
  };

  std::vector<LduRead> ldu_reads_;
  std::set<const ast::Stmt*> generated_;
  SymbolSet deleted_;          // deleted inside the statement being converted
  SymbolSet captured_;         // locals nested scopes share (see Capture)
  SymbolSet generator_reads_;  // locals generator expressions read
  // Generator expressions consumed where they are made (see
  // FindConsumedGenerators).
  std::set<const ast::Node*> consumed_generators_;
  // Snapshots of locals() in the function (FindSnapshots).
  bool may_snapshot_;
  SymbolSet snapshot_names_;
  std::vector<Snapshot> snapshots_;
  int snapshot_loops_ = 0;  // loops being converted that hold one
  // if/while/for statements being converted around the current block: 0
  // at the function's own level, more inside what becomes a helper.
  int helper_depth_ = 0;
  // try/with statements around the current block, in the function's scope.
  int catching_depth_ = 0;
  // Per statement being converted around the current block: its state when
  // it takes the functional form (its bodies' parameters), else null.
  std::vector<const std::vector<SymbolId>*> functional_params_;
  // The state of each if/while/for being converted around the current
  // block, innermost last, whatever its form (HelperMayNotBind).
  std::vector<const std::vector<SymbolId>*> enclosing_state_;
  // Where each node of those statements' blocks is, taken before their
  // inner statements convert (HelperNeverBinds), innermost last.
  std::vector<BlockPositions> enclosing_blocks_;
  // Read by the extra tests of the loops being converted (ExtraTestReads).
  std::vector<SymbolId> extra_reads_;
  bool changed_ = false;
};

}  // namespace agc::passes::control_flow
