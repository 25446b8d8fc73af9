#include "lib/syntax/grammar.h"

#include <cstring>
#include <string_view>

#include "lib/base/check.h"

namespace agc::syntax {
namespace {

struct NameSym {
  std::string_view name;
  Sym sym;
};

constexpr NameSym kNamed[] = {
#define AGC_TS_NAMED(e, name) {name, Sym::e},
#define AGC_TS_IGNORE(e, name)
    AGC_TS_SYMBOLS(AGC_TS_NAMED, AGC_TS_IGNORE)
#undef AGC_TS_NAMED
#undef AGC_TS_IGNORE
};

constexpr NameSym kTokens[] = {
#define AGC_TS_TOKEN(e, name) {name, Sym::e},
#define AGC_TS_IGNORE(e, name)
    AGC_TS_SYMBOLS(AGC_TS_IGNORE, AGC_TS_TOKEN)
#undef AGC_TS_TOKEN
#undef AGC_TS_IGNORE
};

}  // namespace

const Grammar& Grammar::Get() {
  static const Grammar* grammar = new Grammar();
  return *grammar;
}

Grammar::Grammar() : language_(tree_sitter_python()) {
  AGC_CHECK(language_ != nullptr);
  // Ids the language does not define (ERROR is 0xFFFF) are errors.
  table_.fill(Sym::kError);
  const uint32_t count = ts_language_symbol_count(language_);
  AGC_CHECK(count < table_.size());
  for (uint32_t id = 0; id < count; ++id) {
    const TSSymbol symbol = static_cast<TSSymbol>(id);
    const char* raw = ts_language_symbol_name(language_, symbol);
    const std::string_view name = raw == nullptr ? "" : raw;
    const TSSymbolType type = ts_language_symbol_type(language_, symbol);
    Sym sym = type == TSSymbolTypeAnonymous ? Sym::kOtherToken : Sym::kOther;
    if (type == TSSymbolTypeRegular) {
      for (const NameSym& entry : kNamed) {
        if (entry.name == name) {
          sym = entry.sym;
          break;
        }
      }
    } else if (type == TSSymbolTypeAnonymous) {
      for (const NameSym& entry : kTokens) {
        if (entry.name == name) {
          sym = entry.sym;
          break;
        }
      }
    }
    table_[symbol] = sym;
  }
#define AGC_TS_FIELD_INIT(member, name)                                  \
  fields_.member =                                                       \
      ts_language_field_id_for_name(language_, name, std::strlen(name)); \
  AGC_CHECK_MSG(fields_.member != 0, "tree-sitter-python lacks field " name);
  AGC_TS_FIELDS(AGC_TS_FIELD_INIT)
#undef AGC_TS_FIELD_INIT
  // Every category the lowering switches on must exist in the grammar; a
  // grammar upgrade that renames a node fails here, loudly.
  for (const NameSym& entry : kNamed) {
    bool found = false;
    for (uint32_t id = 0; id < count && !found; ++id) {
      found = table_[id] == entry.sym;
    }
    AGC_CHECK_MSG(found, "tree-sitter-python lacks a node kind agc needs");
  }
  for (const NameSym& entry : kTokens) {
    bool found = false;
    for (uint32_t id = 0; id < count && !found; ++id) {
      found = table_[id] == entry.sym;
    }
    AGC_CHECK_MSG(found, "tree-sitter-python lacks a token agc needs");
  }
}

ParserPtr NewParser() {
  ParserPtr parser(ts_parser_new());
  AGC_CHECK(parser != nullptr);
  AGC_CHECK_MSG(ts_parser_set_language(parser.get(), Grammar::Get().language()),
                "tree-sitter runtime cannot load the Python grammar (ABI)");
  return parser;
}

TSParser* ThreadParser() {
  thread_local ParserPtr parser = NewParser();
  return parser.get();
}

TreePtr ParseTree(TSParser* parser, std::string_view bytes) {
  // Setting the language again recreates the external scanner:
  // tree-sitter-python 0.23.6's scanner keeps its "inside an f-string" flag
  // across parses (its deserialize does not reset it), so a file that ends
  // inside an f-string would change how the next file on this parser lexes.
  AGC_CHECK(ts_parser_set_language(parser, Grammar::Get().language()));
  return TreePtr(ts_parser_parse_string(parser, nullptr, bytes.data(),
                                        static_cast<uint32_t>(bytes.size())));
}

TreePtr ParseTree(std::string_view bytes) {
  return ParseTree(ThreadParser(), bytes);
}

}  // namespace agc::syntax
