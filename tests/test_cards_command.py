"""``dicey cards [NAME]``: the cards in the game's own notation (as their faces and the
game's card box say them), a legend for it, and a card's upgrade saying what it changes."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dicey.rules.state import fresh_card
from dicey.tui import faces

ROOT = Path(__file__).resolve().parent.parent


def _rows(out: str) -> dict[str, str]:
    """The list's rows by card name (the name is padded to the header's ``slots`` column)."""
    lines = out.splitlines()
    width = lines[0].index("size")
    return {line[:width].strip(): line[width:] for line in lines[1:] if "  " in line
            and line[:width].strip() and not line.startswith((" ", "slots", "uses", "random"))}


@pytest.mark.parametrize("card, slots, uses", [
    ("Broadsword", "[any] +2", "once a turn"),
    ("Electromagnet", "[7 to go]", "once a turn"),
    ("Sling", "[≤2] spare 1", "once a turn"),
    ("Lockpick", "[≥2]", "×2"),
    ("Dagger", "[≤3]", "∞"),
    ("Rock", "[any]", "1 use"),
    ("Bandage", "[any]", "1/fight"),
    ("Lucky 7", "[any] [any] total 7", "once a turn"),
    ("Fury", "[press]", "1/fight"),
    ("Barricade", "[press]", "1/fight"),
])
def test_the_list_says_slots_and_uses_as_the_cards_faces_do(cli, card, slots, uses):
    code, out, _ = cli("--no-mods", "cards")
    assert code == 0
    row = _rows(out)[card].split()
    assert " ".join(row[1:]).startswith(f"{slots} {uses} ")


def test_the_list_uses_no_words_the_game_does_not(cli):
    out = cli("cards")[1]
    table = out.split(" cards\n", 1)[0]
    for word in ("free", "countdown", "/turn", "unlimited", "single use", "once per fight"):
        assert word not in table, word


def test_every_row_is_the_cards_face(cli, library):
    # the face as the fight screen draws it (faces.py), for every card, mods' too
    rows = _rows(cli("cards")[1])
    assert len(rows) == len(library.equipment)
    for card in library.equipment.values():
        face = fresh_card(card)
        uses = faces.uses_line(face) or "once a turn"
        assert " ".join(rows[card.name].split()[1:]).startswith(
            f"{faces.slot_line(face)} {uses} "), card.name


def test_the_list_ends_with_a_legend_of_its_notation(cli):
    out = cli("--no-mods", "cards")[1]
    legend = re.split(r"\n\d+ cards\n", out, maxsplit=1)[1]
    for words in ("+2 adds 2 to the dice", "spare 1 a spare die of 1 each turn",
                  "[7 to go] a countdown", "[press] a button: it takes no die",
                  "×2 twice a turn", "∞ as often as you like",
                  "1 use once, then it is gone for the fight", "1/fight once per fight",
                  "random  what it does depends on chance", "'dicey cards NAME'"):
        assert words in legend, words
    assert max(len(line) for line in out.splitlines()) <= 80


def test_one_card_reads_as_the_games_card_box(cli):
    code, out, _ = cli("--no-mods", "cards", "sword")
    assert code == 0
    for line in ("  slots    [any]", "  takes    any die", "  uses     once a turn",
                 "  size     2", "  text     Do d damage",
                 "  upgrade  Sword+: [any] · Do d+2 damage · scripts of its own",
                 "  weakened [≤5] (was [any]) · Do d damage",
                 "  dodge    a dodge stops it: it is aimed at the opponent (cast: target)",
                 "  random   no", "  held by  the hero Warrior; the enemy Frog",
                 "  (d is the total of the dice on the card)"):
        assert line + "\n" in out, line
    assert "[d]" not in out and "cast     target" not in out and "its own scripts" not in out


def test_one_card_says_uses_dodging_chance_and_where_it_is_found_in_words(cli):
    out = cli("--no-mods", "cards", "Lockpick")[1]
    assert "  uses     twice a turn\n" in out
    assert "  dodge    cannot be dodged: it is aimed at its owner (cast: self)\n" in out
    assert "  random   yes: what it does depends on chance\n" in out
    assert "  held by  the hero Thief; the enemies Gambler and Ninja\n" in out
    assert "  reward   offered after fights on floor 2\n" in out
    assert "  defined  content/tricks.dice:" in out and "(base game)" in out
    out = cli("--no-mods", "cards", "Pea Shooter")[1]
    assert "  uses     as often as you like\n" in out and "  slots    [5 to go]\n" in out
    assert "  text     Countdown 5: do 2 damage\n" in out and "(d is" not in out
    out = cli("cards", "Cold Snap")[1]
    assert "(mod frostbite)" in out


def test_an_upgrade_shows_what_it_changes(cli):
    code, out, _ = cli("--no-mods", "cards", "Hammer")
    assert code == 0
    assert "upgrade  Hammer+: [any] · size 1 (was 2) · Do d shock damage" in out
    assert "scripts of its own" not in out.split("upgrade", 1)[1]   # it keeps the base's
    out = cli("--no-mods", "cards", "Lockpick")[1]
    assert "upgrade  Lockpick+: [≥2] · 3 times a turn (was twice a turn) · Split" in out
    out = cli("--no-mods", "cards", "Broadsword")[1]
    assert "upgrade  Broadsword+: [any] +4 (was [any] +2) · Do d damage (the die plus 4)" in out


def test_a_name_ending_in_plus_shows_the_upgrade(cli):
    """'dicey cards "Sword+"' showed the plain Sword, without a word that '+' was dropped."""
    code, out, err = cli("--no-mods", "cards", "Sword+")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Sword+  (sword+)"
    assert "  text     Do d+2 damage" in lines and "  text     Do d damage" not in lines
    assert "  upgrades Sword ('dicey cards \"Sword\"' shows it)" in lines
    assert "  weakened [≤5] (was [any]) · Do d+2 damage" in lines   # the upgrade weakened
    assert not any(line.startswith("  upgrade ") for line in lines)
    assert cli("--no-mods", "cards", "Hammer +")[1].splitlines()[4] == "  size     1"
    assert cli("--no-mods", "cards", "Hammer")[1].splitlines()[4] == "  size     2"


@pytest.mark.parametrize("name, words", [
    ("Swrod+", "unknown card 'Swrod+' (did you mean 'Sword+'?)"),
    ("Sword++", "'Sword++': a card has one upgrade (write \"Sword+\")"),
])
def test_an_unknown_upgrade_is_answered_with_the_upgrade_meant(cli, name, words):
    code, out, err = cli("--no-mods", "cards", name)
    assert code == 2 and err.strip() == f"dicey: error: {words}" and out == ""


def test_the_cards_command_loads_no_textual():
    # the cards are written as the game writes them (dicey.notation), without the TUI
    code = ("import sys; from dicey.cli import main; main(['cards', 'sword']); "
            "assert not [m for m in sys.modules if m.split('.')[0] == 'textual' "
            "or m.startswith('dicey.tui')]")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr


def test_the_modding_tutorial_shows_what_the_command_prints(cli, tmp_path, monkeypatch):
    doc = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
    before, after = doc.split("$ dicey cards Tinderbox\n", 1)
    # the mod as the tutorial has it at that step (its dungeon extension comes later)
    for path, body in re.findall(r"<!-- file: ([^ ]+) -->\n```[a-z]*\n(.*?)```", before,
                                 re.S):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(body, encoding="utf-8")
    shown = after.split("```", 1)[0]
    monkeypatch.chdir(tmp_path)                      # the paths as the tutorial shows them
    code, out, err = cli("cards", "Tinderbox", "--mods", "mods/embers")
    assert code == 0 and out == shown, err
    code, _, err = cli("cards", "tinderbx", "--mods", "mods/embers")
    assert "unknown card 'tinderbx' (did you mean 'Tinderbox'?)" in doc
    assert err == "dicey: error: unknown card 'tinderbx' (did you mean 'Tinderbox'?)\n"


def test_wide_names_keep_the_list_in_columns(cli, tmp_path):
    """A name of wide letters or an emoji takes two cells a letter: padded by letters, it
    pushed the columns after it one cell right per wide letter."""
    from rich.cells import cell_len
    mod = tmp_path / "wide"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "wide"\nversion = "1.0"\napi = 1\n')
    (mod / "cards.dice").write_text('equipment "Ｗｉｄｅ 9" { slots: any; on use { attack(d) } }\n'
                                    'equipment "Fire 🔥" { slots: any; on use { attack(d) } }\n',
                                    encoding="utf-8")
    code, out, err = cli("cards", "--mods", str(mod))
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith(("Ｗｉｄｅ", "Fire 🔥", "Sword "))]
    assert len(rows) == 3
    starts = {cell_len(row[:row.index("[")]) for row in rows}   # where the slots begin
    assert len(starts) == 1, rows


def test_a_tab_in_a_cards_text_reads_as_one_space_on_every_line(cli, tmp_path):
    """Tabs were expanded to the next tab stop, which sits elsewhere on each line: the text
    and the weakened line said the same words with different gaps."""
    mod = tmp_path / "tabs"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "tabs"\nversion = "1.0"\napi = 1\n')
    (mod / "cards.dice").write_text(
        'equipment "Tabby" { slots: any; text: "Do\\t[d] damage"; on use { attack(d) } }\n')
    code, out, err = cli("cards", "Tabby", "--mods", str(mod))
    assert code == 0, err
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    assert "\t" not in out
    assert lines["text"].endswith("  Do d damage")
    assert lines["weakened"].endswith(" · Do d damage")


@pytest.mark.parametrize("name, said", [("Rat", "(Rat is an enemy)"),
                                        ("warrior", "(Warrior is a hero)"),
                                        ("Shield+", None), ("weaken", None)])
def test_a_name_that_is_no_card_says_what_it_is(cli, name, said):
    """'dicey cards Rot' (a status) said only 'unknown card' and how many cards there are."""
    code, out, err = cli("--no-mods", "cards", name)
    if said is None:          # (a card's upgrade is shown as its card, a status as itself)
        assert code == 0 and out.startswith(name[:-1].title() if name.endswith("+")
                                            else "Weaken  (weaken, a status)"), err
        return
    assert code == 2 and f"unknown card '{name}' {said}" in err


def test_a_button_says_it_takes_no_die_and_when_it_is_ready(cli):
    code, out, _ = cli("--no-mods", "cards", "fury")
    assert code == 0
    for line in ("  slots    [press]",
                 "  takes    no die: a button; press its key or click it to use it",
                 "  ready    when charge >= 8", "  uses     once per fight",
                 "ready when charge >= 6 (was charge >= 8)"):
        assert line in out, line
    # its variable as a fight starts it (0), in its text and its upgrade's, as the game's
    # screens show it (it read '([charge]/8)'); the vars line says where it starts
    assert "(0/8)" in out and "(0/6)" in out and "[charge]" not in out.replace("[charge/", "")
    assert "  vars     charge (starts at 0)" in out
    out = cli("--no-mods", "cards", "barricade")[1]
    assert "  ready    whenever it has uses left" in out
    # a card that takes dice says nothing of readiness
    assert "ready" not in cli("--no-mods", "cards", "sword")[1]


def test_a_button_says_how_far_it_has_come_and_that_curses_pass_it_by(cli):
    out = cli("--no-mods", "cards", "fury")[1]
    assert "  progress charge of 8, shown on its face in a fight until it is ready" in out
    assert "([charge/8])" in out
    assert "  weakened never: shock and weaken pass a button by" in out
    barricade = cli("--no-mods", "cards", "barricade")[1]
    assert "progress" not in barricade and "weakened never" in barricade
    assert "weakened [≤5] (was [any])" in cli("--no-mods", "cards", "sword")[1]


@pytest.mark.parametrize("argv, words", [
    (["cards", "Focus+"], "dicey: error: 'Focus+': Focus has no upgrade"),
    (["fight", "Rat", "--hero", "Warrior+"],
     "dicey: error: unknown hero 'Warrior+' (a hero has no upgrade: Warrior)"),
])
def test_an_upgrade_of_what_has_none_is_refused(cli, argv, words):
    """'Junk+' showed the plain card, and a hero 'Warrior+' played the Warrior."""
    code, out, err = cli(*argv)
    assert code == 2 and err.strip() == words and out == ""


ENDERS = """
equipment "Wild Swing" {
    slots: any
    text: "Do [d] damage. Half the time, your turn ends"
    on use { attack(d); if chance(50) { end_turn() } }
}
equipment "Riposte" {
    slots: any
    cast: self
    text: "Gain [d] shield. A blow that hurts you ends the attacker's turn"
    on use { gain(shield, d) }
    on damage taken { end_turn(target) }
}
equipment "Careful" {
    slots: any
    text: "Do [d] damage. On a 6, your turn ends"
    on use { attack(d); if d == 6 { end_turn() } }
}
equipment "Wary" {
    slots: any
    text: "Do [d] damage. Unless it is a 1, your turn ends"
    on use { attack(d); if d == 1 { stop }; end_turn() }
}
equipment "Lunge" {
    slots: any
    text: "Do [d] damage. Your turn ends"
    on use { attack(d); end_turn() }
    upgraded {
        text: "Do [d] damage"
        on use { attack(d) }
    }
}
"""


def _mod(tmp_path, dice):
    mod = tmp_path / "enders"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "enders"\nversion = "1.0"\napi = 1\n')
    (mod / "cards.dice").write_text(dice)
    return mod


def _line(out: str, label: str) -> str | None:
    """A card view's line (its wrapped rest joined), without its label; None: none."""
    found, lines = None, []
    for line in out.splitlines():
        if line.startswith(f"  {label} "):
            found = True
            lines.append(line[len(label) + 2:].strip())
        elif found and line.startswith("    ") and not line.strip().startswith("("):
            lines.append(line.strip())
        elif found:
            break
    return " ".join(lines) if found else None


@pytest.mark.parametrize("card, said", [
    ("Haymaker", "ends its owner's turn when used and when dodged: the dice left are lost"),
    ("Sword", None),
    ("Wild Swing", "may end its owner's turn when used (by chance): the dice left are lost"),
    ("Riposte", "ends the opponent's turn when its owner is hurt"),
    ("Careful", "may end its owner's turn when used: the dice left are lost"),
    # a stop that may come first: it only may
    ("Wary", "may end its owner's turn when used: the dice left are lost"),
    ("Lunge", "ends its owner's turn when used: the dice left are lost"),
])
def test_a_card_says_whether_it_ends_a_turn(cli, tmp_path, card, said):
    """'dicey cards Haymaker' never said the card ends its owner's turn, though the engine
    knows it (the fight asks before such a move, the plan marks it)."""
    code, out, err = cli("cards", card, "--mods", str(_mod(tmp_path, ENDERS)))
    assert code == 0, err
    assert _line(out, "turn") == said
    # an upgrade that ends turns otherwise says so (Lunge+ ends none); the others as the card
    assert _line(out, "turn+") == ("ends no turn" if card == "Lunge" else None)


def test_a_status_reads_as_a_card_does(cli):
    """'dicey cards daze' said only "Daze is a status", and no command showed one."""
    code, out, err = cli("--no-mods", "cards", "daze")
    assert code == 0, err
    assert out.splitlines()[0] == "Daze  (daze, a status)"
    assert _line(out, "text") == ("The next card you use that does not fizzle ends your turn "
                                 "once it is done")
    assert [_line(out, k) for k in ("kind", "stacks", "clears", "hooks")] == [
        "negative", "no: a fighter holds one at most (a new one adds nothing)",
        "at turn end", "on any use"]
    assert _line(out, "turn") == ("ends its bearer's turn when its bearer uses a card: the "
                                  "dice left are lost")


@pytest.mark.parametrize("name, said", [
    # no card's name is close, a status's is: the status is the one meant
    ("dazee", "unknown card 'dazee' (did you mean 'Daze', a status?) ('dicey cards --status' "
              "lists the statuses)"),
    # a card's name is close: the card is
    ("swrd", "unknown card 'swrd' (did you mean 'Sword'?)"),
    ("zzz", "unknown card 'zzz' (76 cards: 'dicey cards' lists them)"),
])
def test_a_misspelt_status_is_suggested_when_no_card_is_close(cli, name, said):
    code, out, err = cli("--no-mods", "cards", name)
    assert code == 2 and out == ""
    assert err.strip() == f"dicey: error: {said}"


def test_a_status_that_shares_a_cards_name_is_shown_with_status(cli):
    code, out, _ = cli("--no-mods", "cards", "shield")
    assert code == 0 and out.startswith("Shield  (shield)")
    assert "(Shield is also a status: 'dicey cards --status shield' shows it)" in out
    code, out, _ = cli("--no-mods", "cards", "--status", "shield")
    assert code == 0 and out.startswith("Shield  (shield, a status)")
    assert _line(out, "kind") == "positive"
    code, _, err = cli("--no-mods", "cards", "--status", "sheild")
    assert code == 2 and err.startswith("dicey: error: unknown status 'sheild' (did you mean "
                                        "'Shield'?) (the statuses: Blind, Burn, ")


def test_the_statuses_are_listed(cli):
    code, out, err = cli("--no-mods", "cards", "--status")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["status", "kind", "stacks", "clears", "from"]
    rows = {line.split()[0]: line.split()[1:4] for line in lines[1:-1]}
    assert rows["Daze"] == ["negative", "no", "turn"] and rows["Shield"][:2] == ["positive",
                                                                                "yes"]
    assert lines[-1] == f"{len(rows)} statuses ('dicey cards --status NAME' shows one whole)"
    assert len(rows) > 12


@pytest.mark.parametrize("argv, shown", [
    (("Poison+",), "dicey cards \"Poison\""),
    (("poison +",), "dicey cards \"Poison\""),
    (("--status", "Shield+"), "dicey cards --status \"Shield\""),   # Shield+ is a card's
])
def test_a_status_written_as_an_upgrade_says_statuses_have_none(cli, argv, shown):
    """'dicey cards Kindling+' (a status) showed the status as if '+' meant something."""
    code, out, err = cli("--no-mods", "cards", *argv)
    name = "Shield" if "Shield+" in argv else "Poison"
    assert code == 2 and out == ""      # as for any name that is no card (the same code)
    assert err.strip() == (f"dicey: error: '{argv[-1]}': {name} is a status, and a status "
                           f"has no upgrade ('+' is for cards); '{shown}' shows the status")


def test_a_misspelt_status_written_as_an_upgrade_says_statuses_have_none(cli):
    code, out, err = cli("--no-mods", "cards", "Poisn+")
    assert code == 2 and out == ""
    assert "(did you mean 'Poison', a status, which has no upgrade?)" in err


@pytest.mark.parametrize("name, tag", [("Focus", "weakenimmune"),
                                       ("Lucky Charm", "weakenavoid"),
                                       ("Lucky Charm+", "weakenavoid")])
def test_a_card_weaken_never_picks_says_never_as_a_button_does(cli, name, tag):
    """Focus (weakenimmune) printed 'weakened [≤5] (was [any])' and Lucky Charm+ (its
    text: "Never weakened") 'weakened [1] (was [≤2])': forms no fight can show."""
    code, out, _ = cli("--no-mods", "cards", name)
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("  weakened")] == \
        [f"  weakened never: weaken passes it by (tagged {tag})"]
    assert "turn weak" not in out


def test_a_cards_variables_read_as_a_fight_starts_them(cli, tmp_path):
    """'dicey cards' showed a mod's card variable literally, '([kept] kept)', where the
    fight screen shows its value: one written as a number shows it, one a fight works out
    its name (as an empty card's [d] shows 'd')."""
    jar = tmp_path / "mods" / "jar"
    jar.mkdir(parents=True)
    (jar / "mod.toml").write_text('name = "Jar"\nversion = "1.0.0"\napi = 1\n')
    (jar / "jar.dice").write_text(
        'equipment "Ember Jar" {\n    var kept = 0\n    var top = self.max_hp\n'
        '    text: "Keep [d] ([kept] kept, [top] at most)"\n'
        '    on use { kept += 1 }\n}\n', encoding="utf-8")
    code, out, err = cli("cards", "Ember Jar", "--mods", str(tmp_path / "mods"))
    assert code == 0, err
    assert "  text     Keep d (0 kept, top at most)" in out
    assert "  vars     kept (starts at 0), top (worked out as a fight starts)" in out
    from dicey.library import load_library
    from dicey.notation import card_text
    from dicey.rules.state import fresh_card
    lib = load_library(mod_dirs=[tmp_path / "mods"])
    card = fresh_card(lib.equipment["ember_jar"])
    assert card_text(card) == "Keep d (0 kept, top at most)"      # the screens' own words
    assert card_text(card._replace(vars=(("kept", 2), ("top", 30)))) == \
        "Keep d (2 kept, 30 at most)"
