"""A mod's hero of 12 cards, one of them with a 38-character name, at 80×24: the longest
name set the listed row's name field for every card (texts cut to a few words, one column,
six cards out of sight); the count of the cards out of sight (``6›``) sat mid-list, at the
end of a card's line; a hint named a card out of sight. The name field is capped (the long
name cut with ``…``), the count says the lines below at the list's bottom, and a hint's card
out of sight is scrolled to."""
from __future__ import annotations

import pytest

from dicey.run.brains import Hint
from dicey.rules.protocol import Move
from dicey.tui.faces import CARD_KEYS
from dicey.tui.widgets import CardRow, CardView
from test_hint_and_graph import message
from test_twelve_cards import fight_state as twelve_cards_fight
from test_twelve_cards import hero_dice, hero_screen_on, kit_lines, with_hero_mod
from tui_kit import into_fight, make_app, screen_text, wait_until

LONG = "Extraordinarily Long Named Thingamajig"
CARDS = ("Dagger", "Claw", "Shield", "Bump", "Spatula", "Magic Missile", "Wooden Shield",
         "Leather Armor", "Throw Dice", "Poison Needle", "Lockpick", LONG)

HERO = hero_dice("Hoarder", CARDS, "Carries everything", dice=4) + f'''
equipment "{LONG}" {{
    slots: max 2
    text: "Do [d] damage and then write a very long sentence about it"
    on use {{ attack(d) }}
}}
extend dungeon {{ heroes: "Hoarder" }}
'''


@pytest.fixture(scope="module")
def hoard(tmp_path_factory):
    return with_hero_mod(tmp_path_factory, "Many", HERO)


def fight_state(lib):
    """The Hoarder's first fight, against the Dragon (no blow of the first turn ends it)."""
    return twelve_cards_fight(lib, "hoarder")


async def test_a_very_long_name_is_cut_and_every_card_shows_at_80x24(home, hoard):
    app = make_app(home, library=hoard)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, fight_state(hoard))
        row = screen.query_one("#hero-cards", CardRow)
        text = "\n".join(screen_text(app))
        assert row.has_class("-list") and row.items.styles.grid_size_columns == 2
        assert not row.query_one(".beyond-after").display             # none out of sight
        for key, name in zip(CARD_KEYS, CARDS[:-1]):
            assert f"{key} {name} " in text, name                    # every other name whole
        assert LONG not in text and "n Extraordinari… [≤2]" in text   # cut, no space before …
        # the field is the other names' width: the slots line up after "l Poison Needle"
        lines = [line for line in screen_text(app) if "l Poison Needle" in line]
        assert len(lines) == 1 and "l Poison Needle  [≤2]" in lines[0], lines
        dagger = next(line for line in screen_text(app) if "a Dagger" in line)
        assert "Do d damage." in dagger, dagger                      # a text has its words


async def test_the_hero_screen_cuts_the_long_name_as_the_fight_does(home, hoard):
    app = make_app(home, library=hoard)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hero_screen_on(pilot, "Hoarder")
        lines = kit_lines(app, screen)
        assert len(lines) == 12
        last = lines[-1].strip()
        assert last.startswith("Extraordinarily") and LONG not in last, last
        assert "Extraordinarily… [≤2]" in last, last               # (16 cells: the least)
        # the other names set the column: "Leather Armor", padded to it, then its slots
        assert any(line.strip().startswith("Leather Armor  ") for line in lines), lines


async def test_the_count_of_cards_below_sits_at_the_list_s_bottom(home, hoard):
    """At 60×18 the list shows three of its six lines: the count of the cards below is at
    its last line, an arrow down, not mid-list where it read as a card's; scrolled down,
    the count above is at its first line."""
    app = make_app(home, library=hoard)
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await into_fight(pilot, fight_state(hoard))
        row = screen.query_one("#hero-cards", CardRow)
        after = row.query_one(".beyond-after")
        shown = sum(1 for w in row.query(CardView) if w.display)
        assert after.display and shown < 12
        below = f"↓{12 - shown}"
        lines = screen_text(app)
        at = [y for y, line in enumerate(lines) if line.rstrip().endswith(below)]
        assert at == [row.region.bottom - 1], (at, row.region, lines)
        await pilot.press("down", *["down"] * 11)                  # the cursor to the last
        await pilot.pause()
        lines = screen_text(app)
        assert not any("↓" in line for line in lines[row.region.y:row.region.bottom])
        first_line = lines[row.region.y]
        assert first_line.lstrip().startswith("↑"), first_line


async def test_a_hint_on_a_card_out_of_sight_scrolls_the_list_to_it(home, hoard):
    """The hint names Lockpick (m), out of sight at 60×18: the list scrolls to show it."""
    def hint(fight, seed):
        return Hint([Move.place(5, "Lockpick", 2, 10)], 1.0, "exhaustive")
    app = make_app(home, library=hoard, hints_for=lambda: hint)
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await into_fight(pilot, fight_state(hoard))
        views = {w.index: w for w in screen.query("#hero-cards CardView")}
        assert not views[10].display
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        await pilot.pause()
        assert "Lockpick (m)" in message(screen)
        assert views[10].display
        assert any("m Lockpick" in line for line in screen_text(app))


def test_snapshot_a_very_long_name_in_the_list(snap_compare, home, hoard):
    app = make_app(home, library=hoard, seed=4)

    async def show(pilot):
        await into_fight(pilot, fight_state(hoard))
        await pilot.pause()
    assert snap_compare(app, terminal_size=(80, 24), run_before=show)
