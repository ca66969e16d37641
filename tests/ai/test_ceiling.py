"""A sure win ends the search of a state: the ceiling (score.Ceiling) is a true upper bound of
what a state's lines can be worth, and the search that stops at it finds the same values
and the same moves as the one that tries every move."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.planner import Budget, plan_turn
from dicey.ai.score import Scorer
from dicey.ai.search import Expectimax
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

# planner_kit: it puts the kit on the path, and makes mod libraries.
from planner_kit import checked_search, mod_library

#: Base-game cards: blows, shields, statuses, heals, chance, points (Healing Crystal's
#: bonus, Spanner's), cards that bring a card into play (Sticky Fingers takes one of the
#: opponent's, Conjure Blade gives a Dagger, the Unlit Torch becomes a Torch), one that
#: fires countdowns (the Crowbar), one that adds a die to every later roll (the Hall of
#: Mirrors) and one whose script the ceiling cannot bound (Copycat's copy of any card).
CARDS = ["Sword", "Dagger", "Broadsword", "Hammer", "Rock", "Spear", "Shield", "Bandage",
         "Vampire Fangs", "Poison Needle", "Snowball", "Fireball", "Lucky Coin", "Bump",
         "Boomerang", "Hot Cocoa", "Fury", "War Cry", "Cosh", "Healing Crystal", "Spanner",
         "Crowbar", "Dice Knife", "Sticky Fingers", "Conjure Blade", "Unlit Torch",
         "Hall of Mirrors", "Copycat"]
ENEMIES = ["frog", "knight", "vampire", "witch", "ninja", "handyman", "slime"]

positions = st.fixed_dictionaries({
    "hero": st.sampled_from(["warrior", "thief", "inventor"]),
    "enemy": st.sampled_from(ENEMIES),
    "cards": st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
    "dice": st.lists(st.integers(1, 6), min_size=1, max_size=3),
    "hp": st.integers(1, 24),
    "opp_hp": st.integers(1, 14),
    "statuses": st.dictionaries(st.sampled_from(["poison", "fury", "shield", "reequip"]),
                                st.integers(1, 3), max_size=2),
    "opp_statuses": st.dictionaries(st.sampled_from(["shield", "dodge", "poison", "thorns"]),
                                    st.integers(1, 3), max_size=2),
})


def build(library, spec) -> Fight:
    f = Fight.start(library, library.heroes[spec["hero"]], library.enemies[spec["enemy"]],
                    random.Random(0))
    f.set_position(0, equipment=spec["cards"], dice=spec["dice"], hp=spec["hp"],
                   max_hp=24, statuses=spec["statuses"])
    f.set_position(1, hp=spec["opp_hp"], statuses=spec["opp_statuses"])
    return f.copy(simulation=True, log=False)


def searched(f: Fight, cutoff: bool) -> Expectimax:
    search = Expectimax(Scorer(f), cutoff=cutoff)
    search.solve(f)
    return search


@settings(max_examples=60, deadline=None)
@given(positions)
def test_the_search_that_stops_at_a_sure_win_finds_what_the_plain_one_does(library, spec):
    f = build(library, spec)
    plain = checked_search(Scorer(f))
    value = plain.value(f)
    cut = searched(f, cutoff=True)
    assert cut.solve(f) == value
    assert cut.best_move(f) == plain.best_move(f)
    assert cut.best_line(f) == plain.best_line(f)
    # every value it kept is the plain search's
    assert all(plain.memo[key] == v for key, v in cut.memo.items())
    assert cut.states <= plain.states


def test_every_state_of_lethal_turns_is_within_its_ceiling(library):
    """The plain search on kill turns: no state's value passes its ceiling, which is
    finite for every state of the turns whose content it bounds (most)."""
    bounded = states = cuts = turns = 0
    for seed in range(12):
        rng = random.Random(seed)
        spec = {"hero": "warrior", "enemy": rng.choice(ENEMIES),
                "cards": rng.sample(["Sword", "Dagger", "Hammer", "Shield", "Bandage",
                                     "Vampire Fangs", "Fury", "Snowball", "Cosh"], 4),
                "dice": [rng.randint(1, 6) for _ in range(4)], "hp": rng.randint(5, 24),
                "opp_hp": rng.randint(3, 10), "statuses": {}, "opp_statuses": {}}
        f = build(library, spec)
        plain = checked_search(Scorer(f))
        plain.value(f)
        if Scorer(f).reach != float("inf"):
            turns += 1
            bounded, states = bounded + plain.bounded, states + plain.states
        else:
            assert plain.bounded == 0
        cuts += searched(f, cutoff=True).cut
    assert turns >= 8 and bounded == states and cuts > 0


def lethal(library, dice: list[int]) -> Fight:
    """A Warrior at full HP with eight cards and a die that kills the Knight outright."""
    return build(library, {"hero": "warrior", "enemy": "knight",
                           "cards": ["Sword", "Shield", "Dagger", "Broadsword", "Hammer",
                                     "Rock", "Sling", "Bandage"],
                           "dice": dice, "hp": 24, "opp_hp": 5, "statuses": {},
                           "opp_statuses": {}})


def test_a_kill_turn_with_many_dice_takes_a_few_states_where_it_took_a_thousand(library):
    f = lethal(library, [1, 2, 3, 4, 5, 6])
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f)
    assert (plain.states, plain.nodes) == (1010, 14359)
    assert (cut.states, cut.nodes) == (1, 41)   # each first move made once: 6 → Sword kills


def test_a_blow_that_kills_late_in_the_order_of_moves_is_found_first(library):
    """The first state a search expands is looked through for a blow that wins at its
    ceiling before its moves are searched in order: here every move of the dice before
    the 6, and the 6 on the Shield, came first, each with its own lines."""
    f = build(library, {"hero": "warrior", "enemy": "frog",
                        "cards": ["Shield", "Dagger", "Bump", "Bandage", "Rock"],
                        "dice": [1, 2, 3, 4, 5, 6], "hp": 24, "opp_hp": 6,
                        "statuses": {}, "opp_statuses": {}})
    assert [str(m) for m in f.legal_moves()].index("6 → Rock") > 10
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f)
    assert cut.best_line(f) == plain.best_line(f)
    assert [str(s.move) for s in cut.best_line(f)] == ["6 → Rock"]
    assert (plain.states, cut.states) == (2331, 1)


def test_two_blows_that_kill_are_found_before_the_moves_that_come_first(library):
    """The root's first moves are each made once, and the states they lead to looked
    through for a blow that wins at its best (where the hardest first blow would kill):
    the moves before the two blows in order are then bounded below them, not searched."""
    f = build(library, {"hero": "warrior", "enemy": "frog",
                        "cards": ["Shield", "Dagger", "Bump", "Bandage", "Rock"],
                        "dice": [1, 2, 3, 4, 5, 6], "hp": 24, "opp_hp": 9,
                        "statuses": {}, "opp_statuses": {}})
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f)
    assert cut.best_line(f) == plain.best_line(f)
    assert [str(s.move) for s in cut.best_line(f)] == ["3 → Dagger", "6 → Rock"]
    assert (plain.states, cut.states) == (3535, 3)


def test_a_kill_a_few_moves_deep_is_cut_below_the_root(library):
    f = build(library, {"hero": "warrior", "enemy": "knight",
                        "cards": ["Sword", "Shield", "Dagger", "Broadsword", "Hammer", "Rock",
                                  "Sling", "Bandage"],
                        "dice": [1, 2, 3, 4, 5, 6], "hp": 24, "opp_hp": 8,
                        "statuses": {}, "opp_statuses": {"shield": 6}})
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f) and cut.best_line(f) == plain.best_line(f)
    assert (plain.states, cut.states) == (10295, 9761)
    assert (plain.nodes, cut.nodes) == (91352, 47887)


def test_a_plan_of_a_sure_win_lists_every_first_move_or_those_it_needed(library):
    f = lethal(library, [1, 2, 3, 4, 5, 6])
    plan = plan_turn(f, preset="hard", budget=Budget(ms=None))
    assert plan.method == "exhaustive" and plan.states == 1
    assert [str(m) for m in plan.moves] == ["6 → Sword"]
    # dicey plan's list: every first move, each with its exact value
    firsts = {str(m.move): m.value for m in plan.first_moves}
    assert len(firsts) == len(f.legal_moves()) and str(plan.first_moves[0].move) == "6 → Sword"
    plain = Expectimax(Scorer(f.copy(simulation=True, log=False)), cutoff=False)
    root = f.copy(simulation=True, log=False)
    base = plain.scorer.potential(root)
    for move, value in plain.root_values(root):
        assert firsts[str(move)] == value - base
    # the enemy's plans and the hints: only what the search needed
    plan = plan_turn(f, preset="hard", budget=Budget(ms=None), every_first=False)
    assert [str(m.move) for m in plan.first_moves] == ["6 → Sword"]


def test_a_heal_still_to_use_keeps_the_ceiling_at_max_hp(library):
    """Below max HP, a Bandage may come before the blow: the blow alone is not the best a
    line can do, so the state is searched on (and the line heals first when it can)."""
    f = build(library, {"hero": "warrior", "enemy": "frog", "cards": ["Sword", "Bandage"],
                        "dice": [6, 2], "hp": 10, "opp_hp": 5, "statuses": {},
                        "opp_statuses": {}})
    scorer = Scorer(f)
    assert scorer.ceiling(f) == 1_000_000 + 24 - 1     # max HP, one move
    cut = searched(f, cutoff=True)
    assert cut.cut == 0 or cut.best_move(f) == searched(f, cutoff=False).best_move(f)
    assert [str(s.move) for s in cut.best_line(f)][-1] == "6 → Sword"
    used = f.copy()
    used.set_position(0, equipment=["Sword"], dice=[6, 2], hp=10)
    assert Scorer(used).ceiling(used) == 1_000_000 + 10 - 1   # nothing heals: its HP


def test_a_bonus_is_bounded_by_what_it_says_and_a_bonus_of_any_size_is_not(library,
                                                                            tmp_path):
    """bonus(n) in a card's firing hook adds at most n a firing (fury: twice): the ceiling
    holds it, and a kill below it cuts nothing. A bonus of any size (read from the HP, or
    in a hook that may run any number of times): no ceiling, no cut."""
    mod = mod_library(tmp_path, "jackpot",
                      'equipment "Jackpot" {\n  slots: any\n  text: "Points"\n'
                      '  on use { bonus(900000)\n    bonus(900000) }\n}\n'
                      'equipment "Greed" {\n  slots: any\n  text: "Points"\n'
                      '  on use { bonus(1000 * self.hp) }\n}\n'
                      'equipment "Tip" {\n  slots: any\n  text: "Points"\n'
                      '  on damage taken { bonus(5) }\n}\n')
    f = build(mod, {"hero": "warrior", "enemy": "frog", "cards": ["Sword", "Jackpot"],
                    "dice": [6, 3], "hp": 24, "opp_hp": 5, "statuses": {},
                    "opp_statuses": {}})
    scorer = Scorer(f)
    assert scorer.ceiling(f) > 2 * 1_800_000       # twice a firing, fury's
    cut = searched(f, cutoff=True)
    assert cut.cut == 0
    # the bonus outscores the kill: a ceiling from the win alone would have cut it off
    assert [str(s.move) for s in cut.best_line(f)] == ["3 → Sword", "6 → Jackpot", "end turn"]
    for card in ("Greed", "Tip"):
        unbounded = build(mod, {"hero": "warrior", "enemy": "frog", "cards": ["Sword", card],
                                "dice": [6, 3], "hp": 24, "opp_hp": 5, "statuses": {},
                                "opp_statuses": {}})
        scorer = Scorer(unbounded)
        assert scorer.reach == float("inf") and scorer.ceiling(unbounded) == float("inf")


def test_the_healing_crystal_keeps_a_sure_win_sure(library):
    """Its bonus, 100 a point it heals, is at most 100 times its die: a kill at full HP
    is still the best a line can be (the hint on a hero that holds one was a guess)."""
    f = lethal(library, [6, 5, 4, 3, 2, 1])
    f.set_position(0, equipment=["Sword", "Healing Crystal", "Shield", "Dagger"],
                   dice=[6, 5, 4, 3, 2, 1])
    scorer = Scorer(f.copy(simulation=True, log=False))
    assert scorer.ceiling(f) < float("inf")
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f) and cut.best_line(f) == plain.best_line(f)
    assert cut.states < plain.states


def test_a_turn_end_that_may_win_raises_the_ceiling(library, tmp_path):
    """A status that hurts the opponent at the actor's turn end: ending the turn may win
    without a move, so a one-move kill is not the best a line can be."""
    mod = mod_library(tmp_path, "embers", 'status "Embers" {\n  kind: positive\n  clears: never\n'
                      '  text: "[stacks] damage to your foe as your turn ends"\n'
                      '  on turn end { attack(stacks) }\n}\n')
    f = build(mod, {"hero": "warrior", "enemy": "frog", "cards": ["Sword"], "dice": [6],
                    "hp": 24, "opp_hp": 5, "statuses": {"embers": 5}, "opp_statuses": {}})
    scorer = Scorer(f)
    assert not f.end_is_quiet()
    assert scorer.ceiling(f) == 1_000_000 + 24            # no move made
    plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
    assert cut.solve(f) == plain.value(f) == 1_000_000 + 24
    assert cut.best_move(f) == plain.best_move(f) == Move.end()


def test_stacks_a_card_may_add_are_bounded_by_its_uses_and_its_dice(library):
    f = build(library, {"hero": "warrior", "enemy": "frog", "cards": ["Sword", "Shield"],
                        "dice": [6, 2], "hp": 24, "opp_hp": 5, "statuses": {},
                        "opp_statuses": {}})
    ceiling = Scorer(f)._ceiling
    assert ceiling is not None
    # the Shield (gain(shield, d)): one use, d at most 6, twice with fury: 12 stacks
    bare = build(library, {"hero": "warrior", "enemy": "frog", "cards": ["Sword"],
                           "dice": [6, 2], "hp": 24, "opp_hp": 5, "statuses": {},
                           "opp_statuses": {}})
    assert ceiling.other - Scorer(bare)._ceiling.other == pytest.approx(12 * 40)


#: The cards of the base game that bring a card into play, and what they bring.
BRINGERS = ["Sticky Fingers", "Conjure Blade", "Unlit Torch"]


@settings(max_examples=25, deadline=None)
@given(positions, st.lists(st.sampled_from(BRINGERS), min_size=1, max_size=2))
def test_a_card_brought_into_play_is_bounded_and_cuts_what_the_plain_search_finds(
        library, spec, bringers):
    """A card taken from the opponent (one of its cards in play), given or changed into
    by name (the Dagger, the Torch): its scripts are bounded as the hand's are, and what
    ``holding`` prices it at, for each card a side may gain. The values, moves and lines
    are the plain search's, no state's value passes its ceiling, and the ceiling is
    there for every such hand that holds no card it cannot bound (the opponent's cards
    fire in its own turns only: the Witch's Healing Crystal bounds nothing here).

    The Spanner too, in the hand or the Handyman's to steal: a state reached with and
    without its bonus(-1000) (a 6 on it, or a 5 and a 1) is two keys, since a win's worth
    takes back the bonus the path earned."""
    spec = {**spec, "cards": [*spec["cards"][:2], *bringers]}
    f = build(library, spec)
    plain = checked_search(Scorer(f))
    value = plain.value(f)
    unbounded = {"Copycat"} & set(spec["cards"])
    assert (Scorer(f).reach == float("inf")) == bool(unbounded)
    cut = searched(f, cutoff=True)
    assert cut.solve(f) == value
    assert cut.best_move(f) == plain.best_move(f) and cut.best_line(f) == plain.best_line(f)
    assert all(plain.memo[key] == v for key, v in cut.memo.items())


def test_a_kill_turn_holding_a_card_that_brings_another_is_sure_at_once(library):
    """Sticky Fingers, Conjure Blade, the Unlit Torch: a turn that kills with a blow was
    searched in full (1,010 states) while the hand held one; now it is one state. So is
    it with the Crowbar, whose boost fires each countdown card once at most. Copycat (a
    copy of any card in play, or of any card named: a card value or a name worked out)
    keeps the hand unbounded (it reads ``last_used``: the key holds the card each fighter
    used last, not the whole turn's list, which no script reads; 1,111 states when it did)."""
    for extra, states in (("Sticky Fingers", 1), ("Conjure Blade", 1), ("Unlit Torch", 1),
                          ("Crowbar", 1), ("Copycat", 911)):
        f = lethal(library, [1, 2, 3, 4, 5, 6])
        f.set_position(0, equipment=["Sword", "Shield", "Dagger", "Broadsword", "Hammer",
                                     "Rock", "Sling", extra], dice=[1, 2, 3, 4, 5, 6])
        cut = searched(f, cutoff=True)
        assert cut.states == states, extra
        assert [str(s.move) for s in cut.best_line(f)] == ["6 → Sword"]


def test_a_card_brought_by_a_name_worked_out_may_be_any_card(library, tmp_path):
    mod = mod_library(tmp_path, "shifty",
                      'equipment "Shifty" {\n  slots: any\n  text: "Becomes a Sword or a Rock"\n'
                      '  on use { replace_with(pick(["Sword", "Rock"])) }\n}\n'
                      'equipment "Forge" {\n  slots: any\n  text: "A Sword+"\n'
                      '  on use { give_card("Sword+") }\n}\n')
    for card, bounded in (("Shifty", False), ("Forge", True)):
        f = warrior_hand(mod, ["Sword", card], [6, 3], opp_hp=5)
        assert (Scorer(f).reach != float("inf")) is bounded, card


def warrior_hand(library, cards: list[str], dice: list[int], opp_hp: int) -> Fight:
    """The Warrior at full HP to act with ``cards`` and ``dice`` against a Frog of
    ``opp_hp``, no statuses on either."""
    return build(library, {"hero": "warrior", "enemy": "frog", "cards": cards, "dice": dice,
                           "hp": 24, "opp_hp": opp_hp, "statuses": {}, "opp_statuses": {}})


def test_the_opponents_cards_fire_in_its_own_turns_only(library):
    """The Witch holds a Healing Crystal and the Handyman a Spanner, whose bonus comes
    from a firing hook: the opponent's cards fire in its turns, never in the planner's
    (nothing here boosts a countdown), so they add nothing to a line and a kill in one
    blow against them is sure at once. It was searched in full."""
    for enemy in ("witch", "handyman"):
        f = build(library, {"hero": "warrior", "enemy": enemy,
                            "cards": ["Sword", "Shield", "Dagger", "Broadsword", "Hammer",
                                      "Rock", "Sling", "Bandage"],
                            "dice": [1, 2, 3, 4, 5, 6], "hp": 24, "opp_hp": 5,
                            "statuses": {}, "opp_statuses": {}})
        assert Scorer(f).reach != float("inf"), enemy
        plain, cut = searched(f, cutoff=False), searched(f, cutoff=True)
        assert cut.solve(f) == plain.value(f) and cut.best_line(f) == plain.best_line(f)
        assert cut.states == 1 and plain.states > 1000, enemy


#: Countdown cards of the base game, for the Crowbar to wind.
WOUND = ["Pea Shooter", "Plasma Cannon", "Electromagnet", "Pressure Gauge"]


@settings(max_examples=25, deadline=None)
@given(positions, st.lists(st.sampled_from(WOUND), min_size=1, max_size=2),
       st.sampled_from(["Crowbar", "Crowbar+"]))
def test_a_boost_is_bounded_by_the_countdowns_it_may_fire(library, spec, wound, crowbar):
    """The Crowbar takes its die off every countdown of its owner: each boost fires each
    countdown card once at most (not past its uses) and takes off at most what is left
    of each. With it the values, moves and lines are the plain search's, and no state's
    value passes its ceiling."""
    spec = {**spec, "hero": "inventor",
            "cards": [crowbar, *wound, *spec["cards"][:1]]}
    f = build(library, spec)
    assert (Scorer(f).reach == float("inf")) == ("Copycat" in spec["cards"])
    plain = checked_search(Scorer(f))
    value = plain.value(f)
    cut = searched(f, cutoff=True)
    assert cut.solve(f) == value
    assert cut.best_move(f) == plain.best_move(f) and cut.best_line(f) == plain.best_line(f)
    assert all(plain.memo[key] == v for key, v in cut.memo.items())


def test_a_boost_from_a_countdown_or_the_opponent_is_not_bounded(library, tmp_path):
    mod = mod_library(tmp_path, "winder",
                      'equipment "Chain Gun" {\n  slots: countdown 3\n  text: "Winds them all"\n'
                      '  on use { boost_countdowns(3) }\n}\n'
                      'equipment "Tick" {\n  slots: any\n  text: "Winds at each card"\n'
                      '  on opponent use { boost_countdowns(1) }\n}\n')
    for mine, theirs in ((["Sword", "Chain Gun"], None), (["Sword"], ["Tick"])):
        f = build(mod, {"hero": "inventor", "enemy": "frog", "cards": mine, "dice": [6, 3],
                        "hp": 24, "opp_hp": 5, "statuses": {}, "opp_statuses": {}})
        if theirs:
            f.set_position(1, equipment=theirs)
        assert Scorer(f).reach == float("inf"), (mine, theirs)


def test_a_card_turned_into_another_by_replace_card_is_bounded_as_the_one_named(
        library, tmp_path):
    """``replace_card(c, "Greataxe")`` brings a Greataxe into play where ``c`` was (of
    either side): the ceiling bounds it as that card, so a plan stays the plain search's;
    a name worked out may be any card, and leaves the hand unbounded."""
    mod = mod_library(tmp_path, "alchemy",
                      'equipment "Transmute" {\n  slots: any\n  text: "Rocks become Greataxes"\n'
                      '  on use { for c in self.cards { if c.name == "Rock" '
                      '{ replace_card(c, "Greataxe") } } }\n}\n'
                      'equipment "Wild Transmute" {\n  slots: any\n  text: "A Rock becomes '
                      'a Sword or a Greataxe"\n  on use { for c in self.cards { if c.name == '
                      '"Rock" { replace_card(c, pick(["Sword", "Greataxe"])) } } }\n}\n')
    for card, bounded in (("Transmute", True), ("Wild Transmute", False)):
        f = warrior_hand(mod, ["Rock", card], [2, 6], opp_hp=9)
        assert (Scorer(f).reach != float("inf")) is bounded, card
        plain = checked_search(Scorer(f))
        value = plain.value(f)
        cut = searched(f, cutoff=True)
        assert cut.solve(f) == value and cut.best_line(f) == plain.best_line(f)
    line = [str(s.move) for s in cut.best_line(f)]
    assert line[0] == "2 → Wild Transmute", line
