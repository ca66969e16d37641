"""Scenario files: the reference positions load; bad files get clear errors."""
from __future__ import annotations

import pytest

from dicey.ai.scenario import ScenarioError, load_scenario, parse_scenario, reference_scenarios

# planner_kit: reference is a fixture.
from planner_kit import SCENARIOS, reference  # noqa: F401


def test_there_are_the_six_reference_positions():
    names = {p.stem for p in reference_scenarios()}
    assert {"frog", "handyman", "chance", "countdown", "poison", "big"} <= names


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_reference_position_pins_a_turn_to_plan(path, library):
    scenario = load_scenario(path)
    fight = scenario.fight(library)
    assert not fight.turn_over and fight.current.name == library.fighter(
        scenario.actor["fighter"]).name
    assert scenario.title and scenario.text


def test_the_handyman_position_is_the_one_of_ai_md(reference):
    scenario, fight = reference("handyman")
    me, them = fight.current, fight.opponent
    assert [d.label for d in me.dice] == ["2🔥", "2🔥", "4🔥", "5🔥"]
    assert all(c.shocked for c in me.cards) and me.statuses == {"poison": 1}
    assert [c.countdown for c in me.cards if c.name == "Pea Shooter"] == [3]
    assert (them.name, them.hp, them.statuses) == ("Warrior", 30, {"shield": 2})
    assert scenario.seed == 7 and scenario.budget.ms is None


GOOD = {"actor": {"fighter": "Frog", "dice": [1, 3]}, "opponent": {"fighter": "Warrior"}}


@pytest.mark.parametrize("change, message", [
    ({"actor": {"fighter": "Frog", "dcie": [1]}},
     "unknown key 'dcie' in [actor] (did you mean 'dice'?)"),
    ({"actor": {"fighter": "Frog", "dice": "13"}}, "[actor] dice: expected a list of integers"),
    ({"actor": {"dice": [1]}}, "[actor] needs a fighter"),
    ({"opponent": None}, "missing the [opponent] table"),
    ({"search": {"ms": -1}}, "[search] ms: expected a positive number or \"none\""),
    ({"search": {"preset": "genius"}}, "unknown preset 'genius'"),
    ({"search": {"states": 0}}, "states: expected an integer ≥ 1"),
    ({"turn": "two"}, "turn: expected an integer"),
])
def test_bad_scenarios_say_what_is_wrong(change, message):
    data = {**GOOD, **change}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(data, "bad.toml")
    assert str(err.value).startswith("bad.toml: ") and message in str(err.value)


@pytest.mark.parametrize("actor, message", [
    ({"fighter": "Frogg", "dice": [1]}, "unknown fighter 'Frogg' (did you mean 'frog'?)"),
    ({"fighter": "Frog", "dice": [7]}, "dice must be"),
    ({"fighter": "Frog", "dice": [1], "burning": [3]}, "die index 3 is out of range"),
    ({"fighter": "Frog", "dice": [1], "shocked": ["Hammer"]}, "cannot mark 'Hammer'"),
    ({"fighter": "Frog"}, "has no turn to play"),
])
def test_positions_that_cannot_be_pinned_say_why(library, actor, message):
    scenario = parse_scenario({**GOOD, "actor": actor}, "bad.toml")
    with pytest.raises(ScenarioError, match="bad.toml: ") as err:
        scenario.fight(library)
    assert message in str(err.value)


def test_unreadable_files(tmp_path):
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenario(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[actor\nfighter = 1")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario(bad)
