"""Hypothesis: frames round-trip; random and mutated bytes never crash the decoder, the channel
or the duel, and garbage never changes a duel's state. Inputs run are printed (pytest -s)."""

from hypothesis import given, settings, strategies as st

from seabattle.duel import channel
from doubles import duelsim
from seabattle.duel import frame
from doubles import linksim

RUN = {"roundtrip": 0, "decoder": 0, "duel": 0}

payloads = st.binary(min_size=0, max_size=frame.MAX_PAYLOAD)


@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 0xFFFF), st.integers(0, 255), st.integers(0, 255), payloads,
       st.lists(st.integers(1, 30), max_size=6))
def test_round_trip_in_any_pieces(session, seq, ack, payload, cuts):
    RUN["roundtrip"] += 1
    data = frame.encode(session, seq, ack, payload)
    d = frame.Decoder()
    out = []
    i = 0
    for c in cuts:
        d.feed(data[i:i + c], out)
        i += c
    d.feed(data[i:], out)
    assert len(out) == 1
    f = out[0]
    assert (f.session, f.seq, f.ack, f.payload) == (session, seq, ack, payload)


def _mutate(data, ops):
    b = bytearray(data)
    for kind, pos, val in ops:
        if not b:
            b.append(val)
            continue
        pos %= len(b)
        if kind == 0:
            b[pos] = val
        elif kind == 1:
            b.insert(pos, val)
        else:
            del b[pos]
    return bytes(b)


@settings(max_examples=5000, deadline=None)
@given(st.lists(st.one_of(
    st.binary(max_size=80),
    st.builds(lambda s, q, a, p: frame.encode(s, q, a, p), st.integers(0, 0xFFFF), st.integers(0, 255),
              st.integers(0, 255), payloads),
    st.builds(_mutate, st.builds(lambda p: frame.encode(7, 1, 2, p), payloads),
              st.lists(st.tuples(st.integers(0, 2), st.integers(0, 99), st.integers(0, 255)), max_size=4)),
), max_size=8))
def test_decoder_survives_anything_and_stays_bounded(chunks):
    RUN["decoder"] += 1
    d = frame.Decoder()
    out = []
    for c in chunks:
        d.feed(c, out)
    assert len(d._enc) == frame.MAX_WIRE and len(d._raw) == frame.MAX_WIRE
    for f in out:
        assert len(f.payload) <= frame.MAX_PAYLOAD


_MATCH = []


def _playing_match():
    if not _MATCH:
        m = duelsim.Match(12, save=True)
        while m.duels[0].shots() < 30:
            m.step()
        _MATCH.append(m)
    return _MATCH[0]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.one_of(
    st.binary(min_size=1, max_size=frame.MAX_PAYLOAD),
    st.builds(lambda t, rest: bytes((t,)) + rest, st.integers(0, 12), st.binary(max_size=39)),
), min_size=1, max_size=4))
def test_random_messages_never_crash_a_duel_and_garbage_changes_nothing(messages):
    """Messages as the channel would deliver them (CRC passed, so from a buggy or hostile peer)."""
    RUN["duel"] += 1
    m = _playing_match()
    d = m.duels[0]
    data = bytes(d.save())
    clock = linksim.Clock(m.clock())
    sim = linksim.LinkSim(clock)
    fresh = duelsim.D.Duel.load(data, sim.ends[0], clock, linksim.XorShift(1))
    fresh._synced = True
    fresh._peer = [1, 1, fresh.chunks(), 1, fresh.shots(), 0]
    for msg in messages:
        fresh._receive(msg)  # must not raise
    # a refused message leaves the state as it was; an accepted one moves it on: a legal shot,
    # the start of the peer's reveal (a side that thinks it lost reveals), or a fatal error
    after = bytes(fresh.save())
    if after != data:
        assert fresh.shots() == d.shots() + 1 or fresh.phase == duelsim.D.DONE or fresh.peer_seed is not None


def test_zz_report_inputs():
    """Prints how many inputs the tests above ran (they run first in file order)."""
    print("fuzz inputs run: %r" % (RUN,))
