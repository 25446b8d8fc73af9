#!/usr/bin/env python3
"""The examples of the manual, run against agc, so the manual cannot drift
from the tool (issue 30, item 9; issue 50: the documentation site).

Every fenced code block of README.md and of the pages under docs/ is either
checked here or skipped with its reason (SKIPPED, and the TensorFlow, JAX
and PyTorch sections, which need .venv/); a block that is neither fails the
test, so a new example gets a check. The pages of the diagnostic codes
(docs/lint/rules/, docs/diagnostics/) are `agc explain`'s, checked by
scripts/docs_codes.py instead, and docs/runtime/api.md is runtime/README.md
included. `--list` prints every block and what is done with it.

- shell blocks (```sh): each `agc ...` line runs in a scratch folder with
  the files it names made from examples/model.py; it must exit 0, and what
  its comment promises must hold (`writes A + B`, the files it lists,
  `exit 1 if an output is stale`, `output == input`, `to stdout`, a diff);
  other commands run too, unless SKIPPED_COMMANDS says why not;
- console blocks (`$ COMMAND` and its output): the output must be the
  same, and the exit code what the output implies (1 after an error, 2
  after a usage or I/O error); `$ cat FILE` makes FILE from what it shows;
- synopses (`agc SUB ...[--flag]...`): every flag is in `agc SUB --help`;
- the worked example: its source, the command in the text, the output and
  map shown, run.py, its traceback and the remapped one;
- `agc passes`' table, the [tool.agc] example (agc accepts it), the CI
  commands, and the Makefile recipe (a part of examples/makefile/Makefile).

Run: readme_test.py --agc build/agc [--list]
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
# Pages whose blocks are not the manual's own examples: the code pages are
# `agc explain`'s output (ctest docs_codes compares them), the API page an
# include of runtime/README.md.
NOT_EXAMPLES = ("lint/rules/", "diagnostics/", "runtime/api.md")
EXAMPLE = ROOT / "examples" / "model.py"
SHAPES = ROOT / "examples" / "makefile" / "src"
AGC = None

# Sections whose examples need TensorFlow, JAX (the project's .venv/) or
# PyTorch (.venv-torch/); their own suites run them
# (scripts/tf_example_test.py, runtime/tests_torch, ...).
FRAMEWORK_SECTION = re.compile(r"TensorFlow|JAX|PyTorch")

# Blocks not run, by (section, first line), with the reason.
SKIPPED = {
    ("`agc inspect`", "{"):
        "the JSON schema, with comments: not output (golden.py checks the "
        "report's shape, testdata/inspect/ its content)",
    ("Diagnostics", "path:line:col: severity: message [AGCnnn]"):
        "the format of a diagnostic, not a command",
    ("Source maps", "{"):
        "the format, with … for the digest (the worked example's map is "
        "compared byte for byte)",
    ("Control-flow form",
     "y, x = ag__.if_stmt_fn(cond, if_body, else_body, (y, x), ('y', 'x'), "
     "nouts)"):
        "the shapes of the functional operators' calls, not a program (the "
        "console example above and testdata/pipeline/functional_* run them)",
}
# Python blocks of "What conversion does" are before/after pictures of one
# pass, side by side: not programs (the golden cases check each pass).
SKIPPED_SECTIONS = {
    "What conversion does":
        "before/after pictures of one pass, side by side (testdata/passes/ "
        "checks each pass's output)",
}
# Shell commands run only when they start (after VAR=value settings) with
# one of these; any other command must be in SKIPPED_COMMANDS, with the
# reason, or the test fails: it never runs what it does not know.
RUNNABLE = ("agc", "build/agc", "python3")
# Commands of shell blocks not run, by pattern, with the reason.
SKIPPED_COMMANDS = [
    (r"^scripts/fuzz\.sh ",
     "builds the libFuzzer targets with clang and fuzzes for minutes; the "
     "inputs it saves are replayed by the hostile suite"),
    (r"^scripts/build\.sh$",
     "sets up what is missing (Debian packages, the grammar) and builds: "
     "the agc under test is built already"),
    (r"^scripts/test\.sh$",
     "runs every suite (this one too) and makes the TensorFlow environment "
     ".venv/ from PyPI"),
    (r"^scripts/setup\.sh\b",
     "installs Debian packages and fetches the grammar (root, network)"),
    (r"^pip (install|wheel) ",
     "builds and installs agc with pip (PyPI); ctest packaging_wheel does"),
    (r"^scripts/wheels\.sh\b",
     "cross-compiles agc for six targets (an hour or more on two cores); "
     "its --check checks them"),
    (r"^cmake ",
     "builds or installs agc with CMake; ctest packaging_release does"),
]


def skipped_command(command):
    """The reason `command` is not run, or None."""
    for pattern, reason in SKIPPED_COMMANDS:
        if re.search(pattern, command):
            return reason
    return None


def runnable(command):
    words = shlex.split(command.split("|")[0])
    while words and re.match(r"^\w+=", words[0]):
        words.pop(0)
    return bool(words) and words[0] in RUNNABLE


def manual_pages():
    """README.md, then every page of docs/ with examples, in path order."""
    pages = [README]
    for page in sorted(DOCS.rglob("*.md")):
        rel = page.relative_to(DOCS).as_posix()
        if not any(rel.startswith(p) for p in NOT_EXAMPLES):
            pages.append(page)
    return pages


class Block:
    def __init__(self, lang, lines, line, sections, before, path=README):
        self.path = path
        self.lang = lang
        self.lines = lines        # without the fences and the list indent
        self.line = line          # of the opening fence, 1-based
        self.sections = sections  # enclosing headings, outermost first
        self.before = before      # the text between the previous block and this

    @property
    def section(self):
        return self.sections[-1] if self.sections else ""

    @property
    def text(self):
        return "".join(l + "\n" for l in self.lines)

    def __repr__(self):
        return f"{self.path.relative_to(ROOT)}:{self.line} ({self.section})"


def read_all_blocks():
    return [b for page in manual_pages() for b in read_blocks(page)]


def read_blocks(path=README):
    blocks = []
    headings = {}  # level -> text
    before = []
    fence = None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if fence is not None:
            indent, lang, start, lines = fence
            if line.strip() == "```":
                sections = [headings[k] for k in sorted(headings)]
                blocks.append(Block(lang, lines, start, sections,
                                    "\n".join(before), path))
                fence = None
                before = []
            else:
                lines.append(line[indent:] if not line[:indent].strip()
                             else line.lstrip())
            continue
        m = re.match(r"^( *)```(\w*)\s*$", line)
        if m:
            fence = (len(m.group(1)), m.group(2), number, [])
            continue
        h = re.match(r"^(#+) (.*)$", line)
        if h:
            level = len(h.group(1))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = h.group(2).strip()
            before = []
            continue
        before.append(line)
    return blocks


def classify(block):
    """(kind, reason): how the block is checked, or why it is not."""
    if any(FRAMEWORK_SECTION.search(s) for s in block.sections):
        return "skip", "TensorFlow/JAX/PyTorch section: needs .venv/ or " \
                       ".venv-torch/ (its suites run it: " \
                       "tf_example_test.py, tf_equivalence.py, runtime_torch)"
    first = block.lines[0] if block.lines else ""
    if (block.section, first) in SKIPPED:
        return "skip", SKIPPED[(block.section, first)]
    if block.section in SKIPPED_SECTIONS and block.lang == "python":
        return "skip", SKIPPED_SECTIONS[block.section]
    if block.section == "A worked example":
        return "worked example", ""
    if block.lang in ("sh", "bash", "shell"):
        return "shell", ""
    if block.lang in ("console", "") and first.startswith("$ "):
        return "console", ""
    if block.lang == "" and first.startswith("agc ") and "[" in block.text:
        return "synopsis", ""
    if block.lang == "" and block.section == "`agc passes`":
        return "agc passes", ""
    if block.lang == "toml":
        return "configuration", ""
    if block.lang == "yaml":
        return "ci", ""
    if block.lang == "make":
        return "makefile", ""
    return None, "no check and no reason to skip it"


def agc_env(tmp):
    """PATH with `agc` (the agc under test) first; no runtime settings."""
    bin_dir = Path(tmp) / ".bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        (bin_dir / "agc").symlink_to(AGC)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "AGC_BACKEND", "AGC_RUNTIME_DIR",
                        "AGC_CONVERTED_ONLY")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def sh(command, cwd):
    """Runs a README command line with sh, stdout and stderr apart."""
    command = re.sub(r"^build/agc\b", shlex.quote(AGC), command)
    return subprocess.run(["sh", "-c", command], cwd=cwd, env=agc_env(cwd),
                          capture_output=True, text=True,
                          timeout=120)


def split_comment(line):
    """`command  # comment` -> (command, comment)."""
    m = re.match(r"^(.*?)\s+#\s+(.*)$", line)
    return (m.group(1), m.group(2)) if m else (line, "")


def expected_exit(command, output):
    """The exit code the README's rules give for a command and its output:
    2 after a usage or I/O error (AGC010-AGC029), 1 after another error
    (or any finding of `agc lint`), else 0."""
    codes = re.findall(r": (error|warning|note): .*\[AGC(\d{3})\]$", output,
                       re.M)
    if any(sev == "error" and 10 <= int(c) <= 29 for sev, c in codes):
        return 2
    if re.match(r"agc lint\b", command) and "--exit-zero" not in command:
        return 1 if codes else 0
    return 1 if any(sev == "error" for sev, _ in codes) else 0


def default_output(argv):
    """The output `agc convert` writes for argv (without -o/--out-dir)."""
    inputs = [a for a in argv[2:] if a.endswith(".py")]
    return [i[:-3] + "_ag.py" for i in inputs]


# --- the scratch folders some sections' commands need ---------------------

def setup_examples(tmp):
    (tmp / "examples").mkdir(exist_ok=True)
    shutil.copy(EXAMPLE, tmp / "examples" / "model.py")


def setup_models(tmp):
    # agc convert's examples name model.py, src/model.py and (by their
    # outputs) src/a.py and src/b.py.
    (tmp / "src").mkdir()
    for name in ("model.py", "src/model.py", "src/a.py", "src/b.py"):
        shutil.copy(EXAMPLE, tmp / name)


def setup_shapes(tmp):
    # agc remap's examples: the package of examples/makefile converted into
    # build/src with the runtime beside it; ci-log.txt is its traceback as
    # on another machine (other absolute paths).
    shutil.copytree(SHAPES, tmp / "src")
    sources = sorted(str(p.relative_to(tmp)) for p in
                     (tmp / "src").rglob("*.py"))
    p = subprocess.run([AGC, "convert", "--emit-runtime", "--out-dir",
                        "build", *sources], cwd=tmp, capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    env = agc_env(tmp)
    env["PYTHONPATH"] = "build/src"
    run = subprocess.run([sys.executable, "-m", "shapes.main", "loop"],
                         cwd=tmp, env=env, capture_output=True, text=True)
    assert "Traceback" in run.stderr, run.stderr
    (tmp / "ci-log.txt").write_text(
        run.stderr.replace(str(tmp), "/ci/runner/work"))


# The others get examples/model.py (`agc convert examples/model.py`).
SETUP = {
    "`agc convert`": setup_models,
    "Using it": setup_models,
    "`agc remap`": setup_shapes,
}


class Readme(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.blocks = read_all_blocks()

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(os.path.realpath(self._tmp.name))

    def tearDown(self):
        self._tmp.cleanup()

    def of_kind(self, kind):
        found = [b for b in self.blocks if classify(b)[0] == kind]
        self.assertTrue(found, f"the manual has no {kind} block any more")
        return found

    def scratch(self, block):
        """A fresh folder for a block, set up for its section."""
        tmp = Path(tempfile.mkdtemp(dir=self.tmp))
        SETUP.get(block.section, setup_examples)(tmp)
        return tmp

    # --- every block ----------------------------------------------------

    def test_every_block_is_checked_or_skipped_with_a_reason(self):
        self.assertGreater(len(self.blocks), 20)
        for b in self.blocks:
            kind, reason = classify(b)
            with self.subTest(block=repr(b)):
                self.assertIsNotNone(
                    kind, f"{b!r} ({b.lang or 'no language'}, "
                          f"{b.lines[:1]}): {reason}; check it in "
                          "scripts/readme_test.py or add it to SKIPPED")
                if kind == "skip":
                    self.assertTrue(reason)

    # --- shell blocks ---------------------------------------------------

    def test_shell_blocks(self):
        for b in self.of_kind("shell"):
            cwd = self.scratch(b)
            for raw in b.lines:
                command, comment = split_comment(raw)
                if not command.strip() or command.lstrip().startswith("#"):
                    continue
                for part in command.split(" && "):
                    part = part.strip()
                    if skipped_command(part):
                        continue
                    with self.subTest(block=repr(b), command=part):
                        self.assertTrue(
                            runnable(part),
                            f"{b!r}: `{part}` is not run (it does not start "
                            f"with {', '.join(RUNNABLE)}); give the reason "
                            "in SKIPPED_COMMANDS")
                        self.run_shell_command(part, comment, cwd)

    def run_shell_command(self, command, comment, cwd):
        p = sh(command, cwd)
        self.assertEqual(p.returncode, 0, p.stderr)
        argv = shlex.split(command.split("|")[-1].split("<")[0]
                           .split(">")[0])
        is_convert = argv[:2] in (["agc", "convert"], [AGC, "convert"])
        # `writes A + B`, and the files a comment lists (build/src/a.py, ...)
        m = re.search(r"writes (\S+(?: \+ \S+)*)", comment)
        written = m.group(1).split(" + ") if m else []
        written += [w for w in re.findall(r"[\w.]+(?:/[\w.]+)+\.py", comment)]
        for name in written:
            self.assertTrue((cwd / name).exists(), f"{name}: {comment}")
        m = re.search(r"exit (\d) if an output is stale", comment)
        if m:
            # Fresh, it passes; with an input changed, it exits as said.
            inputs = sorted(glob.glob(str(cwd / argv[2])))
            self.assertTrue(inputs, argv)
            source = Path(inputs[0])
            saved = source.read_bytes()
            source.write_bytes(saved + b"\n\ndef added():\n    return 1\n")
            stale = sh(command, cwd)
            source.write_bytes(saved)
            self.assertEqual(stale.returncode, int(m.group(1)), stale.stderr)
            self.assertIn("[AGC009]", stale.stderr)
        if "output == input" in comment:
            self.assertTrue(is_convert, command)
            for src, out in zip([a for a in argv[2:] if a.endswith(".py")],
                                default_output(argv)):
                self.assertEqual((cwd / out).read_bytes(),
                                 (cwd / src).read_bytes(), command)
        if re.search(r"\bto stdout\b", comment):
            redirect = re.search(r">\s*(\S+)\s*$", command)
            text = ((cwd / redirect.group(1)).read_text() if redirect
                    else p.stdout)
            self.assertTrue(text.startswith("# Generated by agc"), text[:200])
        if re.search(r"\bagc remap\b", command):
            # A traceback, with frames led back to the original files.
            frames = re.findall(r'File "([^"<>]+\.py)", line \d+', p.stdout)
            self.assertTrue(frames, p.stdout)
            for frame in frames:
                self.assertTrue(Path(frame).is_file(), frame)
                self.assertNotIn("/build/", frame)
        m = re.search(r"what would change in (\S+)", comment)
        if m:
            self.assertIn("--diff", command)
            if p.stdout:
                self.assertRegex(p.stdout, rf"(?m)^\+\+\+ {re.escape(m.group(1))}")

    # --- console blocks -------------------------------------------------

    def test_console_blocks(self):
        for b in self.of_kind("console"):
            with self.subTest(block=repr(b)):
                cwd = self.scratch(b)
                steps = []  # (command, expected output)
                for line in b.lines:
                    if line.startswith("$ "):
                        steps.append([line[2:], []])
                    else:
                        steps[-1][1].append(line)
                for command, shown in steps:
                    shown = "".join(l + "\n" for l in shown)
                    m = re.match(r"^cat (\S+)$", command)
                    if m:  # a file the example works on: make it
                        path = cwd / m.group(1)
                        path.parent.mkdir(parents=True, exist_ok=True)
                        path.write_text(shown)
                        continue
                    p = subprocess.run(["sh", "-c", command], cwd=cwd,
                                       env=agc_env(cwd), capture_output=True,
                                       text=True, timeout=120)
                    self.assertEqual(p.stdout + p.stderr, shown, command)
                    self.assertEqual(p.returncode,
                                     expected_exit(command, shown), command)

    # --- synopses -------------------------------------------------------

    def test_synopses_name_real_flags(self):
        for b in self.of_kind("synopsis"):
            # One command per line that starts with `agc `; the lines
            # indented below it continue it.
            commands = []
            for line in b.lines:
                if line.startswith("agc "):
                    commands.append(line)
                elif commands:
                    commands[-1] += " " + line
            for command in commands:
                sub = command.split()[1]
                with self.subTest(block=repr(b), command=sub):
                    p = subprocess.run([AGC, sub, "--help"],
                                       capture_output=True, text=True)
                    self.assertEqual(p.returncode, 0, p.stderr)
                    syntax = command.split("#")[0]
                    flags = re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", syntax)
                    for flag in flags:
                        self.assertRegex(p.stdout,
                                         rf"(?<![\w-]){re.escape(flag)}\b",
                                         f"{flag} of {command!r}")

    # --- the worked example ---------------------------------------------

    def test_worked_example(self):
        blocks = [b for b in self.blocks if classify(b)[0] == "worked example"]
        self.assertEqual(len(blocks), 6, blocks)
        source, output, source_map, run_py, traceback, remapped = blocks
        proj = self.tmp / "proj"
        proj.mkdir()
        # README paths: /home/me/proj is the project, /home/me/agc agc's
        # checkout.
        def here(text):
            return (text.replace("/home/me/proj", str(proj))
                    .replace("/home/me/agc", str(ROOT)))

        name = re.search(r"`([\w/.]+\.py)`:\s*$", source.before).group(1)
        (proj / name).parent.mkdir(parents=True, exist_ok=True)
        (proj / name).write_text(source.text)

        m = re.search(r"`(agc convert [^`]+)` writes `([^`]+)`:\s*$",
                      output.before)
        self.assertTrue(m, output.before)
        p = sh(m.group(1), proj)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((proj / m.group(2)).read_text(), output.text)

        m = re.search(r"`([^`]+\.map\.json)`", source_map.before)
        self.assertEqual((proj / m.group(1)).read_text(), source_map.text)

        m = re.search(r"`(\w+\.py)` calls the converted module:\s*$",
                      run_py.before)
        self.assertEqual(m.group(1), "run.py")
        (proj / "run.py").write_text(run_py.text)

        # Its traceback, as Python prints it.
        m = re.search(r"`(PYTHONPATH=\S+ python3 run\.py)`", traceback.before)
        self.assertTrue(m, traceback.before)
        p = sh(here(m.group(1)), proj)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stderr, here(traceback.text))

        # The same through agc remap.
        m = re.search(r"`(PYTHONPATH=\S+ python3 run\.py 2>&1 \| agc remap)`",
                      remapped.before)
        self.assertTrue(m, remapped.before)
        p = sh(here(m.group(1)), proj)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, here(remapped.text))

    # --- agc passes, configuration, CI, Makefile ------------------------

    def test_passes_table(self):
        p = subprocess.run([AGC, "passes"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        for b in self.of_kind("agc passes"):
            with self.subTest(block=repr(b)):
                self.assertIn(b.text, p.stdout)

    def test_configuration_is_accepted(self):
        for b in self.of_kind("configuration"):
            with self.subTest(block=repr(b)):
                cwd = self.scratch(b)
                (cwd / "pyproject.toml").write_text(b.text)
                shutil.copy(EXAMPLE, cwd / "model.py")
                for args in (["lint", "model.py"],
                             ["convert", "model.py", "-o", "-"]):
                    p = subprocess.run([AGC, *args], cwd=cwd,
                                       capture_output=True, text=True)
                    self.assertIn(p.returncode, (0, 1), p.stderr)
                    self.assertNotIn("pyproject.toml", p.stdout + p.stderr)

    def test_ci_commands(self):
        hooks = (ROOT / ".pre-commit-hooks.yaml").read_text()
        for b in self.of_kind("ci"):
            cwd = self.scratch(b)
            (cwd / "src").mkdir()
            shutil.copy(EXAMPLE, cwd / "src" / "model.py")
            for line in b.lines:
                m = re.match(r"^\s*- id: (\S+)$", line)
                if m:
                    with self.subTest(block=repr(b), hook=m.group(1)):
                        self.assertRegex(hooks, rf"(?m)^- id: {m.group(1)}$")
                m = re.match(r"^\s*run: (agc .*)$", line)
                if not m:
                    continue
                command = m.group(1)
                with self.subTest(block=repr(b), command=command):
                    p = sh(command, cwd)
                    findings = p.stdout
                    out = re.search(r">\s*(\S+)$", command)
                    if out:
                        findings = (cwd / out.group(1)).read_text()
                    if "sarif" in command:
                        findings = json.loads(findings)["runs"][0]["results"]
                    exit_code = 0 if "--exit-zero" in command or not findings \
                        else 1
                    self.assertEqual(p.returncode, exit_code, p.stderr)

    def test_makefile_recipe_is_the_example_s(self):
        makefile = (ROOT / "examples" / "makefile" / "Makefile").read_text()
        lines = makefile.splitlines()
        for b in self.of_kind("makefile"):
            with self.subTest(block=repr(b)):
                at = 0
                for line in (l for l in b.lines if l.strip()):
                    self.assertIn(line, lines[at:],
                                  "not in examples/makefile/Makefile (in "
                                  "this order)")
                    at = lines.index(line, at) + 1


def list_blocks():
    for b in read_all_blocks():
        kind, reason = classify(b)
        what = f"skipped: {reason}" if kind == "skip" else \
            (kind or f"UNCHECKED: {reason}")
        print(f"{b!r}: ```{b.lang}: {what}")
        if kind == "shell":
            for raw in b.lines:
                command, _ = split_comment(raw)
                for part in command.split(" && "):
                    part = part.strip()
                    if not part or part.startswith("#"):
                        continue
                    reason = skipped_command(part)
                    if reason:
                        print(f"    `{part}` not run: {reason}")
                    elif not runnable(part):
                        print(f"    `{part}` UNCHECKED: not run, no reason")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", help="the agc binary under test")
    ap.add_argument("--list", action="store_true",
                    help="print every block and how it is checked")
    args, rest = ap.parse_known_args()
    if args.list:
        list_blocks()
        sys.exit(0)
    if not args.agc:
        ap.error("--agc is required")
    AGC = os.path.abspath(args.agc)
    result = unittest.main(argv=[sys.argv[0], *rest], exit=False, verbosity=1)
    sys.exit(0 if result.result.wasSuccessful() else 1)
