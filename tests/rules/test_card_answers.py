"""What struck a blow (``source``, ``type``), ``on attacked`` and ``on opponent use``: when
they run, with what, in which order beside the hooks that were there already, in the AI's
look-ahead as in play, and how hooks that answer one another are stopped.

The cards are written in the language and loaded on top of the base game with the examples
of language.md §3 as the page shows them, so the checker, the interpreter and the engine are
tested together, beside the cards of the tests of ``on damage taken`` (Blood Pact, Recoil).
The fighters: the Warrior (side 0, to act) against a Frog (side 1).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax
from dicey.lang.chance import SampleChance
from dicey.library import load_library
from dicey.rules import events as E
from dicey.rules.combat import rules_for
from dicey.rules.state import TAKEN
from test_card_damage_hooks import CARDS as HOOK_CARDS
from test_card_damage_hooks import cards_gone_over, play, position, said, var

ROOT = Path(__file__).resolve().parents[2]

CARDS = """
equipment "Witness" {
    slots: 6
    text: "Says what strikes it"
    on use { attack(d) }
    on attacked { say(["attacked", source, type, amount]) }
    on damage taken { say(["taken", source, type, amount]) }
    on damage dealt { say(["dealt", source, type, amount]) }
}
equipment "Sorter" {
    slots: 6
    text: "Tells who struck"
    on use { attack(d) }
    on damage taken {
        if source == target { say("the opponent") }
        elif source == self { say("its owner") }
        elif source == poison { say("poison") }
        else { say("another status") }
    }
}
status "Watch" {
    kind: positive
    text: "Says what strikes its bearer"
    on incoming damage { say(["incoming", source, type, amount]) }
    on attacked { say(["status attacked", source, type, amount]) }
    on damage taken { say(["status taken", source, type, amount]) }
}
status "Fire Ward" {
    kind: positive
    text: "The opponent's fire does you no harm"
    on incoming damage { if source == target and type == fire { amount = 0 } }
}
status "Sparks" {
    kind: positive
    text: "Each card you use: 1 ice damage to the opponent"
    on any use { attack(1, ice) }
}
equipment "Fire Sword" { slots: any; text: "Do [d] fire damage"; on use { attack(d, fire) } }
equipment "Lance" { slots: any; text: "Do [d] damage, through shield"; on use { pierce(d) } }
equipment "Leech" { slots: any; text: "Drain [d]"; on use { drain(d) } }
equipment "Naive Trap" {
    slots: any
    cast: self
    var armed = 0
    text: "Any damage you take: do [armed] back, once"
    on use { armed = d }
    on damage taken {
        if armed > 0 {
            let back = armed
            armed = 0
            attack(back)
        }
    }
}
equipment "Twin Hedgehog" {
    slots: any
    text: "Each blow aimed at you: 1 back, twice"
    on use { attack(d) }
    on attacked { attack(1); attack(1) }
}
equipment "Chatty" {
    slots: any
    text: "Says it was used"
    on use { say("chatty used") }
    on any use { say(["own any use", used]) }
}
equipment "Jinxed" {
    slots: any
    tags: curseattract
    text: "Always fizzles when cursed"
    on use { say("jinxed used") }
}
equipment "Second Thoughts" {
    slots: any
    cast: self
    text: "Never goes off"
    before use { cancel }
    on use { say("second thoughts used") }
}
equipment "Heckler" {
    slots: 6
    text: "Says each card the opponent uses"
    on use { attack(d) }
    on opponent use { say(["heckle", used]) }
}
status "Heckling" {
    kind: positive
    text: "Says each card the opponent uses"
    on opponent use { say(["status heckle", used]) }
}
status "Busy" {
    kind: positive
    text: "Says each card its bearer uses"
    on any use { say(["status own any use", used]) }
}
# (the opponent's card taken, its turn ended, 1 damage to it: each time it uses a card)
equipment "Pickpocket" { slots: 6; text: "x"; on opponent use { take_card(used) } }
equipment "Stop Sign" { slots: 6; text: "x"; on opponent use { end_turn(target) } }
equipment "Retort" { slots: 6; text: "x"; on opponent use { attack(1) } }
equipment "Block Counter" {
    slots: 6
    text: "A blow the opponent aims at you that reduce and shield take whole: 2 back"
    on attacked { say(["blocked", blocked, "of", amount])
                  if blocked == amount { attack(2) } }
}
"""

#: The examples of language.md §3 that show the new names and hooks, as the page shows them.
DOC = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
EXAMPLES = {name: re.search(r'\n(equipment "%s" \{\n.*?\n\})\n' % name, DOC, re.S)
            for name in ("Bear Trap", "Hedgehog", "Static Field")}


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    folder = tmp_path_factory.mktemp("answers")
    (folder / "answers.dice").write_text(CARDS)
    (folder / "hooks.dice").write_text(HOOK_CARDS)
    for name, found in EXAMPLES.items():
        assert found, f"language.md §3 lost its {name} example"
    (folder / "examples.dice").write_text("\n".join(m[1] for m in EXAMPLES.values()))
    library = load_library(use_mods=False, extra_files=[
        folder / name for name in ("hooks.dice", "answers.dice", "examples.dice")])
    assert library.errors == [], library.render_diagnostics()
    return library


def damage(events):
    return [(e.side, e.amount) for e in events if isinstance(e, E.Damaged)]


# ------------------------------------------------------------------- what struck

def test_the_damage_hooks_see_the_opponent_struck_and_with_what(lib):
    fight = position(lib, ["Fire Sword"], [4], ["Witness"], opp_hp=40,
                     opp_statuses={"watch": 1, "shield": 1})
    assert said(play(fight, "4 → Fire Sword")) == [
        "[incoming, Warrior, fire, 4]",
        "[attacked, Warrior, fire, 4]", "[status attacked, Warrior, fire, 4]",
        "[taken, Warrior, fire, 3]", "[status taken, Warrior, fire, 3]"]


def test_thorns_strike_as_a_status_and_the_blow_as_its_owner(lib):
    # The Frog's thorns answer the Warrior's blow: the Warrior takes them from the status
    # (no blow aimed at it: thorns are no attack), and the Frog dealt them through it.
    fight = position(lib, ["Witness"], [6], ["Witness"], opp_hp=40,
                     opp_statuses={"thorns": 2})
    assert said(play(fight, "6 → Witness")) == [
        "[attacked, Warrior, normal, 6]", "[taken, Warrior, normal, 6]",
        "[dealt, Warrior, normal, 6]",
        "[taken, thorns, normal, 2]", "[dealt, thorns, normal, 2]"]


def test_a_fighter_s_own_damage_is_its_own_and_no_attack(lib):
    fight = position(lib, ["Witness", "Blood Pact", "Recoil"], [3, 2, 6], opp_hp=40)
    fight.set_position(0, dice=[3, 2, 6], burning=[2])
    assert said(play(fight, "3 → Blood Pact", "2 → Recoil")) == [
        "[taken, Warrior, normal, 3]", "[taken, Warrior, normal, 2]"]
    # a burning die placed costs its owner 2 HP: the burn struck, with fire
    assert said(play(fight, "6 → Witness"))[0] == "[taken, burn, fire, 2]"


def test_a_status_s_hook_strikes_as_the_status(lib):
    fight = position(lib, ["Sword"], [3], ["Witness"], opp_hp=40, statuses={"sparks": 1})
    assert said(play(fight, "3 → Sword")) == [
        "[attacked, Warrior, normal, 3]", "[taken, Warrior, normal, 3]",
        "[attacked, sparks, ice, 1]", "[taken, sparks, ice, 1]"]


def test_source_compares_with_the_fighters_and_the_statuses(lib):
    fight = position(lib, ["Sword"], [3], ["Sorter", "Blood Pact"], opp_hp=40,
                     statuses={"sparks": 1}, opp_statuses={"poison": 2})
    assert said(play(fight, "3 → Sword")) == ["the opponent", "another status"]
    play(fight, "end")
    events = fight.begin_turn(SampleChance(random.Random(0)))   # the Frog's: its poison
    fight.set_position(1, dice=[2])
    events += play(fight, "2 → Blood Pact")     # its own card
    assert said(events) == ["poison", "its owner"]


def test_a_status_keeps_off_the_opponent_s_fire_only(lib):
    fight = position(lib, ["Fire Sword", "Sword"], [4, 5], opp_hp=40,
                     opp_statuses={"fire_ward": 1})
    assert damage(play(fight, "4 → Fire Sword", "5 → Sword")) == [(1, 0), (1, 5)]


def test_the_bear_trap_of_the_reference_answers_the_opponent_only(lib):
    # Armed with 4 by its owner: its own hurt_self and a burning die leave it armed (the
    # exploit the reference's trap was written against); the opponent's blow sets it off.
    fight = position(lib, ["Bear Trap", "Blood Pact", "Sword"], [2, 5], opp_hp=30,
                     opp_statuses={})
    fight.set_position(0, card_vars={"Bear Trap": {"armed": 4}}, dice=[2, 5], burning=[1])
    events = play(fight, "2 → Blood Pact", "5 → Sword")
    assert damage(events) == [(0, 2), (0, 2), (1, 5)]
    assert var(fight, 0, "Bear Trap", "armed") == 4
    fight = position(lib, ["Sword"], [5], ["Bear Trap"], opp_hp=30)
    fight.set_position(1, card_vars={"Bear Trap": {"armed": 4}})
    events = play(fight, "5 → Sword")
    assert damage(events) == [(1, 5), (0, 4)] and var(fight, 1, "Bear Trap", "armed") == 0


# ---------------------------------------------------------------------- on attacked

def test_a_blow_shield_takes_whole_is_still_an_attack(lib):
    fight = position(lib, ["Sword"], [5], ["Witness"], opp_statuses={"shield": 9})
    assert said(play(fight, "5 → Sword")) == ["[attacked, Warrior, normal, 5]"]


def test_on_attacked_sees_what_reduce_and_shield_took_of_the_blow(lib):
    fight = position(lib, ["Sword", "Dagger", "Dagger"], [5, 3, 3], ["Block Counter"],
                     opp_hp=40, opp_statuses={"shield": 4, "reduce": 1})
    # 5: reduce takes 1, shield the other 4 (all it has): taken whole, answered
    events = play(fight, "5 → Sword")
    assert said(events) == ["[blocked, 5, of, 5]"] and damage(events) == [(1, 0), (0, 2)]
    # 3 with no shield left: reduce takes 1, 2 get through
    events = play(fight, "3 → Dagger")
    assert said(events) == ["[blocked, 1, of, 3]"] and damage(events) == [(1, 2)]


def test_on_attacked_sees_the_blow_before_reduce(lib):
    fight = position(lib, ["Sword", "Dagger"], [2, 3], ["Witness"], opp_hp=40,
                     opp_statuses={"reduce": 2})
    assert said(play(fight, "2 → Sword")) == ["[attacked, Warrior, normal, 2]"]
    assert said(play(fight, "3 → Dagger")) == ["[attacked, Warrior, normal, 3]",
                                               "[taken, Warrior, normal, 1]"]


def test_pierce_and_drain_are_attacks(lib):
    fight = position(lib, ["Lance", "Leech"], [4, 3], ["Witness"], opp_hp=40,
                     opp_statuses={"shield": 9})
    assert said(play(fight, "4 → Lance", "3 → Leech")) == [
        "[attacked, Warrior, normal, 4]", "[taken, Warrior, normal, 4]",
        "[attacked, Warrior, normal, 3]"]


def test_a_dodged_card_strikes_no_blow(lib):
    fight = position(lib, ["Sword"], [5], ["Witness"], opp_statuses={"dodge": 1})
    assert said(play(fight, "5 → Sword")) == []


def test_a_fighter_knocked_out_is_not_attacked_and_does_not_hit_back(lib):
    fight = position(lib, ["Sword"], [5], ["Hedgehog", "Witness"], hp=1, opp_hp=5)
    events = play(fight, "5 → Sword")
    assert fight.outcome.winner == 0 and fight.fighters[0].hp == 1 and said(events) == []


def test_the_hedgehog_of_the_reference_answers_a_blocked_blow(lib):
    fight = position(lib, ["Sword"], [5], ["Hedgehog"], opp_statuses={"shield": 9})
    assert damage(play(fight, "5 → Sword")) == [(1, 0), (0, 1)]
    assert fight.fighters[0].hp == fight.fighters[0].max_hp - 1


def test_two_hedgehogs_trade_one_blow_each(lib):
    """A blow an answer strikes is not answered in turn, as thorns are not: the reference's
    Hedgehog against a Hedgehog answered until the nesting limit, with a script error on
    every blow of the fight."""
    fight = position(lib, ["Sword", "Hedgehog"], [6], ["Hedgehog", "Witness"],
                     hp=9999, opp_hp=9999)
    events = play(fight, "6 → Sword")
    assert not [e for e in events if isinstance(e, E.ScriptFault)]
    assert damage(events) == [(1, 6), (0, 1)]
    # the Frog's Hedgehog answers first (its cards left to right); its answer is still a
    # blow, which sets off the damage hooks (the Frog's Witness: dealt), not on attacked
    assert said(events) == ["[dealt, Frog, normal, 1]", "[attacked, Warrior, normal, 6]",
                            "[taken, Warrior, normal, 6]"]
    assert not fight.is_over and fight.legal_moves() and not hasattr(fight, "_answering")


def test_answers_that_fan_out_are_not_answered(lib):
    fight = position(lib, ["Twin Hedgehog"], [6], ["Twin Hedgehog"], hp=9999, opp_hp=9999)
    events = play(fight, "6 → Twin Hedgehog")
    assert damage(events) == [(1, 6), (0, 1), (0, 1)]
    assert not [e for e in events if isinstance(e, E.ScriptFault)]


# ------------------------------------------------------------------ on opponent use

def test_on_opponent_use_runs_after_the_opponent_s_on_any_use(lib):
    fight = position(lib, ["Chatty"], [3], ["Heckler"], statuses={"busy": 1},
                     opp_statuses={"heckling": 1})
    assert said(play(fight, "3 → Chatty")) == [
        "chatty used", "[own any use, Chatty]", "[status own any use, Chatty]",
        "[heckle, Chatty]", "[status heckle, Chatty]"]


def test_a_card_that_did_not_go_off_is_not_answered_a_dodged_one_is(lib):
    fight = position(lib, ["Jinxed", "Second Thoughts", "Sword"], [1, 2, 3], ["Heckler"],
                     statuses={"curse": 1}, opp_statuses={"dodge": 1})
    assert said(play(fight, "1 → Jinxed", "2 → Second Thoughts")) == []
    assert said(play(fight, "3 → Sword")) == ["[heckle, Sword]"]


def test_its_own_cards_are_not_the_opponent_s(lib):
    fight = position(lib, ["Heckler"], [6], opp_hp=40)
    assert said(play(fight, "6 → Heckler")) == []


def test_used_is_the_opponent_s_card_to_take(lib):
    fight = position(lib, ["Sword", "Dagger"], [3, 2], ["Pickpocket"], opp_hp=40)
    play(fight, "3 → Sword")
    assert [c.defn.name for c in fight.fighters[1].cards] == ["Pickpocket", "Sword"]
    assert fight.fighters[0].cards[0].gone == TAKEN


def test_end_turn_target_ends_the_opponent_s_turn(lib):
    fight = position(lib, ["Sword", "Dagger"], [3, 2], ["Stop Sign"], opp_hp=40)
    events = play(fight, "3 → Sword")
    assert any(isinstance(e, E.TurnCut) and e.side == 0 for e in events)
    assert fight.actor == 1


def test_the_static_field_of_the_reference_charges_for_one_turn(lib):
    fight = position(lib, ["Sword", "Dagger"], [3, 2], ["Static Field"], opp_hp=40,
                     statuses={"shield": 5})
    fight.set_position(1, card_vars={"Static Field": {"charged": True}})
    hp = fight.fighters[0].hp
    play(fight, "3 → Sword", "2 → Dagger")
    assert fight.fighters[0].hp == hp - 2 and fight.fighters[0].statuses["shield"] == 5
    chance = SampleChance(random.Random(0))
    play(fight, "end")
    fight.begin_turn(chance)                   # the Frog's turn start: no longer charged
    assert var(fight, 1, "Static Field", "charged") is False


def test_a_blow_answering_a_card_used_is_answered_once(lib):
    # The Frog's Retort answers the Chatty with a blow, which the Warrior's Hedgehog
    # answers; that answer is not answered.
    fight = position(lib, ["Chatty", "Hedgehog"], [3], ["Retort", "Hedgehog"], hp=9999,
                     opp_hp=9999)
    events = play(fight, "3 → Chatty")
    assert damage(events) == [(0, 1), (1, 1)]
    assert not [e for e in events if isinstance(e, E.ScriptFault)]


# ------------------------------------------------------------------ the hot path

def test_the_library_says_which_answers_it_has(lib):
    base = rules_for(load_library(use_mods=False))
    ours = rules_for(lib)
    assert (ours.attacks_heard, ours.watched, ours.dealt_heard) == (True, True, True)
    assert (base.attacks_heard, base.watched, base.dealt_heard) == (False, False, False)
    assert base.blows_heard        # (the limit breaks charge on HP lost)


def test_fighters_without_such_cards_are_not_looked_through(lib, monkeypatch):
    # The library has both hooks; the Warrior's cards have neither, and a Frog whose
    # Heckler has no on attacked is gone over for on opponent use alone.
    asked = cards_gone_over(monkeypatch)
    fight = position(lib, ["Sword", "Dagger"], [5, 2], ["Heckler"], opp_hp=40)
    play(fight, "5 → Sword", "2 → Dagger")
    assert [a for a in asked if a[1] in ("on attacked", "on opponent use")] == [
        (1, "on opponent use"), (1, "on opponent use")]


# ------------------------------------------------------------------ the AI's look-ahead

def best(fight):
    root = fight.copy(simulation=True, log=False)
    return str(Expectimax(Scorer(root)).best_move(root))


def test_the_ai_sees_a_trap_its_own_hurt_does_not_set_off(lib):
    # The Frog is at 4 HP, and the trap is armed with 4: a trap that answers any damage
    # kills it when its owner hurts itself; the reference's trap does not. (Behind 3
    # shield the naive trap's 4 left the Frog at 3 HP: the trap kept armed kills it in
    # its coming turn, which the planner now sees, and it keeps the trap.)
    for trap, kills in (("Naive Trap", True), ("Bear Trap", False)):
        fight = position(lib, [trap, "Blood Pact", "Sword"], [3], opp_hp=4)
        fight.set_position(0, card_vars={trap: {"armed": 4}})
        assert (best(fight) == "3 → Blood Pact") is kills, trap


def test_the_ai_does_not_strike_a_hedgehog_it_cannot_hurt_at_1_hp(lib):
    for theirs, expected in ((["Shield"], "5 → Sword"), (["Hedgehog"], "end turn")):
        fight = position(lib, ["Sword"], [5], theirs, hp=1, opp_statuses={"shield": 9})
        assert best(fight) == expected, theirs


def test_the_ai_does_not_use_a_card_into_a_charged_static_field_at_1_hp(lib):
    for charged, expected in ((False, "5 → Sword"), (True, "end turn")):
        fight = position(lib, ["Sword"], [5], ["Static Field"], hp=1)
        fight.set_position(1, card_vars={"Static Field": {"charged": charged}})
        assert best(fight) == expected, charged


# ------------------------------------------------------------------ dicey plan

HEDGEHOG_SCENARIO = """title = "The Warrior at 1 HP, the Frog behind 9 shield and a Hedgehog"
[actor]
fighter = "Warrior"
hp = 1
dice = [5, 3]
equipment = ["Sword", "Bandage"]
[opponent]
fighter = "Frog"
equipment = ["Hedgehog", "Sword"]
statuses = { shield = 9 }
[search]
seed = 1
ms = "none"
"""


def test_dicey_plan_heals_before_striking_a_hedgehog(cli, tmp_path):
    mod = tmp_path / "mods" / "answers"
    mod.mkdir(parents=True)
    (mod / "mod.toml").write_text('name = "Answers"\nversion = "1.0.0"\napi = 1\n')
    (mod / "cards.dice").write_text("\n".join(m[1] for m in EXAMPLES.values()))
    (tmp_path / "hedgehog.toml").write_text(HEDGEHOG_SCENARIO)
    code, out, err = cli("plan", str(tmp_path / "hedgehog.toml"), "--mods", str(mod))
    assert code == 0, err
    plan = out.split("first moves:")[0]
    assert "1. 5 → Bandage" in plan and "2. 3 → Sword" in plan
    firsts = dict(re.findall(r"^  (\S.*?)\s{2,}(-?\d+)", out.split("first moves:")[1], re.M))
    assert int(firsts["5 → Sword"]) < -900_000 < int(firsts["end turn"])
