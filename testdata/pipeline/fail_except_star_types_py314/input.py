def run(task):
    try:
        task()
    except* TypeError, ValueError:
        pass
