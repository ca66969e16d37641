"""The choice after a won fight: a new card, an upgrade, or a heal.

Three offers are drawn from the run's seed (so a saved run offers the same): a card from the
floor's reward pool (one the hero does not hold yet, when the pool allows), an upgrade of
one of the hero's cards that has an ``upgraded { }`` block (one in the grid, when one there
has, before one in the backpack), and a heal of the dungeon's
``heal`` HP. When no card can be upgraded, a second card from the pool takes its place, and
another card the heal's when the heal would heal nothing (the hero's HP are full, as a level
gained just now leaves them, or the dungeon's ``heal`` is 0): with both, three cards. The
cards offered are all different; when the pool has too few cards the hero does not hold,
it offers ones the hero holds, and when it has too few cards at all, fewer offers are
made. Only when there is nothing else to offer (no card in the pool, nothing to upgrade) is
the heal offered at full HP, the one offer of a floor with no reward cards (and the run
passes that stage by: :func:`dicey.run.progress.pass_empty_reward`).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from dicey.lang.defs import DungeonDef

from .inventory import add_card, card_label, upgradable, upgrade_card
from .state import Hero, Reward, split_ref


def make_offers(library: Any, dungeon: DungeonDef, floor: int, hero: Hero,
                rng: random.Random) -> tuple[Reward, ...]:
    """The rewards offered after a fight on floor index ``floor``."""
    pool = [c for c in dict.fromkeys(dungeon.floors[floor].rewards) if c in library.equipment]
    held = {split_ref(r)[0] for r in hero.equipment + hero.backpack}
    fresh = [c for c in pool if c not in held] or pool
    offers: list[Reward] = []
    drawn = rng.sample(fresh, min(2, len(fresh)))

    def card() -> list[Reward]:
        """The next card to offer (none when the pool has no other): one of the two drawn
        first, else one more from the pool, drawn only then (so the offers that need no
        third card draw from the seed as they always have)."""
        if drawn:
            return [Reward("card", drawn.pop(0))]
        offered = {o.card for o in offers}
        rest = [c for c in pool if c not in offered]
        rest = [c for c in rest if c not in held] or rest
        return [Reward("card", rng.choice(rest))] if rest else []

    offers += card()
    upgrades = upgradable(library, hero)
    if upgrades:   # a card the hero fights with, if one can be upgraded
        equipped = [ref for ref in upgrades if ref in hero.equipment]
        offers.append(Reward("upgrade", rng.choice(equipped or upgrades)))
    else:
        offers += card()
    heal = Reward("heal", amount=dungeon.heal)
    if hero.hp < hero.max_hp and dungeon.heal > 0:
        offers.append(heal)
    else:   # a heal would heal nothing
        offers += card() or ([] if offers else [heal])
    return tuple(offers)


def apply_reward(library: Any, hero: Hero, reward: Reward) -> Hero:
    """The hero after taking ``reward``."""
    if reward.kind == "card":
        return add_card(library, hero, reward.card)
    if reward.kind == "upgrade":
        return upgrade_card(library, hero, reward.card)
    return replace(hero, hp=min(hero.max_hp, hero.hp + reward.amount))


def describe_reward(library: Any, hero: Hero, reward: Reward) -> str:
    """One line for the reward screen.

    >>> from types import SimpleNamespace as NS
    >>> describe_reward(NS(equipment={}), Hero("w", 7, 20, 2), Reward("heal", amount=10))
    'Heal 10 HP (7 → 17 of 20)'
    >>> describe_reward(NS(equipment={}), Hero("w", 23, 24, 2), Reward("heal", amount=10))
    'Heal to full: 1 HP of 10 (23 → 24 of 24)'
    """
    if reward.kind == "card":
        return f"Take {card_label(library, reward.card)}"
    if reward.kind == "upgrade":
        where = "" if reward.card in hero.equipment else " (in the backpack)"
        return f"Upgrade {card_label(library, reward.card)} → " \
               f"{card_label(library, reward.card + '+')}{where}"
    after = min(hero.max_hp, hero.hp + reward.amount)
    healed = f"{reward.amount} HP" if after - hero.hp == reward.amount else \
        f"to full: {after - hero.hp} HP of {reward.amount}"     # (no more than it heals)
    return f"Heal {healed} ({hero.hp} → {after} of {hero.max_hp})"
