"""The Broken Sword: a weak blade that hits harder weakened (its ``weakened`` block reads
``card.upgraded``: three times the die, four times upgraded)."""
from __future__ import annotations

import pytest

from content_kit import outcome, position


@pytest.mark.parametrize("card, weakened, rolled, takes, die, dealt", [
    ("Broken Sword", False, (3, 4, 6), {3}, 3, 3),
    ("Broken Sword+", False, (2, 5), {2}, 2, 2),
    ("Broken Sword", True, (5, 6), {5, 6}, 5, 15),     # weakened: any die, 3×
    ("Broken Sword+", True, (5, 6), {5, 6}, 6, 24),    # upgraded and weakened: 4×
])
def test_the_broken_sword_is_stronger_weakened(lib, card, weakened, rolled, takes, die,
                                               dealt):
    fight = position(lib, [card], rolled,
                     weakened=["Broken Sword"] if weakened else [])
    fight.fighters[1].max_hp = fight.fighters[1].hp = 30
    assert {m.die for m in fight.legal_moves() if not m.is_end} == takes
    assert outcome(fight, f"{die} → Broken Sword").dealt == dealt


def test_the_broken_sword_is_in_no_kit(lib):
    kits = [f.equipment for f in (*lib.heroes.values(), *lib.enemies.values())]
    assert all("broken_sword" not in kit for kit in kits)
