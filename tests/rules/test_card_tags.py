"""Engine tags: shock/weaken attract/avoid/immune, curse avoid/attract, cannotreuse."""
from rules_kit import Lib, card, attack_d, fight, play, position, sample


def marked(cards, statuses, seed=3):
    f = fight(tuple(cards))
    f.set_position(0, statuses=statuses)
    f.begin_turn(sample(seed))
    return [(c.name, c.shocked, c.weakened) for c in f.current.cards]


def test_attract_is_picked_first():
    for seed in range(10):
        got = marked(["sword", "attractor", "shield"], {"shock": 1}, seed)
        assert [n for n, s, _ in got if s] == ["Attractor"]


def test_immune_is_never_picked():
    for seed in range(10):
        got = marked(["immune", "sword"], {"shock": 2, "weaken": 2}, seed)
        assert got[0] == ("Immune", False, False)


def test_one_card_is_not_both_shocked_and_weakened():
    got = marked(["sword", "shield"], {"shock": 1, "weaken": 1})
    assert sorted((s, w) for _, s, w in got) == [(False, True), (True, False)]


def test_avoid_tag_keeps_a_card_clear():
    lib = Lib()
    lib.equipment["avoider"] = card("Avoider", on_use=attack_d,
                                    tags=frozenset({"shockavoid"}))
    from rules_kit import fighter
    import random
    from dicey.rules.fight import Fight
    f = Fight.start(lib, fighter(equipment=("avoider", "sword")), fighter("Frog"),
                    random.Random(1))
    f.set_position(0, statuses={"shock": 3})
    f.begin_turn(sample(1))
    assert [c.shocked for c in f.current.cards] == [False, True]


def test_reequip_gives_a_card_its_use_back_but_not_cannotreuse():
    f = position([3, 4, 5], ["reusable", "no_reuse"], statuses={"reequip": 2})
    play(f, "5 → Reusable")
    assert f.current.cards[0].uses_left == 1 and f.current.statuses["reequip"] == 1
    play(f, "4 → No Reuse")
    assert f.current.cards[1].uses_left == 0 and f.current.statuses["reequip"] == 1


def test_curseavoid_never_fizzles_curseattract_always_does():
    lib = Lib()
    lib.equipment["charm"] = card("Charm", on_use=attack_d, tags=frozenset({"curseavoid"}))
    lib.equipment["doom"] = card("Doom", on_use=attack_d, tags=frozenset({"curseattract"}))
    from rules_kit import fighter
    import random
    from dicey.rules.fight import Fight
    f = Fight.start(lib, fighter(equipment=("charm", "doom")), fighter("Frog"),
                    random.Random(1))
    f.set_position(0, dice=[5, 6], statuses={"curse": 2})
    play(f, "5 → Charm")
    assert f.fighters[1].hp == 25 and f.current.statuses["curse"] == 2
    play(f, "6 → Doom")
    assert f.fighters[1].hp == 25 and f.current.statuses["curse"] == 1
