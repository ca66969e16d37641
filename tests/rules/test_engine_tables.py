"""The tables that make the engine faster give what the plain computation gives.

Card and status changes go through tables keyed on the changed part's code (the result and
its code made once); the interpreter works out constant lists and comparisons with a
constant when it compiles, and keeps the distributions of ``pick``, ``shuffle`` and
``chance``. Each is checked here against the plain way, and where a table could go wrong:
a definition that shares its id with another, a table emptied while in use, values the
language calls unequal though Python does not (``1`` and ``true``).
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from dicey.lang.chance import FixedChance, SampleChance, uniform, uniform_over
from dicey.lang.defs import EquipmentDef, Slot
from dicey.lang.effects import RecordingEffects
from dicey.lang.errors import ScriptError
from dicey.lang.interp import CORE_STATUSES, Scope, compile_stmts, run_source
from dicey.lang.parser import parse_stmts
from dicey.rules import state
from dicey.rules.fight import Fight
from dicey.rules.state import CardState, Fighter, code, fired, fresh_card
from dicey.rules.protocol import IllegalMoveError, Move
from rules_kit import (LIB, Lib, attack_d, card, fighter, plain_fighter_key, position,
                       random_walk, sample)

TOOLS = Path(__file__).resolve().parents[2] / "tools"


# ----------------------------------------------------------------- card changes

def coded_fighter(defn: EquipmentDef) -> Fighter:
    """A fighter holding one fresh ``defn`` whose codes are all known (a key was asked)."""
    f = Fighter(0, fighter("Warrior"), 10, 10, 3, 1, [fresh_card(defn)])
    f.key()
    return f


def test_a_changed_card_holds_its_own_definition_when_another_shares_its_id():
    mine, other = EquipmentDef("rock", "Rock"), EquipmentDef("rock", "Rock", text="another rock")
    assert code(fresh_card(mine)[1:]) == code(fresh_card(other)[1:])   # one code for both
    first, second = coded_fighter(mine), coded_fighter(other)
    first.change_card(0, CardState.with_placed, (3,))
    changed = second.change_card(0, CardState.with_placed, (3,))
    assert changed.defn is other and second.cards[0].defn is other
    assert second.key() == (10, 0, code(0), second.key()[3],
                            code((code(changed[1:]),)))


@pytest.mark.parametrize("change, arg", [(CardState.with_placed, (2, 5)),
                                         (CardState.with_countdown, 4), (fired, 0)])
def test_a_change_through_the_table_is_the_change_made_plainly(change, arg):
    defn = EquipmentDef("rock", "Rock", single_use=True)
    for _ in range(2):                      # the second time, from the table
        f = coded_fighter(defn)
        plain = change(f.cards[0], arg)
        assert f.change_card(0, change, arg) == plain == f.cards[0]
        assert f.card_codes() == [code(plain[1:])]
        assert f.key()[4] == code((code(plain[1:]),))
        assert f.card_events() == frozenset(plain.active.hooks if not plain.gone else ())


def test_an_uncoded_fighter_changes_its_card_without_the_tables():
    f = Fighter(0, fighter("Warrior"), 10, 10, 3, 1, [fresh_card(EquipmentDef("rock", "Rock"))])
    card = f.change_card(0, CardState.with_placed, (4,))
    assert card.placed == (4,) and f._card_codes == [None] and f._cards_code is None
    assert f.key()[4] == code((code(card[1:]),))


def plain_extras(f: Fight) -> tuple:
    """What a fight's key holds past the position: the cards used when a script reads
    them, the turn's bonus when a script may give one (a win takes it back)."""
    live = [c.active for side in f.fighters for c in side.cards if not c.gone]
    scripts = [s for a in live for s in a.hooks.values()]
    reads = f.rules.last_read or any(getattr(s, "reads_last", False) for s in scripts) or \
        any(getattr(a.ready, "reads_last", False) for a in live)
    gives = f.rules.bonus_given or any(
        getattr(s, "calls", None) is None or "bonus" in s.calls for s in scripts)
    return ((f.fighters[0].used, f.fighters[1].used) if reads else ()) + \
        ((f.turn_bonus,) if gives else ())


def play_checking_keys(fight: Fight, seed: int, steps: int) -> int:
    """Random turns and moves, each on a copy of a keyed state (as the search makes
    them); the key of every state checked against the plain one. How many were checked."""
    def check(f: Fight) -> None:
        assert f.key() == (f.actor, f.turn, f.phase, *plain_fighter_key(f.fighters[0]),
                           *plain_fighter_key(f.fighters[1]), *plain_extras(f))
    return random_walk(fight, seed, steps, check, keyed_copies=True)


@pytest.mark.parametrize("seed", range(4))
def test_keys_of_states_made_from_keyed_states_are_the_plain_keys(library, seed):
    heroes, enemies = list(library.heroes.values()), list(library.enemies.values())
    f = Fight.start(library, heroes[seed % len(heroes)], enemies[(3 * seed) % len(enemies)],
                    random.Random(seed))
    assert play_checking_keys(f, seed, 150) > 50


def test_the_tables_emptied_while_in_use_still_give_the_plain_keys(library, monkeypatch):
    monkeypatch.setattr(state, "TABLE_SIZE", 3)      # emptied every few changes
    heroes, enemies = list(library.heroes.values()), list(library.enemies.values())
    checked = sum(play_checking_keys(Fight.start(library, heroes[0], enemy,
                                                 random.Random(7)), 7, 60)
                  for enemy in enemies[:6])
    assert checked > 100
    assert len(state._CHANGED) <= 3 and len(state._SWAPPED) <= 3


def test_a_kit_fight_with_every_status_keeps_plain_keys():
    a = fighter("Warrior", hp=40, equipment=("sword", "shield", "counter", "rock"))
    b = fighter("Frog", hp=40, equipment=("sword", "crowbar"), kind="enemy")
    f = Fight.start(LIB, a, b, random.Random(3))
    f.set_position(0, statuses={"fury": 2, "reequip": 1, "poison": 1})
    f.set_position(1, statuses={"shield": 3, "thorns": 1, "reduce": 1})
    assert play_checking_keys(f, 3, 80) > 20


# ------------------------------------------------------------------ legal moves

def plain_moves(f: Fight) -> list:
    """The legal moves worked out anew (the library's table emptied first)."""
    f.rules.legal_table.clear()
    return f.legal_moves()


@pytest.mark.parametrize("seed", range(4))
def test_legal_moves_from_the_table_are_the_moves_worked_out_anew(library, seed):
    """The table is keyed on the pool and the cards' codes: every position met under one
    key has the same moves, and the table gives them."""
    heroes, enemies = list(library.heroes.values()), list(library.enemies.values())
    by_key: dict = {}

    def check(f: Fight) -> None:
        if f.turn_over:
            return
        me = f.fighters[f.actor]
        listed = f.legal_moves()
        plain = plain_moves(f)
        assert listed == plain
        key = (tuple(me.dice), tuple(me.card_codes()))
        assert by_key.setdefault(key, plain) == plain
        assert f.legal_moves() == plain          # from the table again

    steps = sum(random_walk(Fight.start(library, heroes[seed % len(heroes)], enemy,
                                        random.Random(seed)), seed, 150, check,
                            keyed_copies=True)
                for enemy in enemies[seed::4])
    assert steps > 100 and len(by_key) > 40


def test_two_libraries_with_a_card_of_one_id_keep_their_own_moves():
    """Card codes stand for a card's state, not its definition: each library keeps its
    own table, so the same position under another ``rock`` has other moves."""
    small, big = Lib(), Lib()
    small.equipment["rock"] = card("Rock", (Slot("max", 3),), attack_d)
    big.equipment["rock"] = card("Rock", (Slot("min", 4),), attack_d)
    a = fighter("Warrior", equipment=("rock",))

    def moves(lib: Lib) -> list[int]:
        f = Fight.start(lib, a, fighter("Frog", kind="enemy"), random.Random(1))
        f.set_position(0, dice=[2, 5])
        return [m.die for m in f.legal_moves() if m.action == "place"]

    for _ in range(2):                       # the second time, from the tables
        assert moves(small) == [2] and moves(big) == [5]


def test_pools_that_differ_in_dice_the_list_leaves_out_share_an_entry():
    """The table is keyed on the distinct dice with their indexes: a second die equal to
    one before it, or a locked die, adds no move and no entry."""
    first = position([5, 3], ["sword", "shield"])
    moves, table = first.legal_moves(), first.rules.legal_table
    size = len(table)
    for dice, locked in (([5, 3, 5], []), ([5, 3, 3, 5], []), ([5, 3, 6], [2])):
        f = position(dice, ["sword", "shield"], locked=locked)
        assert f.legal_moves() == moves and len(table) == size
    assert plain_moves(f) == moves
    assert position([3, 5], ["sword", "shield"]).legal_moves() != moves   # other indexes


def test_a_listed_list_is_the_callers_own():
    f = position([3, 5], ["sword"])
    f.legal_moves().clear()
    assert len(f.legal_moves()) == 3


# ------------------------------------------------------------- remembered moves

def test_a_listed_move_made_on_a_copy_is_the_move_made_plainly():
    f = position([3, 5, 5], ["sword", "shield"])
    for move in f.legal_moves()[:-1]:
        listed, plain = f.copy(), f.copy()
        plain._legal = None                  # as if the moves were never listed
        listed.apply(move, sample(1))
        plain.apply(move, sample(1))
        assert listed.key() == plain.key() and listed.counters() == plain.counters()


def test_a_move_equal_to_a_listed_one_is_that_move():
    f = position([3, 5, 5], ["sword", "shield"])
    for move in f.legal_moves()[:-1]:
        twin = Move(move.action, move.die, move.card, move.die_index, move.card_index)
        assert twin is not move
        mine, plain = f.copy(), f.copy()
        mine.apply(twin, sample(1))
        plain.apply(move, sample(1))
        assert mine.key() == plain.key()


def test_a_listed_move_is_checked_again_once_the_position_changed():
    f = position([3], ["sword"])
    move = f.legal_moves()[0]
    f.set_position(0, dice=[4])              # the die the move names is gone
    with pytest.raises(IllegalMoveError):
        f.apply(move, sample())
    f = position([3, 3], ["sword"])
    move = f.legal_moves()[0]
    f.apply(move, sample())                  # the sword is used up now
    with pytest.raises(IllegalMoveError):
        f.apply(move, sample())


def test_moves_listed_for_another_position_are_checked():
    mine, other = position([6], ["sword"]), position([2], ["sword"])
    mine.legal_moves()
    move = other.legal_moves()[0]            # 2 → Sword, die 0: not this position's die
    with pytest.raises(IllegalMoveError):
        mine.apply(move, sample())


# ------------------------------------------------------------------ the interpreter

def run(source: str, **names) -> tuple[object, RecordingEffects]:
    fx = RecordingEffects()
    result = run_source(source, fx, FixedChance(), names)
    return result, fx


@pytest.mark.parametrize("source, said", [
    ("say(x == fire)", "false"),            # 1 is not the string fire
    ("say(x == 1)", "true"),
    ("say(1 == x)", "true"),
    ("say(x == true)", "false"),            # nor true, though Python says 1 == True
    ("say(true != x)", "true"),
    ('say(x != "1")', "true"),
    ("say([1, [2, 3]] == [1, [2, 3]])", "true"),
    ("say([1, [2]] == [1, [true]])", "false"),
    ("say([fire, ice, 3])", "[fire, ice, 3]"),
])
def test_comparisons_with_constants_and_constant_lists_mean_what_they_did(source, said):
    _, fx = run(source, x=1)
    assert fx.calls == [("say", said)]


def test_a_constant_list_too_long_counting_its_lists_faults_when_run_not_when_compiled():
    inner = "[" + ", ".join(["1"] * 60) + "]"
    stmts = parse_stmts(f"let xs = [{inner}, {inner}]")
    script = compile_stmts(stmts, scope=Scope(statuses=CORE_STATUSES))
    with pytest.raises(ScriptError, match="list too long"):
        script.run(RecordingEffects(), FixedChance(), {})


def test_a_constant_list_is_one_value_made_once():
    script = compile_stmts(parse_stmts("say([fire, [1, 2]])"),
                           scope=Scope(statuses=CORE_STATUSES))
    first, second = RecordingEffects(), RecordingEffects()
    script.run(first, FixedChance(), {})
    script.run(second, FixedChance(), {})
    assert first.calls == second.calls == [("say", "[fire, [1, 2]]")]


# ------------------------------------------------------------------- distributions

def test_uniform_over_is_uniform_made_once_per_tuple():
    values = ("fire", "ice", "fire")
    assert uniform_over(values) == uniform(values)
    assert uniform_over(values) is uniform_over(tuple(["fire", "ice", "fire"]))


@pytest.mark.parametrize("values", [(1, True), ((1,), (True,)), ((1, (2,)), (1, (True,)))])
def test_uniform_over_keeps_values_the_language_calls_unequal_apart(values):
    outcomes = uniform_over(values)
    assert len(outcomes) == 2 and [v for v, _ in outcomes] == list(values)
    assert uniform_over(values[:1])[0][0] == values[0]
    assert repr(uniform_over(values[1:])[0][0]) == repr(values[1])


def test_pick_and_chance_draw_as_before():
    """The same seeded draws as a distribution made afresh would give."""
    for source in ("say(pick([fire, ice, shock]))", "say(chance(30))"):
        said = []
        for seed in range(40):
            fx = RecordingEffects()
            run_source(source, fx, SampleChance(random.Random(seed)), {})
            said.append(fx.calls[0][1])
        expected = []
        for seed in range(40):
            rng = random.Random(seed)
            if "pick" in source:
                expected.append(["fire", "ice", "shock"][int(rng.random() * 3)])
            else:
                expected.append("true" if rng.random() < 0.3 else "false")
        assert said == expected


# ------------------------------------------------------------------------ the tool

def test_the_engine_profile_tool_times_and_counts(capsys):
    spec = importlib.util.spec_from_file_location("profile_engine", TOOLS / "profile_engine.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.main(["--positions", "2", "--rounds", "1"])
    tool.main(["--positions", "1", "--ops", "--top", "3"])
    out = capsys.readouterr().out
    assert "moves/s" in out and "copy + key" in out and "bytecodes a move" in out
