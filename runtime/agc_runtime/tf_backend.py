"""The tf backend: binds the protocol names to TensorFlow's own operators.

Converted code written against the reference operator protocol runs inside
``tf.function`` when ``ag__`` is TensorFlow's AutoGraph namespace. This
module builds that namespace from TensorFlow's modules, name by name, so the
mapping stays small and reviewable. It is imported only when the backend is
selected (``AGC_BACKEND=tf`` or ``agc_runtime.use('tf')``); TensorFlow is
never imported otherwise.

Where TensorFlow has no counterpart of a name (``retval`` in newer versions,
builtin overloads that older versions lack), the entry says what is used.
"""

# (protocol name, module under tensorflow.python.autograph, attribute there)
_MAPPING = (
    ("if_stmt", "operators", "if_stmt"),
    ("while_stmt", "operators", "while_stmt"),
    ("for_stmt", "operators", "for_stmt"),
    ("if_exp", "operators", "if_exp"),
    ("and_", "operators", "and_"),
    ("or_", "operators", "or_"),
    ("not_", "operators", "not_"),
    ("eq", "operators", "eq"),
    ("not_eq", "operators", "not_eq"),
    ("ld", "operators", "ld"),
    ("ldu", "operators", "ldu"),
    ("Undefined", "operators", "Undefined"),
    ("UndefinedReturnValue", "operators", "UndefinedReturnValue"),
    ("assert_stmt", "operators", "assert_stmt"),
    ("new_list", "operators", "new_list"),
    ("list_append", "operators", "list_append"),
    ("list_pop", "operators", "list_pop"),
    ("ListPopOpts", "operators", "ListPopOpts"),
    ("list_stack", "operators", "list_stack"),
    ("ListStackOpts", "operators", "ListStackOpts"),
    ("get_item", "operators", "get_item"),
    ("GetItemOpts", "operators", "GetItemOpts"),
    ("set_item", "operators", "set_item"),
    ("print_", "operators", "print_"),
    ("len_", "operators", "len_"),
    ("range_", "operators", "range_"),
    ("int_", "operators", "int_"),
    ("float_", "operators", "float_"),
    ("converted_call", "impl.api", "converted_call"),
    ("do_not_convert", "impl.api", "do_not_convert"),
    ("autograph_artifact", "impl.api", "autograph_artifact"),
    ("ConversionOptions", "core.converter", "ConversionOptions"),
    ("STD", "core.converter", "STANDARD_OPTIONS"),
    ("Feature", "core.converter", "Feature"),
    ("FunctionScope", "core.function_wrappers", "FunctionScope"),
    ("with_function_scope", "core.function_wrappers", "with_function_scope"),
    ("set_loop_options", "lang.directives", "set_loop_options"),
    ("set_element_type", "lang.directives", "set_element_type"),
)

# Builtin overloads that some TensorFlow versions lack: fall back to the
# Python builtin (TensorFlow's converted_call then calls it unchanged).
_OPTIONAL_BUILTINS = (
    ("abs_", abs), ("enumerate_", enumerate), ("zip_", zip), ("map_", map),
    ("filter_", filter), ("any_", any), ("all_", all), ("sorted_", sorted),
)

_PACKAGE = "tensorflow.python.autograph"


def _import(name):
    module = __import__(name)
    for part in name.split(".")[1:]:
        module = getattr(module, part)
    return module


def load():
    """The protocol namespace bound to TensorFlow; ImportError if unusable."""
    try:
        _import("tensorflow")
    except ImportError as e:
        raise ImportError(
            "agc_runtime: the 'tf' backend needs TensorFlow, which cannot be "
            "imported here (%s). Install tensorflow, or select the 'python' "
            "or 'staged' backend (AGC_BACKEND / agc_runtime.use())." % e
        ) from e
    modules = {}
    table = {}
    missing = []
    for name, module_name, attr in _MAPPING:
        if module_name not in modules:
            try:
                modules[module_name] = _import(_PACKAGE + "." + module_name)
            except ImportError:
                modules[module_name] = None
        module = modules[module_name]
        if module is None or not hasattr(module, attr):
            missing.append("%s (%s.%s.%s)" % (name, _PACKAGE, module_name,
                                              attr))
            continue
        table[name] = getattr(module, attr)
    if missing:
        raise ImportError(
            "agc_runtime: this TensorFlow does not provide the operators "
            "agc's generated code uses: " + ", ".join(missing))
    operators = modules["operators"]
    for name, builtin in _OPTIONAL_BUILTINS:
        table[name] = getattr(operators, name, builtin)
    undefined_return = table["UndefinedReturnValue"]

    def retval(value):
        """Maps "no return" to None (older protocol spelling)."""
        if isinstance(value, undefined_return):
            return None
        return value

    table["retval"] = getattr(operators, "retval", retval)
    return table
