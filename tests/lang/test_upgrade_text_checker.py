"""The checker's warning at an upgrade that takes other dice than its card while it keeps
the card's text, which names the card's dice (Lucky Charm+ took [≤2] and still said "a 1").
It stands at the upgrade's own ``slots`` as the parse tree places it, wherever the block
and its members are written, and shows wherever the checker's warnings show: ``dicey check``
and the load of a mod by any command."""
from __future__ import annotations

import pytest

from dicey.lang.checker import die_phrases, takes_text
from dicey.lang.defs import EquipmentDef, Slot
from dicey.lang.errors import render_all
from lang_kit import marked, problems

SAID = "'Charm+' takes [≤2] where 'Charm' takes [1], but its text is the card's own"


def unsaid(source: str, symbols) -> list:
    return [p for p in problems(source, symbols) if "its text is the card's own" in p.message]


@pytest.mark.parametrize("source", [
    # the block on lines of its own
    'equipment "Charm" {\n    slots: 1\n    text: "A 1: gain 3 shield"\n'
    '    on use { gain(shield, 3) }\n    upgraded {\n        «slots»: max 2\n    }\n}\n',
    # the block on one line
    'equipment "Charm" {\n    slots: 1\n    text: "A 1: gain 3 shield"\n'
    '    on use { gain(shield, 3) }\n    upgraded { «slots»: max 2 }\n}\n',
    # the whole card on one line, and another card's upgraded block after it
    'equipment "Charm" { slots: 1; text: "A 1: gain 3 shield"; on use { gain(shield, 3) }; '
    'upgraded { «slots»: max 2 } }\nequipment "Knife" {\n    slots: max 3\n'
    '    text: "Do [d] damage"\n    on use { attack(d) }\n    upgraded {\n'
    '        slots: max 4\n    }\n}\n',
    # a comment naming slots, and a hook, in the block before its slots
    'equipment "Charm" {\n    slots: 1\n    text: "A 1: gain 3 shield"\n'
    '    on use { gain(shield, 3) }\n    upgraded {   # slots: see below }\n'
    '        on use {\n            gain(shield, 4)\n        }\n'
    '        # slots: max 2 was too kind? }\n        «slots»: max 2\n    }\n}\n',
    # slots written on the line of another member
    'equipment "Charm" {\n    slots: 1\n    text: "A 1: gain 3 shield"\n'
    '    on use { gain(shield, 3) }\n    upgraded {\n        on use { gain(shield, 4) }; '
    '«slots»: max 2\n    }\n}\n',
], ids=["lines", "one-line-block", "one-line-card", "comment-and-hook", "after-a-member"])
def test_the_warning_stands_at_the_upgrades_own_slots(symbols, source):
    clean, line, column, end = marked(source)
    (warn,) = unsaid(clean, symbols)
    assert warn.severity == "warning" and SAID in warn.message
    assert "which says 'a 1'" in warn.message
    assert (warn.line, warn.column, warn.end_column) == (line, column, end)


def test_the_warning_is_rendered_with_the_usual_caret(symbols):
    source = ('equipment "Charm" {\n    slots: 1\n    text: "A 1: gain 3 shield"\n'
              '    on use { gain(shield, 3) }\n    upgraded { slots: max 2 }\n}\n')
    (warn,) = unsaid(source, symbols)
    assert render_all([warn], {"t.dice": source}).split("\n") == [
        f"t.dice:5:16: warning: {warn.message}",
        "        upgraded { slots: max 2 }",
        "                   ^^^^^"]


def test_a_total_or_the_block_itself_when_the_upgrade_has_no_slots_of_its_own(symbols):
    """An upgrade that changes only the total stands at its ``total``; one whose
    difference comes from elsewhere (a weakened base is not it: a ``size``?) at its title."""
    source = ('equipment "Pair" {\n    slots: any, any\n    total: 7\n'
              '    text: "Two dice that total 7: gain 5 shield"\n'
              '    on use { gain(shield, 5) }\n    upgraded {\n        «total»: 8\n    }\n}\n')
    clean, line, column, end = marked(source)
    (warn,) = unsaid(clean, symbols)
    assert (warn.line, warn.column, warn.end_column) == (line, column, end)
    assert "which says 'total 7'" in warn.message


@pytest.mark.parametrize("upgrade", [
    'upgraded { slots: max 4 }',                                  # says nothing of its dice
    'upgraded { slots: max 2; text: "A 1 or 2: gain 3 shield" }',  # a text of its own
    'upgraded { on use { gain(shield, 4) } }',                     # the same dice
])
def test_no_warning(symbols, upgrade):
    text = "Do [d] damage" if "max 4" in upgrade else "A 1: gain 3 shield"
    slots = "max 3" if "max 4" in upgrade else "1"
    source = (f'equipment "Charm" {{\n    slots: {slots}\n    text: "{text}"\n'
              f'    on use {{ gain(shield, 3) }}\n    {upgrade}\n}}\n')
    assert unsaid(source, symbols) == []


def test_a_mods_load_shows_the_warning(cli, tmp_path):
    """Not only ``dicey check``: a command that loads the mod says it (as it says the
    checker's other warnings), at the upgrade's slots with the caret, and still runs."""
    mod = tmp_path / "charms"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "charms"\nversion = "1.0.0"\napi = 1\n',
                                  encoding="utf-8")
    path = mod / "charms.dice"
    path.write_text('equipment "Charm" { slots: 1; text: "A 1: gain 3 shield"; '
                    'on use { gain(shield, 3) }; upgraded { slots: max 2 } }\n',
                    encoding="utf-8")
    code, out, err = cli("cards", "Charm+", "--mods", str(mod))
    assert code == 0, err
    assert f"{path}:1:98: warning: {SAID}" in err
    assert err.count("warning:") == 1
    code, out, err = cli("check", str(mod))
    assert code == 0 and "0 errors, 1 warning" in out and f"{path}:1:98: warning:" in err


def test_die_phrases_name_each_kind_of_slot():
    phrases = die_phrases
    assert phrases(EquipmentDef("c", "C", slots=(Slot("max", 2),)))[:2] == \
        ["a 1 or 2", "2 or less"]
    assert phrases(EquipmentDef("c", "C", slots=(Slot("range", 2, 4),)))[0] == "a 2, 3 or 4"
    assert phrases(EquipmentDef("c", "C", slots=(), countdown=7)) == ["countdown 7"]
    assert phrases(EquipmentDef("c", "C", slots=(Slot("doubles"),) * 2)) == ["doubles"]
    assert phrases(EquipmentDef("c", "C", slots=(Slot("any"),))) == []


def test_takes_text_is_the_cards_face():
    assert takes_text(EquipmentDef("c", "C", slots=(Slot("exact", 1),))) == "[1]"
    assert takes_text(EquipmentDef("c", "C", slots=(), countdown=7)) == "[7 to go]"
    assert takes_text(EquipmentDef("c", "C", slots=(), button=True)) == "[press]"
    assert takes_text(EquipmentDef("c", "C", slots=(Slot("any"),) * 2, total=7)) == \
        "[any] [any] total 7"
