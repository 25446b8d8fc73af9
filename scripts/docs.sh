#!/usr/bin/env bash
# Builds the documentation site (mkdocs.yml, the pages in docs/) into
# build/site/ with mkdocs and its Material theme, pinned in
# requirements-build.txt (.venv-build/, made by `scripts/setup.sh --venv`).
#
#   scripts/docs.sh           write the pages of the diagnostic codes from
#                             `agc explain` (scripts/docs_codes.py; the agc
#                             of build/, or $AGC), then build the site with
#                             warnings as errors (mkdocs build --strict: a
#                             broken link or anchor, a page missing from the
#                             navigation)
#   scripts/docs.sh --serve   the same, then serve it at
#                             http://127.0.0.1:8000, rebuilt on each change
#   scripts/docs.sh --check   build only (ctest docs_build): nothing is
#                             written under docs/ (ctest docs_codes checks
#                             the code pages against agc explain)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
AGC="${AGC:-$BUILD/agc}"
SITE="${AGC_DOCS_SITE:-$BUILD/site}"
MODE="${1:-build}"
case "$MODE" in
  build|--serve|--check) ;;
  *) echo "usage: scripts/docs.sh [--serve | --check]" >&2; exit 2 ;;
esac
PYTHON="$ROOT/.venv-build/bin/python"
if [ ! -x "$PYTHON" ] || [ ! -f "$ROOT/.venv-build/.agc-complete" ] ||
   ! "$PYTHON" -c 'import mkdocs, material' 2>/dev/null; then
  echo "docs.sh: mkdocs is missing from .venv-build/; run" \
       "scripts/setup.sh --venv" >&2
  exit 1
fi
cd "$ROOT"
if [ "$MODE" != --check ]; then
  if [ ! -x "$AGC" ]; then
    echo "docs.sh: no agc at $AGC (scripts/build.sh builds it; \$AGC names" \
         "another)" >&2
    exit 1
  fi
  python3 "$ROOT/scripts/docs_codes.py" --agc "$AGC"
fi
# (and without the Material theme's notice about its end of life)
export NO_MKDOCS_2_WARNING=1
"$PYTHON" -m mkdocs build --strict --quiet --site-dir "$SITE"
echo "docs.sh: the site is in $SITE (open $SITE/index.html)"
if [ "$MODE" = --serve ]; then
  exec "$PYTHON" -m mkdocs serve --strict --dev-addr 127.0.0.1:8000
fi
