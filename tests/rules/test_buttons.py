"""Buttons: cards that take no die, used by a move of their own (``use CARD``) when their
``ready`` condition holds, and fired through the same path as a card whose slots are full."""
from __future__ import annotations

import random

import pytest

from button_kit import button_fight, button_library
from dicey.lang.chance import FixedChance, SampleChance
from dicey.rules import events as E
from dicey.rules.protocol import IllegalMoveError, InvalidMoveError, Move


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return button_library(tmp_path_factory.mktemp("buttons"))


def play(fight, *moves):
    events = []
    for text in moves:
        events += fight.apply(Move.parse(text), SampleChance(random.Random(0)))
    return events


def uses(fight):
    return [m.card for m in fight.legal_moves() if m.action == "use"]


def test_a_button_is_offered_as_a_use_move_and_fires_with_no_die(lib):
    f = button_fight(lib, ["Sword", "Buzzer"], [3, 4])
    moves = f.legal_moves()
    assert [str(m) for m in moves] == ["4 → Sword", "3 → Sword", "use Buzzer", "end turn"]
    frog = f.fighters[1].hp
    events = play(f, "use Buzzer")
    assert [type(e).__name__ for e in events][:2] == ["Fired", "Damaged"]   # one line: the use
    fired = next(e for e in events if isinstance(e, E.Fired))
    assert (fired.d, fired.dice) == (0, ())
    assert f.fighters[1].hp == frog - 1
    # no die was spent, the use was counted
    assert [d.value for d in f.fighters[0].dice] == [3, 4]
    card = f.fighters[0].cards[1]
    assert (card.uses_left, card.times_used) == (1, 1)
    assert f.fighters[0].cards_used == 1 and f.turn_cards_used == 1 and f.turn_moves == 1


def test_a_button_with_no_uses_left_is_not_offered(lib):
    f = button_fight(lib, ["Buzzer"], [])
    play(f, "use Buzzer", "use Buzzer")
    assert uses(f) == []
    with pytest.raises(IllegalMoveError, match="no uses left this turn"):
        play(f, "use Buzzer")


def test_identical_buttons_are_one_choice(lib):
    f = button_fight(lib, ["Buzzer", "Buzzer", "Limit"], [])
    assert uses(f) == ["Buzzer"]
    play(f, "use Buzzer")   # now the two differ: one has a use fewer
    assert uses(f) == ["Buzzer", "Buzzer"]
    assert len(f.all_moves()) == 3   # all_moves: each button counts


def test_ready_is_read_afresh_whatever_the_move_table_holds(lib):
    f = button_fight(lib, ["Sword", "Low Button"], [5], hp=20)
    assert uses(f) == []
    f.set_position(0, hp=10)         # the same dice and cards: only the HP differ
    assert uses(f) == ["Low Button"]
    f.set_position(0, hp=11)
    assert uses(f) == []
    with pytest.raises(IllegalMoveError, match=r"not ready \(ready when self.hp <= 10\)"):
        play(f, "use Low Button")


def test_a_limit_break_charges_as_its_owner_takes_damage_once_per_fight(lib):
    f = button_fight(lib, ["Limit"], [])
    assert uses(f) == []
    f._damage(1, 0, 3, "normal", "attack")
    assert dict(f.fighters[0].cards[0].vars) == {"charge": 3} and uses(f) == []
    f._damage(1, 0, 2, "normal", "attack")
    assert uses(f) == ["Limit"]
    frog = f.fighters[1].hp
    play(f, "use Limit")
    assert f.fighters[1].hp == frog - 8
    card = f.fighters[0].cards[0]
    assert card.gone and uses(f) == []
    with pytest.raises(IllegalMoveError, match="used up for this fight"):
        play(f, "use Limit")
    # the next turn, still gone
    play(f, "end")
    f.begin_turn(SampleChance(random.Random(1)))
    play(f, "end")
    f.begin_turn(SampleChance(random.Random(2)))
    assert f.fighters[0].cards[0].gone and uses(f) == []


def test_an_upgraded_button_has_its_own_condition(lib):
    f = button_fight(lib, ["Limit+"], [])
    f._damage(1, 0, 3, "normal", "attack")
    assert uses(f) == ["Limit"]


def test_a_condition_that_faults_is_not_ready(lib):
    f = button_fight(lib, ["Broken Button"], [])
    assert uses(f) == []
    with pytest.raises(IllegalMoveError, match="not ready"):
        play(f, "use Broken Button")


def test_a_shocked_button_is_released_with_a_die_then_used(lib):
    f = button_fight(lib, ["Buzzer"], [2, 5], shocked=["Buzzer"])
    assert [str(m) for m in f.legal_moves()] == ["release Buzzer with 5",
                                                 "release Buzzer with 2", "end turn"]
    with pytest.raises(IllegalMoveError, match="shocked"):
        play(f, "use Buzzer")
    play(f, "release Buzzer with 2")
    assert uses(f) == ["Buzzer"]
    assert [str(m) for m in f.legal_moves()] == ["use Buzzer", "end turn"]


def test_a_button_sets_off_on_any_use(lib):
    f = button_fight(lib, ["Echo", "Buzzer"], [])
    play(f, "use Buzzer")
    assert f.fighters[0].statuses.get("shield") == 1


def test_a_button_can_be_cancelled_by_its_before_use(lib):
    f = button_fight(lib, ["Careful Button", "Echo"], [], opp_hp=30)
    f.set_position(1, max_hp=30, hp=30)
    events = play(f, "use Careful Button")
    assert any(isinstance(e, E.Cancelled) for e in events)
    assert f.fighters[1].hp == 30 and "shield" not in f.fighters[0].statuses
    assert f.fighters[0].cards[0].uses_left == 0       # the use is spent all the same
    f = button_fight(lib, ["Careful Button"], [])
    frog = f.fighters[1].hp
    play(f, "use Careful Button")
    assert f.fighters[1].hp == frog - 5


def test_a_button_is_dodged_and_fired_twice_with_fury(lib):
    f = button_fight(lib, ["Buzzer"], [], opp_statuses={"dodge": 1})
    frog = f.fighters[1].hp
    events = play(f, "use Buzzer")
    assert any(isinstance(e, E.Dodged) for e in events) and f.fighters[1].hp == frog
    f = button_fight(lib, ["Buzzer"], [], statuses={"fury": 1})
    frog = f.fighters[1].hp
    play(f, "use Buzzer")
    assert f.fighters[1].hp == frog - 2 and "fury" not in f.fighters[0].statuses


def test_a_cursed_button_may_fizzle_and_the_move_is_random(lib):
    f = button_fight(lib, ["Buzzer"], [], statuses={"curse": 1})
    (use,) = [m for m in f.legal_moves() if m.action == "use"]
    assert f.move_is_random(use)
    results = f.outcomes(use)
    assert sorted(r.fighters[1].hp for _, r in results) == [f.fighters[1].hp - 1,
                                                            f.fighters[1].hp]
    plain = button_fight(lib, ["Buzzer"], [])
    assert not plain.move_is_random(plain.legal_moves()[0])
    child = plain.copy()
    child.apply(plain.legal_moves()[0], FixedChance())
    assert child.key() != plain.key()


def test_use_moves_name_cards_as_written_and_refuse_what_is_no_button(lib):
    f = button_fight(lib, ["Sword", "Buzzer"], [3])
    with pytest.raises(IllegalMoveError, match="Sword: it takes dice"):
        play(f, "use Sword")
    with pytest.raises(IllegalMoveError, match="no card 'Buzer'.*Buzzer"):
        play(f, "use Buzer")
    play(f, "use buzzer")   # by id, as other moves
    assert f.fighters[0].cards[1].times_used == 1
    with pytest.raises(IllegalMoveError,
                       match=r"Buzzer takes no die \(a button: 'use Buzzer'\)"):
        play(f, "3 → Buzzer")


@pytest.mark.parametrize("move", [Move.use("Second Wind"), Move.use("Buzzer", 3),
                                  Move.place(3, "Sword"), Move.release(2, "Spanner"),
                                  Move.end()])
def test_moves_print_as_they_parse(move):
    again = Move.parse(str(move))
    assert again.same_choice(move) and str(again) == str(move)


def test_use_move_text_and_json():
    move = Move.parse("  USE   Second Wind  ")
    assert move == Move.use("Second Wind") and move.die == 0
    assert repr(move) == "Move.use('Second Wind')"
    assert move.to_json() == {"action": "use", "card": "Second Wind"}
    with pytest.raises(InvalidMoveError, match="'use Second Wind'"):
        Move.parse("press it")


def test_a_weakened_button_has_its_weakened_condition(lib):
    f = button_fight(lib, ["Wobbly Button"], [])
    assert uses(f) == ["Wobbly Button"]
    f = button_fight(lib, ["Wobbly Button"], [], weakened=["Wobbly Button"])
    assert uses(f) == []
    with pytest.raises(IllegalMoveError, match="not ready"):
        play(f, "use Wobbly Button")


def test_the_common_case_holds_no_button_mark(lib):
    """A fighter without a button: its cards' set of hooks holds no mark, and its moves are
    the table's as they were (no use move is looked for)."""
    from dicey.rules.state import BUTTON
    f = button_fight(lib, ["Sword", "Echo"], [3, 4])
    assert BUTTON not in f.fighters[0].card_events()
    f.legal_moves()
    assert any(f._legal is moves for moves in f.rules.legal_table.values())   # as it is
    g = button_fight(lib, ["Sword", "Buzzer"], [3, 4])
    assert BUTTON in g.fighters[0].card_events()
    play(g, "use Buzzer", "use Buzzer")
    assert BUTTON in g.fighters[0].card_events()   # no uses left: still held
    h = button_fight(lib, ["Limit"], [])
    h.fighters[0].set_card(0, h.fighters[0].cards[0]._replace(gone=True))
    assert BUTTON not in h.fighters[0].card_events()   # a button used up for good


def test_a_position_may_pin_card_variables(lib):
    f = button_fight(lib, ["Limit", "Limit"], [], card_vars={"Limit": {"charge": 5}})
    assert [dict(c.vars) for c in f.fighters[0].cards] == [{"charge": 5}] * 2
    assert uses(f) == ["Limit"]
    with pytest.raises(ValueError, match=r"Limit has no variable 'chrage' \(did you mean "
                                         r"'charge'\?\)"):
        f.set_position(0, card_vars={"Limit": {"chrage": 1}})
    with pytest.raises(ValueError, match="cannot set variables of 'Buzzer'"):
        f.set_position(0, card_vars={"Buzzer": {"charge": 1}})


def test_a_single_use_button_is_gone_once_used_and_reequip_keeps_its_use(lib):
    f = button_fight(lib, ["Pebble"], [])
    play(f, "use Pebble")
    assert f.fighters[0].cards[0].gone and uses(f) == []
    f = button_fight(lib, ["Pebble"], [], statuses={"reequip": 1})
    play(f, "use Pebble")
    card = f.fighters[0].cards[0]
    assert not card.gone and card.times_used == 1 and uses(f) == ["Pebble"]
    assert "reequip" not in f.fighters[0].statuses


def test_a_button_says_its_progress_as_the_fight_stands(lib):
    f = button_fight(lib, ["Sword", "Gauge", "Buzzer"], [3])
    assert [f.progress(0, i) for i in range(3)] == [None, (0, 5), None]
    f._damage(1, 0, 3, "normal", "attack")
    assert f.progress(0, 1) == (3, 5) and uses(f) == ["Buzzer"]
    f._damage(1, 0, 4, "normal", "attack")
    assert f.progress(0, 1) == (5, 5) and uses(f) == ["Gauge", "Buzzer"]
    g = button_fight(lib, ["Gauge+"], [])
    g._damage(1, 0, 2, "normal", "attack")
    assert g.progress(0, 0) == (2, 3)


def faults(events):
    return [e for e in events if isinstance(e, E.ScriptFault)]


def test_a_ready_that_faults_is_logged_once_a_fight_with_the_next_move(lib):
    f = button_fight(lib, ["Sword", "Broken Button"], [3, 4])
    for _ in range(5):          # listed again and again: said once
        assert uses(f) == []
    events = play(f, "3 → Sword")
    (fault,) = faults(events)
    assert events[0] is fault   # found before the move: said before it
    assert "Broken Button, ready" in fault.where and "buttons.dice:" in fault.where
    assert "division by zero" in fault.message
    assert fault.describe().startswith("script error in ")
    assert uses(f) == [] and faults(play(f, "end turn")) == []


def test_a_fault_is_logged_though_no_one_lists_the_moves_and_never_by_copies(lib):
    # `dicey fight` chooses each move on a copy (which keeps no log): the fight itself reads
    # its actor's buttons after each move, and says a fault after what the move did.
    f = button_fight(lib, ["Sword", "Broken Button", "Broken Gauge"], [3, 4])
    copy = f.copy(simulation=True, log=False)
    assert uses(copy) == ["Broken Gauge"] and copy.progress(0, 2) is None
    assert getattr(copy, "_faults", None) is None    # nothing kept, nothing to pay
    events = play(f, "3 → Sword")
    assert [e.where.split("(")[-1] for e in faults(events)] == ["Broken Button, ready)",
                                                                 "Broken Gauge, progress)"]
    assert isinstance(events[0], E.Placed)
    assert f.progress(0, 2) is None and faults(play(f, "use Broken Gauge")) == []


def test_a_button_is_used_on_one_line_of_the_log(lib):
    from dicey.rules.headless import format_log
    f = button_fight(lib, ["Buzzer"], [])
    log = format_log(play(f, "use Buzzer")).splitlines()
    assert [line for line in log if "Buzzer" in line] == ["  Warrior uses Buzzer"]


@pytest.mark.parametrize("mark", ["shock", "weaken"])
def test_shock_and_weaken_pass_buttons_by(lib, mark):
    from dicey.rules.statuses import card_mark_choices
    f = button_fight(lib, ["Gauge", "Sword", "Buzzer", "Wobbly Button"], [])
    assert card_mark_choices(f.fighters[0].cards, mark) == [1]
    g = button_fight(lib, ["Gauge", "Buzzer"], [])
    assert card_mark_choices(g.fighters[0].cards, mark) == []
    # at a turn's start, with stacks enough for every card: only the Sword is marked
    play(f, "end turn")
    f.begin_turn(SampleChance(random.Random(1)))
    play(f, "end turn")
    f.set_position(0, statuses={mark: 4})
    events = f.begin_turn(SampleChance(random.Random(2)))
    marked = [e.card for e in events if isinstance(e, E.CardMarked)]
    assert marked == ["Sword"]
    assert [c.shocked or c.weakened for c in f.fighters[0].cards] == [False, True, False,
                                                                       False]
