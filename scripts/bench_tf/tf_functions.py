"""Functions with control flow on tensors, for scripts/bench_tf.py.

Every public function takes ``(x, n)``: ``x`` a float32 vector of 16
elements, ``n`` an int32 scalar (the benchmark passes 7), and returns
tensors of a fixed dtype and shape. Their conditions and loop bounds are
tensors, so under ``tf.function`` each ``if``, ``while``, ``for``, ternary
and ``and``/``or`` stages as graph control flow (``tf.cond``,
``tf.while_loop``). Names starting with ``_`` are helpers the public
functions call (TensorFlow converts them too, at trace time); ``warm_up``
is the benchmark's warm-up, not one of the measured functions.

Written for the benchmark: varied sizes (4 to about 60 lines), the idioms
AutoGraph exists for (while with break, for over tf.range with continue,
nested loops, early returns, ternaries, and/or), and nothing that either
converter must refuse. Plain Python, no agc- or TensorFlow-specific markers.
"""
import tensorflow as tf


# --------------------------------------------------------------------------
# warm_up: run first in each process, on both sides, and left out of the
# figures (it pays the one-off costs of the first trace in a process)
# --------------------------------------------------------------------------

def warm_up(x, n):
    s = tf.reduce_sum(x)
    i = 0
    while i < n:
        s = s * 0.5 if s > 1.0 else s + 1.0
        i += 1
    return s


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def _clip(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


def _norm(x):
    s = tf.reduce_sum(x * x)
    if s > 0.0:
        return tf.sqrt(s)
    return tf.constant(1.0)


def _leaky(x, slope):
    return tf.where(x > 0.0, x, x * slope) if slope > 0.0 else tf.nn.relu(x)


# --------------------------------------------------------------------------
# if / else, ternaries, and/or
# --------------------------------------------------------------------------

def sign_sum(x, n):
    s = tf.reduce_sum(x)
    if s > 0.0:
        r = s
    else:
        r = -s
    return r


def clamp_mean(x, n):
    m = tf.reduce_mean(x)
    m = 1.0 if m > 1.0 else m
    m = -1.0 if m < -1.0 else m
    return m


def piecewise(x, n):
    t = tf.reduce_max(x)
    if t > 10.0:
        y = x / t
    elif t > 1.0:
        y = x - t
    elif t > 0.0:
        y = x * 2.0
    else:
        y = tf.zeros_like(x)
    return y


def both_bounds(x, n):
    lo = tf.reduce_min(x)
    hi = tf.reduce_max(x)
    if lo > -5.0 and hi < 5.0:
        return x
    return tf.clip_by_value(x, -5.0, 5.0)


def any_large(x, n):
    big = tf.reduce_max(tf.abs(x))
    small = tf.reduce_min(tf.abs(x))
    flag = big > 100.0 or small < 1e-3
    if flag:
        out = tf.math.log1p(tf.abs(x))
    else:
        out = x
    return out


def normalize(x, n):
    z = _norm(x)
    y = x / z
    if tf.reduce_any(tf.math.is_nan(y)):
        y = tf.zeros_like(x)
    return y


def leaky_mix(x, n):
    a = _leaky(x, 0.1)
    b = _leaky(-x, 0.0)
    return a + b if tf.reduce_sum(a) > tf.reduce_sum(b) else a - b


def nested_ifs(x, n):
    s = tf.reduce_sum(x)
    p = tf.reduce_prod(tf.sign(x))
    if s > 0.0:
        if p > 0.0:
            r = s * 2.0
        else:
            r = s / 2.0
    else:
        if p > 0.0:
            r = -s
        else:
            r = s - 1.0
    return r


def threshold_chain(x, n):
    m = tf.reduce_mean(x)
    sd = tf.math.reduce_std(x)
    if m > 0.0 and sd > 1.0 or m < -3.0:
        y = (x - m) / sd
    elif not m > 0.0:
        y = x - m
    else:
        y = x
    return y


def choose_scale(x, n):
    k = tf.cast(n, tf.float32)
    scale = k * 2.0 if k > 2.0 else 1.0
    scale = k if k > 5.0 else scale
    return x * scale


def select_branch(x, n):
    if n % 3 == 0:
        y = tf.sin(x)
    elif n % 3 == 1:
        y = tf.cos(x)
    else:
        y = tf.tanh(x)
    return y


def clip_scalar(x, n):
    v = tf.reduce_sum(x)
    return _clip(v, -3.0, 3.0)


def early_exit(x, n):
    if tf.reduce_all(x == 0.0):
        return tf.zeros_like(x)
    s = tf.reduce_sum(tf.abs(x))
    if s < 1.0:
        return x
    return x / s


def safe_divide(x, n):
    d = tf.reduce_sum(x)
    num = tf.reduce_sum(x * x)
    if tf.abs(d) < 1e-6:
        q = tf.constant(0.0)
    else:
        q = num / d
    q = q if q > -100.0 else tf.constant(-100.0)
    return q


def quadrant(x, n):
    a = x[0]
    b = x[1]
    if a >= 0.0 and b >= 0.0:
        q = 1
    elif a < 0.0 and b >= 0.0:
        q = 2
    elif a < 0.0 and b < 0.0:
        q = 3
    else:
        q = 4
    return q


# --------------------------------------------------------------------------
# while loops, with break
# --------------------------------------------------------------------------

def count_down(x, n):
    i = n
    s = tf.constant(0.0)
    while i > 0:
        s += tf.cast(i, tf.float32)
        i -= 1
    return s


def halve_until_small(x, n):
    v = tf.reduce_sum(tf.abs(x)) + 1.0
    steps = 0
    while v > 1.0:
        v = v / 2.0
        steps += 1
    return steps


def find_first_negative(x, n):
    i = tf.constant(0)
    found = -1
    while i < 16:
        if x[i] < 0.0:
            found = i
            break
        i += 1
    return found


def collatz(x, n):
    k = n + 20
    steps = 0
    while k != 1:
        if k % 2 == 0:
            k = k // 2
        else:
            k = 3 * k + 1
        steps += 1
        if steps > 500:
            break
    return steps


def newton_sqrt(x, n):
    a = tf.reduce_sum(tf.abs(x)) + 2.0
    g = a / 2.0
    it = tf.constant(0)
    while it < 50:
        nxt = 0.5 * (g + a / g)
        if tf.abs(nxt - g) < 1e-6:
            break
        g = nxt
        it += 1
    return g


def gcd_steps(x, n):
    a = n * 37 + 11
    b = n * 13 + 5
    while b != 0:
        a, b = b, a % b
    return a


def power_iterate(x, n):
    v = x
    i = 0
    while i < n and tf.reduce_max(tf.abs(v)) < 1e6:
        v = v * 1.5 + 0.1
        i += 1
    return v


def bisect_root(x, n):
    c = tf.reduce_mean(tf.abs(x)) + 1.0
    lo = tf.constant(0.0)
    hi = c
    it = 0
    while hi - lo > 1e-5:
        mid = (lo + hi) / 2.0
        if mid * mid > c:
            hi = mid
        else:
            lo = mid
        it += 1
        if it >= 60:
            break
    return lo


def decay_loop(x, n):
    v = x
    energy = tf.reduce_sum(v * v)
    while energy > 1e-3:
        v = v * 0.7
        energy = tf.reduce_sum(v * v)
        if energy < 0.5 and tf.reduce_max(v) < 0.1:
            break
    return v


def digits_sum(x, n):
    k = n * 9876 + 123
    total = 0
    while k > 0:
        total += k % 10
        k //= 10
    return total


# --------------------------------------------------------------------------
# for over tf.range, with continue and break
# --------------------------------------------------------------------------

def sum_range(x, n):
    s = 0
    for i in tf.range(n):
        s += i
    return s


def sum_odd(x, n):
    s = 0
    for i in tf.range(3 * n):
        if i % 2 == 0:
            continue
        s += i
    return s


def masked_total(x, n):
    total = tf.constant(0.0)
    for i in tf.range(16):
        v = x[i]
        if v < 0.0:
            continue
        if v > 5.0:
            v = tf.constant(5.0)
        total += v
    return total


def first_above(x, n):
    idx = -1
    for i in tf.range(16):
        if x[i] > 1.5:
            idx = i
            break
    return idx


def running_max(x, n):
    best = x[0]
    for i in tf.range(1, 16):
        if x[i] > best:
            best = x[i]
    return best


def prefix_until_limit(x, n):
    acc = tf.constant(0.0)
    count = 0
    for i in tf.range(16):
        if x[i] < -1.0:
            continue
        acc += x[i]
        count += 1
        if acc > 10.0:
            break
    return acc / tf.cast(tf.maximum(count, 1), tf.float32)


def fizz_count(x, n):
    fizz = 0
    buzz = 0
    both = 0
    for i in tf.range(1, 10 * n):
        if i % 15 == 0:
            both += 1
            continue
        if i % 3 == 0:
            fizz += 1
        elif i % 5 == 0:
            buzz += 1
    return fizz * 10000 + buzz * 100 + both


def shift_accumulate(x, n):
    y = x
    for k in tf.range(n):
        y = tf.roll(y, shift=1, axis=0) * 0.5 + y * 0.5
        if tf.reduce_max(y) - tf.reduce_min(y) < 0.01:
            break
    return y


def sparse_dot(x, n):
    w = tf.linspace(-1.0, 1.0, 16)
    s = tf.constant(0.0)
    for i in tf.range(16):
        if tf.abs(x[i]) < 0.5 or tf.abs(w[i]) < 0.1:
            continue
        s += x[i] * w[i]
    return s


def exp_series(x, n):
    t = tf.reduce_mean(x) / 4.0
    term = tf.constant(1.0)
    s = tf.constant(1.0)
    for k in tf.range(1, 30):
        term = term * t / tf.cast(k, tf.float32)
        s += term
        if tf.abs(term) < 1e-7:
            break
    return s


# --------------------------------------------------------------------------
# nested loops
# --------------------------------------------------------------------------

def pair_count(x, n):
    c = 0
    for i in tf.range(16):
        for j in tf.range(16):
            if i >= j:
                continue
            if x[i] + x[j] > 0.0:
                c += 1
    return c


def triangle_sum(x, n):
    s = 0
    i = 0
    while i < n:
        j = 0
        while j <= i:
            s += i * j
            j += 1
        i += 1
    return s


def matrix_trace_walk(x, n):
    m = tf.reshape(x, [4, 4])
    tr = tf.constant(0.0)
    off = tf.constant(0.0)
    for i in tf.range(4):
        for j in tf.range(4):
            if i == j:
                tr += m[i, j]
            elif m[i, j] > 0.0:
                off += m[i, j]
    return tr - off


def nested_break(x, n):
    hits = 0
    for i in tf.range(8):
        j = tf.constant(0)
        while j < 8:
            if x[i] * x[j + 8] > 1.0:
                hits += 1
                break
            j += 1
        if hits > 3:
            break
    return hits


def bubble_passes(x, n):
    v = x[:8]
    passes = 0
    swapped = tf.constant(True)
    while swapped:
        swapped = False
        for i in tf.range(7):
            if v[i] > v[i + 1]:
                swapped = True
        passes += 1
        if passes > 3:
            break
        v = tf.sort(v) if swapped else v
    return v


def grid_search(x, n):
    best = tf.constant(-1e9)
    best_a = tf.constant(0.0)
    for a in tf.range(-4, 5):
        af = tf.cast(a, tf.float32) / 2.0
        for b in tf.range(-4, 5):
            bf = tf.cast(b, tf.float32) / 2.0
            if af * bf < 0.0:
                continue
            score = -tf.reduce_sum((x - af - bf) ** 2)
            if score > best:
                best = score
                best_a = af
    return best_a


def histogram_bins(x, n):
    counts = tf.zeros([4], tf.int32)
    for i in tf.range(16):
        v = x[i]
        b = tf.constant(0)
        while b < 3:
            if v < tf.cast(b, tf.float32) - 1.0:
                break
            b += 1
        counts = tf.tensor_scatter_nd_add(counts, [[b]], [1])
    return counts


def nested_three(x, n):
    total = 0
    for i in tf.range(3):
        for j in tf.range(3):
            k = 0
            while k < n:
                if (i + j + k) % 4 == 0:
                    k += 1
                    continue
                total += i * j + k
                k += 1
    return total


# --------------------------------------------------------------------------
# early returns inside loops and branches
# --------------------------------------------------------------------------

def index_of_max(x, n):
    m = tf.reduce_max(x)
    found = -1
    for i in tf.range(16):
        if x[i] == m:
            found = i
            break
    if found < 0:
        return 0
    return found


def all_positive(x, n):
    i = tf.constant(0)
    ok = True
    while i < 16:
        if x[i] <= 0.0:
            ok = False
            break
        i += 1
    return ok and tf.reduce_sum(x) > 0.0


def saturate_or_scale(x, n):
    s = tf.reduce_sum(x)
    if s > 50.0:
        return tf.ones_like(x)
    if s < -50.0:
        return -tf.ones_like(x)
    small = False
    for i in tf.range(n):
        s = s * 0.9
        if tf.abs(s) < 0.5:
            small = True
            break
    if small:
        return x * 0.0
    return x * s


def converge_or_fail(x, n):
    v = tf.reduce_mean(x)
    done = False
    for it in tf.range(100):
        nv = tf.cos(v)
        if tf.abs(nv - v) < 1e-5:
            done = True
            break
        v = nv
    if not done:
        return tf.constant(-1.0)
    return v


def lookup(x, n):
    key = x[n]
    hit = n
    for i in tf.range(16):
        if i == n:
            continue
        if tf.abs(x[i] - key) < 0.25:
            hit = i
            break
    return hit


# --------------------------------------------------------------------------
# larger functions: several of the above idioms together
# --------------------------------------------------------------------------

def sgd_steps(x, n):
    w = tf.zeros([16])
    lr = tf.constant(0.1)
    target = tf.reduce_sum(x)
    loss = tf.constant(1e9)
    step = 0
    while step < 10 * n:
        pred = tf.reduce_sum(w * x)
        err = pred - target
        loss = err * err
        if loss < 1e-4:
            break
        grad = 2.0 * err * x
        gnorm = tf.sqrt(tf.reduce_sum(grad * grad))
        if gnorm > 10.0:
            grad = grad * (10.0 / gnorm)
        w = w - lr * grad
        if step % 5 == 4:
            lr = lr * 0.9
        step += 1
    return w if loss < 1.0 else tf.zeros_like(w)


def kmeans_1d(x, n):
    c0 = tf.reduce_min(x)
    c1 = tf.reduce_max(x)
    it = 0
    while it < n:
        s0 = tf.constant(0.0)
        s1 = tf.constant(0.0)
        k0 = tf.constant(0.0)
        k1 = tf.constant(0.0)
        for i in tf.range(16):
            v = x[i]
            if tf.abs(v - c0) <= tf.abs(v - c1):
                s0 += v
                k0 += 1.0
            else:
                s1 += v
                k1 += 1.0
        n0 = s0 / k0 if k0 > 0.0 else c0
        n1 = s1 / k1 if k1 > 0.0 else c1
        if tf.abs(n0 - c0) + tf.abs(n1 - c1) < 1e-6:
            break
        c0 = n0
        c1 = n1
        it += 1
    return tf.stack([c0, c1])


def run_length(x, n):
    longest = 0
    current = 0
    prev_pos = x[0] > 0.0
    for i in tf.range(16):
        pos = x[i] > 0.0
        if pos == prev_pos:
            current += 1
        else:
            current = 1
        prev_pos = pos
        if current > longest:
            longest = current
    return longest


def moving_average(x, n):
    w = tf.maximum(n, 1)
    out = tf.TensorArray(tf.float32, size=16)
    for i in tf.range(16):
        acc = tf.constant(0.0)
        cnt = 0
        j = i
        while j >= 0 and cnt < w:
            acc += x[j]
            cnt += 1
            j -= 1
        out = out.write(i, acc / tf.cast(cnt, tf.float32))
    return out.stack()


def cumulative_clip(x, n):
    out = tf.TensorArray(tf.float32, size=16)
    total = tf.constant(0.0)
    for i in tf.range(16):
        v = x[i]
        if v > 2.0:
            v = tf.constant(2.0)
        elif v < -2.0:
            v = tf.constant(-2.0)
        total += v
        if total > 5.0 or total < -5.0:
            total = total * 0.5
        out = out.write(i, total)
    return out.stack()


def prime_count(x, n):
    limit = 10 * n
    count = 0
    k = 2
    while k < limit:
        d = 2
        prime = True
        while d * d <= k:
            if k % d == 0:
                prime = False
                break
            d += 1
        if prime:
            count += 1
        k += 1
    return count


def simulate_bounce(x, n):
    pos = tf.constant(10.0)
    vel = tf.reduce_mean(x)
    g = tf.constant(-9.8)
    dt = tf.constant(0.05)
    bounces = 0
    t = 0
    while t < 40 * n:
        vel += g * dt
        pos += vel * dt
        if pos < 0.0:
            pos = -pos
            vel = -vel * 0.8
            bounces += 1
            if bounces >= 5:
                break
        elif pos > 100.0:
            pos = tf.constant(100.0)
            vel = tf.constant(0.0)
        t += 1
    return pos if bounces > 0 else -pos


def softmax_stable(x, n):
    m = tf.reduce_max(x)
    if m > 50.0 or m < -50.0:
        z = x - m
    else:
        z = x
    e = tf.exp(z)
    s = tf.reduce_sum(e)
    if s == 0.0:
        return tf.ones_like(x) / 16.0
    p = e / s
    for i in tf.range(n):
        if tf.reduce_max(p) > 0.99:
            break
        p = p * p
        p = p / tf.reduce_sum(p)
    return p


def rank_scores(x, n):
    scores = tf.zeros([16])
    for i in tf.range(16):
        r = 0.0
        for j in tf.range(16):
            if i == j:
                continue
            if x[j] < x[i]:
                r += 1.0
            elif x[j] == x[i] and j < i:
                r += 0.5
        scores = tf.tensor_scatter_nd_update(scores, [[i]], [r])
    return scores


def line_search(x, n):
    d = -x
    alpha = tf.constant(1.0)
    f0 = tf.reduce_sum(x * x)
    slope = tf.reduce_sum(x * d)
    tries = tf.constant(0)
    while tries < 20:
        trial = x + alpha * d
        f1 = tf.reduce_sum(trial * trial)
        if f1 <= f0 + 1e-4 * alpha * slope:
            break
        alpha = alpha * 0.5
        tries += 1
    if tries >= 20:
        return x
    return x + alpha * d


def state_machine(x, n):
    state = 0
    visits = 0
    i = tf.constant(0)
    while i < 16:
        v = x[i]
        if state == 0:
            if v > 0.0:
                state = 1
            visits += 1
        elif state == 1:
            if v < 0.0:
                state = 2
            elif v > 2.0:
                state = 0
        else:
            if v > 1.0 and visits > 2:
                break
            state = 0
            visits += 2
        i += 1
    return state * 100 + visits


def tri_solve(x, n):
    a = tf.reshape(x, [4, 4])
    b = tf.ones([4])
    sol = tf.zeros([4])
    for i in tf.range(4):
        acc = b[i]
        for j in tf.range(4):
            if j >= i:
                break
            acc -= a[i, j] * sol[j]
        diag = a[i, i]
        val = acc / diag if tf.abs(diag) > 1e-3 else acc
        sol = tf.tensor_scatter_nd_update(sol, [[i]], [val])
    return sol


def long_pipeline(x, n):
    y = x
    if tf.reduce_mean(y) > 0.0:
        y = y - tf.reduce_mean(y)
    sd = tf.math.reduce_std(y)
    y = y / sd if sd > 1e-6 else y
    rounds = 0
    while rounds < n:
        y = tf.tanh(y * 1.1)
        rounds += 1
        if tf.reduce_max(tf.abs(y)) > 0.99:
            break
    acc = tf.constant(0.0)
    for i in tf.range(16):
        if y[i] < -0.5:
            continue
        elif y[i] > 0.5:
            acc += 2.0 * y[i]
        else:
            acc += y[i]
    pos = 0
    neg = 0
    for i in tf.range(16):
        if y[i] >= 0.0:
            pos += 1
        else:
            neg += 1
    balance = tf.cast(pos - neg, tf.float32)
    if balance > 4.0 and acc > 0.0:
        out = y * acc
    elif balance < -4.0 or acc < -3.0:
        out = -y
    else:
        out = y + balance / 16.0
    k = 0
    while k < 3:
        out = out * 0.5 + tf.roll(out, shift=1, axis=0) * 0.5
        k += 1
    return out


def tokenize_counts(x, n):
    words = 0
    spaces = 0
    longest = 0
    cur = 0
    in_word = False
    for i in tf.range(16):
        c = x[i]
        if c > 0.0:
            if not in_word:
                words += 1
                in_word = True
            cur += 1
            if cur > longest:
                longest = cur
        else:
            spaces += 1
            in_word = False
            cur = 0
    return words * 10000 + spaces * 100 + longest


def adaptive_integrate(x, n):
    a = tf.constant(0.0)
    b = tf.constant(3.0)
    steps = 4 * n
    h = (b - a) / tf.cast(steps, tf.float32)
    total = tf.constant(0.0)
    c = tf.reduce_mean(x)
    for k in tf.range(steps):
        t = a + tf.cast(k, tf.float32) * h
        f_lo = tf.sin(t * c)
        f_hi = tf.sin((t + h) * c)
        if tf.abs(f_hi - f_lo) > 0.5:
            mid = tf.sin((t + h / 2.0) * c)
            total += h * (f_lo + 4.0 * mid + f_hi) / 6.0
        else:
            total += h * (f_lo + f_hi) / 2.0
        if tf.math.is_nan(total):
            break
    return total


def game_of_life_row(x, n):
    row = tf.cast(x > 0.0, tf.int32)
    gen = 0
    while gen < n:
        nxt = tf.zeros([16], tf.int32)
        for i in tf.range(16):
            left = row[i - 1] if i > 0 else 0
            right = row[i + 1] if i < 15 else 0
            alive = row[i] == 1
            live = left + right
            if alive and live == 1:
                nxt = tf.tensor_scatter_nd_update(nxt, [[i]], [1])
            elif not alive and live == 2:
                nxt = tf.tensor_scatter_nd_update(nxt, [[i]], [1])
        if tf.reduce_all(nxt == row):
            break
        row = nxt
        gen += 1
    return row
