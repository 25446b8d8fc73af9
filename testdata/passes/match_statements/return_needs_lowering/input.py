def first_word(words):
    # A return inside a case is inside an `if` once the match is lowered:
    # without return_statements the function stays as written.
    match words:
        case [word, *_]:
            return word
    return None
