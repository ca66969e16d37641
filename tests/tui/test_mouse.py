"""Mouse clicks: a die picks it, a card plays the picked die on it."""
from __future__ import annotations

from dicey.tui.widgets import CardView, DieView
from tui_kit import fight_screen, make_app


async def test_click_a_die_then_a_card(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        hero = screen.session.fight.fighters[0]
        dice = list(screen.query(DieView))
        target = next(i for i, d in enumerate(hero.dice) if d.value <= 4)   # the Shield's
        await pilot.click(dice[target])
        assert screen.die_cursor == target
        shield = next(c for c in screen.query(CardView) if c.side == 0 and c.index == 1)
        value = hero.dice[target].value
        await pilot.click(shield)
        placed = screen.session.moves[0]
        assert (placed.action, placed.die, placed.card) == ("place", value, "Shield")
        enemy_card = next(c for c in screen.query(CardView) if c.side == 1)
        await pilot.click(enemy_card)                    # the enemy's cards are not played
        assert len(screen.session.moves) == 1
