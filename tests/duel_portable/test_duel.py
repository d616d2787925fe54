"""The duel conversation, end to end over the simulated link (also run on MicroPython)."""

from check import raises

from seabattle.duel import protocol as D
from doubles import duelsim
from doubles import linksim


def _kinds(events):
    out = []
    for e in events:
        if e[0] == "verdict":
            out.extend([x.kind for x in e[1]])
        elif e[0] in ("error", "refused") and not (len(e) > 2 and e[2]):
            out.append(e[1].kind)
    return out


def test_a_clean_game_ends_verified_with_both_sides_agreeing():
    m = duelsim.Match(3)
    assert m.run()
    assert m.agree() is None, m.agree()
    a, b = m.duels
    assert a.code == b.code and len(a.code) == 4 and a.sid == b.sid != 0
    assert a.turn_mine != b.turn_mine or a.phase == D.DONE
    assert [e[0] for e in m.events[0] if e[0] in ("hello", "code", "over", "verdict")] == \
        ["hello", "code", "over", "verdict"]


def test_lossy_link_with_disconnects_still_agrees():
    m = duelsim.Match(5, loss=0.1, dup=0.05, delay=(5, 90), drop=0.002)
    assert m.run()
    assert m.agree() is None, m.agree()


def test_reboot_from_the_last_save_continues_the_same_game():
    ref = duelsim.Match(7)
    ref.run()
    for side, at in ((0, 200), (1, 900)):
        m = duelsim.Match(7, save=True)
        for _ in range(at):
            m.step()
        m.reboot(side)
        assert m.run()
        assert m.agree() is None, m.agree()
        assert m.duels[0].log == ref.duels[0].log


def test_save_round_trip_and_damaged_saves_are_refused():
    m = duelsim.Match(9, save=True)
    for _ in range(700):
        m.step()
    data = m.saved[1]
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock)
    d = D.Duel.load(data, sim.ends[1], clock, linksim.XorShift(1))
    assert d.save() == data
    bad = bytearray(data)
    bad[20] ^= 1
    raises(D.DuelError, D.Duel.load, bytes(bad), sim.ends[1], clock, linksim.XorShift(1))
    raises(D.DuelError, D.Duel.load, b"nonsense", sim.ends[1], clock, linksim.XorShift(1))


def test_local_moves_out_of_turn_are_refused_without_change():
    m = duelsim.Match(11)
    while m.duels[0].phase == D.SETUP or m.duels[1].phase == D.SETUP:
        m.step()
    idle = m.duels[0] if not m.duels[0].my_turn() else m.duels[1]
    before = idle.save()
    raises(D.DuelError, idle.fire, 0)
    assert idle.save() == before


def test_a_liar_is_caught_at_once_with_the_cell_named():
    m = duelsim.Match(2, cheat="lie_miss")
    m.run()
    kinds = _kinds(m.events[0])
    assert "lie_miss" in kinds, kinds
    ev = [e[1] for e in m.events[0] if e[0] == "error"][0]
    assert "where a ship stood" in ev.text()
    assert m.duels[0].won is True and m.duels[0].reason == "cheat"


def test_touching_ships_are_caught():
    m = duelsim.Match(1, cheat="touching")
    m.run()
    kinds = _kinds(m.events[0])
    assert "halo_ship" in kinds or "fleet" in kinds, kinds


def test_my_commitments_are_not_held_once_all_are_queued():
    """1.6 KB on a classic board: dropped once every CMT is with the channel (before the toss),
    computed again (the same bytes) for a peer that reconnects without them."""
    m = duelsim.Match(11)
    seen = 0
    while m.duels[0].phase == D.SETUP or m.duels[1].phase == D.SETUP:
        m.step()
        for d in m.duels:
            if d.phase == D.SETUP and d._peer is not None and d._peer[2] == d.chunks():
                assert d._cmt is None
                seen += 1
    assert seen
    assert m.run() and m.agree() is None


def test_no_channel_is_held_while_the_link_is_down():
    """A duel whose link is down holds no channel: not the object (its buffers and queues), and
    on a board's VM not seabattle.duel.channel nor seabattle.duel.frame (~5 KB of heap while the boards
    find each other again). The link up again, a new channel counts on in the same counters
    (bytes out, resent, foreign...), and the game goes on to the same end."""
    import sys

    board_vm = sys.implementation.name != "cpython"  # modules are dropped there only
    m = duelsim.Match(13)
    assert m.duels[0].channel is None  # none before the first connection either
    while m.duels[0].shots() < 10:
        m.step()
    counters = [d.channel_stats for d in m.duels]
    sent = [c[1] for c in counters]
    assert sent[0] > 0 and sent[1] > 0 and m.duels[0].channel.stats is counters[0]
    m.sim.disconnect(2000)
    down = 0
    while not m.sim.up:
        m.step()
        if not m.sim.up:
            down += 1
            for d in m.duels:
                assert not d._up and d.channel is None
            if board_vm:
                assert "seabattle.duel.channel" not in sys.modules and "seabattle.duel.frame" not in sys.modules
    assert down > 100
    for _ in range(5):
        m.step()
    for side in (0, 1):
        d = m.duels[side]
        assert d._up and d.channel is not None and d.channel.stats is counters[side]
        assert d.channel_stats[1] > sent[side]  # counting on: the SYNC went out on the new one
    if board_vm:
        assert "seabattle.duel.channel" in sys.modules and "seabattle.duel.frame" in sys.modules
    assert m.run() and m.agree() is None, m.agree()
    ref = duelsim.Match(13)
    assert ref.run() and ref.duels[0].log == m.duels[0].log  # the shots depend on seed and number only


def test_a_duel_waiting_for_its_first_connection_holds_no_channel():
    """A host's duel is made when it starts advertising (hardware.radio.blelinker.BleLinker.host): until the
    peer connects it holds no channel, nor on a board's VM seabattle.duel.channel and frame; the
    first connection makes one."""
    import sys

    from seabattle.compat import forget
    from seabattle.rules import CLASSIC

    board_vm = sys.implementation.name != "cpython"
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock, seed=5)
    sim.disconnect(1000)  # nobody has connected yet
    forget("seabattle.duel.channel")  # earlier tests' duels loaded them
    forget("seabattle.duel.frame")
    host = D.Duel(sim.ends[0], clock, linksim.XorShift(1), D.HOST, "Маша", CLASSIC)
    for _ in range(50):
        assert host.poll() == [] and host.channel is None
        if board_vm:
            assert "seabattle.duel.channel" not in sys.modules and "seabattle.duel.frame" not in sys.modules
        clock.tick(10)
    clock.tick(1000)
    assert ("connected",) in host.poll() and host.channel is not None
    assert host.channel_stats[1] > 0  # the SYNC went out
    if board_vm:
        assert "seabattle.duel.channel" in sys.modules and "seabattle.duel.frame" in sys.modules


def test_a_players_name_goes_on_the_wire_whole_letters_within_its_bytes():
    # 12 bytes: a Cyrillic letter is two, so a long Russian name is cut between letters, never
    # inside one (the peer decodes it as UTF-8)
    from seabattle.duel import wire

    assert wire.name_bytes("Капитан Немо").decode("utf-8") == "Капита"
    assert wire.name_bytes("Ann") == b"Ann"
    assert wire.name_bytes("Ёжик в тумане").decode("utf-8") == "Ёжик в "  # 8 + 1 + 2 + 1 bytes
    assert wire.name_bytes("") == b""
