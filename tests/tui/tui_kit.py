"""The dungeon the UI tests play: the run tests' kit with card texts, so screens and
snapshots do not change when the base game's content is rebalanced."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicey.ai.baseline import choose_move
from dicey.run.saves import SaveStore
from dicey.tui.app import DiceyApp, PlayConfig
from run_kit import RunLib

TEXTS = {
    "sword": "Do [d] damage", "shield": "Gain [d] shield", "dagger": "Do [d] damage; "
    "unlimited uses", "hammer": "Do [d] shock damage. On a 6: shock", "rock": "Do [d] "
    "damage, once", "broadsword": "Do [d] damage", "spatula": "Get a die of 7 - [d]",
    # The Gambler's cards: as long as the longest of the base game's.
    "lucky_7": "Two dice adding up to 7: do 7 damage and get one of them back",
    "lockpick": "Split the die in two: get a 1 and a die of [d] - 1 (a 1 stays a 1)",
    "poison_needle": "Inflict 1 poison: the poisoned lose 1 HP a turn, one stack at a time",
    "magic_missile": "Do 5 damage of a random element: fire burns, ice freezes, shock shocks",
}

#: An enemy whose cards' texts are too long for their faces at 80 columns.
GAMBLER = ("gambler", "Gambler", ("lucky_7", "lockpick", "poison_needle", "magic_missile"))


def tui_library() -> RunLib:
    lib = RunLib()
    for cid, text in TEXTS.items():
        card = lib.equipment[cid]
        upgraded = replace(card.upgraded, text=text + " +1") if card.upgraded else None
        lib.equipment[cid] = replace(card, text=text, upgraded=upgraded)
    gid, name, cards = GAMBLER
    lib.enemies[gid] = replace(lib.enemies["frog"], id=gid, name=name, hp=20, dice=3,
                               equipment=cards)
    return lib


LIB = tui_library()


#: A card text far too long for any face or for the message line (a modded card may
#: say this much); its last words are ``THE END``.
SAGA = ("Do [d] damage and inflict 1 poison. " + " ".join(
    f"Verse {n}: the claw was old when the dungeon was young, and every scratch it left "
    "festered for a turn." for n in range(1, 13)) + " THE END")


def saga_library() -> RunLib:
    """The kit with a modded card whose text is :data:`SAGA`: the Gambler's Lucky 7, as
    the mod 'sagas' tells it."""
    from dicey.lang.ast import Pos
    from dicey.lang.defs import Origin
    lib = tui_library()
    card = lib.equipment["lucky_7"]
    lib.equipment["lucky_7"] = replace(card, text=SAGA,
                                       origin=Origin("mods/sagas/cards.dice", Pos(1), "sagas"))
    return lib


def make_app(home, *, chooser=None, library: Any = None, **config: Any) -> DiceyApp:
    """The game on the kit's dungeon (or ``library``), saving in ``home``, the enemy without
    delay."""
    chooser = chooser or (lambda preset: choose_move)
    return DiceyApp(library or LIB, SaveStore(home),
                    PlayConfig(enemy_delay=0, chooser_for=chooser, **config))


# ------------------------------------------------------------------ driving

async def wait_until(pilot, condition, what: str = "the screen", steps: int = 500) -> None:
    """Let the app run until ``condition()`` holds (the enemy thinks in a thread)."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{what} did not settle")


class Clock:
    """A clock for the fight screen's key pauses (``screen.clock``) that moves only when
    told: keys pressed with no :meth:`advance` between come at the same time."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def fight_screen(app):
    from dicey.tui.screens.fight import FightScreen
    screen = app.screen
    assert isinstance(screen, FightScreen), f"expected the fight, got {type(screen).__name__}"
    return screen


async def hero_turn_or_end(pilot) -> None:
    """Wait until the hero is to act or the fight is over."""
    screen = fight_screen(pilot.app)
    await wait_until(pilot, lambda: not screen.thinking and (
        screen.session.hero_to_act or screen.session.over), "the enemy's turn")


def keys_for(screen, move) -> list[str]:
    """The keys a player presses for ``move`` (the number on its die's box, digit by digit,
    and a card's letter; a button's letter alone; ``T`` to end the turn)."""
    from dicey.tui.faces import CARD_KEYS
    if move.is_end:
        return ["T"]          # (t asks first when dice are left to play)
    if move.action == "use":
        return [CARD_KEYS[move.card_index]]
    return [*str(screen._numbers()[move.die_index]), CARD_KEYS[move.card_index]]


def kit_state(seed: int = 1, **hero: Any):
    """A fresh run of the kit's Warrior, with hero fields changed as given."""
    from dicey.run import progress
    state = progress.new_run(LIB, "warrior", seed)
    return replace(state, hero=replace(state.hero, **hero))


def gambler_state(seed: int = 4, **hero: Any):
    """A run of the kit's Warrior whose first fight, under way, is against the Gambler."""
    from dicey.run import progress
    state = kit_state(seed, **hero)
    schedule = ((GAMBLER[0],) + state.schedule[0][1:],) + state.schedule[1:]
    return progress.enter_fight(replace(state, schedule=schedule))


async def into_gambler(pilot):
    """Continue :func:`gambler_state` in the app and wait for its fight; the fight screen."""
    pilot.app.continue_run(gambler_state())
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "FightScreen")
    await pilot.pause()
    return fight_screen(pilot.app)


def screen_text(app) -> list[str]:
    """The lines the terminal shows now, as text (a box over a screen as well as what
    shows of the screen underneath), as a screenshot has them."""
    import io

    from rich.console import Console
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return [line.rstrip() for line in console.export_text().splitlines()]


def key_line(app) -> str:
    """The key line of the screen on top."""
    return str(app.screen.query_one("KeyBar").render())


def base_game_state(library, equipment, dice: int, *, enemy: str = "dragon", seed: int = 3):
    """A run of the base game's Thief holding ``equipment`` (card ids) and rolling
    ``dice``, its first fight, under way, against ``enemy`` (by default the Dragon: no
    blow of the first turn ends it)."""
    from dicey.run import progress
    state = progress.new_run(library, "thief", seed)
    state = replace(state, hero=replace(state.hero, equipment=tuple(equipment), dice=dice),
                    schedule=((enemy,) + state.schedule[0][1:],) + state.schedule[1:])
    return progress.enter_fight(state)


async def into_fight(pilot, state):
    """Continue ``state`` in the app and wait for the hero's first turn; the fight screen."""
    pilot.app.continue_run(state)
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "FightScreen")
    await pilot.pause()
    screen = fight_screen(pilot.app)
    await hero_turn_or_end(pilot)
    return screen
