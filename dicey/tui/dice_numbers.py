"""The numbers on the hero's dice: each die of a turn keeps its number while it is in the
tray, so a player may read the tray once and type a whole turn (``1 a 3 b``).

The rules keep a pool in order (a move takes its die out; ``set_dice`` changes dice where
they are and puts new ones at the end; dice given go at the end, lowest first), so the
numbers follow the pool's places: a die placed leaves a gap, a die a card changes keeps its
number, a die that comes joins with the number after the highest the turn has given.

>>> from dicey.rules.state import Die
>>> renumber([Die(2), Die(5), Die(6)], [1, 2, 3], 0, [Die(5), Die(6)], 3)
[2, 3]
>>> renumber([Die(2), Die(5)], [1, 2], 0, [Die(6), Die(3), Die(3)], 2)
[2, 3, 4]
>>> die_keys([1, 2, 3]), die_keys([2, 3]), die_keys([1, 3, 4, 6]), die_keys([4])
('1-3', '2-3', '1, 3-4, 6', '4')
"""
from __future__ import annotations

from typing import Sequence

from dicey.rules.protocol import Move
from dicey.rules.state import Die


def renumber(before: Sequence[Die], numbers: Sequence[int], taken: int | None,
             after: Sequence[Die], highest: int) -> list[int]:
    """The numbers of the dice ``after`` a move made on the dice ``before`` (numbered
    ``numbers``) that took the die at ``taken`` out (None: a button, no die), the turn's
    numbers so far going up to ``highest``. A pool as long as what the move left keeps its
    numbers place by place (a die changed, rerolled or locked keeps its number); a longer
    or shorter one (``set_dice`` added or dropped dice) is matched in order, a locked or
    blind die with the next locked or blind one (which ``set_dice`` leaves as they are),
    any other with the next other one; dice past the match are new, numbered on from
    ``highest``.

    >>> from dicey.rules.state import Die
    >>> renumber([Die(4), Die(1, locked=True), Die(5)], [1, 2, 3], None,
    ...          [Die(1, locked=True), Die(6)], 3)
    [2, 1]
    """
    left = [(d, n) for i, (d, n) in enumerate(zip(before, numbers)) if i != taken]
    if len(left) == len(after):
        return [n for _, n in left]
    fixed = iter(n for d, n in left if d.locked or d.blind)
    free = iter(n for d, n in left if not (d.locked or d.blind))
    out = []
    for die in after:
        n = next(fixed if die.locked or die.blind else free, None)
        if n is None:
            highest += 1
            n = highest
        out.append(n)
    return out


def after_move(before: Sequence[Die], numbers: Sequence[int], move: Move,
               after: Sequence[Die], highest: int) -> tuple[list[int], int]:
    """The numbers of the dice ``after`` ``move`` (made on the dice ``before``, numbered
    ``numbers``; :func:`renumber`), and the turn's highest number since.

    >>> after_move([Die(3), Die(4)], [1, 2], Move.place(3, "Spatula", 0, 0),
    ...            [Die(4), Die(4)], 2)
    ([2, 3], 3)
    """
    taken = move.die_index if move.action in ("place", "release") else None
    now = renumber(before, numbers, taken, after, highest)
    return now, max([highest, *now])


def die_keys(numbers: Sequence[int]) -> str:
    """The numbers of the dice in the tray as the key line says them: runs joined
    (``1-3``, ``2, 4-5``)."""
    ordered = sorted(numbers)
    if not ordered:
        return ""
    runs, start = [], ordered[0]
    for prev, n in zip(ordered, ordered[1:] + [None]):
        if n is None or n != prev + 1:
            runs.append(str(start) if start == prev else f"{start}-{prev}")
            start = n
    return ", ".join(runs)
