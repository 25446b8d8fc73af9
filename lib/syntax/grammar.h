// The tree-sitter-python grammar as agc sees it: RAII owners for the parser
// and the tree, and the grammar's symbol and field ids resolved once.
//
// tree-sitter-python gives several symbol ids the same visible name (aliases
// such as keyword_identifier -> identifier, lambda_within_for_in_clause ->
// lambda, the two `block`s, ...). Instead of trusting one id per name, the
// table below maps EVERY symbol id of the language to a category by its
// visible name and kind (named node or anonymous token), so the lowering
// switches on a small enum and never compares strings.
#pragma once

#include <tree_sitter/api.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>

extern "C" const TSLanguage* tree_sitter_python();

namespace agc::syntax {

// Categories of grammar symbols. Named nodes first, then anonymous tokens.
#define AGC_TS_SYMBOLS(NAMED, TOKEN)                          \
  NAMED(kModule, "module")                                    \
  NAMED(kBlock, "block")                                      \
  NAMED(kComment, "comment")                                  \
  NAMED(kLineContinuation, "line_continuation")               \
  NAMED(kExpressionStatement, "expression_statement")         \
  NAMED(kImportStatement, "import_statement")                 \
  NAMED(kImportFromStatement, "import_from_statement")        \
  NAMED(kFutureImportStatement, "future_import_statement")    \
  NAMED(kAliasedImport, "aliased_import")                     \
  NAMED(kDottedName, "dotted_name")                           \
  NAMED(kRelativeImport, "relative_import")                   \
  NAMED(kImportPrefix, "import_prefix")                       \
  NAMED(kWildcardImport, "wildcard_import")                   \
  NAMED(kPrintStatement, "print_statement")                   \
  NAMED(kExecStatement, "exec_statement")                     \
  NAMED(kAssertStatement, "assert_statement")                 \
  NAMED(kReturnStatement, "return_statement")                 \
  NAMED(kDeleteStatement, "delete_statement")                 \
  NAMED(kRaiseStatement, "raise_statement")                   \
  NAMED(kPassStatement, "pass_statement")                     \
  NAMED(kBreakStatement, "break_statement")                   \
  NAMED(kContinueStatement, "continue_statement")             \
  NAMED(kGlobalStatement, "global_statement")                 \
  NAMED(kNonlocalStatement, "nonlocal_statement")             \
  NAMED(kIfStatement, "if_statement")                         \
  NAMED(kElifClause, "elif_clause")                           \
  NAMED(kElseClause, "else_clause")                           \
  NAMED(kForStatement, "for_statement")                       \
  NAMED(kWhileStatement, "while_statement")                   \
  NAMED(kTryStatement, "try_statement")                       \
  NAMED(kExceptClause, "except_clause")                       \
  NAMED(kExceptGroupClause, "except_group_clause")            \
  NAMED(kFinallyClause, "finally_clause")                     \
  NAMED(kWithStatement, "with_statement")                     \
  NAMED(kWithClause, "with_clause")                           \
  NAMED(kWithItem, "with_item")                               \
  NAMED(kFunctionDefinition, "function_definition")           \
  NAMED(kClassDefinition, "class_definition")                 \
  NAMED(kDecoratedDefinition, "decorated_definition")         \
  NAMED(kDecorator, "decorator")                              \
  NAMED(kMatchStatement, "match_statement")                   \
  NAMED(kCaseClause, "case_clause")                           \
  NAMED(kTypeAliasStatement, "type_alias_statement")          \
  NAMED(kTypeParameter, "type_parameter")                     \
  NAMED(kParameters, "parameters")                            \
  NAMED(kLambdaParameters, "lambda_parameters")               \
  NAMED(kDefaultParameter, "default_parameter")               \
  NAMED(kTypedParameter, "typed_parameter")                   \
  NAMED(kTypedDefaultParameter, "typed_default_parameter")    \
  NAMED(kListSplatPattern, "list_splat_pattern")              \
  NAMED(kDictionarySplatPattern, "dictionary_splat_pattern")  \
  NAMED(kPositionalSeparator, "positional_separator")         \
  NAMED(kKeywordSeparator, "keyword_separator")               \
  NAMED(kIdentifier, "identifier")                            \
  NAMED(kInteger, "integer")                                  \
  NAMED(kFloat, "float")                                      \
  NAMED(kTrue, "true")                                        \
  NAMED(kFalse, "false")                                      \
  NAMED(kNone, "none")                                        \
  NAMED(kEllipsis, "ellipsis")                                \
  NAMED(kString, "string")                                    \
  NAMED(kConcatenatedString, "concatenated_string")           \
  NAMED(kStringStart, "string_start")                         \
  NAMED(kInterpolation, "interpolation")                      \
  NAMED(kFormatExpression, "format_expression")               \
  NAMED(kFormatSpecifier, "format_specifier")                 \
  NAMED(kTypeConversion, "type_conversion")                   \
  NAMED(kParenthesizedExpression, "parenthesized_expression") \
  NAMED(kTuple, "tuple")                                      \
  NAMED(kList, "list")                                        \
  NAMED(kSet, "set")                                          \
  NAMED(kDictionary, "dictionary")                            \
  NAMED(kPair, "pair")                                        \
  NAMED(kDictionarySplat, "dictionary_splat")                 \
  NAMED(kListSplat, "list_splat")                             \
  NAMED(kParenthesizedListSplat, "parenthesized_list_splat")  \
  NAMED(kListComprehension, "list_comprehension")             \
  NAMED(kSetComprehension, "set_comprehension")               \
  NAMED(kDictionaryComprehension, "dictionary_comprehension") \
  NAMED(kGeneratorExpression, "generator_expression")         \
  NAMED(kForInClause, "for_in_clause")                        \
  NAMED(kIfClause, "if_clause")                               \
  NAMED(kCall, "call")                                        \
  NAMED(kArgumentList, "argument_list")                       \
  NAMED(kKeywordArgument, "keyword_argument")                 \
  NAMED(kAttribute, "attribute")                              \
  NAMED(kSubscript, "subscript")                              \
  NAMED(kSlice, "slice")                                      \
  NAMED(kBinaryOperator, "binary_operator")                   \
  NAMED(kUnaryOperator, "unary_operator")                     \
  NAMED(kNotOperator, "not_operator")                         \
  NAMED(kBooleanOperator, "boolean_operator")                 \
  NAMED(kComparisonOperator, "comparison_operator")           \
  NAMED(kConditionalExpression, "conditional_expression")     \
  NAMED(kLambda, "lambda")                                    \
  NAMED(kNamedExpression, "named_expression")                 \
  NAMED(kAwait, "await")                                      \
  NAMED(kYield, "yield")                                      \
  NAMED(kExpressionList, "expression_list")                   \
  NAMED(kAssignment, "assignment")                            \
  NAMED(kAugmentedAssignment, "augmented_assignment")         \
  NAMED(kPatternList, "pattern_list")                         \
  NAMED(kTuplePattern, "tuple_pattern")                       \
  NAMED(kListPattern, "list_pattern")                         \
  NAMED(kAsPattern, "as_pattern")                             \
  NAMED(kAsPatternTarget, "as_pattern_target")                \
  NAMED(kType, "type")                                        \
  NAMED(kGenericType, "generic_type")                         \
  NAMED(kUnionType, "union_type")                             \
  NAMED(kConstrainedType, "constrained_type")                 \
  NAMED(kMemberType, "member_type")                           \
  NAMED(kSplatType, "splat_type")                             \
  NAMED(kChevron, "chevron")                                  \
  NAMED(kCasePattern, "case_pattern")                         \
  NAMED(kUnionPattern, "union_pattern")                       \
  NAMED(kDictPattern, "dict_pattern")                         \
  NAMED(kKeywordPattern, "keyword_pattern")                   \
  NAMED(kSplatPattern, "splat_pattern")                       \
  NAMED(kClassPattern, "class_pattern")                       \
  NAMED(kComplexPattern, "complex_pattern")                   \
  TOKEN(kTokComma, ",")                                       \
  TOKEN(kTokLParen, "(")                                      \
  TOKEN(kTokRParen, ")")                                      \
  TOKEN(kTokLBracket, "[")                                    \
  TOKEN(kTokRBracket, "]")                                    \
  TOKEN(kTokLBrace, "{")                                      \
  TOKEN(kTokRBrace, "}")                                      \
  TOKEN(kTokAsync, "async")                                   \
  TOKEN(kTokFrom, "from")                                     \
  TOKEN(kTokUnderscore, "_")                                  \
  TOKEN(kTokAssign, "=")                                      \
  TOKEN(kTokColon, ":")                                       \
  TOKEN(kTokDot, ".")                                         \
  TOKEN(kTokPlus, "+")                                        \
  TOKEN(kTokMinus, "-")                                       \
  TOKEN(kTokStar, "*")                                        \
  TOKEN(kTokAt, "@")                                          \
  TOKEN(kTokSlash, "/")                                       \
  TOKEN(kTokPercent, "%")                                     \
  TOKEN(kTokStarStar, "**")                                   \
  TOKEN(kTokLShift, "<<")                                     \
  TOKEN(kTokRShift, ">>")                                     \
  TOKEN(kTokPipe, "|")                                        \
  TOKEN(kTokCaret, "^")                                       \
  TOKEN(kTokAmp, "&")                                         \
  TOKEN(kTokSlashSlash, "//")                                 \
  TOKEN(kTokTilde, "~")                                       \
  TOKEN(kTokAnd, "and")                                       \
  TOKEN(kTokOr, "or")                                         \
  TOKEN(kTokEq, "==")                                         \
  TOKEN(kTokNotEq, "!=")                                      \
  TOKEN(kTokLt, "<")                                          \
  TOKEN(kTokLtE, "<=")                                        \
  TOKEN(kTokGt, ">")                                          \
  TOKEN(kTokGtE, ">=")                                        \
  TOKEN(kTokLtGt, "<>")                                       \
  TOKEN(kTokIs, "is")                                         \
  TOKEN(kTokIsNot, "is not")                                  \
  TOKEN(kTokIn, "in")                                         \
  TOKEN(kTokNotIn, "not in")                                  \
  TOKEN(kTokPlusAssign, "+=")                                 \
  TOKEN(kTokMinusAssign, "-=")                                \
  TOKEN(kTokStarAssign, "*=")                                 \
  TOKEN(kTokSlashAssign, "/=")                                \
  TOKEN(kTokAtAssign, "@=")                                   \
  TOKEN(kTokSlashSlashAssign, "//=")                          \
  TOKEN(kTokPercentAssign, "%=")                              \
  TOKEN(kTokStarStarAssign, "**=")                            \
  TOKEN(kTokRShiftAssign, ">>=")                              \
  TOKEN(kTokLShiftAssign, "<<=")                              \
  TOKEN(kTokAmpAssign, "&=")                                  \
  TOKEN(kTokCaretAssign, "^=")                                \
  TOKEN(kTokPipeAssign, "|=")

enum class Sym : uint8_t {
  kOther = 0,  // a named node the lowering does not know by category
  kError,      // ERROR nodes (and any id outside the language's range)
#define AGC_TS_ENUM(e, name) e,
#define AGC_TS_SKIP(e, name)
  AGC_TS_SYMBOLS(AGC_TS_ENUM, AGC_TS_SKIP)
  // Anonymous tokens (punctuation, keywords, operators) sort after this.
  kOtherToken,
  AGC_TS_SYMBOLS(AGC_TS_SKIP, AGC_TS_ENUM)
#undef AGC_TS_ENUM
#undef AGC_TS_SKIP
};

// Whether `sym` is an anonymous token rather than a named node.
inline bool IsToken(Sym sym) {
  return sym >= Sym::kOtherToken;
}

// Field names the lowering reads (most children are told apart by kind and
// order, which is cheaper than asking for a field).
#define AGC_TS_FIELDS(X)        \
  X(cause, "cause")             \
  X(left, "left")               \
  X(module_name, "module_name") \
  X(operator_, "operator")      \
  X(value, "value")

struct FieldIds {
#define AGC_TS_FIELD_MEMBER(member, name) TSFieldId member = 0;
  AGC_TS_FIELDS(AGC_TS_FIELD_MEMBER)
#undef AGC_TS_FIELD_MEMBER
};

// The ABI version of a grammar: ts_language_version in the runtimes of ABI
// 14 (Debian's 0.20.7), ts_language_abi_version from ABI 15 on (0.25 and
// later, the portable build's; 0.26 removed the old name).
inline uint32_t LanguageAbiVersion(const TSLanguage* language) {
#if TREE_SITTER_LANGUAGE_VERSION >= 15
  return ts_language_abi_version(language);
#else
  return ts_language_version(language);
#endif
}

// The grammar's ids, resolved once (thread-safe, at first use).
class Grammar {
 public:
  static const Grammar& Get();

  const TSLanguage* language() const { return language_; }

  Sym SymOf(TSSymbol symbol) const { return table_[symbol]; }

  Sym SymOf(TSNode node) const { return table_[ts_node_symbol(node)]; }

  // The category of a symbol id (ts_node_symbol's).
  Sym SymOfId(TSSymbol symbol) const { return table_[symbol]; }

  const FieldIds& fields() const { return fields_; }

 private:
  Grammar();

  const TSLanguage* language_;
  std::array<Sym, 65536> table_{};
  FieldIds fields_;
};

struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};

struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};

using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

// A cursor that is deleted with its scope. It must not outlive its tree.
class Cursor {
 public:
  explicit Cursor(TSNode node) : cursor_(ts_tree_cursor_new(node)) {}

  ~Cursor() { ts_tree_cursor_delete(&cursor_); }

  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;

  TSTreeCursor* get() { return &cursor_; }

 private:
  TSTreeCursor cursor_;
};

// A new parser with the Python grammar set.
ParserPtr NewParser();

// This thread's parser, created on first use with the Python grammar set.
TSParser* ThreadParser();

// Parses `bytes` (UTF-8) into a tree with `parser`; never null for inputs
// below 4 GiB.
TreePtr ParseTree(TSParser* parser, std::string_view bytes);

// The same with this thread's parser.
TreePtr ParseTree(std::string_view bytes);

}  // namespace agc::syntax
