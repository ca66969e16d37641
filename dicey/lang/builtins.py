"""The built-in functions of the language: one table read by the checker and the interpreter.

Types used in signatures: ``int bool str list status dtype fighter card any``, and
``A|B`` for either. ``dtype`` is a damage type (``normal fire ice shock poison``);
``status`` is a status id. A parameter with a default may be left out.

>>> BUILTINS["inflict"].arity
(1, 2)
>>> BUILTINS["split"].random, BUILTINS["attack"].random
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Builtin:
    """One built-in: its parameters, result type, and what kind of call it is."""

    name: str
    params: tuple[Param, ...]
    returns: str
    doc: str
    random: bool = False   # a chance point
    effect: bool = False   # changes the fight (through Effects)

    @property
    def arity(self) -> tuple[int, int]:
        required = sum(1 for p in self.params if not p.optional)
        return required, len(self.params)

    @property
    def signature(self) -> str:
        parts = [f"[{p.name}]" if p.optional else p.name for p in self.params]
        return f"{self.name}({', '.join(parts)})"


def _b(name: str, params: str, returns: str, doc: str, **flags: bool) -> Builtin:
    """Build an entry from a compact ``"n:int, type?:dtype"`` parameter string."""
    out = []
    for part in filter(None, (p.strip() for p in params.split(","))):
        pname, ptype = part.split(":")
        out.append(Param(pname.rstrip("?"), ptype, pname.endswith("?")))
    return Builtin(name, tuple(out), returns, doc, **flags)


_TABLE = [
    _b("attack", "n:int, type?:dtype", "int",
       "damage the target (dodge, shield, reduce, thorns apply); returns HP removed",
       effect=True),
    _b("pierce", "n:int, type?:dtype", "int", "damage the target, ignoring shield", effect=True),
    _b("hurt_self", "n:int", "int", "damage the owner, ignoring shield", effect=True),
    _b("heal", "n:int", "int", "heal the owner, up to max HP; returns HP healed", effect=True),
    _b("drain", "n:int", "int", "attack n; heal the owner by the HP removed", effect=True),
    _b("recoil", "n:int", "int", "the owner takes n damage", effect=True),
    _b("inflict", "s:status, n?:int", "int", "add n (1) stacks of s to the target",
       effect=True),
    _b("gain", "s:status, n?:int", "int", "add n (1) stacks of s to the owner", effect=True),
    _b("cure", "s:status, n?:int", "int", "remove n (all) stacks of s from the owner",
       effect=True),
    _b("strip", "s:status, n?:int", "int", "remove n (all) stacks of s from the target",
       effect=True),
    _b("give", "v:int|list, mark?:status", "int",
       "the owner gets new dice (1..6) this turn; burning ones with mark burn", effect=True),
    _b("set_dice", "xs:list", "int",
       "the owner's unused dice become these values (1..6); returns how many",
       effect=True),
    _b("combine", "n:int", "list", "6s plus the remainder: combine(9) = [6, 3]"),
    _b("split", "n:int, parts?:int", "list",
       "random list of parts (2) values 1..6 summing to n", random=True),
    _b("reroll", "mark?:status", "int",
       "the owner gets one new random die (burning with mark burn); returns its value",
       random=True, effect=True),
    _b("roll", "a:int, b:int", "int", "random integer from a to b", random=True),
    _b("chance", "pct:int", "bool", "true with pct% probability", random=True),
    _b("pick", "xs:list", "any", "a random item of xs", random=True),
    _b("shuffle", "xs:list", "list", "xs in random order", random=True),
    _b("boost_countdowns", "n:int", "int", "reduce every countdown of the owner by n",
       effect=True),
    _b("extra_dice", "n:int, who?:fighter, turns?:int", "int",
       "the owner (or who) rolls n more dice (fewer: n below 0) each turn for the fight, "
       "or in its next turns rolls only", effect=True),
    _b("bonus", "n:int", "int", "add n to the AI's score for this move", effect=True),
    _b("say", "text:any", "int", "a line in the fight log", effect=True),
    _b("min", "a:int|list, b?:int", "int", "the smaller of a and b, or of a list"),
    _b("max", "a:int|list, b?:int", "int", "the larger of a and b, or of a list"),
    _b("abs", "n:int", "int", "absolute value"),
    _b("len", "xs:list|str", "int", "number of items"),
    _b("sum", "xs:list", "int", "sum of the items"),
    _b("count", "xs:list, v:any", "int", "how many items equal v"),
    _b("give_card", "c:str|card, who?:fighter, turns?:int", "int",
       "a temporary card for this fight (or until the end of who's turns-th turn from "
       "now), to the owner or who: a card's name (\"Sword+\": upgraded), or a copy of a "
       "card in play", effect=True),
    _b("shock_card", "c:card", "int",
       "shock card c (in play, either side) for its owner's turn under way or next; "
       "1 if marked", effect=True),
    _b("weaken_card", "c:card", "int",
       "weaken card c (in play, either side) for its owner's turn under way or next; "
       "1 if marked", effect=True),
    _b("discard", "c:card", "int",
       "card c (in play, either side) is gone for the rest of the fight", effect=True),
    _b("take_card", "c:card, turns?:int", "int",
       "the owner takes the opponent's card c (in play) for the rest of the fight, or "
       "until the end of its turns-th turn from now (1: this turn), when it goes back",
       effect=True),
    _b("end_turn", "who?:fighter", "int",
       "the turn of the owner (or who) ends once this move is done (the dice left are "
       "lost), when it is that fighter's turn; 1 if it will",
       effect=True),
    _b("replace_with", "name:str", "int", "turn this card into another", effect=True),
    _b("replace_card", "c:card, name:str", "int",
       "turn card c (in play, either side) into another, in its place", effect=True),
]

BUILTINS: dict[str, Builtin] = {b.name: b for b in _TABLE}
#: The marks a die a script gives or rolls may carry (``give(d, burn)``, ``reroll(burn)``),
#: by the id of the status whose rule marks dice so.
DIE_MARKS = ("burn",)
#: Built-ins whose string argument names a card (checked against the loaded cards).
CARD_NAME_ARGS = {"give_card", "replace_with", "replace_card"}
#: The built-ins that take or give a card, or dice, for a while, by the place of their
#: ``turns`` argument (written: for so many turns; left out: for the fight).
TURNS_ARG = {"take_card": 1, "give_card": 2, "extra_dice": 2}
