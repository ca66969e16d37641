"""Playing by keys alone: a whole seeded run to the boss, a fight to a loss, and a fight of
the real base game."""
from __future__ import annotations

import random
from dataclasses import replace

from dicey.ai.baseline import choose_move
from dicey.run import progress
from dicey.run.records import RecordBook
from dicey.run.saves import SaveStore, decode
from dicey.tui.app import DiceyApp, PlayConfig
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.ending import EndScreen
from dicey.tui.screens.fight import FightScreen
from dicey.tui.screens.reward import RewardScreen
from tui_kit import LIB, fight_screen, hero_turn_or_end, keys_for, make_app, wait_until


async def play_fight_by_keys(pilot, rng: random.Random, chooser=choose_move) -> FightScreen:
    """Play the fight on screen to its end, pressing the keys for the chooser's moves
    (easy's, unless told)."""
    screen = fight_screen(pilot.app)
    session = screen.session
    while True:
        await hero_turn_or_end(pilot)
        if session.over:
            return screen
        move = chooser(session.fight.copy(), rng)
        made = len(session.moves)
        await pilot.press(*keys_for(screen, move))
        assert len(session.moves) > made, f"the keys for {move} did nothing"
        assert session.moves[made].same_choice(move)   # (the enemy may have moved since)


async def end_turns_until_over(pilot) -> FightScreen:
    """Only ever end the turn, until the fight is over."""
    screen = fight_screen(pilot.app)
    while True:
        await hero_turn_or_end(pilot)
        if screen.session.over:
            return screen
        await pilot.press("t")


async def test_a_whole_run_by_keys_to_the_boss(home):
    app = make_app(home, seed=2)
    rng = random.Random(0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1")                       # new run, the first hero
        enemies = []
        while not isinstance(app.screen, EndScreen):
            if isinstance(app.screen, DungeonScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, RewardScreen):
                await pilot.press("2")
            else:
                screen = await play_fight_by_keys(pilot, rng)
                assert screen.session.winner == 0
                enemies.append(screen.enemy.id)
                await pilot.press("enter")
            await pilot.pause()
        text = str(app.screen.query_one("#screen-title").render())
        assert text.startswith("VICTORY") and "Dragon" in text
    assert enemies == [e for floor in app.state.schedule for e in floor]
    assert enemies[-1] == "dragon" and app.state.stage == "won"
    store = SaveStore(home)
    assert not store.path.exists() and decode(store.last_run.read_bytes(), LIB) == app.state
    [record] = RecordBook(home).load().runs               # and it is in the records
    assert record.won and record.seed == 2 and record.fights_won == len(enemies)


async def test_a_fight_by_keys_to_a_loss(home):
    app = make_app(home, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "2", "enter")             # the Weakling, 3 HP, into a fight
        screen = await end_turns_until_over(pilot)
        assert screen.session.winner == 1
        assert "wins" in str(screen.query_one("#fight-header").render())
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert str(app.screen.query_one("#screen-title").render()).startswith("DEFEAT")
        await pilot.press("enter")                       # back to the title
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
    assert app.state is None and SaveStore(home).last_run.exists()
    [record] = RecordBook(home).load().runs
    assert (record.hero_name, record.result, record.floor) == ("Weakling", "lost", 1)


def base_game_run(library, seed: int, hp: int):
    """A fresh run of the base game's Warrior, with ``hp`` HP (and as much max HP)."""
    state = progress.new_run(library, "warrior", seed)
    return replace(state, hero=replace(state.hero, hp=hp, max_hp=hp))


async def into_first_fight(pilot, app, library, hp: int) -> None:
    """Continue a base-game run with ``hp`` HP and enter its first fight by key."""
    app.continue_run(base_game_run(library, 11, hp))
    await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
    await pilot.press("enter")


async def test_a_base_game_fight_by_keys_to_a_win(home, library):
    """The real content and the enemy's own AI; the hero is made sturdy enough to win."""
    app = DiceyApp(library, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_fight(pilot, app, library, 500)
        screen = await play_fight_by_keys(pilot, random.Random(1))
        assert screen.session.winner == 0
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RewardScreen))
        floor_pool = library.dungeon.floors[0].rewards
        assert app.state.offers[0].kind == "card" and app.state.offers[0].card in floor_pool
    assert SaveStore(home).load(library).state.stage == "reward"


async def test_a_base_game_fight_by_keys_to_a_loss(home, library):
    app = DiceyApp(library, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_fight(pilot, app, library, 1)
        screen = await end_turns_until_over(pilot)
        assert screen.session.winner == 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert app.state.stage == "lost" and app.state.history[-1].result == "lost"
