#include "lib/driver/inspect.h"

#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/needs_twin.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"
#include "lib/base/did_you_mean.h"
#include "lib/base/encoding.h"
#include "lib/base/source_file.h"
#include "lib/base/stack.h"
#include "lib/driver/convert.h"
#include "lib/syntax/parse.h"

namespace agc::driver {
namespace {

using analysis::SymbolSet;
using Json = nlohmann::ordered_json;

constexpr std::string_view kModuleName = "<module>";

// A scope body with a control-flow graph: the module, a def or a class.
struct ScopeEntry {
  std::string name;       // see "Function names" in inspect.h
  std::string_view kind;  // "module", "function", "class"
  const ast::Node* node;  // null for the module
  ast::Origin origin;
};

// An if/while/for statement and the scope whose body holds it.
struct Target {
  const ast::Stmt* stmt;
  size_t scope;  // index into the scopes
};

// Walks the statements of a module in source order, naming the scopes and
// collecting the targets.
class Collector {
 public:
  std::vector<ScopeEntry> scopes;
  std::vector<Target> targets;

  void Run(const ast::Module& module) {
    scopes.push_back({std::string(kModuleName), "module", nullptr, {1, 1}});
    for (const ast::Stmt* stmt : module.body) {
      Visit(*stmt, 0, "");
    }
  }

 private:
  void Visit(const ast::Node& node, size_t scope, const std::string& prefix) {
    std::string_view name;
    std::string_view kind = "function";
    if (const auto* def = node.As<ast::FunctionDef>()) {
      name = def->name;
    } else if (const auto* async_def = node.As<ast::AsyncFunctionDef>()) {
      name = async_def->name;
    } else if (const auto* cls = node.As<ast::ClassDef>()) {
      name = cls->name;
      kind = "class";
    }
    if (!name.empty()) {
      std::string path = prefix + std::string(name);
      scopes.push_back({path, kind, &node, node.origin});
      VisitChildren(node, scopes.size() - 1, path + ".");
      return;
    }
    if (node.Is<ast::If>() || node.Is<ast::While>() || node.Is<ast::For>() ||
        node.Is<ast::AsyncFor>()) {
      targets.push_back({static_cast<const ast::Stmt*>(&node), scope});
    }
    VisitChildren(node, scope, prefix);
  }

  // Statements sit in the bodies of statements, handlers and match cases
  // only; expressions hold none.
  void VisitChildren(const ast::Node& node,
                     size_t scope,
                     const std::string& prefix) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Visit(*child, scope, prefix);
      }
    });
  }
};

std::string_view StatementKind(const ast::Module& module,
                               const ast::Stmt& stmt) {
  switch (stmt.kind) {
    case ast::Kind::kIf:
      return module.TextOf(stmt).starts_with("elif") ? "elif" : "if";
    case ast::Kind::kWhile:
      return "while";
    case ast::Kind::kFor:
      return "for";
    case ast::Kind::kAsyncFor:
      return "async for";
    default:
      AGC_CHECK_MSG(false, "not an if/while/for statement");
  }
}

// What one statement's conversion depends on.
struct Facts {
  bool loop = false;
  SymbolSet read;
  SymbolSet modified;
  SymbolSet live_in;
  SymbolSet live_out;
  SymbolSet outputs;    // modified & live_out
  SymbolSet loop_vars;  // loops: modified & (live_in | live_out)
  SymbolSet undefined;  // of the state (loop_vars, or outputs for an if)
  SymbolSet read_only;  // read - modified
};

Facts FactsOf(const ast::Stmt& stmt, analysis::AnalysisManager& analyses) {
  const auto& activity = analyses.Get<analysis::Activity>();
  const auto& liveness = analyses.Get<analysis::Liveness>();
  const auto& reaching = analyses.Get<analysis::ReachingDefinitions>();
  Facts f;
  f.loop = !stmt.Is<ast::If>();
  const analysis::NodeActivity* act = activity.Of(stmt);
  AGC_CHECK(act != nullptr);
  f.read = act->read;
  f.modified = act->modified;
  if (liveness.HasFacts(stmt)) {
    f.live_in = liveness.LiveIn(stmt);
    f.live_out = liveness.LiveOut(stmt);
  }
  f.outputs = f.modified & f.live_out;
  if (f.loop) {
    f.loop_vars = f.modified & (f.live_in | f.live_out);
  }
  for (analysis::SymbolId s : f.loop ? f.loop_vars : f.outputs) {
    // An if's branches start after its test, which a walrus may bind in.
    if (f.loop ? reaching.MayBeUndefined(stmt, s)
               : reaching.MayBeUndefinedAfterFirst(stmt, s)) {
      f.undefined.Insert(s);
    }
  }
  f.read_only = f.read - f.modified;
  return f;
}

// Whether a function gets a converted twin in the default output (see
// needs_twin.h): "no twin: straight-line code", or what needs one.
std::string TwinText(const ScopeEntry& scope) {
  const auto* fn =
      scope.node == nullptr ? nullptr : scope.node->As<ast::FunctionDef>();
  if (fn == nullptr) {
    return {};
  }
  std::optional<analysis::TwinReason> why =
      analysis::NeedsTwin(*fn, analysis::TwinRuleOptions{});
  if (!why) {
    return "no twin (straight-line code: written once, unguarded)";
  }
  return fmt::format("twin ({}, line {})", why->construct, why->origin.line);
}

Json SymbolsJson(const analysis::QualNames& names, const SymbolSet& set) {
  Json out = Json::array();
  for (analysis::SymbolId s : set) {
    out.push_back(names.Get(s).text);
  }
  return out;
}

std::string SymbolsText(const analysis::QualNames& names,
                        const SymbolSet& set) {
  return set.empty() ? std::string("-") : names.Format(set);
}

// A file read and parsed, or the reason it was not.
class InspectedFile {
 public:
  InspectedFile(std::string display, std::string bytes)
      : source_(std::move(display), std::move(bytes)), module_(&source_) {}

  bool Parse(diag::DiagnosticSink& diags, base::PythonVersion target) {
    syntax::ParseOptions parse_options;
    parse_options.target = target;
    if (!syntax::Parse(source_, module_, diags, parse_options)) {
      return false;
    }
    collector_.Run(module_);
    return true;
  }

  const std::string& path() const { return source_.path(); }

  const std::vector<ScopeEntry>& scopes() const { return collector_.scopes; }

  // The dot of every selected scope's graph, in source order.
  std::string Dot(const std::vector<bool>& selected) {
    const auto& cfgs = analyses_.Get<analysis::Cfgs>();
    std::string out;
    for (size_t i = 0; i < scopes().size(); ++i) {
      if (selected[i]) {
        out += analysis::ToDot(cfgs.Of(scopes()[i].node), module_);
      }
    }
    return out;
  }

  // The text report: one block per statement, blank lines between blocks.
  std::string Text(const std::vector<bool>& selected,
                   const std::string& function) {
    const auto& names = analyses_.Get<analysis::QualNames>();
    std::string out;
    for (size_t i = 0; i < scopes().size(); ++i) {
      const ScopeEntry& s = scopes()[i];
      if (std::string twin = TwinText(s); selected[i] && !twin.empty()) {
        out += fmt::format("{}:{}:{}: def {}: {}\n", path(), s.origin.line,
                           s.origin.col, s.name, twin);
      }
    }
    bool any_target = false;
    for (const Target& t : collector_.targets) {
      if (!selected[t.scope]) {
        continue;
      }
      Facts f = FactsOf(*t.stmt, analyses_);
      if (!out.empty()) {
        out += '\n';
      }
      any_target = true;
      out += fmt::format("{}:{}:{}: {} (in {})\n", path(), t.stmt->origin.line,
                         t.stmt->origin.col, StatementKind(module_, *t.stmt),
                         scopes()[t.scope].name);
      auto line = [&](std::string_view label, const SymbolSet& set) {
        out += fmt::format("  {:<11}{}\n", label, SymbolsText(names, set));
      };
      line("modified:", f.modified);
      line("outputs:", f.outputs);
      if (f.loop) {
        line("loop vars:", f.loop_vars);
      }
      line("undefined:", f.undefined);
      line("read only:", f.read_only);
    }
    if (!any_target) {
      out += fmt::format("{}: no if, while or for statements{}\n", path(),
                         function.empty() ? "" : " in " + function);
    }
    return out;
  }

  Json ToJson(const std::vector<bool>& selected) {
    const auto& names = analyses_.Get<analysis::QualNames>();
    Json functions = Json::array();
    for (size_t i = 0; i < scopes().size(); ++i) {
      if (selected[i]) {
        const ScopeEntry& s = scopes()[i];
        Json function = {{"name", s.name},
                         {"kind", s.kind},
                         {"line", s.origin.line},
                         {"col", s.origin.col}};
        if (const auto* fn =
                s.node == nullptr ? nullptr : s.node->As<ast::FunctionDef>()) {
          // Whether it gets a converted twin (see needs_twin.h), and why.
          std::optional<analysis::TwinReason> why =
              analysis::NeedsTwin(*fn, analysis::TwinRuleOptions{});
          Json twin = {{"needed", why.has_value()}};
          if (why) {
            twin["construct"] = why->construct;
            twin["line"] = why->origin.line;
          }
          function["twin"] = std::move(twin);
        }
        functions.push_back(std::move(function));
      }
    }
    Json statements = Json::array();
    for (const Target& t : collector_.targets) {
      if (!selected[t.scope]) {
        continue;
      }
      Facts f = FactsOf(*t.stmt, analyses_);
      Json s;
      s["kind"] = StatementKind(module_, *t.stmt);
      s["line"] = t.stmt->origin.line;
      s["col"] = t.stmt->origin.col;
      s["function"] = scopes()[t.scope].name;
      s["read"] = SymbolsJson(names, f.read);
      s["modified"] = SymbolsJson(names, f.modified);
      s["live_in"] = SymbolsJson(names, f.live_in);
      s["live_out"] = SymbolsJson(names, f.live_out);
      s["outputs"] = SymbolsJson(names, f.outputs);
      if (f.loop) {
        s["loop_vars"] = SymbolsJson(names, f.loop_vars);
      }
      s["undefined"] = SymbolsJson(names, f.undefined);
      s["read_only"] = SymbolsJson(names, f.read_only);
      statements.push_back(std::move(s));
    }
    Json file;
    file["path"] = path();
    file["functions"] = std::move(functions);
    file["statements"] = std::move(statements);
    return file;
  }

 private:
  base::SourceFile source_;
  ast::Module module_;
  analysis::AnalysisManager analyses_{module_};
  Collector collector_;
};

// Transcodes a file that declares a non-UTF-8 encoding (PEP 263), as
// `agc convert` reads it.
bool DecodeToUtf8(const std::string& display,
                  std::string& bytes,
                  diag::DiagnosticSink& diags) {
  std::string encoding = base::FindCodingDeclaration(bytes);
  if (encoding.empty() || base::IsUtf8Name(encoding)) {
    return true;
  }
  std::string utf8;
  size_t bad = 0;
  switch (base::Transcode(bytes, encoding, "UTF-8", &utf8, &bad)) {
    case base::TranscodeStatus::kOk:
      bytes = std::move(utf8);
      return true;
    case base::TranscodeStatus::kUnknownEncoding: {
      base::SourceFile original(display, bytes);
      int32_t line =
          base::FindCodingDeclaration(original.LineText(1)).empty() ? 2 : 1;
      diags.Emit(diag::DiagKind::kUnknownEncoding, display,
                 base::LineCol{line, 1}, encoding);
      return false;
    }
    case base::TranscodeStatus::kInvalidInput: {
      base::SourceFile original(display, bytes);
      diags.Emit(diag::DiagKind::kInvalidEncodedText, display,
                 original.PositionOf(static_cast<uint32_t>(bad)),
                 fmt::format("file is not valid {} (invalid byte 0x{:02x})",
                             encoding, static_cast<unsigned char>(bytes[bad])));
      return false;
    }
  }
  return false;
}

int Usage(diag::DiagnosticSink& diags, std::string message) {
  diags.Emit(diag::DiagKind::kBadOption, "", base::LineCol{}, message);
  return 2;
}

}  // namespace

int Inspect(const InspectOptions& options,
            diag::DiagnosticSink& diags,
            std::ostream& out,
            std::istream& in) {
  if (options.inputs.empty()) {
    return Usage(diags, "inspect needs at least one input file (or '-')");
  }
  if (!options.dump_cfg.empty() && !options.function.empty()) {
    return Usage(diags, "--dump-cfg and --function cannot be used together");
  }
  if (!options.dump_cfg.empty() && options.format == InspectFormat::kJson) {
    return Usage(diags, "--dump-cfg prints Graphviz dot, not JSON");
  }
  size_t stdin_count = 0;
  for (const std::string& input : options.inputs) {
    stdin_count += input == "-" ? 1 : 0;
  }
  if (stdin_count > 1) {
    return Usage(diags, "'-' (standard input) can be given only once");
  }
  const std::string& wanted =
      options.dump_cfg.empty() ? options.function : options.dump_cfg;
  const char* flag = options.dump_cfg.empty() ? "--function" : "--dump-cfg";

  std::vector<std::string> reports;  // per parsed file, in input order
  Json files = Json::array();
  std::vector<std::string> all_names;  // for the did-you-mean
  bool any_parsed = false;
  bool found = wanted.empty();
  base::RunOnLargeStack([&] {
    for (const std::string& input : options.inputs) {
      std::string display = input == "-" ? std::string("<stdin>") : input;
      std::string bytes;
      if (input == "-") {
        std::ostringstream ss;
        ss << in.rdbuf();
        bytes = std::move(ss).str();
      } else if (std::string error; !ReadFile(input, &bytes, &error)) {
        diags.Emit(diag::DiagKind::kCannotRead, display, base::LineCol{},
                   error);
        continue;
      }
      if (!DecodeToUtf8(display, bytes, diags)) {
        continue;
      }
      InspectedFile file(display, std::move(bytes));
      if (!file.Parse(diags, options.target_version)) {
        continue;
      }
      any_parsed = true;
      std::vector<bool> selected(file.scopes().size(), wanted.empty());
      for (size_t i = 0; i < file.scopes().size(); ++i) {
        all_names.push_back(file.scopes()[i].name);
        if (!wanted.empty() && file.scopes()[i].name == wanted) {
          selected[i] = true;
          found = true;
        }
      }
      if (!options.dump_cfg.empty()) {
        reports.push_back(file.Dot(selected));
      } else if (options.format == InspectFormat::kJson) {
        files.push_back(file.ToJson(selected));
      } else if (wanted.empty() || std::find(selected.begin(), selected.end(),
                                             true) != selected.end()) {
        reports.push_back(file.Text(selected, wanted));
      }
    }
  });
  if (any_parsed && !found) {
    // Prefer a definition whose last component is the name given
    // (`fit` -> `Model.fit`), else the closest spelling.
    std::string_view hint;
    for (const std::string& name : all_names) {
      size_t dot = name.rfind('.');
      if (dot != std::string::npos && name.substr(dot + 1) == wanted) {
        hint = name;
        break;
      }
    }
    if (hint.empty()) {
      std::vector<std::string_view> candidates(all_names.begin(),
                                               all_names.end());
      hint = base::ClosestName(candidates, wanted);
    }
    std::string where = options.inputs.size() != 1 ? "any input"
                        : options.inputs[0] == "-" ? "<stdin>"
                                                   : options.inputs[0];
    diags.Emit(
        diag::DiagKind::kBadOption, "", base::LineCol{},
        fmt::format("{}: no function or class named '{}' in {}{}", flag, wanted,
                    where,
                    hint.empty() ? std::string()
                                 : fmt::format(" (did you mean '{}'?)", hint)));
    return diag::ExitCodeFor(diags.Sorted());
  }
  if (options.dump_cfg.empty() && options.format == InspectFormat::kJson) {
    Json doc;
    doc["version"] = kInspectJsonVersion;
    doc["files"] = std::move(files);
    // Invalid UTF-8 (a path of bytes) is replaced, never an exception.
    out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
  } else {
    for (size_t i = 0; i < reports.size(); ++i) {
      if (i > 0 && options.dump_cfg.empty()) {
        out << '\n';
      }
      out << reports[i];
    }
  }
  out.flush();
  return diag::ExitCodeFor(diags.Sorted());
}

}  // namespace agc::driver
