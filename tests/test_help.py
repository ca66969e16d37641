"""``dicey COMMAND --help``: every command's help reads as plain text."""
from __future__ import annotations

import pytest

from dicey.cli import build_parser


def _commands():
    return sorted(build_parser()[1].items())


@pytest.mark.parametrize("name, parser", _commands())
def test_help_has_no_markup_of_the_code_documentation(name, parser):
    text = parser.format_help()
    assert "``" not in text and ":func:" not in text and ":mod:" not in text, name
    assert f"dicey {name}" in text
