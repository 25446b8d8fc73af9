def read_chunks(f, size):
    chunks = []
    total = 0
    while (chunk := f.read(size)):
        chunks.append(chunk)
        total += len(chunk)
    return chunks, total


def countdown(n):
    while n > 0:
        n -= 1
    else:
        done = True
    return done
