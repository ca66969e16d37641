"""How the game's pieces read on screen, as plain strings: dice, HP bars, statuses, moves and
hints, and cards whole (their slots, texts and uses as :mod:`dicey.notation` writes them).
The widgets colour these; everything a player must know is in the words and symbols
themselves, so the game reads the same in 16 colours or with ``NO_COLOR``.

>>> from dicey.lang.defs import EquipmentDef, Slot
>>> from dicey.rules.state import fresh_card
>>> sword = fresh_card(EquipmentDef("sword", "Sword", slots=(Slot("any"), Slot("max", 4)),
...                                 text="Do [d] damage"))
>>> with_five = sword._replace(placed=(5,))
>>> slot_line(sword), slot_line(with_five), card_text(sword), card_text(with_five)
('[any] [≤4]', '[5] [≤4]', 'Do d damage', 'Do 5 damage')
>>> hp_bar(5, 20, 8), die_label(Die(4, burning=True)), die_label(Die(0, blind=True))
('██░░░░░░', '4 burn', '?')
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.cells import cell_len

from dicey.notation import (NOT_YET, READY, Progress, button_words, card_text, card_title,
                            counted, held_line, held_lines, marks, next_roll, readiness,
                            ready_words, slot_line, slot_words, temporary_words, uses_line,
                            uses_words, version_line)
from dicey.rules.protocol import Move
from dicey.rules.state import CardState, Die, fresh_card

__all__ = ["CARD_KEYS", "NOT_YET", "READY", "card_details", "card_line", "card_tail", "card_text",
           "card_title", "counted", "die_label", "die_words", "held_line", "held_lines",
           "hint_line", "hp_bar", "marks", "move_label", "next_roll", "readiness",
           "ready_words", "sentence", "shorten", "slot_line", "slot_words", "status_line",
           "uses_line", "uses_words"]

#: The letters that pick a hero's cards, in order (g, h, q, t and x are other commands).
CARD_LETTERS = "abcdefijklmnoprsuvw"

#: Keys that pick a hero's cards, in order: the letters, then the same letters with
#: shift from the 20th card on (``A`` is the 20th): more keys than a fighter may hold
#: cards (``MAX_CARDS``, 24).
CARD_KEYS = CARD_LETTERS + CARD_LETTERS.upper()


def card_keys(count: int, places: Sequence[int] | None = None) -> str:
    """The keys of the first ``count`` cards (or of the cards at ``places``), as the key
    line says them: runs of letters in a row joined (the letters g and h play no card:
    they are the graph and the hint), then the shifted letters from the 20th card on.

    >>> card_keys(1), card_keys(6), card_keys(7), card_keys(9), card_keys(19)
    ('a', 'a-f', 'a-f, i', 'a-f, i-k', 'a-f, i-p, r-s, u-w')
    >>> card_keys(20), card_keys(24), card_keys(5, places=[0, 1, 3])
    ('a-f, i-p, r-s, u-w, A', 'a-f, i-p, r-s, u-w, A-E', 'a-b, d')
    """
    keys = "".join(CARD_KEYS[i] for i in places) if places else CARD_KEYS[:max(1, count)]
    runs: list[str] = []
    start = prev = keys[0]
    for key in keys[1:] + " ":
        if key != chr(ord(prev) + 1):
            runs.append(start if start == prev else f"{start}-{prev}")
            start = key
        prev = key
    return ", ".join(runs)


def die_words(move: Move, pool: Sequence[Die] = (), numbers: Sequence[int] = ()) -> str:
    """The die a move plays, as a player finds it in the tray: by its face (``the 5``);
    with the ``pool`` it is played from, by what sets it apart from a die of the same face
    that differs (``the burning 6``, ``the 6 that is not burning``), and with the dice's
    ``numbers``, by its number too (``the burning 6 (die 2)``).

    >>> move = Move.place(6, "Sword", 1, 0)
    >>> die_words(move), die_words(move, [Die(6), Die(6, burning=True)], [1, 3])
    ('the 6', 'the burning 6 (die 3)')
    >>> die_words(Move.place(6, "Sword", 0, 0), [Die(6), Die(6, burning=True)])
    'the 6 that is not burning'
    >>> die_words(Move.place(6, "Sword", 0, 0), [Die(6), Die(6, locked=True), Die(2)])
    'the 6 that is not locked'
    """
    said = f"the {move.die}" if move.die else "the blind die"
    i = move.die_index
    if not 0 <= i < len(pool) or pool[i].value != move.die or pool[i].blind:
        return said       # (a die the pool does not show as the move says: its face)
    die = pool[i]
    twins = [d for d in pool if d.value == die.value and d != die and not d.blind]
    has = [m for m in ("burning", "locked") if getattr(die, m) and
           any(not getattr(d, m) for d in twins)]
    lacks = [m for m in ("burning", "locked") if not getattr(die, m) and
             any(getattr(d, m) for d in twins)]
    if has:
        said = f"the {' '.join(has)} {move.die}"
    if lacks:
        said += f" that is not {' or '.join(lacks)}"
    if i < len(numbers):
        said += f" (die {numbers[i]})"
    return said


def move_label(move: Move, cards: Sequence[CardState], pool: Sequence[Die] = (),
               numbers: Sequence[int] = ()) -> str:
    """A move as the fight screen says it: the die by its face (``the 5``), and, given
    the ``pool`` it is played from and their ``numbers``, by what sets it apart and its
    number (:func:`die_words`); the card by its key and title as on the card (``a
    Sword+``); a blind die is ``the blind die`` (the planner knows it as 0).

    >>> from dicey.lang.defs import EquipmentDef
    >>> from dicey.rules.state import fresh_card
    >>> sword = fresh_card(EquipmentDef("sword", "Sword"), upgraded=True)
    >>> [move_label(m, [sword]) for m in (Move.place(5, "Sword", 0, 0),
    ...                                   Move.release(0, "Sword", 1, 0), Move.end())]
    ['the 5 on Sword+ (a)', 'release Sword+ (a) with the blind die', 'end the turn']
    >>> move_label(Move.use("Sword", 0), [sword])
    'use Sword+ (a)'
    >>> move_label(Move.place(5, "Torch", 0, 0), [sword])     # the card there changed
    'the 5 on Torch (a)'
    """
    if move.is_end:
        return "end the turn"
    die = die_words(move, pool, numbers)
    card = move.card
    if 0 <= move.card_index < len(cards) and cards[move.card_index].name == move.card:
        card = cards[move.card_index].title
    # The key, after the name ('on a Sword' read as English): a card's place keeps it, so
    # a card a move of the line changed into (the Unlit Torch lit: the Torch) or gave has it too.
    if 0 <= move.card_index < len(CARD_KEYS):
        card += f" ({CARD_KEYS[move.card_index]})"
    if move.action == "use":
        return f"use {card}"
    return f"release {card} with {die}" if move.action == "release" else f"{die} on {card}"


def hint_line(moves: Sequence[Move], cards: Sequence[CardState], chance: bool = False,
              rough: bool = False, cuts: Sequence[int | None] = (),
              searching: bool = False, pools: Sequence[Any] = ()) -> str:
    """The planner's line for the turn, as a sentence; ``chance``: the line stops at a
    move left to chance, and the rest is asked for once its result is seen; ``rough``:
    the turn had too many lines to search them all (MCTS's best guess), and it says so —
    ``searching``: so far, and the search goes on;
    ``cuts``: for each move, the dice lost when it ends the turn by itself (None: it does
    not; see ``dicey.ai.moves.line_steps``), said as ``dicey plan`` says it;
    ``pools``: for each move, the dice it is played from and their numbers (None: not
    known), to name its die (:func:`die_words`).

    >>> from dicey.lang.defs import EquipmentDef
    >>> from dicey.rules.state import fresh_card
    >>> cards = [fresh_card(EquipmentDef("sword", "Sword")),
    ...          fresh_card(EquipmentDef("shield", "Shield"))]
    >>> hint_line([Move.place(5, "Sword", 1, 0), Move.place(2, "Shield", 0, 1), Move.end()],
    ...           cards)
    'Hint: play the 5 on Sword (a), the 2 on Shield (b), then end the turn.'
    >>> hint_line([Move.release(3, "Shield", 0, 1), Move.place(4, "Sword", 0, 0)], cards)
    'Hint: release Shield (b) with the 3, then play the 4 on Sword (a).'
    >>> hint_line([Move.place(6, "Shield", 0, 1)], cards, chance=True)
    'Hint: play the 6 on Shield (b); the rest depends on how that turns out (h again).'
    >>> hint_line([Move.use("Shield", 1), Move.place(4, "Sword", 0, 0)], cards)
    'Hint: use Shield (b), then play the 4 on Sword (a).'
    >>> hint_line([], cards)
    'Hint: end the turn.'
    >>> hint_line([Move.place(6, "Shield", 0, 1)], cards, rough=True)[:60]
    'Hint (a guess: too many ways to play this turn to try them a'
    >>> hint_line([Move.place(6, "Shield", 0, 1)], cards, rough=True, searching=True)
    'Hint (a guess so far, still searching): play the 6 on Shield (b).'
    >>> hint_line([Move.place(3, "Sword", 0, 0)], cards, cuts=[2])
    'Hint: play the 3 on Sword (a) (it ends the turn; the dice left are lost).'
    >>> hint_line([Move.place(6, "Sword", 1, 0), Move.place(6, "Shield", 0, 1)], cards,
    ...           pools=[([Die(6), Die(6, burning=True)], [1, 2]), ([Die(6)], [1])])
    'Hint: play the burning 6 (die 2) on Sword (a), then the 6 (die 1) on Shield (b).'
    """
    said = []
    for i, move in enumerate(moves):
        pool = pools[i] if i < len(pools) else None
        label = move_label(move, cards, *(pool or ()))
        cut = cuts[i] if i < len(cuts) else None
        if cut is not None:
            label += " (it ends the turn; the dice left are lost)" if cut else \
                " (it ends the turn)"
        placing = move.action == "place"
        before = moves[i - 1] if i else None
        if placing and (before is None or before.action != "place"):
            label = "play " + label
        said.append(label)
    said = said or ["end the turn"]
    if len(said) > 1:
        said[-1] = "then " + said[-1]
    rest = "; the rest depends on how that turns out (h again)" if chance else ""
    head = "Hint" if not rough else "Hint (a guess so far, still searching)" if searching \
        else "Hint (a guess: too many ways to play this turn to try them all)"
    return f"{head}: " + ", ".join(said) + rest + "."


def card_tail(card: CardState, room: int | None = None, turn: int = 0, back: int = 0) -> str:
    """The card's bottom edge in ``room`` cells (None: as much as it says): its uses, until
    when it is held (:func:`held_line`, said from turn ``turn``; ``back``: for one's own
    card taken for a while, the turn it comes back at: that stands for ``taken``) and its
    marks. Where all do not fit, the turn by its number, then the short ``to turn 5``;
    then that and the marks alone; then the marks alone (a shocked card is used by
    nothing until it is released: a border too narrow even for them cuts them, ``SHO…``).

    >>> from dicey.lang.defs import EquipmentDef
    >>> from dicey.rules.state import GIVEN, TAKEN
    >>> dagger = fresh_card(EquipmentDef("dagger", "Dagger", uses=-1))._replace(
    ...     temporary=True, loan=(5, GIVEN))
    >>> [card_tail(dagger, room, 5) for room in (None, 19, 14, 10)]
    ['∞ goes after this turn', '∞ goes after turn 5', '∞ to turn 5', 'to turn 5']
    >>> card_tail(dagger._replace(shocked=True), 10, 5)
    'SHOCKED'
    >>> card_tail(dagger._replace(gone=TAKEN, loan=()), None, 3, back=4)
    'back after turn 4'
    """
    held, mark = held_lines(card, turn, back), marks(card)
    # (one's own card taken for a while: 'back after turn 5' says it is taken)
    uses = "" if card.gone and held else uses_line(card)
    said = [(uses, words, mark) for words in held or ("",)]
    said += [(held[-1], mark)] if held else []
    tails = [" ".join(w for w in words if w) for words in said + [(mark,)]]
    tails = [t for t in tails if t] or [""]
    return next((t for t in tails if room is None or cell_len(t) <= room), tails[-1])


def card_line(card: CardState, key: str = "", owner: str = "", ready: bool | None = None,
              progress: Progress | None = None, turn: int = 0, back: int = 0) -> str:
    """The whole card on one line (a card's face may be too small for its name and text):
    ``b Torch: [any] Do d fire damage. On a 5 or 6, set 1 die burning · ∞``; an
    ``owner``'s card is said to be theirs: ``Frog's Tongue: [≤3] Do d damage``; a button
    shows what its face does (``[ready]``, ``[3/8]``…, ``ready``: whether its condition
    holds, ``progress``: how far it has come); a card held for a while, until when
    (:func:`held_line`: ``goes after turn 5``, said from turn ``turn``; ``back``: for one's
    own card taken for a while, the turn it comes back at)."""
    tail = [t for t in (uses_line(card), held_line(card, turn, back), marks(card)) if t]
    whose = f"{owner}'{'' if owner.endswith('s') else 's'} " if owner else ""
    return f"{whose}{card_title(card, key)}: {slot_line(card, ready, progress)} " \
        f"{card_text(card)}" + "".join(f" · {t}" for t in tail)


def card_details(card: CardState, key: str = "", owner: str = "", in_fight: bool = True,
                 ready: bool | None = None, progress: Progress | None = None,
                 opponent: str = "", turn: int = 0,
                 back: int = 0) -> tuple[str, list[tuple[str, str]]]:
    """Everything about a card, for reading it whole: a title (``a Sword+``, or the
    ``owner``'s: ``Frog's Tongue``) and labelled lines: its slots as on its face and in
    words, its uses (and, ``in_fight``, what is left of them), its marks, its size, its
    whole text, its upgrade, how it came or went in this fight (``opponent``: the other
    fighter's name, who took it or whom it was taken from; ``turn``: the fight's, for a
    card taken for a while; ``back``: for one's own card taken for a while, the turn at
    whose end it comes back) and the mod it comes from. Nothing is cut: a card's text may be
    of any length. A button (``ready``: whether its ``ready`` condition holds, in a fight,
    and ``progress``: how far it has come) says whether it can be used now, and when it
    can.

    >>> from dicey.lang.defs import EquipmentDef
    >>> plus = EquipmentDef("sword+", "Sword", size=2, text="Do [d]+2 damage")
    >>> sword = fresh_card(EquipmentDef("sword", "Sword", size=2, text="Do [d] damage",
    ...                                 upgraded=plus))
    >>> title, lines = card_details(sword, "a")
    >>> title
    'a Sword'
    >>> for label, text in lines: print(f"{label}: {text}")
    slots: [any]
    takes: any die
    uses: once a turn (1 left this turn)
    size: 2
    text: Do d damage
    upgrade: Sword+: [any] · Do d+2 damage
    """
    act = card.active
    whose = f"{owner}'{'' if owner.endswith('s') else 's'} " if owner else ""
    ready, progress = (ready, progress) if in_fight else (None, None)
    lines = [("slots", slot_line(card, ready, progress)),
             ("takes", button_words(card, key, owner) if act.button else slot_words(card))]
    if act.button:
        lines.append(("ready", readiness(card, ready, progress)))
    lines.append(("uses", uses_words(card, in_fight, opponent, back, turn)))
    if card.shocked:
        lines.append(("SHOCKED", "place any die on it to release it (the die is spent); "
                                 "until then it does nothing"))
    if card.weakened:
        lines.append(("weakened", "stricter slots this turn"))
    lines.append(("size", str(act.size)))
    lines.append(("text", card_text(card) or "(no text)"))
    if in_fight and (card.times_used or card.vars):   # what its text may count on
        state = [counted(card.times_used, "time", "times") + " this fight"] \
            if card.times_used else []
        state += [f"{name} {value}" for name, value in card.vars]
        lines.append(("so far", "used " + " · ".join(state) if card.times_used
                      else " · ".join(state)))
    if card.upgraded:
        lines.append(("upgrade", "upgraded (the + after its name)"))
    elif card.defn.upgraded is not None:
        # (what a player sees change: the card's own scripts are the text's to say)
        lines.append(("upgrade", version_line(card.defn, card.defn.upgraded,
                                              f"{card.name}+", scripts=False)))
    if card.temporary:
        lines.append(("for now", temporary_words(card, opponent, turn)))
    origin = getattr(card.defn, "origin", None)
    if origin is not None and origin.mod:
        lines.append(("from", f"the mod '{origin.mod}'"))
    return whose + card_title(card, key), lines


def die_label(die: Die, short: bool = False) -> str:
    """The die's face and its marks: ``5``, ``4 burn``, ``2 lock``, ``?`` (blind); with
    ``short``, the marks' initials (``4 b``)."""
    if not short:
        return die.label
    return " ".join(("?" if die.blind else str(die.value), *(w[0] for w in die.marks)))


def hp_bar(hp: int, max_hp: int, width: int = 10) -> str:
    filled = 0 if max_hp <= 0 else round(width * max(0, min(hp, max_hp)) / max_hp)
    if hp > 0:
        filled = max(1, filled)
    return "█" * filled + "░" * (width - filled)


def status_line(statuses: Mapping[str, int], names: Mapping[str, Any] | None = None) -> str:
    """``shield 3 · poison 1`` in the given order (names from the library when known)."""
    def name(sid: str) -> str:
        defn = (names or {}).get(sid)
        return getattr(defn, "name", sid).lower()
    return " · ".join(f"{name(s)} {n}" for s, n in statuses.items() if n > 0)


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital (the rest as written: names keep
    their capitals, which ``str.capitalize`` took), a full stop at its end if it has none.

    >>> sentence("Rock frees only 1 grid space"), sentence("done!")
    ('Rock frees only 1 grid space.', 'Done!')
    """
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def shorten(text: str, cells: int) -> str:
    """``text`` in at most ``cells`` cells, cut with ``…`` when it is longer (one cell
    at least).

    >>> shorten("Giant Mechanical Spider", 10), shorten("Frog", 10)
    ('Giant Mec…', 'Frog')
    """
    if cell_len(text) <= cells:
        return text
    cut = text
    while cut and cell_len(cut) + 1 > max(cells, 1):
        cut = cut[:-1]
    return cut.rstrip() + "…"
