"""The run tests' helpers (``run_kit``, and ``rules_kit`` of the rules tests) are found
through the ``pythonpath`` of pyproject.toml."""
