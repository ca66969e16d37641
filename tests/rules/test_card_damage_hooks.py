"""``on damage taken`` and ``on damage dealt`` on equipment: when they run, with what
``amount``, in which order beside the statuses' hooks of the same name, in the AI's
simulations as in play, and how hooks that answer damage with damage are stopped.

The cards are written in the language and loaded on top of the base game, so the checker,
the interpreter and the engine are tested together.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax
from dicey.lang.chance import SampleChance
from dicey.lang.interp import MAX_NESTING, MAX_STEPS
from dicey.library import load_library
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

ROOT = Path(__file__).resolve().parents[2]

CARDS = """
equipment "Gauge" {
    slots: 6
    var charge = 0
    text: "Charged [charge]"
    on use { attack(charge) }
    on damage taken { charge += amount }
}
equipment "Tally" {
    slots: 6
    var dealt = 0
    text: "Dealt [dealt]"
    on use { attack(1) }
    on damage dealt { dealt += amount }
}
equipment "Grudge" {
    slots: 6
    text: "Whoever hurts you takes as much"
    on use { attack(d) }
    on damage taken { attack(amount) }
}
equipment "Twin Grudge" {
    slots: 6
    text: "Whoever hurts you takes 1, twice"
    on use { attack(d) }
    on damage taken { attack(1); attack(1) }
}
equipment "Blood Pact" {
    slots: any
    cast: self
    text: "Lose [d] HP"
    on use { hurt_self(d) }
}
equipment "Recoil" {
    slots: any
    text: "Take [d] damage (shield absorbs)"
    on use { recoil(d) }
}
equipment "Self Harm" {
    slots: any
    var charge = 0
    text: "Charged [charge]"
    on use {
        charge += 10
        hurt_self(d)
        if card.charge != charge { say("out of step") }
        charge += 100
    }
    on damage taken { charge += amount }
}
equipment "First" {
    slots: 6
    text: "x"
    on use { attack(d) }
    on damage taken { say("first card, taken") }
    on damage dealt { say("first card, dealt") }
}
equipment "Second" {
    slots: 6
    text: "x"
    on use { attack(d) }
    on damage taken { say("second card, taken") }
    on damage dealt { say("second card, dealt") }
}
equipment "Sharp" {
    slots: any
    text: "Do [d] damage; weakened, it feels nothing"
    on use { attack(d) }
    on damage taken { say("sharp, taken") }
    weakened {
        on damage taken { say("weakened sharp, taken") }
    }
}
status "Grit" {
    kind: positive
    stacks: yes
    clears: never
    on damage taken { say("status, taken") }
    on damage dealt { say("status, dealt") }
}
status "Spite" {
    kind: positive
    stacks: yes
    clears: never
    on damage taken { attack(99) }
}
"""


#: The example card of language.md §3, as the page shows it.
PAYBACK = re.search(r"```\n(equipment \"Payback\" \{.*?\n\})\n```",
                    (ROOT / "docs" / "language.md").read_text(encoding="utf-8"), re.S)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hooks")
    (folder / "hooks.dice").write_text(CARDS)
    assert PAYBACK, "language.md §3 lost its Payback example"
    (folder / "payback.dice").write_text(PAYBACK[1])
    library = load_library(use_mods=False, extra_files=[folder / "hooks.dice",
                                                        folder / "payback.dice"])
    assert library.errors == [], library.render_diagnostics()
    return library


def position(lib, mine, dice, theirs=("Sword",), *, hp=None, opp_hp=None, statuses=None,
             opp_statuses=None, simulation=False):
    """The Warrior to act with ``mine`` and ``dice`` against a Frog holding ``theirs``."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0),
                        simulation=simulation)
    fight.set_position(1, equipment=list(theirs), statuses=opp_statuses or {})
    fight.set_position(0, equipment=list(mine), dice=list(dice), statuses=statuses or {})
    for side, value in ((0, hp), (1, opp_hp)):
        if value is not None:
            fight.fighters[side].hp = fight.fighters[side].max_hp = value
    return fight


def play(fight, *moves):
    chance = SampleChance(random.Random(0))
    return [e for m in moves for e in fight.apply(Move.parse(m), chance)]


def var(fight, side, name, field):
    card = next(c for c in fight.fighters[side].cards if c.defn.name == name)
    return dict(card.vars)[field]


def said(events):
    return [e.text for e in events if isinstance(e, E.Said)]


# ------------------------------------------------------------- when and with what amount

def test_on_damage_taken_runs_once_per_blow_with_the_hp_lost(lib):
    fight = position(lib, ["Sword", "Dagger"], [5, 3, 2], ["Gauge"], opp_hp=50,
                     opp_statuses={"shield": 2})
    play(fight, "5 → Sword")                 # 2 absorbed: 3 HP lost
    assert var(fight, 1, "Gauge", "charge") == 3
    play(fight, "3 → Dagger", "2 → Dagger")  # two blows
    assert var(fight, 1, "Gauge", "charge") == 8


def test_damage_absorbed_whole_runs_no_hook(lib):
    # As for statuses: the hooks see HP lost, and a blow that takes none is no damage taken
    # or dealt (shield, reduce, immunity).
    fight = position(lib, ["Sword", "Dagger", "First"], [4, 3], ["First"],
                     opp_statuses={"shield": 4, "reduce": 3})
    events = play(fight, "4 → Sword", "3 → Dagger")
    assert [e.amount for e in events if isinstance(e, E.Damaged)] == [0, 0]
    assert said(events) == []


def test_on_damage_dealt_sees_the_hp_the_blow_took(lib):
    fight = position(lib, ["Sword", "Tally", "Blood Pact"], [5, 2], opp_hp=40,
                     opp_statuses={"shield": 1})
    play(fight, "5 → Sword")
    assert var(fight, 0, "Tally", "dealt") == 4
    play(fight, "2 → Blood Pact")            # damage to oneself is not dealt
    assert var(fight, 0, "Tally", "dealt") == 4


def test_damage_a_fighter_does_itself_is_damage_taken(lib):
    fight = position(lib, ["Gauge", "Blood Pact", "Recoil"], [3, 4], statuses={"shield": 1})
    play(fight, "3 → Blood Pact")            # ignores shield
    play(fight, "4 → Recoil")                # shield takes 1
    assert var(fight, 0, "Gauge", "charge") == 6


def test_a_weakened_card_runs_its_weakened_hooks(lib):
    fight = position(lib, ["Sword"], [4], ["Sharp"])
    assert said(play(fight, "4 → Sword")) == ["sharp, taken"]
    fight = position(lib, ["Sword"], [4], ["Sharp"])
    fight.set_position(1, weakened=["Sharp"])
    assert said(play(fight, "4 → Sword")) == ["weakened sharp, taken"]


# --------------------------------------------------------------------------- order

def test_cards_left_to_right_then_statuses_receiver_first(lib):
    fight = position(lib, ["Second", "First"], [6], ["First", "Second"], opp_hp=50,
                     statuses={"grit": 1}, opp_statuses={"grit": 1})
    assert said(play(fight, "6 → Second")) == [
        "first card, taken", "second card, taken", "status, taken",
        "second card, dealt", "first card, dealt", "status, dealt"]


def cards_gone_over(monkeypatch) -> list[tuple[int, str]]:
    """The (side, hook) of each time the engine goes over a fighter's cards for a hook,
    from now on."""
    from dicey.rules.combat import Mechanics
    asked: list[tuple[int, str]] = []
    real = Mechanics._cards_hook

    def cards_hook(self, side, event, names=None):
        asked.append((side, event))
        return real(self, side, event, names)

    monkeypatch.setattr(Mechanics, "_cards_hook", cards_hook)
    return asked


def test_fighters_without_such_cards_are_not_looked_through(lib, monkeypatch):
    # card_events() says no card of theirs has the hook: their cards are never gone over.
    asked = cards_gone_over(monkeypatch)
    fight = position(lib, ["Sword", "Blood Pact"], [5, 2], ["Gauge"], opp_hp=40)
    play(fight, "5 → Sword", "2 → Blood Pact")
    assert [(side, event) for side, event in asked if "damage" in event] == [
        (1, "on damage taken")]


def test_a_card_with_no_such_hook_is_passed_over(lib):
    fight = position(lib, ["Sword"], [4], ["Dagger", "First", "Sword"])
    assert said(play(fight, "4 → Sword")) == ["first card, taken"]


# ------------------------------------------------------------ knocked out, looping

def test_a_knocked_out_fighter_does_not_hit_back(lib):
    # Its hooks would run at 0 HP: a Grudge could then kill the winner, and the fight
    # would name the wrong one. A blow that knocks out ends the fight at once.
    for theirs, statuses in ((["Grudge"], {}), (["Sword"], {"spite": 1})):
        fight = position(lib, ["Sword"], [5], theirs, hp=3, opp_hp=5, opp_statuses=statuses)
        play(fight, "5 → Sword")
        assert fight.outcome.winner == 0 and fight.fighters[0].hp == 3


def test_two_grudges_stop_at_the_nesting_limit(lib):
    fight = position(lib, ["Grudge"], [6], ["Grudge"], hp=9999, opp_hp=9999)
    events = play(fight, "6 → Grudge")
    hits = [e for e in events if isinstance(e, E.Damaged)]
    (fault,) = [e for e in events if isinstance(e, E.ScriptFault)]
    assert fault.message == (f"hooks set one another off more than {MAX_NESTING} deep "
                             "(each hook's effects ran the next)")
    assert len(hits) == MAX_NESTING + 1 and {e.amount for e in hits} == {6}
    assert not fight.is_over


def test_hooks_that_fan_out_stop_at_the_nesting_limit_too(lib):
    fight = position(lib, ["Twin Grudge"], [6], ["Twin Grudge"], hp=9999, opp_hp=9999)
    events = play(fight, "6 → Twin Grudge")
    hits = [e for e in events if isinstance(e, E.Damaged)]
    assert 2 ** MAX_NESTING < len(hits) <= MAX_STEPS
    assert {e.message for e in events if isinstance(e, E.ScriptFault)} == {
        f"hooks set one another off more than {MAX_NESTING} deep "
        "(each hook's effects ran the next)"}
    assert not fight.is_over and fight.legal_moves()


# ----------------------------------------------------------------- card variables

def test_the_payback_of_the_reference_charges_from_the_hp_its_owner_loses(lib):
    fight = position(lib, ["Boomerang", "Payback", "Blood Pact"], [3, 4], opp_hp=50,
                     statuses={"shield": 1})
    play(fight, "3 → Boomerang")             # takes 3, the shield 1 of them
    assert var(fight, 0, "Payback", "charge") == 2
    events = play(fight, "4 → Payback")
    assert [e.amount for e in events if isinstance(e, E.Damaged)] == [6]
    assert var(fight, 0, "Payback", "charge") == 0
    fight.fighters[0].hp = fight.fighters[0].max_hp = 99
    for _ in range(5):
        fight.set_position(0, dice=[6])
        play(fight, "6 → Blood Pact")
    assert var(fight, 0, "Payback", "charge") == 20



def test_a_hook_set_off_by_its_own_card_shares_its_variables(lib):
    # on use adds 10, hurts its owner (on damage taken adds 4), then adds 100: nothing is
    # lost, and card.charge reads the running value meanwhile.
    fight = position(lib, ["Self Harm"], [4])
    events = play(fight, "4 → Self Harm")
    assert var(fight, 0, "Self Harm", "charge") == 114 and said(events) == []


# ------------------------------------------------------------------ the AI's copies

def test_a_simulation_runs_the_hooks_as_play_does(lib):
    fight = position(lib, ["Sword", "Self Harm", "Tally"], [5, 3], ["Gauge", "Grudge"],
                     opp_hp=40)
    sim = fight.copy(simulation=True, log=False)
    for f in (fight, sim):
        play(f, "5 → Sword", "3 → Self Harm")
    assert sim.key() == fight.key()
    assert [[c.vars for c in f.cards] for f in sim.fighters] == \
        [[c.vars for c in f.cards] for f in fight.fighters]
    assert var(sim, 1, "Gauge", "charge") == 5 and var(sim, 0, "Tally", "dealt") == 5
    assert var(sim, 0, "Self Harm", "charge") == 118   # 10, Grudge's 5 back, 3, 100


def test_the_ai_plans_with_the_hooks(lib):
    # Losing 4 HP to the Blood Pact makes the Grudge do 4 to a Frog at 4 HP: only a
    # search that runs the hook sees the kill (else it keeps its HP: the Dagger takes
    # no 4).
    fight = position(lib, ["Dagger", "Blood Pact", "Grudge"], [4], opp_hp=4)
    root = fight.copy(simulation=True, log=False)
    assert str(Expectimax(Scorer(root)).best_move(root)) == "4 → Blood Pact"
