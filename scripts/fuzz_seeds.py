#!/usr/bin/env python3
"""Seeds for a fuzz target (scripts/fuzz.sh), written to OUT:

- parse, convert, lint: every .py under testdata/ no longer than --max-len,
  and the functions and methods of the local CPython standard library, each
  cut to its own source (dedented), no longer than --max-len; a fixed sample
  (every --every-th function) so the corpus stays small enough to load fast;
- remap: cmd/agc_fuzz/seeds/remap/ and the source maps under testdata/.

--sample K keeps every K-th Python seed (scripts/fuzz.sh --smoke).

Run: fuzz_seeds.py TARGET OUT [--max-len N] [--every K] [--sample K]
"""
import argparse
import ast
import shutil
import sysconfig
import textwrap
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stdlib_functions(max_len, every):
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    n = 0
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(text)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        lines = text.splitlines(keepends=True)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            src = textwrap.dedent("".join(lines[first - 1:node.end_lineno]))
            if len(src.encode()) > max_len:
                continue
            n += 1
            if n % every == 0:
                yield f"{path.stem}_{node.name}_{node.lineno}.py", src


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", choices=["parse", "convert", "lint", "remap"])
    ap.add_argument("out")
    ap.add_argument("--max-len", type=int, default=4096)
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--sample", type=int, default=1)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    seen = count = 0

    def keep() -> bool:
        nonlocal seen
        seen += 1
        return (seen - 1) % args.sample == 0

    if args.target == "remap":
        sources = sorted((ROOT / "cmd" / "agc_fuzz" / "seeds" / "remap")
                         .iterdir())
        sources += sorted((ROOT / "testdata").rglob("*.map.json"))
        for i, f in enumerate(sources):
            if f.stat().st_size <= args.max_len:
                shutil.copy(f, out / f"r{i}_{f.name}")
                count += 1
    else:
        for i, f in enumerate(sorted((ROOT / "testdata").rglob("*.py"))):
            if f.stat().st_size <= args.max_len and keep():
                shutil.copy(f, out / f"t{i}.py")
                count += 1
        for name, src in stdlib_functions(args.max_len, args.every):
            if keep():
                (out / f"s_{name}").write_text(src, encoding="utf-8")
                count += 1
    print(f"fuzz_seeds: {count} seeds for {args.target} in {out}")


if __name__ == "__main__":
    main()
