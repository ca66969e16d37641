"""The one-way architecture, checked on the source: ``lang → rules → ai → export/tui/cli``.

Each part of the package may import only the parts below it; only the TUI imports Textual.
(The command line sits on top: it may import anything, and starts the TUI.)"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dicey"

#: What each part may import from the package (besides itself).
MAY_IMPORT = {
    "lang": set(),
    "workers": set(),
    "library": {"lang"},
    "rules": {"lang"},
    "notation": {"lang", "rules"},
    "ai": {"lang", "library", "rules", "workers"},
    "export": {"ai", "lang", "library", "rules"},
    "run": {"ai", "export", "lang", "library", "notation", "rules"},
    "simulate": {"ai", "lang", "library", "rules", "run", "workers"},
    "tui": {"ai", "export", "lang", "library", "notation", "rules", "run"},
}
ON_TOP = {"cli", "commands", "__main__", "__init__"}


def part_of(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def imports(path: Path) -> set[str]:
    """The top-level names ``path`` imports: ``dicey.X`` as ``X``, others by package."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            names = [".".join((*base, node.module) if node.module else base)]
            if node.level and not node.module:        # from . import x: x is the module
                names = [".".join((*base, a.name)) for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            found.add(f"dicey.{parts[1]}" if parts[0] == "dicey" and len(parts) > 1
                      else parts[0])
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_what_lies_below_it(path):
    part = part_of(path)
    if part in ON_TOP:
        return
    assert part in MAY_IMPORT, f"{part}: a new part of the package, not yet placed in a layer"
    mine = {name.removeprefix("dicey.") for name in imports(path)
            if name.startswith("dicey.")} - {part}
    assert mine <= MAY_IMPORT[part], f"{path.name} imports {sorted(mine - MAY_IMPORT[part])}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_tui_imports_textual(path):
    if part_of(path) != "tui":
        assert "textual" not in imports(path)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """(The test above would pass on nothing: it must see an import where one is.)"""
    rules = PACKAGE / "rules" / "fight.py"
    assert "dicey.lang" in imports(rules) and "dicey.ai" not in imports(rules)
    tui = PACKAGE / "tui" / "faces.py"
    assert {"dicey.notation", "rich"} <= imports(tui)
    assert "textual" in imports(PACKAGE / "tui" / "app.py")
