"""A faulting script fizzles its card with a ScriptFault; the fight goes on."""
from rules_kit import kinds, play, position


def test_script_error_fizzles_the_card_and_the_fight_goes_on():
    f = position([4, 5], ["broken", "sword"])
    events = play(f, "4 → Broken")
    assert kinds(events) == ["Placed", "Fired", "ScriptFault", "Fizzled"]
    assert "division by zero" in events[2].describe()
    assert f.current.cards[0].uses_left == 0
    play(f, "5 → Sword")
    assert f.fighters[1].hp == 15


def test_more_than_24_dice_is_a_fault():
    f = position([4], ["overflow"])
    events = play(f, "4 → Overflow")
    assert "ScriptFault" in kinds(events) and "24 dice" in events[2].message
    assert len(f.current.dice) == 0


def test_before_use_may_cancel():
    f = position([1, 2], ["guarded"])
    events = play(f, "1 → Guarded")
    assert "Cancelled" in kinds(events) and f.fighters[1].hp == 20
    assert f.current.cards[0].uses_left == 0


def test_endless_countdown_loop_is_stopped():
    from rules_kit import Lib, card, fighter, PyScript
    import random
    from dicey.rules.fight import Fight
    lib = Lib()
    lib.equipment["engine"] = card("Engine", (), lambda c: c.fx.boost_countdowns(9),
                                   countdown=2, uses=None,
                                   hooks={"on any use": PyScript(
                                       lambda c: c.fx.boost_countdowns(9))})
    f = Fight.start(lib, fighter(equipment=("engine",)), fighter("Frog", hp=10000),
                    random.Random(1))
    f.set_position(0, dice=[2, 3])
    events = play(f, "2 → Engine")
    assert kinds(events).count("Fired") == 100 and "ScriptFault" in kinds(events)
    fault = next(e for e in events if type(e).__name__ == "ScriptFault")
    # it said "script error in engine", naming no card
    assert fault.describe().startswith("script error in Engine: more than 100 cards fired "
                                       "in one move: this card and the cards it sets off")
    play(f, "3 → Engine", "end")


def test_a_script_that_runs_on_past_the_end_of_the_fight_is_not_logged_after_it():
    """A card that goes on hitting a fighter at 0 HP runs out its step budget after the
    fight is won: its fault and 'fizzles' came after the result line."""
    from dicey.lang.errors import ScriptError
    from rules_kit import Lib, card, fighter
    import random
    from dicey.rules.fight import Fight

    def hits_then_fails(c):
        c.attack(99)
        raise ScriptError("script ran past its budget of 10,000 steps")
    lib = Lib()
    lib.equipment["loop"] = card("Loop", on_use=hits_then_fails)
    f = Fight.start(lib, fighter(equipment=("loop",)), fighter("Frog", hp=10),
                    random.Random(1))
    f.set_position(0, dice=[2])
    events = play(f, "2 → Loop")
    assert f.is_over and kinds(events)[-1] == "FightEnded"
    assert "ScriptFault" not in kinds(events) and "Fizzled" not in kinds(events)
