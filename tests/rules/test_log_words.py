"""The fight log says what happened, as a player checks a card against its text: a blow
that the HP left cut short says what it dealt; damage that no card used explains says
where it came from (poison, frostbite, a burning die, a card hurting its owner); a stack
spent on an effect is said after the effect (dodge, curse, fury, pierce, survive); and the
words agree with the numbers (die/dice)."""
from __future__ import annotations

import random

from button_kit import button_fight as kit_fight
from button_kit import library_fixture
from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

CARDS = '''
equipment "Weird Bellows" {
    slots: any
    text: "Double the target's burn"
    on use { inflict(burn, target.burn) }
}

equipment "Keeping Jar" {
    slots: any
    var kept = 0
    text: "Keep this die ([kept] kept)"
    on use { kept = d }
}

equipment "Blood Price" {
    slots: any
    text: "Lose 2 HP, then do [d] damage"
    on use { hurt_self(2); attack(d) }
}

equipment "Jinxed Sword" {
    slots: any
    tags: curseattract
    text: "Do [d] damage. A curse always finds it"
    on use { attack(d) }
}

equipment "Spike Charm" {
    slots: any
    cast: self
    text: "Gain 1 spikes"
    on use { gain(spikes) }
}

status "Spikes" {
    kind: positive
    stacks: yes
    clears: never
    text: "At the start of your turn, do 1 damage"
    on turn start { attack(1) }
}
'''


lib = library_fixture("log_words", CARDS)


def button_fight(library, cards, dice, **pin) -> Fight:
    """The Warrior to act with ``cards`` and ``dice`` against a Frog of 40 HP (unless
    ``opp_hp`` says)."""
    pin = {"opp_max_hp": 40, "opp_hp": 40, **pin}
    return kit_fight(library, cards, dice, **pin)


def said(fight: Fight, *moves: str, seed: int = 0) -> list[str]:
    """The log lines of ``moves`` (``"6 → Sword"``, ``"end"``)."""
    fight.log = True
    chance = SampleChance(random.Random(seed))
    out = []
    for move in moves:
        out += fight.apply(Move.parse(move), chance)
    return [e.describe() for e in out]


def next_turn(fight: Fight) -> list[str]:
    """The log of the other fighter's turn start (after ``end``)."""
    return [e.describe() for e in fight.begin_turn(SampleChance(random.Random(0)))]


# ------------------------------------------------------------------ a blow cut short

def test_a_killing_blow_says_what_it_dealt_as_well_as_the_hp_it_took(lib):
    fight = button_fight(lib, ["Sword"], [6], opp_hp=4)
    assert "Frog takes 4 damage (6 dealt) → 0 HP" in said(fight, "6 → Sword")


def test_a_killing_blow_through_shield_says_both(lib):
    fight = button_fight(lib, ["Sword"], [6], opp_hp=3, opp_statuses={"shield": 2})
    assert "Frog takes 3 damage (6 dealt, 2 blocked) → 0 HP" in said(fight, "6 → Sword")


def test_a_blow_the_hp_holds_says_only_what_it_took(lib):
    fight = button_fight(lib, ["Sword"], [6], opp_hp=20, opp_statuses={"shield": 2})
    lines = said(fight, "6 → Sword")
    assert "Frog takes 4 damage (2 blocked) → 16 HP" in lines
    assert not any("dealt" in line for line in lines)


def test_a_blow_reduce_cut_says_by_how_much(lib):
    fight = button_fight(lib, ["Sword"], [5], opp_hp=20,
                         opp_statuses={"reduce": 1, "shield": 2})
    assert "Frog takes 2 damage (1 reduced, 2 blocked) → 18 HP" in said(fight, "5 → Sword")
    fight = button_fight(lib, ["Sword"], [6], opp_hp=4, opp_statuses={"reduce": 1})
    assert "Frog takes 4 damage (5 dealt, 1 reduced) → 0 HP" in said(fight, "6 → Sword")


def test_the_blow_is_kept_whole_in_the_event(lib):
    fight = button_fight(lib, ["Sword"], [6], opp_hp=4)
    fight.log = True
    events = fight.apply(Move.parse("6 → Sword"), SampleChance(random.Random(0)))
    blow = next(e for e in events if isinstance(e, E.Damaged))
    assert (blow.amount, blow.dealt) == (4, 6)
    assert blow.to_json()["dealt"] == 6


# ------------------------------------------------------------------ where it came from

def test_poison_on_a_fighter_immune_to_it_says_so(lib):
    """The Slime is immune to poison: a Poison Needle's stack is not taken, and the log says
    it (it used to say the card's use and then nothing)."""
    fight = kit_fight(lib, ["Poison Needle"], [2], enemy="Slime")
    lines = said(fight, "2 → Poison Needle")
    assert "Slime is immune to poison (1 not taken)" in lines
    assert "poison" not in fight.fighters[1].statuses


def test_a_use_that_did_nothing_says_so(lib):
    """Fed to Bellows-like cards with nothing to work on, a use said nothing at all: the
    log stopped at "uses"."""
    fight = kit_fight(lib, ["Weird Bellows", "Sword"], [3, 4], opp_hp=20)
    lines = said(fight, "3 → Weird Bellows", "4 → Sword")
    assert lines[:3] == ["Warrior puts 3 on Weird Bellows", "Warrior uses Weird Bellows (d = 3)",
                         "Warrior's Weird Bellows does nothing"]
    assert sum("does nothing" in line for line in lines) == 1       # not the Sword


def test_a_use_that_only_sets_a_variable_of_its_card_does_something(lib):
    """modding.md's Ember Jar keeps its die in a variable and says nothing: its use was
    said to do nothing, and a turn later it gave the die back."""
    fight = kit_fight(lib, ["Keeping Jar", "Weird Bellows"], [3, 4], opp_hp=20)
    lines = said(fight, "3 → Keeping Jar", "4 → Weird Bellows")
    assert lines == ["Warrior puts 3 on Keeping Jar", "Warrior uses Keeping Jar (d = 3)",
                     "Warrior puts 4 on Weird Bellows", "Warrior uses Weird Bellows (d = 4)",
                     "Warrior's Weird Bellows does nothing"]
    assert fight.fighters[0].cards[0].var_dict["kept"] == 3
    # used again with the same die, the jar changes nothing: it says so
    fight = kit_fight(lib, ["Keeping Jar"], [3], opp_hp=20, card_vars={"Keeping Jar":
                                                                        {"kept": 3}})
    assert said(fight, "3 → Keeping Jar")[-1] == "Warrior's Keeping Jar does nothing"


def test_a_blow_a_trait_changed_says_which(library):
    """Immune, weak, strong: the log says why the number is not the die's."""
    fight = kit_fight(library, ["Snowball", "Fireball"], [3, 4], enemy="Snowman")
    lines = said(fight, "3 → Snowball", "4 → Fireball")
    assert "Snowman takes 0 ice damage (immune to ice) → 22 HP" in lines
    assert "Snowman takes 8 fire damage (doubled: weak to fire) → 14 HP" in lines
    fight = kit_fight(library, ["Fireball"], [4], enemy="Fire Imp")
    assert "Fire Imp takes 2 fire damage (halved: strong against fire) → 16 HP" in \
        said(fight, "4 → Fireball")

def test_poison_says_it_is_poison(lib):
    fight = button_fight(lib, ["Sword"], [3], opp_hp=20, opp_statuses={"poison": 2})
    said(fight, "end")
    assert "Frog takes 2 damage from poison → 18 HP" in next_turn(fight)


def test_a_burning_die_says_it_is_the_die(lib):
    fight = button_fight(lib, ["Sword"], [5], burning=[0], hp=20)
    assert "Warrior takes 2 damage from a burning die → 18 HP" in said(fight, "5 → Sword")


def test_a_card_that_hurts_its_owner_is_named(lib):
    fight = button_fight(lib, ["Blood Price"], [4], hp=20)
    lines = said(fight, "4 → Blood Price")
    assert "Warrior takes 2 damage from Blood Price → 18 HP" in lines
    assert "Frog takes 4 damage → 36 HP" in lines        # its attack: the use said it


def test_recoil_names_its_card(lib):
    fight = button_fight(lib, ["Boomerang"], [4], hp=20)
    assert "Warrior takes 4 damage from Boomerang's recoil → 16 HP" in \
        said(fight, "4 → Boomerang")


def test_thorns_say_they_are_thorns(lib):
    fight = button_fight(lib, ["Sword"], [4], opp_statuses={"thorns": 1}, hp=20)
    assert "Warrior takes 1 damage from Frog's thorns → 19 HP" in said(fight, "4 → Sword")


def test_a_status_that_attacks_the_other_fighter_is_named_as_its_bearers(lib):
    fight = button_fight(lib, ["Sword"], [3], opp_hp=20, opp_statuses={"spikes": 1}, hp=20)
    said(fight, "end")
    assert "Warrior takes 1 damage from Frog's spikes → 19 HP" in next_turn(fight)


def test_frostbite_says_it_is_frostbite(library):
    fight = button_fight(library, ["Sword"], [4], statuses={"frostbite": 2}, hp=20)
    lines = said(fight, "4 → Sword")
    assert "Warrior takes 1 damage from frostbite → 19 HP" in lines
    assert lines.index("Frog takes 4 damage → 36 HP") < \
        lines.index("Warrior takes 1 damage from frostbite → 19 HP")


# ------------------------------------------------------------------ the effect, then the loss

def test_a_dodge_is_said_before_the_dodge_it_spent(lib):
    fight = button_fight(lib, ["Sword"], [4], opp_statuses={"dodge": 1})
    lines = said(fight, "4 → Sword")
    assert lines.index("Frog dodges Sword") + 1 == lines.index("Frog loses all dodge")


def test_a_curse_fizzle_is_said_before_the_curse_it_spent(lib):
    fight = button_fight(lib, ["Jinxed Sword"], [4], statuses={"curse": 2})
    lines = said(fight, "4 → Jinxed Sword")
    assert lines.index("Warrior's Jinxed Sword fizzles (cursed)") + 1 == \
        lines.index("Warrior loses 1 curse (now 1)")


def test_pierce_is_said_spent_after_the_blow_it_let_through(lib):
    fight = button_fight(lib, ["Sword"], [5], statuses={"pierce": 1},
                         opp_statuses={"shield": 3})
    lines = said(fight, "5 → Sword")
    assert lines[-2:] == ["Frog takes 5 damage → 35 HP", "Warrior loses all pierce"]


def test_survive_is_said_spent_after_the_blow_it_survived(lib):
    fight = button_fight(lib, ["Sword"], [6], opp_hp=4, opp_statuses={"survive": 1})
    lines = said(fight, "6 → Sword")
    assert lines[-2:] == ["Frog takes 3 damage (6 dealt) → 1 HP", "Frog loses all survive"]


def test_the_fury_a_second_run_spent_is_said_after_it(lib):
    fight = button_fight(lib, ["Sword"], [4], statuses={"fury": 1})
    lines = said(fight, "4 → Sword")
    assert lines.index("Warrior uses Sword again (fury)") + 1 == \
        lines.index("Warrior loses all fury")


# ------------------------------------------------------------------ words and numbers

def test_one_more_die_is_a_die(lib):
    fight = button_fight(lib, ["Hall of Mirrors"], [6])
    assert "Warrior will roll 1 more die each turn" in said(fight, "6 → Hall of Mirrors")
    assert E.ExtraDice(0, "Warrior", 2).describe() == "Warrior will roll 2 more dice each turn"


def test_focus_with_no_dice_left_says_the_six_it_gives(lib):
    fight = button_fight(lib, ["Focus"], [4])
    lines = said(fight, "4 → Focus")
    assert "Warrior gets a 6" in lines and not any("none" in line for line in lines)
    assert [d.value for d in fight.fighters[0].dice] == [6]


def test_dice_set_says_die_or_dice_as_many_as_there_are():
    assert E.DiceSet(0, "Thief", (3,), (6,)).describe() == "Thief's die 3 becomes 6"
    assert E.DiceSet(0, "Thief", (3, 4), (6, 6, 6)).describe() == \
        "Thief's dice 3 4 become 6 6 6"
    assert E.DiceSet(0, "Thief", (3, 4), ()).describe() == "Thief's dice 3 4 are gone"


def test_spare_dice_and_an_empty_roll_in_words():
    assert E.SpareDice(0, "Thief", "Sling", (1,)).describe() == "Thief's Sling holds a spare 1"
    assert E.SpareDice(0, "Thief", "Sling", (1, 1)).describe() == \
        "Thief's Sling holds spare dice 1 and 1"
    assert E.Rolled(0, "Thief", ()).describe() == "Thief rolls no dice"


def test_no_speaker_is_named_twice(library):
    """A fighter's line is said after its name: the line itself does not name it again
    ('Dragon: The Dragon roars in fury!')."""
    from dicey.lang.ast import make_id
    dragon = library.enemy("Dragon")
    fight = Fight.start(library, library.hero("Warrior"), dragon, random.Random(0))
    fight.set_position(1, hp=10)
    fight.log = True
    lines = []
    while not fight.is_over and len(lines) < 200:
        lines += [e.describe() for e in fight.begin_turn(SampleChance(random.Random(1)))]
        if fight.actor == 1:
            break
        lines += [e.describe() for e in fight.apply(Move.parse("end"),
                                                      SampleChance(random.Random(1)))]
    roar = [line for line in lines if line.startswith("Dragon: ")]
    assert roar, lines
    for line in roar:
        assert make_id(line.split(": ", 1)[1]).find("dragon") < 0, line
