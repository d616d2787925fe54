"""Duel frames: round trips, resynchronisation after garbage, bounded buffers, version checks."""

from check import raises

from seabattle.duel import frame


def _decode(data, decoder=None):
    d = decoder or frame.Decoder()
    out = []
    d.feed(data, out)
    return out


def test_round_trip_keeps_every_field():
    for payload in (b"", b"\x00", b"\x00\x00\x00", b"\xff" * 40, bytes(range(40)), b"shot"):
        data = frame.encode(0xBEEF, 7, 255, payload)
        assert 0 not in data[1:-1], data
        assert data[0] == 0 and data[-1] == 0
        assert len(data) == frame.wire_length(len(payload))
        out = _decode(data)
        assert len(out) == 1, out
        f = out[0]
        assert (f.session, f.seq, f.ack, f.payload) == (0xBEEF, 7, 255, payload)


def test_longest_frame_fits_the_window_and_a_shot_fits_one_write():
    assert frame.wire_length(frame.MAX_PAYLOAD) == frame.MAX_WIRE
    assert frame.wire_length(0) == frame.ACK_WIRE
    assert frame.MAX_WIRE + frame.ACK_WIRE <= 64
    assert frame.wire_length(4) <= 20  # a shot: type, shot number (2), square


def test_bad_frames_cannot_be_built():
    raises(frame.FrameError, frame.encode, 1, 0, 0, bytes(frame.MAX_PAYLOAD + 1))
    raises(frame.FrameError, frame.encode, 0x10000, 0, 0, b"x")
    raises(frame.FrameError, frame.encode, 1, 256, 0, b"x")


def test_byte_by_byte_and_back_to_back():
    d = frame.Decoder()
    out = []
    stream = frame.encode(1, 0, 0, b"one") + frame.encode(1, 1, 0, b"two") + frame.encode(1, 2, 0, b"")
    for b in stream:
        d.feed(bytes((b,)), out)
    assert [f.payload for f in out] == [b"one", b"two", b""]
    assert d.stats == [3, 0, 0, 0]


def test_garbage_and_torn_frames_are_dropped_and_the_next_frame_decodes():
    good = frame.encode(5, 1, 2, b"after")
    torn = frame.encode(5, 0, 2, b"lost tail")[:7]
    out = _decode(b"\x13\x37garbage" + torn + good)
    assert [f.payload for f in out] == [b"after"]
    d = frame.Decoder()
    out = _decode(b"\x00\x05\x01\x02\x03\x04\x00" + good, d)  # a stuffed run that is too short
    assert [f.payload for f in out] == [b"after"]
    assert d.stats[frame.CORRUPT] == 1


def test_every_single_bit_flip_is_caught():
    data = frame.encode(0x1234, 9, 8, b"result+proof")
    for i in range(1, len(data) - 1):
        for bit in range(8):
            bad = bytearray(data)
            bad[i] ^= 1 << bit
            d = frame.Decoder()
            out = _decode(bytes(bad), d)
            assert out == [], (i, bit)


def test_over_long_frame_is_dropped_unread_and_counted():
    d = frame.Decoder()
    out = _decode(b"\x00" + b"\x07" * 500 + frame.encode(1, 0, 0, b"ok"), d)
    assert [f.payload for f in out] == [b"ok"]
    assert d.stats[frame.OVERSIZE] == 1
    assert len(d._enc) == frame.MAX_WIRE  # the buffers never grew


def test_a_frame_of_another_version_is_recognised():
    data = bytearray(frame.encode(1, 0, 0, b"hello"))
    # rebuild the same frame with version 2 and a correct CRC
    raw = bytearray((2, 0, 1, 0, 0)) + b"hello"
    from seabattle.crc import crc32

    c = crc32(raw)
    raw.extend(bytes(((c >> 24) & 0xFF, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)))
    enc = bytearray(len(raw) + 3)
    k = frame._stuff(raw, enc, 1)
    d = frame.Decoder()
    out = _decode(bytes(enc[:k + 1]) + bytes(data), d)
    assert [f.payload for f in out] == [b"hello"]
    assert d.stats[frame.FOREIGN_VERSION] == 1 and d.version_seen == 2
