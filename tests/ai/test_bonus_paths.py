"""Two paths to one state that earned different bonuses: a win takes back what its path
earned (Scorer.won), so what the state is worth depends on it, and the key of a fight
where a script may give a bonus holds the turn's bonus (Fight.key). Without it the memo
handed the second path the first one's worth."""
from __future__ import annotations

import pytest

from button_kit import button_fight, library_fixture
from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax, brute_force

TALLY = '''
equipment "Tally" {
    slots: any
    cast: self
    text: "Worth 100 to the AI for each die left"
    on use { bonus(100 * len(self.dice)) }
}

equipment "Blank" {
    slots: any
    cast: self
    text: "Nothing"
    on use { }
}
'''


lib = library_fixture("tally", TALLY)


@pytest.mark.parametrize("cards", [["Tally", "Blank", "Sword"], ["Blank", "Tally", "Sword"]])
def test_a_state_reached_with_two_bonuses_is_two_states(lib, cards):
    """The Tally, then the Blank, or the other way round: one position, 200 or 100 earned
    (a die or two left when the Tally went); the Sword's 6 then kills the Frog. Every
    first move is worth what the plain search (no memo) says, whichever path the memo
    met first (the cards' order is the order it searches them in: with the Blank first,
    the memo held the Tally's later path worth 100 more than it is)."""
    fight = button_fight(lib, cards, [3, 5, 6], opp_hp=6)
    assert fight.key()[-1] == fight.turn_bonus == 0       # the key holds the bonus
    scorer = Scorer(fight)
    for cutoff in (False, True):
        search = Expectimax(scorer, cutoff=cutoff)
        assert search.solve(fight) == pytest.approx(brute_force(fight, scorer), rel=1e-12)
        for move in fight.legal_moves():
            expected = sum(float(p) * (scorer.transition(fight, child) +
                                       (0.0 if child.turn_over else brute_force(child, scorer)))
                           for p, child in fight.outcomes(move))
            assert search.q(fight, move) == pytest.approx(expected, rel=1e-12), (cutoff, move)
