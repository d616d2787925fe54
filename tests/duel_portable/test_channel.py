"""The reliable channel over the simulated link: exactly once, in order, within the window."""

from check import raises

from seabattle.duel import channel
from seabattle.duel import frame
from doubles import linksim


def _pair(**link):
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock, **link)
    a = channel.Channel(sim.ends[0], clock)
    b = channel.Channel(sim.ends[1], clock)
    return clock, sim, a, b


def _message(i, size):
    m = bytearray(size)
    m[0] = 1 + i % 250
    if size > 2:
        m[1] = i >> 8
        m[2] = i & 0xFF
    return bytes(m)


def _pump(clock, sim, a, b, n, size, limit=2000000, step=5):
    """a sends n messages of ``size`` bytes to b, which must deliver each once, in order.

    Returns the ms it took. Messages are made and checked on the fly (small heap)."""
    got = []
    spare = []
    sent = 0
    done = 0
    start = clock()
    while (sent < n or not a.idle()) and clock() - start < limit:
        while sent < n and a.room() > 0:
            a.send(_message(sent, size))
            sent += 1
        a.flush()
        b.poll(got)
        for m in got:
            assert m == _message(done, size), (done, m)
            done += 1
        del got[:]
        b.flush()
        a.poll(spare)
        clock.tick(step)
    assert not spare
    assert done == n, (done, n)
    return clock() - start


def test_clean_link_delivers_in_order_and_never_overflows_the_receiver():
    clock, sim, a, b = _pair(seed=3)
    _pump(clock, sim, a, b, 300, 40)
    assert sim.stats[linksim.OVERFLOW] == 0 and sim.stats[linksim.LOST] == 0
    assert a.stats[channel.RESENT] == 0, a.stats


def test_loss_duplicates_delay_and_corruption_still_deliver_exactly_once_in_order():
    for seed in range(1, 9):
        clock, sim, a, b = _pair(seed=seed, loss=0.2, dup=0.1, corrupt=0.05, delay=(5, 120))
        _pump(clock, sim, a, b, 80, 1 + seed * 4)
        assert sim.stats[linksim.LOST] > 0 and sim.stats[linksim.DUPLICATED] > 0


def test_window_limits_bytes_in_flight():
    clock, sim, a, b = _pair(seed=5, delay=(100, 100))
    for i in range(6):
        a.send(_message(i, 20))
    a.flush()
    assert a._inflight <= channel.WINDOW
    assert sim.stats[linksim.BYTES] <= channel.WINDOW
    raises(channel.ChannelFull, _fill, a)


def _fill(ch):
    while True:
        ch.send(b"x")


def test_nothing_is_resent_before_the_timeout():
    clock, sim, a, b = _pair(seed=1, delay=(10, 10))
    a.send(b"hello")
    a.flush()
    sent = a.stats[channel.FRAMES_OUT]
    clock.tick(channel.RTO - 1)
    a.flush()
    assert a.stats[channel.FRAMES_OUT] == sent
    clock.tick(1)
    a.flush()
    assert a.stats[channel.RESENT] == 1


def test_duplicate_frames_are_acknowledged_again_but_not_delivered():
    clock, sim, a, b = _pair(seed=1, delay=(1, 1), partial=False)
    data = frame.encode(0, 0, 255, b"once")
    got = []
    for _ in range(3):
        sim.inject(1, data)
        b.poll(got)
    assert got == [b"once"]
    assert b.stats[channel.DUPLICATES] == 2
    b.flush()
    clock.tick(2)
    a.poll([])
    assert a.decoder.stats[frame.GOOD] == 1  # the acknowledgement arrived


def test_foreign_sessions_and_stale_session_zero_are_refused():
    clock, sim, a, b = _pair(seed=1, partial=False)
    b.accept = 0x4242
    got = []
    sim.inject(1, frame.encode(0x1111, 0, 255, b"intruder"))
    b.poll(got)
    assert got == [] and b.stats[channel.FOREIGN] == 1
    b.strict = True
    sim.inject(1, frame.encode(0, 0, 255, b"old setup"))
    b.poll(got)
    assert got == [] and b.stats[channel.STALE] == 1
    sim.inject(1, frame.encode(0x4242, 0, 255, b"ours"))
    b.poll(got)
    assert got == [b"ours"] and b.heard_session


def test_the_link_simulator_is_deterministic():
    runs = []
    for _ in range(2):
        clock, sim, a, b = _pair(seed=11, loss=0.1, dup=0.1, delay=(5, 60))
        ms = _pump(clock, sim, a, b, 40, 17)
        runs.append((ms, list(sim.stats), list(a.stats), list(b.stats)))
    assert runs[0] == runs[1]


def test_simulator_cuts_writes_and_drops_new_bytes_when_the_buffer_is_full():
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock, delay=(0, 0), partial=False)
    sim.ends[0].write(bytes(range(1, 101)))
    assert sim.stats[linksim.PIECES] == 5
    data = sim.ends[1].read()
    assert data == bytes(range(1, 65))  # the first 64 bytes; the new ones were dropped
    assert sim.stats[linksim.OVERFLOW] == 36
    sim.disconnect(down=100)
    assert not sim.ends[0].connected
    clock.tick(100)
    assert sim.ends[1].connected and sim.epoch == 1
