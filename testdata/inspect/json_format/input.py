def relu_sum(values, threshold=0.0):
    total = 0.0
    for v in values:
        if v > threshold:
            total += v
    return total


class Scaler:
    def scale(self, xs):
        i = 0
        while i < len(xs):
            xs[i] *= self.factor
            i += 1
