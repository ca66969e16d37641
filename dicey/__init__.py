"""Dicey: a moddable dice deckbuilder for the terminal.

Layers, each importing only those before it: ``lang`` (the card language) → ``rules``
(fights) → ``ai`` (planning) → ``export`` / ``run`` / ``tui`` / ``cli``.
"""

__version__ = "0.1.0"
