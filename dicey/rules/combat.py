"""The mechanics of a fight: running hooks, damage, statuses, dice and firing cards.

:class:`Mechanics` is the half of :class:`dicey.rules.fight.Fight` that scripts reach
through :class:`~dicey.rules.effects.FightEffects`; ``fight.py`` holds the turn and the moves.
It is the one place that documents the order things happen in (Showdown's ``runEvent``):

Firing a card (``_fire``): dice spent → ``Fired`` → curse check (50%: fizzle, one curse
spent) → dodge check for ``cast: target`` (the target spends a dodge; ``on dodged`` runs
instead of the rest) → ``before use`` (may cancel) → ``on use`` → fury runs ``on use`` once
more → ``on any use`` of the owner's cards, then of the owner's statuses → ``on opponent
use`` of the other fighter's cards, then of its statuses → the use is counted (reequip
keeps it) → countdowns that reached 0 fire in turn (``_settle``). Fury and
reequip act only if the owner held them when the card fired: a card that grants them is
not "the next card used".

Damage (``_damage``), for ``attack``/``pierce``: the attacker's ``on outgoing damage``
(its cards, then its statuses: each may change ``amount``; not for a blow at oneself) → the
receiver's strong/weak/immune traits → its ``on incoming damage`` (cards, then statuses;
the same; a blow struck inside either hook goes through neither) → reduce (−N) → shield
absorbs, unless it is a pierce or the attacker spends a pierce stack → HP (survive leaves 1
once) → a receiver at 0 HP is knocked out, and nothing more happens → for a blow of the other
fighter's (``attack``/``pierce``), ``on attacked`` of the receiver's cards, then of its
statuses, with the blow before reduce and shield, whatever they took (not for a blow such
a hook struck: an answer is not answered) → if HP were lost: ``on
damage taken`` of the receiver's cards (left to right), then of its statuses, then ``on
damage dealt`` of the attacker's cards and statuses (not for damage to oneself) → thorns
hurt the attacker. Every damage hook also sees ``source`` (what struck: the fighter whose
card or hook it was, or a status's id: see ``_source``) and ``type``.
``hurt`` (``hurt_self``, poison, a burning die) skips traits, reduce and shield;
``recoil`` and ``thorns`` go through shield only. A fighter at 0 HP ends the fight at once;
after that the mechanics change nothing more (except in ``on fight end`` hooks).

Every script runs through ``_run``: a :class:`~dicey.lang.errors.ScriptError` becomes a
``ScriptFault`` event and the run's effects so far stay; the caller decides what a fault
means (a card fizzles). Every chance point on the way (curse's coin, a script's ``roll``)
draws from ``_chance``, the :class:`~dicey.lang.chance.Chance` given to the public call in
progress (``Fight.start``, ``begin_turn`` or ``apply``), so the AI can enumerate them all.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Iterator

from dicey.lang.ast import make_id, upgrade_ref
from dicey.lang.chance import Chance, uniform
from dicey.lang.checker import MAX_CARDS
from dicey.lang.defs import EquipmentDef, StatusDef
from dicey.lang.effects import DAMAGE_TYPES, FighterRef
from dicey.lang.errors import ScriptError, did_you_mean
from dicey.lang.interp import ANY_COUNT

from . import events as E
from .effects import CARD_REFS as _CARD_REFS
from .effects import FightEffects, StatusEffects, card_ref
from .state import (BURNING_DICE, DISCARDED, GIVEN, MAX_DICE, PLAIN_DICE, RETURNED,
                    SHOCK_NEXT, STOLEN, TAKEN, UNLIMITED, WEAKEN_NEXT, CardState, Die, Fighter,
                    fired, fresh_card, gives_bonus, kept_use, literal_value, marked,
                    pool_values, uses_for)
from .statuses import CORE_DEFAULTS, STACK_CAP, card_mark_choices

#: A fair six-sided die, as a chance point.
D6 = uniform(range(1, 7))
#: Curse's coin: True means the card fizzles.
CURSE_COIN = ((True, Fraction(1, 2)), (False, Fraction(1, 2)))
#: Cards fired in one move (or one turn start) beyond which the engine stops a loop.
MAX_FIRES = 100
#: The mark ``end_turn()`` leaves in the queue of countdowns to fire (``_pending``).
_END = (-1, -1)


#: The damage types, as a set (every inflict asks whether the status is one).
_DAMAGE_TYPES = frozenset(DAMAGE_TYPES)
#: The names of a hook run that is given none (read, never changed).
_NO_NAMES: dict[str, Any] = {}
_new_effects = object.__new__   # see Mechanics._card_script
#: Neither fury nor reequip held (a fighter without statuses fires most cards).
_HELD_NONE = (False, False)
#: What :meth:`Mechanics._card_hook` gives for a card without the hook asked for.
NO_HOOK = object()
#: A damage hook's ``source`` when a card or a hook of a fighter struck: that fighter, as
#: the hook's owner names it.
_SELF, _TARGET = FighterRef("self"), FighterRef("target")


def _variants(card: EquipmentDef) -> Iterator[EquipmentDef]:
    """A card as declared, upgraded, weakened, and upgraded and weakened."""
    for v in (card, card.upgraded):
        if v is not None:
            yield v
            if v.weakened is not None:
                yield v.weakened


def _threaded(result: Any, names: dict, name: str, who: str = "",
              notes: list[str] | None = None) -> dict:
    """``names`` with ``name`` as a hook's run (``result``) left it, when it set it to a
    number (0 at least); as they were after a fault, or where it set nothing or no number.
    A change is said in ``notes`` (when given) as ``who``'s: ``Diamond Dust: 3 → 6``."""
    if result is None or result is NO_HOOK:
        return names
    old = names[name]
    new = result.names.get(name, old)
    if new == old or type(new) is not int:      # (true and false are no amount)
        return names
    new = max(0, new)
    if notes is not None and new != old:
        notes.append(f"{who}: {old} → {new}")
    return {**names, name: new}


def _trait(defn: Any, dtype: str) -> str:
    """The fighter's trait that changes a blow of ``dtype`` (immune first, as
    ``_typed`` applies them), or ``""``."""
    for trait in ("immune", "strong", "weak"):
        if dtype in getattr(defn, trait):
            return trait
    return ""


#: The built-ins that give the owner dice (a card calling one may give its die back).
DICE_GIVERS = frozenset({"give", "set_dice", "reroll"})


def _endless_cards(library: Any, statuses: dict, equipment: dict
                   ) -> tuple[frozenset[int], frozenset[int], bool]:
    """:attr:`FightRules.endless`, :attr:`FightRules.idle` and
    :attr:`FightRules.counts_read` of a library."""
    fighters = [*(getattr(library, "enemies", {}) or {}).values(),
                *(getattr(library, "heroes", {}) or {}).values()]
    scripts = [script for d in (*statuses.values(), *fighters) for script in d.hooks.values()]
    variants = [v for card in equipment.values() for v in _variants(card)]
    for v in variants:
        scripts.extend(v.hooks.values())
        scripts.extend(e for e in (v.ready, *(v.progress or ())) if e is not None)

    def gives(hooks: Iterator[Any]) -> bool:
        return any(calls is None or not calls.isdisjoint(DICE_GIVERS)
                   for calls in (getattr(script, "calls", None) for script in hooks))

    answered = gives(script for d in (*statuses.values(), *fighters, *variants)
                     for event, script in d.hooks.items() if event == "on any use")
    endless = [v for v in variants
               if v.uses is None and v.countdown is None and not v.single_use
               and not v.once_per_fight
               and (v.button or answered or gives(iter(v.hooks.values())))]
    if any(getattr(script, "reads_counts", ANY_COUNT) == ANY_COUNT for script in scripts):
        return frozenset(map(id, endless)), frozenset(), True
    return frozenset(map(id, endless)), frozenset(
        id(v) for v in endless
        if not any(getattr(script, "reads_counts", ANY_COUNT) for script in v.hooks.values())
    ), False


class FightRules:
    """The fixed facts a fight reads from its library, shared by every copy of the fight."""

    __slots__ = ("library", "statuses", "equipment", "rank", "hooked", "any_use", "removed",
                 "inflicted", "outgoing", "outgoing_statuses", "cards_outgoing", "incoming",
                 "taken_hooked", "attacked_hooked", "dealt_hooked",
                 "watchers", "blows_heard", "dealt_heard", "attacks_heard", "watched",
                 "rolls_heard",
                 "clearing", "adds", "_exprs",
                 "_status_random", "legal_table", "last_read", "bonus_given", "keys_more",
                 "lends", "said_as", "endless", "endless_ids", "idle", "counts_read")

    def __init__(self, library: Any):
        self.library = library
        self.statuses: dict[str, StatusDef] = dict(getattr(library, "statuses", {}) or {})
        self.equipment: dict[str, EquipmentDef] = dict(getattr(library, "equipment", {}) or {})
        order = list(self.statuses) + [s for s in CORE_DEFAULTS if s not in self.statuses]
        self.rank = {sid: i for i, sid in enumerate(order)}
        #: Per hook event, the statuses with such a hook: most events find none on a
        #: fighter, and a look here spares sorting its statuses to run nothing.
        self.hooked: dict[str, frozenset[str]] = {}
        for sid, d in self.statuses.items():
            for event in d.hooks:
                self.hooked[event] = self.hooked.get(event, frozenset()) | {sid}
        #: The statuses with an ``on any use``, ``on removed`` or ``when inflicted`` hook
        #: (every card fired asks the first, every change of stacks one of the others).
        self.any_use: frozenset[str] = self.hooked.get("on any use", frozenset())
        #: The log's word for a status whose name is not its id in other letters
        #: (``Stun Lock``, id ``stun_lock``); any other is said by its id (``poison``).
        self.said_as = {sid: d.name for sid, d in self.statuses.items()
                        if d.name.lower() != sid}
        self.removed: frozenset[str] = self.hooked.get("on removed", frozenset())
        self.inflicted: frozenset[str] = self.hooked.get("when inflicted", frozenset())
        #: The statuses with an ``on outgoing damage`` hook, and whether a card of the
        #: library has one (every blow at the opponent asks both: see Mechanics._damage);
        #: whether a card or a status has an ``on incoming damage`` hook (every blow asks).
        self.outgoing_statuses: frozenset[str] = self.hooked.get("on outgoing damage",
                                                                 frozenset())
        self.cards_outgoing = any(
            "on outgoing damage" in v.hooks for card in self.equipment.values()
            for v in _variants(card))
        self.outgoing = self.cards_outgoing or bool(self.outgoing_statuses)
        self.incoming = self._heard("on incoming damage")
        #: Whether some status has an ``on damage taken``, ``on attacked`` or ``on damage
        #: dealt`` hook (every blow asks, when it is a blow some card or status of the
        #: library hears at all: see blows_heard…); the statuses with an ``on opponent
        #: use``.
        self.taken_hooked = "on damage taken" in self.hooked
        self.attacked_hooked = "on attacked" in self.hooked
        self.dealt_hooked = "on damage dealt" in self.hooked
        self.watchers: frozenset[str] = self.hooked.get("on opponent use", frozenset())
        #: Whether anything may hear a blow that took HP, or one that was dealt, or a blow
        #: of the opponent's at all, or a card used by the opponent: a status, or a card of
        #: the library (as declared, upgraded or weakened), with ``on damage taken`` or
        #: ``on damage dealt``; ``on damage dealt``; ``on attacked``; ``on opponent use``.
        #: Most content has none of them (the base game's limit breaks hear HP lost), and
        #: a blow or a card used then asks no fighter.
        self.blows_heard = self._heard("on damage taken", "on damage dealt")
        self.dealt_heard = self._heard("on damage dealt")
        self.attacks_heard = self._heard("on attacked")
        self.watched = self._heard("on opponent use")
        #: Whether anything may hear a roll (``on roll``): a turn's start asks no fighter
        #: where nothing does.
        self.rolls_heard = self._heard("on roll")
        #: Per moment (``"turn end"``…), the statuses that clear then: most turns end with
        #: none of them, and a look here spares sorting the statuses.
        self.clearing: dict[str, frozenset[str]] = {}
        for sid in {*CORE_DEFAULTS, *self.statuses}:
            when = self.clears(sid)
            self.clearing[when] = self.clearing.get(when, frozenset()) | {sid}
        #: Per status, whether its stacks add up (stacks_add, looked up: every inflict asks).
        self.adds = {sid: self.stacks_add(sid) for sid in {*CORE_DEFAULTS, *self.statuses}}
        self._exprs: dict[int, tuple[Any, Any]] = {}
        #: Fight.legal_moves's table: (pool number, card codes…) → the moves.
        self.legal_table: dict[tuple[int, ...], tuple[Any, ...]] = {}
        self._status_random = {sid: bool(d.is_random) for sid, d in self.statuses.items()}
        # The hooks of the statuses and the fighters (not the cards'), which any fight of
        # the library may run whatever its fighters hold.
        hooks = [script for table in (self.statuses, getattr(library, "enemies", {}) or {},
                                      getattr(library, "heroes", {}) or {})
                 for d in table.values() for script in d.hooks.values()]
        #: Whether a status's or a fighter's hook reads a fighter's ``last_used`` (then a
        #: fight's key always holds it; a card that reads it says so in card_events()).
        self.last_read = any(getattr(script, "reads_last", False) for script in hooks)
        #: Whether a status's or a fighter's hook may call ``bonus()`` (then a fight's key
        #: always holds the turn's bonus; a card that may says so in card_events()).
        self.bonus_given = any(gives_bonus(script) for script in hooks)
        #: Either: the key of every fight holds more than the position.
        self.keys_more = self.last_read or self.bonus_given
        #: Whether some script of the library takes or gives a card for a while
        #: (take_card(c, turns), give_card(c, who, turns)): only then does a turn's end look
        #: for cards to give back or take away.
        self.lends = any(getattr(script, "lends", False) for script in hooks) or any(
            getattr(script, "lends", False) for card in self.equipment.values()
            for v in _variants(card) for script in v.hooks.values())

        #: The cards (their definitions' ids: as declared, upgraded, weakened) that may be
        #: used without end in a turn: no number of uses (nor a countdown, nor once), and a
        #: button, or a card whose scripts (or an ``on any use`` of the library) may give
        #: dice back. Such a use earns the AI's ``card_used`` only when it spent a die
        #: (Fight._watched): else nothing bounds what a turn of them earns. The base game
        #: has one, the Crucible (a burning die rerolled into a burning die).
        #: :attr:`idle` are those whose uses the Fight does not count (Fight._idle): no
        #: script reads the counts. Empty where some script may read a fighter's
        #: ``cards_used`` or ``used_this_turn``, or a card's ``times_used`` other than its
        #: own (:attr:`counts_read`); a card that reads its own ``card.times_used`` is not
        #: one. Which card was used last (``last_used``) is in a position's key when a
        #: script reads it, and a use may change it.
        self.endless, self.idle, self.counts_read = _endless_cards(
            library, self.statuses, self.equipment)
        #: The ids of the cards some variant of which is in :attr:`endless` (the
        #: Crucible's, in the base game): a move of another card pays one look at this set.
        self.endless_ids: frozenset[str] = frozenset(
            card.id for card in self.equipment.values()
            if any(id(v) in self.endless for v in _variants(card)))

    def _heard(self, *events: str) -> bool:
        """Whether a status, or a card of the library (as declared, upgraded or
        weakened), has one of the hooks ``events``."""
        return any(event in self.hooked for event in events) or any(
            event in v.hooks for card in self.equipment.values() for v in _variants(card)
            for event in events)

    def card(self, name: str) -> EquipmentDef:
        """A card by name or id; ValueError with a did-you-mean for an unknown one."""
        key = make_id(name)
        if key in self.equipment:
            return self.equipment[key]
        raise ValueError(f"unknown card '{name}'{did_you_mean(key, self.equipment)}")

    def stacks_add(self, status: str) -> bool:
        d = self.statuses.get(status)
        return d.stacks if d is not None else CORE_DEFAULTS.get(status, ("", True, ""))[1]

    def clears(self, status: str) -> str:
        d = self.statuses.get(status)
        return d.clears if d is not None else CORE_DEFAULTS.get(status, ("", True, "never"))[2]

    def kind(self, status: str) -> str:
        """``"positive"`` or ``"negative"`` (a status nobody declared counts as negative)."""
        d = self.statuses.get(status)
        return d.kind if d is not None else CORE_DEFAULTS.get(status, ("negative",))[0]

    def hook(self, status: str, event: str) -> Any:
        d = self.statuses.get(status)
        return None if d is None else d.hooks.get(event)

    def status_random(self, status: str) -> bool:
        return self._status_random.get(status, False)

    def ordered(self, statuses: dict[str, int]) -> list[str]:
        """A fighter's statuses in declaration order (so hooks run in a fixed order)."""
        rank = self.rank
        return sorted(statuses, key=lambda s: (rank.get(s, len(rank)), s))

    def var_script(self, expr: Any) -> Any:
        """A compiled ``var`` initialiser that is not a plain literal (compiled once)."""
        hit = self._exprs.get(id(expr))
        if hit is None:
            from dicey.lang.interp import Scope, compile_expr   # only content with such vars
            scope = Scope(context=frozenset({"self", "target", "turn", "simulation"}),
                          vars=frozenset(), statuses=frozenset(self.statuses))
            hit = (expr, compile_expr(expr, path="<var>", scope=scope))
            self._exprs[id(expr)] = hit
        return hit[1]


_RULES: dict[int, tuple[Any, FightRules]] = {}


def rules_for(library: Any) -> FightRules:
    """The :class:`FightRules` of a library (made once per library object)."""
    hit = _RULES.get(id(library))
    if hit is None or hit[0] is not library:
        hit = (library, FightRules(library))
        _RULES[id(library)] = hit
    return hit[1]


class Mechanics:
    """Hook running, damage, statuses, dice and firing; mixed into ``Fight``."""

    __slots__ = ()

    # Attributes Fight provides (declared for readers and type checkers).
    rules: FightRules
    fighters: list[Fighter]
    actor: int
    turn: int
    outcome: Any
    simulation: bool
    turn_bonus: int
    turn_countdown: int
    turn_cards_used: int
    log: bool
    _events: list
    _pending: tuple[tuple[int, int], ...]   # countdowns to fire (a move seldom has any),
    #                                         and _END when a script ended the turn
    phase: str
    _fires: int
    _ending: bool
    _answering: bool      # set while an ``on attacked`` hook runs: its blows are not answered
    _shaping: bool        # set while an ``on outgoing/incoming damage`` hook runs (the same)
    _live_vars: dict | None
    _chance: Chance

    def marks_now(self, side: int) -> bool:
        """Whether a mark set on a card of ``side`` now is of its turn under way (its
        start or its moves), not of its next turn: the one rule for ``shock_card``,
        ``weaken_card``, the scripts that read a mark and the marks a position pins."""
        return side == self.actor and self.phase in ("acting", "starting")

    # ------------------------------------------------------------ plumbing

    def _emit(self, kind: type, *fields: Any, **named: Any) -> None:
        """Record an event — made only when the fight keeps a log: the AI's copies do not
        (see ``Fight.copy(log=False)``), and building events is a good part of a move's
        cost."""
        if self.log:
            self._events.append(kind(*fields, **named))

    @property
    def _stopped(self) -> bool:
        """After a knockout, nothing changes (``on fight end`` hooks excepted)."""
        return self.outcome is not None and not self._ending

    def _run(self, script: Any, side: int, card: int | None, names: dict,
             what: tuple[str, str, str], card_vars: dict | None = None) -> Any:
        """Run one script; a fault becomes a ScriptFault event and the result None.
        ``what`` names the script for that event, in parts (``("status ", "poison", "on
        turn start")``): it is put together only when there is a fault. ``names`` holds
        ``turn`` and ``simulation`` already (the callers put them in)."""
        try:
            return script.run(FightEffects(self, side, card), self._chance, names, card_vars)
        except ScriptError as err:
            return self._fault(err, side, what)

    def _fault(self, err: ScriptError, side: int, what: tuple[str, str, str]) -> None:
        """A script's fault, as a ScriptFault event (see :meth:`_run`). Not once the fight
        is over: the script ran on past its end, where nothing it does counts (a loop that
        keeps hitting a fighter at 0 HP runs out its budget), and the log has ended."""
        if self._stopped:
            return
        self._emit(E.ScriptFault, side, self.fighters[side].name, self._fault_where(err, what),
                   err.message)

    @staticmethod
    def _fault_where(err: ScriptError, what: tuple[str, str, str]) -> str:
        """Where a script faulted, for its ScriptFault event: ``file:line:col (Sword, on
        use)``, or the script's name alone when the fault has no place."""
        text = f"{what[0]}{what[1]}, {what[2]}"
        if err.pos is not None and err.pos.line:
            return f"{err.path}:{err.pos.line}:{err.pos.column} ({text})"
        return text

    def _fizzled(self, side: int, card: CardState) -> None:
        """A card whose script failed does nothing (said only while the fight goes on)."""
        if not self._stopped:
            self._emit(E.Fizzled, side, self.fighters[side].name, card.title, "script error")

    def _card_names(self, side: int, index: int, d: int = 0, dice: tuple[int, ...] = (),
                    more: dict | None = None) -> dict:
        """The names a hook of card ``index`` runs with: ``d`` and ``dice``, the card,
        ``turn``, ``simulation``, and ``more`` (``used``…)."""
        names = {"d": d, "dice": dice, "card": card_ref(side, index), "turn": self.turn,
                 "simulation": self.simulation, "burning": 0}
        if more:
            names.update(more)
        return names

    def _card_hook(self, side: int, index: int, event: str, names: dict) -> Any:
        """Run a card's hook with ``names`` (see :meth:`_card_names`): its
        :class:`~dicey.lang.interp.RunResult`, None after a fault, :data:`NO_HOOK` when
        the card has no such hook. A card's hooks set no names (only a status's ``on
        incoming damage`` may set one), so the hooks of one firing share them."""
        card = self.fighters[side].cards[index]
        defn = card.defn
        act = defn.weakened if card.weakened and defn.weakened is not None else defn
        return self._card_script(side, index, card, act.hooks.get(event), event, names)

    def _card_script(self, side: int, index: int, card: CardState, script: Any, event: str,
                     names: dict) -> Any:
        """:meth:`_card_hook` for a card already read: ``script`` is its hook ``event``
        (None if it has none), ``card`` is card ``index`` of ``side`` as it is now."""
        if script is None:
            return NO_HOOK
        if not card.vars:         # nothing to keep in step with the card: run it plainly
            # FightEffects(self, side, index), inlined: a class call that runs an
            # __init__ took about 40% longer than these three stores.
            fx = _new_effects(FightEffects)
            fx.fight, fx.owner, fx.card = self, side, index
            try:                  # (_run, inlined: every card fired comes here)
                return script.run(fx, self._chance, names)
            except ScriptError as err:
                return self._fault(err, side, ("", card.defn.name, event))
        what = ("", card.defn.name, event)
        key = (side, index)
        running = self._live_vars
        if running is None:
            running = self._live_vars = {}
        outer = running.get(key)
        if outer is not None and outer[0] is card.defn:
            # A hook of the card is running already, and its effects set this one off
            # (``on use { hurt_self(1) }`` and ``on damage taken``): the two share the
            # variables, which the outer run keeps in step with the card when it ends.
            return self._run(script, side, index, names, what, outer[1])
        live = dict(card.vars)
        running[key] = (card.defn, live)
        try:
            result = self._run(script, side, index, names, what, live)
        finally:
            if outer is None:
                del running[key]
            else:
                running[key] = outer
        now = self.fighters[side].cards[index]
        if now.defn is card.defn and tuple(live.items()) != now.vars:
            self.fighters[side].set_card(index, now._replace(vars=tuple(live.items())))
        return result

    def _status_hook(self, side: int, status: str, event: str, names: dict | None = None
                     ) -> Any:
        script = self.rules.hook(status, event)
        if script is None:
            return None
        full = {"stacks": self.fighters[side].statuses.get(status, 0), **(names or _NO_NAMES),
                "turn": self.turn, "simulation": self.simulation}
        # (the AI's copies keep no log: for them, one test of a flag and nothing more)
        logged = len(self._events) if self.log else -1
        try:                      # (_run, with effects whose blows the status strikes)
            result = script.run(StatusEffects(self, side, status), self._chance, full)
        except ScriptError as err:
            result = self._fault(err, side, ("status ", status, event))
        if 0 <= logged < len(self._events):
            self._blame_cut(logged, side, status)
        return result

    def _blame_cut(self, start: int, side: int, status: str) -> None:
        """What a hook of ``side``'s status did, said as its doing (among the events from
        ``start``): a turn it ended by ``end_turn()`` (Daze), as a card's names the card,
        and the blows it struck (poison's, frostbite's), as :meth:`_name_causes` says.
        (Only in a fight that keeps a log, after a status hook that logged something.)"""
        events = self._events
        word = self.rules.said_as.get(status, status)
        for i in range(start, len(events)):
            e = events[i]
            if type(e) is E.TurnCut and not e.card and not e.status:
                said = word if e.side == side else f"{self.fighters[side].name}'s {word}"
                events[i] = E.TurnCut(e.side, e.who, "", said)
        self._name_causes(start, side, word, attacks=True)

    def _name_causes(self, start: int, side: int, cause: str, attacks: bool) -> None:
        """The blows among the events from ``start`` that a script of ``side`` struck (its
        card ``cause``, see FightEffects.damage, or its status ``cause``), said as its:
        those it dealt its owner (``hurt_self``, recoil), which no line before explains,
        and with ``attacks`` (a status's hook: no card was used) its attacks too; a cause
        of the other fighter's is said as its (``Warrior's spikes``). A blow named already
        (by a hook run inside this one) keeps its cause. Only in a fight that keeps a
        log."""
        events = self._events
        kinds = ("hurt", "recoil", "attack", "pierce") if attacks else ("hurt", "recoil")
        for i in range(start, len(events)):
            e = events[i]
            if type(e) is E.Damaged and not e.cause and e.kind in kinds:
                said = cause if e.side == side else f"{self.fighters[side].name}'s {cause}"
                events[i] = replace(e, cause=said)

    def _status_hooks(self, side: int, event: str, names: dict | None = None) -> None:
        """One hook on every status of a fighter that has it, in declaration order."""
        statuses = self.fighters[side].statuses
        hooked = self.rules.hooked.get(event)
        if not statuses or not hooked or hooked.isdisjoint(statuses):
            return   # the common case: no status here has this hook
        for status in self.rules.ordered(statuses):
            if self._stopped:
                return
            # Each run gets its own names (_status_hook copies them): a hook that sets
            # ``amount`` does not change what the next one reads.
            if status in hooked and status in self.fighters[side].statuses:
                self._status_hook(side, status, event, names)

    def _fighter_hook(self, side: int, event: str) -> None:
        f = self.fighters[side]
        script = f.defn.hooks.get(event)
        if script is not None and not self._stopped:
            self._run(script, side, None, {"turn": self.turn, "simulation": self.simulation},
                      ("", f.name, event))

    def _cards_hook(self, side: int, event: str, names: dict | None = None,
                    thread: str | None = None, held: tuple[bool, ...] | None = None,
                    notes: list[str] | None = None) -> dict | None:
        """One hook on every card of a fighter, left to right (cards given meanwhile too;
        with ``held``, only in the places it marks: those that held a card in play when
        the event came). With ``thread`` (``amount``), each hook sees the value of that
        name the one before it set (each change said in ``notes``, when given): the names
        as the last one left them are returned."""
        f = self.fighters[side]
        if event not in f.card_events():
            return names   # the common case: no card here has this hook
        cards = f.cards
        i = 0
        while i < len(cards) and (self.outcome is None or self._ending):   # not _stopped
            card = cards[i]
            if not card.gone and (held is None or i < len(held) and held[i]):
                defn = card.defn       # card.active, inlined: this loop is a hot one
                act = defn.weakened if card.weakened and defn.weakened is not None else defn
                if event in act.hooks:
                    logged = len(self._events) if self.log else -1
                    result = self._card_hook(side, i, event,
                                             self._card_names(side, i, more=names))
                    if thread is not None:
                        names = _threaded(result, names, thread, card.title, notes)
                    if 0 <= logged < len(self._events):    # it did something: say whose
                        self._events.insert(logged, E.CardActed(side, f.name, card.title,
                                                                event))
                    cards = self.fighters[side].cards
            i += 1
        return names

    def _init_vars(self, side: int, defn: EquipmentDef) -> tuple[tuple[str, Any], ...]:
        out = []
        for name, expr in defn.vars:
            ok, value = literal_value(expr)
            if not ok:
                try:
                    script = self.rules.var_script(expr)
                    value = script.evaluate(FightEffects(self, side, None), self._chance,
                                            {"turn": self.turn, "simulation": self.simulation})
                except ScriptError as err:
                    self._emit(E.ScriptFault, side, self.fighters[side].name,
                               f"{defn.name}, var {name}", err.message)
                    value = 0
            out.append((name, value))
        return tuple(out)

    # -------------------------------------------------------------- damage

    def _damage(self, src: int, dst: int, amount: int, dtype: str, kind: str,
                by: str | None = None) -> int:
        """Deal damage (see the module docstring for the order); returns HP removed.
        ``by`` is the status that struck (its hook, or its rule: ``burn``, ``thorns``),
        None for a card or a hook of ``src`` (what the damage hooks read as ``source``)."""
        if amount <= 0 or (self.outcome is not None and not self._ending):  # _stopped
            return 0
        target = self.fighters[dst]
        rules = self.rules
        # Statuses hold stacks > 0 only, so ``in`` asks whether a fighter has one (a
        # look-up, where .get is a call): every attack asks several. The target's are
        # read again after anything that may run a hook (a change may replace them).
        attack = kind == "attack" or kind == "pierce"
        shaped: list[str] | None = None     # the hooks that changed the blow (logged)
        if attack:
            # (the base game: one status hears its owner's blows, and this asks without a
            # call whether the attacker has it)
            if self.log:
                shaped = []
            if rules.outgoing and src != dst and (
                    rules.cards_outgoing or
                    not rules.outgoing_statuses.isdisjoint(self.fighters[src].statuses)):
                amount = self._shaped(src, "on outgoing damage", amount, src, dtype, by,
                                      shaped)
                if self.outcome is not None and not self._ending:   # (a hook ended it)
                    return 0
            d = target.defn
            if d.immune or d.strong or d.weak:      # most fighters have no such traits
                amount = self._typed(target, dtype, amount)
            if rules.incoming:
                amount = self._shaped(dst, "on incoming damage", amount, src, dtype, by,
                                      shaped)
                if self.outcome is not None and not self._ending:
                    return 0
            struck = amount         # (what ``on attacked`` sees)
            if "reduce" in target.statuses:
                amount = max(0, amount - target.statuses["reduce"])
            ignore_shield = kind == "pierce"
            if kind == "attack" and src != dst and "pierce" in self.fighters[src].statuses:
                self._remove_status(src, "pierce", 1)
                ignore_shield = True
        else:
            ignore_shield = kind == "hurt" or kind == "burn"
        statuses = target.statuses
        shield = statuses["shield"] if not ignore_shield and "shield" in statuses else 0
        blocked = shield if shield < amount else amount   # min(), without the call
        lost = 0
        if amount > blocked:        # HP lost; survive leaves 1 once
            lost = amount - blocked
            hp = target.hp
            if lost >= hp and "survive" in statuses and hp > 0:
                self._remove_status(dst, "survive", 1)
                hp = target.hp     # (a hook of the removal may have changed it)
                lost = hp - 1
            if lost > hp:
                lost = hp
            if lost >= hp and self._ending and self.outcome.winner == dst:
                lost = hp - 1   # the fight is decided: its end's hooks cannot undo that
            target.hp = hp - lost
        if self.log:
            self._log_blow(src, E.Damaged(dst, target.name, lost, target.hp, blocked, dtype,
                                          kind, amount, reduced=struck - amount if attack
                                          else 0, trait=_trait(target.defn, dtype)
                                          if attack else "",
                                          shaped=", ".join(shaped) if shaped else ""),
                           kind == "attack" and ignore_shield)
        if blocked:
            self._set_status(dst, "shield", shield - blocked)
        if target.hp <= 0:        # knocked out: it hits back with no hook, nor thorns
            self._knockout(dst)
            return lost
        # Most content has none of the damage hooks; where the library has cards with one
        # (the limit breaks charge on HP lost), most fighters hold none: asked here,
        # without a call (a fighter's card_events() is kept; an empty set is made again,
        # cheaply). Hot path: a library with no ``on attacked`` and no ``on damage dealt``
        # (the base game) pays one test of a flag for each, per blow.
        if rules.attacks_heard and attack and (   # (an attack aims at the other fighter)
                rules.attacked_hooked or
                "on attacked" in (target._card_events or target.card_events())) and \
                not getattr(self, "_answering", False):    # (unset outside such a hook)
            # A blow an answer strikes is not answered in turn (as thorns are not): two
            # Hedgehogs trade one blow each, not blows until the nesting limit.
            self._answering = True
            try:
                self._blow_heard(dst, "on attacked", struck, src, dtype, by,
                                 struck - amount + blocked)   # (reduce's and shield's)
            finally:
                del self._answering
        if lost and rules.blows_heard:
            if rules.taken_hooked or \
                    "on damage taken" in (target._card_events or target.card_events()):
                self._blow_heard(dst, "on damage taken", lost, src, dtype, by)
            if rules.dealt_heard and src != dst and (
                    rules.dealt_hooked or "on damage dealt" in (
                        self.fighters[src]._card_events or self.fighters[src].card_events())):
                self._blow_heard(src, "on damage dealt", lost, src, dtype, by)
        if attack and src != dst and "thorns" in target.statuses:
            self._damage(dst, src, target.statuses["thorns"], "normal", "thorns", "thorns")
        return lost

    def _log_blow(self, src: int, event: E.Damaged, pierced: bool) -> None:
        """Log a blow (in a fight that keeps a log), thorns as whose they are. A stack
        spent on it, the attacker's pierce (``pierced``) or the receiver's survive (it was
        left at 1 HP by less than the blow dealt), was spent before it landed and is said
        after it, the effect first, then the loss it explains (the events the loss set off
        stay where they are)."""
        events = self._events
        if event.kind == "thorns":          # whose: the thorns are the attacked fighter's
            event = replace(event, cause=f"{self.fighters[src].name}'s thorns")
        events.append(event)
        spent = [(src, "pierce")] if pierced else []
        if event.hp > 0 and event.amount + event.blocked < event.dealt:
            spent.append((event.side, "survive"))
        for side, status in spent:
            for i in range(len(events) - 2, -1, -1):
                e = events[i]
                if type(e) in (E.Damaged, E.Fired, E.TurnStarted):   # before this blow
                    break
                if type(e) is E.StatusChanged and e.side == side and e.status == status \
                        and e.new < e.old:
                    events.append(events.pop(i))
                    break

    @staticmethod
    def _typed(target: Fighter, dtype: str, amount: int) -> int:
        d = target.defn
        if dtype in d.immune:
            return 0
        if dtype in d.strong:
            amount //= 2
        if dtype in d.weak:
            amount *= 2
        return amount

    def _shaped(self, side: int, event: str, amount: int, src: int, dtype: str,
                by: str | None, notes: list[str] | None = None) -> int:
        """A blow's amount through ``side``'s ``event`` hooks (``on outgoing damage`` of
        the attacker, ``on incoming damage`` of the receiver): its cards' (left to right),
        then its statuses' (in declaration order), each seeing the amount the one before it
        set, each change said in ``notes`` (the log's: given when the fight keeps one). A
        blow one of them strikes is dealt as it is, through no such hook (as an answer is
        not answered): a hook that strikes is no loop."""
        f = self.fighters[side]
        hooked = self.rules.hooked.get(event)
        cards = event in (f._card_events or f.card_events())
        if not cards and (not hooked or hooked.isdisjoint(f.statuses)) or \
                getattr(self, "_shaping", False):         # (unset outside such a hook)
            return amount       # the common case: nothing of this fighter's hears it
        names = {"amount": amount, "source": self._source(side, src, by), "type": dtype}
        self._shaping = True
        try:
            if cards:
                names = self._cards_hook(side, event, names, thread="amount", notes=notes)
            if hooked:
                for status in self.rules.ordered(self.fighters[side].statuses):
                    if status in hooked and status in self.fighters[side].statuses \
                            and not self._stopped:
                        names = _threaded(self._status_hook(side, status, event, names),
                                          names, "amount",
                                          self.rules.said_as.get(status, status),
                                          notes)
        finally:
            del self._shaping
        return names["amount"]

    def _heal(self, side: int, amount: int) -> int:
        f = self.fighters[side]
        if self._stopped or amount <= 0 or f.hp <= 0:
            return 0
        gained = max(0, min(amount, f.max_hp - f.hp))
        if gained:
            f.hp += gained
            self._emit(E.Healed, side, f.name, gained, f.hp)
        return gained

    def _knockout(self, side: int) -> None:
        if self.outcome is not None:
            return
        self._emit(E.Died, side, self.fighters[side].name)
        self._finish(1 - side, "knockout")

    # ------------------------------------------------------------- statuses

    def _set_status(self, side: int, status: str, value: int) -> None:
        f = self.fighters[side]
        old = f.statuses.get(status, 0)
        if value == old:
            return
        f.set_stacks(status, value)
        if self.log:
            self._events.append(E.StatusChanged(side, f.name, status, old, max(0, value),
                                                self.rules.said_as.get(status, "")))
        if value <= 0 and status in self.rules.removed and not self._stopped:
            self._status_hook(side, status, "on removed", {"stacks": old})

    def _add_status(self, side: int, status: str, stacks: int) -> None:
        f = self.fighters[side]
        if stacks <= 0 or self.outcome is not None and not self._ending:   # _stopped
            return
        if status in _DAMAGE_TYPES and status in f.defn.immune:
            if self.log:   # immune to poison: no poison stacks either, and the log says so
                self._events.append(E.Resisted(side, f.name, status, stacks,
                                               self.rules.said_as.get(status, "")))
            return
        old = f.statuses.get(status, 0)
        rules = self.rules
        new = old + stacks if rules.adds.get(status, True) else max(old, stacks)
        if new > STACK_CAP:
            new = STACK_CAP
        if new == old:
            return
        f.set_stacks(status, new)
        if self.log:
            self._events.append(E.StatusChanged(side, f.name, status, old, new,
                                                self.rules.said_as.get(status, "")))
        if status in rules.inflicted:
            self._status_hook(side, status, "when inflicted", {"inflicted": new - old})

    def _remove_status(self, side: int, status: str, stacks: int | None) -> int:
        have = self.fighters[side].statuses.get(status, 0)
        if self._stopped or not have:
            return 0
        gone = have if stacks is None else max(0, min(have, stacks))
        if gone:
            self._set_status(side, status, have - gone)
        return gone

    def _clear_statuses(self, side: int, when: str) -> None:
        statuses = self.fighters[side].statuses
        clearing = self.rules.clearing.get(when)
        if not statuses or clearing is None or clearing.isdisjoint(statuses):
            return    # the common case: nothing clears now
        for status in self.rules.ordered(statuses):
            if self.rules.clears(status) == when and not self._stopped:
                self._set_status(side, status, 0)

    # ------------------------------------------------------------ dice, misc

    def _give_dice(self, side: int, values: tuple[int, ...], burning: bool = False) -> None:
        if not values or self.outcome is not None and not self._ending:  # _stopped
            return
        f = self.fighters[side]
        for v in values:          # a loop, not a generator: give() is a common call
            if type(v) is not int or not 1 <= v <= 6:   # true and false are not dice
                raise ScriptError(f"dice must be 1 to 6, got {list(values)}")
        # Outside its turn, the dice wait for its next roll (not marks_now(side), inlined:
        # give() is a common call).
        later = side != self.actor or self.phase != "acting" and self.phase != "starting"
        if len(f.waiting if later else f.dice) + len(values) > MAX_DICE:
            raise ScriptError(f"more than {MAX_DICE} dice waiting for a roll" if later
                              else f"more than {MAX_DICE} dice in a pool")
        if len(values) > 1:
            # Dice given at once join the pool lowest first: a split's order is chance, and
            # the pools it makes in either order are one state to the AI (one key), so the
            # dice it gives must also take the same places (a hint numbers them by place).
            values = tuple(sorted(values))
        dice = map((BURNING_DICE if burning else PLAIN_DICE).__getitem__, values)
        if later:
            f.wait_dice(dice)
        else:
            f.add_dice(dice)
        if self.log:
            self._events.append(E.DiceGiven(side, f.name, tuple(values), burning, later))

    def _blow_heard(self, side: int, event: str, amount: int, src: int, dtype: str,
                    by: str | None, blocked: int | None = None) -> None:
        """``event`` (``on attacked``, ``on damage taken`` or ``on damage dealt``) for a
        blow of ``amount`` (the HP it removed; for ``on attacked``, the blow before reduce
        and shield, and ``blocked``, what they took of it) that ``src`` struck (``by`` its
        status, or its card or hook: None) with type ``dtype``: ``side``'s cards (left to
        right), then its statuses."""
        names = {"amount": amount, "source": self._source(side, src, by), "type": dtype}
        if blocked is not None:
            names["blocked"] = blocked
        if event in self.fighters[side].card_events():   # (most fighters: no such card)
            self._cards_hook(side, event, names)          # (each hook's run copies names)
        self._status_hooks(side, event, names)

    def _roll_heard(self, side: int, values: tuple[int, ...]) -> None:
        """``on roll`` once ``side`` has rolled ``values`` (as they came, before any
        status marked them) and its pool is set: the roller's cards (left to right) and
        statuses, then the other fighter's; ``roller`` is the roller as each names it. A
        card hears a roll once: one given or taken meanwhile (seated in a place a spent
        card left, or at the end) does not hear it again on its new side."""
        held = [tuple(not c.gone for c in f.cards) for f in self.fighters]
        for who in (side, 1 - side):
            if self._stopped:
                return
            names = {"rolled": values, "roller": _SELF if who == side else _TARGET}
            self._cards_hook(who, "on roll", names, held=held[who])
            self._status_hooks(who, "on roll", names)

    @staticmethod
    def _source(side: int, src: int, by: str | None) -> Any:
        """A damage hook's ``source`` for ``side``: the status that struck (``by``), or
        the fighter whose card or hook did, as ``side`` names it (``self``, ``target``)."""
        if by is not None:
            return by
        return _SELF if src == side else _TARGET

    def _set_dice(self, side: int, values: tuple[int, ...]) -> None:
        """``set_dice``: the dice ``side`` can place and see (``pool_values``) become dice
        of ``values``, in pool order. The i-th value takes the place of the i-th such die
        and keeps its burning mark; values past their number are new plain dice, at the
        end; such dice past the values' number go. Locked and blind dice stay as they are.
        A call that changes nothing changes nothing (the pool, its code, the log).
        Outside ``side``'s turn it has no pool to change: the values are dice given for
        its next roll, as ``give`` gives them then."""
        if self._stopped:
            return
        if not self.marks_now(side):
            self._give_dice(side, tuple(values))
            return
        for v in values:
            if type(v) is not int or not 1 <= v <= 6:   # true and false are not dice
                raise ScriptError(f"dice must be 1 to 6, got {list(values)}")
        f = self.fighters[side]
        old = f.dice
        kept = sum(1 for d in old if d.locked or d.blind)
        if kept + len(values) > MAX_DICE:
            raise ScriptError(f"more than {MAX_DICE} dice in a pool")
        new: list[Die] = []
        given = iter(values)
        for die in old:
            if die.locked or die.blind:
                new.append(die)
                continue
            v = next(given, None)
            if v is not None:
                new.append(die if die.value == v else
                           BURNING_DICE[v] if die.burning else PLAIN_DICE[v])
        new.extend(map(PLAIN_DICE.__getitem__, given))
        if new == old:
            return
        f.set_dice(new)
        if self.log:
            self._events.append(E.DiceSet(side, f.name, pool_values(old), values))

    def _extra_dice(self, side: int, count: int, rolls: int | None = None) -> None:
        """``extra_dice``: ``side`` rolls ``count`` more dice (fewer: below 0) each turn,
        or in its next ``rolls`` rolls. For the fight, its dice stay 0 to the cap; for a
        few rolls, any count is kept (each roll is held to 0 to the cap: a die lost for
        one roll may meet one gained for two)."""
        f = self.fighters[side]
        asked = count
        if rolls is None:
            base = f.dice_count + f.extra
            count = max(-base, min(count, MAX_DICE - base))
        if self._stopped or count == 0:
            return
        f.add_extra_dice(count, rolls)
        self._emit(E.ExtraDice, side, f.name, count, rolls or 0,
                   asked if asked != count else 0)

    def _bonus(self, side: int, points: int) -> None:
        # Only the acting fighter's plan is being scored.
        if side == self.actor:
            self.turn_bonus += points

    def _say(self, side: int, text: str) -> None:
        self._emit(E.Said, side, self.fighters[side].name, text)

    def _boost_countdowns(self, side: int, amount: int) -> None:
        """Take ``amount`` off every countdown of ``side`` that could take a die now: a
        card with no use left this turn (one use a turn, and it fired) or a shocked one
        is not wound, or a boost would fire it past its uses (or while shocked)."""
        if self._stopped or amount <= 0:
            return
        f = self.fighters[side]
        for i, card in enumerate(f.cards):
            if card.gone or card.active.countdown is None or card.countdown <= 0 or \
                    card.uses_left == 0 or card.shocked:
                continue
            self._pour(side, i, amount)

    def _pour(self, side: int, index: int, amount: int) -> bool:
        """Take ``amount`` off a countdown; True (and queued to fire) when it reaches 0."""
        card = self.fighters[side].cards[index]
        used = min(amount, card.countdown)
        left = card.countdown - used
        self.fighters[side].change_card(index, CardState.with_countdown, left)
        if side == self.actor:
            self.turn_countdown += used
        if self.log:
            self._events.append(E.CountdownChanged(side, self.fighters[side].name,
                                                   card.title, left))
        if left == 0:
            self._pending += ((side, index),)
        return left == 0

    def _give_card(self, side: int, card_id: str, turns: int | None = None) -> None:
        """``give_card("Name")``: a fresh card of that name for ``side``, for the fight or
        (``turns``) until the end of its ``turns``-th turn from now."""
        if self._stopped:
            return
        defn, upgraded = self._named_card(card_id)
        self._seat_given(side, defn, upgraded, turns)

    def _give_copy(self, side: int, src_side: int, index: int,
                   turns: int | None = None) -> None:
        """``give_card(c)``: a fresh card like ``c`` (upgraded if it is) for ``side``."""
        if self._stopped:
            return
        src = self.fighters[src_side].cards[index]
        # (as fitted: the upgraded card's own definition)
        self._seat_given(side, src.defn, src.upgraded, turns)

    def _seat_given(self, side: int, defn: EquipmentDef, upgraded: bool,
                    turns: int | None) -> None:
        card = fresh_card(defn, upgraded=upgraded, temporary=True,
                          vars=self._init_vars(side, defn))
        if turns is not None:      # it goes at the end of that turn (_give_back), unowned
            card = card._replace(loan=(self._last_turn(side, turns), GIVEN))
        self._seat(side, card)
        self._emit(E.CardGiven, side, self.fighters[side].name, card.title,
                   turns=turns or 0, later=turns is not None and self.actor != side)

    def _first_turn(self, side: int) -> int:
        """``side``'s first turn from now: the turn under way if it is ``side``'s, else
        its next (as a card held for a while counts its turns)."""
        return self.turn if self.actor == side else self.turn + 1

    def _last_turn(self, side: int, turns: int) -> int:
        """The turn at whose end a card held for ``turns`` of ``side``'s turns goes."""
        return self._first_turn(side) + 2 * (turns - 1)

    def _take_card(self, side: int, src_side: int, index: int,
                   turns: int | None = None) -> None:
        """``take_card(c)``: card ``index`` of the opponent goes to ``side`` for the rest
        of the fight, as it is (its variables, its uses this fight, upgraded or not),
        without dice or marks and with its uses of a turn. The opponent's place for it
        stays, used up (so every card keeps its index while scripts run), and comes back
        with the rest of its kit after the fight. With ``turns``, the card goes back at
        the end of ``side``'s ``turns``-th turn from now (:meth:`_give_back`). A card
        taken for a while that is taken again (by its owner, say) is taken anew: the
        first loan ends, and nothing goes back for it. A card given for a while stays
        one: it goes when its time is up, and goes back to nobody."""
        if self._stopped:
            return
        src = self.fighters[src_side]
        card = src.cards[index]
        if src_side == side:
            raise ScriptError(f"take_card(): {card.title} is the owner's own card (it takes "
                              "one of the opponent's: target.cards)")
        if card.gone:
            raise ScriptError(f"take_card(): {card.title} is not in play (used up or taken)")
        if card.loan and card.loan[1] == GIVEN:
            # A card given for a while stays one: it goes when its time is up, whoever
            # holds it then (at the end of the taker's turn at or past it), and does not
            # go back; the log says for how many of the taker's turns.
            loan = card.loan
            turns = max(1, (loan[0] - self._first_turn(side) + 1) // 2 + 1)
        else:
            loan = () if turns is None else (self._last_turn(side, turns), index)
        taken = card._replace(placed=(), burnt=0, shocked=False, weakened=False,
                              uses_left=uses_for(card.defn), temporary=STOLEN, loan=loan)
        self._seat(side, taken)    # (past the cap it faults here: nothing has moved)
        src.set_card(index, card._replace(gone=TAKEN, placed=(), burnt=0, loan=()))
        self._emit(E.CardTaken, side, self.fighters[side].name, card.title, victim=src.name,
                   turns=turns or 0, later=turns is not None and self.actor != side)

    def _give_back(self, side: int) -> None:
        """At the end of ``side``'s turn: each card it took for a while whose time is up
        goes back to its owner, in its old place, as it is now (its variables, its uses
        this fight, its countdown; used up or discarded if it was meanwhile), with the
        uses and marks its place had; a card it was given for a while goes, nobody
        getting it. ``side``'s place for it goes: the last card is
        removed (so a side that takes a card for a turn and gives it back holds what it
        held), another stays, gone, for a card given or taken later (as a card used up
        does). A card coming back unchanged is the card that left."""
        f = self.fighters[side]
        owner = self.fighters[1 - side]
        turn = self.turn
        i = len(f.cards) - 1
        while i >= 0:             # from the last: a removed place moves no other
            card = f.cards[i]
            if card.loan and card.loan[0] <= turn and card.gone != TAKEN:
                place = card.loan[1]
                husk = owner.cards[place] if 0 <= place < len(owner.cards) else None
                if husk is not None and husk.gone == TAKEN:   # (not pinned away meanwhile)
                    owner.set_card(place, husk._replace(
                        defn=card.defn, ident=card.ident, upgraded=card.upgraded,
                        vars=card.vars, times_used=card.times_used,
                        countdown=card.countdown, gone=card.gone))
                if i == len(f.cards) - 1:
                    f.set_cards(f.cards[:-1])
                else:
                    f.set_card(i, card._replace(gone=RETURNED, loan=(), placed=(), burnt=0))
                f.forget_place(i)
                if place == GIVEN:      # (one used up or discarded meanwhile went already)
                    if not card.gone:
                        self._emit(E.CardExpired, side, f.name, card.title)
                else:
                    self._emit(E.CardReturned, 1 - side, owner.name, card.title, f.name)
            i -= 1

    def _discard(self, side: int, index: int) -> None:
        """``discard(c)``: card ``index`` of ``side`` is gone for the rest of the fight,
        nobody getting it (its place stays, as a card taken leaves its place)."""
        if self._stopped:
            return
        f = self.fighters[side]
        card = f.cards[index]
        if card.gone:
            raise ScriptError(f"discard(): {card.title} is not in play (used up, taken or "
                              "discarded)")
        f.set_card(index, card._replace(gone=DISCARDED, placed=(), burnt=0, shocked=False,
                                        weakened=False))
        self._emit(E.CardDiscarded, side, f.name, card.title)

    def _mark_card(self, side: int, index: int, mark: str) -> bool:
        """``shock_card(c)``/``weaken_card(c)``: card ``index`` of ``side`` marked as a
        stack of the status marks one (only a card the status could pick: see
        card_mark_choices), for its owner's turn under way (its start or its moves) and
        else for its next turn; a card holding dice is not marked in its turn. Whether
        it was marked."""
        if self._stopped:
            return False
        f = self.fighters[side]
        card = f.cards[index]
        if card.gone:
            raise ScriptError(f"{mark}_card(): {card.title} is not in play (used up, taken "
                              "or discarded)")
        now = self.marks_now(side)
        if now:
            probe = card
            if card.placed:
                return False
        elif card.shocked in (SHOCK_NEXT, WEAKEN_NEXT):   # marked for that turn already
            return False
        else:   # the marks of its owner's turn that is over go at its next turn's start
            probe = card._replace(shocked=False, weakened=False)
        if not card_mark_choices((probe,), mark):
            return False
        f.set_card(index, marked(card, mark, now))
        self._emit(E.CardMarked, side, f.name, card.title, mark, not now)
        return True

    def _seat(self, side: int, card: CardState) -> None:
        """Put a card given or taken on ``side``: in the place of the first card given
        earlier and used up (a deck's card played, a spell cast: a hand dealt each turn
        never fills the side) and not taken for a while (its loan still runs), else last;
        a side holds at most MAX_CARDS."""
        f = self.fighters[side]
        # (a place whose card was taken for a while is kept for it, on both sides: the
        # owner's waits for it, and the taker's holds it, used up or discarded, until it
        # goes back: see _give_back)
        lent = {c.loan[1] for c in self.fighters[1 - side].cards if c.loan} \
            if self.rules.lends else ()
        spent = next((i for i, c in enumerate(f.cards)
                      if c.temporary and c.gone and not c.loan and i not in lent), None)
        if spent is not None:
            f.set_card(spent, card)
            f.forget_place(spent)        # last_used names the card, not the place
        elif len(f.cards) >= MAX_CARDS:      # as many as a fighter may be declared with
            raise ScriptError(f"more than {MAX_CARDS} cards on a side")
        else:
            f.add_card(card)

    def _ask_end(self, side: int, index: int | None, who: int) -> bool:
        """``end_turn()`` in a script of ``side`` (of its card ``index``), for the turn of
        ``who`` (``side``, or the other for ``end_turn(target)``): in ``who``'s own move,
        its turn ends once the move is done (a mark in the queue the move settles: see
        Fight.apply); whether it will."""
        if self.phase != "acting" or self.actor != who or self._stopped:
            return False
        if _END not in self._pending:
            f = self.fighters[side]
            card = "" if index is None else f.cards[index].title
            if card and who != side:
                card = f"{f.name}'s {card}"
            self._emit(E.TurnCut, who, self.fighters[who].name, card)
            self._pending += (_END,)
        return True

    def _replace_card(self, side: int, index: int, card_id: str, check: bool = False) -> None:
        """Card ``index`` of ``side`` becomes a fresh ``card_id`` in its place
        (``replace_with``, and with ``check`` ``replace_card``, which a card not in play
        faults)."""
        if self._stopped:
            return
        f = self.fighters[side]
        old = f.cards[index]
        if check and old.gone:
            raise ScriptError(f"replace_card(): {old.title} is not in play (used up, taken "
                              "or discarded)")
        defn, upgraded = self._named_card(card_id)
        new = fresh_card(defn, upgraded=upgraded, temporary=old.temporary,
                         vars=self._init_vars(side, defn))
        if old.loan:              # a card taken for a while goes back as what it became
            new = new._replace(loan=old.loan)
        f.set_card(index, new)
        self._emit(E.CardReplaced, side, f.name, old.defn.name, new.title)

    def _named_card(self, ref: str) -> tuple[EquipmentDef, bool]:
        """The card a name found at run time means (as ``equipment:`` lists read it:
        ``"Sword+"`` is the upgraded Sword) and whether it is the upgrade; a fault for an
        unknown card, and for an upgrade of a card that has none."""
        name, upgraded = upgrade_ref(ref)
        if upgraded and name.endswith("+"):
            raise ScriptError(f"'{ref}': a card has one upgrade "
                              f"(write \"{upgrade_ref(name)[0]}+\")")
        try:
            defn = self.rules.card(name)
        except ValueError as err:
            raise ScriptError(str(err)) from None
        if not upgraded:
            return defn, False
        if defn.upgraded is None:
            raise ScriptError(f"'{ref}': {defn.name} has no upgrade")
        return defn.upgraded, True

    # -------------------------------------------------------------- firing

    def _fire(self, side: int, index: int, dice: tuple[int, ...] | None = None,
              card: CardState | None = None, act: EquipmentDef | None = None,
              burning: int = 0) -> None:
        """Fire a card: its slots are full (``dice``: the dice that were placed, already
        taken off the card by the caller; ``burning`` of them were burning) or its
        countdown reached 0 (``dice`` None). ``card`` and ``act`` are the card and its
        acting definition when the caller has just read them (every placement that fires
        has)."""
        f = self.fighters[side]
        if card is None or act is None:
            card = f.cards[index]
            defn = card.defn      # card.active, inlined: every card fired comes here
            act = defn.weakened if card.weakened and defn.weakened is not None else defn
        if dice is None:          # a countdown: wound up again, d is its size
            d, dice = act.countdown, ()
            card = f.change_card(index, CardState.with_countdown, act.countdown)
        else:
            d = sum(dice) + act.free
        self._fires += 1
        if self._fires > MAX_FIRES:
            self._pending = ()
            origin = card.defn.origin
            where = f"{origin} ({card.title})" if origin is not None else card.title
            self._emit(E.ScriptFault, side, f.name, where,
                       f"more than {MAX_FIRES} cards fired in one move: this card and the "
                       "cards it sets off (or that set it off) keep firing one another; "
                       "the move stops here")
            return
        log = self.log
        if log:
            self._events.append(E.Fired(side, f.name, card.title, d, dice))
            said, vars_before = len(self._events), card.vars    # (for NoEffect, below)
        try:                      # card_ref, inlined: every card fired comes here
            ref = _CARD_REFS[side][index]
        except IndexError:
            ref = card_ref(side, index)
        names = {"d": d, "dice": dice, "card": ref, "turn": self.turn,   # _card_names
                 "simulation": self.simulation, "burning": burning}
        # Fury and reequip act on the next card used: one fired while they are held, not
        # the card whose own script grants them.
        statuses = f.statuses
        held = ("fury" in statuses, "reequip" in statuses) if statuses else _HELD_NONE
        # The card used last, and one more used this turn (Fighter.used), from the moment
        # it fires: the hooks its blows set off see it. (Kept for every fighter: a test of
        # whether some script reads it would cost about as much; profile_engine --ops.)
        f.used += (index,)
        used = self._resolve(f, side, index, card, act, names, held[0])
        if used:
            # Most fighters have no ``on any use`` hook at all, on a card or a status (the
            # cards' hooks are kept on the fighter: card_events(), without the call; a
            # fighter's cards have hooks, ``on use`` at least, so its set is seldom empty).
            if "on any use" in (f._card_events or f.card_events()) or \
                    f.statuses and not self.rules.any_use.isdisjoint(f.statuses):
                self._any_use(side, index)
            # Hot path: a library with no ``on opponent use`` (the base game) pays one
            # test of a flag per card used.
            if self.rules.watched:
                other = self.fighters[1 - side]
                if "on opponent use" in (other._card_events or other.card_events()) or \
                        self.rules.watchers and not self.rules.watchers.isdisjoint(
                            other.statuses):
                    self._opponent_use(side, index)
        # The use counted (reequip keeps it), on the card fired: one that turned into
        # another meanwhile (replace_with) is a fresh card. A card that ended the fight
        # counts its use too: the finished fight shows it spent.
        fired_defn, card = card.defn, f.cards[index]
        if card.defn is fired_defn:
            uses, kept = card.uses_left, False
            if uses != UNLIMITED:
                kept = held[1] and "reequip" in f.statuses and self._reequipped(side, card)
                if not kept and uses > 0:
                    uses -= 1
            f.change_card(index, kept_use if kept else fired, uses)
            f.cards_used += 1
            # A card whose script failed earns the AI no card_used (hot path: one test
            # more per card the actor fires, ~1 bytecode a move in profile_engine --ops).
            if side == self.actor and used is not None:
                self.turn_cards_used += 1
        # A use the log would say nothing of (Bellows with nothing to double): nothing
        # said since it, nor a variable of the card changed (the Ember Jar keeping a die
        # says nothing, and does something), so that the log does not stop at the use.
        if log and len(self._events) == said and card.vars == vars_before and \
                not self._stopped:
            self._events.append(E.NoEffect(side, f.name, card.title))

    def _resolve(self, f: Fighter, side: int, index: int, card: CardState, act: EquipmentDef,
                 names: dict, fury: bool) -> bool | None:
        """Curse, dodge, ``before use``, ``on use`` (twice with fury, when the owner held
        fury as the card fired: ``fury``): whether the card was used (then ``on any use``
        runs), not fizzled or cancelled; None when its script failed (a fizzle by script
        error, which earns the AI no ``card_used``)."""
        if "curse" in f.statuses and self._cursed(side, act, card):
            return False
        if act.cast == "target" and "dodge" in self.fighters[1 - side].statuses:
            return self._dodged(side, index, card, names)
        hooks = act.hooks
        if "before use" in hooks:
            result = self._card_hook(side, index, "before use", names)
            if result is None or result is NO_HOOK:
                self._fizzled(side, card)
                return None
            if result.cancelled:
                self._emit(E.Cancelled, side, f.name, card.title)
                return False
            result = self._card_hook(side, index, "on use", names)   # the card may differ
        else:                     # nothing ran since the card was read: run it as it is
            result = self._card_script(side, index, card, hooks.get("on use"), "on use",
                                       names)
        # Once more with fury (a stack spent); a fault fizzles the card.
        if result is not None and fury and "fury" in f.statuses and not self._stopped:
            if self.log:          # (said first: the second run, then the fury it spent)
                self._events.append(E.Fired(side, f.name, card.title, names["d"],
                                            names["dice"], again=True))
            self._remove_status(side, "fury", 1)
            result = self._card_hook(side, index, "on use", names)
        if result is None:
            self._fizzled(side, card)
            return None
        return True

    def _dodged(self, side: int, index: int, card: CardState, names: dict) -> bool | None:
        """The target dodges ``card`` (a stack spent): ``on dodged`` runs instead; whether
        the card was used (None: its script failed)."""
        opp = 1 - side
        self._emit(E.Dodged, opp, self.fighters[opp].name, card.title)   # then the dodge
        self._remove_status(opp, "dodge", 1)                              # it spent
        if self._card_hook(side, index, "on dodged", names) is None:
            self._fizzled(side, card)
            return None
        return True

    def _cursed(self, side: int, act: EquipmentDef, card: CardState) -> bool:
        """Curse's check: True when ``card`` (acting as ``act``) fizzles (a curse stack
        spent)."""
        f = self.fighters[side]
        if not f.statuses.get("curse", 0) or "curseavoid" in act.tags:
            return False
        if "curseattract" in act.tags or self._chance.choose(CURSE_COIN):
            self._emit(E.Fizzled, side, f.name, card.title, "cursed")   # then the curse
            self._remove_status(side, "curse", 1)                         # it spent
            return True
        return False

    def _any_use(self, side: int, index: int) -> None:
        """``on any use`` of the owner's cards, then of its statuses."""
        used = card_ref(side, index)
        self._cards_hook(side, "on any use", {"used": used})
        self._status_hooks(side, "on any use", {"used": used})

    def _opponent_use(self, side: int, index: int) -> None:
        """``on opponent use`` of the other fighter's cards, then of its statuses, for
        card ``index`` of ``side`` just used (after ``side``'s own ``on any use``)."""
        if self._stopped:
            return
        names = {"used": card_ref(side, index)}
        if "on opponent use" in self.fighters[1 - side].card_events():
            self._cards_hook(1 - side, "on opponent use", names)
        self._status_hooks(1 - side, "on opponent use", names)

    def _reequipped(self, side: int, card: CardState) -> bool:
        """Whether reequip keeps the use of ``card`` just fired (a stack spent). A card
        used once a fight, or once at all, keeps it too: one more use this turn (it is
        used up at its owner's next turn start, :func:`refreshed`)."""
        if "cannotreuse" in card.active.tags:
            return False
        self._remove_status(side, "reequip", 1)
        return True

    def _settle(self) -> bool:
        """Fire the countdowns that reached 0 meanwhile, in order; whether a script asked
        to end the turn (``end_turn()``: the mark _END in the queue)."""
        ends = False
        while self._pending and not self._stopped:
            (side, index), self._pending = self._pending[0], self._pending[1:]
            if index < 0:
                ends = True
                continue
            card = self.fighters[side].cards[index]
            if not card.gone and card.active.countdown is not None and card.countdown == 0:
                self._fire(side, index)
        self._pending = ()
        return ends

    def _finish(self, winner: int | None, termination: str) -> None:
        raise NotImplementedError   # Fight defines it
