import os

def f(a):
	if a:
		return 1  # tab indented
	return 2
