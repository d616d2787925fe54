"""Frames on the duel link: COBS-stuffed, zero-delimited, CRC-32 checked.

Before stuffing a frame is::

    version(1) session(2, big-endian) seq(1) ack(1) payload(0..MAX_PAYLOAD) crc32(4, big-endian)

The CRC covers every byte before it, the version included, so a frame from a build that speaks
another frame version is recognised as such (``Decoder.version_seen``) instead of as noise. On
the wire a frame is ``0x00 + COBS(frame) + 0x00``: the zero before it ends any garbage or torn
frame left in the receiver, so a frame that follows lost bytes still decodes.

Everything is bounded: a frame on the wire is at most ``MAX_WIRE`` bytes, which fits the
64-byte receive buffer of the nRF boards together with one acknowledgement; the decoder keeps
one ``MAX_WIRE`` buffer and drops (never allocates) anything longer.
"""

from seabattle.compat import DESKTOP, const
from seabattle.crc import crc32

VERSION = const(1)  # the frame layout; bump it when the header or the CRC changes
HEADER = const(5)  # version, session (2), seq, ack
CRC_LEN = const(4)
OVERHEAD = const(11)  # header + crc + COBS code byte + the two delimiters
MAX_WIRE = const(52)  # longest frame on the wire, delimiters included
MAX_RAW = const(49)  # MAX_WIRE - 3: header + payload + crc, before stuffing
MAX_PAYLOAD = const(40)  # MAX_RAW - HEADER - CRC_LEN
ACK_WIRE = const(12)  # a frame with an empty payload (a bare acknowledgement) on the wire

# What Decoder.feed found, besides good frames (its counters are in ``Decoder.stats``).
GOOD = const(0)
CORRUPT = const(1)  # bad CRC, bad stuffing, too short
OVERSIZE = const(2)  # longer than MAX_WIRE: dropped unread
FOREIGN_VERSION = const(3)  # a valid frame of another frame version


class FrameError(ValueError):
    """A frame that cannot be built (payload too long, a field out of range)."""


def wire_length(payload_len):
    """Bytes on the wire for a frame with ``payload_len`` payload bytes."""
    raw = HEADER + payload_len + CRC_LEN
    return raw + raw // 254 + 3


def encode(session, seq, ack, payload=b""):
    """The frame as bytes ready for the link (delimiters included)."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise FrameError("payload of %d bytes is longer than %d" % (n, MAX_PAYLOAD))
    if not (0 <= session <= 0xFFFF and 0 <= seq <= 255 and 0 <= ack <= 255):
        raise FrameError("session, seq or ack out of range")
    raw = bytearray(HEADER + n + CRC_LEN)
    raw[0] = VERSION
    raw[1] = session >> 8
    raw[2] = session & 0xFF
    raw[3] = seq
    raw[4] = ack
    raw[HEADER:HEADER + n] = payload
    c = crc32(memoryview(raw)[:HEADER + n])
    raw[HEADER + n] = c >> 24
    raw[HEADER + n + 1] = (c >> 16) & 0xFF
    raw[HEADER + n + 2] = (c >> 8) & 0xFF
    raw[HEADER + n + 3] = c & 0xFF
    out = bytearray(len(raw) + len(raw) // 254 + 3)
    out[0] = 0
    k = _stuff(raw, out, 1)
    out[k] = 0
    return bytes(out[:k + 1])


def _stuff(raw, out, k):
    """COBS-encode ``raw`` into ``out`` from index ``k``; returns the index after the last byte."""
    code_at = k
    k += 1
    code = 1
    for b in raw:
        if b == 0:
            out[code_at] = code
            code_at = k
            k += 1
            code = 1
        else:
            out[k] = b
            k += 1
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = k
                k += 1
                code = 1
    out[code_at] = code
    return k


class Frame:
    """A decoded frame: ``session``, ``seq``, ``ack`` and ``payload`` (bytes)."""

    def __init__(self, session, seq, ack, payload):
        self.session = session
        self.seq = seq
        self.ack = ack
        self.payload = payload

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP (the module is held through a duel)

        def __repr__(self):
            return "Frame(session=%d, seq=%d, ack=%d, payload=%r)" % (self.session, self.seq, self.ack, self.payload)


class Decoder:
    """Turns whatever bytes arrive into frames; garbage, torn and over-long frames are counted
    and dropped. Feeding it never raises and never grows its buffers.

    ``stats`` = [good, corrupt, oversize, foreign version]; ``version_seen`` is the last
    foreign frame version met (0 if none).
    """

    def __init__(self):
        self._enc = bytearray(MAX_WIRE)  # stuffed bytes of the frame being read
        self._raw = bytearray(MAX_WIRE)  # the same, unstuffed
        self._n = 0
        self._skip = False  # an over-long frame: drop bytes until the next delimiter
        self.stats = [0, 0, 0, 0]
        self.version_seen = 0

    def reset(self):
        """Forget a partly received frame (a new connection starts clean)."""
        self._n = 0
        self._skip = False

    def feed(self, data, out):
        """Decode ``data`` (any bytes-like, any length); append each good Frame to list ``out``."""
        enc = self._enc
        for b in data:
            if b == 0:
                if self._skip:
                    self._skip = False
                elif self._n:
                    self._finish(out)
                self._n = 0
            elif not self._skip:
                if self._n >= MAX_WIRE - 2:
                    self._skip = True
                    self._n = 0
                    self.stats[OVERSIZE] += 1
                else:
                    enc[self._n] = b
                    self._n += 1

    def _finish(self, out):
        enc = self._enc
        raw = self._raw
        n = self._n
        i = 0
        k = 0
        while i < n:  # COBS unstuffing
            code = enc[i]
            i += 1
            end = i + code - 1
            if end > n:
                self.stats[CORRUPT] += 1
                return
            while i < end:
                raw[k] = enc[i]
                k += 1
                i += 1
            if code != 0xFF and i < n:
                raw[k] = 0
                k += 1
        if k < HEADER + CRC_LEN:
            self.stats[CORRUPT] += 1
            return
        body = k - CRC_LEN
        want = (raw[body] << 24) | (raw[body + 1] << 16) | (raw[body + 2] << 8) | raw[body + 3]
        if crc32(memoryview(raw)[:body]) != want:
            self.stats[CORRUPT] += 1
            return
        if raw[0] != VERSION:
            self.stats[FOREIGN_VERSION] += 1
            self.version_seen = raw[0]
            return
        self.stats[GOOD] += 1
        out.append(Frame((raw[1] << 8) | raw[2], raw[3], raw[4], bytes(raw[HEADER:body])))
