"""A duel survives a reset: two boards (the real adafruit_ble on the _bleio stand-in, each with a
simulated flash nvm, hardware.boards.common's Keeper and duel adapter) duel through their screen
flows; a reset rebuilds a board from its nvm bytes alone, its title offers the saved duel, the
player picks it, the board reconnects to the same opponent (the host advertises the same lobby
code, the guest looks for it) and the game ends finished and verified on both screens."""

from doubles.handhelds import Board, finish, resume, run, shoot, shots, start  # (first: it installs the _bleio stand-in)
from flashsim import FlashNvm, PowerCut  # (tests/hw: on the path by pytest.ini)
from hardware.boards.common import LOCAL
from hardware.desktop import bleio
from hardware.radio import duelmake
from seabattle import ui
from seabattle.duel import protocol as D


def test_the_guest_resets_mid_battle_and_resumes_from_the_title():
    air, boards = start()
    assert shoot(air, boards, lambda: shots(boards) >= 30)
    boards[1] = boards[1].reset()
    g = boards[1]
    assert duelmake.saved_duel(g.p.keeper) is not None
    resume(g)
    assert run(air, boards, lambda: g.flow.name == "battle")
    assert g.flow.match.d.sid == boards[0].flow.match.d.sid
    a, b = finish(air, boards)
    # the end screen's score counts the shots from before the reset too
    fired = sum(1 for k in range(b.shots()) if b._entry(k)[0])
    assert g.flow.match.stats(0).shots == fired
    print("nvm writes: host %d for the whole duel, guest %d after its reset; %d shots"
          % (boards[0].p.store.writes, g.p.store.writes, a.shots()))


def test_leaving_a_duel_from_the_pause_menu_offers_it_on_the_title():
    air, boards = start(seed=29)
    assert shoot(air, boards, lambda: shots(boards) >= 12)
    h = boards[0]
    assert run(air, boards, lambda: h.flow.name == "battle" and h.flow.wait_until < 0)
    h.act(ui.MENU)
    h.choose("quit")
    assert h.flow.name == "title" and h.flow.keys[0] == "duel_continue"
    resume(h)
    assert run(air, boards, lambda: h.flow.name == "battle")
    finish(air, boards)


def test_the_host_resets_and_the_guest_finds_it_again():
    air, boards = start(seed=8)
    code = boards[0].p.link.code
    assert shoot(air, boards, lambda: shots(boards) >= 25)
    boards[0] = boards[0].reset()
    h = boards[0]
    resume(h)
    assert h.p.link.code == code  # the same lobby code: the guest is looking for it
    assert run(air, boards, lambda: h.flow.name == "battle" and boards[1].flow.name == "battle")
    finish(air, boards)


def test_both_boards_reset_and_both_resume():
    air, boards = start(seed=11)
    assert shoot(air, boards, lambda: shots(boards) >= 40)
    boards = [b.reset() for b in boards]
    for b in boards:
        resume(b)
    assert run(air, boards, lambda: all(b.flow.name == "battle" for b in boards))
    finish(air, boards)


def test_a_resumed_duel_is_loaded_once_the_opponent_is_connected():
    """The saved Duel is loaded when frames can flow, not while the lobby advertises: on a board
    the lobby holds adafruit_ble and hardware.radio.blefind, and the Duel on top of them made a resumed
    duel's peak (135 KB on the 32-bit VM, its battle ~117: tools.ramreport's resumed duel)."""
    air, boards = start(seed=12)
    assert shoot(air, boards, lambda: shots(boards) >= 30)
    boards = [b.reset() for b in boards]
    h, g = boards
    resume(h)
    assert run(air, boards, lambda: air.now > 30, limit=5000)  # the guest not back yet
    assert h.flow.name == "duel_reconnect" and h.p.duel.real.duel is None
    assert h.adapter.advertising  # the same lobby, waiting
    resume(g)
    assert run(air, boards, lambda: all(b.flow.name == "battle" for b in boards))
    assert h.p.duel.real.duel is not None and h.p.duel.real.saved is None
    finish(air, boards)


def test_a_resumed_duel_whose_opponent_never_comes_back_ends_with_the_opponent_gone():
    """Only one board resumes after both were reset: after the silence a duel allows
    (seabattle.duel.lobby.RESUME_WAIT, the Duel's GONE_MS) it stops advertising, loads the duel,
    which ends with the opponent gone (a win, as when the opponent vanishes mid-battle), and the
    title no longer offers it."""
    from seabattle.duel import lobby

    air, boards = start(seed=14)
    assert shoot(air, boards, lambda: shots(boards) >= 20)
    h, g = [b.reset() for b in boards]
    resume(h)
    began = air.now
    assert run(air, [h], lambda: h.flow.name != "duel_reconnect", limit=20000)
    assert (air.now - began) * 1000 >= lobby.RESUME_WAIT
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
            air, boards = start(seed=13)
            b = boards[side]
            shoot(air, boards, lambda: b.p.store.writes >= k or boards[0].flow.name == "end")
            if boards[0].flow.name == "end" or boards[1].flow.name == "end":
                break
            boards[side] = b.reset()
            resume(boards[side])
            finish(air, boards)
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
    assert run(air, (host, guest), lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert run(air, (host, guest), lambda: host.flow.name == "place" and guest.flow.name == "place")
    guest.act(ui.SWITCH)
    guest.act(ui.FIRE)
    assert run(air, (host, guest), lambda: guest.p.store.writes >= 1)
    assert guest.flow.match.d.phase == D.SETUP
    guest = guest.reset()
    resume(guest)
    host.act(ui.SWITCH)
    host.act(ui.FIRE)
    boards = [host, guest]
    assert run(air, boards, lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    assert host.flow.screen.lines[0] == guest.flow.screen.lines[0]  # the same match code
    finish(air, boards)


def test_a_power_cut_in_the_middle_of_an_nvm_write():
    """The guest loses power while its flash page is being programmed (the two-slot store keeps
    the record before): the dependent message never left, the duel resumes from the title."""
    air, boards = start(seed=23)
    g = boards[1]
    assert shoot(air, boards, lambda: g.p.store.writes >= 12)
    g.nvm.cut_after = 1500  # the next write: erased, then cut 1500 bytes into programming
    try:
        shoot(air, boards, lambda: False)
        raise AssertionError("no power cut")
    except PowerCut:
        pass
    g.nvm.cut_after = None
    boards[1] = g.reset()
    assert boards[1].p.store.writes == 0 and duelmake.saved_duel(boards[1].p.keeper) is not None
    resume(boards[1])
    finish(air, boards)


def test_a_stale_saved_duel_is_abandoned_from_the_menu():
    air, boards = start(seed=17)
    assert shoot(air, boards, lambda: shots(boards) >= 10)
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
    air, boards = start(seed=31)
    assert shoot(air, boards, lambda: shots(boards) >= 10)
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
