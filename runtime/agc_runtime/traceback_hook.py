"""Maps tracebacks of converted files back to the original source.

agc writes ``OUT.py.map.json`` next to every converted ``OUT.py``::

    {"version": 1, "source": "model.py", "generated": "model_ag.py",
     "source_sha256": "...", "origin_lines": [1, 1, 3, ...]}

Entry k of ``origin_lines`` is the original line of generated line k+1;
``source`` is relative to the folder of the map file.

Two entry points:

* ``install_traceback_hook()`` rewrites live tracebacks: every frame in a
  converted file (one that has a map next to it) is shown at its original
  file and line, with the original source text, which is also registered
  with ``linecache``. By default the runtime's own frames are hidden.
* ``remap_traceback(text)`` does the same to the text of a traceback (what
  ``agc remap`` does from the command line).

A map whose ``source_sha256`` does not match the source file on disk is
ignored: the source changed after conversion, so its lines would be wrong.
"""

import os
import sys

_RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__))

_maps = {}        # generated path -> SourceMap or None (no usable map)
_installed = None  # state of the installed hook, or None


class SourceMap:
    """A loaded source map: original file and line of each generated line."""

    __slots__ = ("generated", "source", "origin_lines", "source_lines")

    def __init__(self, generated, source, origin_lines, source_lines):
        self.generated = generated
        self.source = source
        self.origin_lines = origin_lines
        self.source_lines = source_lines

    def original_line(self, lineno):
        """Original line number of generated line ``lineno`` (1-based)."""
        if lineno is None or not 1 <= lineno <= len(self.origin_lines):
            return None
        return self.origin_lines[lineno - 1]

    def source_text(self, lineno):
        if lineno is not None and 1 <= lineno <= len(self.source_lines):
            return self.source_lines[lineno - 1]
        return ""


def load_map(generated_path):
    """The SourceMap of a generated file, or None (no map, or stale map)."""
    if generated_path in _maps:
        return _maps[generated_path]
    result = None
    try:
        result = _read_map(generated_path)
    except (OSError, ValueError, TypeError, KeyError, UnicodeDecodeError):
        result = None
    _maps[generated_path] = result
    return result


def _read_map(generated_path):
    if not generated_path or generated_path.startswith("<"):
        return None
    map_path = generated_path + ".map.json"
    if not os.path.isfile(map_path):
        return None
    import json
    with open(map_path, "r", encoding="utf-8") as f:
        data = json.load(f)
    if data.get("version") != 1:
        return None
    origin_lines = data["origin_lines"]
    if not isinstance(origin_lines, list) or not all(
            type(n) is int for n in origin_lines):
        return None
    source = os.path.normpath(os.path.join(
        os.path.dirname(os.path.abspath(map_path)), data["source"]))
    with open(source, "rb") as f:
        raw = f.read()
    expected = data.get("source_sha256")
    if expected:
        import hashlib
        if hashlib.sha256(raw).hexdigest() != expected.lower():
            return None
    text = raw.decode("utf-8", errors="replace")
    lines = _source_lines(text)
    _register_lines(source, text, lines)
    return SourceMap(generated_path, source, origin_lines, lines)


def _source_lines(text):
    """The lines of a source file as Python numbers them: split after \\n,
    \\r\\n and \\r only (str.splitlines also splits at form feeds and
    other separators, which would shift every later line)."""
    import re
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", text)


def _register_lines(path, text, lines):
    import linecache
    # mtime None: linecache.checkcache() leaves the entry alone.
    linecache.cache[path] = (len(text), None, lines, path)


def remap_location(filename, lineno):
    """(original file, original line) for a generated location, or None."""
    source_map = load_map(filename)
    if source_map is None:
        return None
    line = source_map.original_line(lineno)
    if line is None:
        return None
    return source_map.source, line


def is_runtime_file(filename):
    return bool(filename) and os.path.abspath(filename).startswith(
        _RUNTIME_DIR + os.sep)


# ---------------------------------------------------------------------------
# Text tracebacks
# ---------------------------------------------------------------------------

_FRAME_PREFIX = '  File "'


def _parse_frame_line(line):
    """(indent, filename, lineno, rest) of a '  File "x", line n, ...' line."""
    stripped = line.lstrip(" ")
    indent = line[:len(line) - len(stripped)]
    if not stripped.startswith('File "'):
        return None
    end = stripped.find('", line ', 6)
    if end < 0:
        return None
    filename = stripped[6:end]
    tail = stripped[end + len('", line '):]
    digits = 0
    while digits < len(tail) and tail[digits].isdigit():
        digits += 1
    if digits == 0:
        return None
    return indent, filename, int(tail[:digits]), tail[digits:]


def _is_caret_line(line):
    body = line.strip()
    return bool(body) and all(ch in "^~" for ch in body)


# ``path.py:LINE`` in free text; a path ends at a space, a quote, a bracket,
# a comma, ';', '=' or ':' (as agc remap reads it).
_REFERENCE = None


def _remap_references(line):
    global _REFERENCE
    if ".py:" not in line:
        return line
    if _REFERENCE is None:
        import re
        _REFERENCE = re.compile(
            r"""(?<![^ \t\r\n"'`()\[\]<>,;=:])"""
            r"""([^ \t\r\n"'`()\[\]<>,;=:]*\.py):(\d+)""")

    def replace(match):
        digits = match.group(2)
        location = None
        if len(digits) <= 9:
            location = remap_location(match.group(1), int(digits))
        if location is None:
            return match.group(0)
        return "%s:%d" % location

    return _REFERENCE.sub(replace, line)


def remap_traceback(text, hide_runtime_frames=True):
    """Rewrites the frames of a traceback text to original locations.

    Frame lines of converted files get the original file and line, the
    source line below them becomes the original source line, and column
    markers (which refer to the generated code) are dropped. Other lines
    get their ``path.py:LINE`` references remapped (warnings, logs).
    """
    out = []
    lines = text.splitlines(True)
    i = 0
    while i < len(lines):
        line = lines[i]
        parsed = _parse_frame_line(line)
        if parsed is None:
            out.append(_remap_references(line))
            i += 1
            continue
        indent, filename, lineno, rest = parsed
        # The frame's own source line and caret lines follow, indented more.
        j = i + 1
        code_lines = []
        while j < len(lines):
            nxt = lines[j]
            if (nxt.startswith(indent + "  ")
                    and _parse_frame_line(nxt) is None):
                code_lines.append(nxt)
                j += 1
            else:
                break
        if hide_runtime_frames and is_runtime_file(filename):
            i = j
            continue
        location = remap_location(filename, lineno)
        if location is None:
            out.append(line)
            out.extend(code_lines)
        else:
            source, original = location
            newline = "\n" if line.endswith("\n") else ""
            out.append('%sFile "%s", line %d%s' % (
                indent, source, original, rest.rstrip("\r\n")) + newline)
            source_line = load_map(filename).source_text(original).strip()
            if source_line:
                out.append(indent + "  " + source_line + "\n")
        i = j
    return "".join(out)


# ---------------------------------------------------------------------------
# Live hook
# ---------------------------------------------------------------------------


def _remap_summary(summary, hide_runtime_frames):
    """Rewrites a traceback.StackSummary (a list of FrameSummary) in place."""
    import traceback
    new = []
    for frame in summary:
        if hide_runtime_frames and is_runtime_file(frame.filename):
            continue
        location = remap_location(frame.filename, frame.lineno)
        if location is None:
            new.append(frame)
            continue
        source, original = location
        text = load_map(frame.filename).source_text(original).strip()
        new.append(traceback.FrameSummary(
            source, original, frame.name, lookup_line=False,
            locals=frame.locals, line=text))
    if len(new) != len(summary) or any(a is not b for a, b in
                                       zip(new, summary)):
        summary[:] = new
    return summary


def install_traceback_hook(hide_runtime_frames=True):
    """Shows tracebacks of converted code at the original lines.

    Patches the traceback module's stack extraction (used by
    ``traceback.print_exc``, ``format_exception``, logging, ...) and, when
    they are Python's defaults, ``sys.excepthook`` and
    ``threading.excepthook``. Calling it again only updates the option.
    """
    global _installed
    import traceback
    if _installed is not None:
        _installed["hide"] = hide_runtime_frames
        return
    state = {"hide": hide_runtime_frames}
    summary_cls = traceback.StackSummary
    attr = ("_extract_from_extended_frame_gen"
            if "_extract_from_extended_frame_gen" in vars(summary_cls)
            else "extract")
    original = vars(summary_cls)[attr]
    original_func = original.__func__

    def extract(klass, *args, **kwargs):
        result = original_func(klass, *args, **kwargs)
        return _remap_summary(result, state["hide"])

    setattr(summary_cls, attr, classmethod(extract))
    state["restore"] = [(summary_cls, attr, original)]

    if sys.excepthook is sys.__excepthook__:
        def excepthook(exc_type, exc_value, exc_tb):
            traceback.print_exception(exc_type, exc_value, exc_tb)
        sys.excepthook = excepthook
        state["restore"].append((sys, "excepthook", sys.__excepthook__))

    threading = sys.modules.get("threading")
    if threading is not None and getattr(threading, "excepthook", None) is \
            getattr(threading, "__excepthook__", object()):
        def thread_excepthook(args):
            if args.exc_type is SystemExit:
                return
            stream = sys.stderr
            if stream is None:
                return
            name = args.thread.name if args.thread is not None else \
                threading.get_ident()
            print("Exception in thread %s:" % name, file=stream, flush=True)
            traceback.print_exception(args.exc_type, args.exc_value,
                                      args.exc_traceback, file=stream)
            stream.flush()
        state["restore"].append((threading, "excepthook",
                                 threading.excepthook))
        threading.excepthook = thread_excepthook
    _installed = state


def uninstall_traceback_hook():
    """Undoes install_traceback_hook()."""
    global _installed
    if _installed is None:
        return
    for owner, attr, value in reversed(_installed["restore"]):
        setattr(owner, attr, value)
    _installed = None


def clear_cache():
    """Forgets loaded maps (e.g. after regenerating files)."""
    _maps.clear()
