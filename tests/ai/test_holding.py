"""Cards a turn gains, valued for the rest of the fight (``dicey.ai.holding``): a steal or
a copy is worth what a turn with the card is worth to its new holder."""
from __future__ import annotations

import pytest

from cards_in_play_kit import cards_fight, cards_library
from dicey.ai import score
from dicey.ai.holding import Holding
from dicey.ai.planner import Budget, plan_turn
from dicey.ai.score import Scorer

COUNTED = Budget(ms=None)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return cards_library(tmp_path_factory.mktemp("cards"))


def test_a_card_is_worth_a_turn_with_it_by_the_table(lib):
    fight = cards_fight(lib, ["Sticky Fingers", "Dagger"], [6, 3], opp=["Shield", "Sword"])
    scorer = Scorer(fight)
    holding = Holding(fight, 0, 100, scorer.table_potential)
    worth = {name: holding.worth(card) for card in fight.fighters[1].cards
             for name in [card.name]}
    # a die of each value: the Sword's damage at 100 a point, the Shield's stacks at 40
    # (a value a card does not take is worth nothing: the Dagger takes 1 to 3)
    assert worth == {"Shield": 40 * 21 / 6, "Sword": 100 * 21 / 6}
    assert holding.worth(fight.fighters[0].cards[1]) == 100 * 6 / 6


def test_a_state_that_gained_no_card_is_worth_what_it_was(lib):
    fight = cards_fight(lib, ["Sticky Fingers", "Dagger"], [6, 3], opp=["Shield", "Sword"])
    on, percent = Scorer(fight), score.DEFAULT_WEIGHTS.holding
    off = Scorer(fight, weights=score.Weights(holding=0))
    assert on._holding is not None and off._holding is None
    after = fight.copy(simulation=True, log=False)
    after.apply(next(m for m in after.legal_moves() if m.card == "Dagger"), None)
    assert on.potential(after) == off.potential(after)
    stolen = fight.copy(simulation=True, log=False)
    stolen.apply(next(m for m in stolen.legal_moves() if m.card == "Sticky Fingers"), None)
    assert [c.name for c in stolen.fighters[0].cards][-1] == "Sword"    # the biggest
    assert on.potential(stolen) - off.potential(stolen) == 100 * 21 / 6 * percent / 100


def test_the_planner_steals_a_card_for_the_turns_after_the_coming_one(lib, monkeypatch):
    """The Shield is no threat in the opponent's coming turn: by that turn alone the steal
    was worth nothing, and the 6 was kept unused. Held for the rest of the fight, the
    Shield is worth its steal."""
    fight = cards_fight(lib, ["Sticky Fingers", "Dagger"], [6, 3], opp=["Shield", "Dagger"])
    plan = plan_turn(fight, budget=COUNTED)
    assert [str(m) for m in plan.moves] == ["6 → Sticky Fingers", "3 → Dagger", "end turn"]
    # the weight off (as an enemy's score { holding: 0 } sets it)
    monkeypatch.setattr(score, "DEFAULT_WEIGHTS", score.Weights(holding=0))
    plan = plan_turn(fight, budget=COUNTED)
    assert [str(m) for m in plan.moves] == ["3 → Dagger", "end turn"]
