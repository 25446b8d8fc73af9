"""Structural patterns of ``match`` statements, matched as CPython 3.11 does.

The ``match_statements`` pass lowers a ``match`` into ``if``/``else``: a
case whose pattern compares the subject with values (``case 1 | 2:``,
``case None:``) becomes a plain test (``subject_ == 1 or subject_ == 2``),
which stages like any other; a case with a sequence, mapping or class
pattern, or with captures below the top, asks ``match_``::

    match point:                      subject_ = point
        case Point(x=0, y=y):   ->    match_1_ = ag__.match_(subject_,
            ...                           ag__.MatchClass(lambda: Point, (),
                                              ('x', 'y'), (ag__.MatchValue(
                                              lambda: 0), ag__.MatchAs(None,
                                              'y'))), ('y',))
                                      if match_1_ is not None:
                                          y, = match_1_
                                          ...

``match_(subject, pattern, names)`` returns the values of the captured
``names`` (a tuple, in that order) when ``pattern`` matches, else None;
nothing is bound while matching, so a case that fails binds nothing, as in
CPython. Value patterns, mapping keys and class names are thunks, evaluated
when the match reaches them. The checks, the calls (``__len__``,
``__getitem__``, iteration, ``get``, ``__match_args__``, ``isinstance``) and
their order, and the errors are CPython 3.11's:

* a sequence pattern needs ``type(subject)`` flagged as a sequence (list,
  tuple, range, memoryview, deque, array, ``collections.abc.Sequence``
  subclasses and registered classes; not str, bytes or bytearray), and
  ``len(subject)`` equal to the number of subpatterns (at least that number
  less one with a star, not asked for ``[*_]``); the items are then taken by
  unpacking (iteration) or, with a ``*_`` and other subpatterns, by
  subscripting only the positions that are not wildcards (``subject[i]``, and
  ``subject[len(subject) - k]`` after the star), each when reached;
* a mapping pattern needs ``type(subject)`` flagged as a mapping, at least as
  many items as keys (``len``), the keys (evaluated then), ``subject.get``
  looked up once and called with each key and a sentinel until one is
  missing (a key repeated: ValueError), the values' subpatterns, and for
  ``**rest`` a dict copy of the subject without the keys;
* a class pattern evaluates the class (a TypeError if it is not a type),
  ``isinstance(subject, cls)``, ``cls.__match_args__`` when there are
  positional subpatterns (a type without it that is bool, bytearray, bytes,
  dict, float, frozenset, int, list, set, str or tuple, or a subclass,
  matches itself with one), then each attribute (a missing one fails the
  pattern), then the subpatterns.

A staged value (a tensor in a ``tf.function`` graph, a JAX tracer, the
staged backend's values) cannot match a sequence, mapping or class pattern:
its structure is not known while tracing; that is a TypeError naming the
pattern, with a note naming the case's original line.
"""

import sys as _sys

from . import _importlib_bootstrap_python as _python_ops
from . import core as _core

# CPython's message for `case f():` with f() not a class (3.12 said "class").
_NOT_A_CLASS = ("called match pattern must be a class"
                if _sys.version_info >= (3, 12)
                else "called match pattern must be a type")
_SEQUENCE_FLAG = 1 << 5  # Py_TPFLAGS_SEQUENCE
_MAPPING_FLAG = 1 << 6  # Py_TPFLAGS_MAPPING
_MATCH_SELF = (bool, bytearray, bytes, dict, float, frozenset, int, list,
               set, str, tuple)
_MISSING = object()


class _NoMatch(Exception):
    """Raised inside a pattern when it fails (caught by match_)."""


def match_(subject, pattern, names):
    """The values of ``names`` captured by ``pattern`` on ``subject``, or
    None when it does not match."""
    captures = {}
    try:
        pattern.match(subject, captures)
    except _NoMatch:
        return None
    return tuple(captures[name] for name in names)


_STAGED_MODULE = __name__.rpartition(".")[0] + ".staged"


def _is_staged(value):
    staged = _sys.modules.get(_STAGED_MODULE)  # the staged backend's values
    # By its type, not isinstance: that would read the subject's __class__,
    # an attribute access the original's match does not make.
    return _python_ops.staging_for(value) is not None or (
        staged is not None and issubclass(type(value), staged.Value))


def _refuse_staged(subject, what):
    if _is_staged(subject):
        _raise_noted(TypeError(
            "a %s pattern cannot match a staged value (%s): its structure is "
            "not known while tracing; match on Python values, or use "
            "comparisons with values (case 1 | 2:)"
            % (what, type(subject).__name__)))


def _raise_noted(error):
    """Raises error with a note naming the case's original line."""
    _core.note_origin(error, "match")
    raise error


class MatchValue:
    """``case <value>:``: ``subject == value()``."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def match(self, subject, captures):
        if _is_staged(subject):
            # At the top of a case, a value pattern is a comparison in an
            # `if`, which stages; here it is inside a structure, or has an
            # `as` name and a guard.
            _raise_noted(TypeError(
                "a value pattern cannot compare a staged value (%s) inside a "
                "sequence, mapping or class pattern, or with both an `as` "
                "name and a guard: match it at the top of a case, as in "
                "`case 1 | 2:`" % type(subject).__name__))
        if not subject == self.value():
            raise _NoMatch


class MatchSingleton:
    """``case None:`` / ``True`` / ``False``: ``subject is value``."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def match(self, subject, captures):
        if subject is not self.value:
            raise _NoMatch


class MatchAs:
    """``case p as name:``, ``case name:`` (pattern None), ``case _:``
    (both None)."""

    __slots__ = ("pattern", "name")

    def __init__(self, pattern=None, name=None):
        self.pattern = pattern
        self.name = name

    def match(self, subject, captures):
        if self.pattern is not None:
            self.pattern.match(subject, captures)
        if self.name is not None:
            captures[self.name] = subject


def _is_wildcard(pattern):
    return (type(pattern) is MatchAs and pattern.pattern is None and
            pattern.name is None)


class MatchOr:
    """``case p1 | p2 | ...:``: the first alternative that matches."""

    __slots__ = ("patterns",)

    def __init__(self, *patterns):
        self.patterns = patterns

    def match(self, subject, captures):
        for pattern in self.patterns:
            alternative = {}
            try:
                pattern.match(subject, alternative)
            except _NoMatch:
                continue
            captures.update(alternative)
            return
        raise _NoMatch


class MatchStar:
    """``*name`` (or ``*_``, name None) in a sequence pattern."""

    __slots__ = ("name",)

    def __init__(self, name=None):
        self.name = name


class MatchSequence:
    """``case [p1, p2, *rest]:`` and ``case (p1, p2):``."""

    __slots__ = ("patterns", "star", "only_wildcards")

    def __init__(self, *patterns):
        self.patterns = patterns
        self.star = -1
        for i, pattern in enumerate(patterns):
            if type(pattern) is MatchStar:
                self.star = i
        self.only_wildcards = all(
            _is_wildcard(p) or (type(p) is MatchStar and p.name is None)
            for p in patterns)

    def match(self, subject, captures):
        _refuse_staged(subject, "sequence")
        if not type(subject).__flags__ & _SEQUENCE_FLAG:
            raise _NoMatch
        patterns, star = self.patterns, self.star
        size = len(patterns)
        if star < 0:
            if len(subject) != size:
                raise _NoMatch
        elif size > 1 and len(subject) < size - 1:
            raise _NoMatch
        if self.only_wildcards:
            return
        if star >= 0 and patterns[star].name is None:
            # `*_` among other subpatterns: subscripts, each when reached.
            for i, pattern in enumerate(patterns):
                if i == star or _is_wildcard(pattern):
                    continue
                if i < star:
                    item = subject[i]
                else:
                    item = subject[len(subject) - (size - i)]
                pattern.match(item, captures)
            return
        items = _unpack(subject, size, star)
        for pattern, item in zip(patterns, items):
            if type(pattern) is MatchStar:
                if pattern.name is not None:
                    captures[pattern.name] = item
            else:
                pattern.match(item, captures)


def _unpack(subject, size, star):
    """``a, b = subject`` / ``a, *b, c = subject`` as CPython unpacks: the
    items, the starred ones as a list."""
    if star < 0:
        if type(subject) is list or type(subject) is tuple:
            return list(subject)  # its length was just checked
        iterator = iter(subject)
        items = []
        for _ in range(size):
            try:
                items.append(next(iterator))
            except StopIteration:
                raise ValueError(
                    "not enough values to unpack (expected %d, got %d)"
                    % (size, len(items))) from None
        for _ in iterator:
            raise ValueError("too many values to unpack (expected %d)" % size)
        return items
    before, after = star, size - star - 1
    iterator = iter(subject)
    items = []
    for _ in range(before):
        try:
            items.append(next(iterator))
        except StopIteration:
            raise ValueError(
                "not enough values to unpack (expected at least %d, got %d)"
                % (before + after, len(items))) from None
    rest = list(iterator)
    if len(rest) < after:
        raise ValueError(
            "not enough values to unpack (expected at least %d, got %d)"
            % (before + after, before + len(rest)))
    if after:
        items.append(rest[:len(rest) - after])
        items.extend(rest[len(rest) - after:])
    else:
        items.append(rest)
    return items


class MatchMapping:
    """``case {k1: p1, k2: p2, **rest}:``; keys() gives the keys (literals
    and dotted names), evaluated once the subject is a mapping with enough
    items."""

    __slots__ = ("keys", "patterns", "rest")

    def __init__(self, keys, patterns, rest=None):
        self.keys = keys
        self.patterns = patterns
        self.rest = rest

    def match(self, subject, captures):
        _refuse_staged(subject, "mapping")
        if not type(subject).__flags__ & _MAPPING_FLAG:
            raise _NoMatch
        patterns = self.patterns
        if not patterns and self.rest is None:
            return
        if patterns and len(subject) < len(patterns):
            raise _NoMatch
        keys = self.keys()
        values = []
        if keys:
            get = subject.get
            seen = set()
            for key in keys:
                if key in seen:
                    raise ValueError(
                        "mapping pattern checks duplicate key (%r)" % (key,))
                seen.add(key)
                value = get(key, _MISSING)
                if value is _MISSING:
                    raise _NoMatch
                values.append(value)
        for pattern, value in zip(patterns, values):
            pattern.match(value, captures)
        if self.rest is not None:
            rest = {}
            rest.update(subject)
            for key in keys:
                del rest[key]
            captures[self.rest] = rest


class MatchClass:
    """``case Cls(p1, p2, name=p3):``; cls() gives the class."""

    __slots__ = ("cls", "patterns", "kwd_attrs", "kwd_patterns")

    def __init__(self, cls, patterns, kwd_attrs, kwd_patterns):
        self.cls = cls
        self.patterns = patterns
        self.kwd_attrs = kwd_attrs
        self.kwd_patterns = kwd_patterns

    def match(self, subject, captures):
        cls = self.cls()
        if not isinstance(cls, type):
            raise TypeError(_NOT_A_CLASS)
        _refuse_staged(subject, "class")
        if not isinstance(subject, cls):
            raise _NoMatch
        values = []
        seen = set()
        npos = len(self.patterns)
        if npos:
            try:
                match_args = cls.__match_args__
            except AttributeError:
                match_self = issubclass(cls, _MATCH_SELF)
                match_args = ()
            else:
                match_self = False
                if type(match_args) is not tuple:
                    raise TypeError(
                        "%s.__match_args__ must be a tuple (got %s)"
                        % (cls.__name__, type(match_args).__name__))
            allowed = 1 if match_self else len(match_args)
            if allowed < npos:
                raise TypeError(
                    "%s() accepts %d positional sub-pattern%s (%d given)"
                    % (cls.__name__, allowed, "" if allowed == 1 else "s",
                       npos))
            if match_self:
                values.append(subject)
            else:
                for name in match_args[:npos]:
                    if type(name) is not str:
                        raise TypeError(
                            "__match_args__ elements must be strings "
                            "(got %s)" % type(name).__name__)
                    values.append(_attribute(subject, cls, name, seen))
        for name in self.kwd_attrs:
            values.append(_attribute(subject, cls, name, seen))
        for pattern, value in zip(self.patterns + self.kwd_patterns, values):
            pattern.match(value, captures)


def _attribute(subject, cls, name, seen):
    if name in seen:
        raise TypeError("%s() got multiple sub-patterns for attribute %r"
                        % (cls.__name__, name))
    seen.add(name)
    try:
        return getattr(subject, name)
    except AttributeError:
        raise _NoMatch from None


PATTERNS = {
    "match_": match_,
    "MatchValue": MatchValue,
    "MatchSingleton": MatchSingleton,
    "MatchAs": MatchAs,
    "MatchOr": MatchOr,
    "MatchStar": MatchStar,
    "MatchSequence": MatchSequence,
    "MatchMapping": MatchMapping,
    "MatchClass": MatchClass,
}
