"""The records, from the title: each hero's tally and the latest runs; a damaged records
file is said and kept; the key line names ↑↓ only when the records scroll."""
from __future__ import annotations

from dicey.run.records import RecordBook, RunRecord
from tui_kit import key_line, make_app, screen_text, wait_until


def run(seed: int, hero: str = "Warrior", result: str = "lost", floor: int = 2) -> RunRecord:
    return RunRecord(hero.lower(), hero, "The Pit", seed, result, floor, 2, 2, 3, 20,
                     "" if result == "won" else "Rat", "" if seed % 2 else "hard",
                     f"2026-11-{seed:02}")


async def open_records(pilot) -> None:
    await pilot.pause()
    await pilot.press("r")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "RecordsScreen")


async def test_the_records_tally_each_hero_and_list_the_latest_runs_first(home):
    book = RecordBook(home)
    for record in (run(1), run(2, "Weakling", "won", 2), run(3, "Weakling", "lost", 1)):
        book.add(record)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        text = "\n".join(screen_text(app))
        rows = [line.split() for line in screen_text(app)]
        assert ["Weakling", "2", "1", "2", "0"] in rows and ["Warrior", "1", "0", "2", "0"] in rows
        latest = [i for i, line in enumerate(screen_text(app)) if line.strip().startswith("2026-")]
        assert [screen_text(app)[i].split()[0] for i in latest] == \
            ["2026-11-03", "2026-11-02", "2026-11-01"]
        assert "lost on floor 1 (Rat)" in text and "their own" in text and "hard" in text
        assert "↑↓ scroll" not in key_line(app) and "enemy AI" in text
        assert ["day", "hero", "result", "level", "fights", "won", "enemy", "AI"] in rows
        await pilot.resize_terminal(60, 24)              # fewer columns, none cut
        await wait_until(pilot, lambda: not any("enemy AI" in r for r in screen_text(app)))
        assert "lost on floor 1 (Rat)" in "\n".join(screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")


async def test_no_records_yet(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        assert any("No run has ended yet." in line for line in screen_text(app))


async def test_a_data_folder_that_is_a_file_is_said_and_no_run_is_said_kept(home):
    """DICEY_HOME set to a file: the records said runs "are kept here", which none is."""
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("not a folder")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        text = " ".join(line.strip() for line in screen_text(app))
        assert f"Runs cannot be recorded: {home} is a file, not a folder (is DICEY_HOME " \
            "set to a file?). The runs that end now are not kept." in text
        assert "No run has ended yet." in text and "kept here" not in text
    assert home.read_text() == "not a folder"


async def test_runs_recorded_in_a_folder_no_longer_writable_are_listed_under_why(
        home, monkeypatch):
    import tempfile
    book = RecordBook(home)
    book.add(run(1))
    refused, make = str(home), tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):     # (as root every folder is writable)
        if str(dir) == refused:
            raise PermissionError(13, "Permission denied")
        return make(*args, dir=dir, **kwargs)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        text = " ".join(line.strip() for line in screen_text(app))
        assert f"Runs cannot be recorded: {home} is a folder no file can be written in." \
            in text
        assert "lost on floor 2 (Rat)" in text


async def test_a_damaged_records_file_is_said_and_kept(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "records.json").write_text("{ broken")
    app = make_app(home)
    async with app.run_test(size=(100, 24)) as pilot:
        await open_records(pilot)
        text = " ".join(line.strip() for line in screen_text(app))
        assert "does not read: not readable JSON" in text and "records.damaged.json" in text
        # runs have ended: the file that holds them did not read
        assert "No run to show. Every run that ends from now on, won or lost, is kept" in text
        assert "No run has ended yet" not in text
    assert (home / "records.json").read_text() == "{ broken"


async def test_many_runs_scroll_and_the_key_line_says_so(home):
    book = RecordBook(home)
    for seed in range(1, 31):
        book.add(run(seed))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        await pilot.pause()
        assert "↑↓ scroll" in key_line(app)
        body = app.screen.query_one("#records-body")
        await pilot.press("end")
        await wait_until(pilot, lambda: body.scroll_y == body.max_scroll_y > 0)
        await pilot.resize_terminal(80, 60)
        await wait_until(pilot, lambda: "↑↓ scroll" not in key_line(app))
