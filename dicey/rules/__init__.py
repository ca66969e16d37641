"""The rules engine: fight state, the turn, statuses, slots and events.

``lang → rules → ai``: this package reads checked definitions and runs compiled scripts;
it never imports the AI or the UI.
"""
