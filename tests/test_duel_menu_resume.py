"""A duel survives a reset: two boards (the real adafruit_ble on the _bleio stand-in, each with a
simulated flash nvm, hardware.boards.common's Keeper and duel adapter) duel through their screen
flows; a reset rebuilds a board from its nvm bytes alone, its title offers the saved duel, the
player picks it, the board reconnects to the same opponent (the host advertises the same lobby
code, the guest looks for it) and the game ends finished and verified on both screens."""

import os
import sys

from hardware.desktop import bleio

bleio.install()

from adafruit_ble import BLERadio  # noqa: E402

from hardware.radio import ble  # noqa: E402
from hardware.radio import duelmake  # noqa: E402
from hardware.radio.lazyduel import LazyDuel  # noqa: E402
from hardware.boards.common import LOCAL, BoardProfile, Keeper  # noqa: E402
from hardware.storeread import open_store  # noqa: E402
from seabattle import strings, ui  # noqa: E402
from seabattle.duel import protocol as D
from doubles import linksim
from seabattle.duel.adapter import DuelAdapter  # noqa: E402
from seabattle.screens.flow import Flow, Settings  # noqa: E402
from doubles.linksim import XorShift  # noqa: E402
from tools import scenes  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "hw"))
from flashsim import FlashNvm, PowerCut  # noqa: E402

LANGS = ("ru", "en")


class Board:
    """One simulated board built from its nvm alone (as after a reset)."""

    def __init__(self, air, side, nvm, seed, radio=True):
        self.air = air
        self.side = side
        self.nvm = nvm
        self.seed = seed
        self.adapter = bleio.Adapter(air, name=("host", "guest")[side])

        def clock():
            return int(air.now * 1000)

        p = BoardProfile.__new__(BoardProfile)  # the profile's duel wiring, no board modules
        p.name = "board"
        p.player = ("Маша", "Петя")[side]
        p.rng = XorShift(seed)
        p.ms = clock
        p.can_host = p.can_join = True
        p.store = open_store(nvm, page=4096)
        p.keeper = Keeper(p.store)
        p.link = None  # made when a duel is chosen (hardware.radio.duelhooks.LazyLinker)
        p.sounds = None
        # the board's radio (its own adapter), or one that does not start (start_link: None)
        p.make_radio = (lambda: BLERadio(self.adapter)) if radio else (lambda: None)
        p.fresh_writes = 0
        p.duel = LazyDuel(p)
        self.p = p
        self.flow = Flow(p.rng, settings=Settings(lang=LANGS[side]), duel=p.duel, on_records=p.keeper.on_records)

    def act(self, action):
        with bleio.on_board(self.adapter):
            self.flow.act(action)

    def choose(self, key):
        with bleio.on_board(self.adapter):
            scenes.choose(self.flow, key)

    def step(self):
        with bleio.on_board(self.adapter):
            if self.p.link is not None:  # as BoardProfile.sleep
                self.p.link.poll()
            self.flow.tick(self.air.now)

    def reset(self, seed=None, radio=True):
        """Power cut: the radio drops its links, RAM is gone; a new board from the same nvm
        (``radio`` False: its radio does not start any more)."""
        self.air.cut(self.adapter)
        self.adapter.stop_advertising()
        self.air.adapters.remove(self.adapter)
        return Board(self.air, self.side, self.nvm, self.seed + 1000 if seed is None else seed, radio)


def _run(air, boards, until, limit=30000):
    for _ in range(limit):
        if until():
            return True
        air.advance(0.01)
        for b in boards:
            b.step()
    return until()


def _start(seed=5):
    air = bleio.Air()
    host = Board(air, 0, FlashNvm(8192, 4096), seed)
    guest = Board(air, 1, FlashNvm(8192, 4096), seed + 1)
    host.choose("duel")
    host.choose("host")
    guest.choose("duel")
    guest.choose("join")
    assert _run(air, (host, guest), lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert _run(air, (host, guest), lambda: host.flow.name == "place" and guest.flow.name == "place")
    for b in (host, guest):
        b.act(ui.SWITCH)  # auto-place
        b.act(ui.FIRE)
    assert _run(air, (host, guest), lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    for b in (host, guest):
        b.act(ui.FIRE)
    return air, [host, guest]


def _shoot(air, boards, until):
    """Both players fire at their first free cell whenever it is their turn, until ``until()``."""
    for _ in range(200000):
        if until():
            return True
        for b in boards:
            f = b.flow
            if f.name == "duel_code":  # a board reset before the toss: the code shows again
                b.act(ui.FIRE)
            if f.name == "battle" and f.match.my_turn() and f.wait_until < 0:
                target = [sq for sq in range(100) if f.match.view.can_fire(sq)][0]
                with bleio.on_board(b.adapter):
                    scenes.goto(f, target, f.aim)
                    f.act(ui.FIRE)
        _run(air, boards, lambda: False, limit=1)
        assert air.now < 7200
    return until()


def _resume(board):
    """The title offers the saved duel first; pick it, then «reconnect»."""
    f = board.flow
    assert f.name == "title" and f.keys[0] == "duel_continue", f.keys
    assert f.screen.items[0] == strings.say(LANGS[board.side], "menu_duel_continue")
    board.choose("duel_continue")
    assert f.name == "duel_saved" and f.keys == ["resume_duel", "abandon_duel", "back"]
    board.act(ui.FIRE)
    assert f.name == "duel_reconnect"


def _finish(air, boards):
    host, guest = boards
    assert _shoot(air, boards, lambda: host.flow.name == "end" and guest.flow.name == "end")
    assert _run(air, boards, lambda: host.flow.match.findings is not None and guest.flow.match.findings is not None)
    for b in boards:
        assert b.flow.screen.lines[0] == strings.say(LANGS[b.side], "verified"), b.flow.screen.lines
    a, b = host.flow.match.d, guest.flow.match.d
    assert a.won != b.won and a.verdict == [] and b.verdict == []
    assert a.shots() == b.shots() and a.sid == b.sid
    assert air.dropped == 0
    return a, b


def _shots(boards):
    return boards[0].flow.match.d.shots()


def test_the_guest_resets_mid_battle_and_resumes_from_the_title():
    air, boards = _start()
    assert _shoot(air, boards, lambda: _shots(boards) >= 30)
    boards[1] = boards[1].reset()
    g = boards[1]
    assert duelmake.saved_duel(g.p.keeper) is not None
    _resume(g)
    assert _run(air, boards, lambda: g.flow.name == "battle")
    assert g.flow.match.d.sid == boards[0].flow.match.d.sid
    a, b = _finish(air, boards)
    # the end screen's score counts the shots from before the reset too
    fired = sum(1 for k in range(b.shots()) if b._entry(k)[0])
    assert g.flow.match.stats(0).shots == fired
    print("nvm writes: host %d for the whole duel, guest %d after its reset; %d shots"
          % (boards[0].p.store.writes, g.p.store.writes, a.shots()))


def test_leaving_a_duel_from_the_pause_menu_offers_it_on_the_title():
    air, boards = _start(seed=29)
    assert _shoot(air, boards, lambda: _shots(boards) >= 12)
    h = boards[0]
    assert _run(air, boards, lambda: h.flow.name == "battle" and h.flow.wait_until < 0)
    h.act(ui.MENU)
    h.choose("quit")
    assert h.flow.name == "title" and h.flow.keys[0] == "duel_continue"
    _resume(h)
    assert _run(air, boards, lambda: h.flow.name == "battle")
    _finish(air, boards)


def test_the_host_resets_and_the_guest_finds_it_again():
    air, boards = _start(seed=8)
    code = boards[0].p.link.code
    assert _shoot(air, boards, lambda: _shots(boards) >= 25)
    boards[0] = boards[0].reset()
    h = boards[0]
    _resume(h)
    assert h.p.link.code == code  # the same lobby code: the guest is looking for it
    assert _run(air, boards, lambda: h.flow.name == "battle" and boards[1].flow.name == "battle")
    _finish(air, boards)


def test_both_boards_reset_and_both_resume():
    air, boards = _start(seed=11)
    assert _shoot(air, boards, lambda: _shots(boards) >= 40)
    boards = [b.reset() for b in boards]
    for b in boards:
        _resume(b)
    assert _run(air, boards, lambda: all(b.flow.name == "battle" for b in boards))
    _finish(air, boards)


def test_a_resumed_duel_is_loaded_once_the_opponent_is_connected():
    """The saved Duel is loaded when frames can flow, not while the lobby advertises: on a board
    the lobby holds adafruit_ble and hardware.radio.blefind, and the Duel on top of them made a resumed
    duel's peak (135 KB on the 32-bit VM, its battle ~117: tools.ramreport's resumed duel)."""
    air, boards = _start(seed=12)
    assert _shoot(air, boards, lambda: _shots(boards) >= 30)
    boards = [b.reset() for b in boards]
    h, g = boards
    _resume(h)
    assert _run(air, boards, lambda: air.now > 30, limit=5000)  # the guest not back yet
    assert h.flow.name == "duel_reconnect" and h.p.duel.real.duel is None
    assert h.adapter.advertising  # the same lobby, waiting
    _resume(g)
    assert _run(air, boards, lambda: all(b.flow.name == "battle" for b in boards))
    assert h.p.duel.real.duel is not None and h.p.duel.real.saved is None
    _finish(air, boards)


def test_a_resumed_duel_whose_opponent_never_comes_back_ends_with_the_opponent_gone():
    """Only one board resumes after both were reset: after the silence a duel allows
    (seabattle.duel.lobby.RESUME_WAIT, the Duel's GONE_MS) it stops advertising, loads the duel,
    which ends with the opponent gone (a win, as when the opponent vanishes mid-battle), and the
    title no longer offers it."""
    from seabattle.duel import lobby

    air, boards = _start(seed=14)
    assert _shoot(air, boards, lambda: _shots(boards) >= 20)
    h, g = [b.reset() for b in boards]
    _resume(h)
    start = air.now
    assert _run(air, [h], lambda: h.flow.name != "duel_reconnect", limit=20000)
    assert air.now - start >= lobby.RESUME_WAIT
    assert h.flow.name == "duel_gone", h.flow.name
    d = h.p.duel.real.duel
    assert d.phase == D.DONE and d.won is True and d.reason == "gone"
    assert not h.adapter.advertising  # the lobby was closed
    assert h.p.link is None  # and the radio let go before the Duel was loaded (LazyLinker.release)
    h.act(ui.FIRE)  # back to the title
    assert h.flow.name == "title" and "duel_continue" not in h.flow.keys


def test_a_reset_at_save_boundaries_of_either_board():
    """Reset a board right after its k-th nvm write (every few), pick the title row, finish."""
    points = 0
    for side in (1, 0):
        for k in range(4 + side, 70, 5):
            air, boards = _start(seed=13)
            b = boards[side]
            _shoot(air, boards, lambda: b.p.store.writes >= k or boards[0].flow.name == "end")
            if boards[0].flow.name == "end" or boards[1].flow.name == "end":
                break
            boards[side] = b.reset()
            _resume(boards[side])
            _finish(air, boards)
            points += 1
    assert points >= 16
    print("reset a board after %d different nvm writes" % points)


def test_a_reset_during_setup_after_the_fleet_is_kept():
    """The guest resets once its fleet and commitments are kept (its first write), before the
    toss: it comes back to the waiting screen, the toss completes, the code shows, the duel ends."""
    air = bleio.Air()
    host = Board(air, 0, FlashNvm(8192, 4096), 21)
    guest = Board(air, 1, FlashNvm(8192, 4096), 22)
    host.choose("duel")
    host.choose("host")
    guest.choose("duel")
    guest.choose("join")
    assert _run(air, (host, guest), lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert _run(air, (host, guest), lambda: host.flow.name == "place" and guest.flow.name == "place")
    guest.act(ui.SWITCH)
    guest.act(ui.FIRE)
    assert _run(air, (host, guest), lambda: guest.p.store.writes >= 1)
    assert guest.flow.match.d.phase == D.SETUP
    guest = guest.reset()
    _resume(guest)
    host.act(ui.SWITCH)
    host.act(ui.FIRE)
    boards = [host, guest]
    assert _run(air, boards, lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    assert host.flow.screen.lines[0] == guest.flow.screen.lines[0]  # the same match code
    _finish(air, boards)


def test_a_power_cut_in_the_middle_of_an_nvm_write():
    """The guest loses power while its flash page is being programmed (the two-slot store keeps
    the record before): the dependent message never left, the duel resumes from the title."""
    air, boards = _start(seed=23)
    g = boards[1]
    assert _shoot(air, boards, lambda: g.p.store.writes >= 12)
    g.nvm.cut_after = 1500  # the next write: erased, then cut 1500 bytes into programming
    try:
        _shoot(air, boards, lambda: False)
        raise AssertionError("no power cut")
    except PowerCut:
        pass
    g.nvm.cut_after = None
    boards[1] = g.reset()
    assert boards[1].p.store.writes == 0 and duelmake.saved_duel(boards[1].p.keeper) is not None
    _resume(boards[1])
    _finish(air, boards)


def test_a_stale_saved_duel_is_abandoned_from_the_menu():
    air, boards = _start(seed=17)
    assert _shoot(air, boards, lambda: _shots(boards) >= 10)
    stats_before = boards[1].p.store.stats
    g = boards[1].reset()
    g.choose("duel_continue")
    g.choose("abandon_duel")
    assert g.flow.name == "title" and "duel_continue" not in g.flow.keys
    assert duelmake.saved_duel(g.p.keeper) is None and g.p.store.stats == stats_before
    again = g.reset()  # and it stays forgotten after another reset
    assert "duel_continue" not in again.flow.keys


def test_the_title_offers_a_saved_duel_without_holding_the_duel_adapter():
    """A board holds hardware.radio.lazyduel.LazyDuel: the title after a reset reads the saved
    duel's offer and lets the adapter go; choosing it makes the adapter again from the nvm. A
    game against the computer saved over the duel (the nvm keeps one game) takes the offer away."""
    air, boards = _start(seed=31)
    assert _shoot(air, boards, lambda: _shots(boards) >= 10)
    g = boards[1].reset()
    assert g.flow.keys[0] == "duel_continue" and g.p.duel.real is None and g.p.duel.offer[1] == 1
    g.flow.go_title()
    assert g.flow.keys[0] == "duel_continue" and g.p.duel.real is None
    g.choose("duel_continue")
    assert g.p.duel.real is None  # the saved duel's menu: still the offer read on the title
    g.act(ui.FIRE)  # reconnect: the adapter, made now, with the duel from the nvm
    assert g.flow.name == "duel_reconnect" and g.p.duel.real is not None and g.p.duel.active
    g.act(ui.BACK)
    assert g.flow.name == "title" and g.flow.keys[0] == "duel_continue" and g.p.duel.real is None
    g.p.store.save(game=LOCAL + b"a game against the computer")  # as Keeper.checkpoint writes one
    g.flow.go_title()
    assert "duel_continue" not in g.flow.keys and g.p.duel.real is None


def _no_radio_shown(board):
    f = board.flow
    assert f.name == "duel_gone", f.name
    assert f.screen.lines == [strings.say(LANGS[board.side], "no_radio")], f.screen.lines
    board.act(ui.FIRE)  # back to the title
    assert f.name == "title"


def _play_the_computer(board, shots=6):
    """A game against the computer from the title: the fleet placed at random, ``shots`` shots."""
    f = board.flow
    board.choose("play")
    board.act(ui.FIRE)  # the level selected
    board.act(ui.SWITCH)  # auto-place
    board.act(ui.FIRE)
    while f.name == "making":
        f.tick(f.now)
    assert f.name == "battle"
    before = f.results
    for _ in range(400):
        if f.results - before >= shots:
            break
        if f.match.my_turn() and f.wait_until < 0:
            target = [sq for sq in range(100) if f.match.view.can_fire(sq)][0]
            with bleio.on_board(board.adapter):
                scenes.goto(f, target, f.aim)
                f.act(ui.FIRE)
        f.tick(f.now + 1.0)
    assert f.results - before >= shots and f.name == "battle"


def test_a_board_whose_radio_does_not_start_says_so_and_plays_on():
    """The radio does not start (hardware.radio.linkup.start_link gives None: no adafruit_ble,
    BLERadio() failing, an AirLift not answering): resuming the saved duel, hosting and joining
    each say "no radio" and lead back to the title, which still offers the saved duel; a game
    against the computer goes on as usual."""
    air, boards = _start(seed=37)
    assert _shoot(air, boards, lambda: _shots(boards) >= 10)
    g = boards[1].reset(radio=False)
    assert g.flow.keys[0] == "duel_continue"
    g.choose("duel_continue")
    g.choose("resume_duel")
    _no_radio_shown(g)
    assert g.flow.keys[0] == "duel_continue" and duelmake.saved_duel(g.p.keeper) is not None
    tried = []
    g.p.make_radio = lambda: tried.append(1)  # (None) tried once: not again at every press
    for key in ("host", "join"):
        g.choose("duel")
        g.choose(key)
        _no_radio_shown(g)
        assert g.p.link is None and not g.p.duel.active and g.p.duel.real is None
    assert g.flow.keys[0] == "duel_continue"
    assert tried == []
    _play_the_computer(g)
    assert not g.flow.match.duel and g.flow.mode.startswith("ai:") and g.p.link is None


def test_after_a_duel_the_title_lets_the_link_go_and_the_next_duel_makes_it_again():
    """A finished duel's end screen, then the title: no duel is going on, so the board's link
    is closed and let go (hardware.radio.linkup.drop) and a game against the computer holds
    none of it; the next duel makes the link again, the host with the same UART service (a
    board cannot remove one: adding another would leave the joiner writing to the old one)."""
    air, boards = _start(seed=43)
    _finish(air, boards)
    host, guest = boards
    services = len(host.adapter._services)
    for b in boards:
        b.act(ui.MENU)  # the end screen's menu: the title
        assert b.flow.name == "title" and b.p.link is None and b.p.duel.real is None
        assert not host.adapter.connected
    kept = host.p.ble_local
    assert kept is not None
    _play_the_computer(host)
    assert host.p.link is None and host.p.duel.real is None
    host.flow.go_title()
    host.choose("duel")
    host.choose("host")
    guest.choose("duel")
    guest.choose("join")
    assert _run(air, boards, lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert _run(air, boards, lambda: host.flow.name == "place" and guest.flow.name == "place")
    assert host.p.link._local is kept and len(host.adapter._services) == services
    for b in boards:
        b.act(ui.SWITCH)
        b.act(ui.FIRE)
    assert _run(air, boards, lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    assert host.flow.screen.lines[0] == guest.flow.screen.lines[0]


def test_a_finished_duel_is_not_offered():
    air, boards = _start(seed=19)
    a, b = _finish(air, boards)
    for d, board in zip((a, b), boards):
        own = sum(1 for k in range(d.shots()) if d._entry(k)[0])
        print("nvm writes of a whole duel: %s %d (%d own shots of %d), statistics included"
              % (("host", "guest")[board.side], board.p.store.writes, own, d.shots()))
        assert board.p.store.writes <= own + 10
    for b in boards:
        assert "duel_continue" not in b.reset().flow.keys


def test_another_device_with_the_same_lobby_code_is_not_taken_for_the_opponent():
    """A resumed duel (the toss done) meets a fresh device: it is refused, nothing synced."""
    clock = linksim.Clock()
    m = linksim.LinkSim(clock, seed=3)
    from doubles import duelsim

    game = duelsim.Match(3, save=True)
    while game.duels[0].shots() < 6:
        game.step()
    host = D.Duel.load(game.saved[0], m.ends[0], clock, XorShift(1))
    stranger = D.Duel(m.ends[1], clock, XorShift(2), D.GUEST, "чужой", host.rules)
    seen = []
    for _ in range(300):
        seen += [e for e in host.poll() if e[0] == "refused"]
        stranger.poll()
        clock.tick(10)
    # the session id keeps it out (its frames carry none), or the SYNC check does
    assert any(e[1].kind == "no_game" for e in seen) or host.channel_stats[5] > 0
    assert not host._synced and host.phase == D.PLAY and not stranger.hello_in


def test_a_device_that_never_had_the_duel_is_refused_by_its_sync():
    clock = linksim.Clock()
    m = linksim.LinkSim(clock, seed=4)
    from doubles import duelsim

    game = duelsim.Match(4, save=True)
    while game.duels[0].shots() < 6:
        game.step()
    host = D.Duel.load(game.saved[0], m.ends[0], clock, XorShift(1))
    host.peer_knows_sid = False  # as if the toss were just done: session-0 frames still pass
    stranger = D.Duel(m.ends[1], clock, XorShift(2), D.GUEST, "чужой", host.rules)
    seen = []
    for _ in range(300):
        seen += [e for e in host.poll() if e[0] == "refused"]
        stranger.poll()
        clock.tick(10)
    assert any(e[1].kind == "no_game" for e in seen), seen
    assert not host._synced and host.phase == D.PLAY and not stranger.hello_in


def test_the_adapter_offers_only_an_unfinished_committed_duel():
    assert DuelAdapter(None, None).resumable() is None
    assert DuelAdapter(None, None, saved=("ABCD", b"junk"), load_duel=lambda d, l: None).resumable() is None
