"""One module per ``dicey`` sub-command; each has ``register(subparsers)`` and ``run(args)``.

The CLI adds ``--mods DIR…`` and ``--no-mods`` to every sub-command after registering it.
"""
