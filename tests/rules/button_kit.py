"""Buttons for tests of every layer: cards that take no die (``slots: none``), written in
the card language and loaded on top of the base game, and a position that holds them."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

from dicey.rules.fight import Fight

BUTTONS = '''
equipment "Limit" {
    slots: none
    once per fight
    var charge = 0
    ready: charge >= 5
    text: "Charge [charge]/5. Do 8 damage"
    on damage taken { charge += amount }
    on use { attack(8) }
    upgraded { ready: charge >= 3 }
}

equipment "Buzzer" {
    slots: none
    uses: 2
    text: "Do 1 damage"
    on use { attack(1) }
}

equipment "Low Button" {
    slots: none
    ready: self.hp <= 10
    text: "Do 3 damage"
    on use { attack(3) }
}

equipment "Careful Button" {
    slots: none
    text: "Do 5 damage, if the target has 20 HP or less"
    before use { if target.hp > 20 { cancel } }
    on use { attack(5) }
}

equipment "Echo" {
    slots: any
    uses: unlimited
    text: "Each card used gives 1 shield"
    on use { attack(d) }
    on any use { gain(shield) }
}

equipment "Pebble" {
    slots: none
    single use
    text: "Do 2 damage, once"
    on use { attack(2) }
}

equipment "Wobbly Button" {
    slots: none
    text: "Do 2 damage; not while weakened"
    on use { attack(2) }
    weakened { ready: false }
}

equipment "Gauge" {
    slots: none
    once per fight
    var charge = 0
    ready: charge >= 5
    progress: charge, 5
    text: "Do 8 damage"
    on damage taken { charge = min(5, charge + amount) }
    on use { attack(8) }
    upgraded {
        ready: charge >= 3
        progress: charge, 3
    }
}

equipment "Broken Gauge" {
    slots: none
    var charge = 0
    progress: charge / (self.hp - self.hp), 5
    text: "Its progress never reads"
    on use { attack(1) }
}

equipment "Broken Button" {
    slots: none
    ready: 10 / (self.hp - self.hp) > 0
    text: "Never ready"
    on use { attack(1) }
}
'''


#: A card used without limit that gives its die back, fed a 1: a use that changes nothing
#: (tests of the rule that does not count it, and of the planners that meet it).
FOUNTAIN = '''
equipment "Fountain" {
    slots: any
    cast: self
    uses: unlimited
    text: "Split a die into that many 1s"
    on use { let xs = [] ; repeat d { xs = xs + [1] } ; give(xs) }
}
'''


def library_with(folder: Path, name: str, source: str) -> Any:
    """The base game with ``source`` loaded on top, written to ``folder/name`` (it must
    load without an error)."""
    from dicey.library import load_library

    path = folder / name
    path.write_text(source)
    library = load_library(use_mods=False, extra_files=[path])
    assert not library.errors, library.errors
    return library


def library_fixture(name: str, source: str) -> Any:
    """A module-scoped fixture: the base game with ``source`` loaded on top (written to
    ``name.dice`` in a folder of its own)."""
    import pytest

    @pytest.fixture(scope="module")
    def library_on_top(tmp_path_factory: Any) -> Any:
        return library_with(tmp_path_factory.mktemp(name), f"{name}.dice", source)
    return library_on_top


def button_library(folder: Path) -> Any:
    """The base game with :data:`BUTTONS` loaded on top (``folder``: where to write it)."""
    return library_with(folder, "buttons.dice", BUTTONS)


def button_fight(library: Any, cards: Sequence[str], dice: Sequence[int] = (3, 4), *,
                 enemy: str = "Frog", **pin: Any) -> Fight:
    """The Warrior to act with ``cards`` and ``dice`` against ``enemy``."""
    fight = Fight.start(library, library.hero("Warrior"), library.enemy(enemy),
                        random.Random(0))
    opp = {k[4:]: pin.pop(k) for k in list(pin) if k.startswith("opp_")}
    fight.set_position(1, **opp)
    fight.set_position(0, equipment=list(cards), dice=list(dice), **pin)
    return fight
