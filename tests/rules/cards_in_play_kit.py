"""Cards that read and change the cards in play, and cards that end their owner's turn,
written in the card language and loaded on top of the base game (whose own such cards
are Sticky Fingers, Copycat, Haymaker and Headcount)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from button_kit import button_fight, library_with
from dicey.rules.fight import Fight

CARDS = '''
equipment "Grabber" {
    slots: any
    uses: unlimited
    text: "Take the opponent's first card in play"
    on use { for c in target.cards { take_card(c); stop } }
}

equipment "Greedy Grabber" {
    slots: any
    text: "Take every card the opponent has in play, [d] times over"
    on use { repeat d { for c in target.cards { take_card(c) } } }
}

equipment "Self Thief" {
    slots: any
    text: "Take itself (the checker refuses take_card(card): this finds it in the list)"
    on use { for c in self.cards { if c == card { take_card(c) } } }
}

equipment "Mimic" {
    slots: any
    uses: unlimited
    text: "A copy of the opponent's last card used"
    on use { for c in target.last_used { give_card(c) } }
}

equipment "Quitter" {
    slots: any
    text: "Do [d] damage; ends the turn of whoever hurts you (it cannot)"
    on use { attack(d) }
    on damage taken { let ended = end_turn(); say(ended) }
}

equipment "Ticker" {
    slots: countdown 3
    text: "Do 1 damage and end the turn"
    on use { attack(1); end_turn() }
}

equipment "Keeper" {
    slots: any
    uses: unlimited
    var kept = []
    text: "Keep the opponent's cards in mind; then get a copy of each"
    on use {
        if kept == [] { kept = target.cards } else { for c in kept { give_card(c) } }
    }
}

equipment "Pilfer" {
    slots: any
    text: "Do [d] damage"
    on fight start { for c in target.cards { take_card(c); stop } }
    on use { attack(d) }
}

override enemy "Frog" { hp: 14; dice: 2; equipment: "Pilfer", "Sword" }
override enemy "Rat" { hp: 14; dice: 2; equipment: "Pilfer", "Sword" }
override enemy "Slime" { hp: 14; dice: 2; equipment: "Pilfer", "Sword" }
'''


def cards_library(folder: Path) -> Any:
    """The base game with :data:`CARDS` loaded on top (``folder``: where to write it)."""
    return library_with(folder, "cards_in_play.dice", CARDS)


def cards_fight(library: Any, cards: Sequence[str], dice: Sequence[int] = (3, 4), *,
                opp: Sequence[str] = ("Sword", "Shield"), **pin: Any) -> Fight:
    """The Warrior to act with ``cards`` and ``dice`` against a Frog of 40 HP holding
    ``opp``."""
    return button_fight(library, cards, dice, opp_equipment=list(opp), opp_max_hp=40,
                        opp_hp=40, **pin)


def held(fight: Fight, side: int) -> list[str]:
    """A side's cards by title, a card used up or taken in brackets."""
    return [f"({c.title})" if c.gone else c.title for c in fight.fighters[side].cards]


def play(fight: Fight, *moves: str, seed: int = 0) -> list:
    """Apply moves written as text (``"6 → Sticky Fingers"``); the events they made."""
    import random

    from dicey.lang.chance import SampleChance
    from dicey.rules.protocol import Move
    chance = SampleChance(random.Random(seed))
    out = []
    for text in moves:
        out += fight.apply(Move.parse(text), chance)
    return out


def faults(events: Sequence[Any]) -> list[str]:
    """The messages of the script faults among ``events``."""
    from dicey.rules import events as E
    return [e.message for e in events if isinstance(e, E.ScriptFault)]


def play_hostile(folder: Path, hooks: str, seed: int, turns: int = 6,
                 check: Callable[[Fight], None] | None = None) -> Fight:
    """A card "Hostile" with these ``hooks`` (its unlimited ``on use`` and others), held
    by both sides, played ``turns`` turns by the rule of thumb: a side never holds more
    than 24 cards, the key of each position is its copy's key, and ``check`` (if given)
    holds after each turn. The fight after."""
    import random

    from dicey.ai.baseline import play_turn
    from dicey.lang.chance import SampleChance
    library = library_with(folder, "hostile.dice",
                           f'equipment "Hostile" {{ slots: any\n uses: unlimited\n text: "x"\n'
                           f'{hooks} }}\n')
    fight = cards_fight(library, ["Hostile", "Sword"], [3, 4, 5],
                        opp=["Hostile", "Shield", "Sword"])
    rng, chance = random.Random(seed), SampleChance(random.Random(seed))
    for _ in range(turns):
        if fight.is_over:
            break
        play_turn(fight, rng, chance)
        assert all(len(f.cards) <= 24 for f in fight.fighters)
        assert fight.copy().key() == fight.key()
        if check is not None:
            check(fight)
    return fight
