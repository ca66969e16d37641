"""The dungeon run: the model the game screen renders (no UI here).

``state`` (the run's values and their JSON), ``progress`` (start, fights, experience,
levels, rewards), ``rewards``, ``inventory`` (grid and backpack), ``session`` (one fight as
the player plays it), ``saves`` (atomic, versioned save files) and ``brains`` (the enemy's
AI, the hint and decision graphs).
"""
