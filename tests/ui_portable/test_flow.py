"""The screen flow driven only by actions: a whole game against the computer, placement errors,
settings, menus. Portable: runs on CPython, and on MicroPython through tests/test_ui_micropython.py
(with a bigger heap than the engine suites: the flow imports every engine module and three
languages of strings)."""

from check import Rng

from seabattle import board as B
from seabattle import placement, sound, strings, ui
from seabattle.ai import habits
from seabattle.screens.flow import Flow, Settings


def _goto(flow, square, cursor):
    w = flow.rules.width
    dx = square % w - cursor % w
    dy = square // w - cursor // w
    for _ in range(abs(dx)):
        flow.act(ui.RIGHT if dx > 0 else ui.LEFT)
    for _ in range(abs(dy)):
        flow.act(ui.DOWN if dy > 0 else ui.UP)


def _choose(flow, key):
    for _ in range(len(flow.keys)):
        if flow.keys[flow.screen.selected] == key:
            break
        flow.act(ui.DOWN)
    assert flow.keys[flow.screen.selected] == key
    flow.act(ui.FIRE)


def _place(flow, fleet):
    ships = list(fleet.ships)
    while flow.todo:
        size = flow.todo[0]
        ship = [s for s in ships if s.size == size][0]
        ships.remove(ship)
        vertical = size > 1 and ship.cells[1] - ship.cells[0] != 1
        if vertical != flow.vertical:
            flow.act(ui.BACK)
        _goto(flow, ship.cells[0], flow.anchor)
        flow.act(ui.FIRE)


def _made(flow):
    """The computer places its fleet a step a frame (seabattle.screens.battle.make): let the frames
    pass (no time needed) until the battle shows; the number of frames it took."""
    frames = 0
    while flow.name == "making":
        flow.tick(flow.now)
        frames += 1
    return frames


def _to_battle(flow, level=None):
    """From the title: play, the level (``level`` or the one selected), the fleet placed at
    random, to battle once the computer has placed its own."""
    _choose(flow, "play")
    if level is None:
        flow.act(ui.FIRE)
    else:
        _choose(flow, level)
    flow.act(ui.SWITCH)  # auto-place
    flow.act(ui.FIRE)
    _made(flow)


def _new(lang="ru", seed=5):
    rec = sound.Recorder()
    saved = []
    flow = Flow(Rng(seed), settings=Settings(lang=lang), sounds=rec, on_records=saved.append)
    return flow, rec, saved


def test_title_menu_lists_everything_and_cycles_settings():
    flow, _rec, _saved = _new("ru")
    assert flow.name == "title" and flow.screen.page == ui.P_MENU
    assert flow.screen.title == "МОРСКОЙ БОЙ"
    assert flow.keys == ["play", "duel", "rules", "letters", "lang", "sound", "stats", "about"]
    _choose(flow, "lang")  # FIRE on a setting cycles it: ru -> uk
    assert flow.settings.lang == "uk" and flow.screen.title == "МОРСЬКИЙ БІЙ"
    assert flow.screen.items[4] == "Мова: українська"
    flow.act(ui.RIGHT)
    assert flow.settings.lang == "en" and flow.screen.items[4] == "Language: English"
    flow.act(ui.UP)  # letters
    flow.act(ui.RIGHT)
    assert flow.settings.letters == "latin" and flow.screen.items[3] == "Letters: A–J"
    flow.act(ui.UP)
    flow.act(ui.RIGHT)
    assert flow.settings.rules == "corners"
    flow.act(ui.LEFT)
    assert flow.settings.rules == "classic"


def test_placement_shows_illegal_spot_with_reason_and_state_unchanged():
    flow, rec, _saved = _new("ru")
    _choose(flow, "play")
    flow.act(ui.FIRE)  # the only level
    assert flow.name == "place" and flow.screen.page == ui.P_BOARD
    flow.act(ui.FIRE)  # 4 decks at А1–Г1
    assert len(flow.ships) == 1 and flow.screen.big[0] == ui.T_SHIP
    _goto(flow, 13, flow.anchor)  # Г2: a 3-decker there touches the 4-decker's side
    s = flow.screen
    assert s.big[13] == ui.T_BAD and s.big[14] == ui.T_BAD and s.big[15] == ui.T_BAD
    assert "касается" in s.message and "А1–Г1" in s.message, s.message
    flow.act(ui.FIRE)
    assert len(flow.ships) == 1 and flow.todo[0] == 3
    assert rec.cues[-1] == sound.BAD
    flow.act(ui.BACK)  # rotate: Г2–Г4 still touches
    assert s.big[13] == ui.T_BAD and s.big[33] == ui.T_BAD
    _goto(flow, 50, flow.anchor)  # А6, vertical: legal
    assert s.big[50] == ui.T_OK and s.big[60] == ui.T_OK and s.big[70] == ui.T_OK
    assert s.message == strings.say("ru", "place_hint")
    flow.act(ui.FIRE)
    assert len(flow.ships) == 2
    # the ship in hand never runs off the board: the anchor is pulled back
    _goto(flow, 99, flow.anchor)
    assert flow.screen.cursor == 79, flow.screen.cursor  # a vertical 3-decker from К8
    flow.act(ui.MENU)
    assert flow.name == "place_menu" and "battle" not in flow.keys  # not ready: no «В бой»
    _choose(flow, "undo")
    assert flow.name == "place" and len(flow.ships) == 1
    flow.act(ui.MENU)  # the menu's other rows: a Perelman fleet, clear, back to placing
    _choose(flow, "perelman")
    assert flow.name == "place" and not flow.todo and len(flow.ships) == len(flow.rules.fleet)
    flow.act(ui.MENU)
    assert flow.keys[0] == "battle"  # all placed: «В бой» is offered
    _choose(flow, "clear")
    assert flow.name == "place" and not flow.ships and flow.todo == list(flow.rules.fleet)
    flow.act(ui.MENU)
    _choose(flow, "back_place")
    assert flow.name == "place" and not flow.ships


def test_whole_game_against_the_computer_by_actions_only():
    flow, rec, saved = _new("ru", seed=11)
    _choose(flow, "play")
    flow.act(ui.FIRE)
    mine = placement.random_fleet(flow.rules, Rng(3))
    _place(flow, mine)
    assert flow.todo == [] and flow.screen.message == strings.say("ru", "place_ready")
    flow.act(ui.MENU)
    assert "battle" in flow.keys
    flow.act(ui.BACK)
    flow.act(ui.FIRE)
    _made(flow)
    assert flow.name == "battle"
    import sys

    if sys.implementation.name != "cpython":  # a board's VM: the battle holds no fleet checks
        assert "seabattle.fleetcheck" not in sys.modules
    s = flow.screen
    assert s.show_small and s.page == ui.P_BOARD
    assert s.cols[0] == "А" and s.cols[9] == "К" and s.rows[9] == "10"
    now = 0
    seen = {}
    shots = 0
    while flow.name == "battle" and shots < 400:
        now += 1000
        flow.tick(now)
        if flow.name != "battle" or not flow.match.my_turn() or flow.wait_until >= 0:
            continue
        view = flow.match.view
        enemy = flow.match.enemy_fleet
        free = [sq for sq in range(100) if view.can_fire(sq)]
        hits = [sq for sq in free if enemy.owner[sq]]
        target = hits[0] if hits and shots % 3 else free[0]
        _goto(flow, target, flow.aim)
        assert s.cursor == target
        flow.act(ui.FIRE)
        shots += 1
        answer = view.cells[target]
        seen[answer] = seen.get(answer, 0) + 1
        assert s.big[target] == (ui.T_MISS, ui.T_MISS, ui.T_HIT, ui.T_SUNK)[answer]
        assert s.mark == target
        text = strings.say("ru", ("", "miss", "hit", "sunk")[answer])
        assert s.message.endswith(text), s.message
        if answer == B.SUNK:
            ship = enemy.ships[enemy.ship_at(target)]
            for sq in flow.rules.halo(ship.cells):
                assert s.big[sq] in (ui.T_HALO, ui.T_MISS), sq
    assert flow.name == "end", flow.name
    assert seen.get(B.SUNK, 0) >= 1 and seen.get(B.MISS, 0) >= 1
    assert flow.screen.message in (strings.say("ru", "won"), strings.say("ru", "lost"))
    assert flow.screen.lines[0] == strings.say("ru", "verified")
    won = flow.match.won()
    assert rec.cues[-1] == (sound.WIN if won else sound.LOSE)
    # the end shows the enemy's whole fleet, found or not
    for sq in range(100):
        if flow.match.enemy_fleet.owner[sq]:
            assert flow.screen.big[sq] in (ui.T_SHIP, ui.T_HIT, ui.T_SUNK)
    assert len(saved) == 1 and saved[0].rows["ai:easy"][0] == 1
    # the computer learnt the player's fleet for the next hard game (seabattle.ai.habits)
    assert saved[0].habits["classic"] == habits.observe(None, flow.rules, flow.match.game.fleets[0])
    assert saved[0].rows["ai:easy"][1] == (1 if won else 0)
    flow.act(ui.MENU)
    _choose(flow, "stats")
    assert flow.screen.page == ui.P_INFO
    assert flow.screen.lines[0] == strings.say("ru", "stats_games", {"games": 1, "wins": 1 if won else 0})
    flow.act(ui.BACK)
    assert flow.name == "title"


def test_the_computer_places_its_fleet_a_step_a_frame_as_the_screen_says():
    from seabattle.ai.fleet import computer_fleet

    flow, _rec, _saved = _new("uk", seed=8)
    _choose(flow, "play")
    flow.act(ui.FIRE)
    flow.act(ui.SWITCH)  # auto-place
    state = flow.rng.state
    flow.act(ui.FIRE)
    assert flow.name == "making" and flow.match is None
    assert flow.screen.message == strings.say("uk", "enemy_placing")
    big = bytes(flow.screen.big)
    for action in (ui.FIRE, ui.MENU, ui.BACK, ui.RIGHT):  # nothing to do meanwhile: ignored
        flow.act(action)
    assert flow.name == "making" and bytes(flow.screen.big) == big
    frames = _made(flow)
    assert flow.name == "battle" and frames > 1
    # the same fleet as made at once from the same random numbers, however the steps fell
    rng = Rng(1)
    rng.state = state
    made = computer_fleet(flow.rules, rng)
    assert [s.cells for s in flow.match.enemy_fleet.ships] == [s.cells for s in made.ships]


def test_battle_rejects_a_second_shot_at_the_same_cell_and_swaps_boards():
    flow, _rec, _saved = _new("en", seed=2)
    _to_battle(flow)
    now = 0
    while not flow.match.my_turn():
        now += 1000
        flow.tick(now)
    view = flow.match.view
    target = [sq for sq in range(100) if not flow.match.enemy_fleet.owner[sq]][0]
    _goto(flow, target, flow.aim)
    flow.act(ui.FIRE)
    assert flow.screen.message.endswith("Miss!")
    while not flow.match.my_turn():
        now += 1000
        flow.tick(now)
    shots = view.shots
    flow.act(ui.FIRE)  # same cell again: refused, nothing changes
    assert view.shots == shots
    assert "already" in flow.screen.message
    flow.act(ui.BACK)
    assert flow.swapped and flow.screen.cursor == -1
    assert ui.T_SHIP in list(flow.screen.big)  # my own fleet, big
    flow.act(ui.SWITCH)
    assert not flow.swapped and flow.screen.cursor == target
    flow.act(ui.MENU)
    _choose(flow, "surrender")
    assert flow.name == "end" and flow.screen.message == "You lost"



def test_pause_menu_resumes_swaps_and_quits_to_a_game_the_title_offers():
    flow, _rec, _saved = _new("en", seed=3)
    _to_battle(flow)
    assert flow.name == "battle"
    flow.act(ui.MENU)
    assert flow.name == "pause" and flow.screen.page == ui.P_MENU
    assert flow.keys == ["resume", "swap", "surrender", "quit"]
    assert flow.screen.items[0] == strings.say("en", "pause_resume")
    flow.act(ui.BACK)  # back: the battle as it was
    assert flow.name == "battle" and flow.screen.page == ui.P_BOARD and not flow.swapped
    flow.act(ui.MENU)
    _choose(flow, "swap")
    assert flow.name == "battle" and flow.swapped and flow.screen.cursor == -1
    flow.act(ui.MENU)
    _choose(flow, "resume")
    assert flow.name == "battle" and flow.swapped
    game = flow.match.game
    flow.act(ui.MENU)
    _choose(flow, "quit")
    assert flow.name == "title" and flow.keys[0] == "continue" and flow.resumable[0] is game
    flow, _rec, _saved = _new("en")
    flow.act(ui.NEXT)
    assert flow.screen.selected == 1
    _choose(flow, "play")
    flow.act(ui.FIRE)
    flow.act(ui.BACK)  # vertical: the 4-decker may stand anywhere in a column
    for _ in range(10):
        flow.act(ui.NEXT)
    assert flow.anchor == 10  # wrapped to the next row


def test_the_hard_level_expects_the_habits_learnt_from_earlier_fleets():
    from seabattle import rules as R
    from seabattle.ai.styles import border_fleet
    from seabattle.records import Records

    classic = R.preset("classic")
    records = Records()
    data = None
    for k in range(6):
        data = habits.observe(data, classic, border_fleet(classic, Rng(k)))
    records.habits["classic"] = data
    flow = Flow(Rng(6), settings=Settings(lang="en"), records=records)
    _to_battle(flow, "hard")
    assert flow.name == "battle" and flow.mode == "ai:hard"
    styles = flow.match.opponent.styles
    assert styles == habits.styles(data) and styles != habits.styles(None)
    assert len([b for b in styles if b == 2]) > len([b for b in styles if b == 1])  # border habits


def test_a_saved_game_is_offered_on_the_title_and_continues_where_it_stopped():
    from seabattle import save, saveload

    flow, _rec, _saved = _new("en", seed=4)
    _to_battle(flow, "normal")
    now = 0
    while flow.results < 9:
        now += 1000
        flow.tick(now)
        if flow.match.my_turn() and flow.wait_until < 0:
            _goto(flow, [sq for sq in range(100) if flow.match.view.can_fire(sq)][0], flow.aim)
            flow.act(ui.FIRE)
    game, extra = flow.saving()
    data = save.dumps(game, extra)
    # a new start-up (another level chosen in the settings) gets the saved game back
    again = Flow(Rng(9), settings=Settings(lang="uk", level=2), saved=saveload.loads(data))
    assert again.keys[0] == "continue" and again.screen.items[0] == strings.say("uk", "menu_continue")
    again.act(ui.FIRE)
    g = again.match.game
    assert again.name == "battle" and again.mode == "ai:normal"
    assert bytes(g.moves) == bytes(game.moves) and g.turn == game.turn and g.first == game.first
    assert [s.cells for s in g.fleets[1].ships] == [s.cells for s in game.fleets[1].ships]
    assert again.screen.big == flow.screen.big or flow.swapped
    # a game that is over is not offered
    over = Flow(Rng(1), settings=Settings(lang="en"), saved=(g, b"hard"))
    assert over.keys[0] == "continue"
    while not g.over():
        g.shoot([sq for sq in range(100) if g.views[g.turn].can_fire(sq)][0])
    assert Flow(Rng(1), settings=Settings(lang="en"), saved=(g, b"hard")).keys[0] == "play"
