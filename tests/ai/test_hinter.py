"""The player's hints over a fight (planner.Hinter): the turn's memo kept from one hint to
the next, so a hint asked again starts from what the earlier ones solved."""
from __future__ import annotations

from dicey.ai.planner import Budget, Hinter, plan_turn
from dicey.ai.score import Scorer

from rules_kit import play, position, sample

#: A budget the position below does not fit: the search runs out and MCTS guesses.
SMALL = Budget(states=300, iterations=200, ms=None)
#: Enough to solve it (count budgets only: reproducible).
WHOLE = Budget(states=200_000, iterations=200, ms=None)


def five_dice():
    return position([1, 2, 4, 5, 6], ["sword", "dagger", "lockpick", "shield", "lucky_7"],
                    hp=12)


def firsts(plan):
    return [(str(m.move), round(m.value, 6)) for m in plan.first_moves]


def test_a_guess_asked_again_goes_on_where_it_stopped_until_it_is_exact():
    f = five_dice()
    hinter = Hinter(SMALL)
    methods, solved = [], []
    for _ in range(200):
        plan = hinter(f)
        methods.append(plan.method)
        solved.append(hinter.solved)
        if plan.method == "exhaustive":
            break
    assert methods[0] == "mcts" and methods[-1] == "exhaustive"
    assert solved == sorted(solved) and solved[0] < solved[-1]   # each ask added states
    # What the last ask found is what one search with the whole budget finds.
    fresh = plan_turn(f, preset="hard", budget=WHOLE,
                      scorer=Scorer(f.copy(simulation=True, log=False)))
    assert firsts(plan) == firsts(fresh)
    assert plan.moves == fresh.moves


def test_a_hint_after_following_the_line_is_found_without_searching():
    f = five_dice()
    hinter = Hinter(WHOLE)
    first = hinter(f)
    assert first.method == "exhaustive" and first.states > 0
    f.apply(first.moves[0], sample(3))
    again = hinter(f)
    assert again.states == 0                      # every state after it already solved
    cold = Hinter(WHOLE)(f)
    assert cold.states > 0 and again.moves == cold.moves


def test_a_new_turn_starts_a_new_memo():
    f = five_dice()
    hinter = Hinter(WHOLE)
    hinter(f)
    assert hinter.solved > 0
    play(f, "end")
    f.begin_turn(sample(1))                       # the opponent's turn: it ends it
    play(f, "end")
    f.begin_turn(sample(2))
    assert f.actor == 0
    plan = hinter(f)
    assert plan.states > 0 and hinter.solved == plan.states


def test_after_a_guess_s_first_move_the_next_hint_goes_on_with_its_tree():
    """The first move of a guess, where no chance is met, leads to a position the guess's
    MCTS tree already explored: the next hint (still a guess) goes on with that branch,
    its figures counted from the new position."""
    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "shield", "hammer", "spatula"],
                 hp=12)
    budget = Budget(states=30, iterations=3000, ms=None)
    hinter = Hinter(budget)
    first = hinter(f)
    assert first.method == "mcts"
    tree = first.tree
    move = first.moves[0]
    child = next(c for c in tree.root.children.values()
                 if c.move is not None and str(c.move) == str(move))
    visits = child.visits
    assert visits > 0 and child.state is not None          # (no chance on the way)
    f.apply(move, sample(3))
    again = hinter(f)
    assert again.method == "mcts"
    assert again.tree is tree and tree.root is child
    assert child.visits == visits + again.iterations
    # No chance in this turn: every return is a line's own, so no estimate passes the
    # exact value of its first move from here (they would by the first move's reward,
    # counted from the first root, without the tree's offset) and the best reaches it.
    exact = {str(m.move): m.value for m in Hinter(WHOLE)(f).first_moves}
    assert all(m.value <= exact[str(m.move)] + 1e-9 for m in again.first_moves)
    assert again.expected_score == max(exact.values())


def test_a_chance_move_after_a_guess_starts_a_new_tree():
    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "shield", "dice_bag", "spatula"],
                 hp=12)
    hinter = Hinter(Budget(states=30, iterations=300, ms=None))
    first = hinter(f)
    move = next(m for m in f.legal_moves() if len(f.outcomes(m)) > 1)
    f.apply(move, sample(3))
    again = hinter(f)
    assert again.method == "mcts" and again.tree is not first.tree
