"""The mods the game ships, and a modder's own put beside them."""
from __future__ import annotations

from pathlib import Path

#: The mods the game ships in ``mods/``: the tests measure the game with these alone.
BUNDLED_MODS = ("frostbite", "rebalance")
MODS = Path(__file__).resolve().parents[2] / "mods"


def extra_mods(mods: Path = MODS) -> list[str]:
    """The mod folders in ``mods`` the game does not ship (a modder's own: docs/modding.md
    makes ``mods/embers``), which every command loads, the tests' too."""
    if not mods.is_dir():
        return []
    return sorted(p.name for p in mods.iterdir() if (p / "mod.toml").is_file()
                  and p.name not in BUNDLED_MODS and not p.name.startswith((".", "_")))
