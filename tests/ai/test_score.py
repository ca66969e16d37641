"""The score: the table's weights, the Frog's check, the parts a search adds up."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.planner import Budget, plan_turn
from dicey.ai.score import DEFAULT_WEIGHTS, WEIGHT_KEYS, Scorer, Weights
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move
# planner_kit: reference is a fixture; it puts the kit on the path.
from planner_kit import reference  # noqa: F401
from rules_kit import LIB, fighter, play, position


def test_the_table_of_ai_md():
    w = DEFAULT_WEIGHTS
    assert (w.damage, w.poison, w.negative_status, w.positive_status, w.card_used,
            w.countdown, w.unused_pip, w.move, w.healing, w.opponent_dead,
            w.self_dead) == (100, 90, 50, 40, 10, 10, 5, -1, 1, 1_000_000, -1_000_000)
    # and the project's terms beyond the table (dicey.ai.foresight, .charge, .holding,
    # .rolls)
    assert (w.outlook, w.fatal, w.charge, w.reserve, w.holding, w.rolls) == \
        (50, 5_000, 60, 10, 300, 100)
    assert set(WEIGHT_KEYS) == {"damage", "poison", "negative_status", "positive_status",
                                "card_used", "countdown", "unused_pip", "move", "healing",
                                "opponent_dead", "self_dead", "outlook", "fatal", "charge",
                                "reserve", "holding", "rolls"}


def test_a_score_block_accepts_every_weight_and_only_those():
    from dicey.lang.checker import SCORE_KEYS
    assert SCORE_KEYS == WEIGHT_KEYS


def test_an_enemy_carries_its_own_weights():
    frog = fighter("Frog", kind="enemy", score={"damage": 150, "move": -3})
    w = Weights.for_fighter(frog)
    assert (w.damage, w.move, w.poison) == (150, -3, 90)
    assert Weights.for_fighter(fighter("Plain")) is DEFAULT_WEIGHTS
    with pytest.raises(ValueError, match="did you mean 'poison'"):
        Weights().with_overrides({"poisn": 1})


ROT = """
status "Rot" {
    kind: negative
    text: "At 5 stacks or more: lose 6 HP and all rot"
    on turn start {
        if stacks >= 5 { hurt_self(6); cure(rot) }
    }
}
status "Mould" { kind: negative; score: 0 }
equipment "Spore Pod" { slots: any; on use { inflict(rot, d) } }
equipment "Moulder" { slots: any; on use { inflict(mould, d) } }
enemy "Mold King" {
    hp: 30; dice: 2; equipment: "Spore Pod", "Sword"
    score { rot: 0; poison: 120 }
}
"""


@pytest.fixture(scope="module")
def rot_lib(tmp_path_factory):
    from planner_kit import mod_library
    return mod_library(tmp_path_factory.mktemp("mods"), "rot", ROT)


def _rot_fight(lib, enemy: str, cards: tuple[str, ...]):
    from dicey.rules.fight import Fight
    f = Fight.start(lib, lib.enemy(enemy), lib.hero("Warrior"), random.Random(1))
    f.set_position(0, dice=[4, 3], hp=30)
    return f


def test_a_score_block_weighs_a_status_by_its_id_and_a_status_itself(rot_lib):
    """A status that bursts at a threshold was priced like any other (50 a stack): the
    enemy piled on stacks about to vanish. Its id in the score block, or its own
    ``score``, says what a stack is worth; the fighter's block comes first."""
    king = rot_lib.enemy("Mold King")
    assert king.score == {"rot": 0, "poison": 120}
    assert rot_lib.statuses["mould"].score == 0 and rot_lib.statuses["rot"].score is None
    w = Weights.for_fighter(king, rot_lib.statuses)
    assert w.poison == 120 and dict(w.statuses) == {"rot": 0, "poison": 120}
    s = Scorer(_rot_fight(rot_lib, "Mold King", ()))
    assert s.status_weight("rot", own=False) == 0                # the king's block
    assert s.status_weight("mould", own=False) == 0              # the status's own score
    assert s.status_weight("poison", own=False) == 120
    assert s.status_weight("weaken", own=False) == 50            # the table's, by kind
    plain = Scorer(_rot_fight(rot_lib, "Mold King", ()), weights=DEFAULT_WEIGHTS)
    assert plain.status_weight("rot", own=False) == 50
    assert plain.status_weight("mould", own=False) == 0          # (its own, whoever plays)
    with pytest.raises(ValueError, match="did you mean 'rot'"):
        Weights().with_overrides({"rott": 1}, rot_lib.statuses)


def test_an_enemy_that_prices_rot_at_nothing_hits_instead(rot_lib):
    """Rot at nothing: the 4 on the Sword and the 3 kept (its pips are worth more than 3
    rot); at the table's 50 a stack, the 3 goes on the Spore Pod."""
    f = _rot_fight(rot_lib, "Mold King", ())
    plan = plan_turn(f, preset="normal", seed=1)
    assert [str(m) for m in plan.moves] == ["4 → Sword", "end turn"]
    table = plan_turn(f, preset="normal", seed=1, scorer=Scorer(f, weights=DEFAULT_WEIGHTS))
    assert sorted(str(m) for m in table.moves) == ["3 → Spore Pod", "4 → Sword", "end turn"]


def _turn_score(f, *moves: str) -> float:
    start = f.copy()
    scorer = Scorer(start)
    before = f
    for text in moves:
        if Move.parse(text).is_end:
            before = f.copy()
        play(f, text)
    return scorer.turn_score(start, before, f)


def test_the_frog_puts_its_3_on_the_sword_and_the_plans_differ_by_120():
    good = _turn_score(position([1, 3], ["sword", "shield"]), "3 → Sword", "1 → Shield", "end")
    bad = _turn_score(position([1, 3], ["sword", "shield"]), "1 → Sword", "3 → Shield", "end")
    # 3 damage, 1 shield, 2 cards, 2 moves: 300 + 40 + 20 - 2; the other way 100 + 120 + 20 - 2
    assert (good, bad, good - bad) == (358, 238, 120)


def test_the_real_frog_plans_the_same(reference):
    scenario, fight = reference("frog")
    plan = plan_turn(fight, budget=Budget(ms=None))
    assert [str(m) for m in plan.moves] == ["3 → Sword", "1 → Shield", "end turn"]
    values = {str(f.move): f.value for f in plan.first_moves}
    assert values["3 → Sword"] - values["1 → Sword"] == 120
    assert plan.expected_score == 358


def test_statuses_count_both_ways_and_not_when_they_will_be_gone():
    f = position([3], ["sword"], statuses={"poison": 2, "curse": 1, "shield": 3},
                 opp_statuses={"poison": 1, "shield": 2, "dodge": 1})
    s = Scorer(f)
    assert s.status_weight("poison", own=False) == 90          # inflicted on the opponent
    assert s.status_weight("poison", own=True) == -90          # curing one's own earns 90
    assert s.status_weight("shield", own=True) == 40
    assert s.status_weight("shield", own=False) == -40         # stripping theirs earns 40
    assert s.status_weight("curse", own=True) == 0             # gone at one's turn end
    assert s.status_weight("dodge", own=False) == 0            # gone at their turn start
    # own HP 30 and the opponent's 20; own poison, shield; their poison, shield
    assert s.potential(f) == 30 - 100 * 20 + (-90 * 2 + 40 * 3) + (90 * 1 - 40 * 2)


def test_a_burning_die_costs_its_hp_and_unused_dice_count_their_pips():
    f = position([4, 2], ["sword"], burning=[0])
    s = Scorer(f)
    assert s.unused(f) == 30
    before = f.copy()
    play(f, "4 → Sword")
    # 4 damage, 2 HP lost to the fire, one card, one move
    assert s.step(before, f) + s.potential(f) - s.potential(before) == 400 - 2 + 10 - 1


def test_bonus_in_a_card_is_added():
    f = position([5], ["bonus_card"])
    s = Scorer(f)
    before = f.copy()
    play(f, "5 → Bonus Card")
    assert s.step(before, f) == 500 + 10 - 1


CARDS = sorted(LIB.equipment)


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
       dice=st.lists(st.integers(1, 6), min_size=0, max_size=4),
       statuses=st.dictionaries(st.sampled_from(["poison", "curse", "shield", "burn",
                                                 "thorns", "fury"]), st.integers(1, 3)),
       seed=st.integers(0, 1000))
def test_a_quiet_end_is_worth_what_making_it_is_worth(cards, dice, statuses, seed):
    f = position(dice, cards, statuses=statuses)
    rng = random.Random(seed)
    chance = SampleChance(rng)
    for _ in range(rng.randrange(3)):          # somewhere into the turn
        moves = f.legal_moves()
        if f.turn_over or len(moves) == 1:
            break
        f.apply(rng.choice(moves[:-1]), chance)
    if f.turn_over or not f.end_is_quiet():
        return
    s = Scorer(f)
    ended = f.copy()
    ended.apply(Move.end(), chance)
    assert s.quiet_end(f) == s.transition(f, ended)


def _bandage(hp: int):
    from dicey.ai.scenario import parse_scenario
    return parse_scenario({
        "actor": {"fighter": "Warrior", "dice": [1, 4], "hp": hp,
                  "equipment": ["Sword", "Bandage"]},
        "opponent": {"fighter": "Frog"}}, "bandage.toml")


def test_a_card_kept_for_once_a_fight_is_not_spent_for_nothing(library):
    """At full HP the planner put its spare 1 on the Bandage (once a fight): 0 HP healed,
    but a card used is 10 points and a 1 kept only 5. The hint said so to the player."""
    scenario = _bandage(24)
    fight = scenario.fight(library)
    plan = plan_turn(fight, preset="normal", seed=1)
    assert [str(m) for m in plan.moves] == ["4 → Sword", "end turn"]
    scorer = Scorer(fight)
    assert scorer.weights.reserve == 10 and scorer._reserve == 10
    # the Bandage not spent is worth its reserve; spent, nothing
    before = scorer.table_potential(fight)
    after = fight.copy()
    play(after, "1 → Bandage")
    assert scorer.table_potential(after) == before - 10
    # a fighter who holds no such card counts nothing, whatever its weights
    assert Scorer(position([3], ["sword"]))._reserve == 0


def test_a_card_kept_for_once_a_fight_is_spent_when_it_counts(library):
    """At 3 HP before the Frog's turn, the Bandage's heal is worth its use."""
    plan = plan_turn(_bandage(3).fight(library), preset="normal", seed=1)
    assert "4 → Bandage" in [str(m) for m in plan.moves]


def test_a_sure_kill_is_worth_no_more_for_what_the_turn_did_before_it():
    """The blow alone wins as surely as a shield and then the blow: the move before it
    earned a card used and a shield that stop mattering with the fight, and the plan
    shielded first. Now every winning line from a state is worth the same but for its
    moves (one point each) and the HP it leaves."""
    f = position([4, 6], ["sword", "shield"], opp_hp=3)
    scorer = Scorer(f.copy(simulation=True, log=False))
    plan = plan_turn(f, budget=Budget(ms=None), scorer=scorer)
    assert plan.method == "exhaustive"
    assert [str(m) for m in plan.moves] == ["6 → Sword"]
    values = {str(m.move): m.value for m in plan.first_moves}
    # 4 on the Shield, then the 6 on the Sword: the same win, one move more.
    assert values["4 → Shield"] == values["6 → Sword"] - 1
    before = f.copy(simulation=True, log=False)
    shielded = play_copy(before, "4 → Shield")
    padded = play_copy(shielded, "6 → Sword")
    assert padded.is_over and padded.fighters[0].statuses.get("shield") == 4
    assert scorer.transition(before, shielded) + scorer.transition(shielded, padded) == \
        scorer.transition(before, play_copy(before, "6 → Sword")) - 1


def play_copy(f, move: str):
    after = f.copy()
    play(after, move)
    return after
