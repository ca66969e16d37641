"""A turn's work has a ceiling: the exhaustive search stops at its move budget (a state of a
wide hand costs many moves), and a chooser spends one budget per turn, re-plans included.
All of it counted — states, moves applied, iterations — never timed."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from button_kit import library_with
from planner_kit import ROOT
from dicey.ai import planner
from dicey.ai.bench import enemy_turns
from dicey.ai.planner import PRESET_BUDGETS, Budget, make_chooser, plan_turn
from dicey.ai.scenario import SCENARIO_DIR, load_scenario
from dicey.lang.chance import SampleChance
from dicey.library import load_library
from dicey.rules.fight import Fight

#: A mod's enemy with sixteen cards, three of them chance (a reroll, a split, a blow of
#: random strength): a state of its turn offers some ten times the moves of a base-game
#: enemy's.
HOARDER = '''
equipment "Wild Swing" {
    slots: any
    text: "Do [d] + 1 to 6 damage"
    on use { attack(d + roll(1, 6)) }
}

enemy "Hoarder" {
    hp: 40; dice: 4; level: 4
    equipment: "Sword", "Shield", "Dagger", "Claw", "Wild Swing", "Fireball", "Torch",
               "Snowball", "Ice Spike", "Hammer", "Lucky Coin", "Pea Shooter", "Broadsword",
               "Lockpick", "Leather Armor", "Poison Needle"
    ai: hard
    text: "Keeps every card it ever found"
}
'''
DICE = [1, 2, 3, 5, 6]


@pytest.fixture(scope="module")
def hoard(tmp_path_factory):
    return library_with(tmp_path_factory.mktemp("hoard"), "hoard.dice", HOARDER)


def hoarder_turn(library, dice=DICE) -> Fight:
    fight = Fight.start(library, library.hero("Warrior"), library.enemy("Hoarder"),
                        random.Random(0))
    fight.set_position(1, dice=list(dice))
    assert len(fight.fighters[1].cards) == 16
    return fight


def test_both_presets_cap_the_moves_their_exhaustive_search_applies():
    assert PRESET_BUDGETS["hard"].moves is not None
    assert PRESET_BUDGETS["normal"].moves is not None
    assert PRESET_BUDGETS["normal"].moves < PRESET_BUDGETS["hard"].moves


def test_normal_s_cap_is_far_above_a_base_game_enemy_s_turn(base_library):
    """The cap bounds a mod's wide turn; the base game's enemies never come near it, so
    what they play is what they played before it (the most any applies: 7,700 moves)."""
    normal = replace(PRESET_BUDGETS["normal"], ms=None)
    turns = enemy_turns(base_library, 48)
    assert len({fight.fighters[1].name for fight in turns}) == len(base_library.enemies)
    for i, fight in enumerate(turns):
        plan = plan_turn(fight, preset="normal", budget=normal, seed=i)
        assert plan.method in ("exhaustive", "forced")
        assert plan.searched < normal.moves // 10


def test_normal_s_cap_bounds_a_mod_enemy_that_rerolls_at_will():
    """The Disco Golem's Kiln rerolls a die at will: a state of its turn offers some 17
    moves, and normal's 20,000 states were 350,000 moves (13 s a plan, 50 s a fight,
    without the clock). The moves stop its search now, and MCTS takes over."""
    pyre = load_library(mod_dirs=[ROOT / "tests" / "data" / "pyre"])
    fight = Fight.start(pyre, pyre.hero("Juggler"), pyre.enemy("Disco Golem"),
                        random.Random(0))
    fight.set_position(1, dice=[2, 4, 5])
    widest = len(fight.legal_moves())
    normal = replace(PRESET_BUDGETS["normal"], ms=None)
    plan = plan_turn(fight, preset="normal", budget=normal)
    assert plan.method == "mcts" and plan.budget_hit
    assert plan.states < normal.states                   # the moves stopped it
    assert normal.moves <= plan.searched < normal.moves + 6 * widest
    assert plan.iterations == normal.iterations


def test_the_exhaustive_search_stops_at_its_move_budget_and_mcts_takes_over(hoard):
    fight = hoarder_turn(hoard)
    widest = len(fight.legal_moves())
    assert widest > 60                                   # sixteen cards, five dice
    plan = plan_turn(fight, preset="hard", budget=Budget(states=200_000, iterations=200,
                                                         ms=None, moves=20_000))
    assert plan.method == "mcts" and plan.budget_hit
    # the states were far from their budget: the moves stopped it, past the cap by no more
    # than one state's moves (every outcome of each)
    assert plan.states < 20_000 // 2
    assert 20_000 <= plan.searched < 20_000 + 4 * widest
    assert plan.iterations == 200 and plan.nodes > plan.searched
    # the same budget without the cap runs on to its states
    uncapped = plan_turn(fight, preset="hard", budget=Budget(states=plan.states * 2,
                                                             iterations=1, ms=None))
    assert uncapped.searched > 2 * plan.searched


def test_a_turn_spends_one_budget_however_often_it_plans_again(hoard, monkeypatch):
    plans = []
    plan_turn_ = planner.plan_turn

    def counted(*args, **kw):
        plans.append((kw["budget"], plan_turn_(*args, **kw)))
        return plans[-1][1]

    monkeypatch.setattr(planner, "plan_turn", counted)
    budget = Budget(states=200_000, iterations=300, ms=None, moves=15_000)
    seen_replans = False
    for seed in range(6):
        fight = hoarder_turn(hoard, [6, 6, 5, 4])
        choose = make_chooser("hard", budget, clock=False)
        rng, chance = random.Random(seed), SampleChance(random.Random(seed))
        plans.clear()
        while not fight.turn_over:
            fight.apply(choose(fight, rng), chance)
        # each plan got what the turn's earlier plans left
        spent = [0, 0, 0]
        for given, plan in plans:
            assert given.states == max(0, budget.states - spent[0])
            assert given.moves == max(0, budget.moves - spent[1])
            assert given.iterations == max(0, budget.iterations - spent[2])
            spent = [spent[0] + plan.states, spent[1] + plan.searched,
                     spent[2] + plan.iterations]
        assert spent[2] <= budget.iterations
        assert spent[1] < budget.moves + 4 * 80           # one state's moves past the cap
        seen_replans |= len(plans) > 1
    assert seen_replans       # (a blow's roll left the turn off its plan's line)


def test_a_turn_spends_one_clock_and_a_tenth_of_it_for_each_re_plan(hoard, monkeypatch):
    """The clock is the turn's too: a re-plan gets what the turn's earlier plans left of
    its milliseconds, and a tenth of them at the least (each re-plan used to get them all:
    a sixteen-card enemy of hard took 12 s a turn). The plans here search without a clock
    and are said to have taken 1,300 ms each: counted, not timed."""
    given: list[float | None] = []
    plan_turn_ = planner.plan_turn

    def clocked(*args, **kw):
        given.append(kw["budget"].ms)
        plan = plan_turn_(*args, **{**kw, "budget": replace(kw["budget"], ms=None)})
        plan.elapsed_ms = 1300.0
        return plan

    monkeypatch.setattr(planner, "plan_turn", clocked)
    budget = Budget(states=200_000, iterations=300, ms=3000, moves=15_000)
    longest: list[float | None] = []
    for seed in range(12):
        fight = hoarder_turn(hoard, [6, 6, 5, 4])
        choose = make_chooser("hard", budget)
        rng, chance = random.Random(seed), SampleChance(random.Random(seed))
        given.clear()
        while not fight.turn_over:
            fight.apply(choose(fight, rng), chance)
        assert given == [3000, 1700, 400, 300, 300, 300][:len(given)] + \
            [300] * (len(given) - 6)
        longest = max(longest, list(given), key=len)
    assert len(longest) >= 3       # (the blows' rolls left a turn off its line twice)


def test_a_turn_whose_budget_is_spent_plays_the_rule_of_thumb(hoard):
    fight = hoarder_turn(hoard)
    spent = Budget(states=0, iterations=0, ms=None, moves=0)
    plan = plan_turn(fight, preset="hard", budget=spent)
    assert plan.method == "greedy" and plan.states == 0 and plan.searched == 0


@pytest.mark.parametrize("name", ["frog", "handyman", "countdown", "poison"])
def test_the_cap_leaves_hard_s_plans_of_the_reference_positions_alone(base_library, name):
    scenario = load_scenario(SCENARIO_DIR / f"{name}.toml")
    hard = replace(PRESET_BUDGETS["hard"], ms=None)
    plans = [plan_turn(scenario.fight(base_library), preset="hard", seed=scenario.seed,
                       budget=budget) for budget in (hard, replace(hard, moves=None))]
    assert plans[0].method == "exhaustive"
    assert [str(m) for m in plans[0].moves] == [str(m) for m in plans[1].moves]
    assert plans[0].searched == plans[1].searched < hard.moves // 50


def test_dicey_plan_takes_a_move_budget_from_the_flag_or_the_scenario(cli, tmp_path):
    text = (SCENARIO_DIR / "countdown.toml").read_text(encoding="utf-8")
    code, out, err = cli("plan", str(SCENARIO_DIR / "countdown.toml"), "--moves", "200",
                         "--iterations", "50", "--no-mods")
    assert code == 0, err
    assert "mcts" in out and "budget hit" in out
    scenario = tmp_path / "capped.toml"
    scenario.write_text(text.replace("[search]", "[search]\nmoves = 200\niterations = 50"),
                        encoding="utf-8")
    code, again, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    assert again.split("plan (")[1].split(" ms")[0].split(", ")[:4] == \
        out.split("plan (")[1].split(" ms")[0].split(", ")[:4]
    scenario.write_text(text.replace("[search]", "[search]\nmoves = 0"), encoding="utf-8")
    code, _, err = cli("plan", str(scenario), "--no-mods")
    assert code != 0 and "moves" in err and "Traceback" not in err
    code, _, err = cli("plan", str(SCENARIO_DIR / "countdown.toml"), "--moves", "0")
    assert code != 0 and "positive integer" in err


def test_none_lifts_the_move_cap_in_a_scenario_and_on_the_command_line(cli, tmp_path):
    text = (SCENARIO_DIR / "countdown.toml").read_text(encoding="utf-8")
    scenario = tmp_path / "capped.toml"
    scenario.write_text(text.replace("[search]", "[search]\nmoves = 200"), encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0 and "mcts" in out, err
    code, out, err = cli("plan", str(scenario), "--no-mods", "--moves", "none")
    assert code == 0 and "exhaustive" in out, err
    scenario.write_text(text.replace("[search]", '[search]\nmoves = "none"'),
                        encoding="utf-8")
    assert load_scenario(scenario).budget.moves is None
    code, again, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    assert re.sub(r"[\d.]+ ms", "", again) == re.sub(r"[\d.]+ ms", "", out)   # (the time)
    scenario.write_text(text.replace("[search]", '[search]\nmoves = "lots"'),
                        encoding="utf-8")
    code, _, err = cli("plan", str(scenario), "--no-mods")
    assert code != 0 and "Traceback" not in err
    assert "[search] moves: expected an integer ≥ 1, or \"none\", got 'lots'" in err
    code, _, err = cli("plan", str(scenario), "--moves", "lots")
    assert code != 0 and "Traceback" not in err
    assert "expected a positive integer or 'none', got 'lots'" in err
