"""A duel starts in a fresh VM, and a MemoryError reloads into the saved game (hardware.relaunch):
a CLUE profile (stand-in board modules, see test_boards) over a simulated flash nvm runs the real
main loop (hardware.app.run) with a stand-in ``supervisor`` whose reload() returns, so the loop
builds the screens again in this process (what a board's code.py does after a reload); and a
board built anew from the nvm with run_reason SUPERVISOR_RELOAD starts where the intent says."""

import random
import sys
import types

import pytest

from flashsim import FlashNvm  # noqa: E402
from doubles.boardfakes import circuitpython, detect  # noqa: E402,F401  (the fixture)

from hardware import app, relaunch  # noqa: E402
from seabattle import saveload, strings, ui  # noqa: E402
from tools import scenes  # noqa: E402

BUILD = app.build
RELOAD, POWER_UP = "SUPERVISOR_RELOAD", "STARTUP"


@pytest.fixture
def supervisor(monkeypatch):
    """A stand-in ``supervisor``: ``reloads`` counts reload() calls, which return (a board's
    never does); ``runtime.run_reason`` is what the next start-up reads."""
    sup = types.ModuleType("supervisor")
    sup.RunReason = types.SimpleNamespace(SUPERVISOR_RELOAD=RELOAD, STARTUP=POWER_UP)
    sup.runtime = types.SimpleNamespace(run_reason=POWER_UP)
    sup.reloads = 0

    def reload():
        sup.reloads += 1
        sup.runtime.run_reason = RELOAD

    sup.reload = reload
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    return sup


class Driver:
    """Runs hardware.app.run on a profile; ``script(flow)`` is called once a frame with the
    flow of the screens built last (a reload builds new ones) and returns False to stop."""

    def __init__(self, profile, monkeypatch, script):
        self.flows = []
        self.frames = 0
        self.script = script
        self.clock = 0  # ms
        profile.ms = lambda: self.clock
        profile.sleep = self.sleep
        profile.running = self.running
        profile.display.refresh = lambda: None
        profile.rng = random.Random(7)

        def capture(p, font=None):
            renderer, flow = BUILD(p, font)
            self.flows.append(flow)
            return renderer, flow

        monkeypatch.setattr(app, "build", capture)

    def sleep(self, seconds):
        self.clock += int(seconds * 1000)
        self.frames += 1

    def running(self):
        assert self.frames < 5000
        return self.script(self.flows[-1])


def _shoot(flow):
    m = flow.match
    if flow.name == "battle" and m.my_turn() and flow.wait_until < 0:
        target = [sq for sq in range(len(m.view.cells)) if m.view.can_fire(sq)][0]
        scenes.goto(flow, target, flow.aim)
        flow.act(ui.FIRE)


def _start_game(flow):
    scenes.choose(flow, "play")
    scenes.choose(flow, "easy" if "easy" in flow.keys else flow.keys[0])
    flow.act(ui.SWITCH)  # the fleet at random
    flow.act(ui.FIRE)


@pytest.mark.parametrize("role", ["host", "join"])
def test_a_duel_after_a_game_reloads_first_and_arrives_in_the_same_lobby(circuitpython, supervisor, monkeypatch,
                                                                          role):
    nvm = FlashNvm(size=8192, page=4096)
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p = detect()
    seen = {}

    def script(flow):
        if len(d.flows) == 1:  # the first VM: a few shots at the computer, left, then host
            if flow.name == "title" and "used" not in seen:
                _start_game(flow)
                seen["used"] = flow.name
            elif flow.name == "battle" and flow.results < 4:
                _shoot(flow)
            elif flow.name == "battle":
                flow.act(ui.MENU)
                scenes.choose(flow, "quit")  # the game stays offered on the title
            elif flow.name == "title":
                seen["writes"] = p.store.writes
                scenes.choose(flow, "duel")
                scenes.choose(flow, role)  # raises relaunch.Relaunch: the loop reloads
            return True
        seen["after"] = (flow.name, list(flow.screen.lines))
        return False

    d = Driver(p, monkeypatch, script)
    app.run(p)
    assert seen["used"] in ("making", "battle") and seen["writes"] >= 4
    assert supervisor.reloads == 1 and len(d.flows) == 2
    # one nvm write for the whole relaunch: the intent
    intent = relaunch.HOST if role == "host" else relaunch.JOIN
    assert p.store.writes - seen["writes"] == 1 and p.store.intent == intent
    name, lines = seen["after"]
    if role == "host":
        assert name == "duel_host" and lines[0] == strings.say("ru", "lobby", {"name": p.link.code})
        assert p.link.radio is not None  # advertising after the reload, not before
    else:
        assert name == "duel_join" and lines == [strings.say("ru", "searching")]

    # what a board does: code.py again, a new profile over the same nvm, run_reason says reload
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p2 = detect()
    assert p2.intent == intent
    d2 = Driver(p2, monkeypatch, lambda f: False)
    app.run(p2)
    assert d2.flows[-1].name == "duel_" + role and supervisor.reloads == 1  # no second reload

    # a power-up after that: the title, whatever the record's intent byte says
    supervisor.runtime.run_reason = POWER_UP
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p3 = detect()
    assert p3.intent is None
    d3 = Driver(p3, monkeypatch, lambda f: False)
    app.run(p3)
    assert d3.flows[-1].name == "title"


def test_a_duel_chosen_first_thing_starts_without_a_reload(circuitpython, supervisor, monkeypatch):
    circuitpython("clue_nrf52840_express", nvm=FlashNvm(size=8192, page=4096))
    p = detect()

    def script(flow):
        if flow.name == "title":
            scenes.choose(flow, "duel")
            scenes.choose(flow, "join")
            return True
        return False

    d = Driver(p, monkeypatch, script)
    app.run(p)
    assert supervisor.reloads == 0 and p.store.writes == 0 and d.flows[-1].name == "duel_join"


def _game_until_memory_error(p, monkeypatch, supervisor, shots, twice=False):
    state = {}

    def script(flow):
        if len(d.flows) == 1:
            if flow.name == "title":
                _start_game(flow)
            elif flow.name == "battle" and flow.results >= shots and "moves" not in state:
                state["moves"] = bytes(flow.match.game.moves)
                state["writes"] = p.store.writes

                def boom(now):  # mid-game: the next frame's tick runs out of heap
                    raise MemoryError("memory allocation failed")

                flow.tick = boom
            else:
                _shoot(flow)
            return True
        if twice and len(d.flows) == 2:  # out of heap again before any save
            state["second"] = (flow.name, bytes(flow.match.game.moves))

            def boom(now):
                raise MemoryError("memory allocation failed")

            flow.tick = boom
            return True
        state["resumed"] = (flow.name, bytes(flow.match.game.moves) if flow.match else None)
        return False

    d = Driver(p, monkeypatch, script)
    app.run(p)
    return d, state


def test_a_memory_error_mid_game_reloads_into_the_same_game(circuitpython, supervisor, monkeypatch, capsys):
    nvm = FlashNvm(size=8192, page=4096)
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p = detect()
    d, state = _game_until_memory_error(p, monkeypatch, supervisor, 12)
    assert supervisor.reloads == 1 and len(d.flows) == 2
    assert state["resumed"] == ("battle", state["moves"]) and len(state["moves"]) >= 12
    assert p.store.intent == relaunch.AFTER_ERROR | relaunch.CONTINUE
    assert p.store.writes - state["writes"] == 1  # the intent's flag
    assert "MemoryError" in capsys.readouterr().out
    # the message the screen showed before the reload, in the board's language
    old = d.flows[0]
    assert old.name == "memory" and old.screen.title == strings.say("ru", "err_memory")
    assert old.screen.lines == [strings.say("ru", "err_memory_restart")]
    assert strings.say("uk", "err_memory_restart") != strings.say("ru", "err_memory_restart")
    # the resumed game plays on, and its first save clears the flag
    kind, data = p.keeper.saved()
    assert kind == "local" and bytes(saveload.loads(data)[0].moves) == state["moves"]


def test_a_second_memory_error_before_any_save_stops_on_the_title(circuitpython, supervisor, monkeypatch):
    circuitpython("clue_nrf52840_express", nvm=FlashNvm(size=8192, page=4096))
    p = detect()
    d, state = _game_until_memory_error(p, monkeypatch, supervisor, 6, twice=True)
    assert supervisor.reloads == 2 and len(d.flows) == 3
    assert state["second"] == ("battle", state["moves"])
    assert state["resumed"] == ("title", None) and p.store.intent == relaunch.TITLE | relaunch.AFTER_ERROR
    assert d.flows[-1].keys[0] == "continue"  # the game is still offered, not lost
    assert p.store.writes - state["writes"] == 2  # the flag, then the title's intent
    assert bytes(p.keeper.saved() and saveload.loads(p.keeper.saved()[1])[0].moves) == state["moves"]


def test_a_memory_error_mid_duel_reloads_into_the_same_duel(supervisor):
    """The guest runs out of heap mid-battle: hardware.relaunch keeps the intent and reloads; the
    board built anew from its nvm (doubles.handhelds' Board, as after a reset, with
    run_reason SUPERVISOR_RELOAD) goes straight to reconnecting, with no key pressed, and the duel
    ends with the same shots on both boards, verified."""
    from doubles import handhelds as T
    from hardware import startup

    air, boards = T.start(seed=41)
    assert T.shoot(air, boards, lambda: T.shots(boards) >= 24)
    g = boards[1]
    before = g.flow.match.d.shots()
    writes = g.p.store.writes

    class Screen:
        def update(self, screen):
            return True

    g.p.display = types.SimpleNamespace(refresh=lambda: None)
    g.p.sleep = lambda seconds: None
    with T.bleio.on_board(g.adapter):
        g.flow.match = None  # what hardware.app.run lets go of first
        intent = relaunch.out_of_memory(g.p, Screen(), g.flow)
        assert g.flow.name == "memory" and g.flow.screen.title == strings.say("en", "err_memory")
        relaunch.reload(g.p, intent)
    assert supervisor.reloads == 1 and g.p.store.writes - writes == 1
    boards[1] = g = g.reset(seed=77)  # the new VM: the radio's links gone, built from the nvm
    assert startup.start_intent(g.p.store) == intent == relaunch.AFTER_ERROR
    with T.bleio.on_board(g.adapter):
        relaunch.start(g.flow, intent)
    assert g.flow.name == "duel_reconnect"
    assert T.run(air, boards, lambda: g.flow.name == "battle")
    assert g.flow.match.d.shots() >= before - 1  # the duel's own save: at most the last answer replays
    a, b = T.finish(air, boards)
    assert a.shots() == b.shots() and g.p.store.intent == 0  # the duel's saves cleared the flag


def test_continuing_a_duel_left_in_this_vm_reloads_first_with_no_write(supervisor):
    """The host leaves a duel through the pause menu (its saves: a used VM) and picks «continue
    the duel» on the title: the choice reloads first (the intent 0, "the saved duel", is what the
    duel's saves left: no nvm write), and the new VM goes straight to reconnecting."""
    from doubles import handhelds as T

    air, boards = T.start(seed=29)
    assert T.shoot(air, boards, lambda: T.shots(boards) >= 12)
    h = boards[0]
    assert T.run(air, boards, lambda: h.flow.name == "battle" and h.flow.wait_until < 0)
    h.act(ui.MENU)
    h.choose("quit")
    assert h.flow.name == "title" and h.flow.keys[0] == "duel_continue" and h.p.store.writes > 0
    writes = h.p.store.writes
    h.choose("duel_continue")
    with pytest.raises(relaunch.Relaunch) as asked:
        h.choose("resume_duel")  # (hardware.app.run catches it: relaunch.caught)
    assert asked.value.args[0] == relaunch.CONTINUE and h.p.link is None  # nothing advertised
    relaunch.reload(h.p, asked.value.args[0])
    assert supervisor.reloads == 1 and h.p.store.writes == writes
    boards[0] = h = h.reset(seed=91)
    with T.bleio.on_board(h.adapter):
        relaunch.start(h.flow, relaunch.CONTINUE)
    assert h.flow.name == "duel_reconnect"
    assert T.run(air, boards, lambda: h.flow.name == "battle")
    T.finish(air, boards)


def test_a_memory_error_even_on_the_title_after_two_reloads_is_raised_not_looped(circuitpython, supervisor,
                                                                                 monkeypatch):
    circuitpython("clue_nrf52840_express", nvm=FlashNvm(size=8192, page=4096))
    p = detect()
    p.store.save(intent=relaunch.TITLE | relaunch.AFTER_ERROR)
    writes = p.store.writes

    def script(flow):
        raise MemoryError("memory allocation failed")

    Driver(p, monkeypatch, script)
    with pytest.raises(MemoryError):
        app.run(p)
    assert supervisor.reloads == 0 and p.store.writes == writes


@pytest.mark.parametrize("played", [True, False])
def test_the_hard_level_after_a_game_starts_in_a_fresh_vm(circuitpython, supervisor, monkeypatch, played):
    """The hard level chosen in a VM that has played reloads first (one write: the intent) and
    the new VM goes on to placing the fleet at the hard level; chosen first thing, no reload."""
    circuitpython("clue_nrf52840_express", nvm=FlashNvm(size=8192, page=4096))
    p = detect()
    seen = {}

    def script(flow):
        if len(d.flows) == 1:
            if flow.name == "title" and played and "game" not in seen:
                _start_game(flow)
                seen["game"] = True
            elif flow.name == "battle" and flow.results < 4:
                _shoot(flow)
            elif flow.name == "battle":
                flow.act(ui.MENU)
                scenes.choose(flow, "quit")
            elif flow.name == "title":
                seen["writes"] = p.store.writes
                scenes.choose(flow, "play")
                scenes.choose(flow, "hard")  # played: raises relaunch.Relaunch
            elif flow.name == "place":
                seen["after"] = (flow.name, flow.mode, "seabattle.ai.hard.player" in sys.modules)
                return False
            return True
        seen["after"] = (flow.name, flow.mode, "seabattle.ai.hard.player" in sys.modules)
        return False

    d = Driver(p, monkeypatch, script)
    app.run(p)
    assert seen["after"] == ("place", "ai:hard", True)
    if played:
        assert supervisor.reloads == 1 and len(d.flows) == 2
        assert p.store.writes - seen["writes"] == 1 and p.store.intent == relaunch.LEVEL + 2
    else:
        assert supervisor.reloads == 0 and len(d.flows) == 1 and p.store.writes == 0
