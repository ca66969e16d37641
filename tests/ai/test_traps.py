"""Traps: a card of one's own whose payoff comes in the opponent's turn (a hook that runs
then, with what the turn left on the card), as the coming turn sees it.

The cards are language.md §3's Bear Trap and Static Field, as the page shows them (no
``bonus``): loaded on top of the base game, so the checker, the engine and the planner are
tested together. The Warrior (side 0) plans against a Frog (side 1) whose cards are chosen.
"""
from __future__ import annotations

import random
import re

import pytest

from dicey.ai.foresight import Outlook, answers
from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax
from dicey.library import load_library
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from dicey.rules.state import fresh_card
from planner_kit import ROOT, SOLVABLE, reference  # noqa: F401 (a fixture)

DOC = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
EXAMPLES = ("Bear Trap", "Static Field", "Hedgehog")


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    found = {name: re.search(r'\n(equipment "%s" \{\n.*?\n\})\n' % name, DOC, re.S)
             for name in EXAMPLES}
    for name, match in found.items():
        assert match, f"language.md §3 lost its {name} example"
        assert "bonus" not in match[1], f"language.md §3's {name} prices itself"
    path = tmp_path_factory.mktemp("traps") / "traps.dice"
    path.write_text("\n".join(m[1] for m in found.values()))
    library = load_library(use_mods=False, extra_files=[path])
    assert library.errors == [], library.render_diagnostics()
    return library


def position(lib, mine, dice, theirs) -> Fight:
    """The Warrior (24 HP) to act with ``mine`` and ``dice`` against a Frog (20 HP)
    holding ``theirs``."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(1, equipment=list(theirs), statuses={})
    fight.set_position(0, equipment=list(mine), dice=list(dice), statuses={})
    for side, hp in ((0, 24), (1, 20)):
        fight.fighters[side].hp = fight.fighters[side].max_hp = hp
    return fight


def plan(fight: Fight) -> list[str]:
    """The moves of the plan's line (the end of the turn left out)."""
    root = fight.copy(simulation=True, log=False)
    line = Expectimax(Scorer(root)).best_line(root)
    return sorted(str(step.move) for step in line if step.move != Move.end())


def after(fight: Fight, move: str) -> Fight:
    [(_, state)] = fight.outcomes(Move.parse(move))
    return state


def test_which_cards_act_in_the_opponents_turn(lib):
    def card(name):
        return next(c for c in position(lib, [name], [1], []).fighters[0].cards)
    assert answers(card("Bear Trap")) and answers(card("Static Field"))
    assert answers(card("Hedgehog"))             # it strikes back: no variable, though
    # Fury's ``on damage taken`` only counts its charge; the Sword has no such hook
    assert not answers(card("Fury")) and not answers(card("Sword"))


def test_a_bear_trap_is_set_when_the_opponent_will_strike(lib):
    # A Sword and a Bear Trap, a 4 and a 3, against a Frog with a Sword: the 4 strikes,
    # the 3 sets the trap (the Frog's blow next turn gives 3 back), rather than stay
    # unused (15 points) as it did while the trap did nothing in the turn it was set.
    assert plan(position(lib, ["Sword", "Bear Trap"], [4, 3], ["Sword"])) == \
        ["3 → Bear Trap", "4 → Sword"]


def test_a_bear_trap_is_not_set_when_nothing_will_spring_it(lib):
    # The same against a Frog that holds only a Shield: no blow comes, the 3 is kept.
    assert plan(position(lib, ["Sword", "Bear Trap"], [4, 3], ["Shield"])) == ["4 → Sword"]


def test_a_static_field_is_charged_when_the_opponent_will_use_cards(lib):
    assert plan(position(lib, ["Sword", "Static Field"], [4, 5], ["Sword", "Dagger"])) == \
        ["4 → Static Field", "5 → Sword"]
    # a Frog with no card uses none: the 4 stays unused (20 points against the card's 9)
    assert plan(position(lib, ["Sword", "Static Field"], [4, 5], [])) == ["5 → Sword"]


def test_the_trial_plays_the_trap_as_the_turn_left_it(lib):
    fight = position(lib, ["Bear Trap"], [1, 3, 6], ["Sword"])
    root = fight.copy(simulation=True, log=False)
    outlook = Outlook(root, 0, outlook=50, fatal=5_000)
    assert outlook._answering == (0,)
    values = [outlook.value(after(root, f"{d} → Bear Trap")) for d in (1, 3, 6)]
    # the Frog's first blow springs it whatever the roll: each pip set is an HP back
    assert outlook.value(root) == 0 and values == [50.0, 150.0, 300.0]
    # a trial for each way the trap was left, beside the bare one
    assert len(outlook._turns) == 4


def test_the_base_game_keys_its_trials_as_before(library, reference):
    # No card of the base game acts in the opponent's turn (a limit break's charge only
    # counts): the trials and their keys are what they were, and cost nothing more.
    for name in SOLVABLE:
        _, fight = reference(name)
        root = fight.copy(simulation=True, log=False)
        scorer = Scorer(root)
        Expectimax(scorer).solve(root)
        outlook = scorer._outlook
        if outlook is None:
            continue
        assert outlook._answering is None and outlook._carried == {}
        assert outlook._values and all(len(key) == 9 for key in outlook._values)
        assert all(len(key) == 3 for key in outlook._turns)
    assert not [name for name, card in library.equipment.items()
                if answers(fresh_card(card))]


def test_a_trap_is_not_set_against_a_blow_the_turn_took_away(lib):
    # The Sword stolen, the Frog has nothing to strike with: its trials are played with
    # the cards it is left (keyed by them beside the trap's), and the 3 goes on the
    # stolen Sword, not on the trap.
    fight = position(lib, ["Sticky Fingers", "Bear Trap"], [6, 3], ["Sword"])
    assert plan(fight) == ["3 → Sword", "6 → Sticky Fingers"]
    root = fight.copy(simulation=True, log=False)
    outlook = Outlook(root, 0, outlook=50, fatal=5_000)
    stolen = after(root, "6 → Sticky Fingers")
    bare = outlook.value(stolen)
    assert outlook.value(after(stolen, "3 → Bear Trap")) == bare
    assert outlook.value(after(root, "3 → Bear Trap")) == 150.0



PYRE = ROOT / "tests" / "data" / "pyre"    # a mod of the new shapes of card, together


def test_a_trap_held_for_a_while_that_goes_back_at_the_turns_end_is_planned_around(cli):
    """The Loan Shark holds the Juggler's Mirror Ball for this turn (its last card), whose
    ``on roll`` acts in the opponent's turn too: the coming turn's trials end the turn,
    which hands it back and its place goes, and then set what it carried on that place
    (an internal error in ``dicey plan``, ``dicey fight`` and ``dicey sim``)."""
    code, out, err = cli("plan", str(PYRE.parent / "pyre_borrowed.toml"), "--mods", str(PYRE))
    assert code == 0 and "Traceback" not in err and "internal error" not in err, err
    code, out, err = cli("fight", "Loan Shark", "--hero", "Juggler", "--seed", "1",
                         "--hero-ai", "easy", "--mods", str(PYRE))
    assert code == 0 and "internal error" not in err, err
