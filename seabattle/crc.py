"""CRC-32 (the zlib/PNG polynomial) for save records and protocol frames.

Uses ``binascii.crc32`` where the port has it (CPython, MicroPython, most CircuitPython builds)
and a table-free bitwise loop otherwise: slower, but it allocates nothing.
"""

try:
    from binascii import crc32 as _native
except ImportError:  # pragma: no cover - ports without binascii.crc32
    _native = None


def _bitwise(data, crc=0):
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0xEDB88320
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


def crc32(data, crc=0):
    """CRC-32 of ``data`` (bytes-like), continuing from ``crc``; result is 0..2**32-1."""
    if _native is not None:
        return _native(data, crc) & 0xFFFFFFFF
    return _bitwise(data, crc)
