"""The reward screen: the card on offer shows whole at 80 columns, and the screen has no
gaps where there is no news."""
from __future__ import annotations

from dataclasses import replace

from dicey.run import progress
from dicey.run.state import Reward
from dicey.tui.screens.reward import RewardScreen
from tui_kit import kit_state, make_app, tui_library, wait_until


def reward_state(lib, offers=None, **hero):
    state = progress.finish_fight(lib, progress.enter_fight(kit_state(4, **hero)), 0, 3, 17)
    return replace(state, offers=offers) if offers is not None else state


async def show(pilot, state):
    pilot.app.continue_run(state)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, RewardScreen))
    await pilot.pause()
    return pilot.app.screen


async def test_an_upgrade_of_a_big_card_shows_both_cards_whole_at_80_columns(home):
    """The base game's Sword is size 2 and so is its Sword+: side by side at their sizes
    they are wider than 80 columns, so the preview gives them a smaller unit."""
    lib = tui_library()
    sword = lib.equipment["sword"]
    lib.equipment["sword"] = replace(sword, upgraded=replace(sword.upgraded, size=2))
    offers = (Reward("upgrade", "sword"), Reward("heal", amount=10), Reward("card", "rock"))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show(pilot, reward_state(lib, offers))
        cards = [c for c in screen.query("#offer-preview CardView") if c.display]
        assert [c.card.name for c in cards] == ["Sword", "Sword"]
        assert all(c.region.right <= 80 and c.region.width > 10 for c in cards)
        assert cards[0].region.width == cards[1].region.width   # (the same size)

        await pilot.resize_terminal(120, 40)                     # room again: full size
        await pilot.pause()
        assert all(c.region.width == 48 for c in cards)


async def test_no_news_leaves_no_gap(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        state = reward_state(app.library)
        screen = await show(pilot, replace(state, news=()))
        title = screen.query_one("#screen-title")
        offers = screen.query_one("#offers")
        assert offers.region.y - title.region.bottom == 1        # one blank line, as a margin

        screen = await show(pilot, replace(state, news=("Level 2! +4 max HP",)))
        news, title = screen.query_one("#news"), screen.query_one("#screen-title")
        assert news.display and news.region.y == title.region.bottom + 1


async def test_a_card_that_will_not_fit_the_grid_says_it_goes_to_the_backpack(home):
    """The kit's Warrior has a grid 4 wide; with the Sword (2) and two cards (1 each) it is
    full, so a card taken goes to the backpack: the offer says so."""
    lib = tui_library()
    offers = (Reward("card", "rock"), Reward("heal", amount=10), Reward("upgrade", "sword"))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        full = reward_state(lib, offers, equipment=("sword", "shield", "dagger"))
        screen = await show(pilot, full)
        prompts = screen.query_one("#offers").prompts
        assert prompts[0].endswith("Take Rock (to the backpack: the grid has no room)")
        assert "backpack" not in prompts[1] + prompts[2]   # (Sword+ is smaller: it fits)

        roomy = reward_state(lib, offers, equipment=("sword", "shield"))
        screen = await show(pilot, roomy)
        assert not any("backpack" in p for p in screen.query_one("#offers").prompts)
