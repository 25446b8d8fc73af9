#!/usr/bin/env python3
"""torchvision converted whole: every model builder, exported and run, against
the original.

Run with the PyTorch environment and torchvision installed:

    scripts/venv_python.sh --torch scripts/torchvision_models.py \
        --agc build/agc [--models resnet18,googlenet | --all] [--compile]

The installed torchvision package is converted with `agc convert --out-dir`
(no flag: the functional form) into a temporary copy that keeps its other
files (the compiled ops), and imported in place of the original. For each
model builder of torchvision.models (classification, segmentation, video,
optical flow, quantized; detection with --all, reported only), with
weights=None, torch.manual_seed(0) before it is made, in eval mode, on one
input of its kind, in a fresh process for the original and one for the
converted copy:

- the converted model run eagerly equals the original run eagerly;
- torch.export.export (non-strict) of the converted model succeeds wherever
  the original's does, and the exported program's output equals the
  original's eager output;
- with --compile, torch.compile(fullgraph=True, backend="aot_eager") the
  same way.

Detection models branch on data (the number of boxes kept), and none
exports as written: each is run on three images that keep different
numbers of boxes (none included), eagerly and, where the converted copy
exports, through its exported program, against the original's detections;
how far each side gets is printed, with what stopped it. FCOS, RetinaNet
(v1, v2), SSD300 and SSDlite must export converted (ctest runs FCOS).

Prints a line per model and `N passed, M failed`; exits 1 on a failure.
"""

import argparse
import json
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

# Those ctest runs (CI's time): a model of each family whose forward has
# Python control flow on attributes, and the plain ones.
DEFAULT_MODELS = ("resnet18", "googlenet", "mobilenet_v3_small",
                  "squeezenet1_1", "fcos_resnet50_fpn")

# Detection models whose originals do not export (they branch on the boxes
# a threshold keeps) and whose converted copies must: their detections
# through the exported program equal the original's, image by image.
DETECTION_EXPORTS = ("fcos_resnet50_fpn", "retinanet_resnet50_fpn",
                     "retinanet_resnet50_fpn_v2", "ssd300_vgg16",
                     "ssdlite320_mobilenet_v3_large")

CHILD = r'''
import json, sys, time, traceback
import torch
import torchvision
from torchvision import models

name, kind, mode, out_path, compile_too, bench, eager_only = sys.argv[1:8]
compile_too = compile_too == "1"
bench = int(bench)
result = {"torchvision": torchvision.__file__}


def inputs():
    g = torch.Generator().manual_seed(1)
    if kind == "video":
        size = 224 if name.startswith(("mvit", "swin3d")) else 112
        return (torch.rand(1, 3, 16, size, size, generator=g),)
    if kind == "optical_flow":
        return (torch.rand(1, 3, 128, 128, generator=g),
                torch.rand(1, 3, 128, 128, generator=g))
    if kind == "detection":
        return ([IMAGES[0]],)
    size = 299 if name == "inception_v3" else 224
    if kind == "segmentation":
        size = 160
    return (torch.rand(1, 3, size, size, generator=g),)


# Detection: images that keep different numbers of boxes (none included)
# under these score thresholds, with random weights: noise, black, a ramp.
IMAGES = [torch.rand(3, 160, 160, generator=torch.Generator().manual_seed(1)),
          torch.zeros(3, 160, 160),
          torch.linspace(0, 1, 160).expand(3, 160, 160).contiguous()]
THRESHOLDS = {"fcos_resnet50_fpn": {"score_thresh": 0.137},
              "retinanet_resnet50_fpn": {"score_thresh": 0.026}}


def flat(value):
    if isinstance(value, torch.Tensor):
        return [value.detach()]
    if isinstance(value, dict):
        return [t for k in sorted(value) for t in flat(value[k])]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in flat(v)]
    if hasattr(value, "_fields"):
        return [t for v in value for t in flat(v)]
    return []


def stage(what, fn):
    start = time.perf_counter()
    try:
        out = fn()
        result[what] = {"ok": True, "s": time.perf_counter() - start}
        return out
    except Exception as e:  # noqa: BLE001
        lines = traceback.format_exception_only(type(e), e)
        text = "".join(lines).strip()
        # The exception's type and first line say what stopped it; Dynamo's
        # graph breaks say it in the lines that follow.
        lines = [l.strip() for l in text.splitlines() if l.strip()]
        said = lines[0][:400]
        if said.endswith("Got graph break/error:") and len(lines) > 1:
            said += " " + " ".join(lines[1:3])[:300]
        result[what] = {"ok": False, "error": said}
        return None


torch.manual_seed(0)
kwargs = {"weights": None}
if kind == "quantized":
    kwargs["quantize"] = False
if kind in ("segmentation", "detection"):
    kwargs["weights_backbone"] = None  # no download
kwargs.update(THRESHOLDS.get(name, {}))
model = stage("build", lambda: models.get_model(name, **kwargs))
tensors = {}
if model is not None:
    model.eval()
    args = inputs()
    with torch.no_grad():
        eager = stage("eager", lambda: model(*args))
    if eager is not None and bench:
        # Eager calls (nothing traces): the median of `bench` samples of
        # one call each, after warm-up.
        samples = []
        with torch.no_grad():
            for i in range(bench + 3):
                start = time.perf_counter()
                model(*args)
                if i >= 3:
                    samples.append(time.perf_counter() - start)
        samples.sort()
        result["eager_s"] = samples[len(samples) // 2]
    if eager is not None and eager_only != "1":
        tensors["eager"] = flat(eager)
        ep = stage("export", lambda: torch.export.export(model, args))
        if ep is not None:
            with torch.no_grad():
                out = stage("export_run", lambda: ep.module()(*args))
            if out is not None:
                tensors["export"] = flat(out)
        if kind == "detection":
            # Each image, eagerly and through the exported program.
            result["kept"] = []
            with torch.no_grad():
                for i, image in enumerate(IMAGES):
                    out = model([image])
                    tensors["eager_%d" % i] = flat(out)
                    result["kept"].append(len(out[0]["boxes"]))
                    if ep is not None:
                        out = stage("export_run_%d" % i,
                                    lambda: ep.module()([image]))
                        if out is not None:
                            tensors["export_%d" % i] = flat(out)
        if compile_too:
            compiled = torch.compile(model, fullgraph=True, backend="aot_eager")
            with torch.no_grad():
                out = stage("compile", lambda: compiled(*args))
            if out is not None:
                tensors["compile"] = flat(out)
torch.save(tensors, out_path + ".pt")
with open(out_path, "w") as f:
    json.dump(result, f)
'''


def model_list():
    """(name, kind) of every builder, from the original package."""
    code = ("import json, torchvision.models as m\n"
            "out = []\n"
            "for kind, mod in (('classification', m), ('segmentation', "
            "m.segmentation), ('video', m.video), ('optical_flow', "
            "m.optical_flow), ('quantized', m.quantization), ('detection', "
            "m.detection)):\n"
            "    for n in m.list_models(module=mod):\n"
            "        out.append((n, kind))\n"
            "print(json.dumps(out))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True).stdout
    seen = {}
    for name, kind in json.loads(out):
        # list_models(module=m) lists every builder below it too: keep the
        # most specific kind.
        if name not in seen or kind != "classification":
            seen[name] = kind
    return sorted(seen.items(), key=lambda item: (item[1], item[0]))


def convert(agc, work):
    """The converted copy of the installed torchvision: its folder's parent
    (to put first on sys.path) and the conversion's wall time."""
    out = work / "converted"
    took, _ = convert_package(agc, package_dir("torchvision"), out,
                              "torchvision_models")
    return out, took


def run_child(name, kind, mode, path_first, work, compile_too, bench=0,
              eager_only=False):
    out = work / f"{mode}-{name}.json"
    env = dict(os.environ)
    parts = [str(RUNTIME)] + ([str(path_first)] if path_first else [])
    if env.get("PYTHONPATH"):
        parts.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(parts)
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, name, kind, mode, str(out),
         "1" if compile_too else "0", str(bench),
         "1" if eager_only else "0"],
        env=env, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0 or not out.exists():
        return {"crash": proc.stderr[-1500:]}, {}
    import torch
    result = json.loads(out.read_text())
    tensors = torch.load(str(out) + ".pt")
    return result, tensors


def same(a, b):
    import torch
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        if x.is_floating_point():
            if not torch.allclose(x, y, rtol=1e-4, atol=1e-5, equal_nan=True):
                return False
        elif not torch.equal(x, y):
            return False
    return True


def detection_problems(name, orig, orig_t, conv, conv_t):
    """A detection model's: the converted copy's detections, eager and
    through its exported program (where it exports; it must for
    DETECTION_EXPORTS), against the original's eager ones, image by
    image."""
    problems = []
    if name in DETECTION_EXPORTS and not conv.get("export", {}).get("ok"):
        problems.append(f"converted export: {status(conv, 'export')}")
    if orig.get("export", {}).get("ok") and not conv.get(
            "export", {}).get("ok"):
        problems.append("converted export fails where the original's "
                        f"succeeds: {status(conv, 'export')}")
    for i in range(len(orig.get("kept", []))):
        want = orig_t.get(f"eager_{i}", [])
        if not same(want, conv_t.get(f"eager_{i}", [])):
            problems.append(f"eager detections differ on image {i}")
        if conv.get("export", {}).get("ok"):
            if f"export_{i}" not in conv_t:
                problems.append(f"converted program on image {i}: "
                                f"{status(conv, f'export_run_{i}')}")
            elif not same(want, conv_t[f"export_{i}"]):
                problems.append(f"converted program's detections differ "
                                f"on image {i}")
    return problems


def status(result, what):
    r = result.get(what)
    if r is None:
        return "-"
    if r["ok"]:
        return "ok"
    return r["error"][:600]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agc", required=True)
    parser.add_argument("--models", help="comma-separated builder names "
                        f"(default: {','.join(DEFAULT_MODELS)})")
    parser.add_argument("--all", action="store_true",
                        help="every builder, detection included")
    parser.add_argument("--compile", action="store_true",
                        help="also torch.compile(fullgraph=True)")
    parser.add_argument("--bench", type=int, default=0, metavar="N",
                        help="also time N eager calls of each model, "
                        "converted against original (a figure, not a check)")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    try:
        import torchvision  # noqa: F401
    except ImportError:
        sys.exit("torchvision_models: torchvision is not installed in "
                 f"{sys.executable} (scripts/setup.sh --venv installs it)")
    every = model_list()
    if args.all:
        chosen = every
    else:
        names = (args.models.split(",") if args.models else DEFAULT_MODELS)
        kinds = dict(every)
        unknown = [n for n in names if n not in kinds]
        if unknown:
            sys.exit(f"torchvision_models: no builder {unknown}")
        chosen = [(n, kinds[n]) for n in names]
    work = Path(tempfile.mkdtemp(prefix="agc_torchvision_"))
    start = time.perf_counter()
    converted, took = convert(str(Path(args.agc).resolve()), work)
    print(f"converted torchvision in {took:.1f} s")
    passed = failed = 0
    for name, kind in chosen:
        orig, orig_t = run_child(name, kind, "original", None, work,
                                 args.compile, args.bench)
        conv, conv_t = run_child(name, kind, "converted", converted, work,
                                 args.compile, args.bench)
        if args.bench and "eager_s" in orig and "eager_s" in conv:
            # A process each: the machine's drift between two is as large
            # as what is measured, so two more rounds in alternation, the
            # best of each side.
            for _ in range(2):
                for side, first, result in (("original", None, orig),
                                            ("converted", converted, conv)):
                    again, _ = run_child(name, kind, side, first, work,
                                         False, args.bench, eager_only=True)
                    if "eager_s" in again:
                        result["eager_s"] = min(result["eager_s"],
                                                again["eager_s"])
            print(f"eager {name}: original {orig['eager_s'] * 1e3:.1f} ms, "
                  f"converted {conv['eager_s'] * 1e3:.1f} ms, "
                  f"{conv['eager_s'] / orig['eager_s']:.3f}x")
        problems = []
        if "crash" in orig or "crash" in conv:
            problems.append("crashed: " + (orig.get("crash") or
                                           conv.get("crash"))[-400:])
        elif not conv.get("torchvision", "").startswith(str(converted)):
            problems.append("the converted copy was not the one imported")
        else:
            if kind == "detection" and orig.get("eager", {}).get("ok"):
                problems += detection_problems(name, orig, orig_t, conv,
                                               conv_t)
                # Reported: how far each side gets.
                print(f"{'info':4} {name} ({kind}): boxes kept "
                      f"{orig.get('kept')}; original export "
                      f"{status(orig, 'export')}; converted export "
                      f"{status(conv, 'export')}")
            elif not orig.get("eager", {}).get("ok"):
                # Nothing to compare: say why, and that the copy fails too.
                stage = "build" if not orig.get("build", {}).get("ok") \
                    else "eager"
                print(f"skip {name} ({kind}): the original fails at {stage}: "
                      f"{status(orig, stage)}")
                if conv.get(stage, {}).get("ok"):
                    problems.append(f"the converted copy passes {stage}")
                else:
                    continue
            else:
                for stage in ("build", "eager"):
                    if not conv.get(stage, {}).get("ok") and \
                            orig.get(stage, {}).get("ok"):
                        problems.append(f"converted {stage}: "
                                        f"{status(conv, stage)}")
                if conv.get("eager", {}).get("ok") and not same(
                        orig_t.get("eager", []), conv_t.get("eager", [])):
                    problems.append("eager outputs differ")
                for stage in ("export", "compile"):
                    if stage not in orig:
                        continue
                    if orig[stage]["ok"] and not conv.get(stage, {}).get("ok"):
                        problems.append(f"converted {stage} fails where the "
                                        f"original's succeeds: "
                                        f"{status(conv, stage)}")
                    if stage in conv_t and not same(orig_t.get("eager", []),
                                                    conv_t[stage]):
                        problems.append(f"converted {stage} output differs")
        if problems:
            failed += 1
            print(f"FAIL {name} ({kind}): " + "; ".join(problems))
        else:
            passed += 1
            if kind != "detection":
                print(f"ok   {name} ({kind}): export "
                      f"{status(orig, 'export')} / {status(conv, 'export')}")
        sys.stdout.flush()
    if args.keep:
        print(f"kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed "
          f"({time.perf_counter() - start:.0f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
