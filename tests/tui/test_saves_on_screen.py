"""Saving and continuing from the title: a run quit mid-fight continues identically; a
damaged save is reported there and the last good one offered."""
from __future__ import annotations

import json
import os
import random
import signal
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from dicey.ai.baseline import choose_move
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move
from dicey.run import progress
from dicey.run.saves import SaveStore, _checksum
from dicey.run.state import Reward, state_to_json
from dicey.tui.screens.fight import FightScreen
from dicey.tui.app import QUIT_UNSAVED
from dicey.tui.screens.title import UNREAD_CONTINUE, TitleScreen
from test_play_by_keys import play_fight_by_keys
from run_kit import start_session
from dicey.rules.state import refreshed
from tui_kit import LIB, fight_screen, gambler_state, hero_turn_or_end, key_line, keys_for, kit_state, \
    make_app, screen_text, wait_until

async def _play_moves(pilot, count: int) -> None:
    """Make ``count`` hero moves (easy's choices) on the fight screen."""
    screen, rng = fight_screen(pilot.app), random.Random(5)
    for _ in range(count):
        await hero_turn_or_end(pilot)
        move = choose_move(screen.session.fight.copy(), rng)
        await pilot.press(*keys_for(screen, move))


def log_lines(screen: FightScreen) -> list[str]:
    return [e.describe() for e in screen.session.events]


async def test_a_run_quit_mid_fight_continues_identically(tmp_path):
    straight_home, saved_home = tmp_path / "a", tmp_path / "b"
    straight = make_app(straight_home, seed=4)
    async with straight.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        await _play_moves(pilot, 3)
        await hero_turn_or_end(pilot)
        middle = log_lines(fight_screen(straight))
        await play_fight_by_keys(pilot, random.Random(9))
        expected = log_lines(fight_screen(straight))

    first = make_app(saved_home, seed=4)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        await _play_moves(pilot, 3)
        await hero_turn_or_end(pilot)
        await pilot.press("q")                            # save and quit mid-fight
    assert first.return_code == 0 and SaveStore(saved_home).load().state.stage == "fight"

    second = make_app(saved_home, seed=999)              # the seed of a *new* run: unused
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")                            # continue
        await wait_until(pilot, lambda: isinstance(second.screen, FightScreen))
        assert log_lines(second.screen) == middle
        await play_fight_by_keys(pilot, random.Random(9))
        assert log_lines(second.screen) == expected


async def test_every_turn_end_saves_the_fight_so_a_closed_terminal_loses_at_most_a_turn(
        tmp_path):
    """The terminal closes mid-fight (no q, nothing saved on the way out): continuing
    starts from the last turn's end, not from the fight's beginning."""
    home = tmp_path / "home"
    first = make_app(home, seed=4)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(first)
        await hero_turn_or_end(pilot)
        await pilot.press("T")                            # the hero's turn ends...
        await hero_turn_or_end(pilot)                     # ...then the enemy's
        ends = sum(m.action == "end" for m in screen.session.moves)
        assert ends >= 2 and not screen.session.over
        turn_start = log_lines(screen)
        saved = SaveStore(home).load().state              # saved, without quitting
        assert saved.stage == "fight" and list(saved.fight_moves) == screen.session.moves
        await _play_moves(pilot, 1)                       # a move of the next turn...
        first._unsaved_exit = True                        # ...lost as the terminal closes
        first.exit()

    second = make_app(home)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(second.screen, FightScreen))
        assert log_lines(second.screen) == turn_start


@pytest.mark.parametrize("signal_name", ["SIGHUP", "SIGTERM"])
async def test_a_closed_terminal_saves_the_turn_under_way(tmp_path, signal_name):
    """SIGHUP (the terminal closed) or SIGTERM (the system stopping the game) mid-turn:
    the run is saved with the turn's moves so far, as q saves it, and the game ends."""
    home = tmp_path / "home"
    first = make_app(home, seed=4)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(first)
        await _play_moves(pilot, 1)                       # a move of the first turn
        await pilot.pause()
        assert screen.session.moves and screen.session.moves[-1].action != "end"
        middle = log_lines(screen)
        number = getattr(signal, signal_name)
        assert number in first._signals                   # (or the signal ends pytest)
        os.kill(os.getpid(), number)
        await wait_until(pilot, lambda: first.leaving, "the hang-up")
    saved = SaveStore(home).load().state
    assert list(saved.fight_moves) == screen.session.moves
    assert not first._signals                             # the handlers went with the game

    second = make_app(home)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = second.screen.query_one("#menu")
        hero = screen.session.fight.fighters[0]
        assert menu.prompts[1].startswith(f"Continue: Warrior, level 1, {hero.hp}/")
        assert menu.prompts[1].endswith(f"vs Frog, turn {screen.session.fight.turn}")
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(second.screen, FightScreen))
        assert log_lines(second.screen) == middle


async def test_the_title_says_a_fight_saved_part_way_as_it_stands(home):
    """The Continue line gave the HP the fight began with: a hero hurt in it showed whole."""
    state = progress.enter_fight(kit_state(4))
    session = start_session(LIB, state)
    while session.fight.fighters[0].hp == state.hero.hp or session.fight.actor != 0:
        session.play(session.next_ai_move(choose_move))
    moves = tuple(session.moves)
    SaveStore(home).write(replace(state, fight_moves=moves))
    app = make_app(home)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#menu").prompts[1]
        hp, turn = session.fight.fighters[0].hp, session.fight.turn
        assert hp < state.hero.hp and f", {hp}/{state.hero.max_hp} HP" in line
        enemy = session.fight.fighters[1].name
        assert line.endswith(f"vs {enemy}, turn {turn}")


async def test_a_damaged_save_is_reported_and_the_good_one_offered(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")             # saved at the fight's start
        await pilot.press("q")
    store = SaveStore(home)
    good = store.load().state
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "T")                   # continue; end the turn
        await hero_turn_or_end(pilot)
        backup = store.load().state                       # saved as the turns ended
        await pilot.press("q")                            # saved again: that is the backup
    assert backup != good and backup.fight_moves[:len(good.fight_moves)] == good.fight_moves
    store.path.write_text('{"format": "dicey-save", "version": 1, "run": {"seed": ')
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        problem = str(title.query_one("#title-problem").text)
        assert "save.json does not read" in problem and "previous save is offered" in problem
        assert "the previous save is offered instead.\n" in problem   # a sentence, ended
        assert title.loaded.state == backup
        await pilot.press("c")
        await wait_until(pilot, lambda: not isinstance(app.screen, TitleScreen))
    assert store.path.read_text().startswith('{"format"')   # still the damaged text
    assert not store.damaged.exists()                         # nothing was written yet


async def test_a_resealed_save_that_does_not_hang_together_is_reported_not_shown(home):
    """A save edited with its checksum made to match, at a reward but with no fight won
    before it: the title says why, instead of the reward screen failing."""
    state = replace(kit_state(4), stage="reward", offers=(Reward("heal", amount=5),))
    run = state_to_json(state)
    home.mkdir()
    (home / "save.json").write_text(json.dumps({
        "format": "dicey-save", "version": 1, "checksum": _checksum(run), "run": run}))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        problem = str(app.screen.query_one("#title-problem").text)
        assert "does not end with a won fight" in problem and "no earlier save" in problem


async def test_without_a_save_continue_is_disabled(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#menu").get_option("continue").disabled
        problem = str(app.screen.query_one("#title-problem").text)
        assert problem == "There is no saved run to continue: choose New run to start one."


async def test_continue_on_a_save_that_does_not_read_says_so(home):
    """The problem is written below the menu, but c did nothing at all. It is said above
    that explanation, not in a notice: at 80x24 a notice covered the lines it pointed to."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "save.json").write_text("{ broken")
    app, told = make_app(home), []
    app.notify = lambda message, **how: told.append(message)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = str(app.screen.query_one("#title-problem").text)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and told == []
        problem = str(app.screen.query_one("#title-problem").text)
        assert problem == UNREAD_CONTINUE + "\n" + before
        assert "not readable JSON" in before
        shown = "\n".join(screen_text(app))
        assert "The saved run cannot be continued" in shown and "is kept" in shown
        await pilot.press("down")                          # another key: said once
        await pilot.pause()
        assert str(app.screen.query_one("#title-problem").text) == before


async def test_a_saved_fight_that_no_longer_replays_starts_again(home):
    state = replace(progress.enter_fight(kit_state(4)), fight_moves=(Move.place(3, "Moon Blade"),))
    app, told = make_app(home), []
    app.notify = lambda message, **how: told.append(message)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        assert app.screen.session.moves == [] and app.state.fight_moves == ()
        assert any(line.startswith("The saved fight could not be replayed (") and
                   "Moon Blade" in line for line in told)


def _notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_quitting_when_the_save_cannot_be_written(tmp_path):
    """q cannot save: the key line (always on screen, unlike a third notice stacked under
    two at 80x24) says that q again quits and loses the run; the same 'could not save'
    is one notice, not a stack. Any other key takes the warning back: q then tries to save
    again."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app = make_app(blocker / "home")
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(4))
        await pilot.pause()
        keys = key_line(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is None                    # still here: nothing was lost
        assert len(_notices(app)) == 1 and "could not save" in _notices(app)[0]
        assert screen_text(app)[-1].strip() == QUIT_UNSAVED
        await pilot.press("z")                            # another key: plays on
        await pilot.pause()
        assert key_line(app) == keys and app.return_code is None
        await pilot.press("q")                            # tries again, warns again
        await pilot.pause()
        assert app.return_code is None and screen_text(app)[-1].strip() == QUIT_UNSAVED
        assert len(_notices(app)) == 1
        await pilot.press("q")                            # asked again: leave unsaved
        assert app.return_code == 0


async def test_a_second_quit_that_can_save_saves(tmp_path):
    """The folder fixed between the two q's: the second saves, it does not drop the run."""
    blocker = tmp_path / "home"
    blocker.write_text("")
    app = make_app(blocker)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(4))
        await pilot.pause()
        await pilot.press("q")
        assert app.return_code is None
        blocker.unlink()
        await pilot.press("q")
    assert app.return_code == 0 and SaveStore(blocker).load().state.seed == kit_state(4).seed


@pytest.mark.parametrize("make_home, said", [
    (lambda f: f, "is a file, not a folder (is DICEY_HOME set to a file?)"),
    (lambda f: f / "home", "is a file, not a folder."),
])
async def test_the_title_says_at_once_that_no_run_can_be_saved(tmp_path, make_home, said):
    """Before a run starts (the first 'could not save' came once the map was up); the game
    still plays."""
    blocker = tmp_path / "file"
    blocker.write_text("hi")
    app = make_app(make_home(blocker), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        problem = str(app.screen.query_one("#title-problem").text)
        assert problem.startswith(f"Runs cannot be saved: {blocker} {said}")
        assert "You can play, but quitting loses the run." in problem
        assert any("Runs cannot be saved" in line for line in screen_text(app))
        await pilot.press("n", "1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "DungeonScreen")


async def test_a_new_run_asks_before_replacing_the_saved_one(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "q")                 # a run, saved
    saved = SaveStore(home).load().state
    app = make_app(home, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert "replaces the saved one" in str(title.query_one("#title-problem").text)
        # the cursor is on New run, not on Continue: enter answers as n does
        menu = title.query_one("#menu")
        assert menu.highlighted_option.id == "new"
        await pilot.press("enter", "1")                  # asked again: a new run
        await pilot.pause()
        assert app.state.seed == 5
    assert SaveStore(home).load().state.seed == 5
    assert SaveStore(home).load().state != saved


async def test_a_damaged_save_with_nothing_to_fall_back_on_is_not_called_no_save(home):
    """Continue says the save does not read (not "no saved run"), the title says why and
    that the damaged file is kept; a new run keeps it aside."""
    home.mkdir()
    store = SaveStore(home)
    store.path.write_text('{"format": "dicey-save", "version": 1, "run": {"seed": ')
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        menu = title.query_one("#menu")
        continuing = menu.prompts[menu.get_option_index("continue")]
        assert "does not read" in continuing and "no saved run" not in continuing
        problem = str(title.query_one("#title-problem").text)
        assert "save.json does not read" in problem and "no earlier save" in problem
        assert "is kept" in problem and "save.damaged.json" in problem
        await pilot.press("n", "1")                       # a new run: saved at once
        await pilot.pause()
    assert store.damaged.read_text().startswith('{"format": "dicey-save"')
    assert store.load().state.seed == 4


@pytest.mark.parametrize("backup", [False, True])
async def test_the_damaged_save_notice_names_the_files_the_saves_really_use(home, backup):
    """With a save.damaged.json kept from before, the title said the next save moves the
    damaged save aside "as save.damaged.json"; it is moved to save.damaged.2.json (and a
    damaged backup, by the save after, to save.damaged.3.json), and the title says so."""
    home.mkdir()
    store = SaveStore(home)
    store.damaged.write_text("kept from before")
    store.path.write_bytes(b"\x00\xff garbage")
    if backup:
        store.backup.write_bytes(b"\xfe more garbage")
    app = make_app(home, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        problem = " ".join(str(app.screen.query_one("#title-problem").text).split())
        said = ("The damaged files are kept: the next saves move them aside, as "
                "save.damaged.2.json and save.damaged.3.json." if backup else
                "The damaged file is kept: the next save moves it aside, as "
                "save.damaged.2.json.")
        assert said in problem, problem
        assert "as save.damaged.json" not in problem
        await pilot.press("n", "1")                       # a new run: saved at once
        await pilot.pause()
        assert (home / "save.damaged.2.json").read_bytes() == b"\x00\xff garbage"
        if backup:                                       # the save after keeps the backup
            app.store.write(app.state)
            assert (home / "save.damaged.3.json").read_bytes() == b"\xfe more garbage"
    assert store.damaged.read_text() == "kept from before"


@pytest.mark.parametrize("played_out, said", [
    (True, "Nothing left to play: t ends the turn."),
    (False, "Pick a die (1-2), then a card (a-b) to play it on; ↑↓ read the cards, ? helps.")])
async def test_a_continued_fight_says_what_is_left_to_do(home, played_out, said):
    """Continued in the hero's turn, the message line was blank: nothing said what was
    left (t, when nothing was; the dice and cards' keys otherwise)."""
    state = progress.enter_fight(kit_state(4))
    session = start_session(LIB, state)
    while session.fight.actor != 0 or not session.moves or \
            played_out and len(session.fight.legal_moves()) > 1:
        session.play(session.next_ai_move(choose_move))
    assert session.moves and not session.moves[-1].is_end   # (in the hero's turn)
    async with continued(home, state, session) as app:
        assert str(app.screen.query_one("#message").render()) == said


@asynccontextmanager
async def continued(home, state, session):
    """The game continuing ``state`` saved with ``session``'s moves so far, on its fight
    screen (80×24)."""
    SaveStore(home).write(replace(state, fight_moves=tuple(session.moves)))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        await pilot.pause()
        yield app


def _won_fight(seed: int = 4):
    """A run saved at its fight's "press enter to go on": the Gambler beaten by the easy
    AI's moves, in the hero's turn, its cards still marked by its own turn before."""
    state = gambler_state(seed)
    session = start_session(LIB, state)
    while not session.over:
        session.play(session.next_ai_move(choose_move))
    assert session.winner == 0 and session.fight.actor == 0
    return replace(state, fight_moves=tuple(session.moves)), session


async def test_the_title_says_a_fight_saved_at_its_end_is_won(home):
    """It said 'vs Gambler, turn 3', as if the fight were still going on."""
    state, session = _won_fight()
    SaveStore(home).write(state)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#menu").prompts[1]
        assert line.endswith("floor 1: won against Gambler: rewards next"), line
        assert "turn" not in line
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        assert app.screen.session.over


async def test_a_fight_over_shows_the_losers_cards_without_their_last_turns_marks(home):
    """The enemy's cards showed no marks during the hero's last turn, then, once it was
    won, the marks ('used') of the enemy's turn before."""
    state, session = _won_fight()
    raw = session.fight.fighters[1].cards
    assert any(card != refreshed(card) for card in raw)      # (marks there to leave out)
    SaveStore(home).write(state)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, FightScreen))
        await pilot.pause()
        shown = sorted(app.screen.query("#enemy-cards CardView"), key=lambda w: w.index)
        assert [w.card for w in shown] == [refreshed(card) for card in raw]
        hero = sorted(app.screen.query("#hero-cards CardView"), key=lambda w: w.index)
        assert [w.card for w in hero] == list(session.fight.fighters[0].cards)   # as played


async def test_any_other_key_takes_back_the_new_run_question(home):
    """n asks before replacing a saved run; it stayed asked through other keys (n, ↓, n
    opened the hero screen)."""
    SaveStore(home).write(kit_state(4))
    app = make_app(home, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        title = app.screen
        assert "replaces the saved one" in str(title.query_one("#title-problem").text)
        await pilot.press("down", "n")
        await pilot.pause()
        assert app.screen is title                         # asked again, not taken
        assert "replaces the saved one" in str(title.query_one("#title-problem").text)
        await pilot.press("down")                          # (from New run, where n put it)
        await pilot.pause()
        assert "replaces" not in str(title.query_one("#title-problem").text)
        await pilot.press("up", "enter")                   # New run, then enter: asked
        await pilot.pause()
        assert app.screen is title
        await pilot.press("enter")                         # and enter again takes it
        await wait_until(pilot, lambda: app.screen is not title)


async def test_a_continued_turn_keeps_the_numbers_its_dice_had(home):
    """Quit after playing die 1 of a turn, the dice left were 2 and 3 on the screen; the
    continued turn numbered them 1 and 2 again, so the die a hint (or the tray) had named
    '2' before quitting was not '2' any more."""
    state = progress.enter_fight(kit_state(4))
    session = start_session(LIB, state)
    while session.fight.actor != 0 or session.fight.turn_moves:   # (a turn's beginning)
        session.play(session.next_ai_move(choose_move))
    fight = session.fight
    dice = len(fight.fighters[0].dice)

    def leaves_the_others(move: Move) -> bool:      # (a die placed, no die given back)
        trial = fight.copy()
        trial.apply(move, SampleChance(random.Random(0)))
        return len(trial.fighters[0].dice) == dice - 1 and not trial.turn_over

    first = next((m for m in fight.legal_moves() if m.action == "place" and
                  m.die_index == 0 and leaves_the_others(m)), None)
    assert first is not None and dice >= 3
    session.play(first)
    async with continued(home, state, session) as app:
        assert app.screen._numbers() == list(range(2, dice + 1))
        assert app.screen._keys_in_play()[0] == f"2-{dice}"
