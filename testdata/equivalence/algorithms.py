"""Numeric and string algorithms as data and ML code writes them: loops over
lists, while loops with flags instead of break, elif chains, accumulation
into dicts and attributes, and a few early exits (left unconverted)."""
import math


def running_sum(xs):
    out = []
    s = 0
    for x in xs:
        s = s + x
        out.append(s)
    return out


def total_and_count(xs):
    total = 0
    count = 0
    for x in xs:
        total += x
        count += 1
    return total, count


def argmax(xs):
    best = 0
    best_i = -1
    i = 0
    while i < len(xs):
        if best_i < 0 or xs[i] > best:
            best = xs[i]
            best_i = i
        i += 1
    return best_i


def argmax_enumerate(xs):
    best_i = None
    best = None
    for i, x in enumerate(xs):
        if best is None or x > best:
            best_i, best = i, x
    return best_i, best


def prefix_sums(xs):
    sums = [0] * (len(xs) + 1)
    for i in range(len(xs)):
        sums[i + 1] = sums[i] + xs[i]
    return sums


def binary_search(xs, target):
    lo = 0
    hi = len(xs) - 1
    found = -1
    while lo <= hi and found < 0:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            found = mid
        elif xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return found


def lower_bound(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insertion_sort(xs):
    a = list(xs)
    for i in range(1, len(a)):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a


def bubble_sort(xs):
    a = xs[:]
    n = len(a)
    swapped = True
    passes = 0
    while swapped:
        swapped = False
        for i in range(n - 1 - passes):
            if a[i] > a[i + 1]:
                a[i], a[i + 1] = a[i + 1], a[i]
                swapped = True
        passes += 1
    return a, passes


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def lcm_list(xs):
    acc = 1
    for x in xs:
        a, b = acc, x
        while b:
            a, b = b, a % b
        acc = acc * x // a
    return acc


def primes_sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = False
    if n >= 1:
        is_prime[1] = False
    p = 2
    while p * p <= n:
        if is_prime[p]:
            for m in range(p * p, n + 1, p):
                is_prime[m] = False
        p += 1
    primes = []
    for i, flag in enumerate(is_prime):
        if flag:
            primes.append(i)
    return primes


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def fibonacci_while(n):
    if n < 0:
        raise ValueError("negative n: %d" % n)
    a, b, k = 0, 1, 0
    while k < n:
        a, b = b, a + b
        k += 1
    return a


def matmul(a, b):
    rows = len(a)
    inner = len(b)
    cols = len(b[0]) if b else 0
    out = []
    for i in range(rows):
        row = []
        for j in range(cols):
            s = 0
            for k in range(inner):
                s += a[i][k] * b[k][j]
            row.append(s)
        out.append(row)
    return out


def transpose(m):
    out = []
    if m:
        for j in range(len(m[0])):
            col = []
            for row in m:
                col.append(row[j])
            out.append(col)
    return out


def moving_average(xs, window):
    if window <= 0:
        raise ValueError("window must be positive")
    out = []
    acc = 0.0
    for i, x in enumerate(xs):
        acc += x
        if i >= window:
            acc -= xs[i - window]
        if i >= window - 1:
            out.append(round(acc / window, 6))
    return out


def normalise(xs):
    lo = min(xs)
    hi = max(xs)
    span = hi - lo
    out = []
    for x in xs:
        if span == 0:
            out.append(0.0)
        else:
            out.append(round((x - lo) / span, 6))
    return out


def zscore(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = 0.0
    for x in xs:
        var += (x - mean) ** 2
    std = math.sqrt(var / n)
    return [round((x - mean) / std, 6) if std > 0 else 0.0 for x in xs]


def softmax(logits):
    m = max(logits)
    exps = []
    total = 0.0
    for z in logits:
        e = math.exp(z - m)
        exps.append(e)
        total += e
    probs = []
    for e in exps:
        probs.append(round(e / total, 6))
    return probs


def histogram(xs):
    counts = {}
    for x in xs:
        if x in counts:
            counts[x] += 1
        else:
            counts[x] = 1
    return sorted(counts.items())


def bucket_histogram(xs, width):
    buckets = {}
    for x in xs:
        key = int(x // width)
        buckets[key] = buckets.get(key, 0) + 1
    return sorted(buckets.items())


def tokenise(text):
    tokens = []
    current = ""
    for ch in text:
        if ch.isalnum():
            current += ch
        elif ch.isspace():
            if current:
                tokens.append(current)
            current = ""
        else:
            if current:
                tokens.append(current)
            tokens.append(ch)
            current = ""
    if current:
        tokens.append(current)
    return tokens


def word_counts(text):
    counts = {}
    for word in text.lower().split():
        word = word.strip(".,!?")
        if word:
            counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def run_length_encode(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append("%d%s" % (j - i, s[i]))
        i = j
    return "".join(out)


def run_length_decode(s):
    out = ""
    num = ""
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out += ch * int(num)
            num = ""
    return out


def clamp(x, lo, hi):
    if lo > hi:
        raise ValueError("empty range")
    if x < lo:
        r = lo
    elif x > hi:
        r = hi
    else:
        r = x
    return r


def clamp_all(xs, lo, hi):
    return [lo if x < lo else hi if x > hi else x for x in xs]


def find_first_negative(xs):
    found = False
    index = -1
    i = 0
    while i < len(xs) and not found:
        if xs[i] < 0:
            found = True
            index = i
        i += 1
    return index


def contains_pair_sum(xs, target):
    hit = False
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            hit = hit or xs[i] + xs[j] == target
    return hit


def grade(score):
    if score < 0 or score > 100:
        raise ValueError("score out of range: %r" % (score,))
    if score >= 90:
        g = "A"
    elif score >= 80:
        g = "B"
    elif score >= 70:
        if score >= 77:
            g = "C+"
        else:
            g = "C"
    elif score >= 60:
        g = "D"
    else:
        g = "F"
    return g


def read_chunks(data, size):
    pos = 0
    chunks = []
    while (chunk := data[pos:pos + size]):
        chunks.append(chunk)
        pos += size
    return chunks


def sum_until_sentinel(xs):
    it = iter(xs)
    total = 0
    n = 0
    while (x := next(it)) != 0:
        total += x
        n += 1
    return total, n


def dot(a, b):
    if len(a) != len(b):
        raise ValueError("length mismatch")
    s = 0
    for x, y in zip(a, b):
        s += x * y
    return s


def weighted_mean(values, weights):
    num = 0.0
    den = 0.0
    for v, w in zip(values, weights):
        num += v * w
        den += w
    return num / den


def invert_dict(d):
    out = {}
    for k, v in d.items():
        if v in out:
            out[v].append(k)
        else:
            out[v] = [k]
    for v in out:
        out[v].sort()
    return sorted(out.items())


def merge_counts(a, b):
    merged = dict(a)
    for k, v in b.items():
        merged[k] = merged.get(k, 0) + v
    return sorted(merged.items())


def search_with_else(xs, target):
    pos = None
    for i, x in enumerate(xs):
        if x == target and pos is None:
            pos = i
    else:
        if pos is None:
            pos = -1
    return pos


def countdown_else(n):
    log = []
    while n > 0:
        log.append(n)
        n -= 1
    else:
        log.append("liftoff")
    return log


class Stats:
    pass


def accumulate_stats(xs):
    st = Stats()
    st.n = 0
    st.total = 0
    st.maximum = None
    for x in xs:
        st.n += 1
        st.total += x
        if st.maximum is None or x > st.maximum:
            st.maximum = x
    return st.n, st.total, st.maximum


def accumulate_dict_items(xs):
    acc = {"pos": 0, "neg": 0, "zero": 0}
    for x in xs:
        if x > 0:
            acc["pos"] += x
        elif x < 0:
            acc["neg"] += x
        else:
            acc["zero"] += 1
    return acc


def polynomial_eval(coeffs, x):
    result = 0
    for c in reversed(coeffs):
        result = result * x + c
    return result


def integer_sqrt(n):
    if n < 0:
        raise ValueError("negative")
    lo, hi = 0, n + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo


def digits_sum(n):
    n = abs(n)
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


def is_palindrome(s):
    cleaned = [c.lower() for c in s if c.isalnum()]
    i, j = 0, len(cleaned) - 1
    ok = True
    while i < j and ok:
        ok = cleaned[i] == cleaned[j]
        i += 1
        j -= 1
    return ok


def max_subarray(xs):
    best = xs[0]
    cur = 0
    for x in xs:
        cur = max(x, cur + x)
        best = max(best, cur)
    return best


def cumulative_product(xs):
    p = 1
    out = []
    for x in xs:
        p *= x
        out.append(p)
    return out


def one_hot(labels, num_classes):
    rows = []
    for label in labels:
        if not 0 <= label < num_classes:
            raise IndexError("label %d out of range" % label)
        row = [0] * num_classes
        row[label] = 1
        rows.append(row)
    return rows


def confusion_matrix(y_true, y_pred, k):
    m = [[0] * k for _ in range(k)]
    for t, p in zip(y_true, y_pred):
        m[t][p] += 1
    return m


def accuracy(y_true, y_pred):
    correct = 0
    for t, p in zip(y_true, y_pred):
        correct += 1 if t == p else 0
    return correct / len(y_true)


def pad_sequences(seqs, pad):
    longest = 0
    for s in seqs:
        if len(s) > longest:
            longest = len(s)
    out = []
    for s in seqs:
        out.append(s + [pad] * (longest - len(s)))
    return out


def batched(xs, size):
    batches = []
    batch = []
    for x in xs:
        batch.append(x)
        if len(batch) == size:
            batches.append(batch)
            batch = []
    if batch:
        batches.append(batch)
    return batches


def caesar(text, shift):
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - 65 + shift) % 26 + 65))
        else:
            out.append(ch)
    return "".join(out)


def newton_sqrt(x, steps):
    if x < 0:
        raise ValueError("math domain error")
    guess = x if x > 1 else 1.0
    k = 0
    while k < steps:
        guess = (guess + x / guess) / 2
        k += 1
    return round(guess, 9)


def power_mod(base, exp, mod):
    result = 1
    base %= mod
    while exp > 0:
        if exp % 2 == 1:
            result = result * base % mod
        base = base * base % mod
        exp //= 2
    return result


def relu_sum(xs, threshold):
    total = 0.0
    for x in xs:
        if x > threshold:
            total += x
    return total


def collatz_max(n):
    peak = n
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        peak = max(peak, n)
        steps += 1
    return peak, steps


# Loops that keep to the staging rules (bool conditions, scalar state defined
# before the loop, no Python lists grown in staged code).

def gradient_descent(start, lr, steps):
    x = start
    k = 0
    while k < steps:
        grad = 2.0 * (x - 3.0)
        if grad > 10.0:
            grad = 10.0
        elif grad < -10.0:
            grad = -10.0
        x = x - lr * grad
        k += 1
    return x


def early_stopping(losses, patience):
    best = 1e9
    wait = 0
    stopped = False
    stop_epoch = -1
    epoch = 0
    for loss in losses:
        if not stopped:
            if loss < best:
                best = loss
                wait = 0
            else:
                wait += 1
            if wait >= patience:
                stopped = True
                stop_epoch = epoch
        epoch += 1
    return best, stop_epoch


def exponential_average(xs, alpha):
    avg = 0.0
    first = True
    for x in xs:
        if first:
            avg = x
        else:
            avg = alpha * x + (1.0 - alpha) * avg
        first = False
    return avg


def count_in_range(xs, lo, hi):
    n = 0
    for x in xs:
        if x >= lo and x <= hi:
            n += 1
    return n


def sign_changes(xs):
    changes = 0
    prev = 0
    for x in xs:
        if (prev > 0 and x < 0) or (prev < 0 and x > 0):
            changes += 1
        if x != 0:
            prev = x
    return changes


def bisection_root(lo, hi, steps):
    k = 0
    while k < steps:
        mid = (lo + hi) / 2.0
        if mid * mid - 2.0 > 0.0:
            hi = mid
        else:
            lo = mid
        k += 1
    return lo, hi


def max_abs_diff(a, b):
    worst = 0
    for x, y in zip(a, b):
        d = x - y
        d = d if d >= 0 else -d
        if d > worst:
            worst = d
    return worst


def sum_of_squares_while(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        total += i * i
    return total


# A few early exits: `return` inside a loop stays unconverted (AGC107) until
# return_statements exists; break and continue are lowered.

def first_index_return(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1


def primes_break(n):
    primes = []
    for c in range(2, n):
        for p in primes:
            if c % p == 0:
                break
        else:
            primes.append(c)
    return primes


def skip_negatives(xs):
    s = 0
    for x in xs:
        if x < 0:
            continue
        s += x
    return s


CASES = {
    "running_sum": [([],), ([5],), ([1, 2, 3, 4],), ([1, "a"],)],
    "total_and_count": [([],), ([2.5],), ([1, 2, 3],), (None,)],
    "argmax": [([],), ([7],), ([3, 9, 2, 9, 1],), ([1, None],)],
    "argmax_enumerate": [([],), ([4],), ([2, 8, 8, 1],), ([1, "x"],)],
    "prefix_sums": [([],), ([3],), ([1, 2, 3, 4],), ([1, None],)],
    "binary_search": [([], 3), ([3], 3), ([1, 3, 5, 7, 9, 11], 9),
                      ([1, 3, 5, 7], 4), ([1, 2], "a")],
    "lower_bound": [([], 1), ([5], 1), ([1, 2, 4, 4, 8], 4),
                    ([1, 2, 3], 9), ([1, 2], None)],
    "insertion_sort": [([],), ([1],), ([5, 2, 9, 1, 5, 6],), ([3, "a"],)],
    "bubble_sort": [([],), ([1],), ([4, 3, 2, 1],), ([1, 2, 3],),
                    ([2, None],)],
    "gcd": [(7, 0), (12, 8), (1071, 462), (5, "a")],
    "lcm_list": [([],), ([6],), ([4, 6, 10],), ([0, 3],)],
    "primes_sieve": [(0,), (1,), (2,), (30,), (-3,)],
    "fibonacci": [(0,), (1,), (10,), ("x",)],
    "fibonacci_while": [(0,), (1,), (15,), (-2,)],
    "matmul": [([], []), ([[1, 2]], [[3], [4]]),
               ([[1, 2], [3, 4]], [[5, 6], [7, 8]]),
               ([[1, 2]], [[1, 2]])],
    "transpose": [([],), ([[1, 2, 3]],), ([[1, 2], [3, 4], [5, 6]],),
                  ([[1, 2], [3]],)],
    "moving_average": [([], 2), ([4], 1), ([1, 2, 3, 4, 5], 3), ([1], 0)],
    "normalise": [([],), ([3],), ([1, 2, 3, 5],), ([2, 2],)],
    "zscore": [([],), ([4],), ([1.0, 2.0, 3.0, 4.0],)],
    "softmax": [([],), ([0.0],), ([1.0, 2.0, 3.0],), ([1000.0, 1.0],)],
    "histogram": [([],), ([3],), ([1, 2, 2, 3, 3, 3],), ([[1]],)],
    "bucket_histogram": [([], 1), ([0.5], 1), ([0.1, 1.5, 1.7, 3.2], 1.0),
                         ([1], 0)],
    "tokenise": [("",), ("a",), ("hello, world! x=1",), ("  two  words ",),
                 (None,)],
    "word_counts": [("",), ("One",), ("the cat and the hat. The end!",),
                    (7,)],
    "run_length_encode": [("",), ("a",), ("aaabccdddd",), (None,)],
    "run_length_decode": [("",), ("1a",), ("3a1b2c",), ("ab",)],
    "clamp": [(5, 0, 10), (-1, 0, 10), (11, 0, 10), (1, 3, 2)],
    "clamp_all": [([], 0, 1), ([5], 0, 3), ([-2, 0, 2, 4], 0, 3),
                  ([1, None], 0, 3)],
    "find_first_negative": [([],), ([-1],), ([3, 4, -2, -5],), ([1, 2],),
                            ([1, "a"],)],
    "contains_pair_sum": [([], 1), ([1], 2), ([1, 4, 6, 3], 7),
                          ([1, 2, 3], 100), ([1, "a"], 2)],
    "grade": [(95,), (85,), (78,), (72,), (65,), (10,), (101,), ("x",)],
    "read_chunks": [("", 2), ("a", 2), ("abcdefg", 3), ("abc", 0)],
    "sum_until_sentinel": [([0],), ([5, 0],), ([1, 2, 3, 0, 9],), ([1, 2],)],
    "dot": [([], []), ([2], [3]), ([1, 2, 3], [4, 5, 6]), ([1], [1, 2])],
    "weighted_mean": [([], []), ([2.0], [1.0]), ([1, 2, 3], [3, 2, 1])],
    "invert_dict": [({},), ({"a": 1},), ({"a": 1, "b": 2, "c": 1},),
                    ({"a": []},)],
    "merge_counts": [({}, {}), ({"a": 1}, {}), ({"a": 1, "b": 2},
                                                {"b": 3, "c": 4}),
                     ({"a": 1}, {"a": "x"})],
    "search_with_else": [([], 1), ([1], 1), ([3, 1, 4, 1], 1), ([2, 3], 9)],
    "countdown_else": [(0,), (1,), (4,), ("3",)],
    "accumulate_stats": [([],), ([3],), ([4, -1, 9, 2],), ([1, "b"],)],
    "accumulate_dict_items": [([],), ([0],), ([3, -2, 0, 5, -1, 0],),
                              ([None],)],
    "polynomial_eval": [([], 2), ([3], 5), ([1, 2, 3], 2), ([1, "a"], 2)],
    "integer_sqrt": [(0,), (1,), (99,), (100,), (-4,)],
    "digits_sum": [(0,), (7,), (-12345,), ("12",)],
    "is_palindrome": [("",), ("a",), ("A man, a plan, a canal: Panama",),
                      ("abc",), (None,)],
    "max_subarray": [([],), ([-3],), ([-2, 1, -3, 4, -1, 2, 1, -5, 4],)],
    "cumulative_product": [([],), ([3],), ([1, 2, 3, 4],), ([2, None],)],
    "one_hot": [([], 3), ([1], 3), ([0, 2, 1], 3), ([0, 3], 3)],
    "confusion_matrix": [([], [], 2), ([1], [0], 2),
                         ([0, 1, 1, 2, 2], [0, 1, 2, 2, 0], 3),
                         ([0, 5], [0, 1], 2)],
    "accuracy": [([], []), ([1], [1]), ([1, 0, 1, 1], [1, 1, 1, 0])],
    "pad_sequences": [([], 0), ([[1]], 0), ([[1, 2, 3], [4], []], -1),
                      ([[1], 2], 0)],
    "batched": [([], 2), ([1], 2), ([1, 2, 3, 4, 5], 2), ([1, 2], 0)],
    "caesar": [("", 3), ("a", 1), ("Hello, World!", 3), ("abc", "x")],
    "newton_sqrt": [(2.0, 0), (2.0, 1), (2.0, 20), (0.25, 30), (-1.0, 3)],
    "power_mod": [(2, 0, 7), (3, 1, 7), (7, 128, 13), (2, 10, 0)],
    "relu_sum": [([], 0.0), ([1.5], 0.0), ([-1.0, 2.0, 3.5, 0.0], 0.5),
                 ([1, None], 0)],
    "collatz_max": [(1,), (2,), (27,), (0.5,)],
    "gradient_descent": [(0.0, 0.1, 0), (0.0, 0.1, 1), (20.0, 0.1, 50),
                         (0.0, "x", 2)],
    "early_stopping": [([], 2), ([1.0], 2), ([3.0, 2.0, 2.5, 2.4, 1.0], 2),
                       ([3.0, 2.0, 1.0], 1), ([1.0, "x"], 1)],
    "exponential_average": [([], 0.5), ([4.0], 0.5),
                            ([1.0, 2.0, 3.0, 4.0], 0.25), ([1.0, None], 0.5)],
    "count_in_range": [([], 0, 1), ([5], 0, 10), ([-1, 0, 3, 7, 12], 0, 7),
                       ([1, "a"], 0, 2)],
    "sign_changes": [([],), ([-1],), ([1, -2, 0, -3, 4, 5, -6],),
                     ([1, None],)],
    "bisection_root": [(0.0, 2.0, 0), (0.0, 2.0, 1), (1.0, 2.0, 40),
                       (1.0, 2.0, None)],
    "max_abs_diff": [([], []), ([1], [4]), ([1, 5, -3], [2, 1, 3]),
                     ([1], ["a"])],
    "sum_of_squares_while": [(0,), (1,), (10,), (None,)],
    "first_index_return": [([], 1), ([1], 1), ([4, 5, 6], 6), ([4], 9)],
    "primes_break": [(0,), (3,), (30,), ("x",)],
    "skip_negatives": [([],), ([-1],), ([3, -1, 4, -5, 9],), ([1, "a"],)],
}

# Under the staged backend: what breaks the staging rules, as a graph
# runtime would reject it (see runtime/README.md).
STAGED_ERRORS = {
    # an int accumulator becomes a float in the loop
    ("total_and_count", 1): "'total' has dtype int before the loop and float ",
    # None before the loop
    ("argmax_enumerate", 1): "'best' is not allowed to be None before the loop",
    ("argmax_enumerate", 2): "'best' is not allowed to be None before the loop",
    # a Python while loop whose test becomes staged
    ("binary_search", 1): 'using a staged bool as a Python bool is not allo',
    ("binary_search", 2): 'using a staged bool as a Python bool is not allo',
    ("binary_search", 3): 'using a staged bool as a Python bool is not allo',
    # a Python while loop whose test becomes staged; type error text
    ("lower_bound", 1): 'using a staged bool as a Python bool is not allo',
    ("lower_bound", 2): 'using a staged bool as a Python bool is not allo',
    ("lower_bound", 3): 'using a staged bool as a Python bool is not allo',
    ("lower_bound", 4): "'<' not supported between instances of 'Value' a",
    # list() iterates a staged value
    ("insertion_sort", 1): 'iterating over a staged value is not allowed: us',
    ("insertion_sort", 2): 'iterating over a staged value is not allowed: us',
    # item assignment into a staged list
    ("bubble_sort", 2): "'Value' object does not support item assignment",
    ("bubble_sort", 3): "'Value' object does not support item assignment",
    # `while b:` on a staged int
    ("lcm_list", 1): 'the condition of a while loop must be a scalar b',
    ("lcm_list", 2): 'the condition of a while loop must be a scalar b',
    ("lcm_list", 3): 'the condition of a while loop must be a scalar b',
    # item assignment into a staged list
    ("primes_sieve", 0): "'Value' object does not support item assignment",
    ("primes_sieve", 1): "'Value' object does not support item assignment",
    ("primes_sieve", 2): "'Value' object does not support item assignment",
    ("primes_sieve", 3): "'Value' object does not support item assignment",
    ("primes_sieve", 4): "'Value' object does not support item assignment",
    # range() of a staged str
    ("fibonacci", 3): 'range() of a staged str of shape ()',
    # %-formatting a staged value in a traced branch
    ("fibonacci_while", 0): '%d format: a real number is required, not Value',
    ("fibonacci_while", 1): '%d format: a real number is required, not Value',
    ("fibonacci_while", 2): '%d format: a real number is required, not Value',
    ("fibonacci_while", 3): '%d format: a real number is required, not Value',
    # `if b` on a staged list
    ("matmul", 1): 'the condition of a conditional expression must b',
    ("matmul", 2): 'the condition of a conditional expression must b',
    ("matmul", 3): 'the condition of a conditional expression must b',
    # `if m` on a staged list
    ("transpose", 1): 'the condition of an if statement must be a scala',
    ("transpose", 2): 'the condition of an if statement must be a scala',
    # raise in a traced branch
    ("moving_average", 0): 'window must be positive',
    ("moving_average", 1): 'window must be positive',
    ("moving_average", 2): 'window must be positive',
    # min() iterates a staged value
    ("normalise", 1): 'iterating over a staged value is not allowed: us',
    ("normalise", 2): 'iterating over a staged value is not allowed: us',
    ("normalise", 3): 'iterating over a staged value is not allowed: us',
    # sum() iterates a staged value
    ("zscore", 1): 'iterating over a staged value is not allowed: us',
    ("zscore", 2): 'iterating over a staged value is not allowed: us',
    # max() iterates a staged value
    ("softmax", 1): 'iterating over a staged value is not allowed: us',
    ("softmax", 2): 'iterating over a staged value is not allowed: us',
    ("softmax", 3): 'iterating over a staged value is not allowed: us',
    # a staged value as a dict key
    ("histogram", 1): "unhashable type: 'Value'",
    ("histogram", 2): "unhashable type: 'Value'",
    ("histogram", 3): "unhashable type: 'Value'",
    # a staged value as a dict key (the dict is loop state: set_item)
    ("bucket_histogram", 1): "unhashable type: 'Value'",
    ("bucket_histogram", 2): "unhashable type: 'Value'",
    # iterating a scalar staged str
    ("tokenise", 0): 'a for loop cannot iterate over a scalar staged s',
    ("tokenise", 1): 'a for loop cannot iterate over a scalar staged s',
    ("tokenise", 2): 'a for loop cannot iterate over a scalar staged s',
    ("tokenise", 3): 'a for loop cannot iterate over a scalar staged s',
    # str methods on a staged str
    ("word_counts", 0): "'Value' object has no attribute 'lower'",
    ("word_counts", 1): "'Value' object has no attribute 'lower'",
    ("word_counts", 2): "'Value' object has no attribute 'lower'",
    ("word_counts", 3): "'Value' object has no attribute 'lower'",
    # len() of a scalar staged str
    ("run_length_encode", 0): 'len requires a non-scalar staged value, got one ',
    ("run_length_encode", 1): 'len requires a non-scalar staged value, got one ',
    ("run_length_encode", 2): 'len requires a non-scalar staged value, got one ',
    # iterating a scalar staged str
    ("run_length_decode", 0): 'a for loop cannot iterate over a scalar staged s',
    ("run_length_decode", 1): 'a for loop cannot iterate over a scalar staged s',
    ("run_length_decode", 2): 'a for loop cannot iterate over a scalar staged s',
    ("run_length_decode", 3): 'a for loop cannot iterate over a scalar staged s',
    # raise in a traced branch
    ("clamp", 0): 'empty range',
    ("clamp", 1): 'empty range',
    ("clamp", 2): 'empty range',
    # a comprehension iterates a staged value; type error text
    ("clamp_all", 1): 'iterating over a staged value is not allowed: us',
    ("clamp_all", 2): 'iterating over a staged value is not allowed: us',
    ("clamp_all", 3): "'<' not supported between instances of 'NoneType",
    # a Python while loop whose test becomes staged
    ("find_first_negative", 2): 'using a staged bool as a Python bool is not allo',
    ("find_first_negative", 3): 'using a staged bool as a Python bool is not allo',
    # raise in a traced branch
    ("grade", 0): "score out of range: staged.Value(95, dtype='int'",
    ("grade", 1): "score out of range: staged.Value(85, dtype='int'",
    ("grade", 2): "score out of range: staged.Value(78, dtype='int'",
    ("grade", 3): "score out of range: staged.Value(72, dtype='int'",
    ("grade", 4): "score out of range: staged.Value(65, dtype='int'",
    ("grade", 5): "score out of range: staged.Value(10, dtype='int'",
    ("grade", 6): "score out of range: staged.Value(101, dtype='int",
    # slicing a scalar staged str
    ("read_chunks", 0): 'a scalar staged str cannot be indexed',
    ("read_chunks", 1): 'a scalar staged str cannot be indexed',
    ("read_chunks", 2): 'a scalar staged str cannot be indexed',
    ("read_chunks", 3): 'a scalar staged str cannot be indexed',
    # iter() of a staged value
    ("sum_until_sentinel", 0): 'iterating over a staged value is not allowed: us',
    ("sum_until_sentinel", 1): 'iterating over a staged value is not allowed: us',
    ("sum_until_sentinel", 2): 'iterating over a staged value is not allowed: us',
    ("sum_until_sentinel", 3): 'iterating over a staged value is not allowed: us',
    # a staged value as a dict key
    ("invert_dict", 1): "unhashable type: 'Value'",
    ("invert_dict", 2): "unhashable type: 'Value'",
    # None before the loop
    ("search_with_else", 1): "'pos' is not allowed to be None before the loop",
    ("search_with_else", 2): "'pos' is not allowed to be None before the loop",
    ("search_with_else", 3): "'pos' is not allowed to be None before the loop",
    # None before the loop
    ("accumulate_stats", 1): "'st.maximum' is not allowed to be None before th",
    ("accumulate_stats", 2): "'st.maximum' is not allowed to be None before th",
    # reversed() calls len() of a staged value
    ("polynomial_eval", 1): 'len() is not defined for a staged value; convert',
    ("polynomial_eval", 2): 'len() is not defined for a staged value; convert',
    # raise in a traced branch
    ("integer_sqrt", 0): 'negative',
    ("integer_sqrt", 1): 'negative',
    ("integer_sqrt", 2): 'negative',
    ("integer_sqrt", 3): 'negative',
    # a comprehension iterates a staged value
    ("is_palindrome", 0): 'iterating over a staged value is not allowed: us',
    ("is_palindrome", 1): 'iterating over a staged value is not allowed: us',
    ("is_palindrome", 2): 'iterating over a staged value is not allowed: us',
    ("is_palindrome", 3): 'iterating over a staged value is not allowed: us',
    # the builtin max() compares staged values in Python
    ("max_subarray", 1): 'using a staged bool as a Python bool is not allo',
    ("max_subarray", 2): 'using a staged bool as a Python bool is not allo',
    # the chained comparison stages (the `and` of its links), so both
    # branches are traced: the raise formats a staged label with %d
    ("one_hot", 1): '%d format: a real number is required, not Value',
    ("one_hot", 2): '%d format: a real number is required, not Value',
    ("one_hot", 3): '%d format: a real number is required, not Value',
    # zip() of staged lists iterated by Python
    ("confusion_matrix", 0): 'iterating over a staged value is not allowed: us',
    ("confusion_matrix", 1): 'iterating over a staged value is not allowed: us',
    ("confusion_matrix", 2): 'iterating over a staged value is not allowed: us',
    ("confusion_matrix", 3): 'iterating over a staged value is not allowed: us',
    # a Python list of changing length in a staged branch
    ("batched", 1): "'batch' must have the same nested structure in t",
    ("batched", 2): "'batch' must have the same nested structure in t",
    ("batched", 3): "'batch' must have the same nested structure in t",
    # iterating a scalar staged str
    ("caesar", 0): 'a for loop cannot iterate over a scalar staged s',
    ("caesar", 1): 'a for loop cannot iterate over a scalar staged s',
    ("caesar", 2): 'a for loop cannot iterate over a scalar staged s',
    ("caesar", 3): 'a for loop cannot iterate over a scalar staged s',
    # raise in a traced branch
    ("newton_sqrt", 0): 'math domain error',
    ("newton_sqrt", 1): 'math domain error',
    ("newton_sqrt", 2): 'math domain error',
    ("newton_sqrt", 3): 'math domain error',
    # type error text names Value
    ("relu_sum", 3): "'>' not supported between instances of 'NoneType",
    # the builtin max() compares staged values in Python
    ("collatz_max", 0): 'using a staged bool as a Python bool is not allo',
    ("collatz_max", 1): 'using a staged bool as a Python bool is not allo',
    ("collatz_max", 2): 'using a staged bool as a Python bool is not allo',
    ("collatz_max", 3): 'using a staged bool as a Python bool is not allo',
    # type error text names Value
    ("exponential_average", 3): "unsupported operand type(s) for *: 'Value' and '",
    # type error text of the reflected comparison
    ("count_in_range", 3): "'<=' not supported between instances of 'int' an",
    # unconverted (AGC107): Python iteration of a staged list
    ("first_index_return", 1): 'a return statement cannot be placed inside this staged loop',
    ("first_index_return", 2): 'a return statement cannot be placed inside this staged loop',
    ("first_index_return", 3): 'a return statement cannot be placed inside this staged loop',
    # unconverted (AGC107): range() of a staged int in Python
    # unconverted (AGC107): Python iteration of a staged list
}

PYTHON_ONLY = {
    "primes_break": (
        'appends to a Python list inside a staged loop, whose body is traced'
        ' once even when it runs zero times'),
    "countdown_else": (
        'appends to a Python list inside a staged loop, whose body is traced'
        ' once even when it runs zero times'),
}
