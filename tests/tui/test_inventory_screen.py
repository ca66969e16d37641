"""The inventory by keys: unequip, equip, swap, and moves the grid does not allow; its
lists' titles."""
from __future__ import annotations

from dicey.run.saves import SaveStore
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.inventory import InventoryScreen
from tui_kit import kit_state, make_app, screen_text, wait_until


def message(app) -> str:
    return str(app.screen.query_one("#inventory-message").render())


async def test_cards_move_between_the_grid_and_the_backpack(home):
    """The kit's Warrior has a grid 4 wide; the Sword is size 2, the other cards size 1."""
    app = make_app(home)
    state = kit_state(equipment=("sword", "shield"), backpack=("rock", "broadsword"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i")
        assert isinstance(app.screen, InventoryScreen)

        await pilot.press("down", "enter")               # the Shield off the grid
        assert app.state.hero.equipment == ("sword",)
        assert app.state.hero.backpack == ("rock", "broadsword", "shield")

        await pilot.press("tab", "enter")                # the Rock onto it
        assert app.state.hero.equipment == ("sword", "rock")

        await pilot.press("s", "tab", "s")               # Broadsword ⇄ Sword
        assert app.state.hero.equipment == ("broadsword", "rock")
        assert app.state.hero.backpack == ("sword", "shield")

        await pilot.press("tab", "enter")                # the Sword fills the grid
        assert app.state.hero.equipment == ("broadsword", "rock", "sword")
        await pilot.press("enter")                       # the Shield does not fit
        assert message(app) == "Shield takes 1 grid space and the grid is full (4 of 4 " \
                               "taken): take a card off, or swap it for one."
        shown = " ".join(line.strip(" │") for line in screen_text(app))
        assert "take a card off, or swap it for one." in shown   # whole: it was cut
        assert app.state.hero.backpack == ("shield",)

        await pilot.press("escape")
        assert isinstance(app.screen, DungeonScreen)
    assert SaveStore(home).load().state.hero == app.state.hero     # every change saved


async def test_the_last_card_stays_equipped(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(equipment=("dagger",)))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i", "enter")
        assert "at least one card" in message(app).lower()
        assert app.state.hero.equipment == ("dagger",)


async def test_each_lists_title_stands_over_it_at_any_width(home):
    """One title line padded with spaces put 'Backpack' over neither list once the screen
    was not 80 columns wide; each list has its title over it now, whole at 60 columns."""
    app = make_app(home)
    async with app.run_test(size=(60, 20)) as pilot:
        app.continue_run(kit_state())
        await pilot.pause()
        await pilot.press("i")
        await wait_until(pilot, lambda: isinstance(app.screen, InventoryScreen))
        await pilot.pause()
        for width in (60, 120):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            for title, listed in (("#grid-title", "#equipped"), ("#backpack-title", "#backpack")):
                title, listed = app.screen.query_one(title), app.screen.query_one(listed)
                assert listed.region.x <= title.region.x < listed.region.x + 3
                assert title.region.right <= listed.region.right
            grid = app.screen.query_one("#grid-title")
            text = str(grid.render())
            assert text.startswith("Grid: ") and text.endswith("spaces used")
            assert grid.content_size.width >= len(text)          # (not cut)


async def test_the_preview_is_as_tall_as_the_cards_face_and_the_lists_take_the_rest(home):
    """A short card's preview takes four lines (not eight), and the lists the rest; a
    long text (a mod's) makes the box as tall as the screen allows, the dungeon's header
    above it staying (the box took the whole screen and hid it), the lists keep three
    lines (scrolled to the card picked) and the face is cut with ``…``; the box stays
    that tall (picking a short card gives the lists the room), until the screen is
    resized."""
    from dicey.tui.screens.inventory import LIST_LEAST
    from tui_kit import saga_library
    app = make_app(home, library=saga_library())
    state = kit_state(equipment=("sword", "shield", "rock", "lucky_7"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        box, row = screen.query_one("#inventory-box"), screen.query_one("#inventory-preview")
        lists = screen.query_one("#equipped")
        (card,) = [c for c in row.query("CardView") if c.display]
        assert card.card.name == "Sword" and row.outer_size.height == 4
        assert box.outer_size.height == 22 and lists.outer_size.height == 13
        assert " ".join(str(card.render()).split()) == "[any] Do d damage"

        async def pick(*keys):
            await pilot.press(*keys)
            for _ in range(3):
                await pilot.pause()
            return [c for c in row.query("CardView") if c.display]

        (card,) = await pick("down", "down", "down")              # the Lucky 7, a saga
        assert card.card.name == "Lucky 7"
        assert box.outer_size.height == 22 and box.region.y == 1  # under the header
        assert screen_text(app)[0].strip().startswith("The Pit · seed")
        assert lists.outer_size.height == LIST_LEAST
        assert row.outer_size.height == 4 + 13 - LIST_LEAST       # all the rest
        assert str(card.render()).endswith("…")
        shown = "\n".join(screen_text(app))
        assert "▶ Lucky 7" in shown and "Shield" in shown and "Sword (" not in shown

        (card,) = await pick("up", "up", "up")                    # back: the lists get it
        assert box.outer_size.height == 22
        assert row.outer_size.height == 4 and lists.outer_size.height == 13
        assert "▶ Sword" in "\n".join(screen_text(app))

        await pilot.resize_terminal(120, 40)
        (card,) = await pick()
        assert box.outer_size.height == 22 and row.outer_size.height == 4
        (card,) = await pick("down", "down", "down")
        assert box.outer_size.height == 38 and lists.outer_size.height == LIST_LEAST
        assert row.outer_size.height == 4 + 13 + 16 - LIST_LEAST
        assert screen_text(app)[0].strip().startswith("The Pit · seed")
        assert str(card.render()).endswith("…")

        await pilot.resize_terminal(60, 18)                       # the least screen
        (card,) = await pick()
        assert box.outer_size.height == 16 and box.region.y == 1
        assert screen_text(app)[0].strip().startswith("The Pit · seed")
        assert str(card.render()).endswith("…") and lists.outer_size.height == LIST_LEAST


async def test_a_list_longer_than_its_box_counts_the_cards_out_of_sight(home):
    """Twelve cards, or a tall preview, left the lists with a scrollbar only: the fight's
    list of cards says ↑N and ↓N, the inventory's lists said nothing. Each now counts the
    cards above and below on its border, and the counts follow the cursor."""
    from tui_kit import saga_library
    app = make_app(home, library=saga_library())
    state = kit_state(equipment=("sword", "shield", "rock", "lucky_7"),
                      backpack=("dagger",))
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i")
        await pilot.pause()
        equipped = app.screen.query_one("#equipped")
        backpack = app.screen.query_one("#backpack")
        assert equipped.beyond() == (0, 0) and equipped.border_title is None   # all shown
        await pilot.press("down", "down", "down")           # the Lucky 7: a tall preview
        for _ in range(3):
            await pilot.pause()
        assert equipped.scrollable_content_region.height == 3
        assert equipped.beyond() == (1, 0)
        assert (equipped.border_title, equipped.border_subtitle) == ("↑1", None)
        rows = screen_text(app)
        at = next(i for i, row in enumerate(rows) if "▶ Lucky 7" in row)
        assert "Shield" in rows[at - 2] and "↑1" in rows[at - 3], rows   # on its top border
        await pilot.press("up", "up", "up")                 # the Sword: room for all
        for _ in range(3):
            await pilot.pause()
        assert equipped.beyond() == (0, 0) and equipped.border_title is None
        assert backpack.beyond() == (0, 0) and backpack.border_subtitle is None
