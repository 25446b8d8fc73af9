"""PyTorch: what the code of a converted statement's body or branch may do,
read from its bytecode (Python 3.11 to 3.13) and kept per code object.

* ``_branch_kind``: whether torch.where may select between an if's
  branches instead of a torch.cond (``Staging._selects``).
* ``may_mutate``: whether a body or branch may change a tensor it is given
  in place (``i += 1``, ``m |= c``, ``x[k] = v``, ``x.add_(1)``,
  ``ag__.set_item``): torch.cond and while_loop refuse to have their inputs
  changed ("Higher order ops do not support input mutation"), so such a
  function is given copies (``Staging._copies``); the others, none.

Where Dynamo traces the staging (strict export, torch.compile), it cannot
run ``dis``: its hook (``_torch_dynamo.install``) answers
``_branch_kind`` and ``may_mutate`` from the code of Dynamo's function.
"""

import dis
import types

# Branches torch.where may select between (Staging._selects): their code
# only moves values between the branch's parameters, constants and the
# variables of enclosing functions, and returns them ("moves"), or also adds
# and subtracts ("add_sub"). No call, attribute, subscript, global, import,
# unpacking (which iterates), in-place operator or raise can hide in them,
# so running such a branch when its condition is false changes nothing:
# the program keeps one branch's outputs, as with cond. By opcode name,
# Python 3.11 to 3.13.
_MOVES = frozenset((
    "RESUME", "NOP", "CACHE", "EXTENDED_ARG", "COPY_FREE_VARS", "MAKE_CELL",
    "LOAD_CONST", "RETURN_CONST", "LOAD_FAST", "LOAD_FAST_CHECK",
    "LOAD_FAST_LOAD_FAST", "STORE_FAST", "STORE_FAST_STORE_FAST",
    "STORE_FAST_LOAD_FAST", "LOAD_DEREF", "BUILD_TUPLE", "RETURN_VALUE",
    "POP_TOP", "COPY", "SWAP"))
_NB_ADD, _NB_SUBTRACT = 0, 10
_branch_kinds = {}


def _branch_kind(fn):
    """"moves", "add_sub" or None (see _MOVES) for a branch function."""
    code = getattr(fn, "__code__", None)
    if type(fn) is not types.FunctionType or code is None:
        return None
    return _code_kind(code)


def _code_kind(code):
    kind = _branch_kinds.get(code, 0)
    if kind != 0:
        return kind
    kind = "moves"
    closure = False
    for ins in dis.get_instructions(code):
        if ins.opname == "BINARY_OP" and ins.arg in (_NB_ADD, _NB_SUBTRACT):
            kind = "add_sub"
        elif ins.opname not in _MOVES:
            kind = None
            break
        closure = closure or ins.opname == "LOAD_DEREF"
    if kind == "add_sub" and closure:
        # + on a variable of an enclosing function: of a type unknown here.
        kind = None
    _branch_kinds[code] = kind
    return kind


# A function may change a tensor it is given in place (may_mutate) when
# its code, or that of a function it defines (an if's branch inside a loop
# body), has an in-place operator (``+=``, ``|=``... : BINARY_OP's
# NB_INPLACE_* arguments), stores or deletes a subscript or slice, or
# reads an attribute named like PyTorch's in-place methods (``add_``,
# ``copy_``, ``index_put_``, ``zero_``: one trailing underscore, not a
# dunder) other than the runtime's own operators (``ag__.and_``,
# ``ag__.not_``...; ``ag__.set_item`` writes out of place while PyTorch
# traces).
_NB_INPLACE = range(13, 26)
_SUBSCRIPT_STORES = frozenset(("STORE_SUBSCR", "DELETE_SUBSCR",
                               "STORE_SLICE"))
_ATTRIBUTE_LOADS = frozenset(("LOAD_ATTR", "LOAD_METHOD"))
_RUNTIME_NAME = "ag__"  # the converter's name for agc_runtime
_mutations = {}


def may_mutate(fn):
    """Whether fn, a body or branch, may change its tensors in place (a
    callable that is not a plain function: it may)."""
    code = getattr(fn, "__code__", None)
    if type(fn) is not types.FunctionType or code is None:
        return True
    return code_mutates(code)


def code_mutates(code):
    found = _mutations.get(code)
    if found is not None:
        return found
    found = False
    runtime = False  # the previous instruction loads the runtime's module
    for ins in dis.get_instructions(code):
        name = ins.opname
        if name == "BINARY_OP" and ins.arg in _NB_INPLACE:
            found = True
        elif name in _SUBSCRIPT_STORES:
            found = True
        elif name in _ATTRIBUTE_LOADS and type(ins.argval) is str:
            attr = ins.argval
            found = not runtime and attr.endswith("_") and \
                not attr.endswith("__")
        if found:
            break
        runtime = name == "LOAD_GLOBAL" and ins.argval == _RUNTIME_NAME
    if not found:
        found = any(code_mutates(c) for c in code.co_consts
                    if type(c) is types.CodeType)
    _mutations[code] = found
    return found
