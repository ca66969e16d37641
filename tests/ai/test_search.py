"""The exhaustive search: equal to brute force, within its budget, cheaper than naive."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.score import Scorer
from dicey.ai.search import BudgetExceeded, Expectimax, brute_force, naive_nodes
# planner_kit: it puts the kit on the path.
import planner_kit  # noqa: F401
from rules_kit import position

# Small enough for a search with neither memo nor symmetry reduction.
CARDS = ["sword", "shield", "dagger", "hammer", "lucky_7", "antidote", "pea_shooter",
         "spatula", "dice_bag", "lockpick", "boomerang", "poison_needle", "broadsword",
         "magic_missile", "rock", "guarded", "bonus_card"]

small_positions = st.fixed_dictionaries({
    "dice": st.lists(st.integers(1, 6), min_size=1, max_size=3),
    "cards": st.lists(st.sampled_from(CARDS), min_size=1, max_size=3),
    "statuses": st.dictionaries(st.sampled_from(["poison", "curse", "fury", "shield"]),
                                st.integers(1, 2), max_size=2),
    "opp_statuses": st.dictionaries(st.sampled_from(["shield", "dodge", "thorns", "reduce"]),
                                    st.integers(1, 2), max_size=2),
    "burning": st.lists(st.integers(0, 2), max_size=2, unique=True),
})


def build(spec: dict):
    burning = [i for i in spec["burning"] if i < len(spec["dice"])]
    return position(spec["dice"], spec["cards"], statuses=spec["statuses"],
                    opp_statuses=spec["opp_statuses"], burning=burning).copy(simulation=True)


@settings(max_examples=60, deadline=None)
@given(small_positions)
def test_memoised_search_equals_brute_force(spec):
    f = build(spec)
    scorer = Scorer(f)
    search = Expectimax(scorer)
    assert search.value(f) == pytest.approx(brute_force(f, scorer), abs=1e-6)


def test_the_memo_holds_each_distinct_state_once():
    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "lucky_7", "antidote"])
    search = Expectimax(Scorer(f))
    search.value(f)
    assert search.states == 939   # tests/data/perft/six_dice.toml counts 939 decision states


def test_memo_and_symmetry_visit_far_fewer_nodes_than_the_plain_search():
    f = position([2, 2, 4, 5], ["spatula", "dagger", "pea_shooter"], burning=[0, 1, 2, 3],
                 shocked=["Spatula"], countdowns={"Pea Shooter": 3})
    search = Expectimax(Scorer(f))
    search.value(f)
    assert search.nodes * 5 <= naive_nodes(f, 1_000_000)


def test_the_state_budget_is_counted():
    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "lucky_7", "antidote"])
    search = Expectimax(Scorer(f), max_states=100)
    with pytest.raises(BudgetExceeded):
        search.value(f)
    assert search.states == 100


def test_what_was_solved_before_the_budget_ran_out_is_exact():
    f = position([1, 2, 3, 4, 5], ["sword", "dagger", "lucky_7"])
    full = Expectimax(Scorer(f))
    full.value(f)
    partial = Expectimax(Scorer(f), max_states=40)
    with pytest.raises(BudgetExceeded):
        partial.value(f)
    assert partial.memo and all(full.memo[k] == v for k, v in partial.memo.items())


def test_a_probability_cut_off_drops_unlikely_chance_paths():
    f = position([6, 5], ["dice_bag", "dice_bag", "sword"])
    exact = Expectimax(Scorer(f))
    cut = Expectimax(Scorer(f), min_probability=0.2)
    assert cut.value(f) != exact.value(f)
    assert cut.nodes < exact.nodes


def test_a_search_asked_to_stop_stops_where_it_looks_at_the_clock():
    """A stop event set from another thread: the exhaustive search stops at its next look
    at the clock, MCTS at its next, and a plan made within stopping() with them; what
    the search solved stays exact."""
    import random
    import threading

    from dicey.ai.mcts import MCTS
    from dicey.ai.planner import plan_turn, stopping
    from dicey.ai.search import CLOCK_EVERY, Stopped

    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "lucky_7", "antidote"])
    stop = threading.Event()
    stop.set()
    search = Expectimax(Scorer(f), stop=stop)
    with pytest.raises(Stopped):
        search.value(f)
    assert search.states == CLOCK_EVERY
    full = Expectimax(Scorer(f))
    full.value(f)
    assert search.memo and all(full.memo[k] == v for k, v in search.memo.items())
    mcts = MCTS(f.copy(simulation=True), Scorer(f), random.Random(0))
    with pytest.raises(Stopped):
        mcts.run(1000, None, stop)
    assert mcts.iterations == 0
    with stopping(stop), pytest.raises(Stopped):
        plan_turn(f, preset="hard")
    assert plan_turn(f, preset="hard").method == "exhaustive"   # (none outside it)
