"""Slot kind ``spare N``: the card holds a usable die of value N each turn."""
from rules_kit import fight, kinds, sample


def test_spare_die_joins_the_pool_at_the_roll():
    f = fight(("spare_card", "sword"))
    events = f.begin_turn(sample(5))
    assert "SpareDice" in kinds(events)
    values = [d.value for d in f.current.dice]
    assert len(values) == 4 and values[-1] == 6


def test_no_spare_once_the_card_is_gone():
    f = fight(("spare_card",), dice=0)
    f.begin_turn(sample(1))
    assert [d.value for d in f.current.dice] == [6]


# ---- a card of spare dice only (the Jester's Spare 1): never used, its dice join the pool

SPARES = '''
equipment "Spare 1" {
    slots: spare 1
    text: "A spare one"
}

equipment "Spare Pair" {
    slots: spare 6, spare 6
    text: "Two spare sixes"
}
'''


def spare_fight(tmp_path, mine, theirs=("Sword",)):
    import random

    from button_kit import library_with
    from dicey.rules.fight import Fight
    lib = library_with(tmp_path, "spares.dice", SPARES)
    f = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    f.set_position(0, equipment=list(mine))
    f.set_position(1, equipment=list(theirs))
    return f


def test_a_card_of_spare_dice_only_gives_them_each_turn_and_takes_none(tmp_path):
    from dicey.lang.chance import FixedChance
    f = spare_fight(tmp_path, ["Spare 1", "Sword", "Spare Pair"])
    f.begin_turn(FixedChance([2, 2]))
    assert sorted(d.value for d in f.current.dice) == [1, 3, 3, 6, 6]
    # every move puts a die on the Sword, or ends the turn
    assert {m.card for m in f.legal_moves()} == {"Sword", ""}


def test_a_card_of_spare_dice_only_is_never_shocked_nor_weakened(tmp_path):
    from dicey.lang.chance import FixedChance
    for mark in ("shock", "weaken"):
        f = spare_fight(tmp_path, ["Spare 1", "Spare Pair", "Sword"])
        f.set_position(0, statuses={mark: 3})
        f.begin_turn(FixedChance([0, 0, 0, 0, 0]))
        marked = {c.title for c in f.current.cards if getattr(c, f"{mark}ed")}
        assert marked == {"Sword"}, mark


def test_the_checker_takes_spare_dice_alone_and_says_what_never_runs(library):
    from lang_kit import expect_error, problems, symbols_of
    symbols = symbols_of(library)
    assert problems(SPARES, symbols) == []
    expect_error('''equipment "Bad" {
    slots: spare 2
    «total: 2»
    text: "?"
}''', "a card with only spare dice takes no die: it cannot have a 'total'", symbols)
    [warning] = problems('''equipment "Spare 2" {
    slots: spare 2
    text: "?"
    on use { attack(d) }
}''', symbols)
    assert warning.severity == "warning" and warning.line == 4
    assert "a card with only spare dice is never used: its 'on use' never runs" in \
        warning.message


def test_a_card_of_spare_dice_only_holds_as_many_as_slots_and_says_them_in_a_list(library):
    from lang_kit import expect_error, symbols_of
    from dicey.notation import slot_line
    from dicey.rules.state import fresh_card
    from dicey.lang.defs import EquipmentDef
    expect_error('''equipment "Bad" {
    «slots: spare 6, spare 6, spare 6, spare 6»
    text: "?"
}''', "a size-1 card holds at most 3 spare dice, not 4", symbols_of(library))
    pair = fresh_card(EquipmentDef("p", "Pair", slots=(), spares=(6, 6)))
    assert slot_line(pair) == "spare 6, 6"
