"""Trains model.py's next-token model with its custom step under tf.function.

    python train.py --model original     # TensorFlow's AutoGraph converts
                                         # model.py at trace time
    python train.py --model converted    # agc's output (build/model.py, see
                                         # the Makefile); needs agc_runtime
                                         # importable (PYTHONPATH=../../runtime)

Both runs use the same seeds, data and deterministic ops, so they print the
same losses. After training, each prints which functions TensorFlow's
AutoGraph converted while tracing (none of agc's: they are marked as
already converted) and the control-flow ops in the traced graphs, counted
over the graph and its function library (where the branches and loop
bodies of If and While live).

--json PATH writes all of it for scripts/tf_example_test.py.
"""
import argparse
import collections
import importlib.util
import json
import os
import sys
from pathlib import Path

# Before TensorFlow is imported: less logging; oneDNN's reordered float
# arithmetic off, so that results depend only on the graph.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent
CONTROL_FLOW = ("If", "StatelessIf", "While", "StatelessWhile")
DECODE_STARTS = (1, 4, 7)
DECODE_MAX_LEN = 6  # short enough that some decodes stop here, not at EOS


def load_model_module(which, build_dir, traceback_hook=True):
    """Imports model.py (original) or build_dir/model.py (converted)."""
    path = HERE / "model.py" if which == "original" else build_dir / "model.py"
    if not path.is_file():
        sys.exit(f"train.py: {path} does not exist (run make first)")
    if which == "converted" and traceback_hook:
        import agc_runtime
        # Tracebacks through converted code show model.py's lines.
        agc_runtime.install_traceback_hook()
    spec = importlib.util.spec_from_file_location("model", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["model"] = module
    spec.loader.exec_module(module)
    return module


class AutoGraphAudit:
    """Records the functions TensorFlow's AutoGraph converts at trace time.

    Wraps the converter's entry point (api._TRANSPILER.transform, internal
    to TensorFlow), which every conversion by tf.function and
    converted_call goes through.
    """

    def __init__(self):
        self.converted = []
        try:
            from tensorflow.python.autograph.impl import api
            transpiler = api._TRANSPILER
            original = transpiler.transform
        except (ImportError, AttributeError) as e:
            self.error = f"cannot find TensorFlow's AutoGraph converter: {e}"
            return
        self.error = None

        def transform(entity, *args, **kwargs):
            code = getattr(entity, "__code__", None)
            self.converted.append({
                "name": getattr(entity, "__qualname__", repr(entity)),
                "file": code.co_filename if code else None,
            })
            return original(entity, *args, **kwargs)

        transpiler.transform = transform


def op_types(concrete_function):
    """Op type counts of a traced graph: its own nodes, and its library."""
    graph_def = concrete_function.graph.as_graph_def()
    top = collections.Counter(node.op for node in graph_def.node)
    library = collections.Counter(
        node.op for function in graph_def.library.function
        for node in function.node_def)
    return {"graph": dict(sorted(top.items())),
            "library": dict(sorted(library.items()))}


def control_flow_summary(ops):
    parts = []
    for where in ("graph", "library"):
        found = [f"{op} x{ops[where][op]}" for op in CONTROL_FLOW
                 if op in ops[where]]
        parts.append(f"{where}: {', '.join(found) or 'none'}")
    return "; ".join(parts)


def decode_all(greedy_decode, model):
    return {start: [int(t) for t in greedy_decode(
                model, tf.constant(start), DECODE_MAX_LEN).numpy()]
            for start in DECODE_STARTS}


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.split("\n")[2:]))
    parser.add_argument("--model", choices=("original", "converted"),
                        required=True)
    parser.add_argument("--build-dir", type=Path, default=HERE / "build",
                        help="where the Makefile put the converted model.py")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--clip-norm", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument(
        "--autograph", choices=("on", "off"), default="on",
        help="tf.function's autograph flag; agc's output needs none: with "
             "'off' it still builds If and While ops (the original cannot)")
    parser.add_argument(
        "--staging-error-demo", action="store_true",
        help="decode from a vector start token instead of training: the "
             "'if' on the EOS test cannot be staged, and the traceback "
             "shows the line of model.py")
    parser.add_argument(
        "--no-traceback-hook", action="store_true",
        help="do not install agc_runtime's traceback hook (pipe the output "
             "to 'agc remap' instead)")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()

    audit = AutoGraphAudit()
    m = load_model_module(args.model, args.build_dir.resolve(),
                          traceback_hook=not args.no_traceback_hook)

    keras.utils.set_random_seed(args.seed)
    tf.config.experimental.enable_op_determinism()

    model = m.build_model()
    optimizer = keras.optimizers.Adam(learning_rate=0.02)
    optimizer.build(model.trainable_variables)
    batches = [m.make_batch(args.batch_size, args.seed + i)
               for i in range(args.steps)]

    autograph = args.autograph == "on"
    train_step = tf.function(m.train_step, autograph=autograph)
    greedy_decode = tf.function(m.greedy_decode, autograph=autograph)

    if args.staging_error_demo:
        greedy_decode(model, tf.constant([1, 2]), DECODE_MAX_LEN)
        return

    print(f"model: {os.path.relpath(m.__file__, HERE)} ({args.model}), "
          f"tf.function(autograph={autograph})")
    decoded_before = decode_all(greedy_decode, model)
    for start, tokens in decoded_before.items():
        print(f"greedy decode from {start} before training: {tokens}")

    losses, norms, clipped = [], [], []
    for i, tokens in enumerate(batches):
        loss, norm, was_clipped = train_step(model, optimizer, tokens,
                                             args.clip_norm)
        losses.append(float(loss))
        norms.append(float(norm))
        clipped.append(bool(was_clipped))
        print(f"step {i + 1:3d}  loss {losses[-1]:.9g}  "
              f"grad norm {norms[-1]:.6g}{'  (clipped)' if clipped[-1] else ''}")

    decoded = decode_all(greedy_decode, model)
    for start, tokens in decoded.items():
        print(f"greedy decode from {start} after training: {tokens}")

    graphs = {
        "train_step": op_types(train_step.get_concrete_function(
            model, optimizer, batches[0], args.clip_norm)),
        "greedy_decode": op_types(greedy_decode.get_concrete_function(
            model, tf.constant(DECODE_STARTS[0]), DECODE_MAX_LEN)),
    }
    for name, ops in graphs.items():
        print(f"control flow in the traced {name}: "
              f"{control_flow_summary(ops)}")

    if audit.error:
        print(f"AutoGraph audit: {audit.error}")
    else:
        names = sorted({c["name"] for c in audit.converted})
        print("functions TensorFlow's AutoGraph converted while tracing: "
              f"{', '.join(names) or 'none'}")

    if args.json:
        args.json.write_text(json.dumps({
            "model": args.model,
            "module_file": str(Path(m.__file__).resolve()),
            "autograph": autograph,
            "losses": losses,
            "grad_norms": norms,
            "clipped": clipped,
            "decoded_before": {str(k): v for k, v in decoded_before.items()},
            "decoded": {str(k): v for k, v in decoded.items()},
            "graphs": graphs,
            "autograph_error": audit.error,
            "autograph_converted": audit.converted,
        }, indent=1) + "\n")


if __name__ == "__main__":
    main()
