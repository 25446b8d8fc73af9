"""The runtime against real TensorFlow (run with the project's .venv)."""
