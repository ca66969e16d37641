"""Cards taken or given in a fight never outlive it: after the fight the hero's kit in a
run is exactly what it was, and a fight saved halfway with cards taken reads back as the
same fight."""
from __future__ import annotations

from dataclasses import replace

import pytest

from cards_in_play_kit import cards_library
from dicey.rules import events as E
from dicey.run import progress
from dicey.run.saves import decode, encode
from dicey.run.session import open_fight
from run_kit import autoplay, finish

KIT = ("sword", "grabber", "mimic", "shield")      # a run keeps card ids
NAMES = ["Sword", "Grabber", "Mimic", "Shield"]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return cards_library(tmp_path_factory.mktemp("cards"))


def run_with_kit(lib):
    state = progress.new_run(lib, "warrior", seed=5)
    return progress.enter_fight(replace(state, hero=replace(state.hero, equipment=KIT)))


def test_the_kit_is_whole_after_a_fight_where_cards_changed_hands(lib):
    state = run_with_kit(lib)
    session = autoplay(open_fight(lib, state))
    taken = [e for e in session.events if isinstance(e, E.CardTaken)]
    # The enemy's Pilfer took the hero's Sword as the fight began; the hero took back
    # what its Grabber found.
    assert taken[0].side == 1 and taken[0].card == "Sword"
    assert any(e.side == 0 for e in taken)
    hero = session.fight.fighters[0]
    assert [c.title for c in hero.cards][:4] == NAMES and len(hero.cards) > 4
    after = finish(lib, state, session)
    assert after.hero.equipment == KIT
    assert progress.hero_setup(progress.enter_fight(after) if after.stage == "map" else
                               after).equipment == KIT


def test_a_fight_saved_halfway_with_cards_taken_reads_back_the_same(lib):
    state = run_with_kit(lib)
    session = autoplay(open_fight(lib, state), max_moves=6)
    assert any(isinstance(e, E.CardTaken) for e in session.events)
    saved = replace(state, fight_moves=tuple(session.moves))
    loaded = decode(encode(saved), lib)
    again = open_fight(lib, loaded)
    assert again.fight.key() == session.fight.key()
    assert [[c.title for c in f.cards] for f in again.fight.fighters] == \
        [[c.title for c in f.cards] for f in session.fight.fighters]
    assert [e.describe() for e in again.events] == [e.describe() for e in session.events]
