"""Exports model.py's FixedPoint, converted by agc, and checks it.

    python run.py --model original     # model.py itself, eagerly, and
                                       # torch.export of it (which fails)
    python run.py --model converted    # build/model.py (see the Makefile):
                                       # torch.export, save/load, and
                                       # torch.compile(fullgraph=True)

Both print the model's outputs on two inputs: one that takes the early
exit (a fixed point of the refinement) and one that iterates; the
converted run prints them from the exported program, from the program
saved and loaded again, and from torch.compile, and the higher-order
operators of the exported graph. --json PATH writes the figures.
"""
import argparse
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent


def load_model(which, build_dir):
    path = HERE / "model.py" if which == "original" else build_dir / "model.py"
    if not path.is_file():
        sys.exit("run.py: %s does not exist (run make first)" % path)
    if which == "converted":
        import agc_runtime
        agc_runtime.install_traceback_hook()
    spec = importlib.util.spec_from_file_location("model", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["model"] = module
    spec.loader.exec_module(module)
    return module


def inputs(model):
    """(an input that takes the early exit, one that iterates)."""
    with torch.no_grad():
        # Solve encode(x) = atanh(h*) for the fixed point h* of refine.
        h = torch.zeros(4)
        for _ in range(200):
            h = model.refine(h)
        target = torch.atanh(h)
        w, b = model.encode.weight, model.encode.bias
        fixed = torch.linalg.solve(w, target - b)
    return fixed, torch.tensor([2.0, -1.0, 0.5, 3.0])


def higher_order_ops(program):
    names = set()
    for module in program.graph_module.modules():
        graph = getattr(module, "graph", None)
        for node in graph.nodes if graph is not None else ():
            name = getattr(node.target, "__name__", "")
            if node.op == "call_function" and name in ("cond", "while_loop"):
                names.add(name)
    return sorted(names)


def figures(outputs):
    h, steps = outputs
    return {"h": [round(float(v), 6) for v in h], "steps": int(steps)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", choices=("original", "converted"),
                        required=True)
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--json")
    args = parser.parse_args()
    module = load_model(args.model, Path(args.build_dir).resolve())
    torch.manual_seed(0)
    model = module.FixedPoint().eval()
    early, iterate = inputs(model)
    report = {"model": args.model}
    for label, x in (("early", early), ("iterate", iterate)):
        report[label] = figures(model(x))
        print("%-8s eager: steps=%d h=%s" % (label, report[label]["steps"],
                                             report[label]["h"]))
    if args.model == "original":
        try:
            torch.export.export(model, (early,), strict=False)
            report["export"] = "succeeded"
        except Exception as e:  # noqa: BLE001 - printed, and in the json
            report["export"] = "%s: %s" % (type(e).__name__,
                                           str(e).splitlines()[0])
        print("torch.export of the original:", report["export"])
    else:
        program = torch.export.export(model, (early,), strict=False)
        report["ops"] = higher_order_ops(program)
        print("exported graph holds:", ", ".join(report["ops"]))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "fixed_point.pt2")
            torch.export.save(program, path)
            loaded = torch.export.load(path)
        compiled = torch.compile(model, fullgraph=True, backend="eager")
        for label, x in (("early", early), ("iterate", iterate)):
            for how, fn in (("exported", program.module()),
                            ("loaded", loaded.module()),
                            ("compiled", compiled)):
                report["%s_%s" % (label, how)] = figures(fn(x))
                print("%-8s %-8s steps=%d h=%s" % (
                    label, how, report["%s_%s" % (label, how)]["steps"],
                    report["%s_%s" % (label, how)]["h"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
