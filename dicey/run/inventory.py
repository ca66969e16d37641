"""The hero's cards between fights: the equipment grid (sizes add up to its width) and the
backpack.

A hero's ``grid`` (from the hero's declaration) is how many size units fit side by side;
a size-2 card takes two. Cards that do not fit wait in the backpack and can be moved or
swapped in between fights. Every function returns a new :class:`~dicey.run.state.Hero`
or raises :class:`InventoryError` saying why the move is not allowed; the hero always
keeps at least one card fitted.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from dicey.lang.defs import EquipmentDef

from .state import Hero, split_ref


class InventoryError(ValueError):
    """A card move the grid or the rules do not allow."""


def card_def(library: Any, ref: str) -> EquipmentDef:
    """The definition a card ref means (the upgraded variant for ``"id+"``)."""
    card_id, upgraded = split_ref(ref)
    try:
        defn = library.equipment[card_id]
    except KeyError:
        raise InventoryError(f"unknown card '{card_id}'") from None
    return defn.upgraded if upgraded and defn.upgraded is not None else defn


def card_label(library: Any, ref: str) -> str:
    """How a person reads a ref: the card's name, ``+`` when upgraded (``Sword+``)."""
    card_id, upgraded = split_ref(ref)
    defn = library.equipment.get(card_id)
    name = defn.name if defn is not None else card_id
    return name + ("+" if upgraded else "")


def width_of(library: Any, refs: Sequence[str]) -> int:
    """Grid units the cards take side by side."""
    return sum(card_def(library, r).size for r in refs)


def grid_width(library: Any, hero: Hero) -> int:
    return library.heroes[hero.id].grid


def fits(library: Any, hero: Hero, equipment: Sequence[str]) -> bool:
    return width_of(library, equipment) <= grid_width(library, hero)


def _check(library: Any, hero: Hero, equipment: tuple[str, ...], into: str | None = None,
           out: str | None = None) -> None:
    """Refuse ``equipment`` for the grid (``into`` the card coming in, ``out`` the one it
    replaces), saying why in the cards' own terms."""
    if not equipment:
        raise InventoryError("keep at least one card equipped")
    if fits(library, hero, equipment):
        return
    width = grid_width(library, hero)
    if into is None:   # (no caller fills the grid without a card coming in)
        raise InventoryError(f"the cards take {_spaces(width_of(library, equipment))}; "
                             f"the grid has {width}")
    free = width - width_of(library, hero.equipment)
    size = card_def(library, into).size
    took = f"{card_label(library, into)} takes {_spaces(size)}"
    if out is None:
        room = f"the grid has {free} free ({width - free} of {width} taken)" if free else \
            f"the grid is full ({width} of {width} taken)"
        raise InventoryError(f"{took} and {room}: take a card off, or swap it for one")
    freed = card_def(library, out).size
    raise InventoryError(f"{took}, and {card_label(library, out)} frees only "
                         f"{_spaces(freed)}{f' beside the {free} free' if free else ''}")


def _spaces(n: int) -> str:
    return f"{n} grid space{'s' * (n != 1)}"


def unequip(library: Any, hero: Hero, index: int) -> Hero:
    """Move equipped card ``index`` to the end of the backpack."""
    ref = _at(hero.equipment, index, "equipped")
    equipment = hero.equipment[:index] + hero.equipment[index + 1:]
    _check(library, hero, equipment)
    return replace(hero, equipment=equipment, backpack=hero.backpack + (ref,))


def equip(library: Any, hero: Hero, index: int) -> Hero:
    """Fit backpack card ``index`` at the end of the grid, if there is room."""
    ref = _at(hero.backpack, index, "backpack")
    equipment = hero.equipment + (ref,)
    _check(library, hero, equipment, into=ref)
    return replace(hero, equipment=equipment,
                   backpack=hero.backpack[:index] + hero.backpack[index + 1:])


def swap(library: Any, hero: Hero, equipped: int, packed: int) -> Hero:
    """Exchange equipped card ``equipped`` with backpack card ``packed`` (each takes the
    other's place), if the grid still fits."""
    out, into = _at(hero.equipment, equipped, "equipped"), _at(hero.backpack, packed, "backpack")
    equipment = hero.equipment[:equipped] + (into,) + hero.equipment[equipped + 1:]
    _check(library, hero, equipment, into=into, out=out)
    backpack = hero.backpack[:packed] + (out,) + hero.backpack[packed + 1:]
    return replace(hero, equipment=equipment, backpack=backpack)


def add_card(library: Any, hero: Hero, ref: str) -> Hero:
    """A new card: fitted if it fits, else into the backpack."""
    if fits(library, hero, hero.equipment + (ref,)):
        return replace(hero, equipment=hero.equipment + (ref,))
    return replace(hero, backpack=hero.backpack + (ref,))


def upgrade_card(library: Any, hero: Hero, ref: str) -> Hero:
    """Upgrade the first card ``ref`` the hero holds (grid first, then backpack). An
    upgraded card that no longer fits the grid goes to the backpack."""
    card_id, upgraded = split_ref(ref)
    if upgraded:
        raise InventoryError(f"{card_label(library, ref)} is already upgraded")
    if ref in hero.equipment:
        i = hero.equipment.index(ref)
        equipment = hero.equipment[:i] + (ref + "+",) + hero.equipment[i + 1:]
        if fits(library, hero, equipment) or len(equipment) == 1:
            return replace(hero, equipment=equipment)
        return replace(hero, equipment=hero.equipment[:i] + hero.equipment[i + 1:],
                       backpack=hero.backpack + (ref + "+",))
    if ref in hero.backpack:
        i = hero.backpack.index(ref)
        return replace(hero, backpack=hero.backpack[:i] + (ref + "+",) + hero.backpack[i + 1:])
    raise InventoryError(f"the hero holds no {card_label(library, ref)}")


def upgradable(library: Any, hero: Hero) -> list[str]:
    """The hero's card refs that have an upgrade and are not upgraded yet (no repeats)."""
    seen: list[str] = []
    for ref in hero.equipment + hero.backpack:
        card_id, upgraded = split_ref(ref)
        defn = library.equipment.get(card_id)
        if not upgraded and defn is not None and defn.upgraded is not None and ref not in seen:
            seen.append(ref)
    return seen


def _at(refs: tuple[str, ...], index: int, where: str) -> str:
    if not 0 <= index < len(refs):
        raise InventoryError(f"no {where} card number {index + 1}")
    return refs[index]
