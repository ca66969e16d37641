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
}


def tui_library() -> RunLib:
    lib = RunLib()
    for cid, text in TEXTS.items():
        card = lib.equipment[cid]
        upgraded = replace(card.upgraded, text=text + " +1") if card.upgraded else None
        lib.equipment[cid] = replace(card, text=text, upgraded=upgraded)
    return lib


LIB = tui_library()


def make_app(home, *, chooser=None, **config: Any) -> DiceyApp:
    """The game on the kit's dungeon, saving in ``home``, the enemy without delay."""
    chooser = chooser or (lambda preset: choose_move)
    return DiceyApp(LIB, SaveStore(home), PlayConfig(enemy_delay=0, chooser_for=chooser,
                                                     **config))


# ------------------------------------------------------------------ driving

async def wait_until(pilot, condition, what: str = "the screen", steps: int = 500) -> None:
    """Let the app run until ``condition()`` holds (the enemy thinks in a thread)."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{what} did not settle")


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
    """The keys a player presses for ``move`` (a die's number, a card's letter)."""
    from dicey.tui.faces import CARD_KEYS
    if move.is_end:
        return ["t"]
    return [str(move.die_index + 1), CARD_KEYS[move.card_index]]


def kit_state(seed: int = 1, **hero: Any):
    """A fresh run of the kit's Warrior, with hero fields changed as given."""
    from dicey.run import progress
    state = progress.new_run(LIB, "warrior", seed)
    return replace(state, hero=replace(state.hero, **hero))
