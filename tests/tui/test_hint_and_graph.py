"""The hint (``h``) and the enemy's decision graph (``g``), from the fight screen."""
from __future__ import annotations

import networkx as nx

from dicey.run.brains import Hint, hero_hints
from dicey.rules.protocol import Move
from dicey.tui.faces import move_label
from dicey.tui.screens.fight import HINT_ROUNDS
from tui_kit import fight_screen, hero_turn_or_end, make_app, wait_until


def message(screen) -> str:
    return str(screen.query_one("#message").render())


def a_guess(asked: list):
    """A hint-giver whose search always runs out (MCTS's line); it notes each position
    it is asked about in ``asked``."""
    def hint(fight, seed):
        asked.append(fight.key())
        return Hint([Move.place(5, "Sword", 0, 0), Move.end()], 500.0, "mcts")
    return hint


async def test_the_hint_shows_the_best_line(home):
    asked = []

    def hint(fight, seed):
        asked.append((fight.key(), seed))
        return Hint([Move.place(5, "Sword", 0, 0), Move.place(2, "Shield", 0, 1), Move.end()],
                    500.0, "exhaustive")
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter", "h")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        # The cards by their keys, as on screen; the planner's score means nothing to a player.
        # The dice by their faces, said as dice: '5 → a Sword' read as the keys 5 and a
        # (and the key 5 picks the fifth die, which this hero does not have).
        assert message(screen) == "Hint: play the 5 on Sword (a), the 2 on Shield (b), then end " \
                                  "the turn."
        assert asked == [(screen.session.fight.key(), screen.session.seed)]


async def test_a_hint_that_could_not_try_every_line_says_it_is_a_guess(home):
    """MCTS's line, where the turn had more lines than the budget: the player is told to
    think for themselves (it read as sure as a solved one, and was worse than an obvious
    line).

    Each search of such a turn guesses anew (chance draws its samples): the first guess
    shown stays, and the last search only says it is the last word; asking again on the
    same position says it again, without searching."""
    asked = []
    lines = iter([[Move.place(5, "Sword", 0, 0), Move.end()], [Move.place(2, "Shield", 0, 1)],
                  [Move.place(2, "Sword", 0, 0)], [Move.place(5, "Shield", 0, 1)]])

    def hint(fight, seed):
        asked.append(fight.key())
        return Hint(next(lines), 1.0, "mcts")
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("n", "1", "enter", "h")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: message(screen).startswith("Hint (a guess:"))
        assert message(screen) == ("Hint (a guess: too many ways to play this turn to try "
                                   "them all): play the 5 on Sword (a), then end the turn.")
        # It searched on as many times as a hint may, from the same position.
        assert asked == [screen.session.fight.key()] * HINT_ROUNDS
        await pilot.press("x", "escape")             # another line on the message line
        await pilot.press("h")
        await pilot.pause()
        assert message(screen).startswith("Hint (a guess: too many ways")
        assert len(asked) == HINT_ROUNDS              # said again, not searched again


async def test_a_guess_searches_on_by_itself_until_it_is_exact(home):
    """The guess is shown as one, and the hint-giver asked again (the real one goes on
    where its search stopped: tests/ai/test_hinter.py) until the line is exact."""
    answers = iter([Hint([Move.place(2, "Shield", 0, 1)], 1.0, "mcts"),
                    Hint([Move.place(5, "Sword", 0, 0), Move.end()], 2.0, "exhaustive")])
    shown = []

    def hint(fight, seed):
        return next(answers)
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        said = screen.say

        def say(text, *args, **kw):
            shown.append(text)
            return said(text, *args, **kw)
        screen.say = say
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint:"))
        assert message(screen) == "Hint: play the 5 on Sword (a), then end the turn."
    assert "Hint (a guess so far, still searching): play the 2 on Shield (b)." in shown


async def test_a_move_stops_a_hint_searching_on(home):
    """The hero plays while the hint is a guess still searching: no further search is
    asked for the position left behind."""
    asked = []
    hint = a_guess(asked)
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        gate = __import__("threading").Event()
        first = screen.session.fight.key()

        def slow(fight, seed):      # the second search waits until the hero has moved
            if asked:
                gate.wait(5)
            return hint(fight, seed)
        screen.hints = slow
        await pilot.press("h")
        await wait_until(pilot, lambda: "still searching" in message(screen))
        await pilot.press("1", "a")                  # a move
        assert screen.session.fight.key() != first
        gate.set()
        await pilot.pause(0.2)
        assert asked == [first, first]               # the one under way, and no more
        assert "still searching" not in message(screen)


async def test_the_hint_names_cards_as_they_read_and_hides_blind_dice(home):
    """An upgraded card is named with its ``+``, as on its face; a blind die is said to be
    one (the planner sees it as a 0)."""
    def hint(fight, seed):
        return Hint([Move.place(0, "Sword", 0, 0), Move.release(3, "Shield", 0, 1)])
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        hero = screen.session.fight.fighters[0]
        hero.cards[0] = hero.cards[0]._replace(upgraded=True)
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        assert message(screen) == "Hint: play the blind die on Sword+ (a), then release " \
                                  "Shield (b) with the 3."


async def test_the_real_hint_names_legal_moves(home):
    app = make_app(home, seed=4, hints_for=hero_hints)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter", "h")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: message(screen).startswith("Hint"), steps=1000)
        first = message(screen).removeprefix("Hint: ").removeprefix("play ")
        first = first.split(",")[0].removeprefix("then ").rstrip(".")
        hero = screen.session.fight.fighters[0]
        legal = [move_label(m, hero.cards, hero.dice, screen._numbers())
                 for m in screen.session.fight.legal_moves()]
        assert first in legal


async def test_a_stale_hint_is_not_shown(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        old = screen.session.fight.key()
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        screen.post_message(screen.Said("Hint: an old one", old))
        await pilot.pause()
        assert "old one" not in message(screen)


async def test_the_graph_of_the_enemys_last_turn(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter", "g")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: "enemy turn" in message(screen))
        assert message(screen) == "No enemy turn yet."
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        await pilot.press("g")
        await wait_until(pilot, lambda: "written to" in message(screen), steps=2000)
        path = home / "graphs" / "frog-turn2.graphml"
        assert message(screen) == f"Decision graph written to {path}"
    graph = nx.read_graphml(path)
    assert graph.number_of_nodes() >= 2


async def test_a_hint_too_long_for_the_message_line_is_whole_in_the_log(home):
    """A turn of many moves (split dice, an unlimited card) makes a hint longer than the
    message line's three lines: the line is cut and says so; the log has all of it."""
    moves = [Move.place(1, "Sword", 0, 0)] * 20 + [Move.end()]

    def hint(fight, seed):
        return Hint(moves)
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter", "h")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        # (the first move's die, a 1, is die 1; the line cannot be made past it)
        whole = "Hint: play the 1 (die 1) on Sword (a), " + ", ".join(
            ["the 1 on Sword (a)"] * 19) + ", then end the turn."
        shown = screen.query_one("#message")
        assert shown.size.height == 3
        assert message(screen).endswith("… (all of it is in the log)")
        assert "end the turn" not in message(screen)
        log = screen.query_one("#log")
        logged = " ".join("".join(seg.text for seg in strip).strip() for strip in log.lines)
        assert whole in logged


async def test_a_second_h_while_the_hint_searches_waits_for_it(home):
    """Pressed again while it thinks, h started a second search after the first: five
    presses were five searches."""
    import threading
    gate, asked = threading.Event(), []

    def hint(fight, seed):
        asked.append(fight.key())
        gate.wait(5)
        return Hint([Move.place(5, "Sword", 0, 0)], 1.0, "exhaustive")
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("n", "1", "enter", "h")
        screen = fight_screen(app)
        await wait_until(pilot, lambda: len(asked) == 1)
        await pilot.press("h", "h")
        assert message(screen) == "Still thinking about a hint…"
        gate.set()
        await wait_until(pilot, lambda: message(screen).startswith("Hint:"))
        assert len(asked) == 1
