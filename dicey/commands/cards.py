"""``dicey cards [NAME]``: list the equipment cards, or show one in full.

Cards are written as the game draws them: their slots as on the card's face (``[≤4]``,
``+2``, ``[7 to go]``), their uses as on its bottom edge (``×2``, ``∞``, ``1 use``,
``1/fight``) and their text with ``d`` for the dice on them; the list ends with a legend.
One card is shown as the game's card box reads it (slots in words too, uses in words),
then what a modder needs: dodging, chance, tags, variables, scripts, who carries it and
the file it comes from.
"""
from __future__ import annotations

import argparse
import re
import textwrap

from rich.cells import cell_len

from dicey.lang.ast import upgrade_ref
from dicey.lang.checker import OUTSIDE_MOVES
from dicey.lang.defs import EquipmentDef, StatusDef
from dicey.lang.interp import OTHER, OWN, SOME
from dicey.library import Library
from dicey.notation import (card_text, progress_words, ready_words, slot_line, slot_words,
                            starting_vars, uses_line, uses_words, version_line)
from dicey.lang.errors import did_you_mean_named
from dicey.rules.events import listed
from dicey.rules.statuses import CORE_DEFAULTS
from dicey.rules.state import CardState, fresh_card

from ._shared import fail, find, library_from, unloaded_hint


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help="list cards, or show one card",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("name", nargs="?", help="a card's name or id, with '+' for its upgrade "
                                           "(\"Sword+\"), or a status's (shown when no card "
                                           "has that name)")
    p.add_argument("--status", action="store_true",
                   help="show the status NAME (a status and a card may share a name: "
                        "Shield); without NAME, list the statuses")
    p.set_defaults(func=run)


#: What the list's notation means, in the game's words (docs/playing.md, "A fight").
LEGEND = """\
slots   [≤4] 4 or less · [≥3] 3 or more · [2-4] 2 to 4 · [6] exactly 6
        [=] [=] doubles (both dice equal) · +2 adds 2 to the dice
        total 7 the dice must add up to 7 · spare 1 a spare die of 1 each turn
        [7 to go] a countdown: pour dice in, and at 0 it fires by itself
        [press] a button: it takes no die; use it (when it is ready)
uses    ×2 twice a turn · ∞ as often as you like · 1/fight once per fight
        1 use once, then it is gone for the fight
random  what it does depends on chance
'dicey cards NAME' shows one card (or status) whole; --status lists statuses."""


def slot_text(card: EquipmentDef) -> str:
    """The card's slots as its face shows them: ``[any] [≤4]``, ``[any] +2``, ``[7 to go]``."""
    return slot_line(fresh_card(card))


def uses_text(card: EquipmentDef) -> str:
    """How often the card can be used, as its bottom edge says it (``×2``, ``∞``, ``1 use``,
    ``1/fight``), or ``once a turn`` where the edge says nothing."""
    return uses_line(fresh_card(card)) or "once a turn"


def _dodging(card: EquipmentDef) -> str:
    if card.cast == "self":
        return "cannot be dodged: it is aimed at its owner (cast: self)"
    return "a dodge stops it: it is aimed at the opponent (cast: target)"


def _carried_by(ref: str, lib: Library | None) -> str | None:
    """The heroes who start with the card ``ref`` (an id, ``id+`` for its upgrade) and the
    enemies who carry it, in words."""
    if lib is None:
        return None
    said = []
    for what, table in (("hero", lib.heroes), ("enemy", lib.enemies)):
        names = sorted((f.name for f in table.values() if ref in f.equipment),
                       key=str.lower)
        if names:
            plural = {"hero": "heroes", "enemy": "enemies"}[what]
            said.append(f"the {what if len(names) == 1 else plural} {listed(names)}")
    return "; ".join(said) or None


def _rewarded(ref: str, lib: Library | None) -> str | None:
    dungeon = lib.dungeon if lib is not None else None
    floors = [str(f.number) for f in dungeon.floors if ref in f.rewards] if dungeon else []
    if not floors:
        return None
    return f"offered after fights on floor{'s' if len(floors) > 1 else ''} {listed(floors)}"


#: Where an ``end_turn`` call's hook runs, in words (any other hook: ``in its "…" hook``;
#: ``{who}``: its owner, or a status's bearer).
_HOOK_WORDS = {"on use": "when used", "on dodged": "when dodged",
               "on any use": "when {who} uses a card",
               "on damage taken": "when {who} is hurt", "on turn start": "at a turn's start",
               "on turn end": "at a turn's end", "before use": "before it is used"}


def turn_words(defn: EquipmentDef | StatusDef, kind: str = "equipment") -> str | None:
    """Whether ``defn`` ends a turn, in words: whose (its owner's or bearer's, the
    opponent's), in which hook, and whether for certain (an ``end_turn`` written at the top
    of the hook) or only may (in an ``if`` or a loop: by chance when the hook reaches one).
    None for a card that never does. From each hook's ``turn_ends``, found when the hook was
    compiled (:func:`dicey.lang.interp.turn_endings`)."""
    owner = "its owner's" if kind == "equipment" else "its bearer's"
    whose = {OWN: owner, OTHER: "the opponent's", SOME: "a fighter's"}
    found: dict[tuple[str, str], list[str]] = {}
    for event, script in defn.hooks.items():
        if event in OUTSIDE_MOVES:       # (there end_turn() does nothing: check warns)
            continue
        ends = getattr(script, "turn_ends", ())
        for who, certain in ends:
            if not certain and (who, True) in ends:
                continue
            how = "ends" if certain else "may end"
            chance = "" if certain or not script.is_random else " (by chance)"
            found.setdefault((how, who), []).append(
                _HOOK_WORDS.get(event, f'in its "{event}" hook').format(who=owner[:-2])
                + chance)
    if not found:
        return None
    said = [f"{how} {whose[who]} turn {listed(hooks)}" for (how, who), hooks in found.items()]
    lost = ": the dice left are lost" if any(w == OWN for _, w in found) else ""
    return "; ".join(said) + lost


_STACKS = {True: "yes: a new stack adds to those held",
           False: "no: a fighter holds one at most (a new one adds nothing)"}
_CLEARS = {"never": "never by itself (a card or a hook cures it)",
           "turn start": "at turn start", "turn end": "at turn end"}


def describe_status(status: StatusDef) -> str:
    """Everything about one status, as ``dicey cards NAME`` prints it when NAME is a
    status: its text, kind, how it stacks and clears, the turns it ends, its hooks and the
    file it comes from."""
    lines = [("text", status.text or "(no text)"), ("kind", status.kind),
             ("stacks", _STACKS[status.stacks]),
             ("clears", _CLEARS.get(status.clears, status.clears))]
    if (ends := turn_words(status, "status")):
        lines.append(("turn", ends))
    lines.append(("random", "yes: what it does depends on chance" if status.is_random
                  else "no"))
    lines.append(("hooks", ", ".join(status.hooks) or "none"))
    if status.id in CORE_DEFAULTS:
        lines.append(("engine", "the rules act on it too (docs/rules.md, statuses)"))
    if status.score is not None:
        lines.append(("score", f"{status.score} points a stack, to the AI"))
    if status.origin is not None:
        where = f"mod {status.origin.mod}" if status.origin.mod else "base game"
        lines.append(("defined", f"{status.origin} ({where})"))
    return "\n".join(_boxed(f"{status.name}  ({status.id}, a status)", lines))


def _boxed(head: str, lines: list[tuple[str, str]]) -> list[str]:
    """``head``, then each ``(label, text)`` line, labels in a column, text wrapped."""
    width = max(len(label) for label, _ in lines) + 1
    out = [head]
    for label, text in lines:
        out.append(textwrap.fill(text, 79, initial_indent=f"  {label:<{width}}",
                                 subsequent_indent=" " * (width + 2),
                                 break_on_hyphens=False, break_long_words=False,
                                 expand_tabs=False))   # a tab reads as one space
    return out


#: The tags that keep weaken off a card (docs/rules.md, card curses: never picked).
NEVER_WEAKENED = ("weakenimmune", "weakenavoid")


def never_weakened(card: EquipmentDef) -> str | None:
    """Why weaken (the status, or ``weaken_card()``) never picks the card, in words (a
    button, a card tagged ``weakenimmune`` or ``weakenavoid``); None when it may."""
    if card.button:
        return "shock and weaken pass a button by"
    tag = next((t for t in NEVER_WEAKENED if t in card.tags), None)
    return f"weaken passes it by (tagged {tag})" if tag is not None else None


def weakened_words(card: EquipmentDef, weak: CardState) -> str:
    """The card weakened, in one line (``weak``: it as a weakened card): its weakened
    form, ``the same``, or ``never`` and why for a card weaken never picks, which has no
    weakened form to show.

    >>> focus = EquipmentDef("f", "Focus", tags=frozenset({"weakenimmune"}))
    >>> weakened_words(focus, fresh_card(focus)._replace(weakened=True))
    'never: weaken passes it by (tagged weakenimmune)'
    """
    if (why := never_weakened(card)) is not None:
        return f"never: {why}"
    weakened = version_line(card, weak.active, state=weak)
    return "the same" if weakened == version_line(card, card) else weakened


def describe(card: EquipmentDef, lib: Library | None = None,
             upgrade_of: EquipmentDef | None = None) -> str:
    """Everything about one card, as ``dicey cards NAME`` prints it: first as the game's
    card box reads it, then what a modder needs (``lib`` tells who carries the card).
    ``upgrade_of``: the card ``card`` is the upgrade of (``dicey cards Sword+``)."""
    state = fresh_card(card, upgraded=upgrade_of is not None)
    ref = card.id + "+" * (upgrade_of is not None)
    lines = [("slots", slot_line(state)), ("takes", slot_words(state))]
    if card.button:
        lines.append(("ready", ready_words(state)))
    if progress_words(state):
        lines.append(("progress", "{}, shown on its face in a fight until it is ready "
                                  "([{}/{}])".format(progress_words(state),
                                                     *card.progress_text)))
    lines += [("uses", uses_words(state, False)), ("size", str(card.size)),
              ("text", card_text(state) or "(no text)")]
    if upgrade_of is not None:
        lines.append(("upgrades", f"{upgrade_of.name} ('dicey cards \"{upgrade_of.name}\"' "
                                  "shows it)"))
    elif card.upgraded is not None:
        lines.append(("upgrade", version_line(card, card.upgraded, f"{card.name}+")))
    weak = state._replace(weakened=True)
    lines.append(("weakened", weakened_words(card, weak)))
    if not card.spare_only:
        lines.append(("dodge", _dodging(card)))
    ends = turn_words(card)
    if ends:
        lines.append(("turn", ends))
    # (an upgrade, or the card weakened, that ends turns otherwise says so: its own hooks)
    weak_form = weak.active if never_weakened(card) is None else None
    for label, variant in (("turn+", card.upgraded), ("turn weak", weak_form)):
        if variant is not None and variant is not card and \
                (other := turn_words(variant)) != ends:
            lines.append((label, other or "ends no turn"))
    lines.append(("random", "yes: what it does depends on chance" if card.is_random
                  else "no"))
    if card.tags:
        lines.append(("tags", ", ".join(sorted(card.tags))))
    if card.vars:
        start = starting_vars(card)     # (what the text shows them as, outside a fight)
        lines.append(("vars", ", ".join(f"{name} (starts at {start[name]})" if name in start
                                        else f"{name} (worked out as a fight starts)"
                                        for name, _ in card.vars)))
    lines.append(("hooks", ", ".join(card.hooks) or "none"))
    if (who := _carried_by(ref, lib)):
        lines.append(("held by", who))
    if (floors := _rewarded(ref, lib)):
        lines.append(("reward", floors))
    if card.origin is not None:
        where = f"mod {card.origin.mod}" if card.origin.mod else "base game"
        lines.append(("defined", f"{card.origin} ({where})"))
    out = _boxed(f"{state.title}  ({ref})", lines)
    if any(label in ("text", "upgrade", "weakened") and re.search(r"\bd\b", text)
           for label, text in lines):
        out.append("  (d is the total of the dice on the card)")
    if lib is not None and card.id in lib.statuses:
        out.append(f"  ({lib.statuses[card.id].name} is also a status: 'dicey cards --status "
                   f"{card.id}' shows it)")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    lib = library_from(args)
    if args.status:
        return _run_status(lib, args.name)
    if args.name:
        try:
            card = find(lib, "card", args.name)
            if upgrade_ref(args.name.strip())[1]:   # "Sword+": the upgrade (find checked it)
                print(describe(card.upgraded, lib, upgrade_of=card))
            else:
                print(describe(card, lib))
        except KeyError as err:
            if (status := _status_named(lib, args.name)) is None:
                message = _or_a_status(lib, args.name, err.args[0])
                if "declared in" not in message:     # (a status of a mod not loaded?)
                    message += _status_hint(lib, args.name)
                return fail(message)
            if (why := _no_upgrade(args.name, status, "dicey cards")):
                return fail(why)
            print(describe_status(status))    # no card has that name: a status has
        return 0
    cards = sorted(lib.equipment.values(), key=lambda c: c.name.lower())
    width = max((cell_len(c.name) for c in cards), default=4)
    slots = max((cell_len(slot_text(c)) for c in cards), default=5)
    uses = max((len(uses_text(c)) for c in cards), default=4)
    print(f"{'card':<{width}}  size  {'slots':<{slots}}  {'uses':<{uses}}  random  from")
    for c in cards:   # (padded by the cells a name takes: an emoji or a wide letter takes 2)
        origin = c.origin.mod if c.origin and c.origin.mod else "base"
        print(f"{_pad(c.name, width)}  {c.size:>4}  {_pad(slot_text(c), slots)}  "
              f"{uses_text(c):<{uses}}  {'yes' if c.is_random else 'no':<6}  {origin}")
    print(f"{len(cards)} cards")
    print(LEGEND)
    return 0


def _or_a_status(lib: Library, name: str, message: str) -> str:
    """The message for a name that is no card: when no card's name is close and a
    status's is, that status is the one meant (``dicey cards dazee``; with a ``+``, that
    a status has no upgrade)."""
    meant = did_you_mean_named(name, lib.statuses)
    if not meant or "did you mean" in message:
        return message
    plus = ", which has no upgrade" if upgrade_ref(name.strip())[1] else ""
    return f"unknown card '{name}'{meant[:-2]}, a status{plus}?) ('dicey cards --status' " \
        "lists the statuses)"


def _no_upgrade(name: str, status: StatusDef, command: str) -> str | None:
    """Why ``name``, written as an upgrade (``"Poison+"``), cannot be shown when it names
    the status ``status``: a status has no upgrade, '+' is for cards (None for a name
    without '+'). Refused as an unknown name is, so the exit code is the same."""
    if not upgrade_ref(name.strip())[1]:
        return None
    return (f"'{name}': {status.name} is a status, and a status has no upgrade ('+' is "
            f"for cards); '{command} \"{status.name}\"' shows the status")


def _status_hint(lib: Library, name: str) -> str:
    """``; frostbite is declared in mods/frostbite, a mod that…`` when a mod not loaded
    declares the status ``name`` (:func:`unloaded_hint`), else ""."""
    hint = unloaded_hint(lib, [("status", name)])
    return f"; {hint}" if hint else ""


def _status_named(lib: Library, name: str) -> StatusDef | None:
    try:
        return lib.status(name)
    except KeyError:
        return None


def _run_status(lib: Library, name: str | None) -> int:
    """``dicey cards --status [NAME]``: one status in full, or the list of them."""
    if name:
        status = _status_named(lib, name)
        if status is None:
            names = sorted((s.name for s in lib.statuses.values()), key=str.lower)
            return fail(f"unknown status '{name}'{did_you_mean_named(name, lib.statuses)} "
                        f"(the statuses: {', '.join(names)})" + _status_hint(lib, name))
        if (why := _no_upgrade(name, status, "dicey cards --status")):
            return fail(why)
        print(describe_status(status))
        return 0
    statuses = sorted(lib.statuses.values(), key=lambda s: s.name.lower())
    width = max((cell_len(s.name) for s in statuses), default=6)
    print(f"{'status':<{width}}  kind      stacks  clears      from")
    for st in statuses:
        origin = st.origin.mod if st.origin and st.origin.mod else "base"
        print(f"{_pad(st.name, width)}  {st.kind:<8}  {'yes' if st.stacks else 'no':<6}  "
              f"{st.clears:<10}  {origin}")
    print(f"{len(statuses)} statuses ('dicey cards --status NAME' shows one whole)")
    return 0


def _pad(text: str, width: int) -> str:
    """``text`` and the spaces that make it ``width`` terminal cells wide."""
    return text + " " * (width - cell_len(text))
