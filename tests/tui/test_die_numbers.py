"""What a keyboard player met in the fight screen: the dice took new numbers after each
placement (the tray read once, "1 a 2 b" placed the wrong dice); t ended the turn with dice
left to play and asked nothing; the hint said "the 6" where one 6 burns and one does not."""
from __future__ import annotations

from dicey.run.brains import Hint
from dicey.rules.protocol import Move
from dicey.tui.widgets import DieView, KeyBar
from test_fight_screen import message, start
from tui_kit import hero_turn_or_end, make_app, wait_until


def numbers_shown(screen) -> list[str]:
    """The numbers on the dice's boxes, left to right."""
    return [str(d.border_title) for d in screen.query(DieView) if d.display]


def key_line(screen) -> str:
    return str(screen.query_one(KeyBar).render())


# ------------------------------------------------------------- stable numbers

async def test_the_tray_read_once_plays_the_dice_it_showed(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 2, 5])       # Sword [any], Shield [≤4]
        assert numbers_shown(screen) == ["1", "2", "3"]
        await pilot.press("1", "a")                       # the 6 on the Sword
        assert numbers_shown(screen) == ["2", "3"]
        assert key_line(screen).startswith("2-3 die  ")
        await pilot.press("2", "b")                       # the 2 on the Shield
        moves = screen.session.moves
        assert [(m.die, m.card) for m in moves] == [(6, "Sword"), (2, "Shield")]
        assert numbers_shown(screen) == ["3"]             # the 5 is still die 3
        await pilot.press("1")                            # a die already played
        assert message(screen) == "Die 1 is played: your die is 3."
        await pilot.press("4")
        assert message(screen) == "There is no die 4: your die is 3."


async def test_a_die_a_card_gives_takes_the_next_number(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[2, 6, 3], equipment=["Spatula", "Sword"])
        await pilot.press("1", "a")                       # Spatula: the 2 gives a 5
        hero = screen.session.fight.fighters[0]
        assert [d.value for d in hero.dice] == [6, 3, 5]
        assert numbers_shown(screen) == ["2", "3", "4"]
        await pilot.press("4", "b")                       # the 5 it gave, on the Sword
        assert screen.session.moves[-1].die == 5
        assert numbers_shown(screen) == ["2", "3"]


async def test_a_new_turn_numbers_its_dice_from_1(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 2, 5])
        await pilot.press("1", "a")
        assert numbers_shown(screen) == ["2", "3"]
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        dice = len(screen.session.fight.fighters[0].dice)
        assert numbers_shown(screen) == [str(n) for n in range(1, dice + 1)]


# ------------------------------------------------------ t asks with dice to play

async def test_t_asks_while_a_die_could_still_be_played(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 2])
        await pilot.press("t")
        assert screen.session.moves == []
        assert message(screen) == (
            "Ending the turn now: 2 dice left will be lost — press t again (or y) to end "
            "it, any other key plays on (T ends the turn without asking).")
        await pilot.press("right")                        # any other key: the turn goes on
        assert message(screen) == "The turn goes on." and screen.session.moves == []
        await pilot.press("y")                            # y asked nothing: it does nothing
        assert screen.session.moves == []
        await pilot.press("t", "t")                       # asked, and t again: it ends
        assert screen.session.moves[0].is_end


async def test_y_says_yes_and_T_never_asks(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 2])
        await pilot.press("t", "y")
        assert screen.session.moves[0].is_end
        await hero_turn_or_end(pilot)
        made = len(screen.session.moves)
        await pilot.press("T")
        assert screen.session.moves[made].is_end


async def test_t_ends_at_once_when_nothing_left_could_be_played(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 5])          # Sword [any], Shield [≤4]
        await pilot.press("1", "a")                       # the 5 left fits no card
        made = len(screen.session.moves)
        await pilot.press("t")
        assert screen.session.moves[made].is_end


# ------------------------------------------------------------ the hint's dice

async def test_the_hint_says_which_of_two_sixes_and_its_number(home):
    def hint(fight, seed):
        return Hint([Move.place(6, "Sword", 1, 0), Move.place(2, "Shield", 1, 1), Move.end()],
                    500.0, "exhaustive")
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 6, 2], burning=[1])
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        # The second move is made from the dice the first leaves: the 2 is still die 3.
        assert message(screen) == ("Hint: play the burning 6 (die 2) on Sword (a), the 2 "
                                   "(die 3) on Shield (b), then end the turn.")


async def test_the_hint_says_the_6_that_is_not_burning(home):
    def hint(fight, seed):
        return Hint([Move.place(6, "Sword", 0, 0)], 500.0, "exhaustive")
    app = make_app(home, seed=4, hints_for=lambda: hint)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 6, 2], burning=[1])
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint"))
        assert message(screen) == "Hint: play the 6 that is not burning (die 1) on Sword (a)."
