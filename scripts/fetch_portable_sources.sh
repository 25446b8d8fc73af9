#!/usr/bin/env bash
# Fetches the sources of the portable build (scripts/portable_sources.txt)
# into third_party/portable/ (git-ignored):
#   include/       the header-only libraries (CLI11, nlohmann/json, spdlog,
#                  fmt, toml++, dtl), as Debian's -dev packages install them
#   tree-sitter/   tree-sitter's runtime: lib/src (lib.c and what it
#                  includes), lib/include, LICENSE
#   mimalloc/      mimalloc's include/, src/, LICENSE
#   licenses/      the copyright file of each Debian package
#   .agc-pins      the pins it was made from: unchanged pins, nothing to do
# Downloads go through the registries' own clients, into a per-user cache
# (~/.cache/agc/portable): pip for PyPI (hash-checked, --require-hashes),
# apt-get with a private package list (Debian 12 "bookworm", binary and
# source) for Debian; every file is checked against its pinned SHA-256.
# Needs pip (any Python 3.11+) and apt-get (Debian); run by
# `scripts/setup.sh --wheels`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PINS="$ROOT/scripts/portable_sources.txt"
DEST="$ROOT/third_party/portable"
CACHE="${AGC_PORTABLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agc/portable}"
PYTHON="${PYTHON:-python3}"

if [ -f "$DEST/.agc-pins" ] && cmp -s "$PINS" "$DEST/.agc-pins"; then
  exit 0
fi
mkdir -p "$CACHE/files"

check_sha() {  # file sha256
  local have
  have="$(sha256sum "$1" | cut -d' ' -f1)"
  if [ "$have" != "$2" ]; then
    echo "fetch_portable_sources: $1: SHA-256 $have, pinned $2" >&2
    return 1
  fi
}

# apt-get on a private list of Debian 12's packages (binary and source), so
# neither the machine's sources.list nor its package state matter.
APT_DIR="$CACHE/apt"
APT_OPTS=(-o "Dir::Etc::SourceList=$APT_DIR/sources.list"
          -o "Dir::Etc::SourceParts=/dev/null"
          -o "Dir::State::Lists=$APT_DIR/lists"
          -o "Dir::Cache=$APT_DIR/cache"
          -o "APT::Architecture=amd64"
          -o "APT::Sandbox::User=root")
apt_ready=0
apt_prepare() {
  [ "$apt_ready" = 1 ] && return
  mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"
  local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  cat >"$APT_DIR/sources.list" <<EOF
deb [signed-by=$keyring] http://deb.debian.org/debian bookworm main
deb-src [signed-by=$keyring] http://deb.debian.org/debian bookworm main
EOF
  apt-get "${APT_OPTS[@]}" -qq update >&2
  apt_ready=1
}

stage="$DEST.fetch"
rm -rf "$stage"
mkdir -p "$stage/include" "$stage/licenses"

while read -r registry name version sha; do
  case "$registry" in ''|'#'*) continue ;; esac
  case "$registry" in
    pypi)
      file="$(ls "$CACHE/files/" 2>/dev/null |
              grep -iE "^${name//-/[-_]}-${version}\.tar\.gz$" || true)"
      if [ -z "$file" ] || ! check_sha "$CACHE/files/$file" "$sha" 2>/dev/null
      then
        echo "fetch_portable_sources: $name $version (PyPI)" >&2
        req="$CACHE/files/$name.req"
        echo "$name==$version --hash=sha256:$sha" >"$req"
        "$PYTHON" -m pip download -q --disable-pip-version-check --no-deps \
          --no-binary :all: --require-hashes -r "$req" -d "$CACHE/files" >&2
        file="$(ls "$CACHE/files/" |
                grep -iE "^${name//-/[-_]}-${version}\.tar\.gz$")"
      fi
      check_sha "$CACHE/files/$file" "$sha"
      tmp="$stage/unpack-$name"
      mkdir -p "$tmp"
      tar -xzf "$CACHE/files/$file" -C "$tmp"
      core="$(echo "$tmp"/*/tree_sitter/core)"
      mkdir -p "$stage/tree-sitter"
      cp -r "$core/lib" "$stage/tree-sitter/lib"
      cp "$core/LICENSE" "$stage/tree-sitter/LICENSE" 2>/dev/null ||
        cp "$tmp"/*/LICENSE "$stage/tree-sitter/LICENSE"
      echo "$version" >"$stage/tree-sitter/.agc-version"
      rm -rf "$tmp"
      ;;
    debian)
      deb="$(ls "$CACHE/files/" 2>/dev/null |
             grep -E "^${name}_.*\.deb$" || true)"
      ok=0
      for d in $deb; do
        if check_sha "$CACHE/files/$d" "$sha" 2>/dev/null; then
          deb="$d"; ok=1; break
        fi
      done
      if [ "$ok" = 0 ]; then
        echo "fetch_portable_sources: $name $version (Debian)" >&2
        apt_prepare
        (cd "$CACHE/files" &&
         apt-get "${APT_OPTS[@]}" -qq download "$name=$version" >&2)
        deb="$(ls -t "$CACHE/files/" | grep -E "^${name}_.*\.deb$" | head -1)"
      fi
      check_sha "$CACHE/files/$deb" "$sha"
      tmp="$stage/unpack-$name"
      dpkg-deb -x "$CACHE/files/$deb" "$tmp"
      cp -r "$tmp/usr/include/." "$stage/include/"
      cp "$tmp/usr/share/doc/$name/copyright" "$stage/licenses/$name"
      if [ "$name" = libdtl-dev ]; then
        # dtl 1.20's Diff::enableTrivial is a const member function that
        # assigns a member: GCC accepts it while the template is not
        # instantiated, Clang (Zig's) rejects it. agc never calls it.
        sed -i 's/void enableTrivial () const {/void enableTrivial () {/' \
          "$stage/include/dtl/Diff.hpp"
        grep -q 'void enableTrivial () {' "$stage/include/dtl/Diff.hpp"
      fi
      rm -rf "$tmp"
      ;;
    debian-source)
      orig="$(ls "$CACHE/files/" 2>/dev/null |
              grep -E "^${name}_.*\.orig\.tar\.[a-z]+$" || true)"
      ok=0
      for o in $orig; do
        if check_sha "$CACHE/files/$o" "$sha" 2>/dev/null; then
          orig="$o"; ok=1; break
        fi
      done
      if [ "$ok" = 0 ]; then
        echo "fetch_portable_sources: $name $version (Debian source)" >&2
        apt_prepare
        (cd "$CACHE/files" &&
         apt-get "${APT_OPTS[@]}" -qq source --download-only \
           "$name=$version" >&2)
        orig="$(ls -t "$CACHE/files/" |
                grep -E "^${name}_.*\.orig\.tar\.[a-z]+$" | head -1)"
      fi
      check_sha "$CACHE/files/$orig" "$sha"
      tmp="$stage/unpack-$name"
      mkdir -p "$tmp"
      tar -xf "$CACHE/files/$orig" -C "$tmp"
      mkdir -p "$stage/$name"
      for part in include src LICENSE; do
        cp -r "$tmp"/*/"$part" "$stage/$name/"
      done
      echo "$version" >"$stage/$name/.agc-version"
      rm -rf "$tmp"
      ;;
    *)
      echo "fetch_portable_sources: unknown registry '$registry'" >&2
      exit 2
      ;;
  esac
done <"$PINS"

cp "$PINS" "$stage/.agc-pins"
rm -rf "$DEST"
mv "$stage" "$DEST"
echo "fetch_portable_sources: $DEST ready" >&2
