"""The diagnostic language.md shows is what ``dicey check`` prints for such a file: its
position, its message, and the source line under it (a 4-space gutter on top of the line's
own indentation) with the caret under the name at that column."""
from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
#: The example in "9. Errors and limits": a diagnostic, its source line and its caret.
EXAMPLE = re.compile(r"## 9\. Errors.*?```\n(?P<head>(?P<path>[^:\n]+):(?P<line>\d+):\d+: "
                     r"[^\n]*)\n    (?P<source>[^\n]*)\n(?P<caret> *\^+)\n```", re.S)

#: The file around the example's line: a status for it to misspell, a card to hold it.
BEFORE = '''status "Frostbite" {
    kind: negative
    stacks: yes
    clears: never
    text: "Cold"
}

equipment "Ice Shard" {
    slots: max 3; text: "Inflict 2 frostbite"
'''

MOD_TOML = 'name = "Frost"\nversion = "1.0.0"\napi = 1\ndescription = "x"\nauthors = ["x"]\n'


def test_the_error_example_is_what_dicey_check_prints(cli, tmp_path, monkeypatch):
    found = EXAMPLE.search(DOC.read_text(encoding="utf-8"))
    assert found, "the example of section 9 is missing"
    path, line = Path(found["path"]), int(found["line"])
    lines = BEFORE.splitlines()
    assert line > len(lines), "the example's line is too early for this test's file"
    lines += ["    # …"] * (line - 1 - len(lines)) + [found["source"], "}"]
    (tmp_path / path.parent).mkdir(parents=True)
    (tmp_path / path.parent / "mod.toml").write_text(MOD_TOML, encoding="utf-8")
    (tmp_path / path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("check", str(path.parent))
    assert code == 1
    shown = f"{found['head']}\n    {found['source']}\n{found['caret']}"
    assert err.strip() == shown, err
