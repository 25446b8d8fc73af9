import agc_runtime as ag__
import tensorflow as tf
from tensorflow.autograph.experimental import set_loop_options as slo
from tensorflow.autograph.experimental import set_element_type


@ag__.autograph_artifact
def spelled_out(xs, n):
    with ag__.FunctionScope('spelled_out', 'fscope', ag__.STD) as fscope:
        total = 0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            x = itr
            total += x
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x', 'maximum_iterations': n, 'parallel_iterations': 2})
        return total


@ag__.autograph_artifact
def alias_positional(n):
    with ag__.FunctionScope('alias_positional', 'fscope', ag__.STD) as fscope:
        i = 0
        def get_state():
            return (i,)
        def set_state(vars_):
            nonlocal i
            i, = vars_
        def loop_test():
            return i < n
        def loop_body():
            nonlocal i
            i += 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i',), {'parallel_iterations': 10, 'swap_memory': False})
        return i


@ag__.autograph_artifact
def only_statement(xs):
    with ag__.FunctionScope('only_statement', 'fscope', ag__.STD) as fscope:
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x', 'swap_memory': True})
        return xs


@ag__.autograph_artifact
def element_type(n):
    with ag__.FunctionScope('element_type', 'fscope', ag__.STD) as fscope:
        l = []
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            i = itr
            l.append(i)
        ag__.for_stmt(range(n), None, loop_body, get_state, set_state, (), {'iterate_names': 'i'})
        return l


@ag__.autograph_artifact
def misplaced(xs):
    with ag__.FunctionScope('misplaced', 'fscope', ag__.STD) as fscope:
        tf.autograph.experimental.set_loop_options(maximum_iterations=3)
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
            print(x)
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})


@ag__.autograph_artifact
def invalid(xs, opts):
    with ag__.FunctionScope('invalid', 'fscope', ag__.STD) as fscope:
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
            tf.autograph.experimental.set_loop_options(bogus=1)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
            tf.autograph.experimental.set_loop_options(**opts)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})
        set_element_type(xs)
        return xs


class NotConverted:
    tf.autograph.experimental.set_loop_options(maximum_iterations=3)
