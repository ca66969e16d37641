"""Dice a turn gains or loses for one's later rolls (``dicey.ai.rolls``): ``extra_dice`` for
the fight or for a few rolls, dice given at one's turn's end, and dice one's own hooks give as
the next turn starts, are worth what one's next turns are worth with those dice."""
from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from button_kit import library_with
from planner_kit import checked_search
from dicey.ai import rolls, score
from dicey.ai.planner import Budget, plan_turn
from dicey.ai.rolls import LaterRolls
from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax
from dicey.rules.fight import Fight
from rules_kit import play

COUNTED = Budget(ms=None)
KALEIDOSCOPE = '''
equipment "Kaleidoscope" {
    slots: 6
    text: "Both fighters roll 1 fewer die next turn"
    on use { extra_dice(-1, self, 1); extra_dice(-1, target, 1) }
}
'''
#: A card that keeps a die for its owner's next roll: given at its turn's end, it waits.
POCKET = '''
equipment "Pocket" {
    slots: any
    cast: self
    var kept = 0
    text: "Keep this die for your next turn"
    on use { kept = d }
    on turn end {
        if kept > 0 { give(kept); kept = 0 }
    }
}
'''

#: A card that keeps a die in a variable and gives it back as its owner's next turn starts.
JAR = POCKET.replace('"Pocket"', '"Jar"').replace("on turn end", "on turn start")
#: A card that gives its owner a 1 as every turn starts, whatever the turn did.
SPARK = '''
equipment "Spark" {
    slots: max 3
    text: "Do [d] damage. Get a 1 as each of your turns starts"
    on use { attack(d) }
    on turn start { give(1) }
}
'''


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return library_with(tmp_path_factory.mktemp("rolls"), "kaleidoscope.dice",
                        KALEIDOSCOPE + POCKET + JAR + SPARK)


def warrior(lib, cards: list[str], dice: list[int], opp: list[str], opp_hp: int = 30) -> Fight:
    """The Warrior (two dice a roll) with ``cards`` and ``dice`` in its turn, against a Frog
    of ``opp_hp`` holding ``opp``."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(1, equipment=opp, max_hp=opp_hp, hp=opp_hp)
    fight.set_position(0, equipment=cards, dice=dice)
    return fight


def moves(fight: Fight) -> list[str]:
    return [str(m) for m in plan_turn(fight, budget=COUNTED).moves]


def test_a_number_of_dice_is_worth_a_turn_played_with_that_many(lib):
    fight = warrior(lib, ["Hall of Mirrors", "Sword", "Dagger", "Shield", "Hammer"], [6, 5, 3],
                    ["Sword", "Shield"])
    scorer = Scorer(fight)
    later = scorer._rolls
    assert later is not None and later._first == [2] * rolls.TURNS    # the Warrior's two
    worths = [later.worth(n) for n in range(5)]
    assert worths[0] == 0                           # a turn of no dice does nothing
    assert worths == sorted(worths) and worths[1] > 0
    # the same rolls every time: a turn's trials are seeded
    again = LaterRolls(fight, 0, 100, scorer.table_potential, 100)
    assert [again.worth(n) for n in range(5)] == worths


def test_a_state_whose_rolls_did_not_change_is_worth_what_it_was(lib):
    fight = warrior(lib, ["Hall of Mirrors", "Sword", "Dagger"], [6, 3], ["Sword"])
    on = Scorer(fight)
    off = Scorer(fight, weights=score.Weights(rolls=0))
    assert on._rolls is not None and off._rolls is None
    struck = fight.copy(simulation=True, log=False)
    play(struck, "6 → Sword")
    assert on.potential(struck) == off.potential(struck)
    mirrored = fight.copy(simulation=True, log=False)
    play(mirrored, "6 → Hall of Mirrors")
    later = on._rolls
    one_more = later.worth(3) - later.worth(2)          # each of the next three turns
    assert on.potential(mirrored) - off.potential(mirrored) == pytest.approx(
        rolls.TURNS * one_more)
    assert on.parts(mirrored)["later rolls"] == pytest.approx(rolls.TURNS * one_more)


def test_a_fight_where_no_script_changes_the_rolls_has_no_such_term(lib):
    """The base game's enemies: nothing to compare, a state, in their searches."""
    fight = warrior(lib, ["Sword", "Dagger", "Shield"], [6, 3], ["Sword"])
    assert Scorer(fight)._rolls is None


def test_the_planner_plays_the_hall_of_mirrors_for_the_die_it_adds(lib, monkeypatch):
    """The Hall used to tell the planner its worth with bonus(1000) in the planner's copies
    (and add no die there). It adds its die everywhere now, priced by the turns after."""
    fight = warrior(lib, ["Hall of Mirrors", "Sword", "Dagger", "Shield", "Hammer"], [6, 5, 3],
                    ["Sword", "Shield"])
    assert moves(fight)[0] == "6 → Hall of Mirrors"
    monkeypatch.setattr(score, "DEFAULT_WEIGHTS", score.Weights(rolls=0))
    assert "6 → Hall of Mirrors" not in moves(fight)


def test_the_kaleidoscope_costs_its_owner_the_die_it_takes(lib, monkeypatch):
    """Both fighters roll one die fewer next turn. The opponent's lost die was seen (its
    coming turn is played with one die fewer), the owner's was not: against a Frog of one
    Snowball the card was played, and its owner's hand of four needs its dice more."""
    fight = warrior(lib, ["Kaleidoscope", "Dagger", "Poison Needle", "Shield"], [6, 6],
                    ["Snowball"])
    assert not any("Kaleidoscope" in m for m in moves(fight))
    # ... and where the opponent's turn needs its dice more, it is played still
    strong = warrior(lib, ["Kaleidoscope", "Dagger"], [6, 2], ["Sword", "Hammer", "Broadsword"])
    assert "6 → Kaleidoscope" in moves(strong)
    monkeypatch.setattr(score, "DEFAULT_WEIGHTS", score.Weights(rolls=0))
    assert "6 → Kaleidoscope" in moves(fight)


def test_a_die_kept_for_the_next_roll_is_worth_that_roll_with_it(lib, monkeypatch):
    """The 6 the Sword has no room for: kept, it waits for the next roll (given at the
    turn's end); left, it earned its pips (30). It was left."""
    fight = warrior(lib, ["Pocket", "Sword", "Dagger"], [6, 6, 2], ["Sword"])
    assert moves(fight) == ["6 → Pocket", "6 → Sword", "2 → Dagger", "end turn"]
    kept = fight.copy(simulation=True, log=False)
    play(kept, "6 → Pocket", "end turn")
    assert [d.value for d in kept.fighters[0].waiting] == [6]
    scorer = Scorer(fight)
    later = scorer._rolls
    assert scorer.parts(kept)["later rolls"] == pytest.approx(
        later.worth(2, kept.fighters[0].waiting) - later.worth(2))
    assert later.worth(2, kept.fighters[0].waiting) > later.worth(2)
    monkeypatch.setattr(score, "DEFAULT_WEIGHTS", score.Weights(rolls=0))
    assert moves(fight) == ["6 → Sword", "2 → Dagger", "end turn"]


def test_a_die_given_back_as_the_next_turn_starts_is_worth_that_roll_with_it(lib, monkeypatch):
    """The Jar gives its die back in its owner's ``on turn start``: what that hook gives is
    found by running it on a copy of the turn's end, and priced as a die waiting for the
    roll. Out of sight, the Jar was a die thrown away, and the 6 was left unused."""
    fight = warrior(lib, ["Jar", "Sword", "Dagger"], [6, 6, 2], ["Sword"])
    scorer = Scorer(fight)
    later = scorer._rolls
    assert later is not None and later.starts
    assert moves(fight) == ["6 → Jar", "6 → Sword", "2 → Dagger", "end turn"]
    kept = fight.copy(simulation=True, log=False)
    play(kept, "6 → Jar", "end turn")
    assert kept.fighters[0].waiting == ()               # (nothing waits: the hook gives it)
    assert [d.value for d in later.given(kept)] == [6]
    six = later.given(kept)
    assert scorer.parts(kept)["later rolls"] == pytest.approx(
        later.worth(2, six) - later.worth(2)) and later.worth(2, six) > later.worth(2)
    assert dict(kept.fighters[0].cards[0].vars)["kept"] == 6    # (looked at on a copy)
    monkeypatch.setattr(score, "DEFAULT_WEIGHTS", score.Weights(rolls=0))
    assert moves(fight) == ["6 → Sword", "2 → Dagger", "end turn"]


def test_dice_the_next_turn_s_start_gives_whatever_the_turn_did_are_worth_nothing(lib):
    """The Spark gives a 1 as every turn starts: its owner had it this turn too, so no end
    of the turn gains it."""
    fight = warrior(lib, ["Spark", "Sword", "Hall of Mirrors"], [3, 6], ["Sword"])
    on, off = Scorer(fight), Scorer(fight, weights=score.Weights(rolls=0))
    assert on._rolls.starts and [d.value for d in on._rolls.base[2]] == [1]
    for line in (["3 → Spark", "end turn"], ["6 → Sword", "3 → Spark", "end turn"],
                 ["end turn"]):
        end = fight.copy(simulation=True, log=False)
        play(end, *line)
        assert on.potential(end) == off.potential(end)


def test_the_opponent_s_turn_start_hooks_are_not_looked_at(lib):
    """Only the planner's own hooks (and the statuses') give it dice as its turn starts."""
    fight = warrior(lib, ["Sword", "Dagger"], [6, 2], ["Jar", "Spark"])
    assert Scorer(fight)._rolls is None
    mixed = warrior(lib, ["Hall of Mirrors", "Sword"], [6, 2], ["Jar", "Spark"])
    assert not Scorer(mixed)._rolls.starts


def test_dice_given_at_the_opponent_s_turn_end_are_not_the_planner_s(lib):
    """Only the planner's own turn-end hooks (and the statuses') give it dice that wait."""
    fight = warrior(lib, ["Sword", "Dagger"], [6, 2], ["Pocket", "Sword"])
    assert Scorer(fight)._rolls is None


@pytest.mark.parametrize("cards, dice, opp", [
    (["Kaleidoscope", "Dagger", "Poison Needle", "Shield"], [6, 6], ["Snowball"]),
    (["Kaleidoscope", "Dagger"], [6, 2], ["Sword", "Hammer", "Broadsword"]),
    (["Hall of Mirrors", "Sword", "Dagger", "Shield", "Hammer"], [6, 5, 3], ["Sword"]),
    (["Hall of Mirrors", "Kaleidoscope", "Sword"], [6, 6, 2], ["Sword"]),
    (["Pocket", "Sword", "Dagger"], [6, 6, 2], ["Sword"]),
    (["Jar", "Sword", "Dagger"], [6, 6, 2], ["Sword"]),
    (["Jar", "Spark", "Pocket"], [6, 3, 2], ["Sword"]),
])
@pytest.mark.parametrize("opp_hp", [4, 30])
@pytest.mark.parametrize("weights", [score.Weights(),
                                     score.Weights(outlook=0, fatal=0, holding=0)])
def test_every_state_is_within_its_ceiling_with_the_rolls_priced(lib, cards, dice, opp, opp_hp,
                                                                 weights):
    """(Without the coming turn, whose bound is wide, the ceiling is near what the rolls
    may add.)"""
    fight = warrior(lib, cards, dice, opp, opp_hp).copy(simulation=True, log=False)
    scorer = Scorer(fight, weights=weights)
    assert scorer._rolls is not None and scorer.reach != float("inf")
    search = checked_search(scorer)
    search.value(fight)
    assert search.bounded == search.states


def test_the_ceiling_makes_room_for_the_most_the_rolls_may_add(lib):
    fight = warrior(lib, ["Hall of Mirrors", "Sword"], [6, 3], ["Sword"])
    on, off = Scorer(fight), Scorer(fight, weights=score.Weights(rolls=0))
    assert on._ceiling.other - off._ceiling.other == on._rolls.most
    # no script that changes the rolls: no room made
    plain = warrior(lib, ["Sword", "Dagger"], [6, 3], ["Sword"])
    assert Scorer(plain)._ceiling.other == \
        Scorer(plain, weights=score.Weights(rolls=0))._ceiling.other


def test_a_roll_s_worth_is_held_within_the_opponent_s_whole_hp(lib):
    fight = warrior(lib, ["Hall of Mirrors", "Sword"], [6, 3], ["Sword"], opp_hp=2)
    later = Scorer(fight)._rolls
    assert later.cap == 100 * 2 and later.most == rolls.TURNS * 200
    mirrored = fight.copy(simulation=True, log=False)
    play(mirrored, "6 → Hall of Mirrors")
    assert 0 < later.value(mirrored) <= later.most


def test_an_enemy_may_turn_the_term_off(lib, tmp_path):
    hoard = library_with(tmp_path, "prism.dice", KALEIDOSCOPE + '''
enemy "Prism" {
    hp: 20; dice: 2; level: 1
    equipment: "Kaleidoscope", "Sword"
    score { rolls: 0 }
    text: "Plays by the table"
}
''')
    fight = Fight.start(hoard, hoard.hero("Warrior"), hoard.enemy("Prism"), random.Random(0))
    fight.set_position(1, dice=[6, 3])
    assert Scorer(fight).weights.rolls == 0 and Scorer(fight)._rolls is None


def test_dicey_plan_explain_shows_the_rolls_column(cli, tmp_path):
    scenario = tmp_path / "mirrors.toml"
    scenario.write_text('''
[actor]
fighter = "Warrior"
dice = [6, 5, 3]
equipment = ["Hall of Mirrors", "Sword", "Dagger", "Shield", "Hammer"]

[opponent]
fighter = "Frog"
hp = 30
max_hp = 30
equipment = ["Sword", "Shield"]

[search]
seed = 1
ms = "none"
''', encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--explain", "--no-mods")
    assert code == 0, err
    assert "1. 6 → Hall of Mirrors" in out
    assert "rolls: one's next three turns with the dice the turn changed" in out
    code, out, err = cli("plan", str(scenario), "--explain", "--json", "--no-mods")
    assert code == 0, err
    parts = {m["text"]: m["parts"] for m in json.loads(out)["explain"]["first_moves"]}
    assert parts["6 → Hall of Mirrors"]["rolls"] == 952.5      # 3 × (805 − 487.5)
    assert "rolls" not in parts["6 → Sword"]


#: Cards that change their owner's later rolls, or the opponent's, every way the language
#: lets them: for the fight, for a few rolls, by a die's value, dice kept for the next roll,
#: and dice given as the next turn starts.
CHANGERS = KALEIDOSCOPE + POCKET + JAR + SPARK + '''
equipment "Lens" {
    slots: any
    cast: self
    text: "Roll [d] - 3 more dice every turn (fewer below 3)"
    on use { extra_dice(d - 3) }
}
equipment "Prism" {
    slots: max 4
    text: "Roll 2 more dice in your next 2 turns; the opponent rolls 1 fewer next turn"
    on use { extra_dice(2, self, 2); extra_dice(-1, target, 1) }
}
equipment "Hoard" {
    slots: any
    cast: self
    var kept = 0
    text: "Keep every die left for your next turn, burning"
    on use { kept = 1 }
    on turn end {
        if kept > 0 { give(self.dice, burn); kept = 0 }
    }
}
'''
HANDS = ["Kaleidoscope", "Pocket", "Jar", "Spark", "Lens", "Prism", "Hoard", "Hall of Mirrors",
         "Sword", "Dagger", "Shield", "Lucky Coin", "Bandage"]


@pytest.fixture(scope="module")
def changers(tmp_path_factory):
    return library_with(tmp_path_factory.mktemp("changers"), "changers.dice", CHANGERS)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cards=st.lists(st.sampled_from(HANDS), min_size=1, max_size=4, unique=True),
       dice=st.lists(st.integers(1, 6), min_size=1, max_size=4),
       opp=st.lists(st.sampled_from(["Sword", "Shield", "Dagger", "Lens", "Jar"]), min_size=1,
                    max_size=2),
       opp_hp=st.integers(1, 30))
def test_a_turn_that_changes_the_rolls_is_solved_within_its_ceiling(changers, cards, dice, opp,
                                                                    opp_hp):
    """Whatever the hand changes of either fighter's rolls, the plain search's every state
    is within its ceiling, and the search that stops at a sure win plays what it plays."""
    fight = warrior(changers, cards, dice, opp, opp_hp).copy(simulation=True, log=False)
    plain = checked_search(Scorer(fight))
    value = plain.value(fight)
    assert math.isfinite(value)
    cut = Expectimax(Scorer(fight))
    assert cut.solve(fight) == value
    assert cut.best_line(fight) == plain.best_line(fight)


def test_dice_kept_are_priced_one_by_one_so_a_turn_plays_few_trials(changers):
    """The Hoard keeps every die left, burning: the ends of a turn of five dice leave a
    score of different sets of dice for the next roll. Each die is priced by itself (the
    turn with it less without), so the trial turns are those of a few dice, not of each
    set (which a hostile card could make thousands of)."""
    fight = warrior(changers, ["Hoard", "Dagger", "Lens"], [1, 2, 3, 5, 6], ["Sword"])
    fight = fight.copy(simulation=True, log=False)
    scorer = Scorer(fight)
    search = Expectimax(scorer)
    search.solve(fight)
    worths = scorer._rolls._worths
    kept = {given for count, given in worths if given}
    assert all(len(given) == 1 for given in kept) and 2 <= len(kept) <= 6
    # (the Lens changes how many dice are rolled too: each number, with each die or none)
    assert len(worths) <= len({count for count, _ in worths}) * (1 + len(kept))
