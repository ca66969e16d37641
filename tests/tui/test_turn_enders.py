"""A die on a card that ends the turn (Haymaker: ``end_turn()``) while other dice could
still be used asks first: the same key (or enter, or a click) plays it, any other key does
not. Nothing is asked when no die would be lost."""
from __future__ import annotations

import pytest

from dicey.rules.protocol import Move

from button_kit import library_with
from tui_kit import base_game_state, hero_turn_or_end, into_fight, make_app, screen_text

#: The Thief's cards for these tests: Haymaker is ``a``.
CARDS = ("haymaker", "dagger", "headcount")


def message(screen) -> str:
    return " ".join(str(screen.query_one("#message").render()).split())


async def played_haymaker_alone(pilot, screen, made: int) -> None:
    """The hero's first turn was Haymaker and nothing else: the moves after it are the
    enemy's (the card ended the turn: no end of the hero's own), and the hero's second
    turn (the fight's third) has come."""
    await hero_turn_or_end(pilot)
    moves = screen.session.moves[made:]
    assert moves[0].action == "place" and moves[0].card == "Haymaker"
    assert all(m.card not in ("Dagger", "Headcount") for m in moves[1:])
    assert screen.session.fight.turn == 3


async def test_a_turn_ender_asks_before_the_dice_left_are_lost(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        made = len(screen.session.moves)
        await pilot.press("1", "a")
        assert len(screen.session.moves) == made           # nothing played yet
        assert len(screen.session.fight.fighters[0].dice) == 3
        said = message(screen)
        assert said.startswith("Haymaker ends your turn: 2 dice left will be lost — press a "
                               "again (or enter) to play it"), said
        assert any("Haymaker ends your turn" in line for line in screen_text(app))


@pytest.mark.parametrize("again", ["a", "enter"])
async def test_its_key_again_or_enter_plays_it_and_ends_the_turn(home, library, again):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        made = len(screen.session.moves)
        await pilot.press("1", "a", again)
        await played_haymaker_alone(pilot, screen, made)


async def test_any_other_key_cancels(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        made = len(screen.session.moves)
        await pilot.press("1", "a", "2")
        assert len(screen.session.moves) == made
        assert message(screen) == "Haymaker was not played."
        assert screen.die_cursor == 1                       # the 2 still picked its die
        await pilot.press("a")                              # asked again, for that die
        assert len(screen.session.moves) == made
        assert message(screen).startswith("Haymaker ends your turn: 2 dice left")
        await pilot.press("t")                     # t: no, and t asks about ending the turn
        assert len(screen.session.moves) == made
        assert message(screen).startswith("Ending the turn now: 3 dice left will be lost")
        await pilot.press("y")                              # y: yes
        assert screen.session.moves[made].is_end


@pytest.mark.parametrize("cards, dice", [(CARDS, 1), (("haymaker",), 3),
                                         (("headcount", "dagger"), 3)],
                         ids=["haymaker with no die left", "no other card for the dice",
                              "a card that ends nothing"])
async def test_no_question_when_no_die_would_be_lost(home, library, cards, dice):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, cards, dice))
        made = len(screen.session.moves)
        await pilot.press("1", "a")
        assert screen.session.moves[made].card_index == 0          # played at once
        assert screen.session.moves[made].card == screen.session.fight.fighters[0].cards[0].name
        assert "will be lost" not in message(screen)


async def test_a_click_on_the_card_plays_it_and_a_click_on_a_die_does_not(home, library):
    """Enter after a click on another die played the die first asked about."""
    from dicey.tui.widgets import CardView, DieView
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        made = len(screen.session.moves)
        haymaker = next(c for c in screen.query(CardView) if c.side == 0 and c.index == 0)
        await pilot.click(haymaker)
        assert message(screen).startswith("Haymaker ends your turn")
        await pilot.click(list(screen.query(DieView))[1])
        assert message(screen) == "Haymaker was not played." and screen.die_cursor == 1
        await pilot.press("enter")                       # no question stands: nothing
        assert len(screen.session.moves) == made
        await pilot.click(haymaker)
        await pilot.click(haymaker)
        assert screen.session.moves[made].die_index == 1
        await played_haymaker_alone(pilot, screen, made)


#: A card that ends the turn on half of its rolls.
COIN = '''
equipment "Coin Blow" {
    slots: any
    text: "Do [d] damage. On a roll of 1 in 2, your turn ends"
    on use {
        attack(d)
        if roll(1, 2) == 1 { end_turn() }
    }
}
'''


async def test_a_card_that_may_end_the_turn_says_may(home, tmp_path):
    library = library_with(tmp_path, "coin.dice", COIN)
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("coin_blow", "headcount"), 3))
        made = len(screen.session.moves)
        await pilot.press("1", "a")
        assert len(screen.session.moves) == made
        assert message(screen).startswith("Coin Blow may end your turn: 2 dice left would be "
                                          "lost — press a again")


#: A turn that ends by no card of its own: a status (Daze, given at each turn's start) and
#: an enemy's card that answers a blow with ``end_turn(target)``.
OTHER_ENDS = '''
equipment "Swat" {
    slots: any
    text: "Do [d] damage"
    on use { attack(d) }
}

equipment "Sixer" {
    slots: 6
    text: "Do 9 damage"
    on use { attack(9) }
}

equipment "Headache" {
    slots: 6
    text: "You are dazed at the start of each of your turns"
    on use { attack(d) }
    on turn start { gain(daze) }
}

equipment "Counterpunch" {
    slots: any
    cast: self
    text: "Gain [d] shield. A blow that hurts you ends the attacker's turn"
    on use { gain(shield, d) }
    on damage taken { end_turn(target) }
}

enemy "Mugger" {
    hp: 40; dice: 2; level: 1
    equipment: "Counterpunch"
    ai: normal
    text: "Hits back"
}
'''


async def test_a_status_that_ends_the_turn_asks_and_counts_every_die(home, tmp_path):
    library = library_with(tmp_path, "ends.dice", OTHER_ENDS)
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("swat", "swat", "headache"), 3))
        assert screen.session.fight.fighters[0].statuses.get("daze")
        made = len(screen.session.moves)
        await pilot.press("1", "a")
        assert len(screen.session.moves) == made           # asked first
        assert message(screen).startswith("Daze ends your turn: 2 dice left will be lost — "
                                          "press a again (or enter) to play Swat"), \
            message(screen)
        await pilot.press("a")
        assert screen.session.moves[made].card == "Swat"


async def test_an_enemys_card_that_ends_the_turn_is_named(home, tmp_path):
    library = library_with(tmp_path, "ends.dice", OTHER_ENDS)
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("swat", "headcount"), 4,
                                                         enemy="mugger"))
        made = len(screen.session.moves)
        await pilot.press("1", "a")
        assert len(screen.session.moves) == made
        assert message(screen).startswith("Mugger's Counterpunch ends your turn: 3 dice left "
                                          "will be lost"), message(screen)


async def test_every_die_left_is_counted(home, tmp_path):
    """Dice no other card takes are lost too: the question counts them all, though they
    alone would not make it ask (here only the 6 goes on another card, the Sixer)."""
    library = library_with(tmp_path, "ends.dice", OTHER_ENDS)
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("haymaker", "sixer"), 4,
                                                         seed=1))
        assert [d.value for d in screen.session.fight.fighters[0].dice] == [4, 3, 6, 2]
        await pilot.press("1", "a")
        assert message(screen).startswith("Haymaker ends your turn: 3 dice left will be "
                                          "lost"), message(screen)


async def test_the_hint_says_when_its_move_ends_the_turn(home, tmp_path):
    """Dazed: whatever card the hint plays first ends the turn, and it says so (as
    ``dicey plan`` does)."""
    from dicey.run.brains import hero_hints
    from tui_kit import wait_until
    library = library_with(tmp_path, "ends.dice", OTHER_ENDS)
    app = make_app(home, library=library, hints_for=hero_hints)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("swat", "swat", "headache"),
                                                         3))
        await pilot.press("h")
        await wait_until(pilot, lambda: message(screen).startswith("Hint"), steps=1000)
        assert "(it ends the turn; the dice left are lost)" in message(screen), \
            message(screen)


@pytest.mark.parametrize("ending", [("t", "t"), ("1", "a", "a")], ids=["t", "a turn-ender"])
async def test_a_later_turn_says_what_to_do_as_the_first_does(home, library, ending):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        first = message(screen)
        assert first.startswith("Pick a die (1-3), then a card (a-c)")
        await pilot.press(*ending)
        await hero_turn_or_end(pilot)
        assert screen.session.fight.turn == 3 and screen.session.hero_to_act
        assert message(screen).startswith("Pick a die ("), message(screen)


#: Buttons (cards that take no die) that a turn's end takes away while usable, one never
#: usable, and one that ends the turn itself.
BUTTONS_LEFT = '''
equipment "Lucky Button" {
    slots: none
    text: "Do 1 damage"
    on use { attack(1) }
}

equipment "Spare Button" {
    slots: none
    text: "Gain 1 shield"
    on use { gain(shield) }
}

equipment "Dud Button" {
    slots: none
    ready: self.hp > 1000
    text: "Do 1 damage, never"
    on use { attack(1) }
}

equipment "Last Button" {
    slots: none
    text: "Do 2 damage. Your turn ends"
    on use {
        attack(2)
        end_turn()
    }
}
'''


@pytest.fixture(scope="module")
def buttons_left(tmp_path_factory):
    return library_with(tmp_path_factory.mktemp("buttons-left"), "left.dice", BUTTONS_LEFT)


@pytest.mark.parametrize("cards, dice, keys, asked", [
    (("haymaker", "lucky_button"), 1, ("1", "a"),
     "Haymaker ends your turn: the Lucky Button left will be lost — press a again (or "
     "enter) to play it"),
    (("haymaker", "lucky_button"), 3, ("1", "a"),
     "Haymaker ends your turn: 2 dice and the Lucky Button left will be lost"),
    (("haymaker", "lucky_button", "spare_button", "dud_button"), 1, ("1", "a"),
     "Haymaker ends your turn: 2 buttons left will be lost"),
    (("last_button", "lucky_button"), 1, ("a",),
     "Last Button ends your turn: 1 die and the Lucky Button left will be lost — press a "
     "again (or enter) to play it"),
    (("last_button", "last_button"), 0, ("a",),
     "Last Button ends your turn: the Last Button left will be lost"),
], ids=["a button and no die", "dice and a button", "two buttons (and one not ready)",
        "a button that ends the turn", "its twin"])
async def test_a_button_still_usable_makes_a_turn_ender_ask(home, buttons_left, cards, dice,
                                                            keys, asked):
    """No other card takes the dice left here: the button alone makes it ask."""
    app = make_app(home, library=buttons_left)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(buttons_left, cards, dice))
        made = len(screen.session.moves)
        await pilot.press(*keys)
        assert len(screen.session.moves) == made           # asked first
        assert message(screen).startswith(asked), message(screen)
        await pilot.press(keys[-1])                          # its key again: played
        assert screen.session.moves[made].card_index == 0
        assert screen.session.moves[made].card == screen.session.fight.fighters[0].cards[0].name


async def test_no_question_when_no_button_is_left_to_use(home, buttons_left):
    """A button used already, one not ready, a blow that ends the fight (with a button
    usable): nothing is lost, the move is played at once."""
    app = make_app(home, library=buttons_left)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(
            buttons_left, ("haymaker", "lucky_button", "dud_button"), 1))
        session = screen.session
        made = len(session.moves)
        await pilot.press("b")                              # the Lucky Button: used
        assert session.moves[made:] == [Move.use("Lucky Button", 1)]
        await pilot.press("1", "a")
        assert session.moves[made + 1].card == "Haymaker"   # played at once
        assert "will be lost" not in message(screen)
        await hero_turn_or_end(pilot)
        assert session.fight.turn == 3 and session.hero_to_act
        assert any(m.action == "use" for m in session.fight.legal_moves())   # (Lucky again)
        session.fight.fighters[1].hp = 1                    # a blow that ends the fight
        made = len(session.moves)
        await pilot.press("1", "a")
        assert session.moves[made].card == "Haymaker" and session.over
        assert "will be lost" not in message(screen)


async def test_a_button_that_ends_the_turn_alone_does_not_ask(home, buttons_left):
    """The Last Button's own use is no button lost, nor is a die no card takes."""
    app = make_app(home, library=buttons_left)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(
            buttons_left, ("last_button", "dud_button"), 2))
        made = len(screen.session.moves)
        await pilot.press("a")
        assert screen.session.moves[made] == Move.use("Last Button", 0)
        assert "will be lost" not in message(screen)
