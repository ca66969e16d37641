"""``dicey cards NAME``: a card's upgraded version says what the upgrade changes."""
from __future__ import annotations


def test_an_upgrade_shows_what_it_changes(cli):
    code, out, _ = cli("--no-mods", "cards", "Hammer")
    assert code == 0
    assert "upgraded size 1 (was 2), [any], 1/turn — Do [d] shock damage" in out
    assert "its own scripts" not in out.split("upgraded", 1)[1]   # it keeps the base's
    out = cli("--no-mods", "cards", "Lockpick")[1]
    assert "upgraded size 1, [any], 3/turn (was 2/turn)" in out
    out = cli("--no-mods", "cards", "Sword")[1]
    assert "upgraded size 2, [any], 1/turn — Do [d]+2 damage  (its own scripts)" in out
