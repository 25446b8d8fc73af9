// The control-flow graph as Graphviz dot (`agc inspect --dump-cfg`) and the
// one-line labels of its nodes: how a Cfg of cfg.h is shown, apart from how
// it is built (cfg.cpp).
#include <fmt/core.h>

#include <string>
#include <string_view>

#include "lib/analysis/cfg.h"

namespace agc::analysis {

namespace {

std::string_view FirstLine(std::string_view text) {
  size_t nl = text.find_first_of("\r\n");
  if (nl != std::string_view::npos) {
    text = text.substr(0, nl);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

std::string TextOf(const ast::Node& node, const ast::Module& module) {
  std::string_view text = FirstLine(module.TextOf(node));
  if (text.empty()) {
    return std::string(ast::PythonKindName(node.kind));
  }
  return std::string(text);
}

std::string ScopeName(const ast::Node* scope) {
  if (scope == nullptr) {
    return "<module>";
  }
  if (const auto* f = scope->As<ast::FunctionDef>()) {
    return std::string(f->name);
  }
  if (const auto* f = scope->As<ast::AsyncFunctionDef>()) {
    return std::string(f->name);
  }
  return std::string(scope->Cast<ast::ClassDef>().name);
}

std::string DotEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string NodeLabel(const Cfg& cfg, CfgNodeId n, const ast::Module& module) {
  const ast::Node* node = cfg.ast(n);
  switch (cfg.kind(n)) {
    case CfgNodeKind::kEntry:
      return "entry";
    case CfgNodeKind::kExit:
      return "exit";
    case CfgNodeKind::kRaiseExit:
      return "raise";
    case CfgNodeKind::kStmt:
    case CfgNodeKind::kHeader:
      return fmt::format("{}: {}", node->origin.line, TextOf(*node, module));
    case CfgNodeKind::kBind: {
      if (const auto* h = node->As<ast::ExceptHandler>()) {
        return fmt::format("{}: (bind) {}", node->origin.line, h->name);
      }
      const ast::Node* target = nullptr;
      if (const auto* f = node->As<ast::For>()) {
        target = f->target;
      } else if (const auto* f = node->As<ast::AsyncFor>()) {
        target = f->target;
      } else {
        target = node->Cast<ast::MatchCase>().pattern;
      }
      return fmt::format("{}: (bind) {}", node->origin.line,
                         TextOf(*target, module));
    }
    case CfgNodeKind::kCaseGuard:
      return fmt::format("{}: (guard) {}", node->origin.line,
                         TextOf(*node->Cast<ast::MatchCase>().guard, module));
    case CfgNodeKind::kHandlerEnd:
      return fmt::format("{}: (end of except) del {}", node->origin.line,
                         node->Cast<ast::ExceptHandler>().name);
    case CfgNodeKind::kFinallyEnd:
      return fmt::format("{}: (end of finally)", node->origin.line);
  }
  return "?";
}

std::string ToDot(const Cfg& cfg, const ast::Module& module) {
  std::string out;
  out += fmt::format("digraph \"{}\" {{\n", DotEscape(ScopeName(cfg.scope())));
  out += "  node [shape=box, fontname=\"monospace\"];\n";
  for (CfgNodeId n = 0; n < cfg.size(); ++n) {
    CfgNodeKind kind = cfg.kind(n);
    const char* shape = "";
    if (kind == CfgNodeKind::kEntry || kind == CfgNodeKind::kExit ||
        kind == CfgNodeKind::kRaiseExit) {
      shape = ", shape=oval";
    } else if (kind != CfgNodeKind::kStmt && kind != CfgNodeKind::kHeader) {
      shape = ", style=dashed";
    }
    out += fmt::format("  n{} [label=\"{}\"{}];\n", n,
                       DotEscape(NodeLabel(cfg, n, module)), shape);
  }
  for (CfgNodeId n = 0; n < cfg.size(); ++n) {
    for (CfgNodeId s : cfg.successors(n)) {
      out += fmt::format("  n{} -> n{};\n", n, s);
    }
  }
  out += "}\n";
  return out;
}

}  // namespace agc::analysis
