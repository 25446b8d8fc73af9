#!/usr/bin/env python3
"""The PyTorch example (examples/torch), end to end, from a clean copy.

In a temporary copy of examples/torch (without its build folder):

- `make AGC=...` converts model.py (agc's default, functional form) into
  build/model.py with its source map; `make check` then passes;
- `make run-original` runs model.py eagerly, and torch.export of it fails
  (data-dependent control flow);
- `make run` exports the converted model (its graph holds cond and
  while_loop), saves and loads it, compiles it with fullgraph=True, and
  every one of those gives the original's eager results on both inputs
  (the early exit, steps 0, and the loop, steps > 0).

Run with the PyTorch environment:

    scripts/venv_python.sh --torch scripts/torch_example_test.py --agc build/agc

The last line is "N passed, M failed"; the exit status is 1 on any failure.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "torch"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--agc", default=str(ROOT / "build" / "agc"))
    options = parser.parse_args()
    options.agc = os.path.abspath(options.agc)
    results = {"passed": 0, "failed": 0}

    def check(ok, what, detail=""):
        results["passed" if ok else "failed"] += 1
        if not ok:
            print("FAIL %s %s" % (what, detail))

    env = dict(os.environ, PYTHON=sys.executable)
    env.pop("AGC_BACKEND", None)
    with tempfile.TemporaryDirectory(prefix="agc_torch_example_") as tmp:
        work = Path(tmp) / "torch"
        shutil.copytree(EXAMPLE, work, ignore=shutil.ignore_patterns(
            "build", "__pycache__"))
        common = ["make", "AGC=" + options.agc, "PYTHON=" + sys.executable,
                  "AGC_RUNTIME=" + str(ROOT / "runtime")]
        run = subprocess.run(common, cwd=work, env=env, capture_output=True,
                             text=True, timeout=600)
        check(run.returncode == 0, "make", run.stderr[-2000:])
        run = subprocess.run(common + ["check"], cwd=work, env=env,
                             capture_output=True, text=True, timeout=600)
        check(run.returncode == 0, "make check", run.stderr[-2000:])
        figures = {}
        for target, which in (("run-original", "original"),
                              ("run", "converted")):
            out = Path(tmp) / (which + ".json")
            run = subprocess.run(
                common + [target, "RUN_FLAGS=--json " + str(out)], cwd=work,
                env=env, capture_output=True, text=True, timeout=600)
            check(run.returncode == 0, "make " + target, run.stderr[-3000:])
            if run.returncode == 0:
                figures[which] = json.loads(out.read_text())
        original = figures.get("original")
        converted = figures.get("converted")
        if original and converted:
            check(original["export"] != "succeeded",
                  "torch.export of the original must fail")
            check(original["early"]["steps"] == 0 and
                  original["iterate"]["steps"] > 0,
                  "the inputs take both paths", str(original))
            check(converted["ops"] == ["cond", "while_loop"],
                  "exported graph holds cond and while_loop",
                  str(converted["ops"]))
            for label in ("early", "iterate"):
                for how in ("exported", "loaded", "compiled"):
                    got = converted["%s_%s" % (label, how)]
                    want = original[label]
                    check(got["steps"] == want["steps"] and all(
                        abs(a - b) <= 1e-5 * max(1.0, abs(b))
                        for a, b in zip(got["h"], want["h"])),
                        "%s %s" % (label, how), "%s != %s" % (got, want))
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
