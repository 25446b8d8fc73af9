"""TorchScript and eager originals: ``torch.jit.script`` compiles a
function or an ``nn.Module``'s methods from their source text, and the
source of an eager original holds agc's entry guard (``if _ag__guard__ and
_ag__guard__.tracing(): return _ag__guard__.call_own_twin(...)``), which
TorchScript cannot compile (``_ag__guard__`` is a Python global it does not
take). Scripting never runs Python, so the guard has nothing to do there:
TorchScript is given the source with the guard's line left blank (line
numbers unchanged), which is the user's code as written, as with the
original library.

Installed once with the torch staging (torch_backend): PyTorch reads source
through ``torch._sources.get_source_lines_and_file``, imported by name into
the modules that compile, whose names are wrapped here. Another PyTorch
without those names is left as it is.
"""

import sys

# The guard's text up to its arguments (InsertGuard in
# passes/functions/eager_originals.cpp).
_GUARD = ("if _ag__guard__ and _ag__guard__.tracing(): "
          "return _ag__guard__.call_own_twin(")
_USERS = ("torch._sources", "torch.jit.frontend", "torch.jit.annotations",
          "torch._jit_internal")
_NAME = "get_source_lines_and_file"


def without_guards(lines):
    """The source lines with each guard line blank (the same list when
    there is none)."""
    if not any(_GUARD in line for line in lines):
        return lines
    return ["\n" if line.lstrip().startswith(_GUARD) else line
            for line in lines]


def install():
    """Wraps PyTorch's source reader where it is imported; True when done."""
    sources = sys.modules.get("torch._sources")
    reader = getattr(sources, _NAME, None)
    if reader is None:
        return False
    if getattr(reader, "_agc_hides_guards", False):
        return True

    def get_source_lines_and_file(obj, error_msg=None):
        lines, lineno, filename = reader(obj, error_msg)
        return without_guards(lines), lineno, filename

    get_source_lines_and_file._agc_hides_guards = True
    get_source_lines_and_file.__doc__ = reader.__doc__
    for name in _USERS:
        module = sys.modules.get(name)
        if module is not None and getattr(module, _NAME, None) is reader:
            setattr(module, _NAME, get_source_lines_and_file)
    return True
