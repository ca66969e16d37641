"""The enemy thinks in a thread worker: the screen stays live meanwhile, its moves come one
at a time, and a failing AI ends its turn instead of the game."""
from __future__ import annotations

import threading

from dicey.ai.baseline import choose_move
from dicey.tui.screens.help import HelpScreen
from tui_kit import fight_screen, hero_turn_or_end, make_app, wait_until


class HeldChooser:
    """Plays ``easy``, but each answer waits until the test lets it go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()
        self.calls = 0

    def __call__(self, fight, rng):
        self.calls += 1
        self.asked.set()
        assert self.go.wait(10), "the test never let the enemy move"
        return choose_move(fight, rng)


async def _enemy_thinking(pilot, held: HeldChooser):
    """A new run's first fight with the hero's first turn ended: the enemy has asked its
    chooser and is held there. The fight screen."""
    await pilot.press("n", "1", "enter")
    screen = fight_screen(pilot.app)
    await pilot.press("T")                               # the enemy's turn: it thinks
    await wait_until(pilot, held.asked.is_set, "the enemy's question")
    return screen


async def test_keys_work_while_the_enemy_thinks(home):
    held = HeldChooser()
    app = make_app(home, seed=3, chooser=lambda preset: held)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _enemy_thinking(pilot, held)
            assert screen.thinking and screen.session.enemy_to_act
            assert "Rat's turn" in str(screen.query_one("#fight-header").render())
            moves = len(screen.session.moves)

            await pilot.press("question_mark")           # help opens over the fight
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            assert app.screen is screen
            await pilot.press("pageup", "pagedown", "1", "a")   # the log scrolls; no move
            assert len(screen.session.moves) == moves and screen.thinking

            held.go.set()                                # the enemy answers
            await hero_turn_or_end(pilot)
            assert len(screen.session.moves) > moves and held.calls >= 1
    finally:
        held.go.set()


async def test_the_enemy_moves_one_at_a_time(home):
    answers = []

    def hook(message):
        if type(message).__name__ == "EnemyChose":
            answers.append(message.move)
    app = make_app(home, seed=9)          # the Frog: three moves in its first turn
    app.config.enemy_delay = 0.01
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        before = len(screen.session.moves)
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        enemy_moves = screen.session.moves[before + 1:]
        assert len(answers) == 3 and answers[-1].is_end
        assert answers == enemy_moves                        # one message per move


async def test_a_failing_ai_ends_its_turn_and_the_fight_goes_on(home):
    def broken(fight, rng):
        raise RuntimeError("out of ideas")
    app = make_app(home, seed=3, chooser=lambda preset: broken)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter", "T")
        screen = fight_screen(app)
        await hero_turn_or_end(pilot)
        assert screen.session.hero_to_act and screen.session.fight.turn == 3
        lines = [str(line.text) for line in screen.query_one("#log").lines]
        assert any("AI failed (RuntimeError: out of ideas)" in line for line in lines)


async def test_a_note_to_wait_goes_when_your_turn_comes(home):
    """Keys pressed while the enemy thinks say to wait; once it is your turn that note is
    gone (it no longer holds: the line says what to do), while a card being read stays on
    the message line."""
    held = HeldChooser()
    app = make_app(home, seed=3, chooser=lambda preset: held)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _enemy_thinking(pilot, held)
            message = screen.query_one("#message")
            await pilot.press("a")
            assert str(message.render()) == "Wait for your turn."
            await pilot.press("h")
            assert str(message.render()) == "Hints are for your turn."
            for key in ("t", "1", "right"):               # they did nothing, unsaid
                await pilot.press("down")                 # (a card read: another message)
                assert str(message.render()) != "Wait for your turn."
                await pilot.press(key)
                assert str(message.render()) == "Wait for your turn.", key
            screen.card_cursor = None                     # (no card being read)
            await pilot.press("t")
            held.go.set()
            await hero_turn_or_end(pilot)                 # (what to do, as at turn 1)
            assert str(message.render()).startswith("Pick a die (1-"), message.render()

            held.go.clear()
            held.asked.clear()
            await pilot.press("T")
            await wait_until(pilot, held.asked.is_set, "the enemy's question")
            await pilot.press("a", "down")                # waiting, then reading a card
            held.go.set()
            await hero_turn_or_end(pilot)
            assert str(message.render()).startswith("a Sword:")
    finally:
        held.go.set()
