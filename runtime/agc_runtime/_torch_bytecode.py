"""PyTorch: what the code of a converted statement's body or branch may do,
read from its bytecode (Python 3.11 to 3.13) and kept per code object.

* ``_branch_kind``: whether torch.where may select between an if's
  branches instead of a torch.cond (``Staging._selects``).
* ``may_mutate``: whether a body or branch may change a tensor it is given
  in place (``i += 1``, ``m |= c``, ``x[k] = v``, ``x.add_(1)``):
  torch.cond and while_loop refuse to have their inputs changed ("Higher
  order ops do not support input mutation"), so such a function is given
  copies (``Staging._copies``), of the variables it names when its only
  changes are ``name op= v`` on names it stores nothing else into (a loop
  copies only those); the others, none.

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
    """Whether fn, a body or branch, may change its tensors in place: False,
    True (any of them; a callable that is not a plain function may), or a
    tuple of the names of those it may change (code_mutates)."""
    code = getattr(fn, "__code__", None)
    if type(fn) is not types.FunctionType or code is None:
        return True
    return code_mutates(code)


def code_mutates(code):
    """False, True or a sorted tuple of names: when the only changes in
    place are ``name op= value`` in the function's own code, on local
    names that nothing else there stores (so each holds the object it was
    given), those names; the caller copies the variables of those names (a
    name the caller does not know means all)."""
    found = _mutations.get(code)
    if found is not None:
        return found
    found = _scan(code)
    # A function it defines (an if's branch) that changes anything: any of
    # them (the branch's names are its own, bound by the caller).
    if found is not True and any(
            code_mutates(inner) for inner in code.co_consts
            if type(inner) is types.CodeType):
        found = True
    _mutations[code] = found
    return found


_STORES = frozenset(("STORE_FAST", "STORE_FAST_LOAD_FAST",
                     "STORE_FAST_STORE_FAST", "DELETE_FAST"))


def _stored(ins):
    """The local names an instruction of _STORES stores or deletes."""
    value = ins.argval
    if ins.opname == "STORE_FAST_LOAD_FAST":
        return (value[0],)
    return tuple(value) if type(value) is tuple else (value,)


def _scan(code):
    """code_mutates for one code object, without the functions it
    defines."""
    names = set()
    other_stores = set()
    runtime = False  # the previous instruction loads the runtime's module
    inplace = False  # the previous instruction is an in-place operator
    for ins in dis.get_instructions(code):
        name = ins.opname
        if name in _STORES:
            stored = _stored(ins)
            if inplace and name != "STORE_FAST_STORE_FAST":
                names.add(stored[0])
                other_stores.update(stored[1:])
            else:
                other_stores.update(stored)
        elif inplace:
            return True  # an attribute, item or cell changed in place
        if name in _SUBSCRIPT_STORES:
            return True
        if name in _ATTRIBUTE_LOADS and type(ins.argval) is str:
            attr = ins.argval
            if not runtime and attr.endswith("_") and \
                    not attr.endswith("__"):
                return True
        inplace = name == "BINARY_OP" and ins.arg in _NB_INPLACE
        runtime = name == "LOAD_GLOBAL" and ins.argval == _RUNTIME_NAME
    if inplace:
        return True
    if names & other_stores:
        return True  # such a name may hold another variable's object
    return tuple(sorted(names)) if names else False
