"""What the planner tests share: where the reference positions are, which ones the
exhaustive search solves, and a fixture that pins them (the engine's hand-made kit,
``rules_kit``, is on the test path through pyproject.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIOS = ROOT / "scenarios"
#: Reference positions the exhaustive search solves within their own budgets.
SOLVABLE = ("frog", "handyman", "countdown", "poison")


@pytest.fixture(scope="session")
def reference(library):
    """``reference(name)``: a reference position's scenario and a fresh fight of it."""
    from dicey.ai.scenario import load_scenario

    def get(name: str):
        scenario = load_scenario(SCENARIOS / f"{name}.toml")
        return scenario, scenario.fight(library)
    return get


def mod_library(folder: Path, name: str, dice: str):
    """The content with one mod, ``name``, made in ``folder`` of the declarations ``dice``
    (it must load clean)."""
    from dicey.library import load_library

    mod = folder / name
    mod.mkdir()
    (mod / "mod.toml").write_text(f'name = "{name}"\nversion = "1.0"\napi = 1\n')
    (mod / f"{name}.dice").write_text(dice)
    library = load_library(mod_dirs=[mod])
    assert name not in library.skipped_mods and not library.errors
    return library


def play_planned_turn(fight, states: int, seed: int) -> None:
    """Play the rest of ``fight``'s turn as ``normal`` plans it (a count budget of
    ``states``, MCTS past it), checking that every move it chooses is legal and comes
    from a plan."""
    import random

    from dicey.ai.planner import Budget, make_chooser
    from dicey.lang.chance import SampleChance

    chooser = make_chooser("normal", Budget(states=states, iterations=60, ms=None))
    rng = random.Random(seed)
    chance = SampleChance(random.Random(seed + 1))
    for _ in range(40):
        if fight.turn_over:
            break
        move = chooser(fight, rng)
        assert move in fight.legal_moves(), move
        assert chooser.last_plan is not None and chooser.last_plan.moves
        fight.apply(move, chance)
    assert fight.turn_over


def checked_search(scorer):
    """The plain search (no cut at a sure win), that checks every state's value against its
    ceiling (``score.Ceiling``): ``bounded`` counts the states whose ceiling was finite."""
    from dicey.ai.search import Expectimax

    class Checked(Expectimax):
        def __init__(self) -> None:
            super().__init__(scorer, cutoff=False)
            self.bounded = 0

        def _best(self, fight, record=None):
            move, value = super()._best(fight, record)
            ceiling = self.scorer.ceiling(fight)
            assert value <= ceiling, (fight.key(), value, ceiling)
            self.bounded += ceiling != float("inf")
            return move, value

    return Checked()
