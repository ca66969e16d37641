"""What the engine keeps between calls stays true: a fighter's key codes, the tables behind
legal moves, the hook summaries that let it skip work, and copies that share nothing.

Each kept thing is checked against the plain computation it stands for, at every step of
random fights, with the hand-made kit (every slot kind and status) and with the base game
(cards that give cards, replace themselves, wind countdowns and keep variables).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from dicey.rules.state import GIVES_BONUS, KEYS_MORE, Fighter
from rules_kit import LIB, fighter, plain_fighter_key, random_walk

KIT_CARDS = sorted(LIB.equipment)
STATUSES = ["poison", "burn", "freeze", "lock", "blind", "shock", "weaken", "curse",
            "shield", "reduce", "dodge", "fury", "thorns", "pierce", "survive", "reequip"]


def fresh_events(f: Fighter) -> frozenset[str]:
    """The hooks of the cards in play, and whether one may call bonus() (a hook whose
    calls are not known, as the kit's written in Python, may)."""
    live = [c.active for c in f.cards if not c.gone]
    events = frozenset(e for a in live for e in a.hooks)
    calls = [getattr(s, "calls", None) for a in live for s in a.hooks.values()]
    if any(c is None or "bonus" in c for c in calls):
        events |= {GIVES_BONUS, KEYS_MORE}
    return events


def plain_legal_moves(fight: Fight) -> list[Move]:
    """Legal moves as documented: cards in order, identical cards once; per card the
    distinct usable dice, highest first, plain before burning, then blind; end last."""
    if fight.turn_over:
        return []
    f = fight.current
    firsts: dict = {}
    for i, d in enumerate(f.dice):
        if not d.locked:
            firsts.setdefault(d, i)
    dice = sorted(firsts.items(), key=lambda p: (-p[0].value, p[0].burning, p[0].blind))
    moves, seen = [], set()
    for ci, card in enumerate(f.cards):
        if card.gone or (not card.shocked and card.uses_left == 0) or card[1:] in seen:
            continue
        seen.add(card[1:])
        for die, di in dice:
            action = "release" if card.shocked else "place"
            move = Move(action, die.value, card.name, di, ci)
            if move in fight.all_moves():
                moves.append(move)
    return moves + [Move.end()]


def check(fight: Fight) -> None:
    for f in fight.fighters:
        assert f.key() == plain_fighter_key(f)
        assert f.card_events() == fresh_events(f)
    assert fight.legal_moves() == plain_legal_moves(fight)


def snapshot(fight: Fight) -> tuple:
    """Everything a fight holds, by value."""
    return tuple((f.hp, f.max_hp, f.extra, f.extra_for, f.waiting, f.cards_used,
                  tuple(f.dice),
                  tuple(sorted(f.statuses.items())), tuple(c[1:] for c in f.cards))
                 for f in fight.fighters) + (fight.actor, fight.turn, fight.phase,
                                             fight.counters())


def kit_fight(a_cards, b_cards, seed, a_status, b_status) -> Fight:
    a = fighter("Warrior", hp=20, dice=3, equipment=tuple(a_cards))
    b = fighter("Frog", hp=20, dice=3, equipment=tuple(b_cards), kind="enemy")
    f = Fight.start(LIB, a, b, random.Random(seed))
    f.set_position(0, statuses=a_status)
    f.set_position(1, statuses=b_status)
    return f


common = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
kit_cards = st.lists(st.sampled_from(KIT_CARDS), min_size=1, max_size=5)
statuses = st.dictionaries(st.sampled_from(STATUSES), st.integers(1, 3), max_size=3)


@common
@given(kit_cards, kit_cards, st.integers(0, 10**6), statuses, statuses)
@example(["rock"], ["once_card", "guarded"], 3, {}, {})     # cards that go, hooks with them
@example(["gift_card", "shape_shifter", "counter"], ["crowbar", "pea_shooter"], 5,
         {"fury": 2}, {"thorns": 1})
def test_kept_codes_tables_and_summaries_match_the_plain_computation(a, b, seed, sa, sb):
    random_walk(kit_fight(a, b, seed, sa, sb), seed, 150, check)


@pytest.mark.parametrize("seed", range(12))
def test_the_same_holds_in_base_game_fights(library, seed):
    heroes, enemies = list(library.heroes.values()), list(library.enemies.values())
    f = Fight.start(library, heroes[seed % len(heroes)], enemies[seed % len(enemies)],
                    random.Random(seed))
    random_walk(f, seed, 120, check)


@common
@given(kit_cards, kit_cards, st.integers(0, 10**6), statuses)
def test_a_copy_played_on_leaves_the_original_exactly_as_it_was(a, b, seed, sa):
    f = kit_fight(a, b, seed, sa, {})
    random_walk(f, seed, 7)
    f.key()                      # codes kept before the copy is made
    before = snapshot(f)
    c = f.copy()
    random_walk(c, seed + 2, 40)
    assert snapshot(f) == before
    check(f)
