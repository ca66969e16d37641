"""Hand-made content for engine tests: cards and statuses whose hooks are small Python
objects with the compiled ``Script.run`` signature, so the engine's mechanics are tested
apart from the language. (Tests against the real content use the ``library`` fixture.)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from dicey.lang.chance import SampleChance, uniform
from dicey.lang.defs import EquipmentDef, FighterDef, Slot, StatusDef
from dicey.lang.errors import ScriptError
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from dicey.rules.state import Fighter, FighterSetup, code
from dicey.rules.statuses import CORE_DEFAULTS


@dataclass
class Result:
    cancelled: bool
    names: dict


class Ctx:
    """What a hand-made hook sees: the effects, chance, names and card vars."""

    def __init__(self, fx, chance, names, card_vars):
        self.fx, self.chance, self.names, self.vars = fx, chance, names, card_vars
        self.cancelled = False

    def __getattr__(self, name: str) -> Any:
        return self.names[name]

    # the built-ins tests use, spelled as in the language
    def attack(self, n, dtype="normal"):
        return self.fx.damage(n, dtype, to_self=False, kind="attack")

    def pierce(self, n, dtype="normal"):
        return self.fx.damage(n, dtype, to_self=False, kind="pierce")

    def hurt_self(self, n):
        return self.fx.damage(n, "normal", to_self=True, kind="hurt")

    def recoil(self, n):
        return self.fx.damage(n, "normal", to_self=True, kind="recoil")

    def inflict(self, s, n=1):
        self.fx.add_status(s, n, to_self=False)

    def gain(self, s, n=1):
        self.fx.add_status(s, n, to_self=True)

    def cure(self, s, n=None):
        return self.fx.remove_status(s, n, to_self=True)

    def give(self, v):
        self.fx.give_dice(tuple(v) if isinstance(v, (list, tuple)) else (v,))

    def roll(self, a, b):
        return self.chance.choose(uniform(range(a, b + 1)))


class PyScript:
    """A hook written in Python with the compiled-script interface."""

    def __init__(self, fn: Callable[[Ctx], Any], is_random: bool = False,
                 event: str = "on use"):
        self.fn, self.is_random, self.event = fn, is_random, event
        self.path, self.pos = "<test>", None

    def run(self, effects, chance, names, card_vars=None):
        ctx = Ctx(effects, chance, dict(names), card_vars)
        if self.fn(ctx) == "cancel":
            ctx.cancelled = True
        return Result(ctx.cancelled, ctx.names)


def fault(message: str = "division by zero") -> Callable[[Ctx], Any]:
    def run(ctx: Ctx) -> None:
        raise ScriptError(message)
    return run


def make_id(name: str) -> str:
    from dicey.lang.ast import make_id as mk
    return mk(name)


def card(name: str, slots: tuple = (Slot("any"),), on_use: Callable | None = None,
         random_: bool = False, **kw: Any) -> EquipmentDef:
    hooks = dict(kw.pop("hooks", {}))
    if on_use is not None:
        hooks["on use"] = PyScript(on_use, random_)
    return EquipmentDef(id=make_id(name), name=name, slots=tuple(slots), hooks=hooks,
                        is_random=random_ or any(getattr(h, "is_random", False)
                                                 for h in hooks.values()), **kw)


def attack_d(ctx: Ctx) -> None:
    ctx.attack(ctx.d)


def shield_d(ctx: Ctx) -> None:
    ctx.gain("shield", ctx.d)


def statuses() -> dict[str, StatusDef]:
    out = {}
    for sid, (kind, stacks, clears) in CORE_DEFAULTS.items():
        hooks = {}
        if sid == "poison":
            def tick(ctx: Ctx) -> None:
                ctx.hurt_self(ctx.stacks)
                ctx.cure("poison", 1)
            hooks["on turn start"] = PyScript(tick, event="on turn start")
        out[sid] = StatusDef(sid, sid.title(), kind, stacks, clears, hooks=hooks)
    return out


def standard_cards() -> dict[str, EquipmentDef]:
    cards = [
        card("Sword", size=2, on_use=attack_d),
        card("Dagger", (Slot("max", 3),), attack_d, uses=None),
        card("Shield", (Slot("max", 4),), shield_d, cast="self"),
        card("Hammer", on_use=lambda c: (c.attack(c.d, "shock"),
                                         c.inflict("shock") if c.d == 6 else None)),
        card("Broadsword", free=2, on_use=attack_d),
        card("Antidote", (Slot("doubles"), Slot("doubles")),
             lambda c: c.cure("poison", c.d), cast="self"),
        card("Lucky 7", (Slot("any"), Slot("any")), lambda c: c.attack(7), total=7),
        card("Pea Shooter", (), lambda c: c.attack(2), countdown=5, uses=None),
        card("Plasma Cannon", (), lambda c: c.attack(10), countdown=20),
        card("Spatula", on_use=lambda c: c.give(7 - c.d)),
        card("Rock", on_use=attack_d, single_use=True),
        card("Magic Missile", (Slot("even"),), lambda c: c.attack(5)),
        card("Range Card", (Slot("range", 2, 4),), attack_d),
        card("Exact Card", (Slot("exact", 3),), attack_d),
        card("Min Card", (Slot("min", 4),), attack_d),
        card("Odd Card", (Slot("odd"),), attack_d),
        card("Spare Card", (Slot("any"),), attack_d, spares=(6,)),
        card("Once Card", on_use=attack_d, once_per_fight=True),
        card("Poison Needle", (Slot("max", 2),), lambda c: c.inflict("poison"), uses=3),
        card("Lockpick", on_use=lambda c: c.give([1, c.d - 1] if c.d > 1 else [1]),
             random_=True),
        card("Dice Bag", on_use=lambda c: c.give(c.roll(1, 6)), random_=True),
        card("Broken", on_use=fault()),
        card("Guarded", on_use=attack_d, hooks={
            "before use": PyScript(lambda c: "cancel" if c.d == 1 else None,
                                   event="before use")}),
        card("Boomerang", on_use=lambda c: (c.attack(2 * c.d), c.recoil(c.d))),
        card("Weak Blade", on_use=attack_d, weakened=card("Weak Blade", (Slot("exact", 1),),
                                                          lambda c: c.attack(1))),
        card("Spear", on_use=lambda c: c.pierce(c.d)),
        card("Attractor", on_use=attack_d, tags=frozenset({"shockattract"})),
        card("Immune", on_use=attack_d, tags=frozenset({"shockimmune", "weakenimmune"})),
        card("Reusable", on_use=attack_d),
        card("No Reuse", on_use=attack_d, tags=frozenset({"cannotreuse"})),
        card("Fire Blade", on_use=lambda c: c.attack(c.d, "fire")),
        card("Ice Blade", on_use=lambda c: c.attack(c.d, "ice")),
        card("Gift Card", on_use=lambda c: c.fx.give_card("Rock")),
        card("Shape Shifter", on_use=lambda c: c.fx.replace_with("Sword")),
        card("Overflow", on_use=lambda c: c.give([6] * 30)),
        card("Crowbar", on_use=lambda c: c.fx.boost_countdowns(c.d)),
        card("Counter", on_use=lambda c: c.vars.__setitem__("hits", c.vars["hits"] + 1),
             vars=(("hits", __import__("dicey.lang.ast", fromlist=["Int"]).Int(0)),)),
        card("Bonus Card", on_use=lambda c: c.fx.bonus(500)),
    ]
    up = card("Sword", size=1, on_use=lambda c: c.attack(c.d + 1))
    cards = {c.id: c for c in cards}
    from dataclasses import replace
    cards["sword"] = replace(cards["sword"], upgraded=up)
    return cards


@dataclass
class Lib:
    """A library-shaped object (what the engine reads: ``equipment``, ``statuses``)."""

    equipment: dict[str, EquipmentDef] = field(default_factory=standard_cards)
    statuses: dict[str, StatusDef] = field(default_factory=statuses)
    enemies: dict[str, FighterDef] = field(default_factory=dict)
    heroes: dict[str, FighterDef] = field(default_factory=dict)


LIB = Lib()


def fighter(name: str = "Warrior", hp: int = 30, dice: int = 3,
            equipment: tuple[str, ...] = ("sword", "shield"), **kw: Any) -> FighterDef:
    return FighterDef(kw.pop("kind", "hero"), make_id(name), name, hp, dice,
                      equipment=tuple(make_id(e) for e in equipment), **kw)


def fight(a_cards=("sword", "shield"), b_cards=("sword", "shield"), *, seed: int = 1,
          a: FighterDef | None = None, b: FighterDef | None = None, lib: Lib = LIB,
          **setup: Any) -> Fight:
    a = a or fighter("Warrior", equipment=a_cards)
    b = b or fighter("Frog", hp=20, equipment=b_cards, kind="enemy")
    return Fight.start(lib, a, b, random.Random(seed),
                       hero_state=FighterSetup(**setup) if setup else None)


def position(dice, cards, *, opp_cards=("sword",), statuses=None, opp_statuses=None,
             hp=30, opp_hp=20, **pin: Any) -> Fight:
    """A fight with side 0 to act, holding exactly these dice and cards."""
    f = fight(tuple(cards), tuple(opp_cards))
    f.set_position(1, hp=opp_hp, statuses=opp_statuses or {})
    f.set_position(0, hp=hp, dice=dice, statuses=statuses or {}, **pin)
    return f


def sample(seed: int = 0) -> SampleChance:
    return SampleChance(random.Random(seed))


def play(f: Fight, *moves: str, chance=None) -> list:
    """Apply moves written as text (``"3 → Sword"``, ``"end"``); all their events."""
    chance = chance or sample(0)
    out = []
    for text in moves:
        out += f.apply(Move.parse(text), chance)
    return out


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def texts(events) -> list[str]:
    return [e.describe() for e in events]


def plain_fighter_key(f: Fighter) -> tuple:
    """A fighter's key the plain way: every part coded afresh (what ``Fighter.key`` keeps)."""
    dice = sum(1 << 5 * (d.value * 8 + d.burning * 4 + d.locked * 2 + d.blind) for d in f.dice)
    return (f.hp, f.cards_used, code(dice),
            code((f.max_hp, f.dice_count, f.extra, f.extra_for, f.waiting,
                  tuple(sorted(f.statuses.items())))),
            code(tuple(sorted(code(c[1:]) for c in f.cards))))


def random_walk(fight: Fight, seed: int, steps: int,
                each: Callable[[Fight], Any] = lambda _: None, *,
                keyed_copies: bool = False) -> int:
    """Random turn starts and moves (mostly places and releases, at most 40 moves a turn),
    calling ``each`` on the fight after every step; how many steps were made. With
    ``keyed_copies`` each move is made on a copy of a keyed state, as the search makes
    them (the walk goes on from the copy)."""
    rng, chance = random.Random(seed), SampleChance(random.Random(seed + 1))
    made = 0
    for _ in range(steps):
        if fight.is_over:
            break
        if fight.turn_over:
            fight.begin_turn(chance)
        else:
            if keyed_copies:
                fight.key()
            moves = fight.legal_moves()
            move = rng.choice(moves[:-1]) if len(moves) > 1 and rng.random() < 0.85 \
                and fight.turn_moves < 40 else Move.end()
            if keyed_copies:
                fight = fight.copy(simulation=True, log=False)
            fight.apply(move, chance)
        each(fight)
        made += 1
    return made
