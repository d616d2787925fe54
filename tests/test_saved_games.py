"""Saved games against the computer: a CLUE profile (stand-in board modules, see test_boards)
over a simulated flash nvm (tests/hw/flashsim.py) plays through the real main loop; the game is
saved after each shot's result, a reset offers it on the title and plays on from the same
position to the end, a finished game clears the slot and keeps the statistics, and a power cut
at any byte of a save resumes from the shot before."""

import random

import pytest

from flashsim import FlashNvm, PowerCut  # noqa: E402
from doubles.boardfakes import circuitpython, detect  # noqa: E402,F401  (the fixture)

from hardware import app, appstart  # noqa: E402
from hardware.boards.common import Keeper  # noqa: E402
from hardware.storage import HEADER, TRAILER  # noqa: E402
from hardware.storeread import open_store  # noqa: E402
from seabattle import recordbook, save, saveload, strings, ui  # noqa: E402
from seabattle.screens.flow import Flow, Settings  # noqa: E402
from tools import scenes  # noqa: E402

BUILD = app.build


class Player:
    """Plays a CLUE's two buttons from what the screen shows: taps and the A+B chord, one key
    change a frame, on a fake clock. ``until(flow)`` ends the run."""

    def __init__(self, profile, until, level=1):
        self.p = profile
        self.until = until
        self.level = level
        self.flow = None
        self.pending = []
        self.clock = 0  # ms
        self.frames = 0
        profile.ms = lambda: self.clock
        profile.sleep = self.sleep
        profile.running = self.running
        profile.frame = 0.05
        profile.display.refresh = lambda: None
        profile.rng = random.Random(7)

    def sleep(self, seconds):
        self.clock += int(seconds * 1000)
        self.frames += 1

    def running(self):
        assert self.frames < 20000, "the scripted game does not end"
        if self.flow is None or self.pending:
            return True
        return not self.until(self.flow)

    def tap(self, key):
        self.pending += [(key, True), (key, False)]

    def decide(self, flow):
        s = flow.screen
        if flow.name == "title":
            self.tap("b")
        elif flow.name == "level":
            self.tap("b" if s.selected == self.level else "a")
        elif flow.name == "place":
            if flow.todo:
                self.pending += [("b", True), ("a", True), ("a", False), ("b", False)]  # menu
            else:
                self.tap("b")
        elif flow.name == "place_menu":
            want = "random" if flow.todo else "battle"
            self.tap("b" if flow.keys[s.selected] == want else "a")
        elif flow.name == "battle":
            m = flow.match
            if m.my_turn() and flow.wait_until < 0:
                self.tap("b" if m.view.can_fire(flow.aim) else "a")

    def events(self, out):
        if not self.pending and self.flow is not None:
            self.decide(self.flow)
        if self.pending:
            name, pressed = self.pending.pop(0)
            out.append((name, pressed))


def play(profile, monkeypatch, until, level=1):
    """Runs hardware.app.run on ``profile`` until ``until(flow)``; returns (player, flow)."""
    player = Player(profile, until, level)

    def capture(p, font=None):
        renderer, flow = BUILD(p, font)
        player.flow = flow
        return renderer, flow

    monkeypatch.setattr(app, "build", capture)
    profile.keys.events = player.events
    app.run(profile)
    return player, player.flow


def test_the_main_loop_saves_each_result_and_a_reset_continues_to_the_end(circuitpython, monkeypatch):
    nvm = FlashNvm(size=8192, page=4096)
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p = detect()
    _player, flow = play(p, monkeypatch, lambda f: f.results >= 25)
    assert flow.name == "battle" and flow.mode == "ai:normal"
    game = flow.match.game
    assert not game.over() and len(game.moves) == flow.results == 25
    # one nvm write (one page erase) per result, none per button or frame
    assert p.store.writes == 25 and nvm.erases == 25
    kind, data = p.keeper.saved()
    saved, extra = saveload.loads(data)
    assert kind == "local" and extra == b"normal" and bytes(saved.moves) == bytes(game.moves)

    # power cut / reset: a new profile over the same nvm offers the game on the title
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p2 = detect()
    renderer, title = BUILD(p2)
    assert title.screen.items[0] == strings.say("ru", "menu_continue")
    del renderer, title

    circuitpython("clue_nrf52840_express", nvm=nvm)
    p3 = detect()
    seen = {}

    def until(f):
        if f.name == "battle" and "resumed" not in seen:
            g = f.match.game
            seen["resumed"] = (bytes(g.moves), g.turn, g.first, f.mode,
                               [s.cells for s in g.fleets[0].ships], [s.cells for s in g.fleets[1].ships])
        return f.name == "end"

    _player, flow3 = play(p3, monkeypatch, until, level=0)
    assert seen["resumed"] == (bytes(game.moves), game.turn, game.first, "ai:normal",
                               [s.cells for s in game.fleets[0].ships], [s.cells for s in game.fleets[1].ships])
    end = flow3.match.game
    assert end.over() and bytes(end.moves[:25]) == bytes(game.moves)
    # the finished game left the slot in the same write as the statistics
    shots = len(end.moves)
    assert p3.store.game is None and p3.keeper.saved() is None
    assert recordbook.total(flow3.records)[0] == 1 and p3.store.stats == recordbook.to_bytes(flow3.records)
    assert p3.store.writes == shots - 25  # the last shot's save is the statistics' write
    print("flash writes for a %d-shot game against the computer: %d" % (shots, 25 + p3.store.writes))

    circuitpython("clue_nrf52840_express", nvm=nvm)
    p4 = detect()
    _r, after = BUILD(p4)
    assert after.resumable is None and "continue" not in after.keys
    assert recordbook.total(p4.records)[0] == 1


def _flow(nvm, level=0):
    """A new start-up over ``nvm``: (keeper, flow with the saved game offered, if any)."""
    keeper = Keeper(open_store(nvm, page=nvm.page))

    class Board:
        pass

    b = Board()
    b.keeper = keeper
    flow = Flow(random.Random(3), settings=Settings(lang="en", level=level), saved=appstart.saved_game(b))
    return keeper, flow


def _copy(nvm):
    c = FlashNvm(size=len(nvm), page=nvm.page)
    c.mem[:] = nvm.mem
    return c


def _step(flow, clock):
    """One move of the player's side of a game, by actions; returns the new clock."""
    m = flow.match
    if m.my_turn() and flow.wait_until < 0:
        while not m.view.can_fire(flow.aim):
            flow.act(ui.NEXT)
        flow.act(ui.FIRE)
        return clock
    clock += 100
    flow.tick(clock)
    return clock


def _start(flow):
    for action in (ui.FIRE, ui.DOWN, ui.FIRE, ui.SWITCH, ui.FIRE):  # play, normal, auto-place, go
        flow.act(action)
    scenes.made(flow)  # the computer places its fleet
    assert flow.name == "battle"


def test_a_power_cut_at_any_byte_of_a_save_resumes_from_the_shot_before():
    nvm = FlashNvm(size=8192, page=4096)
    keeper, flow = _flow(nvm)
    saver = app.Saver(keeper, flow)
    _start(flow)
    clock = 0
    checked = expected = 0
    while flow.results < 12:
        clock = _step(flow, clock)
        if flow.results == saver.seen:
            continue
        now = bytes(flow.match.game.moves)
        before = bytes(flow.match.game.moves[:-1])
        # steps until the new record is whole: the page erase, then each byte of the record
        complete = 1 + HEADER + 2 + 1 + len(save.dumps(*flow.saving())) + TRAILER
        cuts = list(range(0, complete + 3)) + list(range(complete + 3, 4098, 397))
        if flow.results in (1, 11):  # every step of the write (erase + each byte) for two saves
            expected += len(cuts)
            for k in cuts:
                cut = _copy(nvm)
                cut.cut_after = k
                try:
                    Keeper(open_store(cut, page=cut.page)).checkpoint(*flow.saving())
                except PowerCut:
                    pass
                _k, again = _flow(cut)
                if again.resumable is None:
                    assert before == b"" and k < complete, k  # nothing was saved before shot 1
                    checked += 1
                    continue
                moves = bytes(again.resumable[0].moves)
                assert moves == (now if k >= complete else before), (k, complete)
                checked += 1
        assert saver.poll()
    assert checked == expected > 2 * 100  # every cut point of both saves was checked
    # and a cut save continues from the shot before, through to the end of the game
    moves = bytes(flow.match.game.moves)
    cut = _copy(nvm)
    cut.cut_after = 30
    while bytes(flow.match.game.moves) == moves:
        clock = _step(flow, clock)
    with pytest.raises(PowerCut):
        Keeper(open_store(cut, page=cut.page)).checkpoint(*flow.saving())
    cut.cut_after = None  # the power is back
    keeper2, again = _flow(cut, level=2)
    assert again.keys[0] == "continue" and again.screen.items[0] == "Continue the game"
    again.act(ui.FIRE)
    g = again.match.game
    assert again.name == "battle" and again.mode == "ai:normal" and bytes(g.moves) == moves
    saver2 = app.Saver(keeper2, again)
    again.on_records = keeper2.on_records
    for _ in range(20000):
        if again.name == "end":
            break
        clock = _step(again, clock)
        saver2.poll()
    assert again.name == "end" and keeper2.saved() is None and keeper2.store.stats


def test_quitting_to_the_menu_offers_the_game_and_a_new_game_replaces_it():
    flow = Flow(random.Random(5), settings=Settings(lang="uk"))
    assert "continue" not in flow.keys
    _start(flow)
    clock = 0
    while flow.results < 6:
        clock = _step(flow, clock)
    game = flow.match.game
    flow.act(ui.MENU)
    flow.screen.selected = flow.keys.index("quit")
    flow.act(ui.FIRE)
    assert flow.name == "title" and flow.keys[0] == "continue"
    assert flow.screen.items[0] == strings.say("uk", "menu_continue")
    flow.go_title("stats")  # rows are found by key, whether "continue" is there or not
    assert flow.keys[flow.screen.selected] == "stats"
    flow.screen.selected = 0
    flow.act(ui.FIRE)
    assert flow.name == "battle" and flow.match.game is game
    flow.act(ui.MENU)
    flow.screen.selected = flow.keys.index("quit")
    flow.act(ui.FIRE)
    flow.screen.selected = flow.keys.index("play")
    flow.act(ui.FIRE)
    for action in (ui.FIRE, ui.SWITCH, ui.FIRE):
        flow.act(action)
    scenes.made(flow)
    assert flow.name == "battle" and flow.match.game is not game and flow.resumable is None
    flow.act(ui.MENU)
    flow.screen.selected = flow.keys.index("surrender")
    flow.act(ui.FIRE)
    assert flow.saving() is None
    flow.go_title()
    assert "continue" not in flow.keys
