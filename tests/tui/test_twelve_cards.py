"""A mod's hero of 12 cards at 80×24: a row of boxes showed six of them with their names cut
(``a Sho…``) and the key line lost ``q``. The row lists them, a line each in two columns,
every name whole; the card cursor, the card keys and a click work on the list as on boxes;
the key line keeps ``? help`` and ``q``."""
from __future__ import annotations

import re

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

def hero_dice(name: str, cards: tuple[str, ...], text: str, dice: int = 3) -> str:
    """A mod's hero of ``cards`` (a grid of 12), in the card language."""
    return (f'hero "{name}" {{\n    hp: 30; dice: {dice}; level: 1\n'
            f'    equipment: {", ".join(f"{chr(34)}{c}{chr(34)}" for c in cards)}\n'
            f'    grid: 12\n    text: "{text}"\n}}\n')


HERO = (hero_dice("Quartermaster", CARDS, "Twelve cards of every kind")
        + hero_dice("Sixer", CARDS[:6], "Six of them")
        + 'extend dungeon {\n    heroes: "Quartermaster", "Sixer"\n}\n')


def with_hero_mod(tmp_path_factory, name: str, text: str):
    """The base game and a mod called ``name`` whose ``hero.dice`` is ``text``."""
    mod = tmp_path_factory.mktemp("mods") / name.lower()
    mod.mkdir()
    (mod / "mod.toml").write_text(f'name = "{name}"\nversion = "1.0.0"\napi = 1\n')
    (mod / "hero.dice").write_text(text)
    lib = load_library(mod_dirs=[mod.parent], use_mods=True)
    assert not lib.errors, lib.render_diagnostics()
    return lib


@pytest.fixture(scope="module")
def dozen(tmp_path_factory):
    """The base game and a mod with the 12-card hero (and one of six of them)."""
    lib = with_hero_mod(tmp_path_factory, "Dozen", HERO)
    assert len(lib.heroes["quartermaster"].equipment) == 12
    return lib


def fight_state(lib, hero: str = "quartermaster"):
    """The hero's first fight, against the Dragon (no blow of the first turn ends it)."""
    from dataclasses import replace
    state = progress.new_run(lib, hero, 3)
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


async def test_fewer_cards_are_boxes_when_every_name_fits(home, dozen):
    """Four cards whose titles all fit boxes at 80 columns are boxes, as before: the list
    is for a row whose boxes would cut a name."""
    from dataclasses import replace
    app = make_app(home, library=dozen)
    state = fight_state(dozen)
    ids = dozen.heroes["quartermaster"].equipment
    state = replace(state, hero=replace(state.hero, equipment=(ids[0], ids[3], ids[10],
                                                                 ids[11])))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, state)
        row = screen.query_one("#hero-cards", CardRow)
        assert not row.has_class("-list") and row.list_lines == 0
        views = [v for v in row.query(CardView) if v.display]
        assert [str(v.border_title) for v in views] == ["a Shortbow", "b Spiked Shield",
                                                        "c Magic Missile", "d Throw Dice"]
        assert any("╭─ a Shortbow ─" in line for line in screen_text(app))


def test_snapshot_twelve_cards(snap_compare, home, dozen):
    app = make_app(home, library=dozen, seed=4)

    async def show(pilot):
        await into_fight(pilot, fight_state(dozen))
        await pilot.press("down", "down", "down")         # the cursor on c
        await pilot.pause()
    assert snap_compare(app, terminal_size=(80, 24), run_before=show)



async def hero_screen_on(pilot, name: str):
    """The hero screen with the hero called ``name`` highlighted."""
    from dicey.tui.screens.heroes import HeroScreen
    from tui_kit import wait_until
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HeroScreen))
    screen = pilot.app.screen
    names = [h.name for h in screen.heroes]
    await pilot.press(*["down"] * names.index(name))
    await pilot.pause()
    await pilot.pause()
    return screen


def kit_lines(app, screen) -> list[str]:
    """The lines the hero screen's kit takes, as shown."""
    kit = screen.query_one("#hero-kit", CardRow)
    return screen_text(app)[kit.region.y:kit.region.bottom]


async def test_the_hero_screen_lists_a_twelve_card_kit_a_card_a_line(home, dozen):
    """At 80×24 the hero screen showed the Quartermaster's kit as twelve lines of box tops
    ('╭─ Shortbow ──…╮'): no slots, no text, no bottom border. It lists the kit as the
    fight does, in one column here (the blank line under the heroes gives way), each name
    whole, then its slots, its uses and as much of its text as the line holds."""
    from dicey.rules.state import fresh_card
    from dicey.tui import faces
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hero_screen_on(pilot, "Quartermaster")
        kit = screen.query_one("#hero-kit", CardRow)
        assert kit.has_class("-list") and kit.items.styles.grid_size_columns == 1
        lines = kit_lines(app, screen)
        assert len(lines) == 12 and not any("╭" in line or "╰" in line for line in lines)
        assert kit.region.bottom <= 23 and key_line(app).startswith("1-5 start with hero")
        whole = 0
        for line, name in zip(lines, CARDS):
            card = fresh_card(next(e for e in dozen.equipment.values() if e.name == name))
            head = f" {name.ljust(len('Double or Nothing'))} {faces.slot_line(card)}"
            assert line.startswith(head), (line, head)
            text = faces.card_text(card)
            assert text[:4] in line, (line, text)              # (its text, as it fits)
            whole += line.endswith(text)
        assert whole >= 6, lines
        assert screen.max_scroll_y == 0


async def test_a_six_card_hero_reads_its_names_whole(home, dozen):
    """A hero of six cards at 80×24: boxes cut the names to a few letters ('Stat…',
    'Block …' with a space before the …) and the texts to two words, on the hero screen
    and in the fight. Both list them now, each name whole; with room for boxes that hold
    every name (120×40; 140×40 in the fight, where keys come before the names), the boxes
    are back, no name cut."""
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hero_screen_on(pilot, "Sixer")
        kit = screen.query_one("#hero-kit", CardRow)
        lines = kit_lines(app, screen)
        assert kit.has_class("-list") and len(lines) == 6
        assert [line[1:1 + len(name) + 1] for line, name in zip(lines, CARDS)] == \
            [f"{name} " for name in CARDS[:6]]
        assert " …" not in "\n".join(screen_text(app))
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert not kit.has_class("-list")
        assert [str(v.border_title) for v in kit.query(CardView) if v.display] == \
            list(CARDS[:6])

    from dataclasses import replace
    state = fight_state(dozen)
    state = replace(state, hero=replace(state.hero, equipment=state.hero.equipment[:6]))
    app = make_app(home, library=dozen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, state)
        row = screen.query_one("#hero-cards", CardRow)
        text = "\n".join(screen_text(app))
        assert row.has_class("-list") and row.list_lines == 6
        assert all(title in text for title in titles()[:6]) and " …" not in text
        assert "c Healing Crystal   [≤3]      Heal d HP" in text   # (under [2-4] ×2's)
        assert not row.query_one(".beyond-after").display                # none hidden
        await pilot.resize_terminal(140, 40)        # (their keys make them 129 wide)
        await pilot.pause()
        await pilot.pause()
        assert not row.has_class("-list")
        assert [str(v.border_title) for v in row.query(CardView) if v.display] == titles()[:6]


async def test_a_listed_row_given_fewer_lines_than_cards_adds_a_column(home, dozen):
    """The Inventor at 60×18: four boxes cut three names ('b Electr…') and showed no text;
    listed a card a line, the row's three lines hid the fourth card. It lists them in two
    columns of two lines, every card and name shown, and the line left goes to the
    log."""
    from dicey.tui.widgets import FightLog
    state = progress.enter_fight(progress.new_run(dozen, "inventor", 3))
    app = make_app(home, library=dozen)
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await into_fight(pilot, state)
        row = screen.query_one("#hero-cards", CardRow)
        text = "\n".join(screen_text(app))
        assert row.has_class("-list") and row.items.styles.grid_size_columns == 2
        assert row.region.height == 2
        for title in ("a Crowbar", "b Electromagnet", "c Pea Shooter", "d Wooden Shield"):
            assert title in text, text
        assert not row.query_one(".beyond-after").display
        assert screen.max_scroll_y == 0
        assert screen.query_one(FightLog).region.height >= 3


def test_snapshot_twelve_cards_on_the_hero_screen(snap_compare, home, dozen):
    app = make_app(home, library=dozen)

    async def show(pilot):
        await hero_screen_on(pilot, "Quartermaster")
    assert snap_compare(app, terminal_size=(80, 24), run_before=show)


async def test_a_listed_rows_texts_start_in_one_column(home, dozen):
    """The texts began two cells after each card's slots and uses ('[any]  Do…',
    '[even]  Even…', '[6] 1/fight  Once…'): a ragged column. They start where the row's
    widest slots, uses and marks in that column of the list end."""
    app = make_app(home, library=dozen)
    async with app.run_test(size=(120, 30)) as pilot:
        await into_fight(pilot, fight_state(dozen))
        await pilot.pause()
        rows = screen_text(app)
        starts: dict[int, set[int]] = {}                   # a column's titles: its texts
        for key, name in zip(CARD_KEYS, CARDS):
            row = next(r for r in rows if f" {key} {name} " in r)
            head = row.index(f" {key} {name} ") + 1
            slots = re.match(r"\S.*?\s+\[[^\]]*\](?: \S+)*\s{2,}", row[head:])
            starts.setdefault(head, set()).add(head + slots.end())
        assert len(starts) == 2 and all(len(s) == 1 for s in starts.values()), starts
        assert starts[1] == {34}                    # after 'a Shortbow          [2-4] ×2  '
        assert "k Hall of Mirrors   [6] 1/fight  Once" in "\n".join(rows)   # (its widest)
