"""PyTorch: subscripts whose position is a traced integer tensor.

``x[:, t]`` with ``t`` a 0-d integer tensor (a loop's carried index) is, in
PyTorch's own indexing, ``x[:, t.item()]``: while PyTorch traces, the
``.item()`` is a data-dependent integer, which a while_loop's body cannot
give back (export fails with PendingUnbackedSymbolNotFound). Here each such
position is PyTorch's advanced indexing with a 1-element index tensor
along its dimension (``aten.index``, a read; ``aten.index_put``, a write),
with Python's meaning: the
dimension goes away on a read, a negative position counts from the end,
the value written is cast to the target's dtype and broadcast as
``x[k] = v`` would. A write is out of place (the converter rebinds the
name: ``x = ag__.set_item(x, k, v)``), so a staged body never changes its
own input; other names for the same tensor do not see it, while PyTorch
traces. Reads and writes with other keys, and writes with more
than one such position (``grid[r, c] = v``: PyTorch's advanced indexing,
an index_put with no ``.item()``, on a copy), are PyTorch's own ``x[k]``
and ``x[k] = v``.

Used by ``torch_backend.Staging.get_item``/``set_item`` (the converter's
``ag__.get_item``/``ag__.set_item``, while PyTorch traces).
"""


def _is_position(torch, k):
    """Whether key entry k is a 0-d integer tensor (bool and uint8 tensors
    are masks in PyTorch's indexing, not positions)."""
    return (isinstance(k, torch.Tensor) and k.dim() == 0 and
            k.dtype in (torch.int64, torch.int32, torch.int16, torch.int8))


def _positions(torch, target, i):
    """(key as a tuple, [(entry, input dim, output dim)] of its traced
    positions, whether its other entries are full slices and Ellipsis
    only), or None when it has no traced position or has entries other
    than ints, slices, None and Ellipsis besides them (PyTorch's indexing
    then)."""
    key = i if type(i) is tuple else (i,)
    plan = position_plan(torch, target, key)
    return None if plan is None else (key,) + plan


def position_plan(torch, target, key):
    """_positions' list and flag for key (a tuple), or None; read from the
    types, dimensions and dtypes of target and of key's entries and from
    its slices only, which is what lets Dynamo's hook answer it on its
    example values (_torch_dynamo) instead of tracing it at every
    subscript."""
    consumed = 0  # dims of target the key's entries index
    any_position = False
    for k in key:
        if k is None or k is Ellipsis:
            continue
        if _is_position(torch, k):
            any_position = True
        elif not (type(k) is int or type(k) is slice or
                  isinstance(k, torch.SymInt)):
            return None
        consumed += 1
    if not any_position:
        return None
    positions = []
    in_dim = out_dim = 0
    for n, k in enumerate(key):
        if k is Ellipsis:
            rest = target.dim() - consumed
            in_dim += rest
            out_dim += rest
        elif k is None:
            out_dim += 1
        elif type(k) is slice:
            in_dim += 1
            out_dim += 1
        elif _is_position(torch, k):
            positions.append((n, in_dim, out_dim))
            in_dim += 1
            out_dim += 1
        else:  # an int: its dimension goes away
            in_dim += 1
    # The key with its positions as full slices selects all of target:
    # the target itself, no view to trace.
    whole = all(k is Ellipsis or (type(k) is slice and k == slice(None))
                for n, k in enumerate(key)
                if not any(n == p[0] for p in positions))
    return positions, whole


def _basic(key, positions):
    """key with slice(None) for each traced position: a view."""
    basic = list(key)
    for n, _, _ in positions:
        basic[n] = slice(None)
    return tuple(basic)


def _index(torch, position, device):
    """position (a 0-d integer tensor) as a 1-element index on the target's
    device, for PyTorch's advanced indexing (aten.index, aten.index_put),
    which counts a negative position from the end and refuses one out of
    range, as Python's ``x[t]`` (index_select would need the negative one
    made positive first: three more operations)."""
    if position.dtype is not torch.int64 or position.device != device:
        position = position.to(device=device, dtype=torch.int64)
    return position.reshape(1)


def _at(dim, index):
    """aten.index's and aten.index_put's indices: index at dimension dim,
    every dimension before it whole."""
    return [None] * dim + [index]


def get_item(torch, target, i):
    """``target[i]`` for a tensor target."""
    found = _positions(torch, target, i)
    if found is None:
        return target[i]
    key, positions, whole = found
    out = target if whole else target[_basic(key, positions)]
    # From the last dimension down: dropping one leaves those before it.
    for n, _, out_dim in reversed(positions):
        index = _index(torch, key[n], target.device)
        out = torch.ops.aten.index.Tensor(out, _at(out_dim, index))
        out = out.squeeze(out_dim)
    return out


def set_item(torch, target, i, x):
    """``target[i] = x`` for a tensor target, out of place: a new tensor
    (target is left as it is: a staged body's own input, which torch.cond
    and while_loop refuse to see changed)."""
    found = _positions(torch, target, i)
    if found is None or len(found[1]) != 1:
        out = target.clone()
        out[i] = x
        return out
    key, positions, whole = found
    (n, in_dim, out_dim), = positions
    # Only full slices besides the position: the destination is the target
    # (no view, no copy first); otherwise a view of a copy.
    whole = whole and in_dim == out_dim
    if whole:
        out = view = target
    else:
        out = target.clone()
        view = out[_basic(key, positions)]
    shape = view.shape[:out_dim] + view.shape[out_dim + 1:]
    if not isinstance(x, torch.Tensor):
        value = torch.as_tensor(x, dtype=target.dtype, device=target.device)
    elif x.dtype != target.dtype or x.device != target.device:
        value = x.to(dtype=target.dtype, device=target.device)
    else:
        value = x  # no cast to trace
    # As ``target[i] = x``: leading dimensions of size 1 beyond the
    # destination's are dropped, the rest broadcast.
    while value.dim() > len(shape) and value.shape[0] == 1:
        value = value.squeeze(0)
    if value.shape != shape:
        value = value.expand(shape)
    value = value.unsqueeze(out_dim)
    index = _index(torch, key[n], target.device)
    if whole:
        # index_put: one new tensor.
        return torch.ops.aten.index_put.default(target, _at(in_dim, index),
                                                value)
    torch.ops.aten.index_put_.default(view, _at(out_dim, index), value)
    return out
