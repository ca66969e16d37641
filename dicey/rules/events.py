"""What happens in a fight, as typed events: the log, replays, the TUI and the tests read these.

The engine emits an event at every step of a turn (see :mod:`dicey.rules.fight`); nothing
else reports what happened. Every event is a frozen value that names the fighter it is about
(``side`` 0 or 1 and ``who``, the fighter's name), says itself in one English line with
:meth:`Event.describe`, and turns into plain JSON with :meth:`Event.to_json`.

>>> Damaged(1, "Frog", 3, 9, blocked=2).describe()
'Frog takes 3 damage (2 blocked) → 9 HP'
>>> Placed(0, "Warrior", 5, "Sword", burning=True).to_json()["type"]
'Placed'
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from dicey.lang.interp import MAX_DICE


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    def describe(self) -> str:  # pragma: no cover - every subclass says itself
        return type(self).__name__

    def to_json(self) -> dict:
        out: dict = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        out["text"] = self.describe()
        return out


def _dice(values: tuple) -> str:
    return " ".join(str(v) for v in values) or "none"


def _die_or_dice(values: tuple) -> str:
    """``die 3`` or ``dice 2 5``: the word as many as there are.

    >>> _die_or_dice((3,)), _die_or_dice((2, 5))
    ('die 3', 'dice 2 5')
    """
    return f"{'die' if len(values) == 1 else 'dice'} {_dice(values)}"


def _burn(placed: "Placed | Released") -> str:
    """What a burning die placed or spent cost: ``(burning: 2 HP)``, or nothing."""
    if not placed.burning:
        return ""
    return " (burning, fireproof)" if placed.fireproof else " (burning: 2 HP)"


def listed(words: list[str]) -> str:
    """``a, b and c`` (and ``a``, or nothing, for fewer words).

    >>> listed(["a", "b", "c"]), listed(["a"]), listed([])
    ('a, b and c', 'a', '')
    """
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


@dataclass(frozen=True, slots=True)
class FightStarted(Event):
    first: str
    second: str
    actor: int

    def describe(self) -> str:
        starter = self.first if self.actor == 0 else self.second
        return f"{self.first} vs {self.second} — {starter} goes first"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int
    side: int
    who: str

    def describe(self) -> str:
        return f"— turn {self.turn}: {self.who} —"


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    side: int
    who: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.who} rolls {_dice(self.dice) if self.dice else 'no dice'}"


@dataclass(frozen=True, slots=True)
class DiceMarked(Event):
    """Dice a status changed at the roll: ``status`` is lock, burn, freeze or blind."""

    side: int
    who: str
    status: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        """The dice in words.

        >>> DiceMarked(0, "Warrior", "burn", (3,)).describe()
        "Warrior's 3 is burning"
        >>> DiceMarked(1, "Frog", "freeze", (5, 2, 6)).describe()
        "Frog's 5, 2 and 6 are frozen to 1"
        >>> DiceMarked(1, "Frog", "freeze", (1,)).describe()
        "Frog's 1 is frozen (a 1 already)"
        """
        verb = {"lock": "locked", "burn": "burning", "freeze": "frozen to 1",
                "blind": "blinded"}.get(self.status, self.status)
        if not self.dice:
            return f"{self.who} has no dice to be {verb}"
        are = "is" if len(self.dice) == 1 else "are"
        if self.status == "freeze" and all(v == 1 for v in self.dice):
            verb = "frozen (a 1 already)" if len(self.dice) == 1 else "frozen (1s already)"
        return f"{self.who}'s {listed([str(v) for v in self.dice])} {are} {verb}"


@dataclass(frozen=True, slots=True)
class SpareDice(Event):
    side: int
    who: str
    card: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        """>>> SpareDice(0, "Thief", "Sling", (1,)).describe()
        "Thief's Sling holds a spare 1"
        >>> SpareDice(0, "Thief", "Sling", (1, 2)).describe()
        "Thief's Sling holds spare dice 1 and 2"
        """
        if len(self.dice) == 1:
            return f"{self.who}'s {self.card} holds a spare {self.dice[0]}"
        return f"{self.who}'s {self.card} holds spare dice {listed([str(v) for v in self.dice])}"


@dataclass(frozen=True, slots=True)
class CardMarked(Event):
    """A card shocked or weakened for this turn."""

    side: int
    who: str
    card: str
    mark: str
    later: bool = False      # set in the other fighter's turn: for the owner's next turn

    def describe(self) -> str:
        what = 'shocked' if self.mark == 'shock' else 'weakened'
        return f"{self.who}'s {self.card} is {what}" + (" for its next turn" * self.later)


@dataclass(frozen=True, slots=True)
class Placed(Event):
    side: int
    who: str
    die: int
    card: str
    burning: bool = False
    fireproof: bool = False     # a burning die on a `fireproof` card costs no HP

    def describe(self) -> str:
        """The move in words.

        >>> Placed(0, "Witch", 4, "Throw Dice", True, True).describe()
        'Witch puts 4 on Throw Dice (burning, fireproof)'
        """
        return f"{self.who} puts {self.die} on {self.card}{_burn(self)}"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A blind die shown as it is placed; ``fits`` says whether it stayed on the card."""

    side: int
    who: str
    die: int
    card: str
    fits: bool

    def describe(self) -> str:
        tail = "" if self.fits else f", which {self.card} does not take"
        return f"{self.who}'s blind die is a {self.die}{tail}"


@dataclass(frozen=True, slots=True)
class Released(Event):
    """A die spent on a shocked card; ``die`` is 0 for a blind die (never drawn)."""

    side: int
    who: str
    die: int
    card: str
    burning: bool = False
    fireproof: bool = False

    def describe(self) -> str:
        return f"{self.who} spends a {self.die or '?'} to release {self.card}{_burn(self)}"


@dataclass(frozen=True, slots=True)
class CountdownChanged(Event):
    side: int
    who: str
    card: str
    left: int

    def describe(self) -> str:
        return f"{self.who}'s {self.card}: countdown {self.left}"


@dataclass(frozen=True, slots=True)
class Fired(Event):
    """A card used: its slots full, its countdown run out, or a button used by its own
    move (with no dice, so one line says the move: ``Warrior uses Fury``)."""

    side: int
    who: str
    card: str
    d: int
    dice: tuple[int, ...] = ()
    again: bool = False     # the second run of a card fired while its owner held fury

    def describe(self) -> str:
        """>>> Fired(1, "Dragon", "Inferno", 4, (4,), again=True).describe()
        'Dragon uses Inferno again (fury)'
        """
        if self.again:
            return f"{self.who} uses {self.card} again (fury)"
        # (a countdown fires with no dice on it: its d is not the dice, so it is not said)
        return f"{self.who} uses {self.card}" + (f" (d = {self.d})" if self.dice else "")


@dataclass(frozen=True, slots=True)
class NoEffect(Event):
    """A card used whose use did nothing the log could say, nor changed a variable of the
    card (Bellows with no kindling to double): said so that the log does not stop at the
    use (see ``Mechanics._fire``).

    >>> NoEffect(1, "Fire Beetle", "Bellows").describe()
    "Fire Beetle's Bellows does nothing"
    """

    side: int
    who: str
    card: str

    def describe(self) -> str:
        return f"{self.who}'s {self.card} does nothing"


@dataclass(frozen=True, slots=True)
class Fizzled(Event):
    side: int
    who: str
    card: str
    reason: str

    def describe(self) -> str:
        return f"{self.who}'s {self.card} fizzles ({self.reason})"


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    side: int
    who: str
    card: str

    def describe(self) -> str:
        return f"{self.who}'s {self.card} is cancelled"


@dataclass(frozen=True, slots=True)
class Dodged(Event):
    """``side``/``who`` dodged the opponent's ``card``."""

    side: int
    who: str
    card: str

    def describe(self) -> str:
        return f"{self.who} dodges {self.card}"


#: How the log says a receiver's trait changed a blow (Damaged.trait), for a damage type.
TRAIT_WORDS = {"immune": "immune to {}", "weak": "doubled: weak to {}",
               "strong": "halved: strong against {}"}


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """``who`` lost ``amount`` HP to a blow, down to ``hp``; shield took ``blocked``,
    reduce ``reduced``.

    ``dealt`` is the blow itself, once the receiver's traits, hooks and reduce had their
    say and before shield (None: ``amount + blocked``): more than shield and HP took when
    the HP ran out or survive held. ``kind`` is how it came (``attack``, ``pierce``,
    ``hurt`` for ``hurt_self``, poison and the like, ``burn`` for a burning die placed,
    ``recoil``, ``thorns``); ``cause`` names what did it where the line before does not
    (the status or card whose hook hurt its owner: ``poison``, ``Boomerang``; a status of
    the other fighter: ``Warrior's spikes``; whose thorns: ``Frog's thorns``).

    >>> Damaged(1, "Witch", 7, 0, dealt=10).describe()
    'Witch takes 7 damage (10 dealt) → 0 HP'
    >>> Damaged(0, "Warrior", 1, 8, kind="hurt", cause="poison").describe()
    'Warrior takes 1 damage from poison → 8 HP'
    >>> Damaged(0, "Warrior", 2, 6, dtype="fire", kind="burn").describe()
    'Warrior takes 2 damage from a burning die → 6 HP'
    >>> Damaged(1, "Slime", 4, 6, blocked=0, reduced=1).describe()
    'Slime takes 4 damage (1 reduced) → 6 HP'

    ``trait`` is the receiver's trait that changed the blow's type of damage: ``immune``,
    ``weak`` or ``strong``.

    >>> Damaged(1, "Snowman", 0, 22, dtype="ice", trait="immune").describe()
    'Snowman takes 0 ice damage (immune to ice) → 22 HP'
    >>> Damaged(1, "Snowman", 8, 14, dtype="fire", trait="weak").describe()
    'Snowman takes 8 fire damage (doubled: weak to fire) → 14 HP'

    ``shaped`` says the hooks that changed the blow (``on outgoing damage`` of the
    attacker's, ``on incoming damage`` of the receiver's), each with what it made of it.

    >>> Damaged(1, "Thief", 6, 18, dtype="ice", shaped="Diamond Dust: 3 → 6").describe()
    'Thief takes 6 ice damage (Diamond Dust: 3 → 6) → 18 HP'
    """

    side: int
    who: str
    amount: int
    hp: int
    blocked: int = 0
    dtype: str = "normal"
    kind: str = "attack"
    dealt: int | None = None
    cause: str = ""
    reduced: int = 0
    trait: str = ""
    shaped: str = ""

    def describe(self) -> str:
        # (a burning die's 2 are fire damage to the rules; the log says the die)
        kind = "" if self.dtype == "normal" or self.kind == "burn" else f" {self.dtype}"
        notes = [self.shaped] if self.shaped else []
        notes += [TRAIT_WORDS[self.trait].format(self.dtype)] if self.trait else []
        if self.dealt is not None and self.dealt != self.amount + self.blocked:
            notes.append(f"{self.dealt} dealt")
        if self.reduced:
            notes.append(f"{self.reduced} reduced")
        if self.blocked:
            notes.append(f"{self.blocked} blocked")
        said = f" ({', '.join(notes)})" if notes else ""
        return f"{self.who} takes {self.amount}{kind} damage{self.source()}{said} → {self.hp} HP"

    def source(self) -> str:
        """`` from …``: where the blow came from, when the line before does not say it
        (a card used, or one that acts, says its own blows)."""
        if self.kind == "burn":
            return " from a burning die"
        if self.kind == "thorns":
            return f" from {self.cause or 'thorns'}"
        if self.kind == "recoil":
            return f" from {self.cause}'s recoil" if self.cause else " from recoil"
        if self.cause:
            return f" from {self.cause}"
        return " (self-inflicted)" if self.kind == "hurt" else ""


@dataclass(frozen=True, slots=True)
class Healed(Event):
    side: int
    who: str
    amount: int
    hp: int

    def describe(self) -> str:
        return f"{self.who} heals {self.amount} → {self.hp} HP"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """A fighter's stacks of ``status`` (its id) went from ``old`` to ``new``; ``name``
    is the status's name where it is not its id in other letters (``Stun Lock``), and
    the log says that.

    >>> StatusChanged(1, "Frog", "stun_lock", 0, 1, "Stun Lock").describe()
    'Frog gets 1 Stun Lock (now 1)'
    """

    side: int
    who: str
    status: str
    old: int
    new: int
    name: str = ""

    def describe(self) -> str:
        word = self.name or self.status
        if self.new > self.old:
            return f"{self.who} gets {self.new - self.old} {word} (now {self.new})"
        if self.new == 0:
            return f"{self.who} loses all {word}"
        return f"{self.who} loses {self.old - self.new} {word} (now {self.new})"


@dataclass(frozen=True, slots=True)
class Resisted(Event):
    """``who`` is immune to ``status`` (poison for the Slime): ``stacks`` were not taken.

    >>> Resisted(1, "Slime", "poison", 2).describe()
    'Slime is immune to poison (2 not taken)'
    """

    side: int
    who: str
    status: str
    stacks: int
    name: str = ""

    def describe(self) -> str:
        return f"{self.who} is immune to {self.name or self.status} ({self.stacks} not taken)"


@dataclass(frozen=True, slots=True)
class DiceGiven(Event):
    side: int
    who: str
    dice: tuple[int, ...]
    burning: bool = False
    later: bool = False     # given outside its turn: they wait for its next roll

    def describe(self) -> str:
        """The dice in words.

        >>> DiceGiven(0, "Thief", (4, 1, 6)).describe()
        'Thief gets a 4, a 1 and a 6'
        >>> DiceGiven(0, "Witch", (3,), burning=True).describe()
        'Witch gets a burning 3'
        >>> DiceGiven(1, "Frog", (6,), later=True).describe()
        'Frog gets a 6 for its next turn'
        """
        mark = "burning " if self.burning else ""
        dice = listed([f'a {mark}{v}' for v in self.dice]) or 'no dice'
        return f"{self.who} gets {dice}{' for its next turn' if self.later else ''}"


@dataclass(frozen=True, slots=True)
class DiceSet(Event):
    """A script set the dice a fighter could place (``set_dice``): ``old`` became ``new``."""

    side: int
    who: str
    old: tuple[int, ...]
    new: tuple[int, ...]

    def describe(self) -> str:
        """The dice in words (with none before, the dice it gets; with none after, the
        dice it loses).

        >>> DiceSet(0, "Inventor", (2, 5), (6, 6)).describe()
        "Inventor's dice 2 5 become 6 6"
        >>> DiceSet(0, "Inventor", (3,), (6, 6)).describe()
        "Inventor's die 3 becomes 6 6"
        >>> DiceSet(0, "Inventor", (3,), ()).describe()
        "Inventor's die 3 is gone"
        >>> DiceSet(0, "Thief", (), (6,)).describe()
        'Thief gets a 6'
        """
        if not self.old:
            return f"{self.who} gets {listed([f'a {v}' for v in self.new]) or 'no dice'}"
        one = len(self.old) == 1
        if not self.new:
            return f"{self.who}'s {_die_or_dice(self.old)} {'is' if one else 'are'} gone"
        return (f"{self.who}'s {_die_or_dice(self.old)} {'becomes' if one else 'become'} "
                f"{_dice(self.new)}")


@dataclass(frozen=True, slots=True)
class ExtraDice(Event):
    """A fighter's rolls get more dice (``count`` below 0: fewer), each turn of the fight
    or (``rolls``) its next few rolls."""
    side: int
    who: str
    count: int
    rolls: int = 0
    asked: int = 0      # the count a script asked for, where the cap cut it (0: it did not)

    def describe(self) -> str:
        """>>> ExtraDice(0, "Thief", 1).describe()
        'Thief will roll 1 more die each turn'
        >>> ExtraDice(1, "Frog", -1, 1).describe()
        'Frog will roll 1 fewer die on its next roll'
        >>> ExtraDice(1, "Frog", 2, 3).describe()
        'Frog will roll 2 more dice on each of its next 3 rolls'
        >>> ExtraDice(0, "Thief", 22, asked=30).describe()
        'Thief will roll 22 more dice each turn (not 30: a roll has 0 to 24 dice)'
        """
        n = abs(self.count)
        more = f"{n} {'more' if self.count > 0 else 'fewer'} {'die' if n == 1 else 'dice'}"
        when = "each turn" if not self.rolls else "on its next roll" if self.rolls == 1 \
            else f"on each of its next {self.rolls} rolls"
        cut = f" (not {abs(self.asked)}: a roll has 0 to {MAX_DICE} dice)" if self.asked \
            else ""
        return f"{self.who} will roll {more} {when}{cut}"


@dataclass(frozen=True, slots=True)
class DiceLost(Event):
    """Dice that would have joined a roll (spares, dice given for it) past the pool's cap."""
    side: int
    who: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        """>>> DiceLost(1, "Hoarder", (6, 1)).describe()
        'Hoarder loses a 6 and a 1: a pool holds 24 dice at most'
        """
        return f"{self.who} loses {listed([f'a {v}' for v in self.dice])}: a pool holds " \
            f"{MAX_DICE} dice at most"


@dataclass(frozen=True, slots=True)
class CardActed(Event):
    """A card's hook other than its use (``on turn start`` …) did something: the events
    after this one are its doing."""

    side: int
    who: str
    card: str
    hook: str

    def describe(self) -> str:
        """>>> CardActed(0, "Thief", "Illuminate", "on turn start").describe()
        "Thief's Illuminate acts (on turn start)"
        """
        return f"{self.who}'s {self.card} acts ({self.hook})"


@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    """``give_card``: ``who`` gets ``card``, for the fight or a few of its turns."""

    side: int
    who: str
    card: str
    turns: int = 0
    """For how many of ``who``'s turns (``give_card(c, who, turns)``); 0: for the fight."""
    later: bool = False
    """Whether it came outside ``who``'s turn, which then counts from its next."""

    def describe(self) -> str:
        """
        >>> CardGiven(0, "Thief", "Sword").describe()
        'Thief gets Sword for this fight'
        >>> CardGiven(1, "Frog", "Rock", turns=1, later=True).describe()
        "Frog gets Rock until the end of Frog's next turn"
        """
        return f"{self.who} gets {self.card} {self.how_long()}"

    def how_long(self) -> str:
        """For how long, as it will be: in the holder's turn, that turn is the first.

        >>> [CardGiven(0, "Thief", "Sword", n).how_long() for n in (0, 1, 2, 3)]
        ['for this fight', 'for this turn', "for this turn and Thief's next", \
"for this turn and Thief's next 2"]
        >>> [CardGiven(0, "Thief", "Sword", n, True).how_long() for n in (1, 3)]
        ["until the end of Thief's next turn", "for Thief's next 3 turns"]
        """
        if not self.turns:
            return "for this fight"
        if self.later:
            return (f"until the end of {self.who}'s next turn" if self.turns == 1 else
                    f"for {self.who}'s next {self.turns} turns")
        if self.turns == 1:
            return "for this turn"
        more = "" if self.turns == 2 else f" {self.turns - 1}"
        return f"for this turn and {self.who}'s next{more}"


@dataclass(frozen=True, slots=True)
class CardTaken(CardGiven):
    """``take_card``: ``who`` takes ``card`` from ``victim`` for the rest of the fight (a
    card given, to whatever counts the cards a side held)."""

    victim: str = ""

    def describe(self) -> str:
        """
        >>> CardTaken(0, "Thief", "Sword", 1, victim="Frog").describe()
        'Thief takes Sword from Frog for this turn'
        >>> CardTaken(0, "Thief", "Sword", 3, True, victim="Frog").describe()
        "Thief takes Sword from Frog for Thief's next 3 turns"
        """
        return f"{self.who} takes {self.card} from {self.victim} {self.how_long()}"


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    """A card taken for a while (``take_card(c, turns)``) goes back to ``who``, its owner,
    from ``taker``, at the end of the taker's last turn with it."""

    side: int
    who: str
    card: str
    taker: str

    def describe(self) -> str:
        return f"{self.card} goes back from {self.taker} to {self.who}"


@dataclass(frozen=True, slots=True)
class CardExpired(Event):
    """A card given for a while (``give_card(c, who, turns)``) goes, nobody getting it, at
    the end of its holder's last turn with it."""

    side: int
    who: str
    card: str

    def describe(self) -> str:
        """
        >>> CardExpired(0, "Thief", "Shield").describe()
        "Thief's Shield goes: it was given for a while"
        """
        return f"{self.who}'s {self.card} goes: it was given for a while"


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """``discard``: ``who``'s ``card`` is gone for the rest of the fight."""

    side: int
    who: str
    card: str

    def describe(self) -> str:
        return f"{self.who}'s {self.card} is discarded for this fight"


@dataclass(frozen=True, slots=True)
class TurnCut(Event):
    """``end_turn()``: the fighter's turn ends once the move under way is done; ``card``
    (``Haymaker``, ``Frog's Parry``) or ``status`` (``daze``) says what ended it.

    >>> TurnCut(1, "Slime", "", "daze").describe()
    "Slime's turn ends (daze)"
    """

    side: int
    who: str
    card: str
    status: str = ""

    def describe(self) -> str:
        if self.card:
            return f"{self.who}'s turn ends with {self.card}"
        return f"{self.who}'s turn ends ({self.status})" if self.status else \
            f"{self.who}'s turn ends"


@dataclass(frozen=True, slots=True)
class CardReplaced(Event):
    side: int
    who: str
    old: str
    new: str

    def describe(self) -> str:
        return f"{self.who}'s {self.old} turns into {self.new}"


@dataclass(frozen=True, slots=True)
class Said(Event):
    side: int
    who: str
    text: str

    def describe(self) -> str:
        return f"{self.who}: {self.text}"


@dataclass(frozen=True, slots=True)
class ScriptFault(Event):
    """A script failed at run time; ``where`` is ``file:line:col`` and the hook."""

    side: int
    who: str
    where: str
    message: str

    def describe(self) -> str:
        return f"script error in {self.where}: {self.message}"


@dataclass(frozen=True, slots=True)
class Died(Event):
    side: int
    who: str

    def describe(self) -> str:
        return f"{self.who} is defeated"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """``who``'s turn is over: ended by its move ``end turn``, or ``cut`` short by a card
    (``end_turn()``: the dice left, ``unused``, are lost).

    >>> TurnEnded(3, 0, "Warrior", (1, 2)).describe()
    'Warrior ends the turn (1 2 unused)'
    >>> TurnEnded(3, 0, "Warrior", (1, 2), cut=True).describe()
    "Warrior's turn is over (1 2 lost)"
    """
    turn: int
    side: int
    who: str
    unused: tuple[int, ...] = ()
    cut: bool = False

    def describe(self) -> str:
        if self.cut:
            lost = f" ({_dice(self.unused)} lost)" if self.unused else ""
            return f"{self.who}'s turn is over{lost}"
        left = f" ({_dice(self.unused)} unused)" if self.unused else ""
        return f"{self.who} ends the turn{left}"


@dataclass(frozen=True, slots=True)
class FightEnded(Event):
    winner: int | None
    who: str | None
    termination: str
    turns: int

    def describe(self) -> str:
        if self.winner is None:
            return f"the fight is a draw ({self.termination}, turn {self.turns})"
        return f"{self.who} wins ({self.termination}, turn {self.turns})"
