"""The groups of tests scripts/cli_test.py mixes into its one TestCase, Cli
(see its docstring), and their shared helpers (support.py)."""
