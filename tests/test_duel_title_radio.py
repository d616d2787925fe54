"""The duel as a board's title sees it (two simulated boards, doubles.handhelds): a radio that
does not start, the link let go after a duel and made again for the next, what is offered to
continue, and devices that are not the opponent."""

from doubles.handhelds import LANGS, finish, run, shoot, shots, start  # (first: it installs the _bleio stand-in)
from doubles import linksim
from doubles.linksim import XorShift
from hardware.desktop import bleio
from hardware.radio import duelmake
from seabattle import strings, ui
from seabattle.duel import protocol as D
from seabattle.duel.adapter import DuelAdapter
from tools import scenes


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
        f.tick(f.now + 1000)
    assert f.results - before >= shots and f.name == "battle"


def test_a_board_whose_radio_does_not_start_says_so_and_plays_on():
    """The radio does not start (hardware.radio.linkup.start_link gives None: no adafruit_ble,
    BLERadio() failing, an AirLift not answering): resuming the saved duel, hosting and joining
    each say "no radio" and lead back to the title, which still offers the saved duel; a game
    against the computer goes on as usual."""
    air, boards = start(seed=37)
    assert shoot(air, boards, lambda: shots(boards) >= 10)
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
    air, boards = start(seed=43)
    finish(air, boards)
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
    assert run(air, boards, lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert run(air, boards, lambda: host.flow.name == "place" and guest.flow.name == "place")
    assert host.p.link._local is kept and len(host.adapter._services) == services
    for b in boards:
        b.act(ui.SWITCH)
        b.act(ui.FIRE)
    assert run(air, boards, lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    assert host.flow.screen.lines[0] == guest.flow.screen.lines[0]


def test_a_finished_duel_is_not_offered():
    air, boards = start(seed=19)
    a, b = finish(air, boards)
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
