#include "lib/lint/suppression.h"

#include <algorithm>
#include <cctype>

#include "lib/base/strings.h"

namespace agc::lint {

using base::Trim;

std::vector<Suppression> FindSuppressions(const ast::Module& module) {
  std::vector<Suppression> out;
  std::string_view bytes = module.source()->bytes();
  for (const ast::Comment& c : module.comments) {
    if (!c.span.valid()) {
      continue;
    }
    std::string_view text =
        bytes.substr(c.span.begin, c.span.end - c.span.begin);
    // `agc:` may follow other tools' markers in the same comment.
    size_t at = text.find("agc:");
    while (at != std::string_view::npos) {
      std::string_view rest = Trim(text.substr(at + 4));
      if (rest.rfind("ignore", 0) == 0) {
        rest.remove_prefix(6);
        Suppression s;
        s.pos = {c.origin.line, c.origin.col};
        bool ok = true;
        if (!rest.empty() && rest.front() == '[') {
          size_t close = rest.find(']');
          if (close == std::string_view::npos) {
            ok = false;
          } else {
            std::string_view list = rest.substr(1, close - 1);
            while (!list.empty()) {
              size_t comma = list.find(',');
              std::string_view code = Trim(list.substr(0, comma));
              if (!code.empty()) {
                s.codes.emplace_back(code);
              }
              list = comma == std::string_view::npos ? std::string_view()
                                                     : list.substr(comma + 1);
            }
          }
        } else if (!rest.empty() &&
                   !std::isspace(static_cast<unsigned char>(rest.front())) &&
                   rest.front() != '#') {
          ok = false;  // `ignored`, `ignore-this`: not ours
        }
        if (ok) {
          s.used.assign(std::max<size_t>(1, s.codes.size()), false);
          out.push_back(std::move(s));
          break;
        }
      }
      at = text.find("agc:", at + 4);
    }
  }
  return out;
}

void ApplySuppressions(std::vector<Suppression>& suppressions,
                       const std::string& path,
                       std::vector<diag::Diagnostic>& diags,
                       bool report_unused) {
  if (suppressions.empty()) {
    return;
  }
  std::vector<diag::Diagnostic> kept;
  for (diag::Diagnostic& d : diags) {
    bool suppressed = false;
    if (d.kind != diag::DiagKind::kUnusedSuppression &&
        !diag::IsUsageOrIo(d.kind) && d.pos.line > 0) {
      std::string code = diag::CodeString(d.code());
      for (Suppression& s : suppressions) {
        if (s.pos.line != d.pos.line) {
          continue;
        }
        if (s.codes.empty()) {
          s.used[0] = true;
          suppressed = true;
        }
        for (size_t i = 0; i < s.codes.size(); ++i) {
          if (s.codes[i] == code) {
            s.used[i] = true;
            suppressed = true;
          }
        }
      }
    }
    if (!suppressed) {
      kept.push_back(std::move(d));
    }
  }
  diags = std::move(kept);
  if (!report_unused) {
    return;
  }
  for (const Suppression& s : suppressions) {
    const diag::DiagKindInfo& info =
        diag::InfoOf(diag::DiagKind::kUnusedSuppression);
    auto report = [&](const std::string& what, const std::string& why) {
      diags.push_back(diag::Diagnostic{
          diag::DiagKind::kUnusedSuppression, info.severity, path, s.pos,
          fmt::format(fmt::runtime(info.format), what, why)});
    };
    if (s.codes.empty()) {
      if (!s.used[0]) {
        report("agc: ignore", "nothing to suppress on this line");
      }
      continue;
    }
    for (size_t i = 0; i < s.codes.size(); ++i) {
      if (s.used[i]) {
        continue;
      }
      if (diag::FindByCode(s.codes[i]) == nullptr ||
          s.codes[i].rfind("AGC", 0) != 0) {
        report(s.codes[i], "no diagnostic has this code");
      } else {
        report(s.codes[i],
               fmt::format("no {} finding on this line", s.codes[i]));
      }
    }
  }
}

}  // namespace agc::lint
