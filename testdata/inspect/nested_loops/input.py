def matmul(a, b, n):
    c = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            s = 0
            k = 0
            while k < n:
                s += a[i][k] * b[k][j]
                k += 1
            c[i][j] = s
    return c
