// The structure-aware mutator of the Python targets (see mutator.h).
#include "cmd/agc_fuzz/mutator.h"

#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace agc::fuzz {

namespace {

// --- the statement pool of the structured mutator -------------------------

std::vector<std::string>& Pool() {
  static std::vector<std::string> pool;
  return pool;
}

size_t IndentOf(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') {
    ++i;
  }
  return i;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

bool Blank(std::string_view line) {
  size_t i = IndentOf(line);
  return i == line.size() || line[i] == '\n' || line[i] == '#';
}

// A statement starting at `i`: the line and the more-indented lines after it,
// dedented to column 0.
std::string StatementAt(const std::vector<std::string_view>& lines, size_t i) {
  const size_t indent = IndentOf(lines[i]);
  std::string out(lines[i].substr(indent));
  for (size_t j = i + 1; j < lines.size(); ++j) {
    if (!Blank(lines[j]) && IndentOf(lines[j]) <= indent) {
      break;
    }
    out += IndentOf(lines[j]) >= indent ? lines[j].substr(indent) : lines[j];
  }
  if (!out.empty() && out.back() != '\n') {
    out += '\n';
  }
  return out;
}

// Keeps up to kPoolSize statements of inputs that parsed (a reservoir).
}  // namespace

void Harvest(std::string_view text, std::mt19937& rng) {
  constexpr size_t kPoolSize = 20000;
  constexpr size_t kMaxStatement = 4000;
  static size_t seen = 0;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (Blank(lines[i]) || lines[i].find('\r') != std::string_view::npos) {
      continue;
    }
    std::string s = StatementAt(lines, i);
    if (s.size() > kMaxStatement) {
      continue;
    }
    ++seen;
    auto& pool = Pool();
    if (pool.size() < kPoolSize) {
      pool.push_back(std::move(s));
    } else if (size_t k = rng() % seen; k < kPoolSize) {
      pool[k] = std::move(s);
    }
  }
}

namespace {

std::string Indent(std::string_view text, size_t n) {
  std::string out;
  for (std::string_view line : SplitLines(text)) {
    if (!Blank(line)) {
      out.append(n, ' ');
    }
    out += line;
  }
  return out;
}

const char* const kHeaders[] = {
    "if x:\n",
    "if x > 0:\n",
    "while n > 0:\n",
    "for i in range(n):\n",
    "for a, b in items:\n",
    "with ctx as c:\n",
    "try:\n",
    "def g(x, n=1):\n",
    "else:\n",
    "elif y:\n",
    "except E as e:\n",
    "finally:\n",
};

std::string MutateStructured(std::string_view in, std::mt19937& rng) {
  auto lines = SplitLines(in);
  auto pick = [&](size_t n) { return n == 0 ? 0 : rng() % n; };
  std::string out;
  switch (rng() % 5) {
    case 0:
    case 1: {
      // Insert a pooled statement before a line, at that line's indentation.
      if (Pool().empty()) {
        return std::string(in);
      }
      const std::string& s = Pool()[pick(Pool().size())];
      size_t at = pick(lines.size() + 1);
      size_t indent = at < lines.size() ? IndentOf(lines[at]) : 0;
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i == at) {
          out += Indent(s, indent);
        }
        out += lines[i];
      }
      if (at == lines.size()) {
        out += s;
      }
      return out;
    }
    case 2: {
      // Wrap a statement in a header (if/while/for/try/def...).
      if (lines.empty()) {
        return std::string(in);
      }
      size_t at = pick(lines.size());
      if (Blank(lines[at])) {
        return std::string(in);
      }
      std::string s = StatementAt(lines, at);
      size_t end = at + SplitLines(s).size();
      size_t indent = IndentOf(lines[at]);
      for (size_t i = 0; i < at; ++i) {
        out += lines[i];
      }
      out += Indent(kHeaders[pick(std::size(kHeaders))], indent);
      out += Indent(s, indent + 4);
      for (size_t i = end; i < lines.size(); ++i) {
        out += lines[i];
      }
      return out;
    }
    case 3: {
      // The whole input becomes a function body (so the passes convert it).
      out = "def f(x, n, items):\n";
      out += Indent(in, 4);
      if (!out.empty() && out.back() != '\n') {
        out += '\n';
      }
      out += "    return x\n";
      return out;
    }
    default: {
      // Delete a statement.
      if (lines.empty()) {
        return std::string(in);
      }
      size_t at = pick(lines.size());
      size_t end = at + 1;
      if (!Blank(lines[at])) {
        end = at + SplitLines(StatementAt(lines, at)).size();
      }
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i < at || i >= end) {
          out += lines[i];
        }
      }
      return out;
    }
  }
}

}  // namespace

size_t MutatePython(uint8_t* data,
                    size_t size,
                    size_t max_size,
                    unsigned int seed) {
  std::mt19937 rng(seed);
  if (rng() % 2 == 0) {
    return LLVMFuzzerMutate(data, size, max_size);
  }
  std::string out = MutateStructured(
      std::string_view(reinterpret_cast<const char*>(data), size), rng);
  if (out.size() > max_size) {
    return LLVMFuzzerMutate(data, size, max_size);
  }
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

}  // namespace agc::fuzz
