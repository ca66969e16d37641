"""Every key of every screen, in one table: the screens' bindings, their key lines and the
help screen are all made from it, so they cannot disagree.

>>> [b.key for b in bindings(END_KEYS)]
['enter', 'question_mark', 'q']
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from textual.binding import Binding

from rich.cells import cell_len

from .faces import CARD_KEYS, shorten


@dataclass(frozen=True)
class Key:
    """A key (or a group of keys) of a screen."""

    shown: str
    """How the key is written for people: ``1-9``, ``←→``, ``t``."""
    what: str
    """What it does, in a few words."""
    bindings: tuple[tuple[str, str], ...]
    """Textual key names and the screen action each one runs."""
    on_bar: bool = True
    """Shown on the screen's key line (help lists every key anyway)."""
    explained: str = ""
    """What help says about it, when more than ``what``."""
    short: str = ""
    """``what`` in fewer words, for a key line too narrow for every key (``quit`` for
    ``save & quit``); help says it whole."""

    @property
    def help(self) -> str:
        return self.explained or self.what


def bindings(keys: Iterable[Key]) -> list[Binding]:
    return [Binding(name, action, show=False) for key in keys for name, action in key.bindings]


def key_bar(keys: Iterable[Key]) -> str:
    return "  ".join(f"{k.shown} {k.what}" for k in keys if k.on_bar)


def fit_key_bar(keys: Iterable[Key], cells: int) -> str:
    """The key line in ``cells`` cells: whole if it fits; else its keys in fewer words
    (their ``short``: ``q quit``); else the last keys give way to ``…`` (never cut inside a
    key), and ``? help``, which lists them all, and the key that quits stay at the end,
    whatever else gives way (a 12-card hero's line pushed ``q`` off an 80-column screen).

    >>> fit_key_bar(MAP_KEYS, 60)
    'enter fight  i inventory  ? help  q save & quit'
    >>> fit_key_bar(MAP_KEYS, 42)
    'enter fight  i inventory  ? help  q quit'
    >>> fit_key_bar(MAP_KEYS, 30)
    'enter fight  …  ? help  q quit'
    """
    shown = [k for k in keys if k.on_bar]
    line = key_bar(shown)
    if cell_len(line) <= cells:
        return line
    shown = [replace(k, what=k.short) if k.short else k for k in shown]
    line = key_bar(shown)
    if cell_len(line) <= cells:
        return line
    tail = [k for k in shown if k is HELP or _quits(k)]
    kept = [k for k in shown if k not in tail]
    while kept:
        kept.pop()
        line = "  ".join([f"{k.shown} {k.what}" for k in kept] + ["…"] +
                         [f"{k.shown} {k.what}" for k in tail])
        if cell_len(line) <= cells:
            return line
    return shorten(line, cells)


def _quits(key: Key) -> bool:
    """Whether ``key`` quits the game (``q``: quit, or save and quit)."""
    return any(action in ("quit", "save_quit") for _, action in key.bindings)


HELP = Key("?", "help", (("question_mark", "help"),))
QUIT = Key("q", "save & quit", (("q", "save_quit"),), short="quit")


def read_key(explained: str) -> Key:
    """``x``: read a card whole (every screen that shows cards has it)."""
    return Key("x", "read", (("x", "read_card"),), explained=explained)

TITLE_KEYS = (
    Key("n", "new run", (("n", "new_run"),)),
    Key("c", "continue", (("c", "continue_run"),)),
    Key("r", "records", (("r", "records"),),
        explained="the runs that have ended: each hero's runs, wins, furthest floor and "
                  "streak, and the latest runs"),
    Key("↑↓ enter", "choose", (), on_bar=False),
    Key("pgup pgdn", "page the lines under the menu",
        (("pageup", "page_lines(-1)"), ("pagedown", "page_lines(1)")), on_bar=False,
        explained="the lines under the menu, when they are more than the screen shows "
                  "(their last line says how many more)"),
    HELP,
    Key("q", "quit", (("q", "quit"),)),
)

#: 1-9 on the hero screen (its key line names as many as there are heroes: ``1-3``).
HERO_NUMBERS = Key("1-9", "start with hero N",
                   tuple((str(n), f"choose({n - 1})") for n in range(1, 10)))

HERO_KEYS = (
    Key("↑↓", "pick a hero", (), on_bar=False),
    Key("enter", "start the run", (), on_bar=False),
    HERO_NUMBERS,
    read_key("read the hero's cards whole"),
    Key("d", "difficulty", (("d", "difficulty"),),
        explained="the run's difficulty: each enemy plays its own AI, or every enemy plays "
                  "easy (the rule of thumb), normal (plans its whole turn) or hard (plans "
                  "with bigger budgets)"),
    Key("esc", "back", (("escape", "back"),)),
    HELP,
    Key("q", "quit", (("q", "quit"),),
        explained="quit the game (no run is started, and a saved run stays as it was)"),
)

MAP_KEYS = (
    Key("enter", "fight", (("enter", "fight"), ("f", "fight"))),
    Key("i", "inventory", (("i", "inventory"),)),
    Key("↑↓ pgup pgdn", "scroll",
        (("up", "scroll_up"), ("down", "scroll_down"), ("pageup", "page_up"),
         ("pagedown", "page_down"), ("home", "scroll_home"), ("end", "scroll_end")),
        on_bar=False,
        explained="scroll the map when it is longer than the terminal (a small one: the "
                  "hero's cards and backpack are at its foot)"),
    HELP,
    QUIT,
)

FIGHT_READ = read_key("read the card under the card cursor whole — yours or the enemy's "
                      "— with its slots, uses, full text and upgrade (no cursor yet: your "
                      "first card)")
FIGHT_GRAPH = Key("g", "graph", (("g", "graph"),),
                  explained="write the enemy's decision graph for its last turn (GraphML, "
                            "for yEd)")

#: A fight's die and card keys (its key line names those in play: ``1-3``, ``a-d``).
FIGHT_DIE = Key("1-9", "die", tuple((str(n), f"digit({n})") for n in range(10)),
                explained="pick a die by the number on its box (or click it): a die keeps "
                          "its number while it is in the tray (a die played leaves a gap; "
                          "a die a card gives takes the next number); past die 9, "
                          "type both digits of a number within a second: 1 then 2 "
                          "for die 12 (a digit after a pause starts a number of its own)")
FIGHT_CARD = Key(f"{CARD_KEYS[0]}-{CARD_KEYS[5]}", "card",
                 tuple((k, f"play_on({i})") for i, k in enumerate(CARD_KEYS)),
                 explained="play the picked die on that card (or click the card); on a "
                           "SHOCKED card the die releases it; a button ([ready]) is used "
                           "at once, with no die. From the seventh card: i-p, r, s, u-w "
                           "(g, h, q, t and x are other keys; the key line says those "
                           "your cards have); from the 20th: the letters with shift, A, "
                           "B… A card that ends your turn while dice or a "
                           "button are left to use asks first: its key again (or enter) "
                           "plays it, any other key does not")

FIGHT_END_TURN = Key("t", "end turn", (("t", "end_turn"), ("y", "yes")),
                     explained="end the turn; while a die or a button could still be "
                               "played, it asks first (what would be lost): t again (or "
                               "y) ends the turn, any other key plays on")
FIGHT_END_NOW = Key("T", "end turn, no question", (("T", "end_turn_now"),), on_bar=False,
                    explained="end the turn at once, whatever is left (t asks first when "
                              "a die or a button could still be played)")
FIGHT_HINT = Key("h", "hint", (("h", "hint"),),
                 explained="hint: the planner's best line for your turn")
#: The keys that act in the hero's turn only: not on the key line in the enemy's.
FIGHT_YOUR_TURN = (FIGHT_DIE, FIGHT_CARD, FIGHT_END_TURN, FIGHT_END_NOW, FIGHT_HINT)

FIGHT_KEYS = (
    FIGHT_DIE,
    Key("←→", "die", (("left", "move_die(-1)"), ("right", "move_die(1)")), on_bar=False,
        explained="pick the die to the left or right"),
    FIGHT_CARD,
    Key("↑↓ enter", "card cursor, play", (("up", "move_card(-1)"), ("down", "move_card(1)"),
                                          ("enter", "enter")), on_bar=False,
        explained="move the card cursor (the message line shows the card): the first "
                  "press lands on your first card; ↓ the next card (it stops at your "
                  "last), ↑ the one before, and from your first card up onto the enemy's "
                  "row; enter plays the picked die on your card under it, and on an "
                  "enemy's card reads it whole (when the fight is over: go on)"),
    Key("tab", "enemy's cards", (("tab", "other_cards"),), on_bar=False,
        explained="the card cursor to the enemy's cards and back to yours (the enemy's "
                  "cards are only read; clicking one reads it too)"),
    FIGHT_READ,
    FIGHT_END_TURN,
    FIGHT_END_NOW,
    FIGHT_HINT,
    FIGHT_GRAPH,
    Key("pgup pgdn", "scroll the log", (("pageup", "scroll_log(-1)"),
                                       ("pagedown", "scroll_log(1)")), on_bar=False),
    HELP,
    QUIT,
)

#: The fight's key line once the fight is over: the keys above that still do something
#: (enter, bound above, goes on).
FIGHT_OVER_BAR = (Key("enter", "go on", ()), FIGHT_READ, FIGHT_GRAPH, HELP, QUIT)

#: How to read a card and a die (help's last section).
LEGEND = (
    ("[any] [even] [odd]", "any die; an even one; an odd one"),
    ("[6] [≤4] [≥3] [2-4]", "exactly 6; 4 or less; 3 or more; 2 to 4"),
    ("[=] [=]", "doubles: two equal dice"),
    ("+2 · total 7", "adds 2 to d · the dice must add up to 7"),
    ("spare 1", "the card holds a spare die of 1 each turn"),
    ("[5 to go]", "a countdown: pour dice in; at 0 it fires by itself"),
    ("[ready] [not yet]", "a button: it takes no die; its key (or enter on it) uses it "
                          "when it is ready; not yet: x says when it will be"),
    ("[3/8]", "a button not ready yet, and how far it has come (a limit break's charge)"),
    ("[used] [used up]", "a button with no use left this turn · used up for the fight"),
    ("d", "in a card's text: the total of the dice on it"),
    ("∞ ×2 used", "unlimited uses · uses left this turn · no use left this turn"),
    ("1/fight 1 use", "once per fight · once, then gone for the fight (used up)"),
    ("shield", "blocks damage until damage uses it up: it stays from turn to turn"),
    ("SHOCKED weakened", "place any die to release it · stricter slots this turn"),
    ("burn lock ?", "a burning die costs 2 HP · a locked die cannot be used · blind"),
    ("fire ice shock damage", "a kind of damage: a fighter may be strong against a kind "
                              "(half), weak to it (double) or immune (none); its text says"),
)

REWARD_KEYS = (
    Key("1-3", "choose", tuple((str(n), f"choose({n - 1})") for n in range(1, 4))),
    Key("↑↓ enter", "pick, take", (), on_bar=False),
    read_key("read the card on offer whole"),
    Key("i", "inventory", (("i", "inventory"),)),
    HELP,
    QUIT,
)

INVENTORY_KEYS = (
    Key("↑↓", "pick", (), on_bar=False),
    Key("←→ tab", "other list", (("left", "other_list"), ("right", "other_list"),
                                 ("tab", "other_list")), on_bar=False),
    Key("enter", "equip/unequip", (("enter", "move_card"),)),
    Key("s", "swap", (("s", "swap"),)),
    read_key("read the picked card whole"),
    Key("esc", "done", (("escape", "close"), ("i", "close"))),
)

#: A card read whole: ←→ and ↑↓ are on its key line only when there are other cards to
#: read and a text too long for the box.
CARD_STEP = Key("←→", "other cards", (("left", "step(-1)"), ("right", "step(1)")),
                explained="read the previous or the next card (in a fight, the card cursor "
                          "follows)")
CARD_SCROLL = Key("↑↓", "scroll", (), explained="scroll a long text (pgup pgdn too)")

CARD_DETAIL_KEYS = (
    CARD_STEP,
    CARD_SCROLL,
    Key("esc enter", "close", (("escape", "close"), ("enter", "close"), ("x", "close"),
                               ("q", "close"))),
)

#: The help box's own keys.
HELP_BOX_KEYS = (
    Key("↑↓", "scroll", ()),
    Key("esc", "close", (("escape", "close"), ("question_mark", "close"), ("q", "close"))),
)

#: ↑↓ on the end of a run: on its key line only when the summary is longer than the screen.
END_SCROLL = Key("↑↓", "scroll", (), on_bar=False,
                 explained="scroll the run's summary (when it is longer than the screen)")

END_KEYS = (
    Key("enter", "back to the title", (("enter", "title"),)),
    END_SCROLL,
    HELP,
    Key("q", "quit", (("q", "quit"),)),
)


def shown_too(keys: tuple[Key, ...], key: Key) -> tuple[Key, ...]:
    """``keys`` with ``key`` on the key line too (a key that works only at times).

    >>> key_bar(shown_too(END_KEYS, END_SCROLL))
    'enter back to the title  ↑↓ scroll  ? help  q quit'
    """
    return tuple(replace(k, on_bar=True) if k is key else k for k in keys)


#: The end's key line when its summary scrolls.
END_SCROLLING_BAR = shown_too(END_KEYS, END_SCROLL)

#: ↑↓ on the records: on the key line only when they are longer than the screen.
RECORDS_SCROLL = Key("↑↓", "scroll", (), on_bar=False,
                     explained="scroll the records (when they are longer than the screen)")

RECORDS_KEYS = (
    Key("esc", "back", (("escape", "back"), ("enter", "back"), ("r", "back"))),
    RECORDS_SCROLL,
    HELP,
    Key("q", "quit", (("q", "quit"),)),
)

#: The records' key line when they scroll.
RECORDS_SCROLLING_BAR = shown_too(RECORDS_KEYS, RECORDS_SCROLL)

#: The help screen's sections, in the order a run meets them.
SECTIONS = (
    ("Title", TITLE_KEYS), ("Choosing a hero", HERO_KEYS), ("The dungeon", MAP_KEYS),
    ("A fight", FIGHT_KEYS), ("Reading a card", CARD_DETAIL_KEYS), ("A reward", REWARD_KEYS),
    ("The inventory", INVENTORY_KEYS),
    ("The end of a run", END_KEYS), ("Records", RECORDS_KEYS),
)
