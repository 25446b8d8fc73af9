# Leading comment.
import os
class K:
    # comment before a method
    def m(self):
        # first
        x = 1
        # before if
        if x:
            # inside if
            return x
# trailing comment at the end of the body
# comment at class level after m
def f():
    s = """keep
    this text
        exactly"""
    return s
# final comment
