"""The menu every screen chooses from: its mark, its wrapping, and names shown as written."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets.option_list import Option

from dicey.tui.widgets import Menu
from tui_kit import screen_text


class OneMenu(App):
    CSS = "Menu { width: 24; height: auto; border: none; padding: 0; }"

    def __init__(self, prompts: list[str]):
        super().__init__()
        self.prompts = prompts

    def compose(self) -> ComposeResult:
        yield Menu(id="menu")

    def on_mount(self) -> None:
        self.query_one(Menu).set_options([Option(p) for p in self.prompts])


async def test_a_long_line_wraps_under_its_own_text_not_under_the_mark():
    """It wrapped under the ▶: the second line looked like a choice of its own."""
    app = OneMenu(["Continue: Warrior, level 3, on floor 2", "Quit"])
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        lines = [line.rstrip() for line in screen_text(app) if line.strip()]
        assert lines[0].startswith("▶ Continue: Warrior")
        assert lines[1].startswith("  ") and lines[1].strip()[0].isalnum()
        assert lines[-1] == "  Quit"
        await pilot.press("down")
        lines = [line.rstrip() for line in screen_text(app) if line.strip()]
        assert lines[0].startswith("  Continue") and lines[-1] == "▶ Quit"


async def test_a_name_with_brackets_is_shown_as_written():
    """A mod's card or hero may be named with brackets: they are text, not markup."""
    app = OneMenu(["[bold]Sword[/bold] [of] doom"])
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        assert screen_text(app)[0].rstrip() == "▶ [bold]Sword[/bold]"
        assert screen_text(app)[1].strip() == "[of] doom"
