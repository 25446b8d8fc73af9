#!/usr/bin/env bash
# Prints the path of a CPython X.Y interpreter (scripts/python_versions.txt
# lists the ones agc is tested on), or says on stderr how to get it and exits 1.
#   scripts/find_python.sh 3.13
# Looked for, in this order: $AGC_PYTHON_3_13 (the same name as CMake's cache
# variable), `python3.13` on PATH, then pyenv's installed versions (the newest
# 3.13.x). Each candidate is run, so a pyenv shim for a version that is not
# active, or a python3.13 that is another version, does not count.
set -uo pipefail
want="${1:?usage: find_python.sh X.Y}"
var="AGC_PYTHON_${want//./_}"
# Prints the interpreter's own path (sys.executable: a shim resolves to the
# interpreter it runs) when it is CPython $want.
check() {
  [ -n "$1" ] && [ -x "$1" ] || return 1
  "$1" -c 'import sys, platform
ok = "%d.%d" % sys.version_info[:2] == sys.argv[1] and \
    platform.python_implementation() == "CPython"
print(sys.executable) if ok else sys.exit(1)' "$want" 2>/dev/null
}
candidates=()
[ -n "${!var:-}" ] && candidates+=("${!var}")
p="$(command -v "python$want" 2>/dev/null)" && candidates+=("$p")
pyenv_root=""
if command -v pyenv >/dev/null 2>&1; then
  pyenv_root="$(pyenv root 2>/dev/null)"
fi
pyenv_root="${pyenv_root:-${PYENV_ROOT:-$HOME/.pyenv}}"
if [ -d "$pyenv_root/versions" ]; then
  # Newest patch release first (3.13.10 before 3.13.9).
  while read -r v; do
    candidates+=("$pyenv_root/versions/$v/bin/python$want")
  done < <(ls "$pyenv_root/versions" | grep -E "^${want//./\\.}\.[0-9]+$" |
           sort -t. -k3,3nr)
fi
for c in "${candidates[@]}"; do
  if check "$c"; then
    exit 0
  fi
done
{
  echo "find_python.sh: CPython $want not found (looked at \$$var, python$want" \
       "on PATH, and pyenv's versions in $pyenv_root/versions)."
  if command -v pyenv >/dev/null 2>&1; then
    echo "  Install it with: pyenv install $want   (e.g. pyenv install" \
         "$(pyenv install --list 2>/dev/null | grep -E "^ *${want//./\\.}\.[0-9]+$" | tail -1 | tr -d ' ' || echo "$want.0"))"
  else
    echo "  Install it (e.g. with pyenv: pyenv install $want, or your" \
         "distribution's python$want package), or set $var to its path."
  fi
} >&2
exit 1
