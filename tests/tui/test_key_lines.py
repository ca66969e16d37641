"""The key line shows the keys that work now: a box over a screen (the inventory, a card read
whole, help) shows its own keys, and the key line of the screen underneath is not shown."""
from __future__ import annotations

from dataclasses import replace

from dicey.tui.keys import CARD_DETAIL_KEYS, CARD_STEP, \
    HELP_BOX_KEYS, INVENTORY_KEYS, MAP_KEYS, key_bar
from dicey.tui.screens.dungeon import DungeonScreen
from tui_kit import fight_screen, hero_turn_or_end, key_line, keys_for, kit_state, make_app, \
    screen_text, wait_until


CARD_CLOSE = CARD_DETAIL_KEYS[-1]


def shown(app, keys) -> bool:
    """Whether the key line of ``keys`` is on the terminal now."""
    line = key_bar(keys)
    return any(line in row for row in screen_text(app))


async def test_a_box_shows_its_own_keys_and_hides_those_underneath(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state())
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        assert shown(app, MAP_KEYS)
        await pilot.press("i")                               # the inventory over the map
        await pilot.pause()
        assert shown(app, INVENTORY_KEYS) and not shown(app, MAP_KEYS)
        await pilot.press("x")                               # a card over the inventory
        await pilot.pause()
        await pilot.pause()
        assert shown(app, [CARD_STEP, CARD_CLOSE])           # (a short text: no ↑↓)
        assert not shown(app, INVENTORY_KEYS) and not shown(app, MAP_KEYS)
        await pilot.press("escape")
        await pilot.pause()
        assert shown(app, INVENTORY_KEYS) and not shown(app, MAP_KEYS)
        await pilot.press("escape")                          # back on the map: its keys
        await pilot.pause()
        assert shown(app, MAP_KEYS)


async def into_kit_fight(pilot) -> None:
    """From the title into the kit's first fight, at the hero's first turn."""
    app = pilot.app
    app.continue_run(kit_state())
    await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
    await hero_turn_or_end(pilot)
    await pilot.pause()


async def test_help_and_a_card_over_a_fight_show_their_own_keys(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_kit_fight(pilot)
        fight = fight_screen(app)._key_line()
        assert shown(app, fight)
        await pilot.press("question_mark")
        await pilot.pause()
        assert shown(app, HELP_BOX_KEYS) and not shown(app, fight)
        await pilot.press("escape", "x")
        await pilot.pause()
        await pilot.pause()
        assert shown(app, [CARD_STEP, CARD_CLOSE]) and not shown(app, fight)
        await pilot.press("escape")
        await pilot.pause()
        assert shown(app, fight)


async def test_on_a_narrow_screen_the_key_line_keeps_help_and_says_keys_gave_way(home):
    """At 60 columns the fight's key line (77 cells) was cut in the middle of '? help';
    now its last keys give way to …, and '? help' and 'q' (in fewer words) end it; at 80
    it is whole again."""
    app = make_app(home)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert screen_text(app)[-1].strip() == \
            "1-2 start with hero N  x read  …  ? help  q quit"
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
        await hero_turn_or_end(pilot)
        await pilot.pause()
        last = screen_text(app)[-1]
        assert last.strip() == "1-3 die  a-b card  x read  t end turn  …  ? help  q quit"
        assert len(last) <= 60
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen_text(app)[-1].strip() == key_bar(fight_screen(app)._key_line())


async def test_the_fight_key_line_names_the_dice_and_cards_in_play(home):
    """It said '1-9 die  a-f card' whatever the hero held; it names the keys that do
    something now: no die or card keys once every die is played, and in the enemy's turn
    none of the turn's own keys."""
    app = make_app(home)
    app.config = replace(app.config, enemy_delay=0.5)       # (its turn long enough to see)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_kit_fight(pilot)
        screen = fight_screen(app)
        bar = screen.query_one("KeyBar")
        assert len(screen.session.fight.fighters[0].dice) == 3
        assert str(bar.render()).startswith("1-3 die  a-b card  ")
        await pilot.press("1", "a")                          # die 1 played: 2 and 3 left
        await pilot.pause()
        assert str(bar.render()).startswith("2-3 die  a-b card  ")
        fight = screen.session.fight
        while len(fight.legal_moves()) > 1:                 # everything played
            move = next(m for m in fight.legal_moves() if not m.is_end)
            await pilot.press(*keys_for(screen, move))
        await pilot.pause()
        assert screen.session.hero_to_act
        assert str(bar.render()).startswith("x read  t end turn  h hint  ")
        await pilot.press("t")
        await pilot.pause()
        assert screen.session.enemy_to_act and not screen.session.over   # the enemy's turn
        assert str(bar.render()).startswith("x read  g graph  ? help")


async def test_a_card_read_whole_names_only_the_keys_that_do_something(home):
    """←→ read the other cards and ↑↓ scroll a long text: a card read alone (a reward on
    offer), whose text fits, showed both all the same."""
    from dicey.run import progress
    from dicey.tui.screens.card import CardScreen
    from tui_kit import into_gambler, saga_library
    state = progress.finish_fight(make_app(home).library,
                                  progress.enter_fight(kit_state(4)), 0, 3, 17)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RewardScreen")
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, CardScreen))
        await pilot.pause()
        await pilot.pause()
        assert len(app.screen.cards()) == 1
        bar = key_line(app)
        assert bar == key_bar([CARD_CLOSE])

    app = make_app(home, library=saga_library())          # a long text, other cards
    async with app.run_test(size=(80, 24)) as pilot:
        await into_gambler(pilot)
        await pilot.press("tab", "x")
        await pilot.pause()
        await pilot.pause()
        assert key_line(app) == key_bar(CARD_DETAIL_KEYS)
        await pilot.press("right")                       # a short one: no ↑↓
        await pilot.pause()
        await pilot.pause()
        assert key_line(app) == key_bar([CARD_STEP, CARD_CLOSE])


async def test_a_twelve_card_hero_s_key_line_keeps_q_and_help_at_80_columns(home, library):
    """A hero of 12 cards ('a-f, i-n card') pushed 'q save & quit' off an 80-column key
    line: now 'q' says it in fewer words and stays, and '? help' with it."""
    from tui_kit import base_game_state, into_fight
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_fight(pilot, base_game_state(library, ("dagger",) * 12, 3))
        await pilot.pause()
        last = screen_text(app)[-1].strip()
        assert "a-f, i-n card" in last and last.endswith("? help  q quit"), last
        await pilot.resize_terminal(50, 24)              # narrower: other keys give way
        await pilot.pause()
        last = screen_text(app)[-1].strip()
        assert "…" in last and last.endswith("? help  q quit"), last
