"""Cards and statuses a modder may write, however odd: a mod of them loads or is reported,
and a fight with them plays to its end. A script that breaks a limit fizzles its card; no
other exception leaves the rules, whatever the scripts do to HP, dice, statuses and each
other's hooks."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.library import load_library
from dicey.rules.headless import run_fight

ROOT = Path(__file__).resolve().parent.parent

STATUSES = ["poison", "shield", "burn", "freeze", "lock", "blind", "shock", "weaken", "curse",
            "reduce", "dodge", "fury", "thorns", "pierce", "survive", "reequip", "echo"]
#: Numbers, with ``D`` the hook's own: ``d`` in a card's, ``stacks`` in a status's.
_NUMBERS = st.sampled_from(["0", "1", "6", "-5", "1000000", "D", "D * D * D", "self.hp",
                            "target.max_hp", "self.dice_count", "turn", "roll(1, 6)",
                            "1000 * D", "target.poison", "self.echo", "len(combine(D))"])
_STATUS = st.sampled_from(STATUSES)


@st.composite
def _statement(draw) -> str:
    n, s = draw(_NUMBERS), draw(_STATUS)
    return draw(st.sampled_from([
        f"attack({n})", f"pierce({n}, fire)", f"hurt_self({n})", f"recoil({n})",
        f"heal({n})", f"drain({n})", f"inflict({s}, {n})", f"gain({s}, {n})",
        f"cure({s}, {n})", f"strip({s})", f"give({n})", f"give(combine({n}))",
        f"give(split({n}))", f"set_dice(combine({n}))", "set_dice(self.dice + self.dice)",
        f"set_dice([{n}] + target.dice)", "reroll()", f"boost_countdowns({n})", f"extra_dice({n})",
        f"extra_dice({n}, target, {n})",
        f"bonus({n})", f"say({n})", f"repeat {n} {{ inflict({s}) }}",
        f"if {n} > 3 {{ gain({s}, {n}) }} else {{ attack({n} / ({n} - D)) }}",
        f"for x in combine({n}) {{ attack(x) }}", f"let y = {n} % {n}",
    ]))


_BODY = st.lists(_statement(), min_size=1, max_size=4).map("; ".join)


#: Floors of the base game's dungeon an extension may name (it has five).
_FLOORS = st.sampled_from([1, 3, 5, 6])


@st.composite
def _mod_source(draw) -> str:
    """A status that hooks every event, two cards that hook blows (their own and the
    opponent's) and the opponent's cards too, and an enemy that uses them, all put on a
    floor of the dungeon (one it may lack)."""
    body = lambda: draw(_BODY).replace("D", "stacks")   # noqa: E731
    card = lambda: draw(_BODY).replace("D", "d")   # noqa: E731
    hp, dice = draw(st.sampled_from(["1", "30", "9999"])), draw(st.sampled_from(["0", "3", "24"]))
    return f"""
status "Echo" {{
    kind: {draw(st.sampled_from(["negative", "positive"]))}
    stacks: {draw(st.sampled_from(["yes", "no"]))}
    clears: never
    when inflicted {{ {body()} }}
    on turn start {{ {body()} }}
    on incoming damage {{ amount = amount + {draw(_NUMBERS).replace("D", "stacks")} }}
    on outgoing damage {{ amount = amount * {draw(_NUMBERS).replace("D", "stacks")}; {body()} }}
    on attacked {{ {body()} }}
    on damage taken {{ {body()} }}
    on damage dealt {{ if source == target or type == fire {{ {body()} }} }}
    on opponent use {{ {body()} }}
    on removed {{ {body()} }}
}}
equipment "Odd" {{
    slots: {draw(st.sampled_from(["any", "max 3", "even", "countdown 4", "any, any"]))}
    var charge = 0
    on use {{ {card()}; attack(charge) }}
    on damage taken {{ charge += amount; {card()} }}
    on attacked {{ if source != self {{ {card()} }} }}
}}
equipment "Odder" {{
    slots: any
    before use {{ if d == 1 {{ cancel }} }}
    on use {{ {card()} }}
    on turn end {{ {card()} }}
    on damage dealt {{ {card()} }}
    on outgoing damage {{ {card()} }}
    on opponent use {{ {card()} }}
}}
enemy "Oddity" {{ hp: {hp}; dice: {dice}; equipment: "Odd", "Odder" }}
extend dungeon {{ floor {draw(_FLOORS)} {{ enemies: "Oddity"; rewards: "Odd", "Odder" }} }}
"""


def _any_move(fight, rng: random.Random):
    return rng.choice(fight.legal_moves())


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(source=_mod_source(), seed=st.integers(0, 2 ** 16))
def test_any_mod_of_odd_scripts_loads_or_is_reported_and_its_fights_end(tmp_path_factory,
                                                                         source, seed):
    folder = tmp_path_factory.mktemp("mods") / "odd"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "Odd"\nversion = "1.0"\napi = 1\n')
    (folder / "odd.dice").write_text(source)
    lib = load_library(mod_dirs=[folder])
    floor = int(source.split("floor ")[-1].split()[0])
    if "odd" in lib.skipped_mods:
        assert lib.errors and all(d.message for d in lib.errors)
        assert floor <= 5 or any("floor 6 is not in" in d.message for d in lib.errors)
        return
    assert floor <= 5 and "oddity" in lib.dungeon.floors[floor - 1].enemies
    enemy = lib.enemy("Oddity")
    for first, second in ((lib.hero("Warrior"), enemy), (enemy, enemy)):
        record = run_fight(lib, first, second, seed, _any_move, _any_move)
        assert record.outcome is not None and 0 <= record.hp[0] and 0 <= record.hp[1]
