#!/usr/bin/env python3
"""transformers converted whole: small models and users' decoding loops
around them, exported, against the originals run eagerly.

Run with the PyTorch environment (transformers from
requirements-torch-models.txt):

    scripts/venv_python.sh --torch scripts/transformers_models.py \
        --agc build/agc [--all]

The installed transformers package is converted with `agc convert
--out-dir` (no flag) into a temporary copy, and so is
testdata/transformers/decoding.py (decoding loops as users write them).
In one process the originals run eagerly (the reference); in another the
converted package and loops, imported in their place:

- models (GPT-2, BERT, T5, Llama at small random configurations, no
  downloads; torch.manual_seed(0) before each is made): the converted
  model run eagerly equals the original; torch.export.export of it
  (non-strict, and strict) succeeds and its program's output equals the
  original's;
- decoding loops around GPT-2 (greedy until every row has emitted eos or
  the buffer is full, as a while and as a for with a break; top-k sampling
  with noise passed in and a repetition rule; functional writes): each
  converted loop exported (non-strict and strict), saved and loaded
  (torch.export.save/load), and compiled (torch.compile(fullgraph=True,
  backend="aot_eager")), each run on inputs whose rows stop at different
  steps (or never), equal to the original loop run eagerly.

Without --all (ctest, CI's time) a slice: GPT-2 and Llama (strict export
of GPT-2 only), and the greedy while loop (everything) and the sampling
loop (non-strict export and compile). Prints a line per check and
`N passed, M failed`; exits 1 on a failure.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from converted_package import convert_package, package_dir

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"
LOOPS = ROOT / "testdata" / "transformers" / "decoding.py"

CHILD = r'''
import json, os, sys, tempfile, time, traceback
import torch
import transformers as T

mode, loops_dir, out_path, everything = sys.argv[1:5]
everything = everything == "1"
sys.path.insert(0, loops_dir)
import decoding

g = torch.Generator().manual_seed(1)
IDS = torch.randint(2, 50, (2, 8), generator=g)
# Each case's rows stop at a different step: all at the first (the tiny
# random GPT-2 repeats its last token), one at the first and the other
# never, none.
CASES = [(torch.tensor([[5, 9], [11, 9]]), torch.tensor(9)),
         (torch.tensor([[5, 9], [11, 3]]), torch.tensor(3)),
         (torch.tensor([[5, 9], [11, 3]]), torch.tensor(49))]
NOISE = -torch.log(-torch.log(torch.rand(12, 2, 4, generator=g)))
COMMON = dict(vocab_size=50, use_cache=False, bos_token_id=0,
              eos_token_id=1, pad_token_id=0)


def build(name):
    torch.manual_seed(0)
    if name == "gpt2":
        return T.GPT2LMHeadModel(T.GPT2Config(
            n_layer=2, n_head=2, n_embd=32, n_positions=64, **COMMON))
    if name == "bert":
        return T.BertModel(T.BertConfig(
            num_hidden_layers=2, num_attention_heads=2, hidden_size=32,
            intermediate_size=64, max_position_embeddings=64, vocab_size=50,
            pad_token_id=0))
    if name == "t5":
        return T.T5ForConditionalGeneration(T.T5Config(
            num_layers=2, num_heads=2, d_model=32, d_kv=16, d_ff=64,
            vocab_size=50, decoder_start_token_id=0, use_cache=False,
            pad_token_id=0, eos_token_id=1))
    return T.LlamaForCausalLM(T.LlamaConfig(
        num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
        hidden_size=32, intermediate_size=64, max_position_embeddings=64,
        **COMMON))


class Forward(torch.nn.Module):
    def __init__(self, name):
        super().__init__()
        self.name = name
        self.m = build(name).eval()

    def forward(self, ids):
        if self.name == "t5":
            return self.m(input_ids=ids, decoder_input_ids=ids)[0]
        return self.m(input_ids=ids)[0]


MODELS = ["gpt2", "bert", "t5", "llama"] if everything else ["gpt2", "llama"]
LOOPS = [("Greedy", ("export", "strict", "saved", "compile")),
         ("GreedyFor", ("export", "strict", "saved", "compile")),
         ("Sample", ("export", "strict", "saved", "compile")),
         ("Functional", ("export", "strict", "saved", "compile"))]
if not everything:
    LOOPS = [("Greedy", ("export", "strict", "saved", "compile")),
             ("Sample", ("export", "compile"))]

results = {}
tensors = {}


def attempt(key, fn):
    start = time.perf_counter()
    try:
        value = fn()
        results[key] = {"ok": True, "s": time.perf_counter() - start}
        return value
    except Exception as e:  # noqa: BLE001
        text = "".join(traceback.format_exception_only(type(e), e)).strip()
        results[key] = {"ok": False, "error": text[-700:]}
        return None


for name in MODELS:
    model = Forward(name)
    with torch.no_grad():
        tensors[f"{name}/eager"] = model(IDS)
    if mode == "original":
        continue
    for kind, strict in (("export", False), ("strict", True)):
        if kind == "strict" and not everything and name != "gpt2":
            continue
        ep = attempt(f"{name}/{kind}",
                     lambda: torch.export.export(model, (IDS,), strict=strict))
        if ep is not None:
            tensors[f"{name}/{kind}"] = ep.module()(IDS)

torch.manual_seed(0)
lm = build("gpt2").eval()
for loop, checks in LOOPS:
    module = getattr(decoding, loop)(lm, 10)
    def args(case):
        return case + (NOISE,) if loop == "Sample" else case
    for i, case in enumerate(CASES):
        with torch.no_grad():
            tensors[f"{loop}/eager/{i}"] = module(*args(case))
    if mode == "original":
        continue
    programs = {}
    for kind in checks:
        if kind in ("export", "strict"):
            programs[kind] = attempt(f"{loop}/{kind}", lambda: torch.export.export(
                module, args(CASES[0]), strict=kind == "strict"))
        elif kind == "saved" and programs.get("export") is not None:
            def save_load():
                path = os.path.join(tempfile.mkdtemp(), "loop.pt2")
                torch.export.save(programs["export"], path)
                return torch.export.load(path)
            programs[kind] = attempt(f"{loop}/saved", save_load)
        elif kind == "compile":
            programs[kind] = torch.compile(module, fullgraph=True,
                                           backend="aot_eager")
    for kind, program in programs.items():
        if program is None:
            continue
        run = program if kind == "compile" else program.module()
        for i, case in enumerate(CASES):
            out = attempt(f"{loop}/{kind}/run{i}", lambda: run(*args(case)))
            if out is not None:
                tensors[f"{loop}/{kind}/{i}"] = out

torch.save(tensors, out_path + ".pt")
with open(out_path, "w") as f:
    json.dump({"results": results, "transformers": T.__file__}, f)
'''


def convert(agc, work):
    out = work / "converted"
    # A file agc cannot read stays as it is (reported): the copy must still
    # import.
    took, failed = convert_package(agc, package_dir("transformers"), out,
                                   "transformers_models",
                                   keep_unreadable=True)
    loops = work / "loops"
    loops.mkdir()
    proc = subprocess.run([agc, "convert", str(LOOPS), "-o",
                           str(loops / "decoding.py")],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"transformers_models: agc convert of {LOOPS} failed:\n"
                 f"{proc.stderr}")
    return out, loops, took, failed


def run_child(mode, path_first, loops_dir, work, everything):
    import json
    out = work / f"{mode}.json"
    env = dict(os.environ)
    parts = [str(RUNTIME)] + ([str(path_first)] if path_first else [])
    if env.get("PYTHONPATH"):
        parts.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(parts)
    env["TRANSFORMERS_VERBOSITY"] = "error"
    proc = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", CHILD, mode, str(loops_dir),
         str(out), "1" if everything else "0"],
        env=env, capture_output=True, text=True, timeout=3000)
    if proc.returncode != 0 or not out.exists():
        sys.exit(f"transformers_models: the {mode} run failed:\n"
                 f"{proc.stderr[-4000:]}")
    import torch
    return json.loads(out.read_text()), torch.load(str(out) + ".pt")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agc", required=True)
    parser.add_argument("--all", action="store_true",
                        help="every model and loop, every check")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    try:
        import transformers  # noqa: F401
    except ImportError:
        sys.exit("transformers_models: transformers is not installed in "
                 f"{sys.executable} (scripts/setup.sh --venv installs it)")
    import torch
    start = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="agc_transformers_"))
    converted, loops, took, unread = convert(str(Path(args.agc).resolve()),
                                             work)
    print(f"converted transformers in {took:.1f} s"
          + (f"; left as they are (agc could not read them): "
             f"{', '.join(unread)}" if unread else ""))
    original, reference = run_child("original", None, LOOPS.parent, work,
                                    args.all)
    ours, got = run_child("converted", converted, loops, work, args.all)
    passed = failed = 0

    def check(label, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {label}")
        else:
            failed += 1
            print(f"FAIL {label}{': ' + detail if detail else ''}")

    check("the converted copy is the one imported",
          ours["transformers"].startswith(str(converted)),
          ours["transformers"])
    for key, expected in sorted(reference.items()):
        what = key.split("/")
        check(f"{key} (converted, eager)", key in got and torch.allclose(
            got[key].double(), expected.double(), atol=1e-5))
        if what[1] != "eager":
            continue
        prefix = what[0]
        for run_key in sorted(k for k in got if k.startswith(prefix + "/")
                              and k.split("/")[1] != "eager"
                              and k.split("/")[2:] == what[2:]):
            check(f"{run_key} equals the original's eager result",
                  torch.allclose(got[run_key].double(), expected.double(),
                                 atol=1e-5))
    for key, result in sorted(ours["results"].items()):
        if not result["ok"]:
            check(key, False, result["error"].splitlines()[-1][:400])
    times = {k: r["s"] for k, r in ours["results"].items()
             if r["ok"] and "/run" not in k}
    print("export times (s): " + ", ".join(
        f"{k} {v:.1f}" for k, v in sorted(times.items())))
    if args.keep:
        print(f"kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed "
          f"({time.perf_counter() - start:.0f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
