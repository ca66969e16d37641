"""How cards, dice, HP and statuses read on screen (words, so no colour is needed)."""
from __future__ import annotations

import pytest

from dicey.lang.ast import Int
from dicey.lang.defs import EquipmentDef, Slot
from dicey.rules.state import UNLIMITED, Die, fresh_card
from dicey.tui import faces


def card(**kw):
    kw.setdefault("slots", (Slot("any"),))
    return fresh_card(EquipmentDef(kw.pop("id", "c"), kw.pop("name", "Card"), **kw))


@pytest.mark.parametrize("defn, placed, expected", [
    (dict(slots=(Slot("doubles"), Slot("doubles"))), (), "[=] [=]"),
    (dict(slots=(Slot("doubles"), Slot("doubles"))), (4,), "[4] [=]"),
    (dict(slots=(Slot("max", 3), Slot("any"))), (5,), "[≤3] [5]"),   # 5 sits in the any
    (dict(slots=(Slot("range", 2, 4), Slot("even"), Slot("exact", 6))), (), "[2-4] [even] [6]"),
    (dict(free=2), (), "[any] +2"),
    (dict(spares=(6,)), (), "[any] spare 6"),
    (dict(slots=(Slot("any"), Slot("any")), total=7), (3,), "[3] [any] total 7"),
])
def test_slots(defn, placed, expected):
    assert faces.slot_line(card(**defn)._replace(placed=placed)) == expected


def test_countdown_progress():
    pea = card(slots=(), countdown=5, text="Countdown [d]: do 2 damage")
    assert faces.slot_line(pea) == "[5 to go]"
    assert faces.slot_line(pea._replace(countdown=2)) == "[2 to go]"
    assert faces.card_text(pea) == "Countdown 5: do 2 damage"


def test_weakened_cards_show_their_stricter_slots():
    sword = card(slots=(Slot("any"), Slot("even")))
    assert faces.slot_line(sword._replace(weakened=True)) == "[≤5] [6]"
    assert faces.marks(sword._replace(weakened=True, shocked=True)) == "SHOCKED weakened"


def test_text_shows_the_dice_and_the_cards_variables():
    blade = card(text="Do [d]+[charge] damage ([unknown])", free=1,
                 vars=(("charge", Int(0)),))._replace(vars=(("charge", 3),))
    assert faces.card_text(blade) == "Do d+3 damage ([unknown])"
    assert faces.card_text(blade._replace(placed=(2, 4))) == "Do 7+3 damage ([unknown])"


@pytest.mark.parametrize("change, expected", [
    (dict(uses_left=UNLIMITED), "∞"), (dict(uses_left=3), "×3"), (dict(uses_left=1), "×1"),
    (dict(uses_left=0), "used"), (dict(gone=True), "used up"),
])
def test_uses(change, expected):
    assert faces.uses_line(card(uses=3)._replace(**change)) == expected


def test_a_card_used_once_a_turn_says_nothing_of_its_one_use():
    assert faces.uses_line(card()) == ""
    assert faces.uses_line(card(uses=2)._replace(uses_left=1)) == "×1"


def test_once_per_fight_and_single_use_cards_say_so():
    assert faces.uses_line(card(once_per_fight=True)) == "1/fight"
    assert faces.uses_line(card(single_use=True)) == "1 use"


def test_titles_name_the_key_and_upgrades():
    assert faces.card_title(card(name="Sword")._replace(upgraded=True), "a") == "a Sword+"


@pytest.mark.parametrize("die, full, short", [
    (Die(5), "5", "5"), (Die(4, burning=True), "4 burn", "4 b"),
    (Die(2, locked=True), "2 lock", "2 l"), (Die(0, blind=True), "?", "?"),
    (Die(3, burning=True, locked=True), "3 burn lock", "3 b l"),
])
def test_dice(die, full, short):
    assert faces.die_label(die) == full and faces.die_label(die, short=True) == short


@pytest.mark.parametrize("hp, max_hp, bar", [
    (0, 10, "░░░░░"), (1, 100, "█░░░░"), (10, 10, "█████"), (12, 10, "█████"),
])
def test_hp_bar_never_looks_dead_while_alive(hp, max_hp, bar):
    assert faces.hp_bar(hp, max_hp, 5) == bar


def test_statuses_in_order_with_stacks_and_names():
    class Named:
        name = "Frost Bite"
    line = faces.status_line({"shield": 3, "frostbite": 1, "poison": 0}, {"frostbite": Named()})
    assert line == "shield 3 · frost bite 1"


def test_an_enemys_card_line_says_whose_it_is():
    fangs = card(name="Vampire Fangs", slots=(Slot("max", 4),), text="Do [d] damage")
    assert faces.card_line(fangs, owner="Vampire") == "Vampire's Vampire Fangs: [≤4] Do d damage"
    assert faces.card_line(fangs, owner="Bats").startswith("Bats' Vampire Fangs: ")


def test_the_map_says_when_the_hero_is_at_the_top_level():
    """At the last level the map showed 'XP 34' and nothing after it."""
    from dataclasses import replace as changed

    from dicey.tui.screens.dungeon import hero_lines
    from tui_kit import LIB, kit_state
    state = kit_state(1)
    assert "XP 0 (level 2 at 2)" in str(hero_lines(LIB, state))
    top = changed(state, hero=changed(state.hero, level=3, xp=9))
    assert "XP 9 (the top level)" in str(hero_lines(LIB, top))


def test_reading_a_card_in_a_fight_says_what_it_has_counted_so_far():
    """The Electromagnet does 2 more each time it has fired, and nothing said how often it
    had: reading a card in a fight says its uses so far and its variables."""
    magnet = fresh_card(EquipmentDef("m", "Electromagnet", countdown=7, text="Do 4 damage"))
    assert "so far" not in dict(faces.card_details(magnet)[1])
    used = magnet._replace(times_used=2, vars=(("charge", 3),))
    assert dict(faces.card_details(used)[1])["so far"] == "used 2 times this fight · charge 3"
    assert "so far" not in dict(faces.card_details(used, in_fight=False)[1])
