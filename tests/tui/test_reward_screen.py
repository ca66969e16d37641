"""The reward screen: the card on offer shows whole at 80 columns, and the screen has no
gaps where there is no news."""
from __future__ import annotations

from dataclasses import replace

from dicey.run import progress
from dicey.run.state import Reward
from dicey.tui.screens.reward import RewardScreen
from tui_kit import kit_state, make_app, saga_library, screen_text, tui_library, wait_until


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


#: A text that wraps to twelve lines on a size-1 card's face: too long for the 8 lines the
#: preview had, whole in a preview as tall as it needs.
ROCK_SAGA = ("Do [d] damage, once. The rock remembers the mountain it fell from, the river "
             "that rolled it smooth, the hand that threw it first and every hand that threw "
             "it since, and it hits a little harder for each of them. THE END")


def preview_of(screen):
    row = screen.query_one("#offer-preview")
    cards = [c for c in row.query("CardView") if c.display]
    return row, cards


def face_shown(card) -> str:
    return " ".join(str(card.render()).split())


async def test_the_preview_is_as_tall_as_the_cards_face(home):
    """A short card's preview takes four lines (its borders, its slots, a line of text),
    not eight; an upgrade's two cards, the taller's; a heal, none."""
    lib = tui_library()
    offers = (Reward("card", "rock"), Reward("upgrade", "sword"), Reward("heal", amount=10))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show(pilot, reward_state(lib, offers))
        row, cards = preview_of(screen)
        assert [c.card.name for c in cards] == ["Rock"]
        assert row.outer_size.height == 4 and cards[0].outer_size.height == 4
        assert face_shown(cards[0]) == "[any] Do d damage, once"
        await pilot.press("down")
        await pilot.pause()
        row, cards = preview_of(screen)
        assert [c.card.title for c in cards] == ["Sword", "Sword+"]
        assert row.outer_size.height == max(c.natural_height() for c in cards) == 4
        await pilot.press("down")
        await pilot.pause()
        row, cards = preview_of(screen)
        assert cards == [] and row.outer_size.height == 0


async def test_a_long_text_takes_the_lines_it_needs_as_far_as_the_screen_allows(home):
    """Twelve lines of text: whole at 120×40 (more than the 8 lines the preview had); at
    80×24 the preview reaches the key line and the face is cut there with ``…``; a far
    longer text (a mod's), cut at 120×40 too."""
    lib = tui_library()
    lib.equipment["rock"] = replace(lib.equipment["rock"], text=ROCK_SAGA)
    saga = saga_library()
    offers = (Reward("card", "rock"), Reward("heal", amount=10), Reward("card", "sword"))
    app = make_app(home, library=lib)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await show(pilot, reward_state(lib, offers))
        row, (card,) = preview_of(screen)
        assert card.outer_size.height == card.natural_height() == 15   # 13 lines, borders
        assert row.outer_size.height == 15
        assert face_shown(card).endswith("for each of them. THE END")

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        row, (card,) = preview_of(screen)
        key_line = screen.query_one("KeyBar")
        assert row.region.bottom == key_line.region.y == 23      # as far as the screen goes
        assert 4 < card.outer_size.height < 15
        assert face_shown(card).endswith("…") and "THE END" not in face_shown(card)

    app = make_app(home, library=saga)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await show(pilot, reward_state(saga, (Reward("card", "lucky_7"),) + offers[1:]))
        row, (card,) = preview_of(screen)
        assert row.region.bottom == screen.query_one("KeyBar").region.y == 39
        assert card.outer_size.height > 20 and face_shown(card).endswith("…")


def without_reward_cards():
    """The UI's kit with no reward cards on its first floor."""
    lib = tui_library()
    dungeon = lib.dungeon
    floors = (replace(dungeon.floors[0], rewards=()),) + dungeon.floors[1:]
    lib.dungeons = {dungeon.id: replace(dungeon, floors=floors)}
    return lib


def won_with_nothing_to_gain(lib):
    """A run saved at its first fight's "press enter to go on": the Gambler beaten by a
    warrior whose cards are all upgraded; the win gains a level, so the HP are full."""
    from dicey.ai.baseline import choose_move
    from run_kit import start_session
    from tui_kit import gambler_state
    state = gambler_state(4, equipment=("sword+", "shield"))
    session = start_session(lib, state)
    while not session.over:
        session.play(session.next_ai_move(choose_move))
    assert session.winner == 0
    return replace(state, fight_moves=tuple(session.moves))


def news_on_the_map(app) -> str:
    from dicey.tui.screens.dungeon import DungeonScreen
    assert isinstance(app.screen, DungeonScreen)
    news = app.screen.query_one("#news")
    assert news.display
    return str(news.render())


async def test_a_won_fight_with_nothing_to_gain_goes_on_to_the_map(home):
    """No reward cards on the floor, nothing to upgrade, HP full: the reward screen
    offered one heal of nothing. Now enter goes on to the map, which says why there was
    no reward (under the level gained); the run is saved there. The title said 'rewards
    next' of such a fight."""
    from dicey.run.saves import SaveStore
    from dicey.tui.screens.dungeon import DungeonScreen
    from dicey.tui.screens.fight import FightScreen
    lib = without_reward_cards()
    SaveStore(home).write(won_with_nothing_to_gain(lib))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#menu").prompts[1]
        assert line.endswith("won against Gambler: nothing to gain, on to the next fight")
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        news = news_on_the_map(app)
        assert news.startswith("Level 2!") and news.endswith(progress.NOTHING_TO_GAIN)
        assert " ".join(progress.NOTHING_TO_GAIN.split()) in " ".join(
            "\n".join(row.strip() for row in screen_text(app)).split())
        saved = SaveStore(home).load(lib).state
        assert (saved.stage, saved.floor, saved.step, saved.offers) == ("map", 0, 1, ())
        await pilot.press("f")                          # the next fight: the news go
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        assert app.state.news == ()


async def test_a_save_at_a_reward_with_nothing_to_gain_goes_on_to_the_map(home):
    """A run saved at the reward stage with its one heal of nothing (as the game saved it
    before): the title names the next fight, and c goes on to the map, saved there."""
    from dicey.run.saves import SaveStore
    lib = without_reward_cards()
    state = reward_state(lib, offers=(Reward("heal", amount=10),))
    state = replace(state, hero=replace(state.hero, hp=state.hero.max_hp), news=())
    SaveStore(home).write(state)
    next_enemy = lib.enemies[state.schedule[0][1]].name
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#menu").prompts[1].endswith(f"next, {next_enemy}")
        await pilot.press("c")
        await pilot.pause()
        assert news_on_the_map(app) == progress.NOTHING_TO_GAIN
        assert not isinstance(app.screen, RewardScreen)
    saved = SaveStore(home).load(lib).state
    assert (saved.stage, saved.step, saved.news) == ("map", 1, (progress.NOTHING_TO_GAIN,))
