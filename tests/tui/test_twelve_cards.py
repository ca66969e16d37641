"""A mod's hero of 12 cards at 80×24: a row of boxes showed six of them with their names cut
(``a Sho…``) and the key line lost ``q``. The row lists them, a line each in two columns,
every name whole; the card cursor, the card keys and a click work on the list as on boxes;
the key line keeps ``? help`` and ``q``."""
from __future__ import annotations

import pytest

from dicey.library import load_library
from dicey.run import progress
from dicey.tui.faces import CARD_KEYS
from dicey.tui.widgets import CardRow, CardView, FightLog
from tui_kit import into_fight, key_line, make_app, screen_text

#: The mod's hero: twelve cards of every kind, names up to 17 letters long, a countdown
#: and a once-a-fight card among them.
CARDS = ("Shortbow", "Battle Standard", "Healing Crystal", "Spiked Shield",
         "Double or Nothing", "Lightning Rod", "Vampire Fangs", "Electromagnet",
         "Hall of Mirrors", "Leather Armor", "Magic Missile", "Throw Dice")

HERO = f'''hero "Quartermaster" {{
    hp: 30; dice: 3; level: 1
    equipment: {", ".join(f'"{c}"' for c in CARDS)}
    grid: 12
    text: "Twelve cards of every kind"
}}

extend dungeon {{
    heroes: "Quartermaster"
}}
'''


@pytest.fixture(scope="module")
def dozen(tmp_path_factory):
    """The base game and a mod with the 12-card hero."""
    mod = tmp_path_factory.mktemp("mods") / "dozen"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "Dozen"\nversion = "1.0.0"\napi = 1\n')
    (mod / "hero.dice").write_text(HERO)
    lib = load_library(mod_dirs=[mod.parent], use_mods=True)
    assert not lib.errors, lib.render_diagnostics()
    assert len(lib.heroes["quartermaster"].equipment) == 12
    return lib


def fight_state(lib):
    """The hero's first fight, against the Dragon (no blow of the first turn ends it)."""
    from dataclasses import replace
    state = progress.new_run(lib, "quartermaster", 3)
    state = replace(state, schedule=(("dragon",) + state.schedule[0][1:],)
                    + state.schedule[1:])
    return progress.enter_fight(state)


def cursor_on(screen) -> tuple[int, int] | None:
    """The side and card the card cursor is on (None: no cursor)."""
    return None if screen.card_cursor is None else (screen.cursor_side, screen.card_cursor)


def titles() -> list[str]:
    return [f"{key} {name}" for key, name in zip(CARD_KEYS, CARDS)]


async def test_a_twelve_card_hero_reads_whole_at_80x24(home, dozen):
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, fight_state(dozen))
        await pilot.pause()
        row = screen.query_one("#hero-cards", CardRow)
        text = "\n".join(screen_text(app))
        assert row.has_class("-list") and row.list_lines == 6
        assert all(title in text for title in titles()), text       # every name whole
        assert not row.query_one(".beyond-after").display            # none hidden
        assert screen.max_scroll_y == 0 and row.region.bottom < 24
        # the enemy's four cards are still boxes, the log keeps its lines
        assert not screen.query_one("#enemy-cards").has_class("-list")
        assert screen.query_one(FightLog).scrollable_content_region.height >= 2
        line = key_line(app)
        assert "a-f, i-n card" in line and line.endswith("? help  q quit"), line


async def test_the_card_cursor_keys_and_clicks_work_on_the_list(home, dozen):
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, fight_state(dozen))
        await pilot.press("down", *["down"] * 11)         # onto the first card, then on
        assert cursor_on(screen) == (0, 11)
        views = {v.index: v for v in screen.query("#hero-cards CardView")}
        assert views[11].has_class("-cursor") and views[11].display
        assert "n Throw Dice: [any]" in str(screen.query_one("#message").render())
        made = len(screen.session.moves)
        await pilot.press("1", "n")                       # a die on the 12th card by its key
        assert screen.session.moves[made].card_index == 11
        await pilot.pause()
        await pilot.click(views[5])                       # a click plays on Lightning Rod
        await pilot.pause()
        move = screen.session.moves[made + 1]
        assert (move.card, move.card_index) == ("Lightning Rod", 5)


async def test_a_listed_card_shows_its_marks_and_dice(home, dozen):
    """A shocked card says so on its line; dice placed on a card show in its slots."""
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, fight_state(dozen))
        hero = screen.session.fight.fighters[0]
        hero.set_card(4, hero.cards[4]._replace(shocked=True))
        screen.refresh_view()
        await pilot.pause()
        line = next(row for row in screen_text(app) if "e Double or Nothing" in row)
        assert "SHOCKED" in line
        assert "j Electromagnet     [7 to go]" in "\n".join(screen_text(app))
        await pilot.press("1", "j")                       # a die poured into the countdown
        await pilot.pause()
        line = next(row for row in screen_text(app) if "j Electromagnet" in row)
        assert "to go]" in line and "[7 to go]" not in line, line


async def test_fewer_cards_are_boxes_as_before(home, dozen):
    """Six cards still fit boxed at 80 columns: the list is for a row that would hide
    cards."""
    from dataclasses import replace
    app = make_app(home, library=dozen)
    state = fight_state(dozen)
    ids = dozen.heroes["quartermaster"].equipment[:6]
    state = replace(state, hero=replace(state.hero, equipment=ids))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, state)
        row = screen.query_one("#hero-cards", CardRow)
        assert not row.has_class("-list") and row.list_lines == 0
        assert len([v for v in row.query(CardView) if v.display]) == 6
        assert any("╭─ a Sho" in line for line in screen_text(app))


def test_snapshot_twelve_cards(snap_compare, home, dozen):
    app = make_app(home, library=dozen, seed=4)

    async def show(pilot):
        await into_fight(pilot, fight_state(dozen))
        await pilot.press("down", "down", "down")         # the cursor on c
        await pilot.pause()
    assert snap_compare(app, terminal_size=(80, 24), run_before=show)

