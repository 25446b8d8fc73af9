"""A small package for the end-to-end test (scripts/tooling_test.py)."""
