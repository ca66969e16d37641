"""The fight screen's own rules: what a key does when it cannot play, the card cursor, a
crowded dice tray, and what the enemy shows while it acts."""
from __future__ import annotations

from dicey.rules.protocol import Move
from dicey.tui.widgets import CardView, DieView, FighterBar
from tui_kit import fight_screen, hero_turn_or_end, into_gambler, make_app, screen_text


def message(screen) -> str:
    return str(screen.query_one("#message").render())


async def start(pilot, **position):
    """Into the first fight of a new run; the hero's turn pinned to ``position``."""
    await pilot.press("n", "1", "enter")
    screen = fight_screen(pilot.app)
    if position:
        screen.session.fight.set_position(0, **position)
        screen.refresh_view()
        await pilot.pause()
    return screen


async def test_a_die_a_card_does_not_take_is_explained_and_nothing_moves(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 2])
        await pilot.press("1", "b")                      # a 6 on the Shield (≤4)
        assert message(screen) == "Shield does not take a 6 ([≤4])."
        assert screen.session.moves == []
        await pilot.press("2", "b")                      # the 2 fits
        assert screen.session.moves[0].die == 2 and "Shield" in screen.session.moves[0].card
        await pilot.press("1", "b")                      # used: one use a turn
        assert message(screen) == "Shield has no uses left this turn."


async def test_the_card_cursor_and_enter(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[3, 5])
        await pilot.press("enter")
        assert message(screen).startswith("Pick a card")
        await pilot.press("down", "down", "up")          # a, b, back to a
        assert screen.card_cursor == 0
        await pilot.press("right", "enter")              # die 2 (the 5) on the Sword
        move = screen.session.moves[0]
        assert (move.die, move.card) == (5, "Sword")


async def test_the_card_cursor_shows_the_whole_card(home):
    """Five cards at 80 columns cut names and texts short; the cursor's card is written out
    in full on the message line."""
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[3, 5])
        hero = screen.session.fight.fighters[0]
        hero.cards[1] = hero.cards[1]._replace(upgraded=True)
        await pilot.press("down", "down")
        assert message(screen) == "b Shield+: [≤4] Gain d shield"
        await pilot.press("up")
        assert message(screen) == "a Sword: [any] Do d damage"


async def test_no_dice_left_says_how_to_end_the_turn(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6])
        await pilot.press("1", "a")
        assert message(screen) == "Nothing left to play: t ends the turn."
        await pilot.press("b")
        assert message(screen) == "No dice left: press t to end the turn."


async def test_a_crowded_tray_shows_every_die_narrower(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5], burning=[0])
        dice = [d for d in screen.query(DieView) if d.display]
        assert len(dice) == 11 and all(d.compact for d in dice)
        assert dice[-1].region.right <= 80 and str(dice[0].render()) == "1 b"
        await pilot.press("9")
        assert screen.die_cursor == 8


async def test_the_enemys_dice_show_while_it_acts(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        screen.session.play(Move.end())       # straight to the session: no worker starts
        screen.refresh_view()
        bar = str(screen.query_one("#enemy-bar", FighterBar).render())
        rolled = ", ".join(str(d.value) for d in screen.session.fight.fighters[1].dice)
        assert bar.startswith("▶ Frog") and bar.endswith(f" · dice to play: {rolled}")
        assert not [d for d in screen.query(DieView) if d.display]   # the hero has none
        screen.session.fight.set_position(1, dice=[3])
        screen.refresh_view()
        bar = str(screen.query_one("#enemy-bar", FighterBar).render())
        # ('to play 3' read as three dice to play)
        assert bar.endswith(" · die to play: 3") and "to play 3" not in bar


async def test_once_the_fight_is_over_the_key_line_shows_the_keys_that_still_work(home):
    from dicey.tui.keys import FIGHT_OVER_BAR, key_bar
    from dicey.tui.widgets import KeyBar
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 6])
        bar = screen.query_one(KeyBar)
        assert str(bar.render()) == key_bar(screen._key_line())
        screen.session.fight.set_position(1, hp=1)
        await pilot.press("1", "a")                      # the Frog is beaten
        assert screen.session.over
        assert str(bar.render()) == key_bar(FIGHT_OVER_BAR)
        assert str(bar.render()).startswith("enter go on") and "end turn" not in \
            str(bar.render())


async def test_a_die_or_a_card_that_is_not_there_is_said_so(home):
    """A number past the dice, a letter past the cards: the player is told, where the keys
    did nothing at all."""
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[3, 5])
        cards = len(screen.session.fight.fighters[0].cards)
        await pilot.press("7")
        assert message(screen) == "There is no die 7: your dice are 1-2."
        assert screen.die_cursor == 0
        await pilot.press("e")
        assert message(screen) == f"There is no card e: your cards are a-{'abcdef'[cards - 1]}."
        assert screen.session.moves == []
        # i opens the inventory on the map and on a reward; in a fight it is a card's key.
        await pilot.press("i")
        assert message(screen) == (f"There is no card i: your cards are a-{'abcdef'[cards - 1]}."
                                   " The inventory opens only between fights.")


async def test_a_hint_asked_once_the_fight_is_over_says_to_go_on(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, dice=[6, 6])
        screen.session.fight.set_position(1, hp=1)
        await pilot.press("1", "a", "h")                 # the Frog is beaten; a hint?
        assert screen.session.over
        assert message(screen) == "The fight is over: press enter to go on."


async def test_the_first_message_names_the_keys_of_the_dice_and_cards_in_play(home):
    """It said 'Pick a die (1-9), then a card (a-f)' to a hero of three dice and two cards."""
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        hero = screen.session.fight.fighters[0]
        assert (len(hero.dice), len(hero.cards)) == (3, 2)
        assert message(screen) == ("Pick a die (1-3), then a card (a-b) to play it on; ↑↓ "
                                   "read the cards, ? helps.")
        await pilot.press("enter")
        assert message(screen) == "Pick a card: its letter (a-b), or ↑↓ then enter."


async def test_a_hero_with_no_cards_is_told_so(home):
    """A mod's hero may carry nothing: the prompt named 'a card (a)', and a said 'your
    cards are a-w'."""
    from dicey.run import progress
    from tui_kit import kit_state, wait_until
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(progress.enter_fight(kit_state(4, equipment=())))
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
        await pilot.pause()
        screen = app.screen
        await wait_until(pilot, lambda: screen.session.hero_to_act)
        assert screen.session.fight.fighters[0].cards == []
        if not screen.session.moves:
            assert message(screen) == ("You have no cards to play dice on: t ends the turn; "
                                       "? helps.")
        await pilot.press("a")
        assert message(screen) == "There is no card a: you have no cards."


async def test_the_side_not_acting_shows_its_cards_as_its_next_turn_has_them(home):
    """In the hero's turn the enemy's cards said 'used' (what its last turn left, until
    its next one refills them), and reading one said 'none left this turn'."""
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await into_gambler(pilot)
        for _ in range(4):                               # until the Gambler spent a card
            await hero_turn_or_end(pilot)
            assert not screen.session.over
            if any(c.uses_left == 0 for c in screen.session.fight.fighters[1].cards):
                break
            await pilot.press("t")
        enemy = screen.session.fight.fighters[1]
        spent = [i for i, c in enumerate(enemy.cards) if c.uses_left == 0]
        assert spent                                     # the engine keeps them spent...
        views = list(screen.query_one("#enemy-cards").query(CardView))
        for i in spent:                                  # ...the screen shows them ready
            assert "used" not in str(views[i].border_subtitle)
        screen.card_cursor = (1, spent[0])
        await pilot.press("x")
        await pilot.pause()
        assert "none left this turn" not in "\n".join(screen_text(app))


async def test_a_bar_says_what_the_next_roll_has_besides_its_dice(home):
    from dicey.rules.state import Die
    app = make_app(home, seed=4)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await start(pilot, dice=[3, 5])
        frog = screen.session.fight.fighters[1]
        bar = str(screen.query_one("#enemy-bar", FighterBar).render())
        assert "next roll" not in bar
        frog.add_extra_dice(-1, 1)
        frog.wait_dice([Die(6)])
        screen.refresh_view()
        bar = str(screen.query_one("#enemy-bar", FighterBar).render())
        assert bar.endswith(" · next roll: 1 die fewer, + 6")


async def test_the_prompt_names_only_the_cards_a_die_may_go_on(home):
    from dicey.rules.state import DISCARDED
    app = make_app(home, seed=4)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await start(pilot, dice=[3, 5])
        hero = screen.session.fight.fighters[0]
        screen.session.fight.set_position(0, equipment=["Sword", "Shield", "Dagger"])
        assert screen._keys_in_play() == ("1-2", "a-c")
        hero.set_card(1, hero.cards[1]._replace(gone=DISCARDED))
        assert screen._keys_in_play() == ("1-2", "a, c")
